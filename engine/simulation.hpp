// simulation.hpp — the facade: a validated Scenario in, events stepped, Results out.
//
// One Simulation is one replication of one scenario and owns all of its state: machine
// occupancy, the allocator (strategy, its random stream, allocation time: alloc/decider.hpp),
// the scheduler and its queue, the job stream (workload/job_stream.hpp), the jobs' network
// traffic (net/job_traffic.hpp), the event queue, running jobs and the statistics
// (metrics/run_metrics.hpp). Nothing is global, so copies are independent (compare mode runs
// several side by side; a copy is a snapshot). A scheduler acts through a SchedContext made for
// each pass on the run's parts (job_starts.hpp: how a job starts).
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
#include <optional>
#include "core/clone_ptr.hpp"
#include "host_outages.hpp"
#include "job_starts.hpp"
#include "replication.hpp"
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
  const std::map<JobId, JobRecord>& running() const { return running_.all(); }
  std::vector<QueuedJob> queue() const { return sched_->queue(); }
  // The waiting jobs' reservations (scheduler=conservative; empty for the others).
  std::vector<Reservation> reservations() const { return sched_->reservations(); }
  std::size_t queue_length() const { return sched_->size(); }
  const std::deque<JobRecord>& recent() const { return running_.recent(); }  // last departures, newest last
  double now() const { return now_; }
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
  const QueuedJob* next_arrival() const { return jobs_.pending(); }
  // What the strategy would decide for `q` on the current occupancy, without applying it: a
  // copy of the strategy and of the allocation random stream decide (UI: Explain mode).
  std::optional<Allocation> preview(const QueuedJob& q) const { return alloc_.preview(request_of(q), occ_); }
  // What the strategy sees before deciding for `q`, step by step (alloc/explain.hpp); its
  // `decision` equals preview(q). Nothing is applied (UI: Explain mode).
  Explanation explain(const QueuedJob& q) const { return alloc_.explain(request_of(q), occ_); }

  // The time of the next thing step() processes (+inf when none is pending).
  double next_time() const;
  // First difference: what the strategy sees each time it decides for job `j` (Decider::watch).
  void watch(JobId j) { alloc_.watch(j); }
  const std::optional<Explanation>& watched() const { return alloc_.watched(); }
  bool watched_reserved() const { return alloc_.watched_reserved(); }

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
  void observe_pod();  // pod machines: the pod metrics read the state (after starts_.changed)

  Scenario sc_;
  Topology topo_;
  Occupancy occ_;
  Decider alloc_;
  ClonePtr<Scheduler> sched_;
  JobStream jobs_;  // holds the next job drawn until it arrives
  std::optional<JobTraffic> traffic_;
  std::optional<HostOutages> outages_;  // pod machines
  RunMetrics metrics_;
  EventQueue events_;
  RunningJobs running_;
  double now_ = 0;
  long long next_id_ = 0, departed_ = 0;
  bool done_ = false;
  Status status_;
  StartState starts_;  // what the scheduler's passes change (job_starts.hpp)
};

}  // namespace alloclab
