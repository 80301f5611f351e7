// test_paging.cpp — Paging(k) (Lo et al. 1997): page indexing orders, edge pages, properties.
#include <doctest/doctest.h>
#include "noncontig.hpp"

using namespace alloclab;

namespace alloclab {
std::vector<Block> paging_pages(int W, int H, int k, PagingOrder order);
}

TEST_CASE("paging: indexing orders and edge pages") {
  using V = std::vector<Block>;
  CHECK(paging_pages(4, 4, 1, PagingOrder::RowMajor) == V{{0, 0, 2, 2}, {2, 0, 2, 2}, {0, 2, 2, 2}, {2, 2, 2, 2}});
  CHECK(paging_pages(3, 2, 0, PagingOrder::Snake) ==
        V{{0, 0, 1, 1}, {1, 0, 1, 1}, {2, 0, 1, 1}, {2, 1, 1, 1}, {1, 1, 1, 1}, {0, 1, 1, 1}});
  const V z = paging_pages(4, 4, 0, PagingOrder::Shuffled);
  REQUIRE(z.size() == 16);
  CHECK(V(z.begin(), z.begin() + 6) == V{{0, 0, 1, 1}, {1, 0, 1, 1}, {0, 1, 1, 1}, {1, 1, 1, 1}, {2, 0, 1, 1}, {3, 0, 1, 1}});
  CHECK(z[8] == Block{0, 2, 1, 1});
  CHECK(z[15] == Block{3, 3, 1, 1});
  // 5x3 machine, k = 1: the last column and row of pages are partial (usable, smaller).
  CHECK(paging_pages(5, 3, 1, PagingOrder::RowMajor) ==
        V{{0, 0, 2, 2}, {2, 0, 2, 2}, {4, 0, 1, 2}, {0, 2, 2, 1}, {2, 2, 2, 1}, {4, 2, 1, 1}});
  // A page side larger than the machine: one partial page.
  CHECK(paging_pages(3, 2, 3, PagingOrder::Shuffled) == V{{0, 0, 3, 2}});
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
