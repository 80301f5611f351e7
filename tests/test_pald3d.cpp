// test_pald3d.cpp — PALD in 3D (pald3d): the split along the longest of three sides, hand-worked
// partitions on a mesh and a torus, and on a machine of depth 1 the decisions of PALD-FF.
// (The free-nodes promise is checked with every 3D strategy in test_strategies_3d.)
#include <doctest/doctest.h>
#include "oracle.hpp"

using namespace alloclab;

namespace alloclab {
std::pair<Shape, Shape> pald3d_split(Shape s);
}

namespace {
std::optional<Allocation> place(const char* id, const Occupancy& occ, Shape s, int max_blocks = 0) {
  auto st = find_strategy(id)->make(occ.topology(), StrategyParams{max_blocks});
  Rng rng(1);
  return st->allocate(Request{7, s}, occ, rng);
}
}  // namespace

TEST_CASE("pald3d: one slab split off the longest side, x before y before z on ties") {
  CHECK(pald3d_split({4, 3, 2}) == std::pair{Shape{3, 3, 2}, Shape{1, 3, 2}});
  CHECK(pald3d_split({2, 3, 3}) == std::pair{Shape{2, 2, 3}, Shape{2, 1, 3}});
  CHECK(pald3d_split({2, 2, 5}) == std::pair{Shape{2, 2, 4}, Shape{2, 2, 1}});
  CHECK(pald3d_split({2, 2, 2}) == std::pair{Shape{1, 2, 2}, Shape{1, 2, 2}});
  CHECK(pald3d_split({3, 5, 1}) == std::pair{Shape{3, 4, 1}, Shape{3, 1, 1}});  // depth 1: PALD's split
}

TEST_CASE("pald3d: hand-worked partitions; pieces wrap on a torus; max_blocks caps them") {
  const Topology t(TopologyKind::Mesh, 4, 4, 4);
  Occupancy occ(t);
  occ.assign(Block{2, 0, 1, 4, 0, 4}, 1);  // the plane x = 2
  // no free 3x2x2: 2x2x2 at the origin, then 1x2x2 at the first free base, (3, 0, 0)
  auto a = place("pald3d", occ, {3, 2, 2});
  REQUIRE(a);
  CHECK(a->blocks == std::vector<Block>{{0, 0, 2, 2, 0, 2}, {3, 0, 1, 2, 0, 2}});
  CHECK_FALSE(place("pald3d", occ, {3, 2, 2}, 1));  // one block allowed: fails as a whole
  Occupancy deep(t);
  deep.assign(Block{0, 0, 4, 4, 2, 1}, 1);  // layer z = 2
  // no free 2x2x3 (depth the longest side): 2x2x2 at the origin, then 2x2x1 beside it
  auto b = place("pald3d", deep, {2, 2, 3});
  REQUIRE(b);
  CHECK(b->blocks == std::vector<Block>{{0, 0, 2, 2, 0, 2}, {2, 0, 2, 2, 0, 1}});
  Occupancy torus(Topology(TopologyKind::Torus, 4, 4, 4));
  torus.assign(Block{0, 0, 4, 4, 1, 1}, 1);  // layer z = 1
  // the 2x2x3 box wraps: layers 2, 3, 0
  auto c = place("pald3d", torus, {2, 2, 3});
  REQUIRE(c);
  CHECK(c->blocks == std::vector<Block>{{0, 0, 2, 2, 2, 3}});
}

TEST_CASE("pald3d on a machine of depth 1 decides as pald-ff") {
  Rng rng(23);
  for (int trial = 0; trial < 200; ++trial) {
    const int W = 1 + int(rng.below(20)), H = 1 + int(rng.below(20));  // sequenced, not call arguments
    const Topology t(trial % 3 ? TopologyKind::Mesh : TopologyKind::Torus, W, H);
    Occupancy occ(t);
    test::random_state(occ, rng, int(rng.below(30)), 5);
    const int w = 1 + int(rng.below(std::uint64_t(W))), h = 1 + int(rng.below(std::uint64_t(H)));
    const int cap = int(rng.below(4));
    const auto a = place("pald3d", occ, {w, h}, cap), b = place("pald-ff", occ, {w, h}, cap);
    INFO("trial ", trial, " ", W, "x", H, " request ", w, "x", h, " max_blocks ", cap);
    REQUIRE(bool(a) == bool(b));
    if (a) CHECK(a->blocks == b->blocks);
  }
}
