// simulation.hpp — the facade: a validated Scenario in, events stepped, Results out.
//
// One Simulation is one replication of one scenario and owns all of its state: machine
// occupancy, the allocator (strategy, its random stream, allocation time: alloc/decider.hpp),
// the scheduler and its queue, the job stream (workload/job_stream.hpp), the jobs' network
// traffic (net/job_traffic.hpp), the event queue, running jobs and the statistics
// (metrics/run_metrics.hpp). Nothing is global, so copies are independent (compare mode runs
// several side by side; a copy is a snapshot).
//
// Event order (fixed): by time; at equal times departures, then communication phases starting
// after a compute phase, then arrivals, then scheduler wake-ups; then by job id. A network
// cycle ending at time T is simulated before job events at T; idle cycles are skipped. After
// every event the scheduler runs (one pass through the SchedContext), unless the allocator is
// still busy with earlier decisions: then one pass runs when it is free.
//
// Effectiveness (Jakimczuk et al. 2013): with time_limit = T the run stops at T (no arrivals
// after T; a job allocated by T counts even if it is still running; jobs waiting at T were not
// allocated). With on_fail = drop a job whose allocation fails when the scheduler tries it
// leaves the queue unprocessed; with on_fail = wait (the default) it is retried whenever the
// scheduler runs, until T. The figures themselves: metrics/run_metrics.hpp.
#pragma once
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <optional>
#include <queue>
#include <set>
#include <vector>
#include "alloc/decider.hpp"
#include "core/clone_ptr.hpp"
#include "core/error.hpp"
#include "core/job.hpp"
#include "metrics/run_metrics.hpp"
#include "net/job_traffic.hpp"
#include "scenario/scenario.hpp"
#include "sched/checker.hpp"
#include "sched/profile.hpp"
#include "sched/scheduler.hpp"
#include "workload/job_stream.hpp"

namespace alloclab {

class Simulation {
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
  const std::map<JobId, JobRecord>& running() const { return running_; }
  std::vector<QueuedJob> queue() const { return sched_->queue(); }
  // The waiting jobs' reservations (scheduler=conservative; empty for the others).
  std::vector<Reservation> reservations() const { return sched_->reservations(); }
  std::size_t queue_length() const { return sched_->size(); }
  const std::deque<JobRecord>& recent() const { return recent_; }  // last departures, newest last
  double now() const { return now_; }
  long long departures() const { return departed_; }
  long long arrivals() const { return next_id_; }
  long long total_jobs() const { return jobs_.total(); }
  // The job with this id if it is running (nullptr otherwise).
  const JobRecord* running_job(JobId id) const;
  // The network (nullptr when pattern = none): per-link loads, flits in flight, for the UI.
  const Network* network() const { return traffic_ ? &traffic_->network() : nullptr; }

  // The next job to arrive (generated, not yet arrived), or nullptr (UI: Explain mode).
  const QueuedJob* next_arrival() const { return pending_ ? &*pending_ : nullptr; }
  // What the strategy would decide for `q` on the current occupancy, without applying it: a
  // copy of the strategy and of the allocation random stream decide (UI: Explain mode).
  std::optional<Allocation> preview(const QueuedJob& q) const { return alloc_.preview(Request{q.id, q.shape}, occ_); }
  // What the strategy sees before deciding for `q`, step by step (alloc/explain.hpp); its
  // `decision` equals preview(q). Nothing is applied (UI: Explain mode).
  Explanation explain(const QueuedJob& q) const { return alloc_.explain(Request{q.id, q.shape}, occ_); }

  // The time of the next thing step() processes (+inf when none is pending).
  double next_time() const;
  // First difference: remember what the strategy sees (explain()) each time it decides for
  // job `j` (the last one before the job starts is its decision).
  void watch(JobId j) { watch_ = j; watched_.reset(); }
  const std::optional<Explanation>& watched() const { return watched_; }
  // The watched job started on a reservation made earlier (conservative): watched() is then the
  // strategy's view at the start, not the decision that placed it.
  bool watched_reserved() const { return watched_reserved_; }

