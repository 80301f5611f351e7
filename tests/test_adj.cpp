// test_adj.cpp — Adjacency strategy: the survey's "fewest adjacent busy nodes" preference
// (opposite to BF's), completeness in the requested orientation, validity, a long simulation.
#include <doctest/doctest.h>
#include "baselines.hpp"

using namespace alloclab;

namespace {
// A strategy told about every busy block of `busy` (jobs 0, 1, ...), and the occupancy.
struct State {
  Occupancy occ;
  std::unique_ptr<Strategy> st;
  State(std::string_view id, int W, int H, std::initializer_list<Block> busy)
      : occ(Topology(TopologyKind::Mesh, W, H)), st(test::make_strategy(id, occ.topology())) {
    JobId j = 0;
    for (const Block& b : busy) {
      occ.assign(b, j);
      st->allocated(j, Allocation{{b}});
      ++j;
    }
  }
  std::optional<Block> place(Shape s) { return test::place_contiguous(*st, occ, s); }
};
}  // namespace

TEST_CASE("adj: chooses the FEWEST adjacent busy nodes, where bf chooses the most") {
  // 8x8, busy 2x2 in the lower-left corner, a 1x1 request.
  // bf: (2,0) touches the busy block and the bottom edge (2) -> first such base in FF order.
  // adj: the free corners (7,0), (0,7), (7,7) have no busy neighbour -> lowest row: (7,0).
  State bf("bf", 8, 8, {{0, 0, 2, 2}});
  State adj("adj", 8, 8, {{0, 0, 2, 2}});
  CHECK(bf.place({1, 1}) == Block{2, 0, 1, 1});
  CHECK(adj.place({1, 1}) == Block{7, 0, 1, 1});

  // All four corners taken: only periphery candidates remain, none with score 0. (1,0) has
  // one busy neighbour, (0,0), on its left side; it is the first base with score 1.
  State adj2("adj", 8, 8, {{0, 0, 1, 1}, {7, 0, 1, 1}, {0, 7, 1, 1}, {7, 7, 1, 1}, {3, 3, 2, 2}});
  CHECK(adj2.place({2, 2}) == Block{1, 0, 2, 2});

  // A notch: busy blocks leave a snug 2x2 hole at (3,0) (6 busy neighbours + 2 edge nodes).
  State adj3("adj", 8, 8, {{0, 0, 3, 2}, {5, 0, 3, 2}, {3, 2, 2, 1}});
  State bf3("bf", 8, 8, {{0, 0, 3, 2}, {5, 0, 3, 2}, {3, 2, 2, 1}});
  CHECK(bf3.place({2, 2}) == Block{3, 0, 2, 2});  // the snug hole
  const auto a = adj3.place({2, 2});
  REQUIRE(a);
  CHECK(*a == Block{0, 6, 2, 2});  // a free corner far from everything (score 0)
}

TEST_CASE("adj: the mesh edge is not an adjacent busy node; only the requested orientation") {
  State s("adj", 6, 6, {{0, 0, 6, 5}});  // one free row on top
  CHECK(s.place({6, 1}) == Block{0, 5, 6, 1});
  CHECK_FALSE(s.place({1, 2}));  // would need rotation
  State e("adj", 6, 6, {});
  CHECK(e.place({3, 5}) == Block{0, 0, 3, 5});  // empty mesh: the corner (0,0)
}

TEST_CASE("adj: a long simulation ends with invariants intact") {
  CHECK(test::long_run("adj", "size=32x32&jobs=2000&arrival=poisson:0.05&service=exponential:20&seed=5") == 2000);
}

TEST_CASE("adj: a decision counts the busy-list entries and only the perimeter sides it reads") {
  // 4x4 mesh, node (1,1) busy, request 2x2: free bases (2,0), (2,1), (2,2), (0,2), (1,2).
  State s("adj", 4, 4, {{1, 1, 1, 1}});
  Ops query = 0;
  (void)s.occ.free_bases(2, 2, query);  // the free-base query, counted as in occupancy.cpp
  std::optional<Block> got;
  const Ops ops = test::ops_during(*s.st, [&] { got = s.place({2, 2}); });
  CHECK(got == Block{2, 2, 2, 2});
  // Candidates considered: 4 corners + the busy entry's 2 rows (y 0, 1) x right/left + its 2
  // columns (x 0, 1) x top/bottom = 12. Busy-list entries read: 1. Perimeter nodes read by
  // busy_neighbours, the sides not on the edge (p·[y>0] + p·[y+q<4] + q·[x>0] + q·[x+p<4]):
  //   (0,0) busy base, (W-p,0) = (2,0): 2 + 2 = 4 (score 1, best), (0,2): 2 + 2 = 4 (score 1,
  //   later), (2,2): 2 + 2 = 4 (score 0, best); then only earlier bases are scored:
  //   right of the entry (2,0): 4, (2,1): 4 + 2 = 6; left x = -1 out; top (0,2): 4,
  //   (1,2): 2 + 4 = 6; bottom y = -1 out.                          4+4+4 + 4+6+4+6 = 32
  // Total: query + 12 + 1 + 32 (2(p+q) = 8 per scored base would give query + 12 + 56).
  CHECK(ops == query + 45);
}
