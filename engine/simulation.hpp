// simulation.hpp — the facade: a validated Scenario in, events stepped, Results out.
//
// One Simulation is one replication of one scenario and owns all of its state: machine
// occupancy, strategy (with its own bookkeeping), scheduler queue, random streams, event
// queue, running jobs and statistics. Nothing is global, so copies are independent
// (compare mode runs several side by side; a copy is a snapshot).
//
// Event order (fixed): by time; at equal times departures, then communication phases starting
// after a compute phase, then arrivals, then scheduler wake-ups; then by job id. After every
// event the scheduler tries to start waiting jobs.
//
// Communication (pattern != none): jobs exchange packets over a flit-level wormhole network
// (engine/net) on the same clock, one network cycle = one time unit. A job alternates computation
// and communication (ProcSimity's model, Bani-Ahmad 2013 §4): its drawn `service` value is its demand,
// the computation it must do, split evenly over its `comm_iterations` iterations. Iteration k
// computes service/comm_iterations (plus `compute_time` before every iteration but the first),
// then sends one round of its pattern's messages; the iteration ends when all of them have been
// delivered, and the job departs when the last one ends. So
//     run time = service + (comm_iterations − 1)·compute_time + Σ (communication phases),
// and on an idle machine a phase takes the messages' zero-load time: run time ≥ demand, equal
// to demand + message time. SSD ranks by `service` and EASY takes it as the estimate, i.e. by
// the demand that drives run time (the communication part is not known in advance, as in
// ProcSimity). `service=fixed:0` gives jobs that only communicate (Al Shdefat 2019: a job stays until
// one iteration of its pattern is complete). The network runs in whole cycles: a communication
// phase starts at the first cycle boundary at or after the end of its compute phase (the wait,
// < 1 time unit, counts as communication; none when start times and demands are whole numbers).
// A network cycle ending at time T is simulated before job events at T. Idle cycles are skipped.
//
// Measurement: jobs are numbered in arrival order; the first `warmup` jobs are warm-up, the next
// `jobs` are measured (per-job means). Time averages (utilization, jobs in system, throughput)
// cover the window from the moment `warmup` jobs have departed (time 0 when warmup = 0) to the
// last departure. With warmup = 0 Little's law L = X·W holds exactly.
//
// Allocation time (key alloc_cost = C, default 0): every allocation decision the scheduler asks
// for — successful or not, backfill attempts included — costs C × its counted operations
// (alloc/strategy.hpp) of simulated time on a single allocator. The decisions of one scheduler
// pass are made back to back: each sees the machine as it was when the pass began (plus the
// pass's own placements), the k-th decision ends when the previous ones' time and its own have
// passed, and a job placed by it starts then (its nodes are held from the decision). While
// the allocator is busy no pass runs: events in that time (arrivals, departures) are handled
// by one pass when it becomes free. With C = 0 every decision takes no time (results as before).
//
// Jakimczuk et al. 2013 (§V): effectiveness E = jobs processed / jobs given, measured over a period in the
// dynamic experiments, and unreliability U = 1 − E. We read "processed" as allocated: E =
// measured jobs allocated (started) within the run / measured jobs arrived in it. With
// time_limit = T the run stops at T (no arrivals after T; a job allocated by T counts even if
// it is still running at T; jobs still waiting at T were not allocated). completion_ratio =
// measured jobs completed / measured jobs arrived is the stricter count (0 for windows shorter
// than the shortest job). Without a time limit every job that is not dropped is allocated and
// completes, so the two agree. With on_fail = drop a job whose allocation fails when the
// scheduler tries it is not processed (it leaves the queue): Jakimczuk et al. 2013's static experiment read
// as "every job tried once"; with on_fail = wait (the default) and a time limit, a job that
// fails waits and is retried whenever the scheduler runs (after every event, so as processors
// free up) until T — the other reading.
#pragma once
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <queue>
#include <set>
#include <vector>
#include "alloc/occupancy.hpp"
#include "alloc/strategy.hpp"
#include "core/clone_ptr.hpp"
#include "core/job.hpp"
#include "core/error.hpp"
#include "core/rng.hpp"
#include "metrics/run_metrics.hpp"
#include "net/network.hpp"
#include "net/patterns.hpp"
#include "scenario/scenario.hpp"
#include "sched/checker.hpp"
#include "sched/scheduler.hpp"

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
  long long total_jobs() const { return total_jobs_; }
  // The job with this id if it is running (nullptr otherwise).
  const JobRecord* running_job(JobId id) const;
  // The network (nullptr when pattern = none): per-link loads, flits in flight, for the UI.
  const Network* network() const { return net_ ? &*net_ : nullptr; }

  // The next job to arrive (generated, not yet arrived), or nullptr (UI: Explain mode).
  const QueuedJob* next_arrival() const { return pending_ ? &*pending_ : nullptr; }
  // What the strategy would decide for `q` on the current occupancy, without applying it: a
  // copy of the strategy and of the allocation random stream decide (UI: Explain mode).
  std::optional<Allocation> preview(const QueuedJob& q) const;
  // What the strategy sees before deciding for `q`, step by step (alloc/explain.hpp); its
  // `decision` equals preview(q). Nothing is applied (UI: Explain mode).
  Explanation explain(const QueuedJob& q) const;

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
  double allocation_seconds() const { return alloc_seconds_; }
  // Whether allocate() is timed (default on). A run that does not report allocation_seconds()
  // may turn it off: two clock reads per decision less; results are the same either way.
  void time_decisions(bool on) { time_decisions_ = on; }
  // Whether a failure of a strategy that repeats_failures() is replayed when the same job is
  // decided again with nothing changed since (default on; results are the same either way —
  // the tests compare the two).
  void replay_failures(bool on) { replay_on_ = on; failed_.valid = false; }
  // Time at which the allocator finishes its last decision (alloc_cost > 0; else <= now()).
  double allocator_free_at() const { return alloc_free_; }

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
  void schedule_next_arrival();
  void advance_clock(double t);
  std::optional<Allocation> decide(const QueuedJob& q);  // the strategy's decision, timed and counted
  void charge(long long ops, bool decision = true);  // statistics and allocator time of one decision
  void schedule_pass();                     // the scheduler, unless the allocator is busy
  bool try_start(const QueuedJob& q);
  // `decided_ops`: the operations of the decide() that chose `a`, or -1 when a reservation search
  // chose it earlier (already charged): only the strategy's bookkeeping is charged then.
  void start_job(const QueuedJob& q, Allocation a, long long decided_ops);
  // EASY: earliest time `head` can start with running jobs ending at their estimated ends, and
  // the strategy's placement then; `extra` (if given) is a job assumed started now.
  Reservation reservation(const QueuedJob& head, const JobRecord* extra) const;
  bool try_backfill(const QueuedJob& j, const QueuedJob& head, Reservation& head_res);
  bool reservation_holds(const Reservation& r) const;  // EASY: r's nodes free at r.start by the estimates
  bool departs_at(double t) const;                     // a running job's known end is t
  // Conservative backfilling: j's earliest reservation on the profile (sched/profile.hpp).
  Reservation reserve(const QueuedJob& j, std::span<const Reservation> others, std::span<const TimeWindow> forbidden,
                      bool may_start_now);
  bool start_reserved(const QueuedJob& j, const Allocation& a);
  void drop(const QueuedJob& j);
  // Schedule checker (check=1): a reservation given, and whether a running job is past its estimate.
  void promise(const QueuedJob& j, double start);
  void wake_at(double t);  // a wake-up event at t (only the scheduler runs); once per time
  bool overdue() const;
  void on_arrival(JobId id);
  void begin_compute(JobRecord& r, double extra);  // a compute phase, then begin_iteration
  void begin_iteration(JobRecord& r);
  void complete_iteration(JobRecord& r);
  void network_cycle();
  void on_departure(JobId id);

  Scenario sc_;
  Topology topo_;
  Occupancy occ_;
  ClonePtr<Strategy> strategy_;
  ClonePtr<Scheduler> sched_;
  Rng work_rng_, alloc_rng_, comm_rng_;
  std::optional<Network> net_;
  const PatternInfo* pattern_ = nullptr;  // the scenario's row of patterns()
  std::vector<std::pair<int, int>> msgs_;  // scratch
  std::priority_queue<Event, std::vector<Event>, std::greater<Event>> events_;
  std::optional<QueuedJob> pending_;  // generated, not yet arrived (one at a time: the next is drawn at its arrival)
  std::map<JobId, JobRecord> running_;
  std::deque<JobRecord> recent_;
  std::vector<JobRecord> records_;
  bool record_ = false;

  double now_ = 0, next_arrival_time_ = 0;
  long long total_jobs_ = 0, next_id_ = 0, departed_ = 0, generated_ = 0;
  bool done_ = false;
  Status status_;

  RunMetrics metrics_;
  long long surprises_ = 0;  // departures not at their estimated end (conservative compresses)
  std::set<double> wakes_;   // pending wake-up times
  ScheduleChecker checker_;
  JobId watch_ = kNoJob;
  std::optional<Explanation> watched_;
  bool watched_reserved_ = false;
  long long decision_ops_ = 0;  // operations of the last decide() (allocate only)
  double alloc_free_ = 0;       // the allocator is busy until then (alloc_cost > 0)
  double alloc_seconds_ = 0;  // measured wall time inside allocate() (timing only, never results)
  bool time_decisions_ = true;
  // The last decision, when it failed and can be replayed (repeats_failures): valid until the
  // occupancy or the strategy changes or another decision is made.
  struct FailedDecision {
    bool valid = false;
    JobId job = kNoJob;
    Shape shape;
    long long ops = 0;
  } failed_;
  bool replay_on_ = true;
  bool replays_;  // strategy_->repeats_failures()
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
