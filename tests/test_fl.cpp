// test_fl.cpp — Free List (`fl`, the papers' first fitting submesh, and `fl-best`, the best fit
// over every listed submesh): the list of maximal free submeshes against a recomputation from the
// occupancy after every event of long random sequences; the first fitting submesh vs the best
// boundary value; completeness in either orientation; a long simulation.
#include <doctest/doctest.h>
#include <algorithm>
#include "baselines.hpp"

namespace alloclab {
std::vector<Block> fl_free_list(const Strategy& s);  // defined in engine/alloc/fl.cpp
}

using namespace alloclab;

namespace {
void check_list(const Strategy& st, const Occupancy& occ) {
  const std::vector<Block> got = fl_free_list(st), want = test::maximal_free(occ);
  REQUIRE(got.size() == want.size());
  CHECK(got == want);
}
}  // namespace

TEST_CASE("fl: the free list on small hand-made states") {
  test::StrategyOn m("fl", Topology(TopologyKind::Mesh, 8, 8));
  CHECK(fl_free_list(*m.st) == std::vector<Block>{{0, 0, 8, 8}});
  m.hold(0, Block{2, 2, 3, 3});
  // left, below, right, above: four maximal submeshes
  CHECK(fl_free_list(*m.st) == std::vector<Block>{{0, 0, 8, 2}, {0, 0, 2, 8}, {5, 0, 3, 8}, {0, 5, 8, 3}});
  m.free(0, Block{2, 2, 3, 3});
  CHECK(fl_free_list(*m.st) == std::vector<Block>{{0, 0, 8, 8}});
}

TEST_CASE("fl-best: maximum boundary value among the corner candidates, both orientations") {
  test::StrategyOn m("fl-best", Topology(TopologyKind::Mesh, 8, 8));
  const Block busy[] = {{0, 0, 3, 2}, {5, 0, 3, 2}, {3, 2, 2, 1}};  // a snug 2x2 hole at (3,0)
  for (int i = 0; i < 3; ++i) m.hold(i, busy[i]);
  m.expect_first({2, 2}, Block{3, 0, 2, 2}, 9);  // BV 8: busy all round and the edge below
  // only a vertical strip: the request is rotated
  test::StrategyOn m2("fl-best", m.t);
  m2.hold(0, Block{0, 0, 7, 8});
  m2.expect_first({3, 1}, Block{7, 0, 1, 3}, 9);
}

TEST_CASE("fl: the first listed submesh that fits, its best corner; fl-best: the best corner of all") {
  // 8x8, a snug 2x2 hole at (3,6) at the top; rows 0..4 are wholly free. The list starts with
  // {0,0,8,5} (lowest base row, then column, then height): fl takes its best corner, a mesh
  // corner with boundary value 4, though the hole elsewhere in the list has 8.
  const Topology t(TopologyKind::Mesh, 8, 8);
  const Block busy[] = {{0, 6, 3, 2}, {5, 6, 3, 2}, {3, 5, 2, 1}};
  for (const char* id : {"fl", "fl-best"}) {
    Occupancy occ(t);
    auto st = test::make_strategy(id, t);
    for (int i = 0; i < 3; ++i) {
      occ.assign(busy[i], i);
      st->allocated(i, Allocation{{busy[i]}});
    }
    REQUIRE(fl_free_list(*st).front() == Block{0, 0, 8, 5});
    Rng rng(1);
    auto a = st->allocate(Request{9, {2, 2}}, occ, rng);
    REQUIRE(a);
    CAPTURE(id);
    CHECK(a->blocks[0] == (std::string_view(id) == "fl" ? Block{0, 0, 2, 2} : Block{3, 6, 2, 2}));
    CHECK(boundary_contact(occ, a->blocks[0]) == (std::string_view(id) == "fl" ? 4 : 8));
  }
}

TEST_CASE("fl: the list equals the recomputed maximal free submeshes after every event") {
  Rng rng(4242);
  for (int run = 0; run < 8; ++run) {
    const Topology t(TopologyKind::Mesh, 5 + run, 12 - run);
    test::random_events("fl", t, rng, 1200, 5, Finds::Either, check_list);
    test::random_events("fl-best", t, rng, 600, 5, Finds::Either, check_list);
  }
  // arbitrary rectangles reported as busy (CLI place), released in a random order
  for (int trial = 0; trial < 200; ++trial) {
    const int W = 1 + int(rng.below(12)), H = 1 + int(rng.below(12));  // sequenced (not two call arguments)
    const Topology t(TopologyKind::Mesh, W, H);
    test::StrategyOn m("fl", t);
    const int n = test::random_state(m.occ, rng, int(rng.below(20)), 5, m.st.get());
    check_list(*m.st, m.occ);
    std::vector<JobId> order;
    for (JobId j = 0; j < n; ++j) order.push_back(j);
    for (std::size_t i = order.size(); i > 1; --i) std::swap(order[i - 1], order[rng.below(i)]);
    for (JobId j : order) {
      Block b{};
      bool found = false;
      for (int y = 0; y < t.height() && !found; ++y)
        for (int x = 0; x < t.width() && !found; ++x)
          if (m.occ.owner(x, y) == j) { b.x = x; b.y = y; found = true; }
      REQUIRE(found);
      while (b.x + b.w < t.width() && m.occ.owner(b.x + b.w, b.y) == j) ++b.w;
      while (b.y + b.h < t.height() && m.occ.owner(b.x, b.y + b.h) == j) ++b.h;
      m.free(j, b);
      check_list(*m.st, m.occ);
    }
  }
}

