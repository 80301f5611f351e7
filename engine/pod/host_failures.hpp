// host_failures.hpp — hosts of a pod machine that fail and are repaired (keys host_mtbf,
// host_repair): when each host fails and returns, drawn from a random stream of its own.
//
// The failing unit is a host (pods.hpp: 2x4 chips on the 2D pods, 2x2x1 on the cube pods). Each
// host fails after an exponential time of mean host_mtbf, counted from the start of the run or
// from its last repair, and is repaired host_repair later (a fixed time or a distribution). The
// draws come from their own stream (seeded from the replication's seed, replication.hpp): with
// host_mtbf = 0 nothing is drawn and no other stream moves, so a run without failures draws
// exactly what it would draw with no hosts at all.
//
// What a failure does to the machine (its chips held under kFailedHost, the jobs on it killed
// and requeued) is HostOutages' part (host_outages.hpp); this class keeps the times. A failure
// event is due only if it is the host's pending one (fail_at), so a failure set by hand (fail(),
// for tests and demonstrations) replaces the drawn one.
//
// What a killed job keeps (keys checkpoint, max_restarts) is worked out by the free functions at
// the end: the work saved at its last checkpoint, and the chance that a run on h hosts is not
// killed, from which the simulation stops a run whose job cannot be expected to finish.
#pragma once
#include <optional>
#include <vector>
#include "../core/geometry.hpp"
#include "../core/rng.hpp"
#include "../workload/specs.hpp"
#include "pods.hpp"

namespace alloclab {

// The owner the occupancy gives a failed host's chips: not a job, so no strategy places there.
inline constexpr JobId kFailedHost = -2;

class HostFailures {
 public:
  // `mtbf` = 0: no host fails unless fail() says so.
  HostFailures(const PodInfo& pod, double mtbf, const ServiceSpec& repair, Rng rng);

  const PodInfo& pod() const { return *pod_; }
  double mtbf() const { return mtbf_; }
  int hosts() const { return int(state_.size()); }
  int failed_hosts() const { return failed_; }
  int failed_chips() const { return failed_ * pod_->host.chips(); }
  bool failed(int h) const { return state_[std::size_t(h)].failed; }
  // The failed hosts, in increasing order, and the failures and repairs so far (the page's views
  // repaint only what changed).
  const std::vector<int>& failed_list() const { return down_; }
  long long changes() const { return changes_; }
  // The chips of host h.
  Block block(int h) const { return host_block(*pod_, h); }

  // The first failure of every host, in host order (one draw each; none when mtbf = 0): calls
  // push(time, host) for each.
  template <class Push>
  void start(Push&& push) {
    if (mtbf_ <= 0) return;
    for (int h = 0; h < hosts(); ++h) {
      const double t = rng_.exponential(mtbf_);
      state_[std::size_t(h)].fail_at = t;
      push(t, h);
    }
  }
  // Whether a failure event of host h at t is its pending failure (not one a later fail() replaced).
  bool due(int h, double t) const { return !state_[std::size_t(h)].failed && state_[std::size_t(h)].fail_at == t; }
  // Host h fails now: the time it is repaired (a draw unless fail() fixed it).
  double fail(int h, double now);
  // Host h is repaired now: the time of its next failure (a draw), or nullopt when mtbf = 0.
  std::optional<double> repair(int h, double now);
  // Sets host h's next failure to `at`, repaired `repair` later (replacing a drawn one): the
  // caller pushes the event. False when h is out of range, failed, or `at`/`repair` is not a
  // time >= 0.
  bool set_failure(int h, double at, double repair);

 private:
  struct Host {
    bool failed = false;
    double fail_at = -1;        // the pending failure's time (-1: none)
    double forced_repair = -1;  // set_failure's repair time for that failure (-1: drawn)
  };
  const PodInfo* pod_;
  double mtbf_;
  ServiceSpec repair_;
  Rng rng_;
  std::vector<Host> state_;
  int failed_ = 0;
  std::vector<int> down_;  // the failed hosts, increasing
  long long changes_ = 0;
};

// The work a run keeps when it is killed after `done` of work (key checkpoint = `every`): up to
// its last checkpoint, one every `every` of work counted from the run's start (a run starts at a
// checkpoint: its job's start or its last one); 0 when `every` is 0 (from scratch).
double checkpointed_work(double done, double every);
// The distinct hosts of the pod that an allocation's chips are on (blocks may wrap around the torus).
int hosts_of(const PodInfo& pod, const Allocation& a);
// The chance that none of `hosts` hosts fails during `work` of time, each failing after an
// exponential time of mean `mtbf` (independent, memoryless): exp(−hosts·work/mtbf); 1 when mtbf = 0.
double run_survival(int hosts, double work, double mtbf);
// A job whose run survives with a chance below 1 / kMaxExpectedRuns cannot be expected to finish
// (it would take more than this many runs on average): the simulation stops with an error.
inline constexpr double kMaxExpectedRuns = 1000;

}  // namespace alloclab
