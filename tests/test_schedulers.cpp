// test_schedulers.cpp — FCFS, SSD, EASY backfilling and the max_wait starvation threshold on
// hand-made job lists (traces), where every start time can be worked out by hand, and on random
// workloads. Every run has check=1: the schedule checker (sched/checker.hpp) aborts when a job
// starts later than its reservation or a backfilled job delays a reservation, and the per-event
// audit checks occupancy against the running jobs.
#include <doctest/doctest.h>
#include "job_lists.hpp"

using namespace alloclab;
using namespace alloclab::test;

namespace {
// A random workload with check=1 (every event audited, every reservation checked); the
// invariants are also checked from outside every 100 events, while jobs run and wait.
void random_run(const std::string& link, long long jobs) {
  auto s = parse_link("check=1&" + link);
  REQUIRE_MESSAGE(s, (s ? "" : s.error().message));
  auto sim = Simulation::create(*s, 0);
  REQUIRE_MESSAGE(sim, (sim ? "" : sim.error().message));
  long long steps = 0, busy_checks = 0;
  while (sim->step())
    if (++steps % 100 == 0) {
      REQUIRE_MESSAGE(sim->check_invariants(), link, " event ", steps);
      busy_checks += sim->queue_length() > 0;
    }
  REQUIRE(sim->status().ok());
  CHECK(sim->check_invariants());
  CHECK(sim->results().jobs_completed == double(jobs));
  CHECK_MESSAGE(busy_checks > 10, link);  // checked while jobs were waiting
}
}  // namespace

TEST_CASE("FCFS: no job passes the head") {
  expect_starts(kBackfillList, "size=4x4&scheduler=fcfs", {{0, 0}, {1, 10}, {2, 15}, {3, 15}});
}

TEST_CASE("EASY: backfills a job that ends before the reservation, not one that would delay it") {
  // The head (job 1) starts at its reservation, job 2 is backfilled, job 3 is not (it would
  // still run at 10 on nodes job 1 needs).
  const ListRun f = run_list(kBackfillList, "size=4x4&scheduler=fcfs");
  const ListRun e = expect_starts(kBackfillList, "size=4x4&scheduler=easy", {{1, 10}, {2, 2}, {3, 15}});
  CHECK(e.start(1) <= f.start(1));  // never later than under FCFS
}

TEST_CASE("EASY: a long job may backfill on nodes the head does not need") {
  // 4x4 machine: job 0 holds columns 0..2 until 10; the head (job 1, 3x4) is reserved at 10
  // on columns 0..2 (first fit on the then-empty machine); job 2 (1x4, 100 long) fits in
  // column 3 now, which the reservation does not use, so it may start at once.
  const char* list =
      "arrival,width,height,runtime\n"
      "0,3,4,10\n"
      "1,3,4,5\n"
      "2,1,4,100\n";
  expect_starts(list, "size=4x4&scheduler=easy", {{1, 10}, {2, 2}});
  expect_starts(list, "size=4x4&scheduler=fcfs", {{2, 10}});  // FCFS: waits behind job 1, then fits beside it (x 3) at 10
}

TEST_CASE("SSD orders by service demand; max_wait stops passing a starving job") {
  // job 0 takes the whole machine until 10; then jobs 1 (long) and 2, 3 (short) wait.
  const char* list =
      "arrival,width,height,runtime\n"
      "0,4,4,10\n"
      "1,4,4,50\n"
      "2,4,4,5\n"
      "3,4,4,5\n";
  expect_starts(list, "size=4x4&scheduler=ssd", {{2, 10}, {3, 15}, {1, 20}});
  expect_starts(list, "size=4x4&scheduler=ssd&max_wait=8", {{1, 10}, {2, 60}, {3, 65}});  // job 1 has waited 9 at t = 10
}

TEST_CASE("EASY with max_wait: no backfilling past a starving head") {
  expect_starts(kBackfillList, "size=4x4&scheduler=easy&max_wait=0.5", {{2, 15}});  // job 1 has waited 1 at t = 2
}

TEST_CASE("EASY on random workloads: valid, complete, and never worse at the head than its reservation") {
  for (const char* strat : {"ff", "as", "random"})
    random_run(std::string("size=16x16&scheduler=easy&jobs=3000&arrival=poisson:0.03&strategy=") + strat, 3000);
}

