// test_asff.cpp — ASFF and Flex-fold: the thesis's shape lists, order, brute-force properties.
#include <doctest/doctest.h>
#include "alloc/shapes.hpp"
#include "strategy_runs.hpp"

using namespace alloclab;

namespace {
std::optional<Allocation> place(std::string_view id, const Occupancy& occ, Shape s) {
  auto st = test::make_strategy(id, occ.topology());
  Rng rng(1);
  return st->allocate(Request{99, s}, occ, rng);
}
bool any_shape_free(const Occupancy& occ, int n) {
  for (int w = 1; w <= n; ++w)
    if (n % w == 0 && w <= occ.width() && n / w <= occ.height() && test::exists_free(occ, w, n / w)) return true;
  return false;
}
}  // namespace

TEST_CASE("asff: Al Shdefat 2019 worked example, 12 processors on 6x6 -> (4,3),(3,4),(6,2),(2,6)") {
  const std::vector<Shape> want{{4, 3}, {3, 4}, {6, 2}, {2, 6}};
  CHECK(asff_shapes(12, 6, 6) == want);
  CHECK(asff_shapes(25, 6, 6) == std::vector<Shape>{{5, 5}});
  // on a bigger machine the thin shapes come last, wide before tall
  CHECK(asff_shapes(12, 16, 16) == std::vector<Shape>{{4, 3}, {3, 4}, {6, 2}, {2, 6}, {12, 1}, {1, 12}});
  // non-square machine: an orientation that does not fit is dropped on its own
  CHECK(asff_shapes(12, 12, 3) == std::vector<Shape>{{4, 3}, {6, 2}, {12, 1}});
  CHECK(asff_shapes(7, 4, 4).empty());
}

TEST_CASE("asff: tries the shapes in order, first fit each") {
  Occupancy occ(Topology(TopologyKind::Mesh, 6, 6));
  // request 2x6 (12 nodes): ASFF starts with 4x3 at the lowest leftmost free base
  auto a = place("asff", occ, {2, 6});
  REQUIRE(a);
  CHECK(a->blocks[0] == Block{0, 0, 4, 3});
  // rows 0..3 busy except a 6x2 band at the top: only 6x2 fits (after 4x3, 3x4 fail)
  occ.assign(Block{0, 0, 6, 4}, 1);
  a = place("asff", occ, {3, 4});
  REQUIRE(a);
  CHECK(a->blocks[0] == Block{0, 4, 6, 2});
  // columns free only: 2x6 is the last resort
  Occupancy o2(Topology(TopologyKind::Mesh, 6, 6));
  o2.assign(Block{2, 0, 4, 6}, 1);
  a = place("asff", o2, {4, 3});
  REQUIRE(a);
  CHECK(a->blocks[0] == Block{0, 0, 2, 6});
}

TEST_CASE("flexfold: shape list and folding") {
  CHECK(flexfold_shapes({4, 6}, 16, 16) == std::vector<Shape>{{4, 6}, {6, 4}, {2, 12}, {8, 3}});
  CHECK(flexfold_shapes({3, 5}, 16, 16) == std::vector<Shape>{{3, 5}, {5, 3}});
  CHECK(flexfold_shapes({2, 2}, 16, 16) == std::vector<Shape>{{2, 2}, {1, 4}, {4, 1}});
  CHECK(flexfold_shapes({4, 6}, 8, 8) == std::vector<Shape>{{4, 6}, {6, 4}, {8, 3}});
  // only a 2-row band free: (4,4) -> (2,8)? no; (8,2) yes
  Occupancy occ(Topology(TopologyKind::Mesh, 8, 8));
  occ.assign(Block{0, 2, 8, 6}, 1);
  auto a = place("flexfold", occ, {4, 4});
  REQUIRE(a);
  CHECK(a->blocks[0] == Block{0, 0, 8, 2});
  CHECK_FALSE(place("flexfold", occ, {3, 5}));
}

TEST_CASE("property: asff complete over all shapes, flexfold complete over its list") {
  Rng rng(11);
  for (int trial = 0; trial < 500; ++trial) {
    const bool torus = trial % 4 == 0;
    test::RandomTrial m(rng, torus, {.lo = 2, .span = 13, .max_tries = 12, .max_side = 6});
    const int W = m.t.width(), H = m.t.height();
    auto a = place("asff", m.occ, m.s);
    CHECK_MESSAGE(bool(a) == any_shape_free(m.occ, m.s.area()), "trial ", trial);
    if (a) test::check_allocation(m.occ, *a, m.s);
    bool ff_any = false;
    for (Shape f : flexfold_shapes(m.s, W, H)) ff_any = ff_any || test::exists_free(m.occ, f.w, f.h);
    auto b = place("flexfold", m.occ, m.s);
    CHECK_MESSAGE(bool(b) == ff_any, "trial ", trial);
    if (b) test::check_allocation(m.occ, *b, m.s);
  }
}

TEST_CASE("asff/flexfold: long random simulations keep the invariants") {
  test::long_simulation("asff", TopologyKind::Mesh, 16, 16);
  test::long_simulation("asff", TopologyKind::Torus, 12, 10);
  test::long_simulation("flexfold", TopologyKind::Mesh, 16, 16);
  test::long_simulation("flexfold", TopologyKind::Torus, 10, 12);
}
