// test_qtree.cpp — best-fit Quad-Tree: Srisawat & Alexandridis 1999 Fig. 3, tree consistency under churn, validity.
#include <doctest/doctest.h>
#include <chrono>
#include "strategy_runs.hpp"

namespace alloclab {
bool qtree_consistent(const Strategy& s, const Occupancy& occ);
int qtree_nodes(const Strategy& s);
}  // namespace alloclab

using namespace alloclab;

namespace {
// Paper sub-system <(i,j),(i',j')> (1-based rows from the top, columns) on an R-row system.
Block paper_block(int R, int i, int j, int i2, int j2) { return Block{j - 1, R - i2, j2 - j + 1, i2 - i + 1}; }
}  // namespace

TEST_CASE("qtree: coordinate mapping of the paper") {
  // Fig. 1: <(1,1),(4,4)> on 8x8 is the top-left 4x4
  CHECK(paper_block(8, 1, 1, 4, 4) == Block{0, 4, 4, 4});
  CHECK(paper_block(10, 8, 6, 10, 10) == Block{5, 0, 5, 3});
}

TEST_CASE("qtree: Srisawat & Alexandridis 1999 Fig. 3 — best sub-system BL (6x4), then buddy S2 with MCF 2 < 2 1/4") {
  test::StrategyOn m("qtree", Topology(TopologyKind::Mesh, 10, 10));
  m.hold(1, paper_block(10, 1, 1, 4, 4));    // 4x4 at <(1,1),(4,4)>
  m.hold(2, paper_block(10, 8, 6, 10, 10));  // 3x5 at <(8,6),(10,10)>
  CHECK(qtree_consistent(*m.st, m.occ));
  // the tree: root cut at the 4x4's corner -> TL busy, BL 6x4, TR 4x6, BR 6x6 (cut again): 9 nodes
  CHECK(qtree_nodes(*m.st) == 9);
  auto a = m.ask(Shape{4, 3}, 3);  // the paper's 3x4 task (rows x columns)
  REQUIRE(a);
  // S2 = the bottom 3x4 of BL: rows 8..10, columns 1..4
  CHECK(a->blocks[0] == paper_block(10, 8, 1, 10, 4));
  CHECK(a->blocks[0] == Block{0, 0, 4, 3});
  // the rotated request gives the same decision (task rotation, Definition 4)
  auto b = m.ask(Shape{3, 4}, 3);
  REQUIRE(b);
  CHECK(b->blocks[0] == Block{0, 0, 4, 3});
  m.hold(3, a->blocks[0]);
  CHECK(qtree_consistent(*m.st, m.occ));
  // Fig. 4: the 3x5 finishes -> BR recombines into one free 6x6 leaf
  m.free(2, paper_block(10, 8, 6, 10, 10));
  CHECK(qtree_consistent(*m.st, m.occ));
}

TEST_CASE("qtree: an empty machine after all releases is one free root") {
  test::StrategyOn m("qtree", Topology(TopologyKind::Mesh, 12, 9));
  Rng rng(3);
  std::vector<std::pair<JobId, Allocation>> live;
  for (JobId j = 0; j < 12; ++j) {
    auto a = m.ask({1 + j % 4, 1 + j % 3}, j);
    if (!a) continue;
    m.hold(j, a->blocks[0]);
    live.emplace_back(j, *a);
  }
  CHECK(qtree_nodes(*m.st) > 1);
  for (auto& [j, a] : live) {
    m.occ.release(a, j);
    m.st->released(j, a);
    CHECK(qtree_consistent(*m.st, m.occ));
  }
  CHECK(qtree_nodes(*m.st) == 1);
}

TEST_CASE("property: qtree tree matches the occupancy under random churn with arbitrary busy blocks") {
  Rng rng(17);
  for (int trial = 0; trial < 40; ++trial) {
    test::RandomBusy m(rng, false, {.lo = 3, .span = 16, .max_tries = 6, .max_side = 6}, "qtree");
    REQUIRE(qtree_consistent(*m.st, m.occ));
    int ok = test::random_churn(*m.st, m.occ, rng, 200, 6, [&](const Occupancy& o) { REQUIRE(qtree_consistent(*m.st, o)); });
    CHECK(ok > 0);
    // on an empty machine every request that fits in some rotation is placed
    test::StrategyOn m2("qtree", m.t);
    const Shape s = test::random_request(rng, m.t);
    auto a = m2.ask(s, 1);
    REQUIRE(a);
    test::check_allocation(m2.occ, *a, s);
  }
}

TEST_CASE("qtree: long random simulations keep the invariants") {
  for (const char* id : {"qtree", "qtree-leaf"}) {
    test::long_simulation(id, TopologyKind::Mesh, 16, 16);
    test::long_simulation(id, TopologyKind::Mesh, 24, 10, 2000, 7);
  }
}

