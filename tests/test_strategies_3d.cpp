// test_strategies_3d.cpp — the strategies defined in 3D (dims = TwoAndThree) on 3D meshes and
// tori: each finds what its row promises (brute force over every base and orientation),
// placements are valid (inside, free, disjoint, wrapping boxes on a torus), under random busy
// states and under arrivals and departures driven by its own decisions; and hand-checked
// decisions of 3D First Fit and Best Fit.
#include <doctest/doctest.h>
#include "alloc/boxes.hpp"
#include "baselines.hpp"

using namespace alloclab;

namespace {
std::optional<Allocation> place(const char* id, const Occupancy& occ, Shape s) {
  auto st = find_strategy(id)->make(occ.topology(), StrategyParams{});
  Rng rng(1);
  return st->allocate(Request{7, s}, occ, rng);
}
}  // namespace

TEST_CASE("property: every 3D strategy finds what its row promises in 3D (brute force), mesh and torus") {
  int rows = 0;
  for (const StrategyInfo& si : strategies()) {
    if (si.dims != Dims::TwoAndThree) continue;  // (the cube-pod policies: test_pods_cube.cpp)
    ++rows;
    Rng rng(31);
    int checked = 0, found = 0;
    for (int trial = 0; trial < 300; ++trial) {
      const bool torus = trial % 3 == 0;
      const int W = 1 + int(rng.below(8)), H = 1 + int(rng.below(8)), D = 2 + int(rng.below(7));
      const Topology t(torus ? TopologyKind::Torus : TopologyKind::Mesh, W, H, D);
      REQUIRE(strategy_unsupported(si, t).empty());
      Occupancy occ(t);
      auto st = test::make_strategy(si.id, t);
      test::random_state_3d(occ, rng, int(rng.below(12)), 4, st.get());
      const Shape s{1 + int(rng.below(std::uint64_t(W))), 1 + int(rng.below(std::uint64_t(H))), 1 + int(rng.below(std::uint64_t(D)))};
      Rng srng(std::uint64_t(trial) + 1);
      auto a = st->allocate(Request{99, s}, occ, srng);
      INFO(si.id, " trial ", trial, std::string(torus ? " torus " : " mesh "), W, "x", H, "x", D, " request ", s.w, "x", s.h, "x", s.d);
      if (const auto want = test::promised(si.finds, occ, s)) {
        CHECK(bool(a) == *want);
        ++checked;
      }
      if (a) {
        ++found;
        test::check_allocation(occ, *a, s, /*allow_more=*/true);
      }
    }
    for (TopologyKind k : {TopologyKind::Mesh, TopologyKind::Torus})
      test::random_events(si.id, Topology(k, 6, 5, 7), rng, 500, 4, si.finds, [](const Strategy&, const Occupancy&) {});
    if (si.finds != Finds::Maybe) CHECK_MESSAGE(checked > 100, si.id);
    CHECK_MESSAGE(found > 30, si.id);
  }
  CHECK(rows >= 5);
}

TEST_CASE("ff3d: the first free base in node-id order; ff3d-rot turns the request; boxes wrap on a torus") {
  Occupancy mesh(Topology(TopologyKind::Mesh, 4, 4, 3));
  mesh.assign(Block{0, 0, 4, 4, 0, 1}, 0);  // layer 0 full
  mesh.assign(Block{0, 0, 1, 1, 1, 1}, 1);  // (0,0,1) busy
  auto a = place("ff3d", mesh, {2, 2, 2});
  REQUIRE(a);
  CHECK(a->blocks[0] == Block{1, 0, 2, 2, 1, 2});
  CHECK_FALSE(place("ff3d", mesh, {1, 1, 3}));    // no column of three free layers
  auto r = place("ff3d-rot", mesh, {1, 1, 3});    // turned: 1 x 3 x 1 (the second orientation) in layer 1
  REQUIRE(r);
  CHECK(r->blocks[0] == Block{1, 0, 1, 3, 1, 1});
  Occupancy torus(Topology(TopologyKind::Torus, 4, 4, 4));
  torus.assign(Block{0, 0, 4, 4, 1, 2}, 0);  // layers 1 and 2 full
  auto w = place("ff3d", torus, {4, 4, 2});
  REQUIRE(w);
  CHECK(w->blocks[0] == Block{0, 0, 4, 4, 3, 2});  // layers 3 and 0: wraps in z
}

