// test_torus_wrap.cpp — wrap-around placement on the torus for every contiguous strategy that
// supports it: placements valid (blocks may wrap), and the recognition-complete ones find a
// free p×q (or q×p) sub-torus whenever one exists, against a brute-force oracle.
#include <doctest/doctest.h>
#include "oracle.hpp"

using namespace alloclab;

TEST_CASE("torus: wrap-aware strategies are valid and complete against brute force") {
  struct Case {
    const char* id;
    bool rotates;    // complete in either orientation
    bool complete;   // claims recognition completeness
  };
  const Case cases[] = {{"ff", false, true},  {"bf", false, true},  {"as", true, true},     {"mfa", true, true},
                        {"bl", true, true},   {"qa", true, true},   {"sba", true, true},   {"ibmat", true, true},
                        {"iblat", true, true}, {"asff", false, false}, {"lssa", false, false}, {"flexfold", false, false},
                        {"ffwp", false, true}};
  for (const Case& c : cases) {
    const StrategyInfo* si = find_strategy(c.id);
    REQUIRE_MESSAGE(si, c.id);
    REQUIRE_MESSAGE(si->torus, c.id);
    Rng rng(99);
    int wrapped = 0;
    for (int trial = 0; trial < 300; ++trial) {
      const int W = 2 + int(rng.below(12));
      const int H = 2 + int(rng.below(12));
      const Topology t(TopologyKind::Torus, W, H);
      Occupancy occ(t);
      auto st = si->make(t, StrategyParams{});
      test::random_state(occ, rng, int(rng.below(9)), 6, st.get());
      const int p = 1 + int(rng.below(std::uint64_t(W)));
      const int q = 1 + int(rng.below(std::uint64_t(H)));
      const Shape s{p, q};
      const bool fits = test::exists_free(occ, p, q);
      const bool fits_rot = q <= W && p <= H && test::exists_free(occ, q, p);
      auto a = st->allocate(Request{1000, s}, occ, rng);
      if (a) {
        test::check_allocation(occ, *a, s);
        for (const Block& b : a->blocks) wrapped += b.x + b.w > W || b.y + b.h > H;
      }
      if (c.complete) CHECK_MESSAGE(bool(a) == (c.rotates ? fits || fits_rot : fits), c.id, " trial ", trial);
      else if (fits) CHECK_MESSAGE(bool(a), c.id, " trial ", trial);  // the requested shape is always tried
    }
    if (c.complete) CHECK_MESSAGE(wrapped > 0, c.id, " never placed a wrapping block");
  }
}

TEST_CASE("torus: bl and qa place a block across both edges") {
  // 6x6 torus with everything busy except the 2x2 corner square made of (5,5),(0,5),(5,0),(0,0)
  for (const char* id : {"bl", "qa", "mfa", "as"}) {
    const Topology t(TopologyKind::Torus, 6, 6);
    Occupancy occ(t);
    auto st = find_strategy(id)->make(t, StrategyParams{});
    const Block busy[] = {{1, 0, 4, 6}, {0, 1, 1, 4}, {5, 1, 1, 4}};
    for (int i = 0; i < 3; ++i) {
      occ.assign(busy[i], i);
      st->allocated(i, Allocation{{busy[i]}});
    }
    Rng rng(1);
    auto a = st->allocate(Request{9, {2, 2}}, occ, rng);
    REQUIRE_MESSAGE(a, id);
    const Block want{5, 5, 2, 2};
    CHECK_MESSAGE(a->blocks[0] == want, id);
  }
}
