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

// The phases as events, hand-worked: two processes, all-to-all (two one-hop packets), two
// iterations of service 4 (2 each), compute_time 3.
TEST_CASE("job traffic: a job's phases as events — an Iteration event at each compute end, the departure after the last") {
  const Topology mesh(TopologyKind::Mesh, 4, 4);
  JobTraffic t(mesh, *find_pattern("all-to-all"), NetConfig{}, Rng(1), 2, 3);
  JobRecord r{.id = 3, .end = -1, .service = 4, .shape = Shape{2, 1}, .alloc = Allocation{{Block{1, 1, 2, 1}}}};
  EventQueue ev;
  t.begin_compute(r, 0, 0.5, ev);  // the allocator's 0.5, then 2 of compute: messages at ceil(2.5) = 3
  REQUIRE(!ev.empty());
  Event e = ev.pop();
  CHECK((e.time == 3 && e.kind == EventKind::Iteration && e.job == 3));
  CHECK(t.network().idle());
  t.begin_iteration(r, 3, ev);
  CHECK(r.packets_left == 2);
  CHECK(ev.empty());
  // the network's cycles until the phase's last packet: then the next compute phase
  auto deliver_all = [&] {
    double now = 0;
    for (int guard = 0; guard < 200 && r.packets_left > 0; ++guard) {
      now = double(t.now_cycle() + 1);
      for (const Delivered& d : t.cycle())
        if (t.delivered(r, d)) t.complete_iteration(r, now, ev);
    }
    return now;
  };
  const double end1 = deliver_all();
  CHECK(end1 > 3);
  CHECK(r.iteration == 1);
  e = ev.pop();
  CHECK((e.time == end1 + 5 && e.kind == EventKind::Iteration));  // compute_time 3 + 2 of compute
  CHECK(r.end == -1);
  t.begin_iteration(r, e.time, ev);
  const double end2 = deliver_all();
  CHECK(r.end == end2);  // the last iteration: the job ends when its last packet arrives
  e = ev.pop();
  CHECK((e.time == end2 && e.kind == EventKind::Departure && e.job == 3));
  CHECK(ev.empty());
  // a job that only communicates (service 0) starts its messages at once: no Iteration event
  JobRecord c{.id = 4, .end = -1, .service = 0, .shape = Shape{2, 1}, .alloc = Allocation{{Block{0, 0, 2, 1}}}};
  t.begin_compute(c, double(t.now_cycle()), 0, ev);
  CHECK(ev.empty());
  CHECK(c.packets_left == 2);
}
