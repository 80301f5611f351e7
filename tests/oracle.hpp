// oracle.hpp — brute-force references shared by the strategy tests.
//
// random_state() fills a machine with random busy blocks (wrapping ones on a torus);
// exists_free() answers "is there a free p×q block?" by trying every base (O(W·H·p·q), fine
// for small machines); maximal_free() lists the maximal free rectangles of a mesh;
// check_allocation() verifies what every strategy must guarantee.
#pragma once
#include <doctest/doctest.h>
#include <algorithm>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <vector>
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

// Some free block of shape s exists in either orientation (the rotated one where it fits the machine).
inline bool exists_free_either(const Occupancy& occ, Shape s) {
  return exists_free(occ, s.w, s.h) || (s.h <= occ.width() && s.w <= occ.height() && exists_free(occ, s.h, s.w));
}

// Some free box of shape s (requested orientation) exists on a machine of any depth: try
// every base (x, y, z).
inline bool exists_free_box(const Occupancy& occ, Shape s) {
  const Topology& t = occ.topology();
  for (int z = 0; z < t.depth(); ++z)
    for (int y = 0; y < t.height(); ++y)
      for (int x = 0; x < t.width(); ++x)
        if (occ.block_free(Block{x, y, s.w, s.h, z, s.d})) return true;
  return false;
}

// Places up to `tries` random boxes (sides 1..max_side) where they fit on a machine of any
// depth (wrapping on a torus), reporting each to the strategy (if given) as job ids 0, 1, ...
inline int random_state_3d(Occupancy& occ, Rng& rng, int tries, int max_side, Strategy* s = nullptr) {
  const Topology& t = occ.topology();
  int placed = 0;
  for (int i = 0; i < tries; ++i) {
    const int x = int(rng.below(std::uint64_t(t.width()))), y = int(rng.below(std::uint64_t(t.height())));
    const int z = int(rng.below(std::uint64_t(t.depth())));
    const int w = 1 + int(rng.below(std::uint64_t(std::min(max_side, t.width()))));
    const int h = 1 + int(rng.below(std::uint64_t(std::min(max_side, t.height()))));
    const int d = 1 + int(rng.below(std::uint64_t(std::min(max_side, t.depth()))));
    const Block b{x, y, w, h, z, d};
    if (!occ.block_free(b)) continue;
    occ.assign(b, JobId(placed));
    if (s) s->allocated(JobId(placed), Allocation{{b}});
    ++placed;
  }
  return placed;
}

// Some free p×q block at an aligned base (x a multiple of p, y of q) lies inside the machine.
inline bool exists_free_aligned(const Occupancy& occ, int p, int q) {
  const Topology& t = occ.topology();
  for (int y = 0; y + q <= t.height(); y += q)
    for (int x = 0; x + p <= t.width(); x += p)
      if (occ.block_free(Block{x, y, p, q})) return true;
  return false;
}

// Every block in bounds, free, pairwise disjoint; total nodes == p·q unless `allow_more`
// (strategies with internal fragmentation, e.g. 2D buddy).
inline void check_allocation(const Occupancy& occ, const Allocation& a, Shape req, bool allow_more = false) {
  const Topology& t = occ.topology();
  std::set<int> seen;
  for (const Block& b : a.blocks) {
    REQUIRE_MESSAGE(t.block_fits(b), "block (", b.x, ",", b.y, ",", b.z, ") ", b.w, "x", b.h, "x", b.d, " outside the machine");
    t.for_each_node(b, [&](int x, int y, int z) {
      CHECK_MESSAGE(occ.is_free(x, y, z), "node (", x, ",", y, ",", z, ") is busy");
      CHECK_MESSAGE(seen.insert(t.id(x, y, z)).second, "node (", x, ",", y, ",", z, ") given twice");
    });
  }
  if (allow_more) CHECK(int(seen.size()) >= req.area());
  else CHECK(int(seen.size()) == req.area());
}

