// backfill.cpp — EASY backfilling's searches on the profile (backfill.hpp).
#include "backfill.hpp"
#include <algorithm>
#include "../core/clone_ptr.hpp"

namespace alloclab {

namespace {
// Ring intervals [a, a + w) and [b, b + v) modulo n share a point (on a mesh nothing wraps).
bool axis_overlap(int a, int w, int b, int v, int n) { return (b - a + n) % n < w || (a - b + n) % n < v; }
}  // namespace

bool overlaps(const Topology& t, const Allocation& a, const Allocation& b) {
  for (const Block& p : a.blocks)
    for (const Block& q : b.blocks)
      if (axis_overlap(p.x, p.w, q.x, q.w, t.width()) && axis_overlap(p.y, p.h, q.y, q.h, t.height()) &&
          axis_overlap(p.z, p.d, q.z, q.d, t.depth()))
        return true;
  return false;
}

Reservation head_reservation(const ProfileView& v, const QueuedJob& head, const Holding* extra) {
  Occupancy occ = *v.occ;
  ClonePtr<Strategy> strat(v.strat->clone());
  const long long ops0 = strat->ops();
  Rng rng = *v.rng;
  std::vector<std::pair<double, const Holding*>> ends;
  ends.reserve(v.running.size() + 1);
  auto est_end = [&](const Holding& h) { return std::max(v.now, h.end); };
  for (const Holding& h : v.running) ends.emplace_back(est_end(h), &h);
  if (extra) {
    occ.assign(*extra->alloc, extra->id);
    strat->allocated(extra->id, *extra->alloc);
    ends.emplace_back(est_end(*extra), extra);
  }
  std::sort(ends.begin(), ends.end(), [](const auto& a, const auto& b) {
    return a.first != b.first ? a.first < b.first : a.second->id < b.second->id;
  });
  const Request req{head.id, head.shape, head.slices};
  Reservation res;
  res.id = head.id;
  auto found = [&](double t, Allocation a) {
    res.start = t;
    res.end = t + head.estimate;
    res.alloc = std::move(a);
    res.ops = strat->ops() - ops0;
    return res;
  };
  if (auto a = strat->allocate(req, occ, rng)) return found(v.now, std::move(*a));
  for (std::size_t i = 0; i < ends.size();) {
    const double t = ends[i].first;
    for (; i < ends.size() && ends[i].first == t; ++i) {
      occ.release(*ends[i].second->alloc, ends[i].second->id);
      strat->released(ends[i].second->id, *ends[i].second->alloc);
    }
    if (auto a = strat->allocate(req, occ, rng)) return found(t, std::move(*a));
  }
  res.ops = strat->ops() - ops0;
  return res;
}

bool reservation_holds(const ProfileView& v, const Reservation& r) {
  if (!std::isfinite(r.start) || r.start < v.now || r.alloc.blocks.empty()) return false;
  const Topology& t = *v.topo;
  std::vector<char> on(std::size_t(t.nodes()), 0);
  bool unowned = false;  // (owners below kNoJob are not jobs: the chips of a failed host, back at a time no plan knows)
  for (const Block& b : r.alloc.blocks)
    t.for_each_node(b, [&](int x, int y, int z) {
      on[std::size_t(t.id(x, y, z))] = 1;
      unowned = unowned || v.occ->owner(x, y, z) < kNoJob;
    });
  if (unowned) return false;
  for (const Holding& h : v.running) {
    if (std::max(v.now, h.end) <= r.start) continue;
    bool clash = false;
    for (const Block& b : h.alloc->blocks) t.for_each_node(b, [&](int x, int y, int z) { clash = clash || on[std::size_t(t.id(x, y, z))]; });
    if (clash) return false;
  }
  return true;
}

bool departs_at(const ProfileView& v, double t) {
  for (const Holding& h : v.running)
    if (h.departs == t) return true;
  return false;
}

}  // namespace alloclab
