// pod_fixtures.hpp — what the pod tests share (test_pods.cpp, test_pods_cube.cpp,
// test_multislice.cpp, test_pod_metrics.cpp): a registry row by id, the v5e row and its 16x16
// torus, and the message a link is refused with.
#pragma once
#include <doctest/doctest.h>
#include <map>
#include <memory>
#include <string>
#include <vector>
#include "alloc/occupancy.hpp"
#include "pod/pods.hpp"
#include "scenario/scenario.hpp"
#include "simulation.hpp"
#include "workload/trace.hpp"

namespace alloclab::test {

// The registry row of a pod machine (the test stops when there is none).
inline const PodInfo& pod_row(std::string_view id) {
  const PodInfo* p = find_pod(id);
  REQUIRE(p);
  return *p;
}

inline const PodInfo& v5e() { return pod_row("tpu-v5e"); }

// The message a link is refused with when parsed and validated ("" when it is accepted).
inline std::string link_refusal(std::string_view link) {
  auto s = parse_link(link);
  if (!s) return s.error().message;
  Status v = validate(*s);
  return v.ok() ? std::string() : v.message();
}

inline Topology pod_torus() { return Topology(TopologyKind::Torus, 16, 16); }
inline Occupancy pod_occupancy() { return Occupancy(pod_torus()); }

// Replays the CSV trace `csv` (arrival,width,height,runtime) on the scenario `link` (its trace
// key names t.csv) and returns the shapes the jobs ran with, in job order.
inline std::vector<Shape> trace_slices(const std::string& link, const std::string& csv) {
  auto s = parse_link(link);
  REQUIRE(s);
  auto t = parse_trace_csv(csv, "t.csv", s->width, s->height);
  REQUIRE(t);
  s->trace_data = std::make_shared<const Trace>(*t);
  REQUIRE(validate(*s).ok());
  auto sim = Simulation::create(*s, 0);
  REQUIRE(sim);
  sim->record_jobs(true);
  REQUIRE(sim->run().ok());
  std::map<JobId, Shape> got;
  for (const JobRecord& r : sim->recorded()) got[r.id] = r.shape;
  std::vector<Shape> shapes;
  for (const auto& [id, shape] : got) shapes.push_back(shape);
  return shapes;
}

}  // namespace alloclab::test
