// test_bl.cpp — Busy List best fit: paper states, completeness, BV against brute force.
#include <doctest/doctest.h>
#include "busy_states.hpp"

using namespace alloclab;
using namespace alloclab::test;

namespace {
// Das Sharma & Pradhan's per-submesh corner placements (8 per busy block) plus the 4 mesh
// corners, both orientations: the best free BV among them (-1 if none is free).
int corner_best(const Occupancy& occ, const std::vector<Block>& busy_blocks, Shape req) {
  int best = -1;
  for (Shape s : {req, req.rotated()}) {
    const int p = s.w, q = s.h, W = occ.width(), H = occ.height();
    std::vector<std::pair<int, int>> c{{0, 0}, {W - p, 0}, {0, H - q}, {W - p, H - q}};
    for (const Block& b : busy_blocks) {
      const int a = b.x, bb = b.y, cc = b.x + b.w - 1, d = b.y + b.h - 1;
      c.insert(c.end(), {{a, d + 1}, {cc - p + 1, d + 1}, {cc + 1, bb}, {cc + 1, d - q + 1},
                         {a - p, bb}, {a - p, d - q + 1}, {a, bb - q}, {cc - p + 1, bb - q}});
    }
    for (auto [x, y] : c) {
      const Block blk{x, y, p, q};
      if (x >= 0 && y >= 0 && occ.block_free(blk)) best = std::max(best, boundary_contact(occ, blk));
    }
  }
  return best;
}
}  // namespace

TEST_CASE("bl: Srinivasan et al. 2004 Fig. 1 and Fig. 5 states, T(3,2)") {
  StrategyOn m("bl", Topology(TopologyKind::Mesh, 8, 8));
  fig1_state(m.occ, *m.st);
  auto a = m.expect_first({3, 2}, Block{2, 5, 3, 2});  // BV 10, the maximum
  CHECK(boundary_contact(m.occ, a->blocks[0]) == 10);

  StrategyOn m2("bl", m.t);
  m2.busy(1, 0, 0, 3, 2);
  m2.busy(2, 5, 5, 6, 6);
  m2.busy(3, 0, 5, 1, 6);
  m2.busy(4, 2, 7, 4, 7);
  auto b = m2.ask({3, 2});
  REQUIRE(b);
  // <0,3> and <2,5> both have BV 7 in 3x2; the rotated 2x3 cannot beat it. Lowest row wins.
  CHECK(boundary_contact(m2.occ, b->blocks[0]) == 7);
  CHECK(b->blocks[0] == Block{0, 3, 3, 2});
}

TEST_CASE("bl: both orientations compete; ties go to the requested one") {
  StrategyOn m("bl", Topology(TopologyKind::Mesh, 8, 8));
  // A 2-wide, 4-high notch at the bottom-left: (0,0)-(1,3) free, rest of rows 0..3 busy.
  m.busy(1, 2, 0, 7, 3);
  auto a = m.expect_first({4, 2}, Block{0, 0, 2, 4});  // any 4x2 scores <= 6; the rotated 2x4 fills the notch: BV 10
  CHECK(boundary_contact(m.occ, a->blocks[0]) == 10);
  StrategyOn m2("bl", m.t);
  m2.expect_first({3, 5}, Block{0, 0, 3, 5});  // empty mesh: all four corners score 8 in both orientations
}

TEST_CASE("property: bl's BV beats every corner candidate (completeness: the registry-wide test)") {
  Rng rng(8080);
  for (int trial = 0; trial < 600; ++trial) {
    const int W = 2 + int(rng.below(14)), H = 2 + int(rng.below(14));
    const Topology t(TopologyKind::Mesh, W, H);
    StrategyOn m("bl", t);
    const int n = random_state(m.occ, rng, int(rng.below(14)), 6, m.st.get());
    std::vector<Block> blocks;
    for (JobId j = 0; j < n; ++j) {
      int x1 = W, y1 = H, x2 = -1, y2 = -1;
      for (int y = 0; y < H; ++y)
        for (int x = 0; x < W; ++x)
          if (m.occ.owner(x, y) == j) { x1 = std::min(x1, x); y1 = std::min(y1, y); x2 = std::max(x2, x); y2 = std::max(y2, y); }
      blocks.push_back(Block{x1, y1, x2 - x1 + 1, y2 - y1 + 1});
    }
    const Shape s{1 + int(rng.below(std::uint64_t(W))), 1 + int(rng.below(std::uint64_t(H)))};
    auto a = m.ask(s);
    if (!a) continue;
    check_allocation(m.occ, *a, s);
    const int bv = boundary_contact(m.occ, a->blocks[0]);
    CHECK(bv >= corner_best(m.occ, blocks, s));
    const int ceiling = std::max(brute_best_contact(m.occ, s), s.h <= W && s.w <= H ? brute_best_contact(m.occ, s.rotated()) : -1);
    CHECK(bv <= ceiling);
  }
}

TEST_CASE("property: bl busy list stays in step over a long allocate/release sequence") {
  Rng rng(31337);
  for (int round = 0; round < 4; ++round) {
    StrategyOn m("bl", Topology(TopologyKind::Mesh, 13, 15));
    churn_then_whole(m, rng, 800, 6, [&](const Occupancy& o, Shape s, const std::optional<Allocation>& a) {
      REQUIRE(bool(a) == exists_free_either(o, s));
      if (a) check_allocation(o, *a, s);
    });
  }
}

TEST_CASE("bl: long simulation keeps the invariants") {
  long_simulation("bl", TopologyKind::Mesh, 16, 16, 2000, 41);
  long_simulation("bl", TopologyKind::Mesh, 24, 16, 2000, 42);
}
