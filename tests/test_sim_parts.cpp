// test_sim_parts.cpp — the simulation's small parts on their own: the event queue's fixed order
// for simultaneous events and its once-per-time wake-ups (event_queue.hpp), and the running-job
// table (running_jobs.hpp): overdue jobs, the holdings reservation searches see, the recent
// departures kept for the UI and the recorded ones for the job CSV.
#include <doctest/doctest.h>
#include <vector>
#include "event_queue.hpp"
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
