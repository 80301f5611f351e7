// test_pod_metrics.cpp — the accelerator-pod metrics (metrics/pod_meter.hpp): hand-worked states
// and time averages of the meter alone, a hand-worked three-job run on the v5e pod through the
// simulation, and the pod rows printed only for pod scenarios (JSON, sweep CSVs).
#include <doctest/doctest.h>
#include <memory>
#include "metrics/pod_meter.hpp"
#include "pod_fixtures.hpp"
#include "run_json.hpp"
#include "scenario/scenario.hpp"
#include "simulation.hpp"
#include "sweep/paired.hpp"
#include "sweep/sweep_data.hpp"
#include "sweep/sweep_runner.hpp"
#include "workload/trace.hpp"

using namespace alloclab;
using test::pod_torus;
using test::v5e;

TEST_CASE("pod metrics: the meter's states, worked by hand") {
  const Topology t = pod_torus();
  Occupancy occ(t);
  PodMeter m(v5e(), t.nodes());
  m.reset(0);
  const Shape s8x16{8, 16}, s1x1{1, 1};

  // empty pod, nobody waiting: the 16x16 is free (nothing outside it), four free 8x8s
  m.observe(occ, nullptr);
  m.arrival(occ, s8x16);  // 2 free 8x16 positions hold all 256 free chips
  m.advance(10);
  // one busy chip at (0,0): 255 free; the largest shape with a free position is 8x16, at (8,0):
  // 127 free chips lie outside it; three 8x8s stay free. A waiting 8x16 has a position: nothing stranded.
  occ.assign(Block{0, 0, 1, 1}, 1);
  m.observe(occ, &s8x16);
  m.arrival(occ, s8x16);  // 1 − 128/255
  m.arrival(occ, s1x1);   // every free chip is a free 1x1 position: 0
  m.advance(20);
  // a second busy chip at (8,0): no 8x16 is free, 254 >= 128 chips are: the waiting 8x16 strands
  // 254/256 of the pod; the largest free shape is 8x8 (two: (0,8), (8,8)), 126 chips outside them
  occ.assign(Block{8, 0, 1, 1}, 2);
  m.observe(occ, &s8x16);
  m.advance(40);
  // a 16x16 head with 254 free chips is short of chips, not fragmented: nothing stranded
  const Shape s16{16, 16};
  m.observe(occ, &s16);
  m.advance(50);

  Results r;
  m.fill(r);
  CHECK(r.pod_fragmentation_arrival == doctest::Approx((0 + (1 - 128.0 / 255) + 0) / 3));
  // largest: 0 for 10, 127/255 for 10, 126/254 for 30 (two 8x8s = 128 of 254), over 50
  CHECK(r.pod_fragmentation_largest == doctest::Approx((127.0 / 255 * 10 + 126.0 / 254 * 20 + 126.0 / 254 * 10) / 50));
  CHECK(r.pod_stranded == doctest::Approx(254.0 / 256 * 20 / 50));
  CHECK(r.pod_free_64_chip_blocks == doctest::Approx((4 * 10 + 3 * 10 + 2 * 30) / 50.0));

  // a full pod: no free chip, so the largest-shape share pauses (it is defined while a chip is
  // free); then one busy chip for as long
  Occupancy full(t);
  full.assign(Block{0, 0, 16, 16}, 3);
  PodMeter f(v5e(), t.nodes());
  f.reset(0);
  f.observe(full, &s1x1);
  f.arrival(full, s1x1);  // no free chip: no sample
  f.advance(10);
  Results rf;
  f.fill(rf);
  CHECK(rf.pod_fragmentation_largest == 0);
  CHECK(rf.pod_fragmentation_arrival == 0);
  CHECK(rf.pod_stranded == 0);
  CHECK(rf.pod_free_64_chip_blocks == 0);
  full.release(Block{0, 0, 16, 16}, 3);
  full.assign(Block{0, 0, 1, 1}, 4);
  f.observe(full, nullptr);
  f.advance(20);
  f.fill(rf);
  CHECK(rf.pod_fragmentation_largest == doctest::Approx(127.0 / 255));  // over the 10 with a free chip
  CHECK(rf.pod_free_64_chip_blocks == doctest::Approx(3 * 10 / 20.0));
}

TEST_CASE("pod metrics: utilisation, wait and bounded slowdown by slice size") {
  CHECK(pod_size_class(1) == 0);
  CHECK(pod_size_class(4) == 1);
  CHECK(pod_size_class(5) == 2);  // a size between two rows goes to the next larger one
  CHECK(pod_size_class(256) == 7);
  CHECK(pod_size_class(257) == 8);  // the cube pods' sizes: 512 ... 6144
  CHECK(pod_size_class(1000) == 9);
  CHECK(pod_size_class(100000) == 12);
  const Topology t = pod_torus();
  PodMeter m(v5e(), t.nodes());
  m.reset(0);
  m.started(16);
  m.started(4);
  m.advance(10);
  m.departed(16, true, 5, 2);
  m.advance(20);
  m.departed(4, true, 1, 1.5);
  m.started(4);
  m.advance(30);
  m.departed(4, false, 100, 100);  // not measured: its wait counts nowhere
  Results r;
  m.fill(r);
  CHECK(r.pod_utilization_size_16 == doctest::Approx(16.0 / 256 * 10 / 30));
  CHECK(r.pod_utilization_size_4 == doctest::Approx(4.0 / 256 * 30 / 30));
  CHECK(r.pod_utilization_size_1 == 0);
  CHECK(r.pod_wait_size_16 == 5);
  CHECK(r.pod_wait_size_4 == 1);
  CHECK(r.pod_bounded_slowdown_size_16 == 2);
  CHECK(r.pod_bounded_slowdown_size_4 == 1.5);
  CHECK(r.pod_wait_size_256 == 0);
}

