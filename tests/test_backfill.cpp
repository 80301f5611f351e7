// test_backfill.cpp — EASY backfilling's searches (sched/backfill.hpp) on a hand-made profile,
// without a simulation: the head's reservation, with and without a job placed now, whether a
// reservation holds (running jobs, failed hosts), known departures and the overlap test.
#include <doctest/doctest.h>
#include "alloc/strategy.hpp"
#include "pod/host_failures.hpp"
#include "sched/backfill.hpp"

using namespace alloclab;

namespace {
// A 4x4 mesh, First Fit; job 0 holds rows 0-1 until 5, job 1 holds (0,2) 2x2 until 3: only
// (2,2) 2x2 is free now.
struct Machine {
  Topology topo{TopologyKind::Mesh, 4, 4};
  Occupancy occ{topo};
  std::unique_ptr<Strategy> ff = find_strategy("ff")->make(topo, StrategyParams{});
  Rng rng{1};
  Allocation a0{{Block{0, 0, 4, 2}}}, a1{{Block{0, 2, 2, 2}}};
  Machine() {
    occ.assign(a0, 0);
    ff->allocated(0, a0);
    occ.assign(a1, 1);
    ff->allocated(1, a1);
  }
  ProfileView view(double now) const {
    return ProfileView{&topo, &occ, ff.get(), &rng, now, {Holding{0, 5, &a0, 5}, Holding{1, 3, &a1, -1}}};
  }
};
QueuedJob job(JobId id, int w, int h, double estimate) {
  QueuedJob q;
  q.id = id;
  q.shape = Shape{w, h};
  q.service = q.estimate = estimate;
  return q;
}
}  // namespace

TEST_CASE("backfill: the head's reservation is the first estimated end at which it fits") {
  Machine m;
  const ProfileView v = m.view(1);
  const long long ops0 = m.ff->ops();
  const Reservation now = head_reservation(v, job(2, 2, 2, 4));  // fits now on (2,2)
  CHECK(now.start == 1);
  CHECK(now.end == 5);
  REQUIRE(now.alloc.blocks.size() == 1);
  CHECK(now.alloc.blocks[0] == Block{2, 2, 2, 2});
  const Reservation r = head_reservation(v, job(2, 4, 2, 2));  // rows 2-3 free when job 1 ends at 3
  CHECK(r.id == 2);
  CHECK(r.start == 3);
  CHECK(r.end == 5);
  REQUIRE(r.alloc.blocks.size() == 1);
  CHECK(r.alloc.blocks[0] == Block{0, 2, 4, 2});
  CHECK(r.ops > 0);
  CHECK(m.ff->ops() == ops0);  // searched on copies: the strategy is untouched
  CHECK(m.occ.owner(0, 2) == 1);
  // job 3 placed now on (2,2) until 7: rows 2-3 are free only then; rows 0-1 at 5 first
  const Allocation a3{{Block{2, 2, 2, 2}}};
  const Holding placed{3, 7, &a3};
  const Reservation moved = head_reservation(v, job(2, 4, 2, 2), &placed);
  CHECK(moved.start == 5);
  REQUIRE(moved.alloc.blocks.size() == 1);
  CHECK(moved.alloc.blocks[0] == Block{0, 0, 4, 2});
  const Reservation never = head_reservation(v, job(2, 5, 1, 1));  // wider than the machine
  CHECK(never.start == HUGE_VAL);
  CHECK(never.alloc.blocks.empty());
}

TEST_CASE("backfill: a reservation holds while no running job is on its nodes past its start and no host failed there") {
  Machine m;
  Reservation r;
  r.id = 2;
  r.start = 3;
  r.alloc = Allocation{{Block{0, 2, 4, 2}}};
  CHECK(reservation_holds(m.view(1), r));  // job 1 leaves (0,2) at 3
  r.start = 2.5;
  CHECK_FALSE(reservation_holds(m.view(1), r));  // job 1 is still there
  r.start = 3;
  CHECK_FALSE(reservation_holds(m.view(4), r));  // its time has passed
  r.alloc = Allocation{{Block{0, 1, 4, 1}}};
  CHECK_FALSE(reservation_holds(m.view(1), r));  // job 0 holds row 1 until 5
  r.start = HUGE_VAL;
  CHECK_FALSE(reservation_holds(m.view(1), r));
  // a node held by no job (a pod's failed host) has no known end: (2,2) 2x2 is free until a host
  // fails on (3,3)
  r.start = 3;
  r.alloc = Allocation{{Block{2, 2, 2, 2}}};
  CHECK(reservation_holds(m.view(1), r));
  m.occ.assign(Allocation{{Block{3, 3, 1, 1}}}, kFailedHost);
  CHECK_FALSE(reservation_holds(m.view(1), r));
}

TEST_CASE("backfill: known departures and overlaps (wrap-aware)") {
  Machine m;
  CHECK(departs_at(m.view(1), 5));
  CHECK_FALSE(departs_at(m.view(1), 3));  // job 1's end is not known
  const Topology mesh(TopologyKind::Mesh, 4, 4), torus(TopologyKind::Torus, 4, 4);
  const Allocation a{{Block{0, 0, 2, 2}}};
  CHECK_FALSE(overlaps(mesh, a, Allocation{{Block{2, 0, 2, 2}}}));
  CHECK(overlaps(mesh, a, Allocation{{Block{1, 1, 2, 2}}}));
  CHECK(overlaps(mesh, a, Allocation{{Block{3, 3, 1, 1}, Block{1, 0, 1, 1}}}));
  CHECK(overlaps(torus, a, Allocation{{Block{3, 3, 2, 2}}}));  // wraps onto (0,0)
  CHECK_FALSE(overlaps(torus, a, Allocation{{Block{2, 2, 2, 2}}}));
}
