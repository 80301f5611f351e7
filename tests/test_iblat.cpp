// test_iblat.cpp — IBLAT (Jakimczuk et al. 2013 §III): busy list + wrap-aware coverage list. Hand-worked
// wrapping cases, brute-force completeness with arrivals and departures, a long simulation.
#include <doctest/doctest.h>
#include "baselines.hpp"
#include <map>
#include "oracle.hpp"
#include "simulation.hpp"

using namespace alloclab;

namespace {
std::optional<Allocation> ask(Strategy& st, const Occupancy& occ, Shape s) {
  Rng rng(1);
  return st.allocate(Request{999, s}, occ, rng);
}
}  // namespace

TEST_CASE("iblat: the four coverage cases of Fig. 3 on T(6,6)") {
  // β alone on an otherwise free T(6,6), asked for J(4,3). β wraps in x and y (Fig. 3 case 1),
  // in y only (case 2), in x only (case 3), in neither (case 4). Expected: the lowest leftmost
  // base outside ζ.
  struct Case { Block beta; Block expect; };
  // ζ is the product of an x range and a y range: a base is covered only when it is in both.
  const Case cases[] = {
      // β = cols 5,0 × rows 5,0: ζ = cols 2..0 × rows 3..0 (both wrap); col 1 of row 0 is free
      {{5, 5, 2, 2}, {1, 0, 4, 3}},
      // β = cols 1,2 × rows 4,5,0: ζ = cols 4..2 × rows 2..0 (both wrap); col 3 of row 0 is free
      {{1, 4, 2, 3}, {3, 0, 4, 3}},
      // β = cols 4,5,0 × row 2: ζ = all 6 columns (w+p−1 = 6) × rows 0..2; first base (0,3)
      {{4, 2, 3, 1}, {0, 3, 4, 3}},
      // β = (2,2): ζ = cols 5..2 (wraps in x only) × rows 0..2; (3,0) is the first base
      {{2, 2, 1, 1}, {3, 0, 4, 3}},
  };
  for (const Case& c : cases) {
    CAPTURE(c.beta.x);
    Occupancy occ(Topology(TopologyKind::Torus, 6, 6));
    auto st = find_strategy("iblat")->make(occ.topology(), StrategyParams{});
    occ.assign(c.beta, 0);
    st->allocated(0, Allocation{{c.beta}});
    auto a = ask(*st, occ, {4, 3});
    REQUIRE(a);
    CHECK(a->blocks[0] == c.expect);
    test::check_allocation(occ, *a, {4, 3});
  }
}

TEST_CASE("iblat: rotates when the requested orientation fails; mesh edges respected") {
  Occupancy occ(Topology(TopologyKind::Torus, 6, 4));
  auto st = find_strategy("iblat")->make(occ.topology(), StrategyParams{});
  occ.assign(Block{0, 0, 6, 3}, 0);  // one free row (y=3)
  st->allocated(0, Allocation{{Block{0, 0, 6, 3}}});
  auto a = ask(*st, occ, {1, 4});
  REQUIRE(a);
  CHECK(a->blocks[0] == Block{0, 3, 4, 1});
  occ.release(Block{0, 0, 6, 3}, 0);
  st->released(0, Allocation{{Block{0, 0, 6, 3}}});
  auto b = ask(*st, occ, {6, 4});
  REQUIRE(b);
  CHECK(b->blocks[0] == Block{0, 0, 6, 4});

  Occupancy m(Topology(TopologyKind::Mesh, 6, 6));
  auto sm = find_strategy("iblat")->make(m.topology(), StrategyParams{});
  m.assign(Block{0, 0, 3, 6}, 0);
  sm->allocated(0, Allocation{{Block{0, 0, 3, 6}}});
  auto c = ask(*sm, m, {4, 2});  // 3 free columns: 4x2 fails, 2x4 fits at (3,0)
  REQUIRE(c);
  CHECK(c->blocks[0] == Block{3, 0, 2, 4});
}

