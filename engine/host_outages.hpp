// host_outages.hpp — what host failures do to a run (pod machines, keys host_mtbf, host_repair):
// the simulation's part of failures, kept apart from its event loop (simulation.hpp wires it).
//
// A failing host's chips are held under kFailedHost (not a job: no strategy places there) until
// its repair. Every job with a chip on it is killed: its chips are freed and it is requeued (the
// scheduler's queue, as an arrival) with the work since its last checkpoint lost (key checkpoint;
// 0: from scratch, its whole service again), keeping its arrival time (wait and response count
// from its first arrival), or given up at the kill after max_restarts restarts. Its pending
// departure is then stale and skipped. A requeued job whose runs are all but sure to be killed
// (run_survival below 1/kMaxExpectedRuns, pod/host_failures.hpp) would keep the run going for
// ever: the failure returns an error naming the keys instead. When each host fails and returns is
// HostFailures' part (pod/host_failures.hpp).
//
// HostOutages holds no reference to the run: each call is given the parts it acts on (RunParts,
// run_parts.hpp).
#pragma once
#include <optional>
#include <set>
#include <string>
#include <vector>
#include "pod/host_failures.hpp"
#include "run_parts.hpp"
#include "scenario/scenario.hpp"

namespace alloclab {

// "job 17 (16x16x16)", for errors.
std::string job_text(const QueuedJob& q);

class HostOutages {
 public:
  // The pod's hosts with the scenario's host_mtbf, host_repair, max_restarts and checkpoint.
  HostOutages(const Scenario& s, const PodInfo& pod, Rng rng)
      : hosts_(pod, s.host_mtbf, s.host_repair, std::move(rng)), max_restarts_(s.max_restarts), checkpoint_(s.checkpoint) {}

  const HostFailures& hosts() const { return hosts_; }
  long long kills() const { return kills_; }  // runs ended by host failures so far
  long long abandoned() const { return (long long)given_up_.size(); }  // jobs given up at a kill
  bool given_up(JobId id) const { return given_up_.count(id) != 0; }  // (its runs' departures are void)
  // The first failure of every host, as events.
  void start(EventQueue& events);
  // Host h fails at `at` (>= now) and is repaired `repair` later, in place of its drawn next
  // failure (Simulation::fail_host). False when there is no such host, it is failed now, or a
  // time is not valid.
  bool set_failure(int h, double at, double repair, double now, EventQueue& events);
  // Host h's failure event: its jobs killed (requeued or given up), its chips held until the
  // repair event. `killed` = -1 when the event is not the host's pending failure (replaced by
  // set_failure: nothing happens); `error`: a requeued job cannot be expected to finish.
  struct Failure {
    int killed = -1;
    std::optional<Error> error;
  };
  Failure on_failure(int h, const RunParts& run);
  // Host h's repair event: its chips free again, its next failure drawn.
  void on_repair(int h, const RunParts& run);
  // A departure that belongs to a run a failure killed (the job may run again, ending later).
  bool stale_departure(JobId id, const RunningJobs& running, double now) const;
  // Host events keep a run going while jobs wait and a host is down (a repair may let them start).
  bool keeps_going(std::size_t waiting) const { return hosts_.failed_hosts() > 0 && waiting > 0; }
  // The failed hosts' chips (the audit's holdings besides the running jobs').
  std::vector<Block> failed_blocks() const;
  // While nothing runs, jobs wait and hosts are down (they alone keep the run going): whether
  // `head` could be placed on the machine with every host healthy and no job (checked once per head).
  bool fits_healthy_machine(const QueuedJob& head, const Scenario& s, const Topology& topo);

 private:
  // The job's run ends: chips freed, requeued or given up; an error when it cannot be expected to finish.
  std::optional<Error> kill(JobId id, const RunParts& run);

  HostFailures hosts_;
  int max_restarts_;
  double checkpoint_;
  long long kills_ = 0;
  std::set<JobId> given_up_;
  JobId fit_checked_ = kNoJob;  // fits_healthy_machine(): the last head checked (it fitted)
};

}  // namespace alloclab