// The block a contiguous strategy gives a p×q job (id 99, allocation stream seeded 1) on `occ`,
// checked with check_allocation; nullopt when it places nothing. Nothing is applied.
inline std::optional<Block> place_contiguous(Strategy& st, const Occupancy& occ, Shape s) {
  Rng rng(1);
  auto a = st.allocate(Request{99, s}, occ, rng);
  if (!a) return std::nullopt;
  check_allocation(occ, *a, s);
  return a->blocks.at(0);
}

// All maximal free rectangles of a mesh occupancy (free, and not inside a larger free one), brute
// force with prefix sums: every free rectangle bounded by busy nodes or the edge on all four
// sides. Sorted by (y, x, h, w).
inline std::vector<Block> maximal_free(const Occupancy& occ) {
  const int W = occ.width(), H = occ.height();
  std::vector<int> P(std::size_t((W + 1) * (H + 1)), 0);  // busy counts
  auto at = [&](int x, int y) -> int& { return P[std::size_t(y * (W + 1) + x)]; };
  for (int y = 0; y < H; ++y)
    for (int x = 0; x < W; ++x) at(x + 1, y + 1) = at(x, y + 1) + at(x + 1, y) - at(x, y) + !occ.is_free(x, y);
  auto busy = [&](int x0, int y0, int x1, int y1) {  // half-open, 0 if empty
    if (x0 >= x1 || y0 >= y1) return 0;
    return at(x1, y1) - at(x0, y1) - at(x1, y0) + at(x0, y0);
  };
  std::vector<Block> out;
  for (int y = 0; y < H; ++y)
    for (int x = 0; x < W; ++x)
      for (int h = 1; y + h <= H; ++h)
        for (int w = 1; x + w <= W; ++w) {
          if (busy(x, y, x + w, y + h)) break;
          const bool left = x == 0 || busy(x - 1, y, x, y + h);
          const bool right = x + w == W || busy(x + w, y, x + w + 1, y + h);
          const bool down = y == 0 || busy(x, y - 1, x + w, y);
          const bool up = y + h == H || busy(x, y + h, x + w, y + h + 1);
          if (left && right && down && up) out.push_back(Block{x, y, w, h});
        }
  std::sort(out.begin(), out.end(),
            [](const Block& a, const Block& b) { return std::tie(a.y, a.x, a.h, a.w) < std::tie(b.y, b.x, b.h, b.w); });
  return out;
}

// Would a strategy that keeps the promise `f` (StrategyInfo::finds) succeed for s on occ?
// Finds::Maybe promises nothing: nullopt.
inline std::optional<bool> promised(Finds f, const Occupancy& occ, Shape s) {
  const Topology& t = occ.topology();
  if (t.depth() > 1 || s.d > 1) {  // boxes; Either = any of the six orientations
    const Shape turns[6] = {{s.w, s.h, s.d}, {s.h, s.w, s.d}, {s.w, s.d, s.h}, {s.d, s.w, s.h}, {s.h, s.d, s.w}, {s.d, s.h, s.w}};
    auto fits = [&](Shape o) { return o.w <= t.width() && o.h <= t.height() && o.d <= t.depth(); };
    switch (f) {
      case Finds::Requested: return fits(s) && exists_free_box(occ, s);
      case Finds::Either:
        for (const Shape& o : turns)
          if (fits(o) && exists_free_box(occ, o)) return true;
        return false;
      case Finds::FreeNodes: return occ.free_count() >= s.area();
      case Finds::Aligned:
      case Finds::CubeSlices:  // checked against the pod's slice catalogue in test_pods_cube.cpp
      case Finds::Maybe: break;
    }
    return std::nullopt;
  }
  switch (f) {
    case Finds::Requested: return exists_free(occ, s.w, s.h);
    case Finds::Either:
      return exists_free(occ, s.w, s.h) || (s.h <= t.width() && s.w <= t.height() && exists_free(occ, s.h, s.w));
    case Finds::FreeNodes: return occ.free_count() >= s.area();
    case Finds::Aligned: return exists_free_aligned(occ, s.w, s.h);
    case Finds::CubeSlices:  // 3D only (cube pods), above
    case Finds::Maybe: break;
  }
  return std::nullopt;
}

}  // namespace alloclab::test
