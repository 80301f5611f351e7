// test_nas.cpp — Neighbor Allocation Strategy (Al Shdefat 2019 Ch. 3): nucleus sequences, the
// thesis's examples kept (4x3, 5x2, 5x1, 3x5 — on states where ASFF fails, since on the
// thesis's empty mesh ASFF would place each of them whole), connectivity, properties.
#include <doctest/doctest.h>
#include <queue>
#include "alloc/fit.hpp"
#include "alloc/tallest.hpp"
#include "cli_harness.hpp"
#include "busy_states.hpp"
#include "noncontig.hpp"

using namespace alloclab;
using test::picture;

namespace alloclab {
std::vector<Shape> nas_nuclei(int a, int b);
}

namespace {
std::optional<Allocation> nas(const Occupancy& occ, Shape s, int cap = 0) {
  return test::place_capped("nas", occ, s, cap);
}

// Nodes of the allocation form one connected set (4-neighbour, wrapping on a torus).
bool connected(const Topology& t, const Allocation& a) {
  std::vector<char> in(std::size_t(t.nodes()), 0), seen(std::size_t(t.nodes()), 0);
  int total = 0, start = -1;
  for (const Block& b : a.blocks)
    t.for_each_node(b, [&](int x, int y) { in[std::size_t(t.id(x, y))] = 1; ++total; start = t.id(x, y); });
  if (start < 0) return false;
  std::queue<int> q;
  q.push(start);
  seen[std::size_t(start)] = 1;
  int reached = 0;
  while (!q.empty()) {
    const int v = q.front();
    q.pop();
    ++reached;
    for (int u : t.neighbours(v))
      if (u >= 0 && in[std::size_t(u)] && !seen[std::size_t(u)]) { seen[std::size_t(u)] = 1; q.push(u); }
  }
  return reached == total;
}

// Nodes in the largest connected component of free nodes (flood fill).
int largest_free_component(const Occupancy& occ) {
  const Topology& t = occ.topology();
  std::vector<char> seen(std::size_t(t.nodes()), 0);
  int best = 0;
  for (int s = 0; s < t.nodes(); ++s) {
    if (occ.owner(s) != kNoJob || seen[std::size_t(s)]) continue;
    std::queue<int> q;
    q.push(s);
    seen[std::size_t(s)] = 1;
    int size = 0;
    while (!q.empty()) {
      const int v = q.front();
      q.pop();
      ++size;
      for (int u : t.neighbours(v))
        if (u >= 0 && occ.owner(u) == kNoJob && !seen[std::size_t(u)]) { seen[std::size_t(u)] = 1; q.push(u); }
    }
    best = std::max(best, size);
  }
  return best;
}

// All free nodes in one connected component.
bool free_connected(const Occupancy& occ) {
  Allocation all;
  const Topology& t = occ.topology();
  for (int id = 0; id < t.nodes(); ++id)
    if (occ.owner(id) == kNoJob) { const Coord c = t.coord(id); all.blocks.push_back(Block{c.x, c.y, 1, 1}); }
  return all.blocks.empty() || connected(t, all);
}
}  // namespace

TEST_CASE("nas: nucleus sequences (both parities, k rules)") {
  using V = std::vector<Shape>;
  CHECK(nas_nuclei(4, 3) == V{{2, 4}, {2, 5}, {2, 6}});  // even: k = 1..b, first 2x4 (example)
  CHECK(nas_nuclei(3, 4) == V{{2, 4}, {2, 5}, {2, 6}});  // rotation folds the longer side
  CHECK(nas_nuclei(6, 3) == V{{3, 4}, {3, 5}, {3, 6}});  // example: 3x4 leaves 6 nodes
  CHECK(nas_nuclei(5, 2) == V{{4, 3}, {5, 2}, {6, 1}});  // example: 4x3, 5x2, 6x1
  CHECK(nas_nuclei(3, 5).front() == Shape{2, 6});        // example: k = -1 gives 2x6
  CHECK(nas_nuclei(3, 5) == V{{2, 6}, {3, 5}, {4, 4}, {5, 3}, {6, 2}, {7, 1}});
  CHECK(nas_nuclei(5, 1).empty());                       // side 1: 1x1 nucleus only
  CHECK(nas_nuclei(4, 4) == V{{2, 5}, {2, 6}, {2, 7}, {2, 8}});
  // k >= 4 steps by floor(S/4): 16x8 (even): k = 1,2,3,4,6,8.
  CHECK(nas_nuclei(16, 8) == V{{8, 9}, {8, 10}, {8, 11}, {8, 12}, {8, 14}, {8, 16}});
  // S < 4: the step floor(S/4) = 0 is raised to 1 (the loop must end): 11x3 (odd).
  CHECK(nas_nuclei(11, 3).back() == Shape{6 + 7, 1});
}

using Blocks = std::vector<Block>;

