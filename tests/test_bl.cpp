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
  const Topology t(TopologyKind::Mesh, 8, 8);
  Occupancy occ(t);
  auto st = make_strategy("bl", t);
  fig1_state(occ, *st);
  auto a = ask(*st, occ, {3, 2});
  REQUIRE(a);
  CHECK(a->blocks[0] == Block{2, 5, 3, 2});  // BV 10, the maximum
  CHECK(boundary_contact(occ, a->blocks[0]) == 10);

  Occupancy o2(t);
  auto s2 = make_strategy("bl", t);
  busy(o2, *s2, 1, 0, 0, 3, 2);
  busy(o2, *s2, 2, 5, 5, 6, 6);
  busy(o2, *s2, 3, 0, 5, 1, 6);
  busy(o2, *s2, 4, 2, 7, 4, 7);
  auto b = ask(*s2, o2, {3, 2});
  REQUIRE(b);
  // <0,3> and <2,5> both have BV 7 in 3x2; the rotated 2x3 cannot beat it. Lowest row wins.
  CHECK(boundary_contact(o2, b->blocks[0]) == 7);
  CHECK(b->blocks[0] == Block{0, 3, 3, 2});
}

TEST_CASE("bl: both orientations compete; ties go to the requested one") {
  const Topology t(TopologyKind::Mesh, 8, 8);
  Occupancy occ(t);
  auto st = make_strategy("bl", t);
  // A 2-wide, 4-high notch at the bottom-left: (0,0)-(1,3) free, rest of rows 0..3 busy.
  busy(occ, *st, 1, 2, 0, 7, 3);
  auto a = ask(*st, occ, {4, 2});  // any 4x2 scores <= 6; the rotated 2x4 fills the notch: BV 10
  REQUIRE(a);
  CHECK(a->blocks[0] == Block{0, 0, 2, 4});
  CHECK(boundary_contact(occ, a->blocks[0]) == 10);
  Occupancy e(t);
  auto se = make_strategy("bl", t);
  auto b = ask(*se, e, {3, 5});  // empty mesh: all four corners score 8 in both orientations
  REQUIRE(b);
  CHECK(b->blocks[0] == Block{0, 0, 3, 5});
}

TEST_CASE("property: bl's BV beats every corner candidate (completeness: the registry-wide test)") {
  Rng rng(8080);
  for (int trial = 0; trial < 600; ++trial) {
    const int W = 2 + int(rng.below(14)), H = 2 + int(rng.below(14));
    const Topology t(TopologyKind::Mesh, W, H);
    Occupancy occ(t);
    auto st = make_strategy("bl", t);
    const int n = random_state(occ, rng, int(rng.below(14)), 6, st.get());
    std::vector<Block> blocks;
    for (JobId j = 0; j < n; ++j) {
      int x1 = W, y1 = H, x2 = -1, y2 = -1;
      for (int y = 0; y < H; ++y)
        for (int x = 0; x < W; ++x)
          if (occ.owner(x, y) == j) { x1 = std::min(x1, x); y1 = std::min(y1, y); x2 = std::max(x2, x); y2 = std::max(y2, y); }
      blocks.push_back(Block{x1, y1, x2 - x1 + 1, y2 - y1 + 1});
    }
    const Shape s{1 + int(rng.below(std::uint64_t(W))), 1 + int(rng.below(std::uint64_t(H)))};
    auto a = ask(*st, occ, s);
    if (!a) continue;
    check_allocation(occ, *a, s);
    const int bv = boundary_contact(occ, a->blocks[0]);
    CHECK(bv >= corner_best(occ, blocks, s));
    const int ceiling = std::max(brute_best_contact(occ, s), s.h <= W && s.w <= H ? brute_best_contact(occ, s.rotated()) : -1);
    CHECK(bv <= ceiling);
  }
}

TEST_CASE("property: bl busy list stays in step over a long allocate/release sequence") {
  Rng rng(31337);
  for (int round = 0; round < 4; ++round) {
    const Topology t(TopologyKind::Mesh, 13, 15);
    Occupancy occ(t);
    auto st = make_strategy("bl", t);
    int placed = 0;
    churn(*st, occ, rng, 800, 6, [&](const Occupancy& o, Shape s, const std::optional<Allocation>& a) {
      const bool any = exists_free(o, s.w, s.h) || (s.h <= o.width() && s.w <= o.height() && exists_free(o, s.h, s.w));
      REQUIRE(bool(a) == any);
      if (!a) return;
      ++placed;
      check_allocation(o, *a, s);
    });
    CHECK(placed > 50);
    auto whole = ask(*st, occ, {13, 15});
    REQUIRE(whole);
    CHECK(whole->blocks[0] == Block{0, 0, 13, 15});
  }
}

TEST_CASE("bl: long simulation keeps the invariants") {
  long_simulation("bl", TopologyKind::Mesh, 16, 16, 2000, 41);
  long_simulation("bl", TopologyKind::Mesh, 24, 16, 2000, 42);
}
