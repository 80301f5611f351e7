// test_comm.cpp — jobs that communicate over the wormhole network: run time from the network,
// iterations and compute time, placement effects, patterns' message lists.
#include <doctest/doctest.h>
#include <algorithm>
#include <cmath>
#include <set>
#include <string>
#include <vector>
#include "alloc/strategy.hpp"
#include "replication.hpp"
#include "simulation.hpp"
#include "strategy_runs.hpp"
#include "sweep/sweep_runner.hpp"

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

TEST_CASE("an isolated job runs for its demand plus the zero-load time of its messages") {
  // A 2x1 all-to-all job sends two packets in opposite directions over one hop each, no
  // contention: T0 = H(R+1) + R + L = 4 + 3 + 8 = 15 cycles (refill flow control, 1-flit
  // buffers). It first computes its demand (1000), then communicates: run time 1015.
  const Results r = run_trace("size=8x8&trace=t.csv&pattern=all-to-all", "arrival,width,height,runtime\n0,2,1,1000\n", 8, 8);
  CHECK(r.jobs_completed == 1);
  CHECK(r.mean_service_time == 1000 + 15);
  CHECK(r.mean_packet_latency == 15);
  CHECK(r.mean_packet_queueing == 0);
  CHECK(r.mean_packet_blocking == 0);
  CHECK(r.network_cycles == 15);  // the compute phase is skipped, not simulated
  // The credit model: 1-flit buffers pass a flit every other cycle, T0 = 4 + 3 + 2·8 − 1 = 22,
  // and one more cycle for the last credit to return.
  const Results c = run_trace("size=8x8&trace=t.csv&pattern=all-to-all&flow_control=credit",
                              "arrival,width,height,runtime\n0,2,1,1000\n", 8, 8);
  CHECK(c.mean_service_time == 1000 + 22);
  CHECK(c.mean_packet_latency == 22);
  CHECK(c.network_cycles == 23);
}

TEST_CASE("service=fixed:0: a job that only communicates runs for its messages' time") {
  const auto rec = test::run_recorded("size=8x8&pattern=all-to-all&service=fixed:0&job_size=fixed:2x1&jobs=1&arrival=poisson:0.01");
  REQUIRE(rec.size() == 1);
  const double a = rec[0].arrival;  // not a whole number: the messages start at ceil(a)
  CHECK(a != std::ceil(a));
  CHECK(rec[0].start == a);
  CHECK(rec[0].end == std::ceil(a) + 15);
  // without a pattern a zero demand is refused, naming the key
  auto bad = parse_link("size=8x8&service=fixed:0");
  REQUIRE(bad);
  const Status st = validate(*bad);
  REQUIRE_FALSE(st);
  CHECK(st.error().message.rfind("service:", 0) == 0);
}

TEST_CASE("iterations: the demand is split over them, compute_time adds between them") {
  // demand 90 over 3 iterations: 30 of computation before each round of messages (15 cycles
  // each, as above), 5 more before the 2nd and 3rd: 90 + 2·5 + 3·15 = 145.
  const Results r = run_trace("size=8x8&trace=t.csv&pattern=all-to-all&comm_iterations=3&compute_time=5",
                              "arrival,width,height,runtime\n0,2,1,90\n", 8, 8);
  CHECK(r.mean_service_time == 145);
  CHECK(r.mean_packet_latency == 15);
}

TEST_CASE("placement changes run time: a job split across the machine takes longer") {
  // FF places a 2x1 job on adjacent nodes: demand 1 + one hop (15).
  const Results near = run_trace("size=8x1&trace=t.csv&pattern=all-to-all", "arrival,width,height,runtime\n0,2,1,1\n", 8, 1);
  CHECK(near.mean_service_time == 1 + 15);
  // random placement of a 2-node job on an 8x1 line: 1..7 hops; the mean over seeds > one hop
  double total = 0;
  for (int seed = 1; seed <= 20; ++seed) {
    const std::string link = "size=8x1&trace=t.csv&pattern=all-to-all&strategy=random&seed=" + std::to_string(seed);
    total += run_trace(link.c_str(), "arrival,width,height,runtime\n0,2,1,1\n", 8, 1).mean_service_time;
  }
  CHECK(total / 20 > 1 + 15 + 4);  // at least one more hop (R+1 = 4 cycles) on average
}