TEST_CASE("nas: example 4x3 — nucleus 2x4, then 4 neighbours grown from it") {
  // No 12-node submesh of any shape is free; the 2x4 nucleus (k = 1) is placed at (0,0) and
  // the 4 remaining nodes are grown breadth-first: (2,0), then (3,0), then (4,0), (3,1).
  const Occupancy occ = test::nas_4x3_example();
  auto a = nas(occ, {4, 3});
  REQUIRE(a);
  CHECK(a->blocks == Blocks{{0, 0, 2, 4}, {2, 0, 1, 1}, {3, 0, 1, 1}, {4, 0, 1, 1}, {3, 1, 1, 1}});
  CHECK(connected(occ.topology(), *a));
  // MBPJ: 5 blocks needed with the 2x4 nucleus; no larger nucleus fits, the 1x1 fallback
  // would need 12 blocks: a cap of 4 fails, 5 succeeds.
  CHECK_FALSE(nas(occ, {4, 3}, 4));
  CHECK(nas(occ, {4, 3}, 5));
  // Without the path through (2,0) the nucleus's free component has 10 nodes: every nucleus
  // and the 1x1 fallback fail although 12+ nodes are free (NAS keeps the job connected).
  Occupancy cut = test::nas_4x3_example();
  cut.assign(Block{2, 0, 1, 1}, 0);
  CHECK(cut.free_count() >= 12);
  CHECK_FALSE(nas(cut, {4, 3}));
}

TEST_CASE("nas: example 5x2 — 4x3 skipped, 5x2 not free, nucleus 6x1 plus 4 neighbours") {
  auto occ = picture({
      "######.",
      "..#..#.",
      "..#..#.",
      "..#..#.",
      "..#..#.",
      "######.",
      ".......",
  });
  auto a = nas(occ, {5, 2});
  REQUIRE(a);
  CHECK(a->blocks == Blocks{{0, 0, 6, 1}, {6, 0, 1, 1}, {6, 1, 1, 1}, {6, 2, 1, 1}, {6, 3, 1, 1}});
}

TEST_CASE("nas: example 5x1 — no nucleus for a side of 1: 1x1 nucleus, contiguous growth") {
  auto occ = picture({
      "######.",
      "#######",
      "#######",
      "#######",
      "##..###",
      "#..####",
      "..#####",
  });
  auto a = nas(occ, {5, 1});
  REQUIRE(a);
  CHECK(a->blocks == Blocks{{0, 0, 1, 1}, {1, 0, 1, 1}, {1, 1, 1, 1}, {2, 1, 1, 1}, {2, 2, 1, 1}});
}

TEST_CASE("nas: example 3x5 — nucleus 2x6 (k = -1), then 3 neighbours") {
  auto occ = picture({
      "#######",
      "..#####",
      "..#####",
      "..##...",
      "...#...",
      "...#...",
      "...#...",
  });
  auto a = nas(occ, {3, 5});
  REQUIRE(a);
  CHECK(a->blocks == Blocks{{0, 0, 2, 6}, {2, 0, 1, 1}, {2, 1, 1, 1}, {2, 2, 1, 1}});
}

TEST_CASE("nas: ASFF first — any shape with p*q nodes, contiguous") {
  Occupancy occ(Topology(TopologyKind::Mesh, 8, 3));
  auto a = nas(occ, {2, 6});  // 2x6 does not fit a 3-row machine; 6x2 (rotation) does
  REQUIRE(a);
  CHECK(a->blocks == Blocks{{0, 0, 6, 2}});
  auto b = nas(occ, {1, 8});  // 1x8 / 8x1: 8x1 fits
  REQUIRE(b);
  CHECK(b->blocks == Blocks{{0, 0, 8, 1}});
  occ.assign(Block{0, 0, 8, 1}, 1);
  auto c = nas(occ, {3, 4});  // 12 nodes: 3x4, 4x3 no; 6x2 yes
  REQUIRE(c);
  CHECK(c->blocks == Blocks{{0, 1, 6, 2}});
}

TEST_CASE("nas: brute-force properties — valid, connected, complete on a connected free set") {
  Rng rng(21);
  for (int trial = 0; trial < 600; ++trial) {
    const bool torus = trial % 2 == 1;
    test::RandomTrial m(rng, torus, {.lo = 1, .span = 14, .max_tries = 14, .max_side = 5});
    const int W = m.t.width(), H = m.t.height();
    const int cap = trial % 3 == 2 ? 1 + int(rng.below(6)) : 0;
    auto a = nas(m.occ, m.s, cap);
    INFO("trial ", trial, (torus ? " torus " : " mesh "), W, "x", H, " request ", m.s.w, "x", m.s.h, " cap ", cap);
    if (a) {
      test::check_allocation(m.occ, *a, m.s);
      CHECK(connected(m.t, *a));
      if (cap) CHECK(int(a->blocks.size()) <= cap);
    } else if (cap == 0) {
      CHECK((m.occ.free_count() < m.s.area() || !free_connected(m.occ)));
    }
    // The guarantee (no cap, or a cap NAS never needs to refuse): success iff some connected
    // set of p*q free nodes exists.
    if (cap == 0 || cap >= m.s.area()) CHECK(bool(a) == (largest_free_component(m.occ) >= m.s.area()));
  }
}

