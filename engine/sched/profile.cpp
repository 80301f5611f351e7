// profile.cpp — conservative backfilling's profile: the reservation search and its
// consistency check (the rule is in profile.hpp).
#include "profile.hpp"
#include <algorithm>
#include <limits>
#include <string>
#include "../core/check.hpp"
#include "../workload/specs.hpp"

namespace alloclab {

namespace {

constexpr JobId kMaskOwner = std::numeric_limits<JobId>::max();  // "needed by a later reservation"

// One change of the profile: at `time` `alloc` is released (kind 0) or taken (kind 1).
struct Change {
  double time;
  int kind;
  JobId id;
  const Allocation* alloc;
};

bool in_window(double t, std::span<const TimeWindow> w) {
  for (const TimeWindow& x : w)
    if (x.from <= t && t < x.to) return true;
  return false;
}

// The profile's planned starts as (start, reservation), start clipped to now (a reservation
// whose time has passed without its job starting is taken to start now).
struct Planned {
  double start;
  const Reservation* r;
};

// The placement attempts of one search. The machine "with the nodes later reservations need
// marked busy" is built per breakpoint as a bitmap of the needed nodes (each reservation's
// blocks OR-ed in row by row), whose nodes free on the profile's machine are then given, one
// row run at a time, to an owner kMaskOwner on a copy of it. Its free nodes are exactly the
// nodes free on the profile's machine and not needed, which every attempt's answer is checked
// against.
class Search {
 public:
  Search(const ProfileView& v, const QueuedJob& j)
      : v_(v), req_{j.id, j.shape, j.slices}, W_(v.topo->width()), H_(v.topo->height()), D_(v.topo->depth()),
        wpr_((W_ + 63) / 64), need_(std::size_t(H_) * std::size_t(D_) * std::size_t(wpr_), 0) {}

  // The strategy's placement at time t on `occ`/`strat` that is free for [t, t + est) given the
  // planned starts in (t, t + est) (or [t, ...) when `inclusive`), if any.
  std::optional<Allocation> place(const Occupancy& occ, const Strategy& strat, std::span<const Planned> planned, double t,
                                  double est, bool inclusive, bool* failed) {
    bool marked = false;
    for (const Planned& p : planned) {
      if (p.start < t || (p.start == t && !inclusive) || p.start >= t + est) continue;
      if (!marked) std::fill(need_.begin(), need_.end(), 0);
      marked = true;
      for (const Block& b : p.r->alloc.blocks) need(b);
    }
    if (!marked) {
      auto a = attempt(occ, strat, occ);
      if (failed && !a) *failed = true;
      return a;
    }
    const Occupancy& masked = mask(occ);
    if (auto a = attempt(masked, strat, masked)) return a;  // first with the needed nodes busy
    return attempt(occ, strat, masked);
  }

  long long ops() const { return ops_; }

 private:
  // avail: its free nodes are those the answer may use (free for all of [t, t + est))
  std::optional<Allocation> attempt(const Occupancy& seen, const Strategy& strat, const Occupancy& avail) {
    auto s = strat.clone();
    Rng rng = *v_.rng;
    auto a = s->allocate(req_, seen, rng);
    ops_ += s->ops() - strat.ops();
    if (!a || a->blocks.empty() || a->nodes() < req_.chips()) return std::nullopt;
    bool ok = true;
    for (const Block& b : a->blocks) {
      if (!v_.topo->block_fits(b)) return std::nullopt;
      v_.topo->for_each_node(b, [&](int x, int y, int z) { ok = ok && avail.is_free(x, y, z); });
    }
    if (!ok) return std::nullopt;
    return a;
  }
  // the block's nodes into need_ (on a torus a block may wrap: a row splits at the edge)
  void need(const Block& b) {
    const int x0 = b.x, x1 = std::min(b.x + b.w, W_), wrap = b.x + b.w - W_;
    for (int l = 0; l < b.d; ++l)
      for (int j = 0; j < b.h; ++j) {
        const int r = ((b.z + l) % D_) * H_ + (b.y + j) % H_;
        set_bits(r, x0, x1);
        if (wrap > 0) set_bits(r, 0, wrap);
      }
  }
  void set_bits(int r, int x0, int x1) {  // [x0, x1) of row r = z·H + y
    std::uint64_t* row = need_.data() + std::size_t(r) * std::size_t(wpr_);
    for (int x = x0; x < x1;) {
      const int k = x >> 6, lo = x & 63, hi = std::min(64, lo + (x1 - x));
      row[k] |= (hi == 64 ? ~std::uint64_t(0) : (std::uint64_t(1) << hi) - 1) & (~std::uint64_t(0) << lo);
      x += hi - lo;
    }
  }
  // `occ` with its free needed nodes given to kMaskOwner (row runs)
  const Occupancy& mask(const Occupancy& occ) {
    if (masked_) *masked_ = occ;
    else masked_.emplace(occ);
    for (int r = 0; r < H_ * D_; ++r) {
      const int y = r % H_, z = r / H_;
      const std::uint64_t* row = need_.data() + std::size_t(r) * std::size_t(wpr_);
      const std::uint64_t* fr = occ.free_row(y, z);
      for (int k = 0; k < wpr_; ++k) {
        std::uint64_t m = row[k] & fr[k];
        while (m) {
          const int lo = __builtin_ctzll(m);
          const std::uint64_t run = m >> lo;
          const int len = run == ~std::uint64_t(0) ? 64 - lo : __builtin_ctzll(~run);
          masked_->assign(Block{k * 64 + lo, y, len, 1, z, 1}, kMaskOwner);
          m &= len + lo >= 64 ? 0 : ~std::uint64_t(0) << (lo + len);
        }
      }
    }
    return *masked_;
  }

