// oracle.hpp — brute-force references shared by the strategy tests.
//
// random_state() fills a machine with random busy blocks (wrapping ones on a torus);
// exists_free() answers "is there a free p×q block?" by trying every base (O(W·H·p·q), fine
// for small machines); check_allocation() verifies what every strategy must guarantee.
#pragma once
#include <doctest/doctest.h>
#include <optional>
#include <set>
#include <string>
#include "alloc/occupancy.hpp"
#include "alloc/strategy.hpp"
#include "core/rng.hpp"

namespace alloclab::test {

// Places up to `tries` random blocks (sides 1..max_side) where they fit, reporting each to the
// strategy (if given) as job ids 0, 1, 2, ...; returns how many were placed.
inline int random_state(Occupancy& occ, Rng& rng, int tries, int max_side, Strategy* s = nullptr) {
  const Topology& t = occ.topology();
  int placed = 0;
  for (int i = 0; i < tries; ++i) {
    Block b{int(rng.below(std::uint64_t(t.width()))), int(rng.below(std::uint64_t(t.height()))),
            1 + int(rng.below(std::uint64_t(std::min(max_side, t.width())))),
            1 + int(rng.below(std::uint64_t(std::min(max_side, t.height()))))};
    if (!occ.block_free(b)) continue;
    occ.assign(b, JobId(placed));
    if (s) s->allocated(JobId(placed), Allocation{{b}});
    ++placed;
  }
  return placed;
}

// Some free p×q block (requested orientation) exists: try every base.
inline bool exists_free(const Occupancy& occ, int p, int q) {
  const Topology& t = occ.topology();
  for (int y = 0; y < t.height(); ++y)
    for (int x = 0; x < t.width(); ++x)
      if (occ.block_free(Block{x, y, p, q})) return true;
  return false;
}

// Every block in bounds, free, pairwise disjoint; total nodes == p·q unless `allow_more`
// (strategies with internal fragmentation, e.g. 2D buddy).
inline void check_allocation(const Occupancy& occ, const Allocation& a, Shape req, bool allow_more = false) {
  const Topology& t = occ.topology();
  std::set<int> seen;
  for (const Block& b : a.blocks) {
    REQUIRE_MESSAGE(t.block_fits(b), "block (", b.x, ",", b.y, ") ", b.w, "x", b.h, " outside the machine");
    t.for_each_node(b, [&](int x, int y) {
      CHECK_MESSAGE(occ.is_free(x, y), "node (", x, ",", y, ") is busy");
      CHECK_MESSAGE(seen.insert(t.id(x, y)).second, "node (", x, ",", y, ") given twice");
    });
  }
  if (allow_more) CHECK(int(seen.size()) >= req.area());
  else CHECK(int(seen.size()) == req.area());
}

// Would a strategy that keeps the promise `f` (StrategyInfo::finds) succeed for s on occ?
// Finds::Maybe promises nothing: nullopt.
inline std::optional<bool> promised(Finds f, const Occupancy& occ, Shape s) {
  const Topology& t = occ.topology();
  switch (f) {
    case Finds::Requested: return exists_free(occ, s.w, s.h);
    case Finds::Either:
      return exists_free(occ, s.w, s.h) || (s.h <= t.width() && s.w <= t.height() && exists_free(occ, s.h, s.w));
    case Finds::FreeNodes: return occ.free_count() >= s.area();
    case Finds::Maybe: break;
  }
  return std::nullopt;
}

}  // namespace alloclab::test
