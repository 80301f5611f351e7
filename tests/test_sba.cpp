// test_sba.cpp — Stack-Based Allocation: hand-worked cases, completeness in either orientation
// against brute force (mesh and torus), and a long simulation.
#include <doctest/doctest.h>
#include "baselines.hpp"

using namespace alloclab;

TEST_CASE("sba: subtraction of coverages and reject areas; rotation when the request fails") {
  test::StrategyOn m("sba", Topology(TopologyKind::Mesh, 8, 8));
  // Srinivasan et al. 2004 Fig. 1: busy <1,2>-<4,4>, <5,5>-<6,6>, <0,5>-<1,6>, <2,7>-<4,7>; T(3,2)
  const Block busy[] = {{1, 2, 4, 3}, {5, 5, 2, 2}, {0, 5, 2, 2}, {2, 7, 3, 1}};
  for (int i = 0; i < 4; ++i) m.hold(i, busy[i]);
  // The first piece examined is the one below the first coverage <0,1>-<4,4>: row 0, x 0..5.
  auto a = m.expect_first({3, 2}, Block{0, 0, 3, 2}, 9);
  test::check_allocation(m.occ, *a, {3, 2});

  // Only a vertical 1x8 strip is free: an 8x1 request is placed rotated.
  test::StrategyOn m2("sba", m.t);
  m2.hold(0, Block{0, 0, 7, 8});
  m2.expect_first({8, 1}, Block{7, 0, 1, 8}, 9);
  CHECK(m2.ask({2, 1}, 9));  // placed as 1x2
  CHECK_FALSE(m2.ask({2, 2}, 9));
  // After the release the whole machine is free again.
  m2.free(0, Block{0, 0, 7, 8});
  m2.expect_first({8, 8}, Block{0, 0, 8, 8}, 9);
}

TEST_CASE("sba: on a torus a block may wrap") {
  test::StrategyOn m("sba", Topology(TopologyKind::Torus, 6, 6));
  m.hold(0, Block{2, 0, 3, 6});  // columns 2..4 busy: free columns 5, 0, 1
  auto a = m.expect_first({3, 6}, Block{5, 0, 3, 6}, 9);
  test::check_allocation(m.occ, *a, {3, 6});
  // a busy block that itself wraps
  test::StrategyOn m2("sba", m.t);
  m2.hold(0, Block{4, 4, 4, 4});
  // the free nodes form a cross: columns 2..3 and rows 2..3
  auto b = m2.ask({6, 2}, 9);
  REQUIRE(b);
  test::check_allocation(m2.occ, *b, {6, 2});
  CHECK(b->blocks[0].y == 2);
  CHECK_FALSE(m2.ask({3, 3}, 9));
}

TEST_CASE("sba: long simulations end with invariants intact") {
  CHECK(test::long_run("sba", "size=32x32&jobs=2000&arrival=poisson:0.05&service=exponential:20&seed=3") == 2000);
  CHECK(test::long_run("sba", "size=24x16&topology=torus&jobs=2000&arrival=batch&seed=4") == 2000);
}

TEST_CASE("sba: the busy list's bookkeeping counts each entry appended, compared and moved") {
  test::StrategyOn m("sba", Topology(TopologyKind::Mesh, 8, 8));
  // Four blocks reported as jobs 0..3: one entry appended each, one operation each.
  const Block busy[] = {{0, 0, 2, 2}, {4, 0, 2, 2}, {0, 4, 2, 2}, {4, 4, 2, 2}};
  CHECK(test::ops_during(*m.st, [&] {
          for (int i = 0; i < 4; ++i) m.hold(JobId(i), busy[i]);
        }) == 4);
  // Release of job 0, the first of 4 entries: entry 0 compared (1), then the erase moves
  // entries 1, 2, 3 down by one (3): 4.
  CHECK(test::ops_during(*m.st, [&] { m.free(0, busy[0]); }) == 4);
  // Release of job 2, now entry 1 of 3 (jobs 1, 2, 3): entries 0 and 1 compared (2), the erase
  // moves entry 2 (job 3) down (1): 3.
  CHECK(test::ops_during(*m.st, [&] { m.free(2, busy[2]); }) == 3);
  // Release of job 3, the last of 2 entries (jobs 1, 3): 2 compared, nothing moved: 2.
  CHECK(test::ops_during(*m.st, [&] { m.free(3, busy[3]); }) == 2);
}

TEST_CASE("sba: a decision counts the coverages written, the pushes and pops, and each coverage tested") {
  test::StrategyOn m("sba", Topology(TopologyKind::Mesh, 4, 4));
  m.hold(0, Block{0, 0, 2, 2});
  // Request 2x2. Candidate region (reject areas removed): bases x 0..2, y 0..2.
  //   busy list: 1 entry read                                                      1
  //   its coverage (-1,-1)-(1,1) overlaps the region: written to the list          1
  //   the region pushed                                                            1
  //   pop the region (1), coverage 0 tested: overlaps (1); split into top
  //   (0,2)-(2,2) and right (2,0)-(2,1) (left and bottom are empty): 2 pushes      4
  //   pop right (1), no coverage left to test (0): free, base (2,0)                1
  //                                                                         total  8
  CHECK(test::ops_during(*m.st, [&] { m.expect_first({2, 2}, Block{2, 0, 2, 2}); }) == 8);
}
