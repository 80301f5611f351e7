// test_job_traffic.cpp — communication phases (net/job_traffic.hpp) on their own: when a
// compute phase ends, a phase's packets injected, delivered and counted, iterations.
#include <doctest/doctest.h>
#include "net/job_traffic.hpp"

using namespace alloclab;

TEST_CASE("job traffic: compute phases end at a cycle boundary") {
  const Topology mesh(TopologyKind::Mesh, 4, 4);
  JobTraffic t(mesh, *find_pattern("all-to-all"), NetConfig{}, Rng(1), 4, 3);
  JobRecord r;
  r.service = 10;  // 2.5 per iteration
  CHECK(t.compute_end(r, 0, 0) == 3);       // ceil(2.5)
  CHECK(t.compute_end(r, 7, 3) == 13);      // ceil(7 + 3 + 2.5)
  CHECK(t.compute_end(r, 1, 0.25) == 4);    // ceil(3.75)
  CHECK(t.compute_time() == 3);
  r.service = 0;
  CHECK(t.compute_end(r, 5, 0) == 5);  // communication only: at once
}

// Two processes, all-to-all: two one-hop packets per iteration; two iterations.
TEST_CASE("job traffic: a phase's packets are delivered and counted, then the next iteration") {
  const Topology mesh(TopologyKind::Mesh, 4, 4);
  JobTraffic t(mesh, *find_pattern("all-to-all"), NetConfig{}, Rng(1), 2, 0);
  JobRecord r{.id = 3, .shape = Shape{2, 1}, .alloc = Allocation{{Block{1, 1, 2, 1}}}};
  CHECK_FALSE(t.inject(r, 0));
  CHECK(r.packets_left == 2);
  CHECK_FALSE(t.network().idle());
  std::vector<bool> last;  // delivered()'s answer per packet: the second one completes the phase
  for (int cycle = 1; cycle <= 200 && last.size() < 2; ++cycle)
    for (const Delivered& d : t.cycle()) {
      CHECK(d.tag == 3);
      last.push_back(t.delivered(r, d));
    }
  CHECK(last == std::vector<bool>{false, true});
  CHECK(r.packets_left == 0);
  CHECK(t.network().idle());
  CHECK(t.next_iteration(r));  // iteration 1 of 2 follows
  CHECK(r.iteration == 1);
  // the next phase after an idle gap: the network's clock catches up with it
  const double at = double(t.network().cycle() + 10);
  CHECK_FALSE(t.inject(r, at));
  CHECK(t.network().cycle() == std::int64_t(at));
  CHECK_FALSE(t.next_iteration(r));  // the last one
  JobRecord single{.id = 4, .shape = Shape{1, 1}, .alloc = Allocation{{Block{0, 0, 1, 1}}}};
  CHECK(t.inject(single, at));  // one processor sends nothing: its phase is complete at once
  CHECK(single.packets_left == 0);
}
