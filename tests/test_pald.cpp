// test_pald.cpp — PALD-FF / PALD-BF (Bani-Ahmad 2013 Fig. 1): partition sequence, completeness, cap.
#include <doctest/doctest.h>
#include "noncontig.hpp"
#include "alloc/fit.hpp"

using namespace alloclab;

namespace alloclab {
std::pair<Shape, Shape> pald_split(Shape s);
}

namespace {
std::optional<Allocation> pald(std::string_view id, const Occupancy& occ, Shape s, int cap = 0) {
  return test::place_capped(id, occ, s, cap);
}
}  // namespace

TEST_CASE("pald: one removed from the longest dimension (Fig. 1)") {
  CHECK(pald_split({4, 3}) == std::pair{Shape{3, 3}, Shape{1, 3}});
  CHECK(pald_split({3, 5}) == std::pair{Shape{3, 4}, Shape{3, 1}});
  CHECK(pald_split({2, 2}) == std::pair{Shape{1, 2}, Shape{1, 2}});  // a >= b: columns
  CHECK(pald_split({1, 3}) == std::pair{Shape{1, 2}, Shape{1, 1}});
}

TEST_CASE("pald-ff: hand-worked partitions") {
  // 5x5 mesh, column x=2 busy: a 3x2 cannot fit -> 2x2 (first fit) then 1x2.
  Occupancy occ(Topology(TopologyKind::Mesh, 5, 5));
  occ.assign(Block{2, 0, 1, 5}, 0);
  auto a = pald("pald-ff", occ, {3, 2});
  REQUIRE(a);
  CHECK(a->blocks == std::vector<Block>{{0, 0, 2, 2}, {3, 0, 1, 2}});

  // 4x4 mesh, busy (0,3), (3,0), (3,2): 4x3 -> 3x3 + 1x3; 1x3 -> 1x2 + 1x1; 1x2 -> 1x1 + 1x1;
  // free after the 3x3: (3,1), (1,3), (2,3), (3,3).
  Occupancy o2(Topology(TopologyKind::Mesh, 4, 4));
  o2.assign(Block{0, 3, 1, 1}, 0);
  o2.assign(Block{3, 0, 1, 1}, 1);
  o2.assign(Block{3, 2, 1, 1}, 2);
  auto b = pald("pald-ff", o2, {4, 3});
  REQUIRE(b);
  CHECK(b->blocks == std::vector<Block>{{0, 0, 3, 3}, {3, 1, 1, 1}, {1, 3, 1, 1}, {2, 3, 1, 1}});
  // BF: (3,1) scores 4; then (1,3) and (3,3) score 3 (FF order breaks the tie); then (2,3)
  // and (3,3) both score 3 ((2,3) touches the piece just taken).
  auto c = pald("pald-bf", o2, {4, 3});
  REQUIRE(c);
  CHECK(c->blocks == std::vector<Block>{{0, 0, 3, 3}, {3, 1, 1, 1}, {1, 3, 1, 1}, {2, 3, 1, 1}});
  // MBPJ: four pieces are needed, so a cap of 3 makes the allocation fail.
  CHECK_FALSE(pald("pald-ff", o2, {4, 3}, 3));
  CHECK(pald("pald-ff", o2, {4, 3}, 4));
  // Not enough free nodes.
  CHECK_FALSE(pald("pald-ff", o2, {4, 4}));
  // A whole fit is one block, the same as ff.
  auto d = pald("pald-ff", o2, {3, 3});
  REQUIRE(d);
  CHECK(d->blocks == std::vector<Block>{{0, 0, 3, 3}});
}

TEST_CASE("pald: pieces wrap on a torus") {
  Occupancy occ(Topology(TopologyKind::Torus, 6, 4));
  occ.assign(Block{2, 0, 3, 4}, 0);  // free: columns 5, 0, 1
  auto a = pald("pald-ff", occ, {3, 4});
  REQUIRE(a);
  CHECK(a->blocks == std::vector<Block>{{5, 0, 3, 4}});
  occ.assign(Block{0, 0, 1, 1}, 1);
  auto b = pald("pald-bf", occ, {3, 3});
  REQUIRE(b);
  test::check_allocation(occ, *b, {3, 3});
}

TEST_CASE("pald: brute-force properties (mesh and torus)") {
  for (const char* id : {"pald-ff", "pald-bf"}) {
    test::random_property(id, StrategyParams{0}, /*complete=*/true);
    test::random_property(id, StrategyParams{3}, /*complete=*/false);
    test::random_property(id, StrategyParams{1}, /*complete=*/false);
  }
}

TEST_CASE("pald: long simulations keep the invariants") {
  for (const char* id : {"pald-ff", "pald-bf"}) test::long_simulations_capped(id, "4");
}