TEST_CASE("greedy and fcfs-departure (Srisawat & Alexandridis 1999 3.5): a later job passes a waiting one that does not fit; max_wait stops it") {
  // 4x4 mesh: job 0 holds half the machine until 10; job 1 needs all of it; job 2 (2x2, 20
  // long) fits beside job 0 at its arrival. Greedy starts job 2 at once, so job 1 waits until
  // job 2 ends at 22. With a threshold below job 1's wait at t = 2 (0.5), job 2 may not pass
  // it: job 1 starts at 10 and job 2 at 20. With a threshold above it (5) nothing changes.
  // fcfs-departure does the same at job 2's arrival. EASY does not backfill job 2: it would
  // still run at job 1's reservation (10).
  const char* list =
      "arrival,width,height,runtime\n"
      "0,4,2,10\n"
      "1,4,4,10\n"
      "2,2,2,20\n";
  expect_starts(list, "size=4x4&scheduler=greedy", {{0, 0}, {1, 22}, {2, 2}});
  expect_starts(list, "size=4x4&scheduler=greedy&max_wait=5", {{0, 0}, {1, 22}, {2, 2}});
  expect_starts(list, "size=4x4&scheduler=greedy&max_wait=0.5", {{0, 0}, {1, 10}, {2, 20}});
  expect_starts(list, "size=4x4&scheduler=fcfs-departure", {{1, 22}, {2, 2}});
  expect_starts(list, "size=4x4&scheduler=fcfs-departure&max_wait=0.5", {{1, 10}, {2, 20}});
  expect_starts(list, "size=4x4&scheduler=easy", {{0, 0}, {1, 10}, {2, 20}});
  expect_starts(list, "size=4x4&scheduler=fcfs", {{1, 10}, {2, 20}});
}

// job 0 fills the machine until 10; jobs 1..3 wait; at 10 job 1 (4x2) fits, job 2 (4x4) does
// not, job 3 (4x2) would fit beside job 1.
const char* kDeparture =
    "arrival,width,height,runtime\n"
    "0,4,4,10\n"
    "1,4,2,5\n"
    "2,4,4,5\n"
    "3,4,2,5\n";

TEST_CASE("greedy: every waiting job that fits starts at a departure, in arrival order") {
  // At 10, job 1 starts, job 2 cannot, job 3 passes it and starts too; job 2 starts when both
  // have ended (15).
  const char* list = kDeparture;
  expect_starts(list, "size=4x4&scheduler=greedy", {{1, 10}, {3, 10}, {2, 15}});
  expect_starts(list, "size=4x4&scheduler=fcfs", {{3, 20}});  // FCFS: behind job 2
  expect_starts(list, "size=4x4&scheduler=greedy&max_wait=8", {{1, 10}, {2, 15}, {3, 20}});  // job 2 has waited 8 at t = 10: job 3 may not pass
}

TEST_CASE("fcfs-departure (Srisawat & Alexandridis 1999 3.5 literally): a departure serves the queue FCFS") {
  // (Its arrivals: the greedy test case above.) The departure: at 10 job 1 starts and job 2 (the whole machine) cannot; unlike greedy, job 3
  // does not pass it there: it starts after job 2 (20), not at 10.
  expect_starts(kDeparture, "size=4x4&scheduler=fcfs-departure", {{1, 10}, {2, 15}, {3, 20}});
  expect_starts(kDeparture, "size=4x4&scheduler=greedy", {{3, 10}});
  // Jobs arriving together (batch) each get their arrival's attempt, in arrival order.
  const char* batch =
      "arrival,width,height,runtime\n"
      "0,4,2,10\n"
      "0,4,4,10\n"
      "0,4,2,5\n";
  expect_starts(batch, "size=4x4&scheduler=fcfs-departure", {{0, 0}, {2, 0}, {1, 10}});
}

TEST_CASE("greedy and fcfs-departure on random workloads: valid and complete") {
  for (const char* strat : {"ff", "qtree", "bl"})
    for (const char* sched : {"greedy", "fcfs-departure"})
      random_run(std::string("size=16x16&jobs=3000&arrival=poisson:0.03&max_wait=50&scheduler=") + sched + "&strategy=" + strat, 3000);
}