TEST_CASE("bf3d: the box whose faces touch the most busy nodes and mesh edges") {
  Occupancy occ(Topology(TopologyKind::Mesh, 6, 6, 6));
  occ.assign(Block{3, 3, 1, 2, 3, 2}, 0);  // a 1x2x2 column at x = 3, y 3..4, z 3..4
  // a 2x2x2 box in a corner touches three mesh faces (12); the corner box at (4,4,4) also
  // touches the column's node (3,4,4) with its -x face: 13, the most
  const BoxContact c(occ);
  CHECK(c.contact(Block{0, 0, 2, 2, 0, 2}) == 12);
  CHECK(c.contact(Block{4, 4, 2, 2, 4, 2}) == 13);
  CHECK(c.contact(Block{1, 3, 2, 2, 3, 2}) == 4);  // the whole column on its +x face only
  auto a = place("bf3d", occ, {2, 2, 2});
  REQUIRE(a);
  CHECK(a->blocks[0] == Block{4, 4, 2, 2, 4, 2});
  // on random states the choice is a free box of the best score, the first in node-id order
  Rng r(9);
  for (int trial = 0; trial < 100; ++trial) {
    const int W = 2 + int(r.below(5)), H = 2 + int(r.below(5)), D = 2 + int(r.below(5));  // sequenced, not call arguments
    const Topology t(trial % 2 ? TopologyKind::Torus : TopologyKind::Mesh, W, H, D);
    Occupancy o(t);
    test::random_state_3d(o, r, 6, 3);
    const Shape sh{1 + int(r.below(2)), 1 + int(r.below(2)), 1 + int(r.below(2))};
    const BoxContact bc(o);
    std::optional<Block> want;
    int best = -1;
    for (int z = 0; z < t.depth(); ++z)
      for (int y = 0; y < t.height(); ++y)
        for (int x = 0; x < t.width(); ++x) {
          const Block b = box_at(x, y, z, sh);
          if (o.block_free(b) && bc.contact(b) > best) best = bc.contact(b), want = b;
        }
    const auto got = place("bf3d", o, sh);
    REQUIRE(bool(got) == bool(want));
    if (got) CHECK(got->blocks[0] == *want);
  }
  // scored against a brute-force count on random states, mesh and torus
  Rng rng(5);
  for (int trial = 0; trial < 200; ++trial) {
    const int W = 2 + int(rng.below(6)), H = 2 + int(rng.below(6)), D = 2 + int(rng.below(6));  // sequenced
    const Topology t(trial % 2 ? TopologyKind::Torus : TopologyKind::Mesh, W, H, D);
    Occupancy o(t);
    test::random_state_3d(o, rng, 8, 3);
    const BoxContact bc(o);
    const Block b{int(rng.below(std::uint64_t(t.width()))), int(rng.below(std::uint64_t(t.height()))), 1 + int(rng.below(std::uint64_t(t.width()))),
                  1 + int(rng.below(std::uint64_t(t.height()))), int(rng.below(std::uint64_t(t.depth()))), 1 + int(rng.below(std::uint64_t(t.depth())))};
    if (!t.block_fits(b)) continue;
    int expect = 0;
    auto busy_or_edge = [&](int x, int y, int z) -> int {
      if (t.wraps()) return !o.is_free((x + t.width()) % t.width(), (y + t.height()) % t.height(), (z + t.depth()) % t.depth());
      return t.contains(x, y, z) ? !o.is_free(x, y, z) : 1;
    };
    for (int j = 0; j < b.h; ++j)
      for (int k = 0; k < b.d; ++k) expect += busy_or_edge(b.x - 1, b.y + j, b.z + k) + busy_or_edge(b.x + b.w, b.y + j, b.z + k);
    for (int i = 0; i < b.w; ++i)
      for (int k = 0; k < b.d; ++k) expect += busy_or_edge(b.x + i, b.y - 1, b.z + k) + busy_or_edge(b.x + i, b.y + b.h, b.z + k);
    for (int i = 0; i < b.w; ++i)
      for (int j = 0; j < b.h; ++j) expect += busy_or_edge(b.x + i, b.y + j, b.z - 1) + busy_or_edge(b.x + i, b.y + j, b.z + b.d);
    REQUIRE_MESSAGE(bc.contact(b) == expect, "trial ", trial);
  }
}

TEST_CASE("on a machine of depth 1 the 3D rows decide as their 2D counterparts (ff, bf, as)") {
  Rng rng(12);
  for (int trial = 0; trial < 300; ++trial) {
    const int W = 1 + int(rng.below(40)), H = 1 + int(rng.below(20));  // sequenced
    const Topology t(trial % 2 ? TopologyKind::Torus : TopologyKind::Mesh, W, H);
    Occupancy occ(t);
    test::random_state(occ, rng, int(rng.below(20)), 6);
    const Shape s{1 + int(rng.below(std::uint64_t(t.width()))), 1 + int(rng.below(std::uint64_t(t.height())))};
    INFO("trial ", trial, " ", t.width(), "x", t.height(), " request ", s.w, "x", s.h);
    for (const auto& ids : {std::pair{"ff3d", "ff"}, {"bf3d", "bf"}, {"ff3d-rot", "as"}}) {
      const char* const d3 = ids.first;  // (no structured binding: clang 14, the wasm build's
      const char* const d2 = ids.second;  // compiler, cannot capture one in doctest's messages)
      const auto a = place(d3, occ, s), b = place(d2, occ, s);
      REQUIRE_MESSAGE(bool(a) == bool(b), d3, " vs ", d2);
      if (a) CHECK_MESSAGE(a->blocks == b->blocks, d3, " vs ", d2);
    }
  }
}