TEST_CASE("two jobs share links and block each other") {
  // a 4x1 all-to-all job: its own packets cross on the line's links
  const Results alone = run_trace("size=4x1&trace=t.csv&pattern=all-to-all", "arrival,width,height,runtime\n0,4,1,1\n", 4, 1);
  CHECK(alone.mean_packet_blocking > 0);  // its own packets contend
  CHECK(alone.mean_packet_queueing > 0);  // each node sends 3 packets through one injection port
  CHECK(alone.mean_service_time > 1 + 15);
}

TEST_CASE("SSD under a network starts the job with the smaller demand first") {
  // 4x4 mesh. Job 0 (4x4, demand 100) holds the machine; jobs 1 (demand 500) and 2 (demand 50)
  // arrive meanwhile, both 4x4. FCFS starts 1 then 2; SSD starts 2 then 1. A 4x4 one-to-all
  // job's messages take the same time wherever it sits (the machine is the job), so each run
  // time is its demand plus the same communication time: SSD ranks by what drives run time.
  const char* csv = "arrival,width,height,runtime\n0,4,4,100\n1,4,4,500\n2,4,4,50\n";
  std::vector<JobRecord> rec[2];
  int k = 0;
  for (const char* sched : {"fcfs", "ssd"}) {
    auto s = parse_link((std::string("size=4x4&trace=t.csv&pattern=one-to-all&scheduler=") + sched).c_str());
    REQUIRE(s);
    auto t = parse_trace_csv(csv, "t.csv", 4, 4);
    REQUIRE(t);
    s->trace_data = std::make_shared<const Trace>(*t);
    auto sim = Simulation::create(*s, 0);
    REQUIRE(sim);
    sim->record_jobs(true);
    REQUIRE(sim->run().ok());
    rec[k++] = sim->recorded();
  }
  auto by_id = [](const std::vector<JobRecord>& v, JobId id) {
    for (const JobRecord& r : v)
      if (r.id == id) return r;
    FAIL("job missing");
    return JobRecord{};
  };
  for (const auto& v : rec) {
    REQUIRE(v.size() == 3);
    for (const JobRecord& r : v) CHECK(r.end - r.start > r.service);  // demand + messages
  }
  CHECK(by_id(rec[0], 1).start < by_id(rec[0], 2).start);  // FCFS: arrival order
  CHECK(by_id(rec[1], 2).start < by_id(rec[1], 1).start);  // SSD: smaller demand first
  CHECK(by_id(rec[1], 2).start == by_id(rec[0], 1).start);  // the slot job 0 frees
  // Messages take the same time in every run (one-to-all from a processor drawn by the pattern
  // stream: same draws in the same order of jobs started... compare one job's own duration).
  CHECK(by_id(rec[1], 2).end - by_id(rec[1], 2).start < by_id(rec[1], 1).end - by_id(rec[1], 1).start);
}

TEST_CASE("patterns: message lists") {
  Topology t(TopologyKind::Mesh, 4, 4);
  const Allocation a{{Block{0, 0, 2, 2}}};
  const std::vector<int> nodes = logical_nodes(t, a, Shape{2, 2});
  CHECK(nodes == std::vector<int>{0, 1, 4, 5});
  Rng rng(1);
  std::vector<std::pair<int, int>> m;
  pattern_messages(*find_pattern("all-to-all"), nodes, {2, 2}, rng, m);
  CHECK(m.size() == 12);
  m.clear();
  pattern_messages(*find_pattern("near-neighbor"), nodes, {2, 2}, rng, m);
  CHECK(m.size() == 8);  // each of 4 processors has 2 neighbours in a 2x2 grid
  CHECK(m[0] == std::pair{0, 1});
  m.clear();
  pattern_messages(*find_pattern("one-to-all"), nodes, {2, 2}, rng, m);
  CHECK(m.size() == 3);
  m.clear();
  pattern_messages(*find_pattern("random"), nodes, {2, 2}, rng, m);
  CHECK(m.size() == 4);
  for (auto& p : m) CHECK(p.first != p.second);
}

