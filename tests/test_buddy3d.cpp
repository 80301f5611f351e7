// test_buddy3d.cpp — the octet buddy strategies: 3D Buddy (buddy3d) and 3D MBS (mbs3d). Root
// division, octet splitting and recombination by hand; on depth 1 the decisions of 2D buddy (mbs3d
// is mbs's own object: test_mbs checks it on depth 1); foreign boxes and random sequences give
// back the initial blocks; long 3D simulations.
// (The brute-force promise of each row is checked with every 3D strategy in test_strategies_3d.)
#include <doctest/doctest.h>
#include <algorithm>
#include "baselines.hpp"
#include "noncontig.hpp"

using namespace alloclab;

namespace alloclab {
std::vector<Block> mbs_free_blocks(const Strategy& s);
}

namespace {
using V = std::vector<Block>;

// Applies `a` for job j to the occupancy and every strategy in `sts`.
void apply(Occupancy& occ, const Allocation& a, JobId j, std::initializer_list<Strategy*> sts) {
  occ.assign(a, j);
  for (Strategy* s : sts) s->allocated(j, a);
}
void unapply(Occupancy& occ, const Allocation& a, JobId j, std::initializer_list<Strategy*> sts) {
  occ.release(a, j);
  for (Strategy* s : sts) s->released(j, a);
}
}  // namespace

TEST_CASE("mbs3d: the machine is divided into power-of-two root cubes") {
  // BG/L-like 8x8x16: two 8-cubes, one behind the other
  auto a = test::make_strategy("mbs3d", Topology(TopologyKind::Torus, 8, 8, 16));
  CHECK(mbs_free_blocks(*a) == V{{0, 0, 8, 8, 0, 8}, {0, 0, 8, 8, 8, 8}});
  // 12x8x8: an 8-cube, then the 4x8x8 strip to its right as four 4-cubes
  auto b = test::make_strategy("mbs3d", Topology(TopologyKind::Mesh, 12, 8, 8));
  CHECK(mbs_free_blocks(*b) == V{{0, 0, 8, 8, 0, 8}, {8, 0, 4, 4, 0, 4}, {8, 4, 4, 4, 0, 4}, {8, 0, 4, 4, 4, 4}, {8, 4, 4, 4, 4, 4}});
  // 3x2x2: one 2-cube and the 1x2x2 strip as single nodes
  auto c = test::make_strategy("mbs3d", Topology(TopologyKind::Mesh, 3, 2, 2));
  CHECK(mbs_free_blocks(*c) == V{{0, 0, 2, 2, 0, 2}, {2, 0, 1, 1, 0, 1}, {2, 1, 1, 1, 0, 1}, {2, 0, 1, 1, 1, 1}, {2, 1, 1, 1, 1, 1}});
}

TEST_CASE("mbs3d: base-8 factorisation, octet splitting and recombination") {
  const Topology t(TopologyKind::Mesh, 8, 8, 8);
  test::StrategyOn m("mbs3d", t);
  // 3x3x3 = 27 = 3*8 + 3: three 2-cubes from the first 4-cube's octants (lowest ids first), then
  // three nodes from the next octant, split
  auto a = m.ask({3, 3, 3}, 1);
  REQUIRE(a);
  CHECK(a->blocks == V{{0, 0, 2, 2, 0, 2}, {2, 0, 2, 2, 0, 2}, {0, 2, 2, 2, 0, 2}, {2, 2, 1, 1, 0, 1}, {3, 2, 1, 1, 0, 1}, {2, 3, 1, 1, 0, 1}});
  CHECK(mbs_free_blocks(*m.st) == V{{0, 0, 8, 8, 0, 8}});  // allocate() kept nothing
  apply(m.occ, *a, 1, {m.st.get()});
  // left: seven 4-cubes, four 2-cubes of the first 4-cube (z = 2), five nodes of the split octant
  const V left = mbs_free_blocks(*m.st);
  CHECK(left.size() == 7 + 4 + 5);
  CHECK(std::count_if(left.begin(), left.end(), [](const Block& b) { return b.w == 4; }) == 7);
  // 64 = 8^2: one whole free 4-cube, the lowest
  auto b = m.ask({4, 4, 4}, 2);
  REQUIRE(b);
  CHECK(b->blocks == V{{4, 0, 4, 4, 0, 4}});
  apply(m.occ, *b, 2, {m.st.get()});
  unapply(m.occ, *a, 1, {m.st.get()});
  unapply(m.occ, *b, 2, {m.st.get()});
  CHECK(mbs_free_blocks(*m.st) == V{{0, 0, 8, 8, 0, 8}});
}

