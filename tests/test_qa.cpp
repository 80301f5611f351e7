// test_qa.cpp — Quick Allocation: last_covered rows against brute force and against AS.
#include <doctest/doctest.h>
#include "busy_states.hpp"

using namespace alloclab;
using namespace alloclab::test;

TEST_CASE("qa: Fig. 1 state — lowest leftmost free base, rotation when needed") {
  const Topology t(TopologyKind::Mesh, 8, 8);
  Occupancy occ(t);
  auto st = make_strategy("qa", t);
  fig1_state(occ, *st);
  auto a = ask(*st, occ, {3, 2});
  REQUIRE(a);
  CHECK(a->blocks[0] == Block{0, 0, 3, 2});
  // rows 0..1 are entirely free, so a 5x2 also goes to the corner
  auto b = ask(*st, occ, {5, 2});
  REQUIRE(b);
  CHECK(b->blocks[0] == Block{0, 0, 5, 2});
  auto c = ask(*st, occ, {2, 8});  // no free 2x8 column; 8x2 rows 0..1 are free
  REQUIRE(c);
  CHECK(c->blocks[0] == Block{0, 0, 8, 2});
  CHECK_FALSE(ask(*st, occ, {4, 4}));
}

TEST_CASE("property: qa picks the same base as AS (first free, then rotated)") {
  Rng rng(4242);
  for (int trial = 0; trial < 800; ++trial) {
    const int W = 2 + int(rng.below(14)), H = 2 + int(rng.below(14));
    const Topology t(TopologyKind::Mesh, W, H);
    Occupancy occ(t);
    auto st = make_strategy("qa", t);
    random_state(occ, rng, int(rng.below(14)), 6, st.get());
    const Shape s{1 + int(rng.below(std::uint64_t(W))), 1 + int(rng.below(std::uint64_t(H)))};
    auto a = ask(*st, occ, s);
    if (!a) continue;
    check_allocation(occ, *a, s);
    auto as = make_strategy("as", t);
    auto b = ask(*as, occ, s);
    REQUIRE(b);
    CHECK(a->blocks[0] == b->blocks[0]);
  }
}

TEST_CASE("property: qa busy list stays in step over a long allocate/release sequence") {
  Rng rng(99);
  for (int round = 0; round < 4; ++round) {
    const Topology t(TopologyKind::Mesh, 14, 11);
    Occupancy occ(t);
    auto st = make_strategy("qa", t);
    auto as = make_strategy("as", t);
    int placed = 0;
    churn(*st, occ, rng, 800, 6, [&](const Occupancy& o, Shape s, const std::optional<Allocation>& a) {
      auto b = ask(*as, o, s);
      REQUIRE(bool(a) == bool(b));
      if (!a) return;
      ++placed;
      check_allocation(o, *a, s);
      CHECK(a->blocks[0] == b->blocks[0]);
    });
    CHECK(placed > 50);
    auto whole = ask(*st, occ, {14, 11});
    REQUIRE(whole);
    CHECK(whole->blocks[0] == Block{0, 0, 14, 11});
  }
}

TEST_CASE("qa: long simulation keeps the invariants") {
  long_simulation("qa", TopologyKind::Mesh, 16, 16, 2000, 21);
  long_simulation("qa", TopologyKind::Mesh, 24, 32, 2000, 22);
}
