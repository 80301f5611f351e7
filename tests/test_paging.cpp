// test_paging.cpp — Paging(k) (Lo et al. 1997): page indexing orders, edge pages, properties.
#include <doctest/doctest.h>
#include "noncontig.hpp"

using namespace alloclab;

namespace alloclab {
std::vector<Block> paging_pages(int W, int H, int k, PagingOrder order, int D);
}

TEST_CASE("paging: indexing orders and edge pages") {
  using V = std::vector<Block>;
  CHECK(paging_pages(4, 4, 1, PagingOrder::RowMajor, 1) == V{{0, 0, 2, 2}, {2, 0, 2, 2}, {0, 2, 2, 2}, {2, 2, 2, 2}});
  CHECK(paging_pages(3, 2, 0, PagingOrder::Snake, 1) ==
        V{{0, 0, 1, 1}, {1, 0, 1, 1}, {2, 0, 1, 1}, {2, 1, 1, 1}, {1, 1, 1, 1}, {0, 1, 1, 1}});
  const V z = paging_pages(4, 4, 0, PagingOrder::Shuffled, 1);
  REQUIRE(z.size() == 16);
  CHECK(V(z.begin(), z.begin() + 6) == V{{0, 0, 1, 1}, {1, 0, 1, 1}, {0, 1, 1, 1}, {1, 1, 1, 1}, {2, 0, 1, 1}, {3, 0, 1, 1}});
  CHECK(z[8] == Block{0, 2, 1, 1});
  CHECK(z[15] == Block{3, 3, 1, 1});
  // 5x3 machine, k = 1: the last column and row of pages are partial (usable, smaller).
  CHECK(paging_pages(5, 3, 1, PagingOrder::RowMajor, 1) ==
        V{{0, 0, 2, 2}, {2, 0, 2, 2}, {4, 0, 1, 2}, {0, 2, 2, 1}, {2, 2, 2, 1}, {4, 2, 1, 1}});
  // A page side larger than the machine: one partial page.
  CHECK(paging_pages(3, 2, 3, PagingOrder::Shuffled, 1) == V{{0, 0, 3, 2}});
}

TEST_CASE("paging: first free pages in index order") {
  const Topology t(TopologyKind::Mesh, 4, 4);
  Occupancy occ(t);
  occ.assign(Block{1, 1, 1, 1}, 0);
  StrategyParams p;
  p.paging_k = 1;
  auto st = test::make_strategy("paging", t, p);
  Rng rng(1);
  auto a = st->allocate(Request{1, {3, 1}}, occ, rng);  // 3 nodes -> one whole 2x2 page
  REQUIRE(a);
  CHECK(a->blocks == std::vector<Block>{{2, 0, 2, 2}});
  auto b = st->allocate(Request{1, {2, 3}}, occ, rng);  // 6 nodes -> two pages
  REQUIRE(b);
  CHECK(b->blocks == std::vector<Block>{{2, 0, 2, 2}, {0, 2, 2, 2}});
  CHECK_FALSE(st->allocate(Request{1, {4, 4}}, occ, rng));  // 13 free nodes but 12 in free pages
  CHECK(st->allocate(Request{1, {4, 3}}, occ, rng));
  p.max_blocks = 2;
  auto capped = test::make_strategy("paging", t, p);
  CHECK_FALSE(capped->allocate(Request{1, {4, 3}}, occ, rng));
  // Snake order with k = 0 on a 3-wide machine.
  const Topology t3(TopologyKind::Torus, 3, 3);
  Occupancy o3(t3);
  StrategyParams ps;
  ps.paging_order = PagingOrder::Snake;
  auto sn = test::make_strategy("paging", t3, ps);
  auto c = sn->allocate(Request{1, {2, 2}}, o3, rng);
  REQUIRE(c);
  CHECK(c->blocks == std::vector<Block>{{0, 0, 1, 1}, {1, 0, 1, 1}, {2, 0, 1, 1}, {2, 1, 1, 1}});
}

TEST_CASE("paging: brute-force properties (mesh and torus)") {
  for (PagingOrder o : {PagingOrder::RowMajor, PagingOrder::Snake, PagingOrder::Shuffled}) {
    StrategyParams p;
    p.paging_order = o;
    test::random_property("paging", p, /*complete=*/true);  // k = 0
    p.max_blocks = 5;
    test::random_property("paging", p, /*complete=*/false);
    p.max_blocks = 0;
    p.paging_k = 1;
    test::random_property("paging", p, /*complete=*/false, /*allow_more=*/true);
    p.paging_k = 2;
    test::random_property("paging", p, /*complete=*/false, /*allow_more=*/true);
  }
}

TEST_CASE("paging: long simulations keep the invariants") {
  for (const char* topo : {"mesh", "torus"}) {
    test::long_simulation("paging", topo);
    test::long_simulation("paging", topo, {{"paging_k", "1"}, {"paging_order", "snake"}});
    test::long_simulation("paging", topo, {{"paging_k", "2"}, {"paging_order", "shuffled"}, {"max_blocks", "12"}});
  }
}

