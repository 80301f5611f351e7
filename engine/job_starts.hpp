// job_starts.hpp — how jobs start: the scheduler's actions (SchedContext, sched/scheduler.hpp)
// carried out on a run's parts.
//
// A scheduler acts only through its SchedContext: it asks the strategy to decide and starts the
// job when it can (try_start, or try_start_if for a backfill that must also pass `admit`),
// starts a job on a reservation made earlier (start_reserved), reports the work of its
// reservation searches (searched), drops a job (on_fail = drop), gives reservations (promise)
// and asks to be woken. JobStarts is that context for one scheduler pass of one simulation:
//  - a decision is the allocator's (alloc/decider.hpp): counted, charged as statistics and as
//    allocation time, a failed one counted as a failed attempt;
//  - a start is checked (a placement with enough nodes, the schedule checker's promises with
//    check=1, a pod's legal slices), then applied: the occupancy, the strategy's bookkeeping,
//    the running jobs, and the job's departure event — or, with a network, its first compute
//    phase (net/job_traffic.hpp). A job starts when the allocator is done deciding (now, unless
//    alloc_cost > 0).
// The simulation makes one per pass, handed its parts (run_parts.hpp) and the state a pass
// changes (StartState); JobStarts keeps nothing between passes.
#pragma once
#include <functional>
#include "net/job_traffic.hpp"
#include "run_parts.hpp"
#include "scenario/scenario.hpp"
#include "sched/checker.hpp"
#include "sched/profile.hpp"

namespace alloclab {

// What the scheduler's actions change besides the run's parts, kept by the simulation.
struct StartState {
  ScheduleChecker checker;  // check=1: the promises given and kept
  ProfileView plan;         // plan()'s answer, refilled at each call
  long long surprises = 0;  // departures not at their estimated end (conservative compresses)
  bool changed = false;     // the occupancy or the queue changed (the pod metrics observe it)
};

// The machine as reservation searches see it at run.now: occupancy, strategy and its random
// stream, the running jobs until their estimated ends.
void plan_into(ProfileView& v, const Topology& topo, const Occupancy& occ, const Decider& alloc, const RunningJobs& running,
               double now);

class JobStarts final : public SchedContext {
 public:
  // `traffic`: the jobs' network traffic (nullptr when pattern = none).
  JobStarts(const Scenario& sc, RunParts run, JobTraffic* traffic, StartState& state)
      : sc_(sc), run_(run), traffic_(traffic), st_(state) {}

  double now() const override { return run_.now; }
  const ProfileView& plan() override;
  bool try_start(const QueuedJob& q) override;
  bool try_start_if(const QueuedJob& q, const std::function<bool(const Allocation&)>& admit) override;
  bool start_reserved(const QueuedJob& j, const Allocation& a) override;
  void searched(const QueuedJob& j, long long ops, bool decision, bool failed_now) override;
  long long surprises() const override { return st_.surprises; }
  bool drops_failures() const override { return sc_.on_fail == OnFail::Drop; }
  void drop(const QueuedJob& j) override;
  void promise(const QueuedJob& j, double start) override;  // told to the schedule checker (check=1)
  void wake_at(double t) override { run_.events.wake_at(t, run_.now); }

 private:
  std::optional<Allocation> decide(const QueuedJob& q) { return run_.alloc.decide(request_of(q), run_.occ); }
  void charge(long long ops, bool decision = true);  // statistics and allocator time of a decision
  // `decided_ops`: the operations of the decision that chose `a`, or -1 when a reservation search
  // chose it earlier (already charged): only the strategy's bookkeeping is charged then.
  void start_job(const QueuedJob& q, Allocation a, long long decided_ops);

  const Scenario& sc_;
  RunParts run_;
  JobTraffic* traffic_;
  StartState& st_;
};

}  // namespace alloclab
