// test_fit.cpp — the searches of fit.hpp: Best Fit's bit-count scoring against boundary_contact,
// and the memos (FirstFitMemo, BestFitMemo) against find_ff / find_bf — the same block and the
// same counted operations on every search of long sequences (nodes taken, freed, another machine).
#include <doctest/doctest.h>
#include "oracle.hpp"
#include "alloc/fit.hpp"

using namespace alloclab;

TEST_CASE("find_bf: bit-count contact equals boundary_contact (small and wide machines, mesh and torus, sides over 64)") {
  Rng rng(77);
  for (int trial = 0; trial < 300; ++trial) {
    const bool torus = trial % 3 == 2, small = trial % 2 == 0;
    const int W = 1 + int(rng.below(small ? 14 : torus ? 150 : 200)), H = 1 + int(rng.below(small ? 14 : torus ? 40 : 90));
    Occupancy occ(Topology(torus ? TopologyKind::Torus : TopologyKind::Mesh, W, H));
    // draws named one by one: the order of a call's arguments is unspecified (native and wasm differ)
    const int tries = int(rng.below(60)), side = 1 + int(rng.below(std::uint64_t(std::max(W, H))));
    test::random_state(occ, rng, tries, side);
    const Shape s{1 + int(rng.below(std::uint64_t(trial % 4 == 0 ? W : std::min(W, 20)))),
                  1 + int(rng.below(std::uint64_t(trial % 4 == 1 ? H : std::min(H, 20))))};
    int best = -1;
    Block pick;
    for (int y = 0; y < H; ++y)
      for (int x = 0; x < W; ++x) {
        const Block b{x, y, s.w, s.h};
        if (!occ.block_free(b)) continue;
        const int sc = boundary_contact(occ, b);
        if (sc > best) best = sc, pick = b;
      }
    auto f = find_bf(occ, s);
    REQUIRE(bool(f) == (best >= 0));
    if (f) CHECK_MESSAGE(*f == pick, "trial ", trial, " W=", W, " H=", H, " torus=", torus, " s=", s.w, "x", s.h);
  }
}

// Many bases (at least one per word of the machine): the bases whose sides are all free are
// found in bulk and not scored once another base is (fit.cpp, OpenSides). Worked by hand on a
// 16x16 torus, shape 2x2 (256 bases, threshold 16): empty, every base has all 8 side nodes free
// and the first, (0, 0), is the answer; with node (8, 8) busy, the bases with it on a side score
// 7 free side nodes — first in FF order (7, 6), whose top side is row 8 from x = 7.
TEST_CASE("find_bf: bases with all sides free on a torus (skipped in bulk) - hand-worked") {
  Occupancy occ(Topology(TopologyKind::Torus, 16, 16));
  auto f = find_bf(occ, Shape{2, 2});
  REQUIRE(f);
  CHECK(*f == Block{0, 0, 2, 2});
  occ.assign(Block{8, 8, 1, 1}, 1);
  f = find_bf(occ, Shape{2, 2});
  REQUIRE(f);
  CHECK(*f == Block{7, 6, 2, 2});
}

