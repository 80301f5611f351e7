// test_lssa.cpp — LSSA: the thesis's L-shape lists, the search order, brute-force properties.
#include <doctest/doctest.h>
#include "alloc/shapes.hpp"
#include "strat_c_helpers.hpp"

using namespace alloclab;

namespace {
std::optional<Allocation> place(const Occupancy& occ, Shape s) {
  auto st = test::make_strategy("lssa", occ.topology());
  Rng rng(1);
  return st->allocate(Request{99, s}, occ, rng);
}
bool free_block(const Occupancy& occ, int x, int y, int w, int h) {
  const Topology& t = occ.topology();
  if (t.wraps()) x %= t.width(), y %= t.height();
  return occ.block_free(Block{x, y, w, h});
}
// Brute force: does any L of the four types (both orientations) fit anywhere?
bool any_l_free(const Occupancy& occ, Shape r) {
  const Topology& t = occ.topology();
  const int W = t.width(), H = t.height();
  for (const LShape& l : lssa_lshapes(r.w, r.h))
    for (int hz = 0; hz < 2; ++hz) {
      if (r.w == r.h && !hz) continue;  // squares: L-shaping on one side only
      for (int al = 0; al < 2; ++al) {
        const int bw = hz ? l.c + l.e : l.d, bh = hz ? l.d : l.c + l.e;
        if (bw > W || bh > H) continue;
        for (int y = 0; y < H; ++y)
          for (int x = 0; x < W; ++x) {
            if (!t.wraps() && (x + bw > W || y + bh > H)) continue;
            bool ok = hz ? free_block(occ, x, y, l.c, l.d) && free_block(occ, x + l.c, y + (al ? l.d - l.f : 0), l.e, l.f)
                         : free_block(occ, x, y + l.e, l.d, l.c) && free_block(occ, x + (al ? l.d - l.f : 0), y, l.f, l.e);
            if (ok) return true;
          }
      }
    }
  return false;
}
}  // namespace

TEST_CASE("lssa: seed 003 worked L-shape lists (8,6) and (5,5)") {
  CHECK(lssa_lshapes(8, 6) == std::vector<LShape>{{4, 7, 4, 5}, {4, 8, 4, 4}, {4, 9, 4, 3}, {4, 10, 4, 2}});
  CHECK(lssa_lshapes(5, 5) == std::vector<LShape>{{3, 7, 2, 2}, {4, 6, 1, 1}});
  CHECK(lssa_lshapes(6, 8) == lssa_lshapes(8, 6));  // normalised to a >= b
  CHECK(lssa_lshapes(7, 3) == std::vector<LShape>{{2, 8, 5, 1}});  // bound -1 -> k = -1
  CHECK(lssa_lshapes(5, 1).empty());
  // every tuple has the request's area and widths summing to the long side
  for (int a = 2; a <= 40; ++a)
    for (int b = 2; b <= a; ++b)
      for (const LShape& l : lssa_lshapes(a, b)) {
        CHECK(l.c * l.d + l.e * l.f == a * b);
        CHECK(l.c + l.e == a);
        CHECK(l.d > l.f);
      }
  // k steps by 1 below 4, then by floor(b/4): (8,20)... a >= b: (20,12): k = 1,2,3,4,7,10
  std::vector<int> ks;
  for (const LShape& l : lssa_lshapes(20, 12)) ks.push_back(l.d - 12);
  CHECK(ks == std::vector<int>{1, 2, 3, 4, 7, 10});
}

TEST_CASE("lssa: rectangles first (request, rotation, folds), then an L of two blocks") {
  Occupancy occ(Topology(TopologyKind::Mesh, 8, 8));
  auto a = place(occ, {4, 2});
  REQUIRE(a);
  CHECK(a->blocks == std::vector<Block>{{0, 0, 4, 2}});
  // free = x 0..2, y 0..6 (3x7) and x 3..4, y 0..1 (2x2): exactly the first L of (5,5)
  occ.assign(Block{3, 2, 5, 6}, 1);
  occ.assign(Block{5, 0, 3, 2}, 2);
  occ.assign(Block{0, 7, 3, 1}, 3);
  CHECK_FALSE(test::exists_free(occ, 5, 5));
  auto l = place(occ, {5, 5});
  REQUIRE(l);
  REQUIRE(l->blocks.size() == 2);
  test::check_allocation(occ, *l, {5, 5});
  CHECK(test::blocks_connected(occ.topology(), *l));
  // first L tuple (3,7,2,2), bottom-aligned: SL 3x7 at (0,0), SR 2x2 at (3,0)
  CHECK(l->blocks == std::vector<Block>{{0, 0, 3, 7}, {3, 0, 2, 2}});
}

TEST_CASE("property: lssa placements valid and connected; complete over rectangles and Ls") {
  Rng rng(21);
  int ls = 0;
  for (int trial = 0; trial < 1500; ++trial) {
    const bool torus = trial % 4 == 0;
    const int W = 3 + int(rng.below(10)), H = 3 + int(rng.below(10));
    Occupancy occ(Topology(torus ? TopologyKind::Torus : TopologyKind::Mesh, W, H));
    test::random_state(occ, rng, int(rng.below(14)), 4);
    const Shape s{1 + int(rng.below(std::uint64_t(std::min(W, 8)))), 1 + int(rng.below(std::uint64_t(std::min(H, 8))))};
    std::vector<Shape> fl{s, s.rotated()};
    if (s.w % 2 == 0) fl.insert(fl.end(), {{s.w / 2, 2 * s.h}, {2 * s.h, s.w / 2}});
    if (s.h % 2 == 0) fl.insert(fl.end(), {{s.h / 2, 2 * s.w}, {2 * s.w, s.h / 2}});
    bool rect = false;
    for (Shape f : fl)
      if (f.w <= W && f.h <= H && test::exists_free(occ, f.w, f.h)) rect = true;
    auto a = place(occ, s);
    if (a) {
      test::check_allocation(occ, *a, s);
      CHECK(test::blocks_connected(occ.topology(), *a));
      ls += a->blocks.size() == 2;
    }
    if (rect) CHECK_MESSAGE(a, "trial ", trial);
    if (a && a->blocks.size() == 2) CHECK_FALSE(rect);
    if (!rect) CHECK_MESSAGE(bool(a) == any_l_free(occ, s), "trial ", trial, " torus ", torus, " ", W, "x", H, " req ", s.w, "x", s.h);
  }
  CHECK(ls > 10);
}

TEST_CASE("lssa: long random simulations keep the invariants") {
  test::long_simulation("lssa", TopologyKind::Mesh, 16, 16);
  test::long_simulation("lssa", TopologyKind::Torus, 12, 10);
}
