// simulation.hpp — the facade: a validated Scenario in, events stepped, Results out.
//
// One Simulation is one replication of one scenario and owns all of its state: machine
// occupancy, the allocator (strategy, its random stream, allocation time: alloc/decider.hpp),
// the scheduler and its queue, the job stream (workload/job_stream.hpp), the jobs' network
// traffic (net/job_traffic.hpp), the event queue, running jobs and the statistics
// (metrics/run_metrics.hpp). Nothing is global, so copies are independent (compare mode runs
// several side by side; a copy is a snapshot). It is the scheduler's SchedContext: a scheduler
// acts through its private try_start, start_reserved, ... (sched/scheduler.hpp).
//
// Event order (fixed, event_queue.hpp): by time, then kind, then job id. A network cycle ending
// at time T is simulated before job events at T; idle cycles are skipped. After
// every event the scheduler runs (one pass through the SchedContext), unless the allocator is
// still busy with earlier decisions: then one pass runs when it is free.
//
// Host failures (pod machines): host_outages.hpp says what a failing host does to the run; the
// run ends when no job is left, or while jobs wait and a host is down, when nothing else can happen.
//
// Effectiveness (Jakimczuk et al. 2013): with time_limit = T the run stops at T (no arrivals
// after T; a job allocated by T counts even if still running). With on_fail = drop a job whose
// allocation fails when tried leaves the queue unprocessed; with on_fail = wait (the default)
// it is retried whenever the scheduler runs, until T. The figures: metrics/run_metrics.hpp.
#pragma once
#include <functional>
#include <optional>
#include "alloc/decider.hpp"
#include "core/clone_ptr.hpp"
#include "event_queue.hpp"
#include "metrics/run_metrics.hpp"
#include "net/job_traffic.hpp"
#include "host_outages.hpp"
#include "replication.hpp"
#include "running_jobs.hpp"
#include "sched/checker.hpp"
#include "workload/job_stream.hpp"

namespace alloclab {

class Simulation : private SchedContext {
 public:
  // Builds replication `rep` of a scenario that passed validate(), seeded with
  // replication_seed(s, rep).
  static Result<Simulation> create(const Scenario& s, int rep = 0);

  // Processes the next event. Returns false when the run is over (or failed: see status()).
  bool step();
  // Runs to the end; an error if the run cannot finish (a job that can never be placed).
  Status run();
  bool done() const { return done_; }
  const Status& status() const { return status_; }

  Results results() const { return metrics_.results(); }

  // ---- const views for the UI and tests
  const Scenario& scenario() const { return sc_; }
  const Topology& topology() const { return topo_; }
  const Occupancy& occupancy() const { return occ_; }
  const std::map<JobId, JobRecord>& running() const { return running_.all(); }
  std::vector<QueuedJob> queue() const { return sched_->queue(); }
  // The waiting jobs' reservations (scheduler=conservative; empty for the others).
  std::vector<Reservation> reservations() const { return sched_->reservations(); }
  std::size_t queue_length() const { return sched_->size(); }
  const std::deque<JobRecord>& recent() const { return running_.recent(); }  // last departures, newest last
  double now() const override { return now_; }
  long long departures() const { return departed_; }
  long long arrivals() const { return next_id_; }
  long long total_jobs() const { return jobs_.total(); }
  // The job with this id if it is running (nullptr otherwise).
  const JobRecord* running_job(JobId id) const { return running_.find(id); }
  // The network (nullptr when pattern = none): per-link loads, flits in flight, for the UI.
  const Network* network() const { return traffic_ ? &traffic_->network() : nullptr; }
  // Pod machines: the hosts, failed or healthy (nullptr off a pod).
  const HostFailures* hosts() const { return outages_ ? &outages_->hosts() : nullptr; }
  // Runs ended by host failures so far, and jobs given up at such a kill (key max_restarts).
  long long kills() const { return outages_ ? outages_->kills() : 0; }
  long long abandoned() const { return outages_ ? outages_->abandoned() : 0; }
  // Host h fails at time `at` (>= now) and is repaired `repair` later, in place of its drawn next
  // failure (tests, demonstrations; with host_mtbf = 0 these are the only failures). False when
  // there is no such host, it is failed now, or a time is not valid.
  bool fail_host(int h, double at, double repair);

  // The next job to arrive (generated, not yet arrived), or nullptr (UI: Explain mode).
  const QueuedJob* next_arrival() const { return pending_ ? &*pending_ : nullptr; }
  // What the strategy would decide for `q` on the current occupancy, without applying it: a
  // copy of the strategy and of the allocation random stream decide (UI: Explain mode).
  std::optional<Allocation> preview(const QueuedJob& q) const { return alloc_.preview(Request{q.id, q.shape, q.slices}, occ_); }
  // What the strategy sees before deciding for `q`, step by step (alloc/explain.hpp); its
  // `decision` equals preview(q). Nothing is applied (UI: Explain mode).
  Explanation explain(const QueuedJob& q) const { return alloc_.explain(Request{q.id, q.shape, q.slices}, occ_); }