  // Wall-clock seconds spent in the strategy's allocate() so far (measured; goes to `timing`).
  double allocation_seconds() const { return alloc_.seconds(); }
  // Whether allocate() is timed (default on). A run that does not report allocation_seconds()
  // may turn it off: two clock reads per decision less; results are the same either way.
  void time_decisions(bool on) { alloc_.time_decisions(on); }
  // Whether a failure of a strategy that repeats_failures() is replayed when the same job is
  // decided again with nothing changed since (default on; results are the same either way —
  // the tests compare the two).
  void replay_failures(bool on) { alloc_.replay_failures(on); }
  // Time at which the allocator finishes its last decision (alloc_cost > 0; else <= now()).
  double allocator_free_at() const { return alloc_.free_at(); }

  // Measured jobs are recorded here when enabled (for --jobs-csv), in departure order.
  void record_jobs(bool on) { record_ = on; }
  const std::vector<JobRecord>& recorded() const { return records_; }

  // Full invariant check: occupancy consistent and equal to the running jobs' allocations
  // (no node owned twice, counts match, every node not held by a running job free).
  bool check_invariants() const;
  // The same check (plus job counters and, with a network, Network::audit()) as assertions:
  // a violation is an ALLOCLAB_CHECK failure naming node, job and time. With check=1 the
  // simulation calls it after every event.
  void audit() const;

 private:
  // Event kinds in tie-break order at equal times.
  enum class EventKind : std::uint8_t { Departure, Iteration, Arrival, Wake };
  struct Event {
    double time;
    EventKind kind;
    JobId job;
    bool operator>(const Event& o) const {
      if (time != o.time) return time > o.time;
      if (kind != o.kind) return kind > o.kind;
      return job > o.job;
    }
  };
  class Ctx;
  friend class Ctx;

  Simulation(const Scenario& s, std::uint64_t seed);
  // events, in the order a job meets them
  void schedule_next_arrival();
  void on_arrival(JobId id);
  void schedule_pass();  // the scheduler, unless the allocator is busy
  void on_departure(JobId id);
  void network_cycle();
  void advance_clock(double t);
  // the scheduler's actions (Ctx)
  std::optional<Allocation> decide(const QueuedJob& q);  // the allocator's decision; first difference
  void charge(long long ops, bool decision = true);      // statistics and allocator time of a decision
  bool try_start(const QueuedJob& q);
  bool try_start_if(const QueuedJob& q, const std::function<bool(const Allocation&)>& admit);
  bool start_reserved(const QueuedJob& j, const Allocation& a);
  // `decided_ops`: the operations of the decide() that chose `a`, or -1 when a reservation search
  // chose it earlier (already charged): only the strategy's bookkeeping is charged then.
  void start_job(const QueuedJob& q, Allocation a, long long decided_ops);
  void searched(const QueuedJob& j, long long ops, bool decision, bool failed_now);
  void plan_into(ProfileView& v) const;  // the machine as reservation searches see it
  void drop(const QueuedJob& j);
  void wake_at(double t);  // a wake-up event at t (only the scheduler runs); once per time
  // schedule checker (check=1): a reservation given; whether a running job is past its estimate
  void promise(const QueuedJob& j, double start);
  bool overdue() const;
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
  RunMetrics metrics_;
  std::priority_queue<Event, std::vector<Event>, std::greater<Event>> events_;
  std::set<double> wakes_;            // pending wake-up times
  std::optional<QueuedJob> pending_;  // generated, not yet arrived (the next is drawn at its arrival)
  std::map<JobId, JobRecord> running_;
  std::deque<JobRecord> recent_;
  std::vector<JobRecord> records_;
  bool record_ = false;
  double now_ = 0;
  long long next_id_ = 0, departed_ = 0;
  long long surprises_ = 0;  // departures not at their estimated end (conservative compresses)
  bool done_ = false;
  Status status_;
  ScheduleChecker checker_;
  JobId watch_ = kNoJob;
  std::optional<Explanation> watched_;
  bool watched_reserved_ = false;
};

// The seed replication `rep` of a scenario runs with: the scenario's seed for replication 0,
// derive_seed(seed, rep + 1000) for rep > 0. Its random streams are derived from it.
std::uint64_t replication_seed(const Scenario& s, int rep);
// The allocation random stream replication `rep` starts with (what a strategy that draws, such
// as random, uses for its first decision): `alloclab place` decides with it.
Rng allocation_rng(const Scenario& s, int rep = 0);
// Runs replication `rep` of a scenario (adds the measured allocation time if asked). Several
// replications, aggregated: run_scenario / SweepRunner (sweep/sweep_runner.hpp).
Result<Results> run_replication(const Scenario& s, int rep, double* allocation_seconds = nullptr);

}  // namespace alloclab
