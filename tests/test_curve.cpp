// test_curve.cpp — curve-based allocation (curve-hilbert, curve-snake): the curve orders (every
// node once, consecutive nodes neighbours where the curve promises it), best fit among free runs
// and the least-span fallback by hand, and the choice against a brute force over the runs.
// (The free-nodes promise is checked with every 3D strategy in test_strategies_3d.)
#include <doctest/doctest.h>
#include <algorithm>
#include <array>
#include "oracle.hpp"
#include "strategy_runs.hpp"

using namespace alloclab;

namespace alloclab {
std::vector<int> curve_order(const Topology& t, bool hilbert);
std::uint64_t hilbert_index(std::array<std::uint32_t, 3> x, int n, int bits);
}

namespace {
std::optional<Allocation> place(const char* id, const Occupancy& occ, int n) {
  auto st = find_strategy(id)->make(occ.topology(), StrategyParams{});
  Rng rng(1);
  return st->allocate(Request{7, {n, 1, 1}}, occ, rng);
}
// The allocation's nodes in report order (x ascending within a block).
std::vector<int> nodes_of(const Topology& t, const Allocation& a) {
  std::vector<int> v;
  for (const Block& b : a.blocks) t.for_each_node(b, [&](int x, int y, int z) { v.push_back(t.id(x, y, z)); });
  return v;
}
}  // namespace

TEST_CASE("curve orders: every node once; Hilbert and snake steps are single hops") {
  for (const std::array<int, 3>& side : std::vector<std::array<int, 3>>{{8, 8, 8}, {4, 4, 1}, {16, 16, 1}, {2, 2, 2}, {5, 3, 4}, {8, 8, 16}}) {
    const int W = side[0], H = side[1], D = side[2];  // (no structured binding: clang 14 cannot capture one in doctest's messages)
    const Topology t(TopologyKind::Mesh, W, H, D);
    for (bool hilbert : {true, false}) {
      const std::vector<int> o = curve_order(t, hilbert);
      std::vector<int> sorted = o;
      std::sort(sorted.begin(), sorted.end());
      REQUIRE(int(sorted.size()) == t.nodes());
      for (int i = 0; i < t.nodes(); ++i) REQUIRE(sorted[std::size_t(i)] == i);
      // the snake always steps to a neighbour; the Hilbert curve does on a power-of-two cube
      // (square on depth 1)
      const bool cube = W == H && (W & (W - 1)) == 0 && (D == 1 || D == W);
      if (!hilbert || cube) {
        int jumps = 0;
        for (std::size_t i = 1; i < o.size(); ++i) jumps += t.distance(t.coord(o[i - 1]), t.coord(o[i])) != 1;
        CHECK_MESSAGE(jumps == 0, W, "x", H, "x", D, hilbert ? " hilbert" : " snake");
      }
    }
  }
  // the 2D curve of side 2 starts at the origin and ends at (1, 0)
  CHECK(hilbert_index({0, 0, 0}, 2, 1) == 0);
  CHECK(hilbert_index({1, 0, 0}, 2, 1) == 3);
}

TEST_CASE("curve-snake: the shortest free run that holds the job, its first nodes; else the least span") {
  // snake order on 4x2x2: (0..3, 0, 0), (3..0, 1, 0), (0..3, 1, 1), (3..0, 0, 1) — positions 0..15
  const Topology t(TopologyKind::Mesh, 4, 2, 2);
  Occupancy occ(t);
  occ.assign(Block{2, 0, 1, 1, 0, 1}, 0);  // position 2
  occ.assign(Block{1, 1, 1, 1, 1, 1}, 1);  // position 9
  // runs: 0..1 (2 nodes), 3..8 (6), 10..15 (6)
  auto a = place("curve-snake", occ, 2);
  REQUIRE(a);
  CHECK(a->blocks == std::vector<Block>{{0, 0, 2, 1, 0, 1}});
  auto b = place("curve-snake", occ, 3);  // the first of the two 6-runs: (3,0,0), then (3,1,0), (2,1,0)
  REQUIRE(b);
  CHECK(b->blocks == std::vector<Block>{{3, 0, 1, 1, 0, 1}, {2, 1, 2, 1, 0, 1}});
  auto c = place("curve-snake", occ, 13);  // no run of 13: the free positions 0..14 but 2 and 9 (span 14, the first)
  REQUIRE(c);
  const std::vector<int> o = curve_order(t, false);
  std::vector<int> want;
  for (int p = 0; p <= 14; ++p)
    if (p != 2 && p != 9) want.push_back(o[std::size_t(p)]);
  std::vector<int> got = nodes_of(t, *c), w2 = want;
  std::sort(got.begin(), got.end());
  std::sort(w2.begin(), w2.end());
  CHECK(got == w2);
  CHECK_FALSE(place("curve-snake", occ, 15));  // 14 free
}

