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