TEST_CASE("near-neighbour: one block in any orientation sends every message one hop; same latency rotated") {
  // A 4x2 job placed upright (4 wide) and rotated (2 wide, 4 tall), and a 3x3 job in an
  // over-allocated 4x4 block: every near-neighbour message is one hop. The rotated placement is
  // the upright one mirrored in the diagonal, so the network carries the same traffic pattern
  // transposed: the same per-packet latencies (the mesh and XY routing are symmetric enough
  // here: each message is one hop, 2 messages per link, no two on one link in the same direction).
  for (const TopologyKind kind : {TopologyKind::Mesh, TopologyKind::Torus}) {
    const Topology t(kind, 8, 8);
    struct Case {
      Block b;
      Shape req;
    };
    const Case cases[] = {{{1, 1, 4, 2}, {4, 2}}, {{1, 1, 2, 4}, {4, 2}}, {{2, 3, 4, 4}, {3, 3}}, {{6, 6, 2, 4}, {4, 2}}};
    std::vector<std::int64_t> lat[4];
    for (int k = 0; k < 4; ++k) {
      if (kind == TopologyKind::Mesh && k == 3) continue;  // wraps: torus only
      const Allocation a{{cases[k].b}};
      const auto nodes = logical_nodes(t, a, cases[k].req);
      REQUIRE(nodes.size() == std::size_t(cases[k].req.area()));
      Rng rng(1);
      std::vector<std::pair<int, int>> m;
      pattern_messages(*find_pattern("near-neighbor"), nodes, cases[k].req, rng, m);
      const int w = cases[k].req.w, h = cases[k].req.h;
      CHECK(m.size() == std::size_t(2 * ((w - 1) * h + (h - 1) * w)));
      for (const auto& pr : m) CHECK(t.distance(t.coord(pr.first), t.coord(pr.second)) == 1);
      Network net(t, NetConfig{});
      for (const auto& pr : m) net.inject(pr.first, pr.second, 0);
      while (!net.idle()) net.step();
      for (const Delivered& d : net.take_delivered()) lat[k].push_back(d.latency());
      std::sort(lat[k].begin(), lat[k].end());
    }
    CAPTURE(kind == TopologyKind::Torus);
    CHECK(lat[0] == lat[1]);  // rotated = upright
    if (kind == TopologyKind::Torus) CHECK(lat[3] == lat[0]);  // rotated across the wrap
  }
  // Through a whole run: a 4x2 near-neighbour job alone on a 4x2 machine, every packet one hop.
  const Results up = run_trace("size=4x2&trace=t.csv&pattern=near-neighbor", "arrival,width,height,runtime\n0,4,2,10\n", 4, 2);
  CHECK(up.jobs_completed == 1);
  // one hop each: zero-load (R+1) + R + L = 15, plus the head's blocking at the shared ejection ports
  CHECK(up.mean_packet_latency == doctest::Approx(15 + up.mean_packet_blocking));
  CHECK(up.mean_packet_blocking > 0);
}

TEST_CASE("near-neighbour: the documented mapping for non-contiguous allocations") {
  const Topology t(TopologyKind::Mesh, 8, 8);
  // Request 4x2 (wider than tall). Two 4x1 rows: row order, one logical row per block.
  const Allocation rows{{Block{0, 0, 4, 1}, Block{0, 3, 4, 1}}};
  CHECK(logical_nodes(t, rows, {4, 2}) ==
        std::vector<int>{t.id(0, 0), t.id(1, 0), t.id(2, 0), t.id(3, 0), t.id(0, 3), t.id(1, 3), t.id(2, 3), t.id(3, 3)});
  // Two 2x2 squares: each in row order (a square is never "against" the request).
  const Allocation squares{{Block{4, 4, 2, 2}, Block{0, 0, 2, 2}}};
  CHECK(logical_nodes(t, squares, {4, 2}) ==
        std::vector<int>{t.id(4, 4), t.id(5, 4), t.id(4, 5), t.id(5, 5), t.id(0, 0), t.id(1, 0), t.id(0, 1), t.id(1, 1)});
  // A 1x3 column and a 2x3 block, request 3x3... no: request 6x1 (wide) over a 2x3 block (tall,
  // against the request: column order) and a 1x1: the logical row runs up the columns.
  const Allocation mixed{{Block{2, 2, 2, 3}, Block{7, 7, 1, 1}}};
  CHECK(logical_nodes(t, mixed, {7, 1}) ==
        std::vector<int>{t.id(2, 2), t.id(2, 3), t.id(2, 4), t.id(3, 2), t.id(3, 3), t.id(3, 4), t.id(7, 7)});
  // Over-allocation past a·b: the last nodes take no part.
  const Allocation big{{Block{0, 0, 3, 1}, Block{0, 2, 3, 1}}};
  CHECK(logical_nodes(t, big, {5, 1}) == std::vector<int>{t.id(0, 0), t.id(1, 0), t.id(2, 0), t.id(0, 2), t.id(1, 2)});
}

