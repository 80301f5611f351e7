// test_strategies_core.cpp — ff, bf, as, random: hand-worked cases; for every registered strategy:
// what its row promises to find (StrategyInfo::finds) against a brute-force search.
#include <doctest/doctest.h>
#include "oracle.hpp"
#include "baselines.hpp"

using namespace alloclab;

namespace {
std::optional<Allocation> place(std::string_view id, Occupancy& occ, Shape s, std::uint64_t seed = 1) {
  auto st = find_strategy(id)->make(occ.topology(), StrategyParams{});
  Rng rng(seed);
  return st->allocate(Request{99, s}, occ, rng);
}
}  // namespace

TEST_CASE("ff: first base from the bottom row, requested orientation only") {
  // 8x8 mesh; busy columns 0..3 rows 0..3 and columns 5..7 everywhere (CLI place example)
  Occupancy occ(Topology(TopologyKind::Mesh, 8, 8));
  occ.assign(Block{0, 0, 4, 4}, 0);
  occ.assign(Block{5, 0, 3, 8}, 1);
  auto a = place("ff", occ, {2, 3});
  REQUIRE(a);
  CHECK(a->blocks[0] == Block{0, 4, 2, 3});
  // 1 column free at x=4: a 1x8 fits, an 8x1 does not (ff does not rotate)
  auto col = place("ff", occ, {1, 8});
  REQUIRE(col);
  CHECK(col->blocks[0] == Block{4, 0, 1, 8});
  Occupancy occ2(Topology(TopologyKind::Mesh, 8, 8));
  occ2.assign(Block{0, 0, 8, 7}, 0);  // one free row on top
  CHECK_FALSE(place("ff", occ2, {1, 2}));
  CHECK(place("as", occ2, {1, 2}));  // AS rotates to 2x1
}

TEST_CASE("bf: prefers the base touching the most busy nodes and edges") {
  Occupancy occ(Topology(TopologyKind::Mesh, 8, 8));
  occ.assign(Block{3, 3, 2, 2}, 0);
  // a 1x1 job: corners score 2 (two edges); a cell beside the busy block at an edge scores more?
  // (0,0) scores 2. (5,3) touches the busy block on its left: 1. Corner wins; ff order among ties.
  auto a = place("bf", occ, {1, 1});
  REQUIRE(a);
  CHECK(a->blocks[0] == Block{0, 0, 1, 1});
  // Make a notch: busy (1,0) and (0,1) -> (0,0) touches 2 edges + 2 busy = 4
  Occupancy o2(Topology(TopologyKind::Mesh, 8, 8));
  o2.assign(Block{1, 0, 1, 1}, 0);
  o2.assign(Block{0, 1, 1, 1}, 1);
  o2.assign(Block{7, 6, 1, 2}, 2);  // (7,5)... (6,7) scores edge top + right busy (7,7) + ...
  auto b = place("bf", o2, {1, 1});
  REQUIRE(b);
  CHECK(b->blocks[0] == Block{0, 0, 1, 1});
  CHECK(boundary_contact(o2, Block{0, 0, 1, 1}) == 4);
}

TEST_CASE("ff/bf/as: on a torus blocks wrap around the edges") {
  Occupancy occ(Topology(TopologyKind::Torus, 6, 6));
  occ.assign(Block{2, 0, 3, 6}, 0);  // columns 2..4 busy: the free region is columns 5,0,1
  auto a = place("ff", occ, {3, 6});
  REQUIRE(a);
  CHECK(a->blocks[0] == Block{5, 0, 3, 6});
  Occupancy mesh(Topology(TopologyKind::Mesh, 6, 6));
  mesh.assign(Block{2, 0, 3, 6}, 0);
  CHECK_FALSE(place("ff", mesh, {3, 6}));
}

