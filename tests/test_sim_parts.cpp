// test_sim_parts.cpp — the simulation's small parts on their own: the event queue's fixed order
// for simultaneous events and its once-per-time wake-ups (event_queue.hpp), and the running-job
// table (running_jobs.hpp): overdue jobs, the holdings reservation searches see, the recent
// departures kept for the UI and the recorded ones for the job CSV; and the scheduler's actions
// on a run's parts (job_starts.hpp), on a hand-built run.
#include <doctest/doctest.h>
#include <vector>
#include "event_queue.hpp"
#include "job_starts.hpp"
#include "running_jobs.hpp"

using namespace alloclab;

TEST_CASE("event queue: by time, then departure < iteration < arrival < wake-up, then job id") {
  EventQueue q;
  q.push(5, EventKind::Arrival, 3);
  q.push(5, EventKind::Departure, 9);
  q.push(2, EventKind::Arrival, 7);
  q.push(5, EventKind::Iteration, 4);
  q.push(5, EventKind::Departure, 1);
  q.wake_at(5, 0);
  CHECK(q.next_time() == 2);
  std::vector<std::pair<EventKind, JobId>> order;
  while (!q.empty()) {
    const Event e = q.pop();
    if (e.time == 5) order.emplace_back(e.kind, e.job);
  }
  const std::vector<std::pair<EventKind, JobId>> want{{EventKind::Departure, 1}, {EventKind::Departure, 9},
                                                      {EventKind::Iteration, 4}, {EventKind::Arrival, 3},
                                                      {EventKind::Wake, kNoJob}};
  CHECK(order == want);
  CHECK(q.next_time() == HUGE_VAL);
}

TEST_CASE("event queue: one wake-up per time, none at or before now, a popped time can be woken again") {
  EventQueue q;
  q.wake_at(3, 1);
  q.wake_at(3, 1);    // the same time again: kept once
  q.wake_at(1, 1);    // not after now
  q.wake_at(0.5, 1);  // before now
  q.wake_at(HUGE_VAL, 1);
  int n = 0;
  while (!q.empty()) {
    CHECK(q.pop().time == 3);
    ++n;
  }
  CHECK(n == 1);
  q.wake_at(3, 1);  // popped: a new wake-up at 3 is pending again
  CHECK(!q.empty());
}

namespace {
JobRecord job(JobId id, double start, double estimate, double end, Block b) {
  return JobRecord{.id = id, .start = start, .end = end, .estimate = estimate, .shape = {b.w, b.h}, .alloc = {{b}}};
}
}  // namespace

TEST_CASE("running jobs: add, find, overdue against estimates, holdings until estimated ends, remove") {
  RunningJobs r;
  r.add(job(4, 10, 5, 15, {0, 0, 2, 2}));  // ends at its estimate
  r.add(job(2, 0, 8, -1, {2, 0, 1, 3}));   // communicating: its end is not known yet
  CHECK(r.size() == 2);
  REQUIRE(r.find(4));
  CHECK(r.find(4)->alloc.nodes() == 4);
  CHECK(r.find(3) == nullptr);
  CHECK(!r.overdue(7.9));
  CHECK(r.overdue(8));  // job 2 reaches its estimated end 0 + 8 still running
  std::vector<Holding> h{Holding{}};
  r.holdings(h);  // replaces what was there, in job id order
  REQUIRE(h.size() == 2);
  CHECK((h[0].id == 2 && h[0].end == 8 && h[0].departs == -1 && h[0].alloc == &r.find(2)->alloc));
  CHECK((h[1].id == 4 && h[1].end == 15 && h[1].departs == 15));
  const JobRecord gone = r.remove(2);
  CHECK(gone.id == 2);
  CHECK(r.size() == 1);
  CHECK(!r.overdue(100));  // job 4 ends at its estimate
  r.find(4)->end = 16;     // now it will hold its nodes past the estimate
  CHECK(r.overdue(0));
}

TEST_CASE("running jobs: the last 64 departures are kept, measured ones recorded only when asked") {
  RunningJobs r;
  for (JobId i = 0; i < 70; ++i) r.departed(job(i, 0, 1, 1, {0, 0, 1, 1}), i % 2 == 0);
  CHECK(r.recent().size() == RunningJobs::kRecent);
  CHECK(r.recent().front().id == 70 - JobId(RunningJobs::kRecent));
  CHECK(r.recent().back().id == 69);
  CHECK(r.recorded().empty());
  r.record(true);
  for (JobId i = 70; i < 74; ++i) r.departed(job(i, 0, 1, 1, {0, 0, 1, 1}), i % 2 == 0);
  REQUIRE(r.recorded().size() == 2);
  CHECK((r.recorded()[0].id == 70 && r.recorded()[1].id == 72));
}