TEST_CASE("buddy3d: a request is rounded up to one 2^k cube; split on allocation, recombined on release") {
  const Topology t(TopologyKind::Mesh, 8, 8, 16);
  test::StrategyOn m("buddy3d", t);
  auto a = m.ask({3, 1, 2}, 1);  // max side 3 -> a 4-cube
  REQUIRE(a);
  CHECK(a->blocks == V{{0, 0, 4, 4, 0, 4}});
  apply(m.occ, *a, 1, {m.st.get()});
  auto b = m.ask({1, 1, 1}, 2);  // no free node or 2-cube: the lowest free 4-cube, split
  REQUIRE(b);
  CHECK(b->blocks == V{{4, 0, 1, 1, 0, 1}});
  apply(m.occ, *b, 2, {m.st.get()});
  auto c = m.ask({5, 1, 1}, 3);  // an 8-cube: the second root
  REQUIRE(c);
  CHECK(c->blocks == V{{0, 0, 8, 8, 8, 8}});
  CHECK_FALSE(m.ask({1, 1, 9}, 4));  // a 16-cube: larger than any root, never placed
  apply(m.occ, *c, 3, {m.st.get()});
  CHECK_FALSE(m.ask({8, 1, 1}, 4));  // both 8-cubes are split or busy
  unapply(m.occ, *a, 1, {m.st.get()});
  unapply(m.occ, *b, 2, {m.st.get()});
  auto d = m.ask({8, 1, 1}, 4);  // recombined into the first root
  REQUIRE(d);
  CHECK(d->blocks == V{{0, 0, 8, 8, 0, 8}});
}

TEST_CASE("buddy3d on a square power-of-two mesh of depth 1 decides as 2D buddy") {
  Rng rng(44);
  for (int trial = 0; trial < 40; ++trial) {
    const int side = 1 << int(rng.below(6));  // 2D buddy needs a square power-of-two mesh
    const Topology t(TopologyKind::Mesh, side, side);
    Occupancy occ(t);
    auto a3 = test::make_strategy("buddy3d", t), a2 = test::make_strategy("buddy", t);
    std::vector<std::pair<JobId, Allocation>> live;
    for (JobId j = 0; j < 80; ++j) {
      if (!live.empty() && rng.below(100) < 40) {
        const std::size_t i = std::size_t(rng.below(live.size()));
        unapply(occ, live[i].second, live[i].first, {a3.get(), a2.get()});
        live.erase(live.begin() + std::ptrdiff_t(i));
        continue;
      }
      const int w = 1 + int(rng.below(std::uint64_t(side))), h = 1 + int(rng.below(std::uint64_t(side)));
      Rng r3(1), r2(1);
      const auto x = a3->allocate(Request{j, {w, h}}, occ, r3), y = a2->allocate(Request{j, {w, h}}, occ, r2);
      INFO("trial ", trial, " ", side, "x", side, " job ", j, " request ", w, "x", h);
      REQUIRE(bool(x) == bool(y));
      if (!x) continue;
      CHECK(x->blocks == y->blocks);
      apply(occ, *x, j, {a3.get(), a2.get()});
      live.emplace_back(j, *x);
    }
  }
}

TEST_CASE("mbs3d: foreign boxes (wrapping on a torus) and random sequences give back the initial blocks") {
  Rng rng(8);
  for (int trial = 0; trial < 120; ++trial) {
    const int W = 1 + int(rng.below(10)), H = 1 + int(rng.below(10)), D = 2 + int(rng.below(9));  // sequenced
    const Topology t(trial % 2 ? TopologyKind::Torus : TopologyKind::Mesh, W, H, D);
    test::StrategyOn m("mbs3d", t);
    const V initial = mbs_free_blocks(*m.st);
    const int foreign = test::random_state_3d(m.occ, rng, 6, 4, m.st.get());  // jobs 0..foreign-1
    std::vector<std::pair<JobId, Allocation>> live;
    for (JobId j = 0; j < foreign; ++j) {  // released node by node
      Allocation a;
      for (int z = 0; z < D; ++z)
        for (int y = 0; y < H; ++y)
          for (int x = 0; x < W; ++x)
            if (m.occ.owner(x, y, z) == j) a.blocks.push_back(Block{x, y, 1, 1, z, 1});
      live.emplace_back(j, a);
    }
    for (int k = 0; k < 12; ++k) {
      const int w = 1 + int(rng.below(std::uint64_t(W))), h = 1 + int(rng.below(std::uint64_t(H)));
      const Shape s{w, h, 1 + int(rng.below(std::uint64_t(D)))};
      auto a = m.ask(s, JobId(100 + k));
      CHECK(bool(a) == (m.occ.free_count() >= s.area()));
      if (!a) continue;
      test::check_allocation(m.occ, *a, s);
      apply(m.occ, *a, JobId(100 + k), {m.st.get()});
      live.emplace_back(JobId(100 + k), *a);
    }
    while (!live.empty()) {
      const std::size_t i = std::size_t(rng.below(live.size()));
      unapply(m.occ, live[i].second, live[i].first, {m.st.get()});
      live.erase(live.begin() + std::ptrdiff_t(i));
    }
    CHECK_MESSAGE(mbs_free_blocks(*m.st) == initial, "trial ", trial);
  }
}

TEST_CASE("buddy3d and mbs3d: long 3D simulations keep the invariants") {
  CHECK(test::long_run("mbs3d", "size=8x8x16&topology=torus&jobs=1500") == 1500);
  CHECK(test::long_run("mbs3d", "size=12x8x8&max_blocks=16&job_size=uniform:1-4&jobs=1500") == 1500);
  CHECK(test::long_run("buddy3d", "size=16x16x16&job_size=uniform:1-8&jobs=1500") == 1500);
}
