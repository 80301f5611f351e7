// run_metrics.hpp — the statistics of one replication: the simulation reports what happens
// (arrivals, decisions, starts, departures, packets, the clock) and results() turns it into
// the Results figures (docs/model/metrics.md).
//
// Measurement: jobs are numbered in arrival order; jobs below `warmup` are warm-up, the others
// are measured (per-job means). Time averages (utilization, jobs in system, throughput) and the
// allocator's counts cover the window that opens when `warmup` jobs have departed (time 0 when
// warmup = 0) and ends at the last departure (or the time limit, stop()). With warmup = 0
// Little's law L = X·W holds exactly.
//
// Effectiveness (Jakimczuk et al. 2013, §V): E = jobs processed / jobs given, and
// unreliability U = 1 − E. "Processed" is read as allocated: E = measured jobs started within
// the run / measured jobs arrived in it. completion_ratio = measured jobs completed / measured
// jobs arrived is the stricter count (0 for windows shorter than the shortest job). Without a
// time limit every job that is not dropped starts and completes, so the two agree.
//
// Host failures (pod machines, key host_mtbf; docs/model/pods.md): pod_goodput = chip-time of the
// runs that completed and of the work killed runs saved at checkpoints, inside the window /
// (chips × window); pod_availability = 1 − the time-average share of chips on failed hosts;
// pod_jobs_killed = runs a host failure ended in the window; pod_jobs_abandoned = measured jobs
// given up after their last allowed restart (key max_restarts; they never complete, so the
// finished-job means leave them out). Without failures goodput is the utilization (up to
// rounding; less with a time limit: a run still going at the limit has not completed) and
// availability 1.
//
// A new metric is a member of Results (results.hpp), its row in kMetricFields, and its
// accumulation here from the calls below.
#pragma once
#include "../core/job.hpp"
#include "../topology/topology.hpp"
#include <optional>
#include "dispersal.hpp"
#include "pod_meter.hpp"
#include "results.hpp"
#include "stats.hpp"

namespace alloclab {

struct Delivered;

class RunMetrics {
 public:
  // `pod`: the pod machine (its rows are measured too), or nullptr; `ocs`: its cubes' switches (key ocs).
  RunMetrics(const Topology& t, long long warmup, const PodInfo* pod = nullptr, bool ocs = true);

  bool measured(JobId id) const { return id >= warmup_; }
  bool window_open() const { return window_open_; }
  // Jobs arrived and neither started nor dropped nor departed, plus running jobs.
  long long in_system() const { return in_system_; }
  // Nodes requested by the running jobs.
  long long busy_requested() const { return busy_requested_; }

  // The clock moves to t (the state since the last call held until t).
  void advance(double t);
  void arrived(JobId id);
  // An allocation decision of `ops` counted operations (failed ones too).
  void decision(long long ops);
  // A failed attempt to start a job of `area` nodes with `free_nodes` free (failures and
  // external fragmentation, in the window).
  void failed(int area, int free_nodes);
  // The job leaves the queue without being processed (on_fail = drop).
  void dropped(JobId id);
  // `first`: the job's first start (a job killed by a host failure starts again: not counted twice).
  void started(JobId id, int area, bool first = true);
  // A host failure killed the running job; `kept`: the work it saved at checkpoints in this run
  // (key checkpoint; 0 without), which counts as goodput. It is requeued (still in the system)
  // unless abandoned() follows.
  void killed(const JobRecord& r, double kept = 0);
  // The killed job is given up (key max_restarts): it leaves the system unfinished.
  void abandoned(JobId id);
  // Pod machines with host failures: the chips of failed hosts from now on (pod_availability).
  void failed_chips(int chips) { failed_chips_ = chips; }
  // The job departed at `now` (its release took `release_ops`); `departed` departures so far,
  // this one included.
  void departed(const JobRecord& r, long long release_ops, double now, long long departed);
  void packet(JobId id, const Delivered& d);
  void network_cycle() { ++net_cycles_; }
  // Pod machines (pod()): the state after an event that changed the occupancy or the queue head
  // (head: the first waiting job, nullptr when none waits); a job arriving, before it is queued.
  bool pod() const { return pod_.has_value(); }
  void pod_state(const Occupancy& occ, const Shape* head) { pod_->observe(occ, head); }
  void pod_arrival(JobId id, Shape shape, const Occupancy& occ) {
    if (measured(id)) pod_->arrival(occ, shape);
  }
  // A finished all-reduce of job id (pod machines, collective patterns).
  void collective(JobId id, double time, double ideal, double alone) {
    if (measured(id) && pod_) pod_->collective(time, ideal, alone);
  }
  // The run ends at t (time limit): the window ends there.
  void stop(double t) { window_end_ = t; }

  Results results() const;

 private:
  long long warmup_;
  int nodes_;
  DispersalMeter dispersal_meter_;  // scratch for dispersal_ (no allocation per job)
  bool window_open_;
  double window_start_ = 0, window_end_ = 0;
  long long in_system_ = 0, busy_requested_ = 0;
  TimeAverage util_, jobs_in_sys_;
  long long window_departures_ = 0, failures_ = 0, dropped_ = 0, arrived_measured_ = 0, started_measured_ = 0;
  RunningStat response_, wait_, service_, blocks_, ext_frag_, dispersal_, contiguous_, bounded_slowdown_;
  double requested_nodes_ = 0, allocated_nodes_ = 0;
  RunningStat alloc_ops_, release_ops_;
  double max_alloc_ops_ = 0;
  RunningStat pkt_latency_, pkt_blocking_, pkt_queueing_;
  long long net_cycles_ = 0;
  // host failures (pod machines): runs that completed (chip-time in the window), failed chips, kills
  double good_chip_time_ = 0;
  int failed_chips_ = 0;
  TimeAverage failed_share_;
  long long killed_ = 0, abandoned_ = 0;
  std::optional<PodMeter> pod_;
};

}  // namespace alloclab
