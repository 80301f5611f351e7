// job_starts.cpp — the scheduler's actions on a run's parts (job_starts.hpp).
#include "job_starts.hpp"
#include <algorithm>
#include "core/check.hpp"

namespace alloclab {

namespace {
// Stops the run on the schedule checker's finding `v` (empty: none), naming the scheduler and strategy.
void checked(const Scenario& sc, const std::string& v) {
  ALLOCLAB_CHECK(v.empty(), "schedule checker (scheduler %s, strategy %s): %s", sc.scheduler.c_str(), sc.strategy.c_str(),
                 v.c_str());
}
}  // namespace

void plan_into(ProfileView& v, const Topology& topo, const Occupancy& occ, const Decider& alloc, const RunningJobs& running,
               double now) {
  v.topo = &topo;
  v.occ = &occ;
  v.strat = &alloc.strategy();
  v.rng = &alloc.rng();
  v.now = now;
  running.holdings(v.running);
}

const ProfileView& JobStarts::plan() {
  plan_into(st_.plan, run_.topo, run_.occ, run_.alloc, run_.running, run_.now);
  return st_.plan;
}

void JobStarts::charge(long long ops, bool decision) {
  if (decision) run_.metrics.decision(ops);
  run_.alloc.charge(run_.now, ops);
}

bool JobStarts::try_start(const QueuedJob& q) {
  auto a = decide(q);
  if (!a) {
    charge(run_.alloc.last_ops());
    run_.metrics.failed(q.chips(), run_.occ.free_count());
    if (!drops_failures()) return false;
    drop(q);  // a job that cannot be allocated is not processed: it leaves the queue
    return true;
  }
  start_job(q, std::move(*a), run_.alloc.last_ops());
  return true;
}

bool JobStarts::try_start_if(const QueuedJob& q, const std::function<bool(const Allocation&)>& admit) {
  auto a = decide(q);
  if (!a || !admit(*a)) {
    charge(run_.alloc.last_ops());  // decided, not applied: the work was done
    return false;
  }
  start_job(q, std::move(*a), run_.alloc.last_ops());
  return true;
}

bool JobStarts::start_reserved(const QueuedJob& j, const Allocation& a) {
  for (const Block& b : a.blocks)
    if (!run_.occ.block_free(b)) return false;
  run_.alloc.started_reserved(request_of(j), run_.occ);
  start_job(j, a, -1);
  return true;
}

void JobStarts::start_job(const QueuedJob& q, Allocation a, long long decided_ops) {
  const double now = run_.now;
  ALLOCLAB_CHECK(!a.blocks.empty() && a.nodes() >= q.chips(),
                 "strategy %s gave job %d %d nodes for a %dx%dx%d request (%d slices)", sc_.strategy.c_str(), q.id, a.nodes(),
                 q.shape.w, q.shape.h, q.shape.d, q.slices);
  if (sc_.check) {
    checked(sc_, st_.checker.started(q.id, now, run_.running.overdue(now)));
  }
  if (const PodInfo* pod = sc_.pod()) {  // a pod holds legal slices only
    const std::string v = slice_violation(*pod, sc_.strat.ocs, q.shape, a, q.slices);
    ALLOCLAB_CHECK(v.empty(), "strategy %s gave job %d %s", sc_.strategy.c_str(), q.id, v.c_str());
  }
  run_.occ.assign(a, q.id);  // (checks that every chip is free: none is given twice)
  st_.changed = true;
  const long long bookkeeping = run_.alloc.allocated(q.id, a);
  run_.metrics.started(q.id, q.chips(), q.restarts == 0);
  const long long ops = std::max(0LL, decided_ops) + bookkeeping;
  charge(ops, decided_ops >= 0);
  const double start = std::max(now, run_.alloc.free_at());  // now unless the decision took simulated time
  JobRecord& job = run_.running.add(JobRecord{.id = q.id, .arrival = q.arrival, .start = start,
                                              .end = traffic_ ? -1 : start + q.service,  // with a network: at its last iteration
                                              .service = q.service, .estimate = q.estimate, .shape = q.shape, .slices = q.slices,
                                              .held = now, .restarts = q.restarts, .alloc = std::move(a), .alloc_ops = ops});
  if (traffic_) traffic_->begin_compute(job, now, job.start - now, run_.events);  // the allocator's time first (0 unless alloc_cost > 0)
  else run_.events.push(job.end, EventKind::Departure, job.id);
}

void JobStarts::searched(const QueuedJob& j, long long ops, bool decision, bool failed_now) {
  charge(ops, decision);
  if (failed_now) run_.metrics.failed(j.chips(), run_.occ.free_count());  // as try_start counts it
}

void JobStarts::drop(const QueuedJob& j) {
  run_.metrics.dropped(j.id);
  st_.changed = true;
}

void JobStarts::promise(const QueuedJob& j, double start) {
  if (!sc_.check) return;
  checked(sc_, st_.checker.promised(j.id, start, run_.now, run_.running.overdue(run_.now)));
}

}  // namespace alloclab
