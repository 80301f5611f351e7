// test_lssa.cpp — LSSA: the thesis's L-shape lists, the search order, brute-force properties.
#include <doctest/doctest.h>
#include "alloc/shapes.hpp"
#include "strategy_runs.hpp"

using namespace alloclab;

namespace {
std::optional<Allocation> place(const Occupancy& occ, Shape s) {
  auto st = test::make_strategy("lssa", occ.topology());
  Rng rng(1);
  return st->allocate(Request{99, s}, occ, rng);
}
// Brute force, independent of the strategy's offsets: the L of tuple (c,d,e,f) as a set of
// cells (the c×d leg with the e×f leg on its right, bottoms aligned), every image of it under
// the 8 rotations/reflections (only the 4 that keep the legs side by side for a square request:
// "L-shaping applied only to one side"), at every translation whose bounding box fits the
// machine (wrapping on a torus). Does any of them have every cell free?
bool any_l_free(const Occupancy& occ, Shape r) {
  const Topology& t = occ.topology();
  const int W = t.width(), H = t.height();
  for (const LShape& l : lssa_lshapes(r.w, r.h)) {
    std::vector<Coord> base;
    for (int y = 0; y < l.d; ++y)
      for (int x = 0; x < l.c; ++x) base.push_back({x, y});
    for (int y = 0; y < l.f; ++y)
      for (int x = 0; x < l.e; ++x) base.push_back({l.c + x, y});
    for (int g = 0; g < 8; ++g) {
      const bool swap_xy = g & 4, mx = g & 1, my = g & 2;
      if (r.w == r.h && swap_xy) continue;
      std::vector<Coord> cells;
      int bw = 0, bh = 0;
      for (Coord c : base) {
        Coord d = swap_xy ? Coord{c.y, c.x} : c;
        cells.push_back(d);
        bw = std::max(bw, d.x + 1), bh = std::max(bh, d.y + 1);
      }
      for (Coord& c : cells) {
        if (mx) c.x = bw - 1 - c.x;
        if (my) c.y = bh - 1 - c.y;
      }
      if (bw > W || bh > H) continue;
      for (int y = 0; y < H; ++y)
        for (int x = 0; x < W; ++x) {
          if (!t.wraps() && (x + bw > W || y + bh > H)) continue;
          bool ok = true;
          for (Coord c : cells)
            if (!occ.is_free((x + c.x) % W, (y + c.y) % H)) { ok = false; break; }
          if (ok) return true;
        }
    }
  }
  return false;
}
// The machine state mirrored left-right (mx), up-down (my) or transposed (swap_xy).
Occupancy mirrored(const Occupancy& occ, bool mx, bool my, bool swap_xy) {
  const Topology& t = occ.topology();
  const int W = t.width(), H = t.height();
  Occupancy out(Topology(t.wraps() ? TopologyKind::Torus : TopologyKind::Mesh, swap_xy ? H : W, swap_xy ? W : H));
  for (int y = 0; y < H; ++y)
    for (int x = 0; x < W; ++x)
      if (!occ.is_free(x, y)) {
        int u = mx ? W - 1 - x : x, v = my ? H - 1 - y : y;
        if (swap_xy) std::swap(u, v);
        out.assign(Block{u, v, 1, 1}, occ.owner(x, y));
      }
  return out;
}
}  // namespace

TEST_CASE("lssa: Al Shdefat 2019 worked L-shape lists (8,6) and (5,5)") {
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

TEST_CASE("lssa: an L with its long leg on the right or below is found (mirror of a placed state)") {
  // 4x4 mesh, a 2x2 busy block in the top right: the free L is the left two columns plus the
  // bottom two rows' right half; its mirror image (busy block top left) needs the long leg on
  // the right.
  for (int mirror = 0; mirror < 2; ++mirror) {
    Occupancy occ(Topology(TopologyKind::Mesh, 4, 4));
    occ.assign(mirror ? Block{0, 2, 2, 2} : Block{2, 2, 2, 2}, 1);
    auto a = place(occ, {4, 3});
    REQUIRE_MESSAGE(a, "mirror ", mirror);
    test::check_allocation(occ, *a, {4, 3});
    CHECK(test::blocks_connected(occ.topology(), *a));
    CHECK(a->blocks == (mirror ? std::vector<Block>{{2, 0, 2, 4}, {0, 0, 2, 2}} : std::vector<Block>{{0, 0, 2, 4}, {2, 0, 2, 2}}));
  }
}

TEST_CASE("property: lssa gives mirrored answers on mirrored states (left-right, up-down, transposed)") {
  Rng rng(77);
  int ls = 0;
  for (int trial = 0; trial < 1200; ++trial) {
    const bool torus = trial % 3 == 0;
    const int W = 3 + int(rng.below(9)), H = 3 + int(rng.below(9));
    Occupancy occ(Topology(torus ? TopologyKind::Torus : TopologyKind::Mesh, W, H));
    test::random_state(occ, rng, 2 + int(rng.below(12)), 4);
    const Shape s{2 + int(rng.below(std::uint64_t(std::min(W, 7) - 1))), 2 + int(rng.below(std::uint64_t(std::min(H, 7) - 1)))};
    const auto a = place(occ, s);
    ls += a && a->blocks.size() == 2;
    for (int g = 1; g < 8; ++g) {
      const bool mx = g & 1, my = g & 2, tr = g & 4;
      if (tr && s.w == s.h) continue;  // a square request is L-shaped on one side only
      const Occupancy m = mirrored(occ, mx, my, tr);
      const auto b = place(m, tr ? s.rotated() : s);
      CHECK_MESSAGE(bool(a) == bool(b), "trial ", trial, " mirror ", g, " torus ", torus, " ", W, "x", H, " req ", s.w, "x", s.h);
      if (b) test::check_allocation(m, *b, tr ? s.rotated() : s);
    }
  }
  CHECK(ls > 20);
}

TEST_CASE("lssa: long random simulations keep the invariants") {
  test::long_simulation("lssa", TopologyKind::Mesh, 16, 16);
  test::long_simulation("lssa", TopologyKind::Torus, 12, 10);
}