TEST_CASE("qtree: allocation time at 256x256, ~80% occupancy (informative)") {
  test::StrategyOn m("qtree", Topology(TopologyKind::Mesh, 256, 256));
  Rng rng(9);
  std::vector<std::pair<JobId, Allocation>> live;
  std::vector<double> us;
  JobId next = 0;
  for (int i = 0; i < 6000; ++i) {
    if (m.occ.busy_count() > 0.8 * m.t.nodes() && !live.empty()) {
      auto k = std::size_t(rng.below(live.size()));
      m.occ.release(live[k].second, live[k].first);
      m.st->released(live[k].first, live[k].second);
      live.erase(live.begin() + long(k));
      continue;
    }
    Shape s{1 + int(rng.below(32)), 1 + int(rng.below(32))};
    auto t0 = std::chrono::steady_clock::now();
    auto a = m.ask(s, next);
    us.push_back(std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count());
    if (!a) {
      if (!live.empty()) {
        auto k = std::size_t(rng.below(live.size()));
        m.occ.release(live[k].second, live[k].first);
        m.st->released(live[k].first, live[k].second);
        live.erase(live.begin() + long(k));
      }
      continue;
    }
    m.occ.assign(*a, next);
    m.st->allocated(next, *a);
    live.emplace_back(next++, *a);
  }
  CHECK(qtree_consistent(*m.st, m.occ));
  std::sort(us.begin(), us.end());
  MESSAGE("qtree 256x256: allocations ", us.size(), ", p50 ", us[us.size() / 2], " us, p99 ", us[us.size() * 99 / 100],
          " us, nodes ", qtree_nodes(*m.st), ", busy ", m.occ.busy_count());
}

TEST_CASE("qtree: size expanding, Srisawat & Alexandridis 1999 3.3 note — the combined 6x6 is stored in BR (old size 4x6) and partitioned as a unit") {
  // 8x10 system (8 rows, 10 columns): 4x4 at <(1,1),(4,4)> and <(5,1),(8,4)> (level 2), 2x2 at
  // <(1,5),(2,6)> (level 3, inside TR). A 5x6 task is larger than every buddy but fits the
  // combined 6x6 <(3,5),(8,10)> = BR (4x6 at base (5,5)) + TR's two lower sub-buddies.
  test::StrategyOn m("qtree", Topology(TopologyKind::Mesh, 10, 8));
  m.hold(1, paper_block(8, 1, 1, 4, 4));
  m.hold(2, paper_block(8, 5, 1, 8, 4));
  m.hold(3, paper_block(8, 1, 5, 2, 6));
  REQUIRE(qtree_consistent(*m.st, m.occ));
  const int before = qtree_nodes(*m.st);
  auto a = m.ask(Shape{6, 5}, 4);
  REQUIRE(a);
  CHECK(block_contains(paper_block(8, 3, 5, 8, 10), a->blocks[0]));
  m.hold(4, a->blocks[0]);
  CHECK(qtree_consistent(*m.st, m.occ));
  // The 1x6 row left beside the task is one buddy of the expanded node: a 1x6 task fills it.
  const Block rest = a->blocks[0].y == 0 ? paper_block(8, 3, 5, 3, 10) : paper_block(8, 8, 5, 8, 10);
  auto b = m.ask(Shape{6, 1}, 5);
  REQUIRE(b);
  CHECK(b->blocks[0] == rest);
  m.hold(5, b->blocks[0]);
  CHECK(qtree_consistent(*m.st, m.occ));
  // Released, the expanded node resumes its old size and base: the tree is as before.
  for (JobId j : {5, 4}) {
    const Block blk = j == 5 ? b->blocks[0] : a->blocks[0];
    m.occ.release(Allocation{{blk}}, j);
    m.st->released(j, Allocation{{blk}});
    CHECK(qtree_consistent(*m.st, m.occ));
  }
  CHECK(qtree_nodes(*m.st) == before);
}