namespace {
// A 4x4 mesh run at time 5 with First Fit and FCFS, its parts built by hand.
struct HandRun {
  Scenario sc;
  Topology mesh{TopologyKind::Mesh, 4, 4};
  Occupancy occ{mesh};
  Decider alloc{find_strategy("ff")->make(mesh, StrategyParams{}), Rng(7), "ff", 0, false};
  RunningJobs running;
  RunMetrics metrics{mesh, 0};
  std::unique_ptr<Scheduler> sched = find_scheduler("fcfs")->make(SchedParams{});
  EventQueue events;
  StartState state;
  explicit HandRun(const char* link) : sc(*parse_link(link)) {}
  JobStarts starts() { return JobStarts(sc, RunParts{mesh, occ, alloc, running, metrics, *sched, events, 5}, nullptr, state); }
};
QueuedJob queued(JobId id, Shape s, double service = 10) {
  return QueuedJob{.id = id, .arrival = 1, .service = service, .estimate = service, .shape = s};
}
}  // namespace

TEST_CASE("job starts: a start applies the decision — occupancy, the running job, its departure event, the statistics") {
  HandRun r("size=4x4&strategy=ff&scheduler=fcfs");
  JobStarts ctx = r.starts();
  CHECK(ctx.now() == 5);
  CHECK(ctx.try_start(queued(0, Shape{2, 2})));
  CHECK(r.occ.owner(1, 1) == 0);
  CHECK(r.occ.owner(2, 0) == kNoJob);
  REQUIRE(r.running.find(0));
  CHECK(r.running.find(0)->start == 5);
  CHECK(r.running.find(0)->end == 15);
  CHECK(r.running.find(0)->alloc_ops > 0);
  CHECK(r.state.changed);
  REQUIRE(!r.events.empty());
  const Event e = r.events.pop();
  CHECK((e.time == 15 && e.kind == EventKind::Departure && e.job == 0));
  // a job that does not fit now: not started, one failed attempt counted
  CHECK_FALSE(ctx.try_start(queued(1, Shape{4, 4})));
  CHECK(r.metrics.results().allocation_failures == 1);
  // a backfill its admission refuses: decided, not started, not a failure
  CHECK_FALSE(ctx.try_start_if(queued(2, Shape{2, 2}), [](const Allocation&) { return false; }));
  CHECK(r.running.size() == 1);
  CHECK(r.metrics.results().allocation_failures == 1);
  // a reservation: only on nodes free now
  CHECK_FALSE(ctx.start_reserved(queued(2, Shape{2, 2}), Allocation{{Block{1, 1, 2, 2}}}));
  CHECK(ctx.start_reserved(queued(2, Shape{2, 2}), Allocation{{Block{2, 2, 2, 2}}}));
  CHECK(r.occ.owner(3, 3) == 2);
  // the plan reservation searches see: this machine, the running jobs until their estimated ends
  const ProfileView& v = ctx.plan();
  CHECK(v.occ == &r.occ);
  CHECK(v.now == 5);
  CHECK(v.running.size() == 2);
  CHECK(r.events.next_time() == 15);  // both depart at 15, job 0 first
}

TEST_CASE("job starts: on_fail=drop drops a job that cannot start; wake-ups; allocation time delays a start") {
  HandRun d("size=4x4&strategy=ff&scheduler=fcfs&on_fail=drop");
  JobStarts ctx = d.starts();
  CHECK(ctx.drops_failures());
  CHECK(ctx.try_start(queued(0, Shape{5, 1})));  // it leaves the queue...
  CHECK(d.running.size() == 0);                  // ...without starting
  CHECK(d.metrics.results().allocation_failures == 1);
  ctx.wake_at(9);
  ctx.wake_at(9);
  ctx.wake_at(4);  // not after now: no wake-up
  CHECK(d.events.pop().time == 9);
  CHECK(d.events.empty());
  // alloc_cost = 0.5: the job starts when the allocator is done with its decision and bookkeeping
  HandRun t("size=4x4&strategy=ff&scheduler=fcfs&alloc_cost=0.5");
  t.alloc = Decider(find_strategy("ff")->make(t.mesh, StrategyParams{}), Rng(7), "ff", 0.5, false);
  JobStarts c = t.starts();
  REQUIRE(c.try_start(queued(0, Shape{2, 2})));
  const JobRecord* j = t.running.find(0);
  REQUIRE(j);
  CHECK(j->held == 5);
  CHECK(j->start == doctest::Approx(5 + 0.5 * double(j->alloc_ops)));
  CHECK(t.alloc.free_at() == j->start);
  CHECK(j->end == doctest::Approx(j->start + 10));
}
