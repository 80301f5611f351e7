// run_parts.hpp — the parts of one simulation's run that its helpers act on, handed to them per
// call: host failures (host_outages.hpp) and the scheduler's actions (job_starts.hpp). A helper
// holds no reference to the run between calls, so a Simulation stays copyable (Compare's runs,
// snapshots).
#pragma once
#include "alloc/decider.hpp"
#include "event_queue.hpp"
#include "metrics/run_metrics.hpp"
#include "running_jobs.hpp"
#include "sched/scheduler.hpp"

namespace alloclab {

// The run's parts at time `now` (the Simulation's own).
struct RunParts {
  const Topology& topo;
  Occupancy& occ;
  Decider& alloc;
  RunningJobs& running;
  RunMetrics& metrics;
  Scheduler& sched;
  EventQueue& events;
  double now;
};

// What the strategy is asked for a waiting job: its shape and slices, under its id.
inline Request request_of(const QueuedJob& q) { return Request{q.id, q.shape, q.slices}; }

}  // namespace alloclab
