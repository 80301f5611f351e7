// pod_fixtures.hpp — what the pod tests share (test_pods.cpp, test_pod_metrics.cpp): the v5e
// registry row and its 16x16 torus.
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

inline const PodInfo& v5e() {
  const PodInfo* p = find_pod("tpu-v5e");
  REQUIRE(p);
  return *p;
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