TEST_CASE("near-neighbour in 3D: a block in any of the six orientations sends every message one hop; six neighbours") {
  // A 2x3x4 job in blocks of the six shapes (2,3,4) permuted, on a 3D mesh and across the wraps
  // of a 3D torus: the grid is laid along the block in the first orientation that holds it, so
  // every message is one hop and the traffic is the same up to the orientation.
  const Shape req{2, 3, 4};
  const int dims[6][3] = {{2, 3, 4}, {3, 2, 4}, {2, 4, 3}, {4, 3, 2}, {3, 4, 2}, {4, 2, 3}};
  for (const TopologyKind kind : {TopologyKind::Mesh, TopologyKind::Torus}) {
    const Topology t(kind, 6, 6, 6);
    for (const auto& d : dims) {
      const Block b = kind == TopologyKind::Mesh ? Block{1, 1, d[0], d[1], 2, d[2]} : Block{5, 4, d[0], d[1], 3, d[2]};
      const auto nodes = logical_nodes(t, Allocation{{b}}, req);
      CAPTURE(d[0]);
      CAPTURE(d[1]);
      CAPTURE(d[2]);
      REQUIRE(nodes.size() == 24);
      CHECK(std::set<int>(nodes.begin(), nodes.end()).size() == 24);
      Rng rng(1);
      std::vector<std::pair<int, int>> m;
      pattern_messages(*find_pattern("near-neighbor"), nodes, req, rng, m);
      CHECK(m.size() == std::size_t(2 * (1 * 3 * 4 + 2 * 2 * 4 + 2 * 3 * 3)));  // (a-1)bc + a(b-1)c + ab(c-1), both ways
      for (const auto& pr : m) CHECK(t.distance(t.coord(pr.first), t.coord(pr.second)) == 1);
    }
  }
  // The inner process of a 3x3x3 grid has six neighbours: left, right, down, up, front, back.
  const Topology t(TopologyKind::Mesh, 3, 3, 3);
  const auto nodes = logical_nodes(t, Allocation{{Block{0, 0, 3, 3, 0, 3}}}, Shape{3, 3, 3});
  Rng rng(1);
  std::vector<std::pair<int, int>> m;
  pattern_messages(*find_pattern("near-neighbor"), nodes, {3, 3, 3}, rng, m);
  std::vector<int> to;
  for (const auto& pr : m)
    if (pr.first == t.id(1, 1, 1)) to.push_back(pr.second);
  CHECK(to == std::vector<int>{t.id(0, 1, 1), t.id(2, 1, 1), t.id(1, 0, 1), t.id(1, 2, 1), t.id(1, 1, 0), t.id(1, 1, 2)});
  CHECK(find_pattern("near-neighbor")->queued_per_node(27, 3) == 6);
  CHECK(find_pattern("near-neighbor")->queued_per_node(27, 2) == 4);
}

TEST_CASE("near-neighbour in 3D: the documented mapping for non-contiguous allocations (hand-worked)") {
  const Topology t(TopologyKind::Mesh, 8, 8, 4);
  // Request 4x2x2. A 4x2x1 block lies along it as it is: logical layer z = 0, row by row. A
  // 1x2x4 block does not (the request is longer in x than in y, the block shorter): the first
  // orientation laying it along the request runs logical x along the block's z, logical y along
  // its y and logical z along its x.
  const Allocation a{{Block{0, 0, 4, 2, 0, 1}, Block{5, 5, 1, 2, 0, 4}}};
  CHECK(logical_nodes(t, a, Shape{4, 2, 2}) ==
        std::vector<int>{t.id(0, 0, 0), t.id(1, 0, 0), t.id(2, 0, 0), t.id(3, 0, 0), t.id(0, 1, 0), t.id(1, 1, 0),
                         t.id(2, 1, 0), t.id(3, 1, 0), t.id(5, 5, 0), t.id(5, 5, 1), t.id(5, 5, 2), t.id(5, 5, 3),
                         t.id(5, 6, 0), t.id(5, 6, 1), t.id(5, 6, 2), t.id(5, 6, 3)});
  // Single nodes (as Random gives them), taken in allocation order; past a·b·c none take part.
  const Allocation singles{{Block{7, 7, 1, 1, 3, 1}, Block{0, 0, 1, 1, 2, 1}, Block{4, 0, 1, 1, 1, 1}}};
  CHECK(logical_nodes(t, singles, Shape{1, 2, 1}) == std::vector<int>{t.id(7, 7, 3), t.id(0, 0, 2)});
}

