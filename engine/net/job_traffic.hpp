// job_traffic.hpp — the communication phases of running jobs on the flit-level network.
//
// A job alternates computation and communication (ProcSimity's model, Bani-Ahmad 2013 §4):
// its drawn `service` value is its demand, the computation it must do, split evenly over
// its `iterations` iterations. Iteration k computes service/iterations (plus `compute_time`
// before every iteration but the first), then sends one round of its pattern's messages; the
// iteration ends when all of them have been delivered, and the job departs when the last one
// ends. So
//     run time = service + (iterations − 1)·compute_time + Σ (communication phases),
// and on an idle machine a phase takes the messages' zero-load time. SSD ranks by `service` and
// EASY takes it as the estimate: the demand, since the communication part is not known in
// advance (as in ProcSimity). `service=fixed:0` gives jobs that only communicate (Al Shdefat
// 2019: a job stays until one iteration of its pattern is complete). The network runs in whole cycles, one cycle = one time unit: a communication
// phase starts at the first cycle boundary at or after the end of its compute phase (the wait,
// < 1 time unit, counts as communication).
//
// A collective pattern (allreduce.hpp: allreduce-ring, allreduce-2d) is one all-reduce per
// iteration, sent step by step as its messages arrive; its time is measured from the phase's
// first cycle to its last delivery, beside its ideal and its time alone on an idle network.
// On a cube pod (SliceWiring, slice_net.hpp) each all-reduce runs on a network of its slice's own
// wiring, created when it starts and dropped when it ends, stepped in the same cycles as the
// machine's network; elsewhere it runs on the machine's network with every other job's traffic.
//
// The simulation owns the clock and the event queue: the phases below push a job's events into
// it (an Iteration event when a compute phase ends later, a Departure after the last
// iteration); the simulation steps the network (cycle) and hands each delivered packet back
// (delivered), then completes the iteration whose last packet it was (complete_iteration).
#pragma once
#include <array>
#include <cmath>
#include <cstdint>
#include <map>
#include <span>
#include <utility>
#include <vector>
#include "../core/job.hpp"
#include "../core/rng.hpp"
#include "../event_queue.hpp"
#include "allreduce.hpp"
#include "network.hpp"
#include "patterns.hpp"
#include "slice_net.hpp"

namespace alloclab {

// A collective pattern's size: S bytes per all-reduce, flit_bytes bytes per flit.
struct CollectiveSize {
  long long bytes = 0;
  int flit_bytes = 16;
};

// One finished all-reduce: its time, its ideal time and its time alone (cycles).
struct CollectiveTime {
  double time = 0, ideal = 0, alone = 0;
};

class JobTraffic {
 public:
  JobTraffic(const Topology& t, const PatternInfo& pattern, const NetConfig& cfg, Rng rng, int iterations,
             double compute_time, CollectiveSize collective = {}, SliceWiring wiring = {});

  // ---- a job's phases as events
  // r computes (after `extra`: the allocator's time when it starts, compute_time() between
  // iterations), then its iteration's messages enter the network at the next cycle boundary:
  // an Iteration event then, or at once when the compute phase ends now.
  void begin_compute(JobRecord& r, double now, double extra, EventQueue& events);
  // r's Iteration event: its messages enter the network now.
  void begin_iteration(JobRecord& r, double now, EventQueue& events);
  // r's current iteration is complete at `now`: its next compute phase, or (the last one) r
  // ends now and its Departure event is pushed.
  void complete_iteration(JobRecord& r, double now, EventQueue& events);

  // ---- the parts of a phase
  // When the compute phase of r's next iteration ends if it begins `extra` after `now`
  // (compute_time() between iterations): the cycle at which its messages enter the network.
  double compute_end(const JobRecord& r, double now, double extra) const {
    return std::ceil(now + extra + r.service / double(iterations_));
  }
  double compute_time() const { return compute_time_; }
  // r's messages of its current iteration enter the network at cycle `now` (a whole number).
  // True when the iteration has no message (it is complete at once).
  bool inject(JobRecord& r, double now);
  // Packet d of r's current iteration was delivered: true when it was the last one (a collective
  // sends its next messages first).
  bool delivered(JobRecord& r, const Delivered& d);
  // Whether the pattern is a collective; its last finished all-reduce (valid right after
  // delivered() returned true for it).
  bool collective() const { return pattern_->collective != CollectiveKind::None; }
  const CollectiveTime& last_collective() const { return last_; }
  // r's current iteration is complete: true when another one follows.
  bool next_iteration(JobRecord& r) { return ++r.iteration < iterations_; }

  // One network cycle (the machine's network and every slice network); the packets delivered in it,
  // the machine's first, then each slice network's by job id.
  std::vector<Delivered> cycle();
  // No packet anywhere (the machine's network idle, no all-reduce running on a slice network).
  bool idle() const { return net_.idle() && slice_nets_.empty(); }
  // The networks' clock: the next cycle to simulate.
  std::int64_t now_cycle() const { return net_.cycle(); }
  // The machine's network (what the page draws; on a cube pod the collectives are not on it).
  Network& network() { return net_; }
  const Network& network() const { return net_; }
  // Audits every network (Network::audit).
  void audit() const;

 private:
  Topology topo_;
  const PatternInfo* pattern_;
  Network net_;
  Rng rng_;
  int iterations_;
  double compute_time_;
  std::vector<std::pair<int, int>> msgs_;  // scratch
  // collectives
  NetConfig cfg_;
  CollectiveSize size_;
  std::map<JobId, AllreduceRun> runs_;                 // running all-reduces by job
  std::map<JobId, CollectiveTime> timing_;             // theirs: time = the first cycle until they end
  std::map<std::vector<int>, std::int64_t> alone_;     // time alone, by the chips (in logical order)
  SliceWiring wiring_;
  std::map<JobId, Network> slice_nets_;                // cube pods: the running all-reduces' networks
  std::map<std::array<int, 5>, std::int64_t> slice_alone_;  // their time alone, by shape and wiring
  CollectiveTime last_;
};

}  // namespace alloclab