  long long ops_ = 0;
  const ProfileView& v_;
  Request req_;
  int W_, H_, D_, wpr_;
  std::vector<std::uint64_t> need_;  // per row z·H + y, wpr_ words: bit x = node (x, y, z) is needed
  std::optional<Occupancy> masked_;  // scratch
};

}  // namespace

SlotSearch earliest_slot(const ProfileView& v, std::span<const Reservation> others, const QueuedJob& j,
                         std::span<const TimeWindow> forbidden, bool may_start_now) {
  SlotSearch out;
  out.res.id = j.id;
  const double now = v.now, est = j.estimate;
  std::vector<Change> changes;
  std::vector<Planned> planned;
  for (const Holding& h : v.running) changes.push_back({std::max(now, h.end), 0, h.id, h.alloc});
  for (const Reservation& r : others) {
    if (r.id == kNoJob || r.id == j.id || !std::isfinite(r.start) || r.end <= now) continue;
    const double s = std::max(r.start, now);
    changes.push_back({s, 1, r.id, &r.alloc});
    changes.push_back({r.end, 0, r.id, &r.alloc});
    planned.push_back({s, &r});
  }
  std::sort(changes.begin(), changes.end(), [](const Change& a, const Change& b) {
    if (a.time != b.time) return a.time < b.time;
    if (a.kind != b.kind) return a.kind < b.kind;  // releases before starts at equal times
    return a.id < b.id;
  });
  Search search(v, j);
  auto found = [&](double t, Allocation a, bool at_once) {
    out.res.start = t;
    out.res.end = t + est;
    out.res.alloc = std::move(a);
    out.res.now = at_once;
    out.ops = search.ops();
    return out;
  };
  // the machine as it is now: planned starts at now are not on it yet
  if (may_start_now && !in_window(now, forbidden))
    if (auto a = search.place(*v.occ, *v.strat, planned, now, est, true, &out.strategy_failed_now)) return found(now, std::move(*a), true);
  Occupancy occ = *v.occ;
  auto strat = v.strat->clone();
  for (std::size_t i = 0; i < changes.size();) {
    const double t = changes[i].time;
    for (; i < changes.size() && changes[i].time == t; ++i) {
      const Change& c = changes[i];
      if (c.kind == 0) {
        occ.release(*c.alloc, c.id);
        strat->released(c.id, *c.alloc);
      } else {
        occ.assign(*c.alloc, c.id);  // (asserts that its nodes are free: reservations never overlap)
        strat->allocated(c.id, *c.alloc);
      }
    }
    if (in_window(t, forbidden)) continue;
    if (auto a = search.place(occ, *strat, planned, t, est, false, nullptr)) {
      // found at now once overdue jobs are assumed gone: startable if those did not hold its nodes
      bool at_once = t == now && may_start_now && !in_window(now, forbidden);
      for (const Block& b : a->blocks) at_once = at_once && v.occ->block_free(b);
      return found(t, std::move(*a), at_once);
    }
  }
  out.ops = search.ops();
  return out;
}

std::string profile_clash(const ProfileView& v, std::span<const Reservation> reservations) {
  struct Item {
    JobId id;
    double from, to;
    const Allocation* alloc;
  };
  std::vector<Item> items;
  for (const Holding& h : v.running) items.push_back({h.id, v.now, std::max(v.now, h.end), h.alloc});
  for (const Reservation& r : reservations)
    if (r.id != kNoJob && std::isfinite(r.start) && r.end > v.now) items.push_back({r.id, std::max(r.start, v.now), r.end, &r.alloc});
  const int N = v.topo->nodes();
  std::vector<int> seen(std::size_t(N), -1);
  for (std::size_t a = 0; a < items.size(); ++a) {
    for (const Block& b : items[a].alloc->blocks)
      v.topo->for_each_node(b, [&](int x, int y, int z) { seen[std::size_t(v.topo->id(x, y, z))] = int(a); });
    for (std::size_t b = a + 1; b < items.size(); ++b) {
      const Item &p = items[a], &q = items[b];
      const bool running_pair = b < v.running.size();  // running jobs hold their nodes now: checked by audit()
      if (running_pair || !(p.from < q.to && q.from < p.to) || q.from == q.to || p.from == p.to) continue;
      std::string clash;
      for (const Block& blk : q.alloc->blocks)
        v.topo->for_each_node(blk, [&](int x, int y, int z) {
          if (clash.empty() && seen[std::size_t(v.topo->id(x, y, z))] == int(a))
            clash = "node (" + std::to_string(x) + "," + std::to_string(y) + (v.topo->depth() > 1 ? "," + std::to_string(z) : "") + ") is planned for job " + std::to_string(p.id) + " over [" +
                    format_number(p.from) + ", " + format_number(p.to) + ") and for job " + std::to_string(q.id) + " over [" +
                    format_number(q.from) + ", " + format_number(q.to) + ")";
        });
      if (!clash.empty()) return clash;
    }
    for (const Block& b : items[a].alloc->blocks)
      v.topo->for_each_node(b, [&](int x, int y, int z) { seen[std::size_t(v.topo->id(x, y, z))] = -1; });
  }
  return "";
}

}  // namespace alloclab
