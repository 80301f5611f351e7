// test_occupancy.cpp — the occupancy grid and its word-parallel free-base query against brute force.
#include <doctest/doctest.h>
#include "oracle.hpp"

using namespace alloclab;

TEST_CASE("free_bases matches a brute-force scan on random meshes and tori") {
  Rng rng(42);
  for (int trial = 0; trial < 300; ++trial) {
    const bool torus = trial % 2;
    const int W = 1 + int(rng.below(70)), H = 1 + int(rng.below(20));
    Occupancy occ(Topology(torus ? TopologyKind::Torus : TopologyKind::Mesh, W, H));
    test::random_state(occ, rng, 1 + int(rng.below(12)), 8);
    REQUIRE(occ.consistent());
    const int p = 1 + int(rng.below(std::uint64_t(W))), q = 1 + int(rng.below(std::uint64_t(H)));
    const BaseMask m = occ.free_bases(p, q);
    for (int y = 0; y < H; ++y)
      for (int x = 0; x < W; ++x) {
        const bool expect = occ.block_free(Block{x, y, p, q});
        REQUIRE_MESSAGE(m.test(x, y) == expect, "W=", W, " H=", H, " torus=", torus, " p=", p, " q=", q, " at (", x, ",", y, ")");
      }
  }
}

TEST_CASE("free_bases matches brute force on wide and tall machines (all word counts, long blocks); its count when a base exists") {
  // Widths up to 5 words per row and p up to W exercise both the register pass (<= 4 words,
  // p < 128) and the general one; count() also checks that no bit is set past the last column.
  Rng rng(4242);
  BaseMask reused;
  for (int trial = 0; trial < 120; ++trial) {
    const bool torus = trial % 4 == 3;
    const int W = 1 + int(rng.below(torus ? 140 : 300)), H = 1 + int(rng.below(torus ? 30 : 140));
    Occupancy occ(Topology(torus ? TopologyKind::Torus : TopologyKind::Mesh, W, H));
    const int tries = 1 + int(rng.below(40));  // drawn in sequence (argument order is unspecified)
    const int max_side = 1 + int(rng.below(std::uint64_t(std::max(W, H))));
    test::random_state(occ, rng, tries, max_side);
    const int p = trial % 3 == 0 ? 1 + int(rng.below(std::uint64_t(W))) : 1 + int(rng.below(std::uint64_t(std::min(W, 40))));
    const int q = 1 + int(rng.below(std::uint64_t(trial % 2 ? H : std::min(H, 40))));
    const Ops ops = occ.free_bases(p, q, reused);
    const BaseMask& m = reused;
    // busy prefix sums (mesh) for an O(1) check per base
    std::vector<int> pre(std::size_t(W + 1) * std::size_t(H + 1), 0);
    auto at = [&](int x, int y) -> int& { return pre[std::size_t(y) * std::size_t(W + 1) + std::size_t(x)]; };
    for (int y = 0; y < H; ++y)
      for (int x = 0; x < W; ++x) at(x + 1, y + 1) = at(x, y + 1) + at(x + 1, y) - at(x, y) + !occ.is_free(x, y);
    int expected = 0;
    for (int y = 0; y < H; ++y)
      for (int x = 0; x < W; ++x) {
        bool expect;
        if (torus) expect = occ.block_free(Block{x, y, p, q});
        else expect = x + p <= W && y + q <= H && at(x + p, y + q) - at(x, y + q) - at(x + p, y) + at(x, y) == 0;
        expected += expect;
        REQUIRE_MESSAGE(m.test(x, y) == expect, "W=", W, " H=", H, " torus=", torus, " p=", p, " q=", q, " at (", x, ",", y, ")");
      }
    CHECK(m.count() == expected);
    CHECK(m.any() == (expected > 0));
    // with a base found, every pass runs: the closed-form count is the query's
    if (expected > 0) CHECK_MESSAGE(occ.free_bases_ops_found(p, q) == ops, "W=", W, " H=", H, " torus=", torus, " p=", p, " q=", q);
  }
}

TEST_CASE("assign and release keep counts and bits consistent; release restores exactly") {
  Occupancy occ(Topology(TopologyKind::Torus, 8, 6));
  const Block wrap{6, 4, 4, 3};  // wraps around both edges
  occ.assign(wrap, 7);
  CHECK(occ.free_count() == 48 - 12);
  CHECK(occ.owner(0, 0) == 7);
  CHECK(occ.owner(7, 5) == 7);
  CHECK(occ.owner(2, 0) == kNoJob);
  CHECK(occ.consistent());
  CHECK_FALSE(occ.block_free(Block{1, 0, 1, 1}));
  occ.release(wrap, 7);
  CHECK(occ.free_count() == 48);
  CHECK(occ.consistent());
}

TEST_CASE("free_bits_copy + take: the free bits and count of assigning the same blocks") {
  // The scratch copy of partition_allocate: no owners, take() marks blocks busy. Its free bits,
  // free count and free-base queries must be those of a full copy with the blocks assigned.
  Rng rng(77);
  for (int trial = 0; trial < 60; ++trial) {
    const bool torus = trial % 2;
    const int W = 1 + int(rng.below(200)), H = 1 + int(rng.below(40));
    Occupancy occ(Topology(torus ? TopologyKind::Torus : TopologyKind::Mesh, W, H));
    test::random_state(occ, rng, 1 + int(rng.below(12)), 8);
    Occupancy full = occ;
    Occupancy bits = Occupancy::free_bits_copy(occ);
    for (int k = 0; k < 20; ++k) {
      const int w = 1 + int(rng.below(8)), h = 1 + int(rng.below(4));
      const int x = int(rng.below(std::uint64_t(W))), y = int(rng.below(std::uint64_t(H)));
      const Block b{x, y, std::min(w, W), std::min(h, H)};
      if (!full.block_free(b)) continue;
      full.assign(b, 5);
      bits.take(b);
    }
    REQUIRE(bits.free_count() == full.free_count());
    for (int y = 0; y < H; ++y)
      for (int k = 0; k < (W + 63) / 64; ++k) REQUIRE(bits.free_row(y)[k] == full.free_row(y)[k]);
    int x1 = -1, y1 = -1, x2 = -2, y2 = -2;
    const bool f1 = bits.first_free_base(2, 2, x1, y1), f2 = full.first_free_base(2, 2, x2, y2);
    CHECK(f1 == f2);
    if (f1) CHECK((x1 == x2 && y1 == y2));
  }
}

TEST_CASE("topology: hop distance is wrap-aware on a torus") {
  Topology mesh(TopologyKind::Mesh, 10, 10), torus(TopologyKind::Torus, 10, 10);
  CHECK(mesh.distance({0, 0}, {9, 9}) == 18);
  CHECK(torus.distance({0, 0}, {9, 9}) == 2);
  CHECK(torus.distance({2, 3}, {7, 3}) == 5);
  CHECK(mesh.neighbours(0)[2] == -1);
  CHECK(torus.neighbours(0)[2] == 9);
  CHECK(torus.block_end(Block{8, 8, 4, 3}) == Coord{1, 0});
}
