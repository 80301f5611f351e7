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

class Search {
 public:
  Search(const ProfileView& v, const QueuedJob& j) : v_(v), req_{j.id, j.shape}, mark_(std::size_t(v.topo->nodes()), 0) {}

  // The strategy's placement at time t on `occ`/`strat` that is free for [t, t + est) given the
  // planned starts in (t, t + est) (or [t, ...) when `inclusive`), if any.
  std::optional<Allocation> place(const Occupancy& occ, const Strategy& strat, std::span<const Planned> planned, double t,
                                  double est, bool inclusive, bool* failed) {
    clear_marks();
    for (const Planned& p : planned) {
      if (p.start < t || (p.start == t && !inclusive) || p.start >= t + est) continue;
      for (const Block& b : p.r->alloc.blocks)
        v_.topo->for_each_node(b, [&](int x, int y) { mark(v_.topo->id(x, y)); });
    }
    if (!marked_.empty()) {  // first on the machine with the nodes later reservations need marked busy
      Occupancy masked = occ;
      for (int n : marked_) {
        const Coord c = v_.topo->coord(n);
        if (masked.is_free(c.x, c.y)) masked.assign(Block{c.x, c.y, 1, 1}, kMaskOwner);
      }
      if (auto a = attempt(masked, strat, occ)) return a;
    }
    auto a = attempt(occ, strat, occ);
    if (failed && !a && marked_.empty()) *failed = true;
    return a;
  }

 private:
  std::optional<Allocation> attempt(const Occupancy& seen, const Strategy& strat, const Occupancy& occ) {
    auto s = strat.clone();
    Rng rng = *v_.rng;
    auto a = s->allocate(req_, seen, rng);
    ops_ += s->ops() - strat.ops();
    if (!a || a->blocks.empty() || a->nodes() < req_.shape.area()) return std::nullopt;
    bool ok = true;
    for (const Block& b : a->blocks) {
      if (!v_.topo->block_fits(b)) return std::nullopt;
      v_.topo->for_each_node(b, [&](int x, int y) {
        ok = ok && occ.is_free(x, y) && !mark_[std::size_t(v_.topo->id(x, y))];
      });
    }
    if (!ok) return std::nullopt;
    return a;
  }
  void mark(int n) {
    if (!mark_[std::size_t(n)]) {
      mark_[std::size_t(n)] = 1;
      marked_.push_back(n);
    }
  }
  void clear_marks() {
    for (int n : marked_) mark_[std::size_t(n)] = 0;
    marked_.clear();
  }


 public:
  long long ops() const { return ops_; }

 private:
  long long ops_ = 0;
  const ProfileView& v_;
  Request req_;
  std::vector<char> mark_;
  std::vector<int> marked_;
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
        for (const Block& b : c.alloc->blocks)
          ALLOCLAB_CHECK(occ.block_free(b), "profile: reservation of job %d at time %g overlaps a busy node (now %g)", c.id, t, now);
        occ.assign(*c.alloc, c.id);
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
      v.topo->for_each_node(b, [&](int x, int y) { seen[std::size_t(v.topo->id(x, y))] = int(a); });
    for (std::size_t b = a + 1; b < items.size(); ++b) {
      const Item &p = items[a], &q = items[b];
      const bool running_pair = b < v.running.size();  // running jobs hold their nodes now: checked by audit()
      if (running_pair || !(p.from < q.to && q.from < p.to) || q.from == q.to || p.from == p.to) continue;
      std::string clash;
      for (const Block& blk : q.alloc->blocks)
        v.topo->for_each_node(blk, [&](int x, int y) {
          if (clash.empty() && seen[std::size_t(v.topo->id(x, y))] == int(a))
            clash = "node (" + std::to_string(x) + "," + std::to_string(y) + ") is planned for job " + std::to_string(p.id) + " over [" +
                    format_number(p.from) + ", " + format_number(p.to) + ") and for job " + std::to_string(q.id) + " over [" +
                    format_number(q.from) + ", " + format_number(q.to) + ")";
        });
      if (!clash.empty()) return clash;
    }
    for (const Block& b : items[a].alloc->blocks)
      v.topo->for_each_node(b, [&](int x, int y) { seen[std::size_t(v.topo->id(x, y))] = -1; });
  }
  return "";
}

}  // namespace alloclab