  // The time of the next thing step() processes (+inf when none is pending).
  double next_time() const;
  // First difference: remember what the strategy sees (explain()) each time it decides for
  // job `j` (the last one before the job starts is its decision).
  void watch(JobId j) { watch_ = j; watched_.reset(); }
  const std::optional<Explanation>& watched() const { return watched_; }
  // The watched job started on a reservation made earlier (conservative): watched() is then the
  // strategy's view at the start, not the decision that placed it.
  bool watched_reserved() const { return watched_reserved_; }

  // The allocator (alloc/decider.hpp): wall-clock seconds in allocate() so far (for `timing`),
  // the time it finishes its last decision (alloc_cost > 0; else <= now()), and two switches
  // that leave results unchanged: timing decisions, replaying a repeated failure.
  double allocation_seconds() const { return alloc_.seconds(); }
  double allocator_free_at() const { return alloc_.free_at(); }
  void time_decisions(bool on) { alloc_.time_decisions(on); }
  void replay_failures(bool on) { alloc_.replay_failures(on); }

  // Measured jobs are recorded here when enabled (for --jobs-csv), in departure order.
  void record_jobs(bool on) { running_.record(on); }
  const std::vector<JobRecord>& recorded() const { return running_.recorded(); }

  // Full invariant check: occupancy consistent and equal to the running jobs' allocations
  // (no node owned twice, counts match, every node not held by a running job free).
  bool check_invariants() const;
  // The same check (plus job counters and, with a network, Network::audit()) as assertions:
  // a violation is an ALLOCLAB_CHECK failure naming node, job and time. With check=1 the
  // simulation calls it after every event.
  void audit() const;

 private:
  Simulation(const Scenario& s, std::uint64_t seed);
  // events, in the order a job meets them
  void schedule_next_arrival();
  void on_arrival(JobId id);
  void schedule_pass();  // the scheduler, unless the allocator is busy
  bool on_departure(JobId id);  // false: the departure of a run a host failure killed (skipped)
  bool on_host_failure(int h);  // false: not the host's pending failure (replaced by fail_host)
  RunParts parts() { return {topo_, occ_, alloc_, running_, metrics_, *sched_, events_, now_}; }
  std::vector<Block> failed_blocks() const { return outages_ ? outages_->failed_blocks() : std::vector<Block>{}; }
  Error never_placed(const QueuedJob& q) const;
  void network_cycle();
  void advance_clock(double t);
  void observe_pod();  // pod machines: the pod metrics read the state (after a change)
  // the scheduler's actions (SchedContext, which says what each does)
  const ProfileView& plan() override;
  bool try_start(const QueuedJob& q) override;
  bool try_start_if(const QueuedJob& q, const std::function<bool(const Allocation&)>& admit) override;
  bool start_reserved(const QueuedJob& j, const Allocation& a) override;
  void searched(const QueuedJob& j, long long ops, bool decision, bool failed_now) override;
  long long surprises() const override { return surprises_; }
  bool drops_failures() const override { return sc_.on_fail == OnFail::Drop; }
  void drop(const QueuedJob& j) override {
    metrics_.dropped(j.id);
    pod_changed_ = true;
  }
  void promise(const QueuedJob& j, double start) override;  // told to the schedule checker (check=1)
  void wake_at(double t) override { events_.wake_at(t, now_); }
  // how they do it
  std::optional<Allocation> decide(const QueuedJob& q);  // the allocator's decision; first difference
  void charge(long long ops, bool decision = true);      // statistics and allocator time of a decision
  // `decided_ops`: the operations of the decide() that chose `a`, or -1 when a reservation search
  // chose it earlier (already charged): only the strategy's bookkeeping is charged then.
  void start_job(const QueuedJob& q, Allocation a, long long decided_ops);
  void plan_into(ProfileView& v) const;  // the machine as reservation searches see it
  // communication phases (pattern != none)
  void begin_compute(JobRecord& r, double extra);  // a compute phase, then begin_iteration
  void begin_iteration(JobRecord& r);
  void complete_iteration(JobRecord& r);

  Scenario sc_;
  Topology topo_;
  Occupancy occ_;
  Decider alloc_;
  ClonePtr<Scheduler> sched_;
  JobStream jobs_;
  std::optional<JobTraffic> traffic_;
  std::optional<HostOutages> outages_;  // pod machines
  RunMetrics metrics_;
  EventQueue events_;
  std::optional<QueuedJob> pending_;  // generated, not yet arrived (the next is drawn at its arrival)
  RunningJobs running_;
  ProfileView plan_;  // plan()'s answer, refilled at each call
  double now_ = 0;
  long long next_id_ = 0, departed_ = 0;
  long long surprises_ = 0;  // departures not at their estimated end (conservative compresses)
  bool done_ = false;
  bool pod_changed_ = false;  // the occupancy or the queue changed since observe_pod()
  Status status_;
  ScheduleChecker checker_;
  JobId watch_ = kNoJob;
  std::optional<Explanation> watched_;
  bool watched_reserved_ = false;
};

}  // namespace alloclab
