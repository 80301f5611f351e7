// test_schedulers.cpp — FCFS, SSD, EASY backfilling and the max_wait starvation threshold on
// hand-made job lists (traces), where every start time can be worked out by hand, and on random
// workloads. Every run has check=1: the schedule checker (sched/checker.hpp) aborts when a job
// starts later than its reservation or a backfilled job delays a reservation, and the per-event
// audit checks occupancy against the running jobs.
#include <doctest/doctest.h>
#include <map>
#include "simulation.hpp"

using namespace alloclab;

namespace {
// Runs a CSV job list on a 4x4 mesh and returns start time by job id.
std::map<JobId, double> starts(const char* csv, const char* scheduler, const char* extra = "") {
  auto s = parse_link(std::string("size=4x4&check=1&trace=t.csv&scheduler=") + scheduler + extra);
  REQUIRE_MESSAGE(s, (s ? "" : s.error().message));
  auto t = parse_trace_csv(csv, "t.csv", 4, 4);
  REQUIRE(t);
  s->trace_data = std::make_shared<const Trace>(*t);
  auto sim = Simulation::create(*s, 0);
  REQUIRE_MESSAGE(sim, (sim ? "" : sim.error().message));
  sim->record_jobs(true);
  REQUIRE(sim->run().ok());
  CHECK(sim->check_invariants());
  std::map<JobId, double> m;
  for (const JobRecord& j : sim->recorded()) m[j.id] = j.start;
  return m;
}
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
// job 0 holds half the machine until 10; job 1 needs all of it; job 2 fits beside job 0 and
// ends by 10; job 3 would still be running at 10 and would delay job 1.
const char* kList =
    "arrival,width,height,runtime\n"
    "0,4,2,10\n"
    "1,4,4,5\n"
    "2,4,2,5\n"
    "8,4,2,20\n";
}  // namespace

TEST_CASE("FCFS: no job passes the head") {
  auto s = starts(kList, "fcfs");
  CHECK(s[0] == 0);
  CHECK(s[1] == 10);
  CHECK(s[2] == 15);
  CHECK(s[3] == 15);
}

TEST_CASE("EASY: backfills a job that ends before the reservation, not one that would delay it") {
  auto f = starts(kList, "fcfs");
  auto e = starts(kList, "easy");
  CHECK(e[1] == 10);       // the head starts at its reservation...
  CHECK(e[1] <= f[1]);     // ...never later than under FCFS
  CHECK(e[2] == 2);        // backfilled
  CHECK(e[3] == 15);       // not backfilled: would still run at 10 on nodes job 1 needs
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
  auto e = starts(list, "easy");
  CHECK(e[1] == 10);
  CHECK(e[2] == 2);
  auto f = starts(list, "fcfs");
  CHECK(f[2] == 10);  // FCFS: waits behind job 1, then fits beside it (x 3) at 10
}

TEST_CASE("SSD orders by service demand; max_wait stops passing a starving job") {
  // job 0 takes the whole machine until 10; then jobs 1 (long) and 2, 3 (short) wait.
  const char* list =
      "arrival,width,height,runtime\n"
      "0,4,4,10\n"
      "1,4,4,50\n"
      "2,4,4,5\n"
      "3,4,4,5\n";
  auto s = starts(list, "ssd");
  CHECK(s[2] == 10);
  CHECK(s[3] == 15);
  CHECK(s[1] == 20);
  auto w = starts(list, "ssd", "&max_wait=8");  // job 1 has waited 9 at t = 10
  CHECK(w[1] == 10);
  CHECK(w[2] == 60);
  CHECK(w[3] == 65);
}

TEST_CASE("EASY with max_wait: no backfilling past a starving head") {
  auto e = starts(kList, "easy", "&max_wait=0.5");  // job 1 has waited 1 at t = 2
  CHECK(e[2] == 15);
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
  auto g = starts(list, "greedy");
  CHECK(g[0] == 0);
  CHECK(g[1] == 22);
  CHECK(g[2] == 2);
  auto g5 = starts(list, "greedy", "&max_wait=5");
  CHECK(g5[0] == 0);
  CHECK(g5[1] == 22);
  CHECK(g5[2] == 2);
  auto gs = starts(list, "greedy", "&max_wait=0.5");
  CHECK(gs[0] == 0);
  CHECK(gs[1] == 10);
  CHECK(gs[2] == 20);
  auto d = starts(list, "fcfs-departure");
  CHECK(d[1] == 22);
  CHECK(d[2] == 2);
  auto ds = starts(list, "fcfs-departure", "&max_wait=0.5");
  CHECK(ds[1] == 10);
  CHECK(ds[2] == 20);
  auto e = starts(list, "easy");
  CHECK(e[0] == 0);
  CHECK(e[1] == 10);
  CHECK(e[2] == 20);
  auto f = starts(list, "fcfs");
  CHECK(f[1] == 10);
  CHECK(f[2] == 20);
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
  auto g = starts(list, "greedy");
  CHECK(g[1] == 10);
  CHECK(g[3] == 10);
  CHECK(g[2] == 15);
  auto f = starts(list, "fcfs");
  CHECK(f[3] == 20);  // FCFS: behind job 2
  auto gs = starts(list, "greedy", "&max_wait=8");  // job 2 has waited 8 at t = 10: job 3 may not pass
  CHECK(gs[1] == 10);
  CHECK(gs[2] == 15);
  CHECK(gs[3] == 20);
}

TEST_CASE("fcfs-departure (Srisawat & Alexandridis 1999 3.5 literally): a departure serves the queue FCFS") {
  // (Its arrivals: the greedy test case above.) The departure: at 10 job 1 starts and job 2 (the whole machine) cannot; unlike greedy, job 3
  // does not pass it there: it starts after job 2 (20), not at 10.
  auto f = starts(kDeparture, "fcfs-departure");
  CHECK(f[1] == 10);
  CHECK(f[2] == 15);
  CHECK(f[3] == 20);
  CHECK(starts(kDeparture, "greedy")[3] == 10);
  // Jobs arriving together (batch) each get their arrival's attempt, in arrival order.
  const char* batch =
      "arrival,width,height,runtime\n"
      "0,4,2,10\n"
      "0,4,4,10\n"
      "0,4,2,5\n";
  auto b = starts(batch, "fcfs-departure");
  CHECK(b[0] == 0);
  CHECK(b[2] == 0);
  CHECK(b[1] == 10);
}

TEST_CASE("greedy and fcfs-departure on random workloads: valid and complete") {
  for (const char* strat : {"ff", "qtree", "bl"})
    for (const char* sched : {"greedy", "fcfs-departure"})
      random_run(std::string("size=16x16&jobs=3000&arrival=poisson:0.03&max_wait=50&scheduler=") + sched + "&strategy=" + strat, 3000);
}
