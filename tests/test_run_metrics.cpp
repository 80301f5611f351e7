// test_run_metrics.cpp — RunMetrics driven directly: hand-worked time averages, the warm-up
// window, failures, drops and packets, without a simulation.
#include <doctest/doctest.h>
#include <cmath>
#include "metrics/dispersal.hpp"
#include "metrics/run_metrics.hpp"
#include "net/network.hpp"

using namespace alloclab;

namespace {
JobRecord job(JobId id, double arrival, double start, double end, Block b) {
  JobRecord r;
  r.id = id;
  r.arrival = arrival;
  r.start = start;
  r.end = end;
  r.service = r.estimate = end - start;
  r.shape = Shape{b.w, b.h};
  r.alloc = Allocation{{b}};
  return r;
}
}  // namespace

// 4x4 mesh, no warm-up. Job 0 (2x2) runs 0..4, job 1 (4x2) arrives at 2 and runs 2..6:
//   requested nodes 4 on [0,2), 12 on [2,4), 8 on [4,6): utilization (8 + 24 + 16) / 16 / 6 = 0.5
//   jobs in system 1, 2, 1: (2 + 4 + 2) / 6 = 4/3 = throughput (2/6) × mean response (4): Little
//   its standard deviation over time: sqrt((2·(1/4)² + 2·(3/4)² + 2·(1/2)²) / 6 − (1/2)²) = sqrt(1/24)
TEST_CASE("run metrics: two jobs, hand-worked time averages") {
  const Topology mesh(TopologyKind::Mesh, 4, 4);
  RunMetrics m(mesh, 0);
  CHECK(m.window_open());
  m.advance(0);
  m.arrived(0);
  m.decision(5);
  m.started(0, 4);
  m.advance(2);
  m.arrived(1);
  m.decision(7);
  m.started(1, 8);
  CHECK(m.in_system() == 2);
  CHECK(m.busy_requested() == 12);
  m.advance(4);
  const JobRecord j0 = job(0, 0, 0, 4, Block{0, 0, 2, 2}), j1 = job(1, 2, 2, 6, Block{0, 2, 4, 2});
  m.departed(j0, 2, 4, 1);
  m.advance(6);
  m.departed(j1, 1, 6, 2);
  CHECK(m.in_system() == 0);
  CHECK(m.busy_requested() == 0);
  const Results r = m.results();
  CHECK(r.mean_jobs_in_system == doctest::Approx(r.throughput * r.mean_response_time));  // Little
  // every metric, hand-worked (no network, no failure, no drop: those stay 0)
  const Results want{.jobs_completed = 2,
                     .utilization = 0.5,
                     .mean_response_time = 4,
                     .mean_wait_time = 0,
                     .mean_service_time = 4,
                     .mean_jobs_in_system = 4.0 / 3,
                     .throughput = 1.0 / 3,
                     .mean_blocks_per_job = 1,
                     .mean_dispersal = (dispersal(mesh, j0.alloc) + dispersal(mesh, j1.alloc)) / 2,
                     .contiguous_fraction = 1,
                     .effectiveness = 1,
                     .makespan = 6,
                     .mean_bounded_slowdown = 1,  // run times 4 < 10 count as 10: max(1, 4/10)
                     .completion_ratio = 1,
                     .mean_allocation_ops = 6,
                     .max_allocation_ops = 7,
                     .mean_release_ops = 1.5,
                     // utilization 1/4, 3/4, 1/2 for 2 time units each: E[u²] = 7/24, minus 1/4
                     .utilization_sd = std::sqrt(1.0 / 24)};
  for (const MetricField& f : metric_fields()) {
    CAPTURE(f.name);
    CHECK(r.*f.member == doctest::Approx(want.*f.member));
  }
}

// warmup = 1: the window opens when job 0 departs (t = 3); job 0 is not measured, and what
// happens before t = 3 (a failure, a decision) is not counted.
TEST_CASE("run metrics: the warm-up window, failures and drops") {
  const Topology mesh(TopologyKind::Mesh, 4, 4);
  RunMetrics m(mesh, 1);
  CHECK_FALSE(m.window_open());
  CHECK_FALSE(m.measured(0));
  CHECK(m.measured(1));
  m.advance(0);
  m.arrived(0);
  m.decision(9);
  m.started(0, 4);
  m.advance(1);
  m.arrived(1);
  m.decision(9);
  m.failed(8, 12);  // outside the window
  m.advance(3);
  m.departed(job(0, 0, 0, 3, Block{0, 0, 2, 2}), 1, 3, 1);
  CHECK(m.window_open());
  m.decision(4);
  m.started(1, 8);
  m.advance(4);
  m.arrived(2);
  m.decision(2);
  m.failed(16, 8);  // not enough free nodes: a failure, no external fragmentation
  m.decision(2);
  m.failed(4, 8);  // enough free nodes: external fragmentation 8/16
  m.dropped(2);
  m.advance(5);
  JobRecord j1 = job(1, 1, 3, 5, Block{0, 2, 4, 2});
  j1.alloc = Allocation{{Block{0, 2, 4, 1}, Block{0, 3, 4, 1}}};  // two blocks for one request
  m.departed(j1, 3, 5, 2);
  const Results r = m.results();
  CHECK(r.jobs_completed == 1);
  CHECK(r.utilization == 0.5);  // 8 of 16 nodes over [3, 5)
  CHECK(r.mean_jobs_in_system == 1);  // job 1 over [3, 5); job 2 left at its arrival
  CHECK(r.throughput == doctest::Approx(0.5));
  CHECK(r.mean_response_time == 4);
  CHECK(r.mean_wait_time == 2);
  CHECK(r.allocation_failures == 2);
  CHECK(r.external_fragmentation == 0.5);
  CHECK(r.jobs_dropped == 1);
  CHECK(r.effectiveness == doctest::Approx(0.5));  // jobs 1 and 2 arrived, job 1 started
  CHECK(r.unreliability == doctest::Approx(0.5));
  CHECK(r.completion_ratio == doctest::Approx(0.5));
  CHECK(r.mean_allocation_ops == doctest::Approx(8.0 / 3));  // 4, 2, 2
  CHECK(r.max_allocation_ops == 4);
  CHECK(r.mean_release_ops == 3);  // job 0's release was before the window
  CHECK(r.mean_blocks_per_job == 2);
  CHECK(r.contiguous_fraction == 0);
  CHECK(r.makespan == 5);
}

TEST_CASE("run metrics: packets of measured jobs, network cycles, the time limit") {
  const Topology mesh(TopologyKind::Mesh, 4, 4);
  RunMetrics m(mesh, 1);
  Delivered d{};
  d.tag = 1;
  d.created = 10;
  d.source_wait = 2;
  d.delivered = 20;
  d.blocked_cycles = 3;
  m.packet(0, d);  // warm-up job: not counted
  m.packet(1, d);
  d.delivered = 24;
  d.blocked_cycles = 1;
  m.packet(1, d);
  m.network_cycle();
  m.network_cycle();
  m.stop(7);
  const Results r = m.results();
  CHECK(r.mean_packet_latency == 10);  // (20 − 12 + 24 − 12) / 2
  CHECK(r.mean_packet_queueing == 2);
  CHECK(r.mean_packet_blocking == 2);
  CHECK(r.network_cycles == 2);
  CHECK(r.makespan == 7);
}
