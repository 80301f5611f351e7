// test_qtree.cpp — best-fit Quad-Tree: seed 001 Fig. 3, tree consistency under churn, validity.
#include <doctest/doctest.h>
#include <chrono>
#include "strat_c_helpers.hpp"

namespace alloclab {
bool qtree_consistent(const Strategy& s, const Occupancy& occ);
int qtree_nodes(const Strategy& s);
}  // namespace alloclab

using namespace alloclab;

namespace {
// Paper sub-system <(i,j),(i',j')> (1-based rows from the top, columns) on an R-row system.
Block paper_block(int R, int i, int j, int i2, int j2) { return Block{j - 1, R - i2, j2 - j + 1, i2 - i + 1}; }
void put(Occupancy& occ, Strategy& st, const Block& b, JobId id) {
  occ.assign(b, id);
  st.allocated(id, Allocation{{b}});
}
}  // namespace

TEST_CASE("qtree: coordinate mapping of the paper") {
  // Fig. 1: <(1,1),(4,4)> on 8x8 is the top-left 4x4
  CHECK(paper_block(8, 1, 1, 4, 4) == Block{0, 4, 4, 4});
  CHECK(paper_block(10, 8, 6, 10, 10) == Block{5, 0, 5, 3});
}

TEST_CASE("qtree: seed 001 Fig. 3 — best sub-system BL (6x4), then buddy S2 with MCF 2 < 2 1/4") {
  Topology t(TopologyKind::Mesh, 10, 10);
  Occupancy occ(t);
  auto st = test::make_strategy("qtree", t);
  put(occ, *st, paper_block(10, 1, 1, 4, 4), 1);    // 4x4 at <(1,1),(4,4)>
  put(occ, *st, paper_block(10, 8, 6, 10, 10), 2);  // 3x5 at <(8,6),(10,10)>
  CHECK(qtree_consistent(*st, occ));
  // the tree: root cut at the 4x4's corner -> TL busy, BL 6x4, TR 4x6, BR 6x6 (cut again): 9 nodes
  CHECK(qtree_nodes(*st) == 9);
  Rng rng(1);
  auto a = st->allocate(Request{3, Shape{4, 3}}, occ, rng);  // the paper's 3x4 task (rows x columns)
  REQUIRE(a);
  // S2 = the bottom 3x4 of BL: rows 8..10, columns 1..4
  CHECK(a->blocks[0] == paper_block(10, 8, 1, 10, 4));
  CHECK(a->blocks[0] == Block{0, 0, 4, 3});
  // the rotated request gives the same decision (task rotation, Definition 4)
  auto b = st->allocate(Request{3, Shape{3, 4}}, occ, rng);
  REQUIRE(b);
  CHECK(b->blocks[0] == Block{0, 0, 4, 3});
  put(occ, *st, a->blocks[0], 3);
  CHECK(qtree_consistent(*st, occ));
  // Fig. 4: the 3x5 finishes -> BR recombines into one free 6x6 leaf
  occ.release(paper_block(10, 8, 6, 10, 10), 2);
  st->released(2, Allocation{{paper_block(10, 8, 6, 10, 10)}});
  CHECK(qtree_consistent(*st, occ));
}

TEST_CASE("qtree: an empty machine after all releases is one free root") {
  Topology t(TopologyKind::Mesh, 12, 9);
  Occupancy occ(t);
  auto st = test::make_strategy("qtree", t);
  Rng rng(3);
  std::vector<std::pair<JobId, Allocation>> live;
  for (JobId j = 0; j < 12; ++j) {
    auto a = st->allocate(Request{j, {1 + j % 4, 1 + j % 3}}, occ, rng);
    if (!a) continue;
    put(occ, *st, a->blocks[0], j);
    live.emplace_back(j, *a);
  }
  CHECK(qtree_nodes(*st) > 1);
  for (auto& [j, a] : live) {
    occ.release(a, j);
    st->released(j, a);
    CHECK(qtree_consistent(*st, occ));
  }
  CHECK(qtree_nodes(*st) == 1);
}

TEST_CASE("property: qtree tree matches the occupancy under random churn with arbitrary busy blocks") {
  Rng rng(17);
  for (int trial = 0; trial < 40; ++trial) {
    const int W = 3 + int(rng.below(16)), H = 3 + int(rng.below(16));
    Topology t(TopologyKind::Mesh, W, H);
    Occupancy occ(t);
    auto st = test::make_strategy("qtree", t);
    test::random_state(occ, rng, int(rng.below(6)), 6, st.get());
    REQUIRE(qtree_consistent(*st, occ));
    int ok = test::random_churn(*st, occ, rng, 200, 6, [&](const Occupancy& o) { REQUIRE(qtree_consistent(*st, o)); });
    CHECK(ok > 0);
    // on an empty machine every request that fits in some rotation is placed
    Occupancy empty(t);
    auto fresh = test::make_strategy("qtree", t);
    Shape s{1 + int(rng.below(std::uint64_t(W))), 1 + int(rng.below(std::uint64_t(H)))};
    auto a = fresh->allocate(Request{1, s}, empty, rng);
    REQUIRE(a);
    test::check_allocation(empty, *a, s);
  }
}

TEST_CASE("qtree: long random simulations keep the invariants") {
  test::long_simulation("qtree", TopologyKind::Mesh, 16, 16);
  test::long_simulation("qtree", TopologyKind::Mesh, 24, 10, 2000, 7);
}

TEST_CASE("qtree: allocation time at 256x256, ~80% occupancy (informative)") {
  Topology t(TopologyKind::Mesh, 256, 256);
  Occupancy occ(t);
  auto st = test::make_strategy("qtree", t);
  Rng rng(9);
  std::vector<std::pair<JobId, Allocation>> live;
  std::vector<double> us;
  JobId next = 0;
  for (int i = 0; i < 6000; ++i) {
    if (occ.busy_count() > 0.8 * t.nodes() && !live.empty()) {
      auto k = std::size_t(rng.below(live.size()));
      occ.release(live[k].second, live[k].first);
      st->released(live[k].first, live[k].second);
      live.erase(live.begin() + long(k));
      continue;
    }
    Shape s{1 + int(rng.below(32)), 1 + int(rng.below(32))};
    auto t0 = std::chrono::steady_clock::now();
    auto a = st->allocate(Request{next, s}, occ, rng);
    us.push_back(std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count());
    if (!a) {
      if (!live.empty()) {
        auto k = std::size_t(rng.below(live.size()));
        occ.release(live[k].second, live[k].first);
        st->released(live[k].first, live[k].second);
        live.erase(live.begin() + long(k));
      }
      continue;
    }
    occ.assign(*a, next);
    st->allocated(next, *a);
    live.emplace_back(next++, *a);
  }
  CHECK(qtree_consistent(*st, occ));
  std::sort(us.begin(), us.end());
  MESSAGE("qtree 256x256: allocations ", us.size(), ", p50 ", us[us.size() / 2], " us, p99 ", us[us.size() * 99 / 100],
          " us, nodes ", qtree_nodes(*st), ", busy ", occ.busy_count());
}