TEST_CASE("nas: the 1x1 fallback tries a nucleus in every connected free component") {
  // 3x3 mesh, busy (0,1), (1,0), (2,1), (2,2): the first free node (0,0) is isolated; the
  // connected free triple (1,1), (1,2), (0,2) is found from the next component's first node.
  //   y=2  . . #
  //   y=1  # . #
  //   y=0  . # .
  auto occ = picture({"..#", "#.#", ".#."});
  auto a = nas(occ, {1, 3});
  REQUIRE(a);
  test::check_allocation(occ, *a, {1, 3});
  CHECK(connected(occ.topology(), *a));
  CHECK(a->blocks == Blocks{{1, 1, 1, 1}, {1, 2, 1, 1}, {0, 2, 1, 1}});
  CHECK_FALSE(nas(occ, {2, 2}));  // 4 free nodes elsewhere, but no connected 4
  // The same through `place`, as the command line states it.
  CHECK(test::cli({"place", "size=3x3", "strategy=nas", "busy=0,1,0,1;1,0,1,0;2,1,2,1;2,2,2,2", "job=1x3"}).out ==
        "{\"allocated\": true, \"blocks\": [[1,1,1,1], [1,2,1,2], [0,2,0,2]]}\n");
}

TEST_CASE("nas: brute force on many random states — fails only without a connected free set of p*q nodes") {
  Rng rng(4242);
  int fallback_wins = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    const bool torus = trial % 2 == 1;
    const int W = 2 + int(rng.below(8)), H = 2 + int(rng.below(8));
    const Topology t(torus ? TopologyKind::Torus : TopologyKind::Mesh, W, H);
    Occupancy occ(t);
    // dense random 1x1 busy nodes: many small components
    for (int id = 0; id < t.nodes(); ++id)
      if (rng.below(100) < 45) { const Coord c = t.coord(id); occ.assign(Block{c.x, c.y, 1, 1}, 1); }
    const Shape s{1 + int(rng.below(3)), 1 + int(rng.below(3))};
    auto a = nas(occ, s);
    INFO("trial ", trial, (torus ? " torus " : " mesh "), W, "x", H, " request ", s.w, "x", s.h);
    CHECK(bool(a) == (largest_free_component(occ) >= s.area()));
    if (a) {
      test::check_allocation(occ, *a, s);
      CHECK(connected(t, *a));
      fallback_wins += a->blocks.size() == std::size_t(s.area()) && s.area() > 1;
    }
  }
  CHECK(fallback_wins > 50);
}

TEST_CASE("nas: long simulations keep the invariants") {
  test::long_simulations_capped("nas", "6");
}

TEST_CASE("nas: First Fit searches known to fail (tallest.hpp) count exactly what find_ff counts") {
  // Random mesh states from empty to nearly full; rows of 1, 3, 4 words (the in-register path
  // of Occupancy::free_bases) and 5 words (the general path), widths past 128; every shape of
  // a grid of sides: when NAS's shortcut says "fails", find_ff finds nothing and counts the
  // same operations; most failing searches are answered by the shortcut.
  Rng rng(17);
  const struct { int W, H; } sizes[] = {{40, 30}, {130, 70}, {256, 96}, {300, 80}, {64, 64}};
  int fails = 0, founds = 0, shortcut = 0;
  for (const auto& m : sizes)
    for (double target : {0.0, 0.3, 0.6, 0.85, 0.97}) {
      CAPTURE(m.W);
      CAPTURE(target);
      Occupancy occ(Topology(TopologyKind::Mesh, m.W, m.H));
      for (int misses = 0; occ.busy_count() < target * m.W * m.H && misses < 5000;) {
        const Block b{int(rng.below(std::uint64_t(m.W))), int(rng.below(std::uint64_t(m.H))), 1 + int(rng.below(12)), 1 + int(rng.below(12))};
        if (!occ.block_free(b)) { ++misses; continue; }
        occ.assign(b, 1);
      }
      Tallest t;
      t.build(occ);
      for (int p : {1, 2, 3, 5, 8, 13, 31, 64, 100, 127, 128, 130, 200, 256, 300})
        for (int q : {1, 2, 3, 4, 7, 9, 16, 30, 33, 64, 80, 96})
          if (p <= m.W && q <= m.H) {
            CAPTURE(p);
            CAPTURE(q);
            Ops ops = 0;
            const auto b = find_ff(occ, Shape{p, q}, ops);
            const auto fail = t.failed_ff(p, q);
            if (fail) {
              REQUIRE(!b);
              CHECK(*fail == ops);
              ++shortcut;
            }
            (b ? founds : fails) += 1;
          }
    }
  CHECK(founds > 300);
  CHECK(fails > 300);
  CHECK(shortcut * 10 > fails * 7);  // the shortcut answers most failing searches
}
