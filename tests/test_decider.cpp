// test_decider.cpp — the allocator unit (alloc/decider.hpp) on its own: decisions and their
// counted operations, bookkeeping, allocation time, and the replay of a repeated failure.
#include <doctest/doctest.h>
#include "alloc/decider.hpp"

using namespace alloclab;

namespace {
Decider make(const Topology& t, const char* id, double cost, bool check) {
  return Decider(find_strategy(id)->make(t, StrategyParams{}), Rng(7), id, cost, check);
}
}  // namespace

TEST_CASE("decider: a decision, its operations and the strategy's bookkeeping") {
  const Topology mesh(TopologyKind::Mesh, 4, 4);
  Occupancy occ(mesh);
  Decider d = make(mesh, "ff", 0, false);
  const auto a = d.decide(Request{0, Shape{2, 2}}, occ);
  REQUIRE(a);
  CHECK(a->blocks == std::vector<Block>{Block{0, 0, 2, 2}});
  CHECK(d.last_ops() > 0);
  CHECK(d.preview(Request{0, Shape{2, 2}}, occ)->blocks == a->blocks);
  CHECK(d.explain(Request{0, Shape{2, 2}}, occ).ops == d.last_ops());
  occ.assign(*a, 0);
  CHECK(d.allocated(0, *a) >= 0);
  CHECK(d.decide(Request{1, Shape{4, 2}}, occ)->blocks == std::vector<Block>{Block{0, 2, 4, 2}});
  CHECK(d.released(0, *a) >= 0);
}

// alloc_cost = 2: the allocator works from when it is free, or from now if it is idle.
TEST_CASE("decider: allocation time adds up on one allocator") {
  const Topology mesh(TopologyKind::Mesh, 4, 4);
  Decider d = make(mesh, "ff", 2, false);
  CHECK(d.free_at() == 0);
  d.charge(1, 3);
  CHECK(d.free_at() == 7);  // 1 + 2·3
  d.charge(2, 1);
  CHECK(d.free_at() == 9);  // busy until 7: 7 + 2
  d.charge(20, 1);
  CHECK(d.free_at() == 22);  // idle since 9: 20 + 2
  Decider free = make(mesh, "ff", 0, false);
  free.charge(5, 100);
  CHECK(free.free_at() == 5);
}

TEST_CASE("decider: a repeated failure is replayed with the same count, and only while nothing changed") {
  const Topology mesh(TopologyKind::Mesh, 4, 4);
  Occupancy occ(mesh);
  const Allocation half{{Block{0, 0, 4, 2}}};
  occ.assign(half, 9);
  for (const bool check : {false, true}) {
    CAPTURE(check);
    Decider d = make(mesh, "ff", 0, check), plain = make(mesh, "ff", 0, check);
    (void)d.allocated(9, half), (void)plain.allocated(9, half);
    plain.replay_failures(false);
    const Request big{1, Shape{3, 3}};
    CHECK_FALSE(d.decide(big, occ));
    CHECK_FALSE(plain.decide(big, occ));
    const long long first = d.last_ops();
    CHECK(first == plain.last_ops());
    for (int k = 0; k < 3; ++k) {  // replayed (or, with check, searched and compared)
      CHECK_FALSE(d.decide(big, occ));
      CHECK_FALSE(plain.decide(big, occ));
      CHECK(d.last_ops() == first);
    }
    CHECK(d.strategy().ops() == plain.strategy().ops());  // the replay counts what a search would
    occ.release(half, 9);
    (void)d.released(9, half), (void)plain.released(9, half);
    CHECK(d.decide(big, occ));  // the machine changed: searched again, and it fits
    occ.assign(half, 9);
    (void)d.allocated(9, half), (void)plain.allocated(9, half);
  }
}

// First difference (Decider::watch): the view of the watched job's last decision, or of its
// start on a reservation; other jobs leave it alone.
TEST_CASE("decider: a watched job's view is what Explain shows at its decision, or at its reserved start") {
  const Topology mesh(TopologyKind::Mesh, 4, 4);
  Occupancy occ(mesh);
  Decider d = make(mesh, "ff", 0, false);
  d.watch(1);
  CHECK_FALSE(d.watched());
  REQUIRE(d.decide(Request{0, Shape{2, 2}}, occ));  // not the watched job
  CHECK_FALSE(d.watched());
  occ.assign(Allocation{{Block{0, 0, 2, 2}}}, 0);
  const Explanation want = d.explain(Request{1, Shape{4, 2}}, occ);
  const auto a = d.decide(Request{1, Shape{4, 2}}, occ);
  REQUIRE(a);
  REQUIRE(d.watched());
  CHECK(d.watched()->ops == want.ops);
  CHECK(d.watched()->decision->blocks == a->blocks);
  CHECK_FALSE(d.watched_reserved());
  d.started_reserved(Request{2, Shape{1, 1}}, occ);  // another job's reserved start
  CHECK_FALSE(d.watched_reserved());
  d.started_reserved(Request{1, Shape{4, 2}}, occ);
  CHECK(d.watched_reserved());
  CHECK(d.watched()->decision->blocks == a->blocks);
  d.watch(3);  // a new watch forgets the old view
  CHECK_FALSE(d.watched());
}