TEST_CASE("iblat: complete in either orientation under arrivals and departures (brute force)") {
  Rng rng(99);
  for (int trial = 0; trial < 300; ++trial) {
    const bool torus = trial % 4 != 0;
    const int W = 1 + int(rng.below(14)), H = 1 + int(rng.below(14));
    Occupancy occ(Topology(torus ? TopologyKind::Torus : TopologyKind::Mesh, W, H));
    auto st = find_strategy("iblat")->make(occ.topology(), StrategyParams{});
    // A few arbitrary (possibly wrapping) busy blocks reported through allocated, as `place`
    // does, as jobs 0, 1, ...; they stay. Strategy-placed jobs are 1000, 1001, ...
    test::random_state(occ, rng, int(rng.below(4)), 5, st.get());
    std::map<JobId, Block> live;
    JobId next = 1000;
    for (int step = 0; step < 30; ++step) {
      if (!live.empty() && rng.below(3) == 0) {  // a departure
        auto it = live.begin();
        std::advance(it, long(rng.below(live.size())));
        occ.release(it->second, it->first);
        st->released(it->first, Allocation{{it->second}});
        live.erase(it);
        continue;
      }
      const Shape s{1 + int(rng.below(std::uint64_t(std::min(W, 6)))), 1 + int(rng.below(std::uint64_t(std::min(H, 6))))};
      const bool fits = test::exists_free(occ, s.w, s.h);
      const bool fits_rot = s.h <= W && s.w <= H && test::exists_free(occ, s.h, s.w);
      auto a = ask(*st, occ, s);
      REQUIRE_MESSAGE(bool(a) == (fits || fits_rot), "trial ", trial, " step ", step);
      if (!a) continue;
      test::check_allocation(occ, *a, s);
      const Block b = a->blocks[0];
      int x, y;
      REQUIRE(occ.free_bases(b.w, b.h).first(x, y));
      CHECK((b.x == x && b.y == y));  // lowest leftmost base
      CHECK((fits ? Shape{b.w, b.h} == s : Shape{b.w, b.h} == s.rotated()));
      occ.assign(b, next);
      st->allocated(next, *a);
      live[next++] = b;
    }
    // Arbitrary wrapping busy blocks reported through allocated (as `place` does).
    Rng r2{std::uint64_t(trial)};
    Occupancy o2(occ.topology());
    auto s2 = find_strategy("iblat")->make(o2.topology(), StrategyParams{});
    test::random_state(o2, r2, 12, 6, s2.get());
    const Shape s{1 + int(r2.below(std::uint64_t(W))), 1 + int(r2.below(std::uint64_t(H)))};
    auto a = ask(*s2, o2, s);
    CHECK(bool(a) == test::exists_free_either(o2, s));
    if (a) test::check_allocation(o2, *a, s);
  }
}

TEST_CASE("iblat: long torus simulation keeps the invariants") {
  CHECK(test::long_run("iblat", "topology=torus&size=20x14&jobs=2000&job_size=uniform:1-9&arrival=poisson:0.05&seed=5&scheduler=easy") == 2000);
}

namespace {
// The coverage-list walk of Jakimczuk et al. 2013 §III as first written here: C_J built from the busy list,
// then row by row from the bottom the coverages meeting the row cut into x-intervals, sorted
// and merged up to the first uncovered x. Returns the base found (or nullopt) and adds the
// walk's operations to `ops` (entries read; per row examined: coverages tested + 1, intervals).
std::optional<Block> coverage_walk(const Topology& t, const std::map<JobId, std::vector<Block>>& busy, Shape s, Ops& ops) {
  const int W = t.width(), H = t.height();
  const bool wrap = t.wraps();
  struct Range { int lo, len; };
  auto cover = [&](int b, int len, int k, int n) -> Range {
    if (wrap) return {((b - k + 1) % n + n) % n, std::min(len + k - 1, n)};
    const int lo = std::max(0, b - k + 1);
    return {lo, b + len - lo};
  };
  auto in = [&](Range r, int v, int n) {
    const int d = wrap ? ((v - r.lo) % n + n) % n : v - r.lo;
    return d >= 0 && d < r.len;
  };
  std::vector<std::pair<Range, Range>> cov;
  ops += Ops(busy.size());
  for (const auto& [job, blocks] : busy)
    for (const Block& b : blocks) cov.push_back({cover(b.x, b.w, s.w, W), cover(b.y, b.h, s.h, H)});
  const int xmax = wrap ? W : W - s.w + 1, ymax = wrap ? H : H - s.h + 1;
  for (int y = 0; y < ymax; ++y) {
    std::vector<std::pair<int, int>> iv;
    ops += Ops(cov.size()) + 1;
    for (const auto& [cx, cy] : cov) {
      if (!in(cy, y, H)) continue;
      if (cx.lo + cx.len <= W) iv.push_back({cx.lo, cx.lo + cx.len});
      else { iv.push_back({cx.lo, W}); iv.push_back({0, cx.lo + cx.len - W}); }
    }
    std::sort(iv.begin(), iv.end());
    ops += Ops(iv.size());
    int x = 0;
    for (const auto& [a, b] : iv) {
      if (a > x) break;
      x = std::max(x, b);
    }
    if (x < xmax) return Block{x, y, s.w, s.h};
  }
  return std::nullopt;
}
}  // namespace