TEST_CASE("paging: the pages taken and counted are those of testing each page with block_free") {
  // Pages up to 64 wide are tested on the free bits (one mask per row, one operation each, up
  // to the first busy row); this holds them against the reference loop over paging_pages with
  // block_free, on machines that cut pages at the edge.
  Rng rng(31);
  const PagingOrder orders[] = {PagingOrder::RowMajor, PagingOrder::Snake, PagingOrder::Shuffled};
  for (int trial = 0; trial < 80; ++trial) {
    const bool torus = trial % 4 == 3;
    const int W = 1 + int(rng.below(200)), H = 1 + int(rng.below(70));
    const Topology t(torus ? TopologyKind::Torus : TopologyKind::Mesh, W, H);
    Occupancy occ(t);
    const int tries = int(rng.below(200)), side = 1 + int(rng.below(12));  // in this order
    test::random_state(occ, rng, tries, side);
    StrategyParams p;
    p.paging_k = int(rng.below(8));
    p.paging_order = orders[trial % 3];
    auto st = test::make_strategy("paging", t, p);
    const std::vector<Block> pages = paging_pages(W, H, p.paging_k, p.paging_order, 1);
    for (int r = 0; r < 5; ++r) {
      const Shape s{1 + int(rng.below(std::uint64_t(W))), 1 + int(rng.below(std::uint64_t(std::min(H, 8))))};
      std::optional<Allocation> want;  // the reference
      Ops want_ops = 0;
      if (occ.free_count() >= s.area()) {
        Allocation a;
        int got = 0;
        for (const Block& pg : pages) {
          // one word per page row read up to the first busy one (pages of k <= 6); node by node
          // for wider pages
          if (p.paging_k > 6) want_ops += pg.area();
          else
            for (int r = 0; r < pg.h; ++r)
              if (++want_ops, !occ.block_free(Block{pg.x, pg.y, pg.w, r + 1})) break;
          if (!occ.block_free(pg)) continue;
          a.blocks.push_back(pg);
          got += pg.area();
          if (got >= s.area()) break;
        }
        if (got >= s.area()) want = a;
      }
      Rng unused(1);
      const Ops before = st->ops();
      const auto a = st->allocate(Request{1, s}, occ, unused);
      REQUIRE_MESSAGE(bool(a) == bool(want), "trial ", trial, " W=", W, " H=", H, " k=", p.paging_k);
      if (a) CHECK(a->blocks == want->blocks);
      CHECK(st->ops() - before == want_ops);
    }
  }
}

TEST_CASE("paging in 3D: cube pages cut by the edges, in index order; depth 1 gives the 2D pages") {
  using V = std::vector<Block>;
  for (PagingOrder o : {PagingOrder::RowMajor, PagingOrder::Snake, PagingOrder::Shuffled})
    for (const Block& b : paging_pages(6, 5, 1, o, 1)) CHECK((b.z == 0 && b.d == 1));
  CHECK(paging_pages(4, 2, 1, PagingOrder::RowMajor, 3) ==
        V{{0, 0, 2, 2, 0, 2}, {2, 0, 2, 2, 0, 2}, {0, 0, 2, 2, 2, 1}, {2, 0, 2, 2, 2, 1}});
  // snake: the second page layer runs the first one's order backwards (neighbours stay adjacent)
  const V s = paging_pages(2, 2, 0, PagingOrder::Snake, 2);
  CHECK(s == V{{0, 0, 1, 1, 0, 1}, {1, 0, 1, 1, 0, 1}, {1, 1, 1, 1, 0, 1}, {0, 1, 1, 1, 0, 1},
               {0, 1, 1, 1, 1, 1}, {1, 1, 1, 1, 1, 1}, {1, 0, 1, 1, 1, 1}, {0, 0, 1, 1, 1, 1}});
  // shuffled in 3D: Morton order over (x, y, z)
  const V m = paging_pages(2, 2, 0, PagingOrder::Shuffled, 2);
  CHECK(m[1] == Block{1, 0, 1, 1, 0, 1});
  CHECK(m[2] == Block{0, 1, 1, 1, 0, 1});
  CHECK(m[4] == Block{0, 0, 1, 1, 1, 1});
  // every node in exactly one page, for every order and odd sizes
  for (PagingOrder o : {PagingOrder::RowMajor, PagingOrder::Snake, PagingOrder::Shuffled}) {
    const Topology t(TopologyKind::Mesh, 5, 3, 7);
    std::vector<int> seen(std::size_t(t.nodes()), 0);
    for (const Block& b : paging_pages(5, 3, 1, o, 7)) t.for_each_node(b, [&](int x, int y, int z) { ++seen[std::size_t(t.id(x, y, z))]; });
    for (int n : seen) CHECK(n == 1);
  }
}
