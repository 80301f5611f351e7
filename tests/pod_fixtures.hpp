// pod_fixtures.hpp — what the pod tests share (test_pods.cpp, test_pod_metrics.cpp): the v5e
// registry row and its 16x16 torus.
#pragma once
#include <doctest/doctest.h>
#include "alloc/occupancy.hpp"
#include "pod/pods.hpp"

namespace alloclab::test {

inline const PodInfo& v5e() {
  const PodInfo* p = find_pod("tpu-v5e");
  REQUIRE(p);
  return *p;
}

inline Topology pod_torus() { return Topology(TopologyKind::Torus, 16, 16); }
inline Occupancy pod_occupancy() { return Occupancy(pod_torus()); }

}  // namespace alloclab::test