// Three jobs on the v5e pod under pod-ff and FCFS, worked by hand:
//   job 0: t=0,  8x8,  runtime 100 -> (0,0)      job 1: t=0, 8x8, runtime 40 -> (8,0)
//   job 2: t=10, 8x16, runtime 10: 128 chips are free (the top half) but both 8x16 positions are
//          broken; it waits until job 1 leaves at 40, runs at (8,0) until 50.
TEST_CASE("pod metrics: a hand-worked run on the v5e pod") {
  auto s = parse_link("machine=tpu-v5e&strategy=pod-ff&scheduler=fcfs&trace=t.csv");
  REQUIRE(s);
  auto t = parse_trace_csv("arrival,width,height,runtime\n0,8,8,100\n0,8,8,40\n10,8,16,10\n", "t.csv", s->width, s->height);
  REQUIRE(t);
  s->trace_data = std::make_shared<const Trace>(*t);
  REQUIRE(validate(*s).ok());
  auto r = run_replication(*s, 0);
  REQUIRE(r);
  CHECK(r->makespan == 100);
  CHECK(r->mean_wait_time == 10);
  // stranded: half the pod free for 30 of 100 while the 8x16 waits
  CHECK(r->pod_stranded == doctest::Approx(0.5 * 30 / 100));
  // free 8x8s: 2 until 40, 1 until 50 (job 0 and the 8x16), 3 until 100
  CHECK(r->pod_free_64_chip_blocks == doctest::Approx((2 * 40 + 1 * 10 + 3 * 50) / 100.0));
  // largest: 0 until 50 (the free chips are whole 8x8s), then the 8x16 at (8,0) of 192 free: 1/3
  CHECK(r->pod_fragmentation_largest == doctest::Approx(50.0 / 3 / 100));
  // at arrival: 0 (empty pod), 0 (three free 8x8s), 1 (no free 8x16 among 128 free chips)
  CHECK(r->pod_fragmentation_arrival == doctest::Approx(1.0 / 3));
  CHECK(r->pod_utilization_size_64 == doctest::Approx((128.0 * 40 + 64.0 * 60) / 256 / 100));
  CHECK(r->pod_utilization_size_128 == doctest::Approx(128.0 * 10 / 256 / 100));
  CHECK(r->pod_utilization_size_64 + r->pod_utilization_size_128 == doctest::Approx(r->utilization));
  CHECK(r->pod_wait_size_64 == 0);
  CHECK(r->pod_wait_size_128 == 30);
  CHECK(r->pod_bounded_slowdown_size_64 == 1);
  CHECK(r->pod_bounded_slowdown_size_128 == 4);  // response 40 / max(runtime 10, bound 10)
}

TEST_CASE("pod metrics: printed only for pod scenarios, after every other metric") {
  auto pod = parse_link("machine=tpu-v5e&strategy=pod-ff&jobs=50&arrival=poisson:0.05");
  auto flat = parse_link("size=16x16&topology=torus&strategy=ff&jobs=50&arrival=poisson:0.05");
  REQUIRE(pod);
  REQUIRE(flat);
  CHECK(metric_fields(false).size() == kPodMetricsBegin);
  CHECK(metric_fields(true).size() == kCubeMetricsBegin);  // a 2D pod: without the cube pods' sizes
  CHECK(metric_fields(true).back().name == "pod_jobs_abandoned");  // the host-failure rows are every pod's
  CHECK(metric_fields(kCubePodRows).size() == metric_fields().size());
  for (std::size_t i = kPodMetricsBegin; i < metric_fields().size(); ++i) CHECK(metric_fields()[i].name.substr(0, 4) == "pod_");
  for (std::size_t i = 0; i < kPodMetricsBegin; ++i) CHECK(metric_fields()[i].name.substr(0, 4) != "pod_");
  auto rp = run_scenario(*pod), rf = run_scenario(*flat);
  REQUIRE(rp);
  REQUIRE(rf);
  CHECK(results_json(*rp).find("\"pod_stranded\"") != std::string::npos);
  CHECK(results_json(*rf).find("pod_") == std::string::npos);
  CHECK(rp->mean.pod_free_64_chip_blocks > 0);
  // a sweep prints the pod columns when one of its points is a pod (the others read 0)
  SweepSpec spec;
  spec.base = *flat;
  spec.axes.push_back(SweepAxis{"strategy", {"ff", "bf"}});
  auto a = SweepRunner::create(spec);
  REQUIRE(a);
  CHECK(!a->pod());
  CHECK(a->csv_header().find("pod_") == std::string::npos);
  CHECK(raw_csv_header({"strategy"}, metric_set(a->pod())).find("pod_") == std::string::npos);
  SweepSpec mixed;
  mixed.base = *pod;
  mixed.axes.push_back(SweepAxis{"strategy", {"pod-ff", "pod-bf"}});
  auto b = SweepRunner::create(mixed);
  REQUIRE(b);
  CHECK(b->pod());
  CHECK(b->csv_header().find(",pod_stranded_mean,pod_stranded_ci95") != std::string::npos);
  // a raw CSV read back knows from its columns whether the pod rows were printed
  REQUIRE(b->run().ok());
  std::string raw = raw_csv_header({"strategy"}, metric_set(kPodRows)) + "\n";
  for (long long p = 0; p < 2; ++p) raw += raw_csv_rows(raw_point(*b, p), metric_set(kPodRows));
  auto back = parse_raw_csv(raw);
  REQUIRE(back);
  CHECK(back->metrics == metric_set(kPodRows));
  auto agg = aggregate_csv(*back, nullptr);
  REQUIRE(agg);
  CHECK(agg->find("pod_stranded_mean") != std::string::npos);
}
