// test_anca.cpp — ANCA: halving rule, hand-worked partitions, properties.
#include <doctest/doctest.h>
#include "noncontig.hpp"

using namespace alloclab;

namespace alloclab {
std::pair<Shape, Shape> anca_split(Shape s);
}

namespace {
std::optional<Allocation> anca(const Occupancy& occ, Shape s, int cap = 0) {
  return test::place_capped("anca", occ, s, cap);
}
}  // namespace

TEST_CASE("anca: halving across the longer side") {
  CHECK(anca_split({4, 3}) == std::pair{Shape{2, 3}, Shape{2, 3}});
  CHECK(anca_split({5, 2}) == std::pair{Shape{3, 2}, Shape{2, 2}});
  CHECK(anca_split({3, 7}) == std::pair{Shape{3, 4}, Shape{3, 3}});
  CHECK(anca_split({2, 2}) == std::pair{Shape{1, 2}, Shape{1, 2}});
}

TEST_CASE("anca: hand-worked partitions") {
  // 6x4 mesh, column x=3 busy: a 4x4 does not fit either way -> 2x4 (0,0) then 2x4 (4,0).
  Occupancy occ(Topology(TopologyKind::Mesh, 6, 4));
  occ.assign(Block{3, 0, 1, 4}, 0);
  auto a = anca(occ, {4, 4});
  REQUIRE(a);
  CHECK(a->blocks == std::vector<Block>{{0, 0, 2, 4}, {4, 0, 2, 4}});
  // The whole request is tried rotated before splitting: 4x2 fits as 2x4.
  auto b = anca(occ, {4, 2});
  REQUIRE(b);
  CHECK(b->blocks == std::vector<Block>{{0, 0, 2, 4}});
  // 5x4 (20 nodes, 20 free) -> 3x4 (columns 0..2) + 2x4.
  auto c = anca(occ, {5, 4});
  REQUIRE(c);
  CHECK(c->blocks == std::vector<Block>{{0, 0, 3, 4}, {4, 0, 2, 4}});
  CHECK_FALSE(anca(occ, {5, 4}, 1));
  CHECK_FALSE(anca(occ, {6, 4}));
  // Deeper: 6x4 mesh, column 2, (0,0) and (5,0) busy; 4x4 fails both ways -> 2x4 + 2x4.
  // 2x4 at (3,0). The second 2x4 fails both ways -> 2x2 + 2x2: 2x2 at (0,1); the next 2x2
  // fails -> 1x2 + 1x2: 1x2 at (5,1); the last 1x2 has no vertical place, rotated 2x1 at (0,3).
  Occupancy o2(Topology(TopologyKind::Mesh, 6, 4));
  o2.assign(Block{2, 0, 1, 4}, 0);
  o2.assign(Block{5, 0, 1, 1}, 1);
  o2.assign(Block{0, 0, 1, 1}, 2);
  auto d = anca(o2, {4, 4});
  REQUIRE(d);
  CHECK(d->blocks == std::vector<Block>{{3, 0, 2, 4}, {0, 1, 2, 2}, {5, 1, 1, 2}, {0, 3, 2, 1}});
  CHECK_FALSE(anca(o2, {4, 4}, 3));
}

TEST_CASE("anca: brute-force properties (mesh and torus)") {
  test::random_property("anca", StrategyParams{0}, /*complete=*/true);
  test::random_property("anca", StrategyParams{2}, /*complete=*/false);
}

TEST_CASE("anca: long simulations keep the invariants") {
  test::long_simulations_capped("anca", "4");
}
