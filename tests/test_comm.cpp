// test_comm.cpp — jobs that communicate over the wormhole network: run time from the network,
// iterations and compute time, placement effects, patterns' message lists.
#include <doctest/doctest.h>
#include "simulation.hpp"

using namespace alloclab;

namespace {
Results run_trace(const char* link, const char* csv, int W, int H) {
  auto s = parse_link(link);
  REQUIRE_MESSAGE(s, (s ? "" : s.error().message));
  auto t = parse_trace_csv(csv, "t.csv", W, H);
  REQUIRE(t);
  s->trace_data = std::make_shared<const Trace>(*t);
  auto sim = Simulation::create(*s, 0);
  REQUIRE_MESSAGE(sim, (sim ? "" : sim.error().message));
  REQUIRE(sim->run().ok());
  CHECK(sim->check_invariants());
  CHECK(sim->network() != nullptr);
  CHECK(sim->network()->idle());
  return sim->results();
}
}  // namespace

TEST_CASE("a 2x1 all-to-all job runs for the zero-load latency of one hop") {
  // two packets, opposite directions, no contention: T0 = H(R+1) + R + 2L - 1 = 4 + 3 + 15 = 22
  const Results r = run_trace("size=8x8&trace=t.csv&pattern=all-to-all", "arrival,width,height,runtime\n0,2,1,1000\n", 8, 8);
  CHECK(r.jobs_completed == 1);
  CHECK(r.mean_service_time == 22);
  CHECK(r.mean_packet_latency == 22);
  CHECK(r.mean_packet_blocking == 0);
  CHECK(r.network_cycles == 23);  // + 1 cycle for the last credit to return
}

TEST_CASE("iterations and compute time: 3 x 22 + 2 x 5") {
  const Results r = run_trace("size=8x8&trace=t.csv&pattern=all-to-all&comm_iterations=3&compute_time=5",
                              "arrival,width,height,runtime\n0,2,1,1000\n", 8, 8);
  CHECK(r.mean_service_time == 76);
}

TEST_CASE("placement changes run time: a job split across the machine takes longer") {
  // 8x1 machine: job 0 (6x1, long) would sit in the middle under... use the torus-free mesh:
  // FF places job 0 (1x1) at x=0 and job 1 (1x1) at x=1; job 2 (2x1) at x=2..3: one hop.
  const Results near = run_trace("size=8x1&trace=t.csv&pattern=all-to-all", "arrival,width,height,runtime\n0,2,1,1\n", 8, 1);
  CHECK(near.mean_service_time == 22);
  // random placement of a 2-node job on an 8x1 line: 1..7 hops; the mean over seeds > one hop
  double total = 0;
  for (int seed = 1; seed <= 20; ++seed) {
    const std::string link = "size=8x1&trace=t.csv&pattern=all-to-all&strategy=random&seed=" + std::to_string(seed);
    total += run_trace(link.c_str(), "arrival,width,height,runtime\n0,2,1,1\n", 8, 1).mean_service_time;
  }
  CHECK(total / 20 > 22 + 4);  // at least one more hop (R+1 = 4 cycles) on average
}

TEST_CASE("two jobs share links and block each other") {
  // 4x1 line: job A on x=0..1 and job B on x=2..3 do not share links (XY inside each job);
  // with one-to-all... use a 1x4 job whose packets cross each other's path: all-to-all on 4 nodes
  const Results alone = run_trace("size=4x1&trace=t.csv&pattern=all-to-all", "arrival,width,height,runtime\n0,4,1,1\n", 4, 1);
  CHECK(alone.mean_packet_blocking > 0);  // its own packets contend
  CHECK(alone.mean_service_time > 22);
}

TEST_CASE("patterns: message lists") {
  Topology t(TopologyKind::Mesh, 4, 4);
  const Allocation a{{Block{0, 0, 2, 2}}};
  const std::vector<int> nodes = logical_nodes(t, a, Shape{2, 2});
  CHECK(nodes == std::vector<int>{0, 1, 4, 5});
  Rng rng(1);
  std::vector<std::pair<int, int>> m;
  pattern_messages(Pattern::AllToAll, nodes, {2, 2}, rng, m);
  CHECK(m.size() == 12);
  m.clear();
  pattern_messages(Pattern::NearNeighbor, nodes, {2, 2}, rng, m);
  CHECK(m.size() == 8);  // each of 4 processors has 2 neighbours in a 2x2 grid
  CHECK(m[0] == std::pair{0, 1});
  m.clear();
  pattern_messages(Pattern::OneToAll, nodes, {2, 2}, rng, m);
  CHECK(m.size() == 3);
  m.clear();
  pattern_messages(Pattern::Random, nodes, {2, 2}, rng, m);
  CHECK(m.size() == 4);
  for (auto& p : m) CHECK(p.first != p.second);
}

TEST_CASE("communicating workloads on mesh and torus complete with invariants intact") {
  for (const char* link : {"size=12x12&pattern=near-neighbor&jobs=300&arrival=poisson:0.01&strategy=pald-ff",
                           "size=12x12&pattern=one-to-all&jobs=200&arrival=poisson:0.002&topology=torus&strategy=mbs",
                           "size=10x10&pattern=random&jobs=200&arrival=poisson:0.01&scheduler=easy&comm_iterations=2&compute_time=3&check=1"}) {
    auto s = parse_link(link);
    REQUIRE(s);
    auto sim = Simulation::create(*s, 0);
    REQUIRE(sim);
    REQUIRE(sim->run().ok());
    CHECK(sim->check_invariants());
    const Results r = sim->results();
    CHECK(r.mean_packet_latency > 0);
    CHECK(r.network_cycles > 0);
  }
}
