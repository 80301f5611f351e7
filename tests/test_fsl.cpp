// test_fsl.cpp — Free Sub-List: the list (update rule on allocation, recomputation on release)
// against the brute-force maximal free rectangles of tests/oracle.hpp, best fit, validity.
#include <doctest/doctest.h>
#include <algorithm>
#include <tuple>
#include "strategy_runs.hpp"

namespace alloclab {
std::vector<Block> fsl_list(Strategy& s);  // defined in engine/alloc/fsl.cpp
}  // namespace alloclab

using namespace alloclab;

namespace {
// FSL's list equals every maximal free rectangle of the occupancy, in the list's documented
// order (decreasing area, then lowest y, lowest x, widest).
bool list_exact(Strategy& st, const Occupancy& occ) {
  std::vector<Block> want = test::maximal_free(occ);
  std::sort(want.begin(), want.end(), [](const Block& a, const Block& b) {
    return std::make_tuple(-a.area(), a.y, a.x, -a.w) < std::make_tuple(-b.area(), b.y, b.x, -b.w);
  });
  return fsl_list(st) == want;
}
}  // namespace

TEST_CASE("fsl: free sub-list of maximal free sub-meshes") {
  Topology t(TopologyKind::Mesh, 8, 8);
  Occupancy occ(t);
  auto st = test::make_strategy("fsl", t);
  CHECK(fsl_list(*st) == std::vector<Block>{{0, 0, 8, 8}});
  occ.assign(Block{2, 3, 2, 2}, 1);
  st->allocated(1, Allocation{{Block{2, 3, 2, 2}}});
  // four maximal free sub-meshes around the busy block, largest first (ties: lowest y)
  CHECK(fsl_list(*st) == std::vector<Block>{{4, 0, 4, 8}, {0, 0, 8, 3}, {0, 5, 8, 3}, {0, 0, 2, 8}});
  CHECK(list_exact(*st, occ));
  occ.release(Block{2, 3, 2, 2}, 1);
  st->released(1, Allocation{{Block{2, 3, 2, 2}}});
  CHECK(fsl_list(*st) == std::vector<Block>{{0, 0, 8, 8}});
}

TEST_CASE("fsl: best fit prefers a corner that breaks the fewest free sub-meshes") {
  Topology t(TopologyKind::Mesh, 8, 8);
  Occupancy occ(t);
  auto st = test::make_strategy("fsl", t);
  Rng rng(1);
  // empty machine: any corner breaks only the whole machine; the first (lower-left) wins
  auto a = st->allocate(Request{1, {3, 2}}, occ, rng);
  REQUIRE(a);
  CHECK(a->blocks[0] == Block{0, 0, 3, 2});
  // a 2x2 hole at the top-right corner region: free sub-meshes (0,0,8,6), (0,0,6,8), ...
  occ.assign(Block{6, 6, 2, 2}, 1);
  st->allocated(1, Allocation{{Block{6, 6, 2, 2}}});
  occ.assign(Block{0, 0, 8, 5}, 2);
  st->allocated(2, Allocation{{Block{0, 0, 8, 5}}});
  // free: rows 5 (width 8), rows 5..7 columns 0..5. Lists: (0,5,6,3), (0,5,8,1).
  CHECK(fsl_list(*st) == std::vector<Block>{{0, 5, 6, 3}, {0, 5, 8, 1}});
  // a 2x1 job: the corners of the 6x3 on row 5 break both sub-meshes, those on row 7 one; the
  // lower-right corner of the 8x1 strip, (6,5), also breaks only one and has the smaller host
  a = st->allocate(Request{3, {2, 1}}, occ, rng);
  REQUIRE(a);
  CHECK(a->blocks[0] == Block{6, 5, 2, 1});
  // a 3x2 job fits only in the 6x3: its top corners break one sub-mesh, the bottom ones two
  a = st->allocate(Request{3, {3, 2}}, occ, rng);
  REQUIRE(a);
  CHECK(a->blocks[0] == Block{0, 6, 3, 2});
}

TEST_CASE("property: fsl list equals the brute-force maximal free rectangles under random allocate/release, placements valid") {
  Rng rng(5);
  for (int trial = 0; trial < 40; ++trial) {
    const int W = 4 + int(rng.below(14)), H = 4 + int(rng.below(14));
    Topology t(TopologyKind::Mesh, W, H);
    Occupancy occ(t);
    auto st = test::make_strategy("fsl", t);
    // pre-existing arbitrary busy rectangles, as `place` reports them
    test::random_state(occ, rng, int(rng.below(6)), 5, st.get());
    CHECK(list_exact(*st, occ));
    int ok = test::random_churn(*st, occ, rng, 150, 6, [&](const Occupancy& o) {
      REQUIRE(list_exact(*st, o));
      // completeness: fsl places whenever some free block of either orientation exists
    });
    CHECK(ok > 0);
    for (int k = 0; k < 10; ++k) {
      Shape s{1 + int(rng.below(std::uint64_t(W))), 1 + int(rng.below(std::uint64_t(H)))};
      auto a = st->allocate(Request{5000, s}, occ, rng);
      const bool any = test::exists_free(occ, s.w, s.h) || (s.h <= W && s.w <= H && test::exists_free(occ, s.h, s.w));
      CHECK(bool(a) == any);
      if (a) test::check_allocation(occ, *a, s);
    }
  }
}

TEST_CASE("fsl: long random simulation keeps the invariants") {
  test::long_simulation("fsl", TopologyKind::Mesh, 16, 16);
  test::long_simulation("fsl", TopologyKind::Mesh, 20, 12, 2000, 9);
}