TEST_CASE("iblat: decisions and counted operations are those of the coverage-list walk") {
  // Mesh and torus, sides below, at and above one 64-bit word, wrapping busy blocks on the
  // torus, churn with departures; every decision and its operation count against the walk.
  Rng rng(4);
  const struct { TopologyKind kind; int W, H; } machines[] = {
      {TopologyKind::Mesh, 23, 17}, {TopologyKind::Torus, 19, 13}, {TopologyKind::Mesh, 64, 40},
      {TopologyKind::Torus, 64, 33}, {TopologyKind::Mesh, 130, 70}, {TopologyKind::Torus, 100, 60}};
  for (const auto& m : machines) {
    CAPTURE(m.W);
    const Topology t(m.kind, m.W, m.H);
    Occupancy occ2(t);
    auto s2 = find_strategy("iblat")->make(t, StrategyParams{});
    std::map<JobId, std::vector<Block>> busy;
    // Busy blocks reported through allocated (as `place` does), wrapping on the torus.
    for (int i = 0, job = 100000; i < 40; ++i) {
      const Block b{int(rng.below(std::uint64_t(m.W))), int(rng.below(std::uint64_t(m.H))), 1 + int(rng.below(std::uint64_t(m.W / 5))),
                    1 + int(rng.below(std::uint64_t(m.H / 5)))};
      if (!occ2.block_free(b)) continue;
      occ2.assign(b, job);
      s2->allocated(job, Allocation{{b}});
      busy[job++] = {b};
    }
    JobId next = 1;
    int allocated = 0, failed = 0;
    for (int step = 0; step < 400; ++step) {
      if (!busy.empty() && rng.below(100) < 35) {
        auto it = busy.begin();
        std::advance(it, long(rng.below(busy.size())));
        const Allocation a{it->second};
        occ2.release(a, it->first);
        const Ops o0 = s2->ops();
        s2->released(it->first, a);
        CHECK(s2->ops() - o0 == 1);
        busy.erase(it);
        continue;
      }
      Shape s{1 + int(rng.below(std::uint64_t(std::max(1, m.W / 3)))), 1 + int(rng.below(std::uint64_t(std::max(1, m.H / 3))))};
      if (rng.below(10) == 0) s = Shape{std::min(m.W, 1 + int(rng.below(std::uint64_t(m.W)))), 1};  // long and thin
      Ops expect = 0;
      std::optional<Block> ref = s.w <= m.W && s.h <= m.H ? coverage_walk(t, busy, s, expect) : std::nullopt;
      if (!ref && s != s.rotated() && s.h <= m.W && s.w <= m.H) ref = coverage_walk(t, busy, s.rotated(), expect);
      Rng r(1);
      const Ops o0 = s2->ops();
      auto a = s2->allocate(Request{next, s}, occ2, r);
      CHECK(s2->ops() - o0 == expect);
      REQUIRE(bool(a) == bool(ref));
      if (!a) { ++failed; continue; }
      REQUIRE(a->blocks.size() == 1);
      CHECK(a->blocks[0] == *ref);
      test::check_allocation(occ2, *a, Shape{a->blocks[0].w, a->blocks[0].h});
      occ2.assign(*a, next);
      s2->allocated(next, *a);
      busy[next++] = a->blocks;
      ++allocated;
    }
    CHECK(allocated > 20);
    CHECK(failed > 5);
  }
}
