// test_qa.cpp — Quick Allocation: last_covered rows against brute force and against AS.
#include <doctest/doctest.h>
#include "busy_states.hpp"

using namespace alloclab;
using namespace alloclab::test;

TEST_CASE("qa: Fig. 1 state — lowest leftmost free base, rotation when needed") {
  StrategyOn m("qa", Topology(TopologyKind::Mesh, 8, 8));
  fig1_state(m.occ, *m.st);
  m.expect_first({3, 2}, Block{0, 0, 3, 2});
  // rows 0..1 are entirely free, so a 5x2 also goes to the corner
  m.expect_first({5, 2}, Block{0, 0, 5, 2});
  m.expect_first({2, 8}, Block{0, 0, 8, 2});  // no free 2x8 column; 8x2 rows 0..1 are free
  CHECK_FALSE(m.ask({4, 4}));
}

TEST_CASE("property: qa picks the same base as AS (first free, then rotated)") {
  Rng rng(4242);
  for (int trial = 0; trial < 800; ++trial) {
    RandomTrial m(rng, false, {.lo = 2, .span = 14, .max_tries = 14, .max_side = 6}, "qa");
    auto a = m.ask(m.s);
    if (!a) continue;
    check_allocation(m.occ, *a, m.s);
    auto as = make_strategy("as", m.t);
    auto b = ask(*as, m.occ, m.s);
    REQUIRE(b);
    CHECK(a->blocks[0] == b->blocks[0]);
  }
}

TEST_CASE("property: qa busy list stays in step over a long allocate/release sequence") {
  Rng rng(99);
  for (int round = 0; round < 4; ++round) {
    StrategyOn m("qa", Topology(TopologyKind::Mesh, 14, 11));
    auto as = make_strategy("as", m.t);
    churn_then_whole(m, rng, 800, 6, [&](const Occupancy& o, Shape s, const std::optional<Allocation>& a) {
      auto b = ask(*as, o, s);
      REQUIRE(bool(a) == bool(b));
      if (!a) return;
      check_allocation(o, *a, s);
      CHECK(a->blocks[0] == b->blocks[0]);
    });
  }
}

TEST_CASE("qa: long simulation keeps the invariants") {
  long_simulation("qa", TopologyKind::Mesh, 16, 16, 2000, 21);
  long_simulation("qa", TopologyKind::Mesh, 24, 32, 2000, 22);
}