TEST_CASE("property: every strategy finds what its row promises (brute force), placements valid, mesh and torus") {
  for (const StrategyInfo& si : strategies()) {
    if (si.dims == Dims::CubePods) continue;  // cube pods only: their own brute-force test in test_pods_cube.cpp
    Rng rng(7);
    int checked = 0;
    // Random busy states reported to the strategy, one random request each.
    for (int trial = 0; trial < 300; ++trial) {
      const bool torus = trial % 3 == 0;
      const int W = 1 + int(rng.below(16)), H = 1 + int(rng.below(16));
      const Topology t(torus ? TopologyKind::Torus : TopologyKind::Mesh, W, H);
      if (!strategy_unsupported(si, t).empty()) continue;
      Occupancy occ(t);
      auto st = test::make_strategy(si.id, t);
      test::random_state(occ, rng, int(rng.below(14)), 6, st.get());
      const Shape s{1 + int(rng.below(std::uint64_t(W))), 1 + int(rng.below(std::uint64_t(H)))};
      Rng srng(std::uint64_t(trial) + 1);
      auto a = st->allocate(Request{99, s}, occ, srng);
      INFO(si.id, " trial ", trial, std::string(torus ? " torus " : " mesh "), W, "x", H, " request ", s.w, "x", s.h);
      if (const auto want = test::promised(si.finds, occ, s)) {
        CHECK(bool(a) == *want);
        ++checked;
      }
      if (a) test::check_allocation(occ, *a, s, /*allow_more=*/true);
    }
    // Arrivals and departures driven through the strategy's own decisions.
    for (TopologyKind k : {TopologyKind::Mesh, TopologyKind::Torus}) {
      const Topology t(k, 8, 8);
      if (strategy_unsupported(si, t).empty())
        test::random_events(si.id, t, rng, 600, 6, si.finds, [](const Strategy&, const Occupancy&) {});
    }
    if (si.finds != Finds::Maybe) CHECK_MESSAGE(checked > 100, si.id);
  }
}

TEST_CASE("property: ff, bf, as and random give exactly p*q nodes") {
  Rng rng(7);
  for (int trial = 0; trial < 400; ++trial) {
    const bool torus = trial % 3 == 0;
    test::RandomTrial m(rng, torus, {.lo = 2, .span = 14, .max_tries = 10, .max_side = 6});
    for (const char* id : {"ff", "bf", "as", "random"}) {
      auto a = place(id, m.occ, m.s, std::uint64_t(trial));
      if (a) test::check_allocation(m.occ, *a, m.s);
    }
  }
}

TEST_CASE("random: respects max_blocks and is deterministic for a seed") {
  Occupancy occ(Topology(TopologyKind::Mesh, 4, 4));
  auto st = find_strategy("random")->make(occ.topology(), StrategyParams{3});
  Rng rng(5);
  CHECK_FALSE(st->allocate(Request{1, {2, 2}}, occ, rng));
  CHECK(st->allocate(Request{1, {3, 1}}, occ, rng));
  auto x = place("random", occ, {2, 3}, 11), y = place("random", occ, {2, 3}, 11);
  REQUIRE(x);
  REQUIRE(y);
  CHECK(x->blocks == y->blocks);
}

TEST_CASE("registry: ids unique, help present, every strategy placeable on an empty machine") {
  std::set<std::string> ids;
  for (const StrategyInfo& s : strategies()) {
    CHECK(ids.insert(std::string(s.id)).second);
    CHECK(!s.help.empty());
    Topology t(TopologyKind::Mesh, 16, 16);  // every strategy runs on a mesh
    if (!strategy_unsupported(s, t).empty()) continue;
    Occupancy occ(t);
    auto st = s.make(t, StrategyParams{});
    Rng rng(1);
    auto a = st->allocate(Request{0, {3, 5}}, occ, rng);
    REQUIRE_MESSAGE(a, s.id);
    test::check_allocation(occ, *a, {3, 5}, /*allow_more=*/true);
  }
}