TEST_CASE("fit memos: the same blocks and counted operations as find_ff / find_bf over long sequences") {
  Rng rng(2025);
  for (int trial = 0; trial < 40; ++trial) {
    const bool torus = trial % 5 == 4;
    const int W = trial % 7 == 3 ? 257 + int(rng.below(40)) : 1 + int(rng.below(torus ? 80 : 256));
    const int H = 1 + int(rng.below(trial % 2 ? 160 : 40));
    const Topology t(torus ? TopologyKind::Torus : TopologyKind::Mesh, W, H);
    Occupancy occ(t);
    const int tries = 20 + int(rng.below(300)), side = 1 + int(rng.below(24));  // in this order
    test::random_state(occ, rng, tries, side);
    FirstFitMemo ffm;
    BestFitMemo bfm;
    std::vector<Block> taken;  // blocks taken during the sequence (job 1000 + index)
    Shape s{1, 1};
    for (int step = 0; step < 120; ++step) {
      const std::uint64_t what = rng.below(10);
      if (what < 4) {  // a new shape, sometimes tall, wide, or over 64 / 128
        const int maxp = rng.below(4) == 0 ? W : std::min(W, 12), maxq = rng.below(4) == 0 ? H : std::min(H, 12);
        s = Shape{1 + int(rng.below(std::uint64_t(maxp))), 1 + int(rng.below(std::uint64_t(maxq)))};
      } else if (what == 4 && !taken.empty()) {  // free a block taken earlier
        const std::size_t k = std::size_t(rng.below(taken.size()));
        if (taken[k].w > 0) occ.release(taken[k], JobId(1000 + int(k)));
        taken[k].w = 0;  // released
      } else if (what == 5 && rng.below(4) == 0) {  // another machine state altogether
        occ = Occupancy(t);
        taken.clear();
        const int tries = int(rng.below(200)), side = 1 + int(rng.below(16));  // in this order
        test::random_state(occ, rng, tries, side);
      }
      Ops want_ff = 0, got_ff = 0, want_bf = 0, got_bf = 0;
      const auto ff = find_ff(occ, s, want_ff);
      const auto ff2 = ffm.find(occ, s, got_ff);
      const auto bf = find_bf(occ, s, want_bf);
      const auto bf2 = bfm.find(occ, s, got_bf);
      REQUIRE_MESSAGE(ff == ff2, "trial ", trial, " step ", step, " W=", W, " H=", H, " s=", s.w, "x", s.h);
      REQUIRE_MESSAGE(want_ff == got_ff, "trial ", trial, " step ", step, " W=", W, " H=", H, " s=", s.w, "x", s.h);
      REQUIRE_MESSAGE(bf == bf2, "trial ", trial, " step ", step, " W=", W, " H=", H, " s=", s.w, "x", s.h);
      REQUIRE_MESSAGE(want_bf == got_bf, "trial ", trial, " step ", step, " W=", W, " H=", H, " s=", s.w, "x", s.h);
      // take the block found (as PALD takes its pieces), mostly
      const auto& b = rng.below(2) ? ff : bf;
      if (b && rng.below(5) != 0) {
        occ.assign(*b, JobId(1000 + int(taken.size())));
        taken.push_back(*b);
      }
    }
  }
}

TEST_CASE("FirstFitMemo with follows: the same blocks and counted operations as find_ff while only found blocks are taken") {
  // The searches of one partition_allocate decision: the first on the occupancy, the others on a
  // free-bit copy with every block found so far taken (sometimes not taken: then the sequence
  // starts over on the occupancy, as the next decision does).
  Rng rng(2026);
  FirstFitMemo ffm;  // one memo for all trials (as a strategy keeps it)
  for (int trial = 0; trial < 60; ++trial) {
    const bool torus = trial % 6 == 5;
    const int W = trial % 7 == 3 ? 257 + int(rng.below(40)) : 1 + int(rng.below(torus ? 80 : 256));
    const int H = 1 + int(rng.below(trial % 2 ? 120 : 40));
    Occupancy occ(Topology(torus ? TopologyKind::Torus : TopologyKind::Mesh, W, H));
    const int tries = 20 + int(rng.below(300)), side = 1 + int(rng.below(24));  // in this order
    test::random_state(occ, rng, tries, side);
    Occupancy scratch = Occupancy::free_bits_copy(occ);
    bool follows = false;
    for (int step = 0; step < 150; ++step) {
      const int maxp = rng.below(5) == 0 ? W : std::min(W, 20), maxq = rng.below(5) == 0 ? H : std::min(H, 20);
      const int p = 1 + int(rng.below(std::uint64_t(maxp)));
      const Shape s{p, 1 + int(rng.below(std::uint64_t(maxq)))};
      Ops want = 0, got = 0;
      const auto ff = find_ff(scratch, s, want);
      const auto ff2 = ffm.find(scratch, s, got, follows);
      REQUIRE_MESSAGE(ff == ff2, "trial ", trial, " step ", step, " W=", W, " H=", H, " s=", s.w, "x", s.h);
      REQUIRE_MESSAGE(want == got, "trial ", trial, " step ", step, " W=", W, " H=", H, " s=", s.w, "x", s.h);
      follows = true;
      if (ff && rng.below(30) != 0) {
        scratch.take(*ff);
      } else if (ff) {  // not taken: a new decision on the occupancy
        scratch = Occupancy::free_bits_copy(occ);
        follows = false;
      }
    }
  }
}