TEST_CASE("curve-snake: counted work of a run and of the span fallback, by hand") {
  // snake order on 4x4: positions 0..3 = (0..3, 0), 4..7 = (3..0, 1), 8..11 = (0..3, 2),
  // 12..15 = (3..0, 3). Column x = 1 busy: positions 1, 6, 9, 14. Free runs: 0, 2..5 (4),
  // 7..8 (2), 10..13 (4), 15; 12 free positions.
  const Topology t(TopologyKind::Mesh, 4, 4);
  Occupancy occ(t);
  occ.assign(Block{1, 0, 1, 4}, 0);
  auto st = find_strategy("curve-snake")->make(t, StrategyParams{});
  Rng rng(1);
  // 4 nodes: the runs pass reads 16 positions; the first 4-run, 2..5, is given: its 4 curve
  // positions looked up in the order: 16 + 4 = 20.
  std::optional<Allocation> a;
  CHECK(test::ops_during(*st, [&] { a = st->allocate(Request{7, {4, 1, 1}}, occ, rng); }) == 20);
  REQUIRE(a);
  CHECK(a->blocks == std::vector<Block>{{2, 0, 2, 1}, {2, 1, 2, 1}});
  // 6 nodes, no run holds them: runs pass 16; the fallback reads the 16 positions again (16)
  // and lists the 12 free ones (12): free_pos = 0 2 3 4 5 7 8 10 11 12 13 15; windows k = 0..6
  // (7) with spans 7 6 7 7 7 6 7: the first 6, positions 2 3 4 5 7 8, is given (6 looked up).
  // 16 + 16 + 12 + 7 + 6 = 57.
  std::optional<Allocation> b;
  CHECK(test::ops_during(*st, [&] { b = st->allocate(Request{7, {6, 1, 1}}, occ, rng); }) == 57);
  REQUIRE(b);
  CHECK(b->blocks == std::vector<Block>{{2, 0, 2, 1}, {2, 1, 2, 1}, {0, 1, 1, 1}, {0, 2, 1, 1}});
}

TEST_CASE("curve-hilbert and curve-snake choose what a brute force over the curve's runs chooses") {
  Rng rng(17);
  for (int trial = 0; trial < 200; ++trial) {
    const int W = 1 + int(rng.below(9)), H = 1 + int(rng.below(9)), D = 1 + int(rng.below(6));  // sequenced
    const Topology t(trial % 3 ? TopologyKind::Mesh : TopologyKind::Torus, W, H, D);
    Occupancy occ(t);
    test::random_state_3d(occ, rng, 10, 3);
    const bool hilbert = trial % 2;
    const std::vector<int> o = curve_order(t, hilbert);
    const int n = 1 + int(rng.below(std::uint64_t(t.nodes())));
    // brute force: every window of n consecutive positions that is all free, shortest run first;
    // else every set of n free positions given by a window of the free list, least span first
    std::vector<int> fp;
    for (int p = 0; p < t.nodes(); ++p)
      if (occ.owner(o[std::size_t(p)]) == kNoJob) fp.push_back(p);
    std::vector<int> want;
    int best_len = 1 << 30;
    for (std::size_t i = 0; i < fp.size();) {
      std::size_t e = i + 1;
      while (e < fp.size() && fp[e] == fp[e - 1] + 1) ++e;
      if (int(e - i) >= n && int(e - i) < best_len) {
        best_len = int(e - i);
        want.assign(fp.begin() + std::ptrdiff_t(i), fp.begin() + std::ptrdiff_t(i) + n);
      }
      i = e;
    }
    if (want.empty() && int(fp.size()) >= n) {
      int span = 1 << 30;
      for (std::size_t k = 0; k + std::size_t(n) <= fp.size(); ++k)
        if (fp[k + std::size_t(n) - 1] - fp[k] < span) {
          span = fp[k + std::size_t(n) - 1] - fp[k];
          want.assign(fp.begin() + std::ptrdiff_t(k), fp.begin() + std::ptrdiff_t(k) + n);
        }
    }
    const auto a = place(hilbert ? "curve-hilbert" : "curve-snake", occ, n);
    INFO("trial ", trial, " ", W, "x", H, "x", D, " n ", n);
    REQUIRE(bool(a) == !want.empty());
    if (!a) continue;
    test::check_allocation(occ, *a, Shape{n, 1, 1});
    for (int& p : want) p = o[std::size_t(p)];
    std::vector<int> got = nodes_of(t, *a);
    std::sort(got.begin(), got.end());
    std::sort(want.begin(), want.end());
    CHECK(got == want);
  }
}
