// test_fs.cpp — Frame Sliding: origin and strides, a missed free submesh, brute-force lattice.
#include <doctest/doctest.h>
#include "busy_states.hpp"

using namespace alloclab;
using namespace alloclab::test;

namespace {
// The documented frame lattice, by brute force: origin = lowest leftmost free node (x0, y0);
// frames at x ≡ x0 (mod p), y = y0 + j·q, visited by rows of frames, x ascending.
std::optional<Block> lattice_first_free(const Occupancy& occ, Shape s) {
  int x0 = -1, y0 = -1;
  for (int y = 0; y < occ.height() && y0 < 0; ++y)
    for (int x = 0; x < occ.width(); ++x)
      if (occ.is_free(x, y)) { x0 = x; y0 = y; break; }
  if (y0 < 0) return std::nullopt;
  for (int y = y0; y + s.h <= occ.height(); y += s.h)
    for (int x = x0 % s.w; x + s.w <= occ.width(); x += s.w)
      if (occ.block_free(Block{x, y, s.w, s.h})) return Block{x, y, s.w, s.h};
  return std::nullopt;
}
}  // namespace

TEST_CASE("fs: frames start at the lowest leftmost free node with strides p and q") {
  StrategyOn m("fs", Topology(TopologyKind::Mesh, 8, 8));
  m.expect_first({3, 5}, Block{0, 0, 3, 5});
  m.busy(1, 0, 0, 2, 0);  // origin becomes (3,0)
  m.expect_first({2, 2}, Block{3, 0, 2, 2});  // lattice x ∈ {1,3,5}: (1,0) overlaps, (3,0) free
  m.busy(2, 3, 1, 3, 1);             // (3,0) now overlaps; next frame (5,0) is free
  m.expect_first({2, 2}, Block{5, 0, 2, 2});
}

TEST_CASE("fs: misses a free submesh that AS finds (not recognition complete)") {
  // 4x4 mesh, busy (0,0), (2,0), (1,3). Origin (1,0); 2x2 frames at x ∈ {1}, y ∈ {0, 2}:
  // (1,0) holds (2,0), (1,2) holds (1,3). Yet (2,1)-(3,2) and (0,1)-(1,2) are free.
  StrategyOn m("fs", Topology(TopologyKind::Mesh, 4, 4));
  m.busy(1, 0, 0, 0, 0);
  m.busy(2, 2, 0, 2, 0);
  m.busy(3, 1, 3, 1, 3);
  CHECK(exists_free(m.occ, 2, 2));
  CHECK_FALSE(m.ask({2, 2}));
  auto as = make_strategy("as", m.t);
  CHECK(ask(*as, m.occ, {2, 2}));
  // No rotation either: one free row of 8 on top of a busy 8x7 mesh; a 1x2 fails.
  StrategyOn m2("fs", Topology(TopologyKind::Mesh, 8, 8));
  m2.busy(1, 0, 0, 7, 6);
  CHECK_FALSE(m2.ask({1, 2}));
  CHECK(m2.ask({2, 1}));
}

TEST_CASE("property: fs returns exactly the first free frame of the documented lattice") {
  Rng rng(31);
  int found = 0, missed = 0;
  for (int trial = 0; trial < 800; ++trial) {
    RandomTrial m(rng, false, {.lo = 2, .span = 14, .max_tries = 10, .max_side = 5}, "fs");
    auto a = m.ask(m.s);
    auto want = lattice_first_free(m.occ, m.s);
    REQUIRE_MESSAGE(bool(a) == bool(want), "trial ", trial);
    if (!a) {
      missed += exists_free(m.occ, m.s.w, m.s.h);
      continue;
    }
    ++found;
    check_allocation(m.occ, *a, m.s);
    CHECK(a->blocks[0] == *want);
  }
  CHECK(found > 100);
  CHECK(missed > 0);  // FS does miss free submeshes in random states too
}

TEST_CASE("fs: long simulation keeps the invariants") {
  long_simulation("fs", TopologyKind::Mesh, 16, 16, 2000, 11);
  long_simulation("fs", TopologyKind::Mesh, 20, 12, 2000, 12);
}