TEST_CASE("qtree vs qtree-leaf: the two readings of size expanding on the paper's 8x10 example (3.3 note)") {
  // The state of the test above: free leaves BR 6x4 {4,0,6,4} and, inside TR (cut at (6,6) by
  // the 2x2), BL {4,4,2,2}, TR {6,6,4,2}, BR {6,4,4,2}; the only candidate holding the 5x6 task
  // is the combined 6x6 {4,0,6,6} (Case 2: BR + TR's lower sub-buddies). Both readings decide
  // alike: rotations 6x5 and 5x6 tie (diffSF 1, maxFS 6); the bottom 6x5 corner {4,0,6,5} has
  // MCF 0 (edge) + 4 (free row above) + 1 (busy column left) + 0 (edge) = 5, the least of the
  // corners (the top one {4,1,6,5}: 4 + 2 + 1 + 0 = 7). The free row {4,5,6,1} is left.
  //  * qtree (one expanded node): BR takes over the 6x6 and is cut at (10,5): the row is one
  //    free buddy of it, so a 1x6 task (Shape{6,1}) fills it.
  //  * qtree-leaf (per leaf): BR becomes busy whole, TR's BL and BR are each cut at y = 5 into a
  //    busy lower and a free upper 2x1 / 4x1 leaf. The row is split across two internal buddies
  //    of TR whose facing children include the busy halves, so no combination is a rectangle
  //    of free leaves (Case 3 needs all four): the 1x6 task fails although the row is free.
  for (const char* id : {"qtree", "qtree-leaf"}) {
    CAPTURE(id);
    const bool per_leaf = std::string(id) == "qtree-leaf";
    test::StrategyOn m(id, Topology(TopologyKind::Mesh, 10, 8));
    m.hold(1, paper_block(8, 1, 1, 4, 4));
    m.hold(2, paper_block(8, 5, 1, 8, 4));
    m.hold(3, paper_block(8, 1, 5, 2, 6));
    REQUIRE(qtree_consistent(*m.st, m.occ));
    const int before = qtree_nodes(*m.st);
    CHECK(before == 9);
    Rng rng(1);
    auto a = m.ask(Shape{6, 5}, 4);
    REQUIRE(a);
    CHECK(a->blocks[0] == Block{4, 0, 6, 5});
    m.hold(4, a->blocks[0]);
    CHECK(qtree_consistent(*m.st, m.occ));
    // one expanded node: BR gains two children (the task and the row; zero-width buddies are
    // omitted);
    // per leaf: TR's BL and BR gain 2 children each.
    CHECK(qtree_nodes(*m.st) == (per_leaf ? before + 4 : before + 2));
    auto b = m.ask(Shape{6, 1}, 5);
    CHECK(b.has_value() == !per_leaf);
    if (b) CHECK(b->blocks[0] == Block{4, 5, 6, 1});
    // the narrower 4x1 fits the per-leaf tree's right piece {6,5,4,1} (or TR's TR above it)
    auto c = m.ask(Shape{4, 1}, 6);
    REQUIRE(c);
    CHECK(block_contains(Block{4, 5, 6, 3}, c->blocks[0]));
    // released, both trees are the one before the task
    m.occ.release(Allocation{{a->blocks[0]}}, 4);
    m.st->released(4, Allocation{{a->blocks[0]}});
    CHECK(qtree_consistent(*m.st, m.occ));
    CHECK(qtree_nodes(*m.st) == before);
  }
}

TEST_CASE("qtree: a task placed in a combined sub-system leaves its rest combinable (16x16 repro)") {
  // 7x7 then 14x2 on 16x16, then a 16x5: rows 2..8 stay entirely free, so it starts at its
  // arrival as under bl and ff (the per-leaf cut left the rest split across subtrees).
  auto s = parse_link("size=16x16&trace=t.csv&strategy=qtree");
  REQUIRE(s);
  auto t = parse_trace_csv("arrival,width,height,runtime\n0,7,7,1000\n1,14,2,1000\n2,16,5,10\n", "t.csv", 16, 16);
  REQUIRE(t);
  s->trace_data = std::make_shared<const Trace>(*t);
  for (const char* strat : {"qtree", "bl", "ff"}) {
    s->strategy = strat;
    auto sim = Simulation::create(*s, 0);
    REQUIRE(sim);
    sim->record_jobs(true);
    REQUIRE(sim->run().ok());
    std::map<JobId, double> start;
    for (const JobRecord& j : sim->recorded()) start[j.id] = j.start;
    CHECK_MESSAGE(start[2] == 2, strat);
  }
  // the same state given as busy rectangles (`place`): 7x7 top-left, 14x2 bottom-left
  test::StrategyOn m("qtree", Topology(TopologyKind::Mesh, 16, 16));
  m.hold(1, Block{0, 9, 7, 7});
  m.hold(2, Block{0, 0, 14, 2});
  REQUIRE(qtree_consistent(*m.st, m.occ));
  auto a = m.ask(Shape{16, 5}, 3);
  REQUIRE(a);
  CHECK(block_contains(Block{0, 2, 16, 7}, a->blocks[0]));
  m.hold(3, a->blocks[0]);
  CHECK(qtree_consistent(*m.st, m.occ));
}

