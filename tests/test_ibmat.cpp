// test_ibmat.cpp — IBMAT (Jakimczuk et al. 2013 §III): the coverage array by hand (wrapping cases of Fig. 3),
// the coverage array against the brute-force base oracle, recognition completeness, and a long
// torus simulation.
#include <doctest/doctest.h>
#include "baselines.hpp"
#include <string>
#include "alloc/torus_views.hpp"
#include "oracle.hpp"
#include "simulation.hpp"

using namespace alloclab;

namespace {
std::optional<Allocation> place(Occupancy& occ, Shape s) {
  auto st = find_strategy("ibmat")->make(occ.topology(), StrategyParams{});
  Rng rng(1);
  return st->allocate(Request{99, s}, occ, rng);
}
// CT drawn as text, top row first: '.' base, 'J' job, 'L' left, 'B' bottom, 'E' edge.
std::string draw(const std::vector<Coverage>& ct, int W, int H) {
  std::string s;
  for (int y = H - 1; y >= 0; --y) {
    for (int x = 0; x < W; ++x) s += ".JLBE"[int(ct[std::size_t(y * W + x)])];
    s += '\n';
  }
  return s;
}
}  // namespace

TEST_CASE("ibmat: coverage of a sub-torus wrapping both edges (Fig. 3 case 1)") {
  // T(6,6); busy β = [<5,5> <0,0>] (2x2, wraps in x and y). For J(2,2) the coverage is the
  // columns 4,5,0 × rows 4,5,0: β itself (J), one column to its left (L), one row below (B).
  Occupancy occ(Topology(TopologyKind::Torus, 6, 6));
  occ.assign(Block{5, 5, 2, 2}, 0);
  CHECK(draw(ibmat_coverage(occ, {2, 2}), 6, 6) ==
        "J...LJ\n"   // y=5
        "B...BB\n"   // y=4
        "......\n"
        "......\n"
        "......\n"
        "J...LJ\n");  // y=0
  // J(3,1): left coverage is two columns wide and wraps with the job: no bottom coverage.
  CHECK(draw(ibmat_coverage(occ, {3, 1}), 6, 6) ==
        "J..LLJ\n"
        "......\n"
        "......\n"
        "......\n"
        "......\n"
        "J..LLJ\n");
  // First base row-major from the bottom: (1,0).
  auto a = place(occ, {2, 2});
  REQUIRE(a);
  CHECK(a->blocks[0] == Block{1, 0, 2, 2});
}

TEST_CASE("ibmat: coverage wrapping in y only (case 2) and x only (case 3)") {
  // T(5,4); β = [<1,3> <2,0>] wraps in y: 2 columns × rows 3,0. J(2,3).
  Occupancy occ(Topology(TopologyKind::Torus, 5, 4));
  occ.assign(Block{1, 3, 2, 2}, 0);
  CHECK(draw(ibmat_coverage(occ, {2, 3}), 5, 4) ==
        "LJJ..\n"   // y=3
        "BBB..\n"   // y=2: bottom coverage, the q−1 = 2 rows below β's lower row 3
        "BBB..\n"   // y=1
        "LJJ..\n");  // y=0
  // T(4,5); β = [<3,2> <0,2>] wraps in x: 2×1 at columns 3,0 of row 2. J(3,2).
  Occupancy o2(Topology(TopologyKind::Torus, 4, 5));
  o2.assign(Block{3, 2, 2, 1}, 0);
  CHECK(draw(ibmat_coverage(o2, {3, 2}), 4, 5) ==
        "....\n"
        "....\n"
        "JLLJ\n"
        "BBBB\n"   // the left coverage (columns 1,2) plus β (3,0): the whole row below
        "....\n");
  auto a = place(o2, {3, 2});
  REQUIRE(a);
  CHECK(a->blocks[0] == Block{0, 0, 3, 2});  // rows 0,1 are free: row 1 is covered only as a base
}

TEST_CASE("ibmat: on a mesh it is IFF, with edge coverage") {
  Occupancy occ(Topology(TopologyKind::Mesh, 5, 4));
  occ.assign(Block{2, 1, 1, 1}, 0);
  CHECK(draw(ibmat_coverage(occ, {2, 2}), 5, 4) ==
        "EEEEE\n"
        "....E\n"
        ".LJ.E\n"
        ".BB.E\n");
}

TEST_CASE("ibmat: CT bases equal the oracle; complete in either orientation; first base row-major") {
  Rng rng(2024);
  for (int trial = 0; trial < 600; ++trial) {
    const bool torus = trial % 4 != 0;
    test::RandomTrial m(rng, torus, {.lo = 1, .span = 14, .max_tries = 14, .max_side = 7});
    const int W = m.t.width(), H = m.t.height();
    // Coverage complement == every free base, for both orientations that fit.
    for (Shape o : {m.s, m.s.rotated()}) {
      if (o.w > W || o.h > H) continue;
      const auto ct = ibmat_coverage(m.occ, o);
      for (int y = 0; y < H; ++y)
        for (int x = 0; x < W; ++x)
          REQUIRE_MESSAGE((ct[std::size_t(y * W + x)] == Coverage::Base) == m.occ.block_free(Block{x, y, o.w, o.h}),
                          "trial ", trial, " base (", x, ",", y, ") ", o.w, "x", o.h);
    }
    const bool fits = test::exists_free(m.occ, m.s.w, m.s.h);
    const bool fits_rot = m.s.h <= W && m.s.w <= H && test::exists_free(m.occ, m.s.h, m.s.w);
    auto a = place(m.occ, m.s);
    CHECK_MESSAGE(bool(a) == (fits || fits_rot), "trial ", trial);
    if (!a) continue;
    test::check_allocation(m.occ, *a, m.s);
    const Shape got{a->blocks[0].w, a->blocks[0].h};
    CHECK((fits ? got == m.s : got == m.s.rotated()));
    int x, y;
    REQUIRE(m.occ.free_bases(got.w, got.h).first(x, y));
    CHECK(a->blocks[0].x == x);
    CHECK(a->blocks[0].y == y);
  }
}

TEST_CASE("ibmat: long torus simulation keeps the invariants") {
  CHECK(test::long_run("ibmat", "topology=torus&size=20x14&jobs=2000&job_size=uniform:1-9&arrival=poisson:0.05&seed=4") == 2000);
}