TEST_CASE("communicating workloads on a 3D mesh and torus complete with invariants intact, byte-stable") {
  // One run with the audit after every event (check=1: the costly part, so fewer jobs), then the
  // same scenario twice without it: the two must give the same bytes, and the audit must not
  // have changed a single metric of the checked run.
  for (const char* topo : {"mesh", "torus"})
    for (const char* pattern : {"near-neighbor", "all-to-all", "one-to-all", "random"}) {
      const std::string base = std::string("size=6x5x4&strategy=random&arrival=poisson:0.01&topology=") + topo +
                               "&pattern=" + pattern;
      CAPTURE(base);
      const Simulation sim = test::run_checked(base + "&jobs=50&check=1");
      REQUIRE(sim.network());
      CHECK(sim.network()->link_ports() == 6);
      CHECK(sim.network()->stats().packets_delivered > 30);
      CHECK(sim.results().mean_packet_latency > 0);
      auto unchecked50 = parse_link(base + "&jobs=50");
      REQUIRE(unchecked50);
      const auto plain = run_replication(*unchecked50, 0);
      REQUIRE(plain);
      const Results checked = sim.results();
      for (const MetricField& f : metric_fields()) CHECK_MESSAGE(checked.*f.member == (*plain).*f.member, f.name);
      const auto once = run_scenario(*parse_link(base + "&jobs=150")), again = run_scenario(*parse_link(base + "&jobs=150"));
      REQUIRE((once && again));
      CHECK(results_json(*once) == results_json(*again));
    }
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

TEST_CASE("a repeated failure is replayed exactly by the strategies that say they repeat failures") {
  // The waiting head is retried after every network cycle; for a strategy whose failure
  // repeats (Strategy::repeats_failures) the simulation replays it without the search. Every
  // metric must be the same as with every decision made, and with check=1 each replayed
  // decision is also made for real and compared (count, failure, random stream).
  const Topology mesh = parse_link("size=16x16")->topo();
  std::vector<std::string> ids;
  for (const StrategyInfo& info : strategies())
    if (info.make(mesh, StrategyParams{})->repeats_failures()) ids.emplace_back(info.id);
  for (const char* must : {"ff", "lssa", "nas"}) CHECK(std::find(ids.begin(), ids.end(), must) != ids.end());
  for (const std::string& id : ids)
    for (const char* set_up : {"scheduler=fcfs", "scheduler=easy&topology=torus"}) {
      const std::string link = std::string("size=8x8&pattern=one-to-all&service=fixed:0&job_size=uniform:1-8&jobs=25&arrival=poisson:0.004&") +
                               set_up + "&strategy=" + id;
      auto s = parse_link(link);
      REQUIRE_MESSAGE(s, link);
      if (!strategy_unsupported(*find_strategy(id), s->topo()).empty()) continue;
      auto run = [&](bool replay, bool check) {
        Scenario sc = *s;
        sc.check = check ? 1 : 0;
        auto sim = Simulation::create(sc, 0);
        REQUIRE(sim);
        sim->replay_failures(replay);
        REQUIRE(sim->run().ok());
        return sim->results();
      };
      const Results all = run(false, false), replayed = run(true, false), checked = run(true, true);
      INFO(link);
      CHECK(all.allocation_failures > 1000);  // the head waited through many network cycles
      for (const MetricField& f : metric_fields()) {
        INFO(std::string(f.name));
        CHECK(replayed.*f.member == all.*f.member);
        CHECK(checked.*f.member == all.*f.member);
      }
    }
}