TEST_CASE("fl: a long simulation ends with invariants intact") {
  CHECK(test::long_run("fl", "size=32x32&jobs=2000&arrival=poisson:0.05&service=exponential:20&seed=8") == 2000);
  CHECK(test::long_run("fl", "size=24x16&jobs=2000&arrival=batch&seed=9") == 2000);
  CHECK(test::long_run("fl-best", "size=32x32&jobs=1000&arrival=poisson:0.05&service=exponential:20&seed=8") == 1000);
}

TEST_CASE("fl: counted operations of an allocation's and a release's list update, by hand") {
  // 4x4 mesh, job 0 busy at {2,2,2,2} (top right): the list is {0,0,4,2} and {0,0,2,4}.
  test::StrategyOn m("fl", Topology(TopologyKind::Mesh, 4, 4));
  m.hold(0, Block{2, 2, 2, 2});
  REQUIRE(fl_free_list(*m.st) == std::vector<Block>{{0, 0, 4, 2}, {0, 0, 2, 4}});
  // Allocation of B = {1,1,1,1}: its 1 node marked (1); 2 entries visited (2), both meet B.
  // Parts: P0 {0,0,1,2}, P1 {2,0,2,2}, P2 {0,0,4,1} of the first; P3 {0,0,1,4}, P4 {0,0,2,1},
  // P5 {0,2,2,2} of the second; no entry is kept, so each part is tested against the other
  // parts up to the first that contains it: P0 against P1, P2, P3 (contains it): 3; P1, P2, P3
  // and P5 against all five others: 5 each; P4 against P0, P1, P2 (contains it): 3. 26 tests.
  CHECK(test::ops_during(*m.st, [&] { m.hold(1, Block{1, 1, 1, 1}); }) == 1 + 2 + 26);
  check_list(*m.st, m.occ);
  REQUIRE(fl_free_list(*m.st) == std::vector<Block>{{0, 0, 4, 1}, {0, 0, 1, 4}, {2, 0, 2, 2}, {0, 2, 2, 2}});
  // Release of B: its node marked free (1). The sweep (maximal_meeting), rows 1..3:
  //  - below B (row 0): each column reads one free node and reaches the edge, h[x] written: 4 x 2 = 8;
  //  - row 1: nodes read and heights written (8); no reach test in B's rows; the stack sweep
  //    reads 4 heights (4), pushes and pops 4 entries (4 x 2 = 8: each of columns 1..3 pops
  //    its equal left neighbour, the end pops the last); {0,0,4,2} is up-maximal: row 2 read
  //    at x = 0, 1 (free), 2 (busy): 3. 23 in all;
  //  - row 2: 8; reach test h[1] = 3 >= 2: 1; heights 4; 2 entries pushed and popped (4);
  //    {0,0,2,3} is not up-maximal: row 3 read at x = 0, 1 (both free): 2. 19;
  //  - row 3: 8; reach 1; heights 4; 2 entries (4); {0,0,2,4} is up-maximal at the top row
  //    without a read. 17.
  // 8 + 23 + 19 + 17 = 67; 2 new rectangles {0,0,4,2}, {0,0,2,4}. Then the 4 entries visited
  // (4), each tested against the new rectangles up to the first container: {0,0,4,1} 1,
  // {0,0,1,4} 2, {2,0,2,2} 1, {0,2,2,2} 2: 6.
  CHECK(test::ops_during(*m.st, [&] { m.free(1, Block{1, 1, 1, 1}); }) == 1 + 67 + 4 + 6);
  check_list(*m.st, m.occ);
  // A 2x2 decision: the first entry {0,0,4,2} visited (1); its corners (0,0), (2,0), (0,0),
  // (2,0) scored, each with two sides on the mesh edge (no node read there) and two of 2 nodes
  // read (4 x 4); boundary values 4, 6 (job 0 above (2,0), the edge right of it), 4, 6. Its
  // best is taken (fl: the first fitting entry).
  CHECK(test::ops_during(*m.st, [&] { m.expect_first({2, 2}, Block{2, 0, 2, 2}); }) == 1 + 4 * 4);
}
