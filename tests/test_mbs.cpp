// test_mbs.cpp — Multiple Buddy Strategy (Lo et al. 1997): factorisation, initial division,
// buddy splitting and recombination, properties.
#include <doctest/doctest.h>
#include <algorithm>
#include "noncontig.hpp"

using namespace alloclab;

namespace alloclab {
std::vector<int> mbs_factor(int n, int L);
std::vector<Block> mbs_free_blocks(const Strategy& s);
}

TEST_CASE("mbs: base-4 factorisation") {
  CHECK(mbs_factor(27, 2) == std::vector<int>{3, 2, 1});   // 27 = 16 + 2*4 + 3
  CHECK(mbs_factor(100, 2) == std::vector<int>{0, 1, 6});  // top digit may exceed 3
  CHECK(mbs_factor(15, 3) == std::vector<int>{3, 3, 0, 0});
  CHECK(mbs_factor(7, 0) == std::vector<int>{7});
}

TEST_CASE("mbs: initial division into power-of-two squares") {
  using V = std::vector<Block>;
  auto a = test::make_strategy("mbs", Topology(TopologyKind::Mesh, 16, 12));
  CHECK(mbs_free_blocks(*a) == V{{0, 0, 8, 8}, {8, 0, 8, 8}, {0, 8, 4, 4}, {4, 8, 4, 4}, {8, 8, 4, 4}, {12, 8, 4, 4}});
  auto b = test::make_strategy("mbs", Topology(TopologyKind::Mesh, 5, 3));
  CHECK(mbs_free_blocks(*b) == V{{0, 0, 2, 2}, {2, 0, 2, 2}, {4, 0, 1, 1}, {4, 1, 1, 1}, {0, 2, 1, 1},
                                 {1, 2, 1, 1}, {2, 2, 1, 1}, {3, 2, 1, 1}, {4, 2, 1, 1}});
}

TEST_CASE("mbs: splitting for a request and recombination on release") {
  test::StrategyOn m("mbs", Topology(TopologyKind::Mesh, 8, 8));
  // 3x3 = 9 = 2*4 + 1: two 2x2 blocks and one 1x1, carved out of the single 8x8 root.
  auto a = m.ask({3, 3}, 1);
  REQUIRE(a);
  CHECK(a->blocks == std::vector<Block>{{0, 0, 2, 2}, {2, 0, 2, 2}, {0, 2, 1, 1}});
  CHECK(mbs_free_blocks(*m.st) == std::vector<Block>{{0, 0, 8, 8}});  // allocate() kept nothing
  m.occ.assign(*a, 1);
  m.st->allocated(1, *a);
  CHECK(mbs_free_blocks(*m.st) == std::vector<Block>{{4, 0, 4, 4}, {0, 4, 4, 4}, {4, 4, 4, 4}, {2, 2, 2, 2},
                                                   {1, 2, 1, 1}, {0, 3, 1, 1}, {1, 3, 1, 1}});
  // A 4x4 request (16 = 4^2) takes a whole free 4x4 buddy.
  auto b = m.ask({4, 4}, 2);
  REQUIRE(b);
  CHECK(b->blocks == std::vector<Block>{{4, 0, 4, 4}});
  m.occ.assign(*b, 2);
  m.st->allocated(2, *b);
  m.occ.release(*a, 1);
  m.st->released(1, *a);
  m.occ.release(*b, 2);
  m.st->released(2, *b);
  CHECK(mbs_free_blocks(*m.st) == std::vector<Block>{{0, 0, 8, 8}});
}

TEST_CASE("mbs: foreign busy rectangles and random sequences restore the initial blocks") {
  Rng rng(3);
  for (int trial = 0; trial < 200; ++trial) {
    const bool torus = trial % 2;
    const int W = 1 + int(rng.below(20)), H = 1 + int(rng.below(20));
    const Topology t(torus ? TopologyKind::Torus : TopologyKind::Mesh, W, H);
    test::StrategyOn m("mbs", t);
    const std::vector<Block> initial = mbs_free_blocks(*m.st);
    std::vector<std::pair<JobId, Allocation>> live;
    const int foreign = test::random_state(m.occ, rng, 6, 4, m.st.get());  // jobs 0..foreign-1
    for (JobId j = 0; j < foreign; ++j) {
      // Released node by node (the strategy must accept any partition of what it was told).
      Allocation a;
      for (int y = 0; y < H; ++y)
        for (int x = 0; x < W; ++x)
          if (m.occ.owner(x, y) == j) a.blocks.push_back(Block{x, y, 1, 1});
      live.push_back({j, a});
    }
    for (int k = 0; k < 12; ++k) {
      const Shape s{1 + int(rng.below(std::uint64_t(W))), 1 + int(rng.below(std::uint64_t(H)))};
      auto a = m.ask(s, JobId(100 + k));
      CHECK(bool(a) == (m.occ.free_count() >= s.area()));
      if (!a) continue;
      test::check_allocation(m.occ, *a, s);
      m.occ.assign(*a, JobId(100 + k));
      m.st->allocated(JobId(100 + k), *a);
      live.push_back({JobId(100 + k), *a});
      if (rng.below(3) == 0) {  // release a random live job
        const std::size_t i = std::size_t(rng.below(live.size()));
        m.occ.release(live[i].second, live[i].first);
        m.st->released(live[i].first, live[i].second);
        live.erase(live.begin() + std::ptrdiff_t(i));
      }
    }
    while (!live.empty()) {
      const std::size_t i = std::size_t(rng.below(live.size()));
      m.occ.release(live[i].second, live[i].first);
      m.st->released(live[i].first, live[i].second);
      live.erase(live.begin() + std::ptrdiff_t(i));
    }
    CHECK_MESSAGE(mbs_free_blocks(*m.st) == initial, "trial ", trial);
  }
}

TEST_CASE("mbs: brute-force properties (mesh and torus)") {
  test::random_property("mbs", StrategyParams{0}, /*complete=*/true);
  test::random_property("mbs", StrategyParams{4}, /*complete=*/false);
}

TEST_CASE("mbs: long simulations keep the invariants") {
  test::long_simulations_capped("mbs", "16");
}