TEST_CASE("qtree: size-expanded nodes under churn — invariants hold and everything recombines to the root") {
  Rng rng(5);
  for (int trial = 0; trial < 60; ++trial) {
    const char* id = trial % 2 ? "qtree-leaf" : "qtree";
    const int W = 4 + int(rng.below(20)), H = 4 + int(rng.below(20));
    Topology t(TopologyKind::Mesh, W, H);
    test::StrategyOn m(id, t);
    std::map<JobId, Allocation> live;
    for (JobId j = 0; j < 300; ++j) {
      if (!live.empty() && rng.below(100) < 45) {
        auto it = live.begin();
        std::advance(it, long(rng.below(live.size())));
        m.occ.release(it->second, it->first);
        m.st->released(it->first, it->second);
        live.erase(it);
      } else {
        const Shape want{1 + int(rng.below(std::uint64_t(W))), 1 + int(rng.below(std::uint64_t(H)))};
        auto a = m.ask(want, j);
        if (!a) continue;
        test::check_allocation(m.occ, *a, want);
        m.occ.assign(a->blocks[0], j);
        m.st->allocated(j, *a);
        live[j] = *a;
      }
      REQUIRE(qtree_consistent(*m.st, m.occ));
    }
    for (auto& [j, a] : live) {
      m.occ.release(a, j);
      m.st->released(j, a);
      REQUIRE(qtree_consistent(*m.st, m.occ));
    }
    CHECK(qtree_nodes(*m.st) == 1);
  }
}

TEST_CASE("qtree: counted operations of a decision (candidates, combining, combining factors), its size expanding and releases, by hand") {
  // 4x4 mesh, busy (0,0) (job 1) and (3,3) (job 2). Tree: root 0 cut at (1,1): TL 1 {0,1,1,3}
  // free, BL 2 {0,0,1,1} busy, TR 3 {1,1,3,3} cut at (3,3), BR 4 {1,0,3,1} free; node 3's
  // children TL 5 {1,3,2,1}, BL 6 {1,1,2,2} free, TR 7 {3,3,1,1} busy, BR 8 {3,1,1,2} free.
  test::StrategyOn m("qtree", Topology(TopologyKind::Mesh, 4, 4));
  m.hold(1, Block{0, 0, 1, 1});
  m.hold(2, Block{3, 3, 1, 1});
  REQUIRE(qtree_nodes(*m.st) == 9);
  // The candidates (the tree changed since the last ones):
  //  - collect visits the 9 nodes (9);
  //  - combine(3): its 4 children read (4); Case 1 unites 5+6 into {1,1,2,3} and 6+8 into
  //    {1,1,3,2}, each part read by try_union (2 + 2); no partial child: 8;
  //  - combine(0): its 4 children read (4); Case 2, free TL 1 beside partial TR 3: facing reads
  //    node 3 and its 4 children (5), try_union reads 1, 5, 6 (3) -> {0,1,3,3}; free BR 4 below
  //    TR 3: facing 5, try_union reads 4, 6, 8 (3) -> {1,0,3,3}: 20;
  //  - S1 over the 9 candidates (9): the first 3x3, {0,1,3,3}.
  // A 3x3 task: 9 candidates examined (9); {1,0,3,3} (meets S1) beats {0,1,3,3} (inside it).
  // It fills the candidate: its 4 corners are the candidate itself, each scored by its
  // combining factor: below, the machine edge (nothing read); above, row 3, x = 1..3 (one
  // word); left, column 0 from y = 0: busy, then free: mixed after 2 of 3 nodes; right, the
  // edge: 3 per corner, 12.
  CHECK(test::ops_during(*m.st, [&] { m.expect_first({3, 3}, Block{1, 0, 3, 3}); }) == (9 + 8 + 20 + 9) + 9 + 4 * 3);
  // Placing it (job 3): the combined candidate's 3 parts (4, 6, 8) read for the largest, node 6
  // (3); node 6 expanded, 4 and 8 absorbed (3); carve visits node 6, now the whole task (1).
  CHECK(test::ops_during(*m.st, [&] { m.hold(3, Block{1, 0, 3, 3}); }) == 3 + 3 + 1);
  // Release of job 3: its leaf 6 written free (1). settle pops 6 (1): free and expanded, it
  // resumes its size and frees 4 and 8 (2), pushing 0, 3 and 3. Node 3 twice: popped (1),
  // children 5, 6, 7 read up to busy 7 (3): 8. Node 0: popped (1), children 1, 2 read up to
  // busy 2 (2): 3. 15.
  CHECK(test::ops_during(*m.st, [&] { m.free(3, Block{1, 0, 3, 3}); }) == 1 + 3 + 8 + 3);
  CHECK(qtree_nodes(*m.st) == 9);
  // Release of job 2: leaf 7 written free (1); 7 popped (1); 3 popped (1), its 4 children read
  // (4), all free: killed (4); 0 popped (1), children 1, 2 read (2). 14.
  CHECK(test::ops_during(*m.st, [&] { m.free(2, Block{3, 3, 1, 1}); }) == 1 + 1 + 9 + 3);
  CHECK(qtree_nodes(*m.st) == 5);
  CHECK(qtree_consistent(*m.st, m.occ));
}
