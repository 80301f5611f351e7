// test_buddy.cpp — 2D buddy: topology check, splitting, recombination, and the free lists
// against a brute-force model (maximal free aligned squares of the quadtree).
#include <doctest/doctest.h>
#include "busy_states.hpp"

using namespace alloclab;
using namespace alloclab::test;

namespace {
int ceil_log2(int v) {
  int k = 0;
  while ((1 << k) < v) ++k;
  return k;
}
bool aligned_free(const Occupancy& occ, int x, int y, int s) { return occ.block_free(Block{x, y, s, s}); }
// What the buddy system must answer if its free lists are the maximal free aligned squares:
// the lower-left 2^k block of the first (lowest y, then x) maximal free square of the smallest
// level >= k.
std::optional<Block> expected(const Occupancy& occ, Shape s) {
  const int W = occ.width(), k = ceil_log2(std::max(s.w, s.h));
  for (int s2 = 1 << k; s2 <= W; s2 *= 2) {
    for (int y = 0; y < W; y += s2)
      for (int x = 0; x < W; x += s2) {
        if (!aligned_free(occ, x, y, s2)) continue;
        const int ps = s2 * 2;
        const bool maximal = ps > W || !aligned_free(occ, x & ~(ps - 1), y & ~(ps - 1), ps);
        if (maximal) return Block{x, y, 1 << k, 1 << k};
      }
  }
  return std::nullopt;
}
}  // namespace

TEST_CASE("buddy: needs a square power-of-two mesh, no torus") {
  const StrategyInfo* b = find_strategy("buddy");
  REQUIRE(b);
  CHECK(strategy_unsupported(*b, Topology(TopologyKind::Mesh, 16, 16)).empty());
  CHECK(strategy_unsupported(*b, Topology(TopologyKind::Mesh, 1, 1)).empty());
  const std::string m = strategy_unsupported(*b, Topology(TopologyKind::Mesh, 16, 12));
  CHECK(m.find("buddy needs a square mesh whose side is a power of two (e.g. size=16x16)") != std::string::npos);
  CHECK_FALSE(strategy_unsupported(*b, Topology(TopologyKind::Mesh, 12, 12)).empty());
  CHECK_FALSE(strategy_unsupported(*b, Topology(TopologyKind::Torus, 16, 16)).empty());
}

TEST_CASE("buddy: rounds up to 2^k, splits lower-left first, recombines on release") {
  StrategyOn m("buddy", Topology(TopologyKind::Mesh, 16, 16));
  auto place = [&](Shape s, JobId j) {
    auto a = m.ask(s, j);
    REQUIRE(a);
    check_allocation(m.occ, *a, s, /*allow_more=*/true);
    m.occ.assign(*a, j);
    m.st->allocated(j, *a);
    return *a;
  };
  const Allocation a = place({3, 5}, 1);  // k = 3
  CHECK(a.blocks[0] == Block{0, 0, 8, 8});
  const Allocation b = place({5, 2}, 2);
  CHECK(b.blocks[0] == Block{8, 0, 8, 8});
  const Allocation c = place({1, 1}, 3);  // splits the 8x8 at (0,8) down to 1x1
  CHECK(c.blocks[0] == Block{0, 8, 1, 1});
  const Allocation d = place({2, 1}, 4);  // a free 2x2 from the split of (0,8)'s 4x4 -> 2x2s
  CHECK(d.blocks[0] == Block{2, 8, 2, 2});
  CHECK_FALSE(m.ask({9, 1}));     // 16x16 not free
  CHECK_FALSE(m.ask({17, 1}));    // bigger than the machine: never
  for (auto [j, al] : {std::pair{1, a}, {2, b}, {3, c}, {4, d}}) {
    m.occ.release(al, j);
    m.st->released(j, al);
  }
  m.expect_first({16, 9}, Block{0, 0, 16, 16});
}

TEST_CASE("property: buddy free lists equal the maximal free aligned squares (arbitrary busy blocks)") {
  Rng rng(515);
  for (int trial = 0; trial < 300; ++trial) {
    const int W = 1 << (1 + int(rng.below(4)));  // 2..16
    const Topology t(TopologyKind::Mesh, W, W);
    StrategyOn m("buddy", t);
    const int n = random_state(m.occ, rng, int(rng.below(12)), 5, m.st.get());
    for (int i = 0; i < 4; ++i) {
      const Shape s{1 + int(rng.below(std::uint64_t(W))), 1 + int(rng.below(std::uint64_t(W)))};
      auto a = m.ask(s);
      auto e = expected(m.occ, s);
      REQUIRE_MESSAGE(bool(a) == bool(e), "trial ", trial);
      if (!a) continue;
      check_allocation(m.occ, *a, s, /*allow_more=*/true);
      CHECK(a->blocks[0] == *e);
    }
    // Releasing everything recombines into one free block.
    for (JobId j = 0; j < n; ++j) {
      // random_state placed block j; find it back from the owner grid
      int x1 = W, y1 = W, x2 = -1, y2 = -1;
      for (int y = 0; y < W; ++y)
        for (int x = 0; x < W; ++x)
          if (m.occ.owner(x, y) == j) { x1 = std::min(x1, x); y1 = std::min(y1, y); x2 = std::max(x2, x); y2 = std::max(y2, y); }
      const Allocation al{{Block{x1, y1, x2 - x1 + 1, y2 - y1 + 1}}};
      m.occ.release(al, j);
      m.st->released(j, al);
    }
    m.expect_first({W, W}, Block{0, 0, W, W});
  }
}

TEST_CASE("property: buddy stays in step over long allocate/release sequences") {
  Rng rng(616);
  for (int round = 0; round < 4; ++round) {
    const int W = round < 2 ? 16 : 32;
    const Topology t(TopologyKind::Mesh, W, W);
    StrategyOn m("buddy", t);
    int placed = 0;
    churn(*m.st, m.occ, rng, 1500, W / 2, [&](const Occupancy& o, Shape s, const std::optional<Allocation>& a) {
      auto e = expected(o, s);
      REQUIRE(bool(a) == bool(e));
      if (!a) return;
      ++placed;
      check_allocation(o, *a, s, /*allow_more=*/true);
      CHECK(a->blocks[0] == *e);
    });
    CHECK(placed > 100);
    m.expect_first({W, W}, Block{0, 0, W, W});
  }
}

TEST_CASE("buddy: long simulation keeps the invariants") {
  long_simulation("buddy", TopologyKind::Mesh, 16, 16, 2000, 31);
  long_simulation("buddy", TopologyKind::Mesh, 32, 32, 2000, 32);
}
