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
  test::StrategyOn m("fsl", Topology(TopologyKind::Mesh, 8, 8));
  CHECK(fsl_list(*m.st) == std::vector<Block>{{0, 0, 8, 8}});
  m.hold(1, Block{2, 3, 2, 2});
  // four maximal free sub-meshes around the busy block, largest first (ties: lowest y)
  CHECK(fsl_list(*m.st) == std::vector<Block>{{4, 0, 4, 8}, {0, 0, 8, 3}, {0, 5, 8, 3}, {0, 0, 2, 8}});
  CHECK(list_exact(*m.st, m.occ));
  m.free(1, Block{2, 3, 2, 2});
  CHECK(fsl_list(*m.st) == std::vector<Block>{{0, 0, 8, 8}});
}

TEST_CASE("fsl: best fit prefers a corner that breaks the fewest free sub-meshes") {
  test::StrategyOn m("fsl", Topology(TopologyKind::Mesh, 8, 8));
  // empty machine: any corner breaks only the whole machine; the first (lower-left) wins
  auto a = m.expect_first({3, 2}, Block{0, 0, 3, 2}, 1);
  // a 2x2 hole at the top-right corner region: free sub-meshes (0,0,8,6), (0,0,6,8), ...
  m.hold(1, Block{6, 6, 2, 2});
  m.hold(2, Block{0, 0, 8, 5});
  // free: rows 5 (width 8), rows 5..7 columns 0..5. Lists: (0,5,6,3), (0,5,8,1).
  CHECK(fsl_list(*m.st) == std::vector<Block>{{0, 5, 6, 3}, {0, 5, 8, 1}});
  // a 2x1 job: the corners of the 6x3 on row 5 break both sub-meshes, those on row 7 one; the
  // lower-right corner of the 8x1 strip, (6,5), also breaks only one and has the smaller host
  a = m.ask({2, 1}, 3);
  REQUIRE(a);
  CHECK(a->blocks[0] == Block{6, 5, 2, 1});
  // a 3x2 job fits only in the 6x3: its top corners break one sub-mesh, the bottom ones two
  a = m.ask({3, 2}, 3);
  REQUIRE(a);
  CHECK(a->blocks[0] == Block{0, 6, 3, 2});
}

TEST_CASE("property: fsl list equals the brute-force maximal free rectangles under random allocate/release, placements valid") {
  Rng rng(5);
  for (int trial = 0; trial < 40; ++trial) {
    // pre-existing arbitrary busy rectangles, as `place` reports them
    test::RandomBusy m(rng, false, {.lo = 4, .span = 14, .max_tries = 6, .max_side = 5}, "fsl");
    CHECK(list_exact(*m.st, m.occ));
    int ok = test::random_churn(*m.st, m.occ, rng, 150, 6, [&](const Occupancy& o) {
      REQUIRE(list_exact(*m.st, o));
      // completeness: fsl places whenever some free block of either orientation exists
    });
    CHECK(ok > 0);
    for (int k = 0; k < 10; ++k) {
      const Shape s = test::random_request(rng, m.t);
      auto a = m.ask(s, 5000);
      CHECK(bool(a) == test::exists_free_either(m.occ, s));
      if (a) test::check_allocation(m.occ, *a, s);
    }
  }
}

TEST_CASE("fsl: long random simulation keeps the invariants") {
  test::long_simulation("fsl", TopologyKind::Mesh, 16, 16);
  test::long_simulation("fsl", TopologyKind::Mesh, 20, 12, 2000, 9);
}

TEST_CASE("fsl: counted operations of an allocation's update, a release's rebuild and a decision, by hand") {
  // 4x4 mesh, job 0 busy at {2,2,2,2} (top right): the list is {0,0,4,2}, {0,0,2,4}.
  test::StrategyOn m("fsl", Topology(TopologyKind::Mesh, 4, 4));
  m.hold(0, Block{2, 2, 2, 2});
  REQUIRE(fsl_list(*m.st) == std::vector<Block>{{0, 0, 4, 2}, {0, 0, 2, 4}});
  // Allocation of B = {1,1,1,1}: its node marked (1); 2 entries visited (2), both meet B; their
  // 6 parts, sorted: Q0 {0,0,4,1}, Q1 {0,0,1,4}, Q2 {2,0,2,2}, Q3 {0,2,2,2}, Q4 {0,0,2,1},
  // Q5 {0,0,1,2}, read once for duplicates (6). No entry is untouched, so each part is tested
  // against the parts kept before it, then the other parts, up to the first container: Q0
  // against Q1..Q5 (5), Q1 against Q0 and 5 parts (6), Q2 against Q0, Q1 and 5 (7), Q3 against
  // Q0..Q2 and 5 (8); Q4 against Q0 (contains it: 1); Q5 against Q0, Q1 (contains it: 2). 29.
  CHECK(test::ops_during(*m.st, [&] { m.hold(1, Block{1, 1, 1, 1}); }) == 1 + 2 + 6 + 29);
  CHECK(list_exact(*m.st, m.occ));
  // Release of B: its node marked free (1); the list is rebuilt at the next look (fsl_list):
  // zero-fills of h and above (2 x 5 = 10); per row 2 x 4 (row y read, heights written),
  // 4 (row y + 1 read; none on the top row), 1 + 4 (above[0], the prefix counts written),
  // 4 (the stack sweep's heights): 21 on rows 0..2, 17 on row 3 (80); one stack entry per row,
  // pushed, popped and tested (4 x 3 = 12); 2 rectangles found ({0,0,4,2} on row 1, {0,0,2,4}
  // on row 3): 2. 104.
  CHECK(test::ops_during(*m.st, [&] { m.free(1, Block{1, 1, 1, 1}); }) == 1);
  std::vector<Block> list;
  CHECK(test::ops_during(*m.st, [&] { list = fsl_list(*m.st); }) == 10 + 80 + 12 + 2);
  CHECK(list == std::vector<Block>{{0, 0, 4, 2}, {0, 0, 2, 4}});
  // A 2x2 decision: the index (one 8x8 cell, 2 entries, 2 items): 3 x 2 (cells) + 3 x 2
  // (entries) + 2 x 2 (items) = 16. {0,0,4,2}: visited (1), gathered (1 cell, 2 items: 3),
  // corners tested against both entries up to the early stop: (0,0) 2 (frag 2), (2,0) 2
  // (frag 1, the best), (0,0) and (2,0) again 1 each (stop at frag 1): 10. {0,0,2,4}: 1 + 3,
  // corners (0,0) twice 1 each, (0,2) twice 2 each: 10. 36.
  CHECK(test::ops_during(*m.st, [&] { m.expect_first({2, 2}, Block{2, 0, 2, 2}); }) == 16 + 10 + 10);
}
