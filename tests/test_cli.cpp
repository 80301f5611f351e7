// test_cli.cpp — the CLI contract: outputs, exit status 2 with one stderr line on bad input.
#include <doctest/doctest.h>
#include <algorithm>
#include <sstream>
#include "cli_harness.hpp"
#include "net/bench_net.hpp"
#include "net/patterns.hpp"
#include "net/routing.hpp"

using namespace alloclab;

namespace {
using Out = test::CliOut;
using test::cli;

// Each call is refused: exit status 2, nothing on stdout, stderr naming the command.
void check_refused(const std::vector<std::vector<std::string>>& calls, const std::string& command) {
  for (const auto& args : calls) {
    Out r = cli(args);
    CHECK(r.code == 2);
    CHECK(r.out.empty());
    CHECK(r.err.find(command) != std::string::npos);
  }
}
}  // namespace

TEST_CASE("run prints one JSON object with scenario, results and timing") {
  Out r = cli({"run", "size=8x8", "jobs=50"});
  CHECK(r.code == 0);
  CHECK(r.err.empty());
  CHECK(r.out.rfind("{\"scenario\": \"size=8x8&jobs=50\", \"results\": {\"jobs_completed\": 50,", 0) == 0);
  for (const char* k : {"utilization", "mean_response_time", "mean_wait_time", "mean_service_time", "mean_jobs_in_system",
                        "throughput", "external_fragmentation", "internal_fragmentation", "mean_blocks_per_job",
                        "mean_packet_latency", "mean_packet_blocking", "\"timing\": {"})
    CHECK_MESSAGE(r.out.find(k) != std::string::npos, k);
}

TEST_CASE("bad input: status 2, one line on stderr naming the key, nothing on stdout") {
  for (auto args : std::vector<std::vector<std::string>>{{"run", "size=0x3"},
                                                          {"run", "bogus=1"},
                                                          {"run", "strategy"},
                                                          {"run", "/nonexistent/scenario.txt"},
                                                          {"run", "trace=/nonexistent.swf"},
                                                          {"place", "job=3"},
                                                          {"place", "job=2x2", "busy=0,0,19,19"},
                                                          {"place", "job=2x2", "busy=0,0,1,1;1,1,2,2"},
                                                          {"frobnicate"},
                                                          {"run", "--jobs-csv"}}) {
    Out r = cli(args);
    CHECK_MESSAGE(r.code == 2, args[0], " ", args.size() > 1 ? args[1] : "");
    CHECK(r.out.empty());
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
  }
  CHECK(cli({"run", "size=0x3"}).err.find("size") != std::string::npos);
}

TEST_CASE("place: contract examples on mesh and torus") {
  CHECK(cli({"place", "size=8x8", "busy=0,0,3,3;5,0,7,7", "job=2x3"}).out == "{\"allocated\": true, \"blocks\": [[0,4,1,6]]}\n");
  CHECK(cli({"place", "size=4x4", "busy=0,0,3,3", "job=1x1"}).out == "{\"allocated\": false, \"blocks\": []}\n");
  // torus: columns 2..4 busy on a 6x6 torus; a 3x6 job wraps from x=5 to x=1
  CHECK(cli({"place", "topology=torus", "size=6x6", "busy=2,0,4,5", "job=3x6"}).out ==
        "{\"allocated\": true, \"blocks\": [[5,0,1,5]]}\n");
  // a wrapping busy block is accepted on a torus and refused on a mesh
  CHECK(cli({"place", "topology=torus", "size=6x6", "busy=5,5,0,0", "job=1x1"}).code == 0);
  CHECK(cli({"place", "size=6x6", "busy=5,5,0,0", "job=1x1"}).code == 2);
}

TEST_CASE("place on a 3D machine: busy boxes x1,y1,z1,x2,y2,z2, job PxQxR, 6-tuples out; --explain adds the steps") {
  // layer z = 0 busy on a 4x4x4 mesh: ff3d puts a 2x2x2 box on layer 1
  CHECK(cli({"place", "size=4x4x4", "strategy=ff3d", "busy=0,0,0,3,3,0", "job=2x2x2"}).out ==
        "{\"allocated\": true, \"blocks\": [[0,0,1,1,1,2]]}\n");
  // torus: layers 1..2 busy; a 4x4x2 box wraps from z = 3 to z = 0; a busy box given wrapping (z 3..0) too
  CHECK(cli({"place", "topology=torus", "size=4x4x4", "strategy=ff3d", "busy=0,0,1,3,3,2", "job=4x4x2"}).out ==
        "{\"allocated\": true, \"blocks\": [[0,0,3,3,3,0]]}\n");
  CHECK(cli({"place", "topology=torus", "size=4x4x4", "strategy=ff3d", "busy=0,0,3,3,3,0", "job=4x4x2"}).out ==
        "{\"allocated\": true, \"blocks\": [[0,0,1,3,3,2]]}\n");
  // non-contiguous: mbs3d on an empty 4x4x4 mesh, 9 = 8 + 1
  CHECK(cli({"place", "size=4x4x4", "strategy=mbs3d", "busy=", "job=3x3x1"}).out ==
        "{\"allocated\": true, \"blocks\": [[0,0,0,1,1,1], [2,0,0,2,0,0]]}\n");
  // bad input names the 3D forms
  const auto two = cli({"place", "size=4x4x4", "strategy=ff3d", "busy=0,0,3,3", "job=1x1x1"});
  CHECK(two.code == 2);
  CHECK(two.err == "alloclab: busy: '0,0,3,3' is not x1,y1,z1,x2,y2,z2\n");
  const auto wrap = cli({"place", "size=4x4x4", "strategy=ff3d", "busy=0,0,3,0,0,1", "job=1x1x1"});
  CHECK(wrap.err == "alloclab: busy: block '0,0,3,0,0,1' has z1 > z2 on a mesh (only a torus wraps)\n");
  const auto out = cli({"place", "size=4x4x4", "strategy=ff3d", "busy=0,0,4,0,0,4", "job=1x1x1"});
  CHECK(out.err == "alloclab: busy: block '0,0,4,0,0,4' lies outside the 4x4x4 machine (x 0..3, y 0..3, z 0..3)\n");
  const auto job = cli({"place", "size=4x4x4", "strategy=ff3d", "busy=", "job=2x2"});
  CHECK(job.code == 2);
  CHECK(job.err == "alloclab: job: '2x2' is not valid; allowed: PxQxR with 1 <= P <= 4, 1 <= Q <= 4 and 1 <= R <= 4\n");
  CHECK(cli({"place", "size=4x4x4", "strategy=ff3d", "busy=", "job=1x1x5"}).code == 2);
  CHECK(cli({"place", "size=4x4", "busy=", "job=1x1x1"}).err ==
        "alloclab: job: '1x1x1' is not valid; allowed: PxQ with 1 <= P <= 4 and 1 <= Q <= 4\n");
  CHECK(cli({"place", "size=4x4x4", "strategy=ff", "busy=", "job=1x1x1"}).code == 2);  // a 2D-only strategy
  // --explain: the strategy's steps after the blocks (2D and 3D)
  const std::string e = cli({"place", "size=4x4x3", "strategy=pald3d", "busy=0,0,0,3,3,0", "job=1x1x3", "--explain"}).out;
  CHECK(e.rfind("{\"allocated\": true, \"blocks\": [[0,0,1,0,0,2], [1,0,1,1,0,1]], \"steps\": [{\"title\": \"Request\", ", 0) == 0);
  CHECK(e.find("\"caption\": \"Chosen: 2 blocks, 3 processors, the first 1 x 1 x 2 at (0, 0, 1).\"}]}\n") != std::string::npos);
  const std::string e2 = cli({"place", "size=4x4", "busy=0,0,3,3", "job=1x1", "--explain"}).out;
  CHECK(e2.rfind("{\"allocated\": false, \"blocks\": [], \"steps\": [", 0) == 0);
  CHECK(e2.find("No place for 1 x 1 now") != std::string::npos);
}

TEST_CASE("link and list") {
  CHECK(cli({"link", "strategy=bf", "size=16x16"}).out == "strategy=bf\n");
  const std::string l = cli({"list"}).out;
  CHECK(l.find("ff ") != std::string::npos);
  CHECK(l.find("random") != std::string::npos);
  CHECK(l.find("fcfs") != std::string::npos);
  // every pattern and every routing function of the tables, under their headings
  const std::size_t pats = l.find("patterns:\n"), routes = l.find("routing functions");
  REQUIRE(pats != std::string::npos);
  REQUIRE(routes != std::string::npos);
  for (const PatternInfo& p : patterns()) CHECK(l.find("\n  " + std::string(p.id) + " ", pats) < routes);
  for (const RoutingInfo& r : routing_functions()) CHECK(l.find("\n  " + std::string(r.id) + " ", routes) != std::string::npos);
  CHECK(cli({"--help"}).out.find("replications") != std::string::npos);
}

TEST_CASE("bench shards: each shard's least time over the rounds, replications counted once per rule") {
  Out a = cli({"bench", "shards", "shards=3", "repeats=2", "size=8x8", "jobs=40", "strategy=ff,mbs", "replications=3"});
  REQUIRE(a.code == 0);
  CHECK(a.out.find("2 points x 3 replications, 3 shards run in turn, least of 2 rounds") != std::string::npos);
  for (const char* rule : {"  by (point, replication), cpu s:", "  by points (p mod N), cpu s:"}) {
    const std::size_t l = a.out.find(rule);
    REQUIRE(l != std::string::npos);
    const std::size_t b = l + std::string(rule).size(), e = a.out.find('\n', b);
    REQUIRE(e != std::string::npos);
    CHECK(std::count(a.out.begin() + long(b), a.out.begin() + long(e), ' ') == 3);  // one time per shard
    CHECK(a.out.find("total", e) == e + 5);
    CHECK(a.out.find(" 6 replications, max/mean ", e) != std::string::npos);  // one round's, not two
  }
  check_refused({{"bench", "shards", "repeats=0"}, {"bench", "shards", "repeats=x"}, {"bench", "shards", "shards=0"}},
                "bench shards");
}

TEST_CASE("bench premas: one line per strategy with a results hash that depends only on the run") {
  Out a = cli({"bench", "premas", "jobs=300", "repeats=2", "strategy=ff,mbs"});
  Out b = cli({"bench", "premas", "jobs=300", "repeats=1", "strategy=mbs"});
  REQUIRE(a.code == 0);
  REQUIRE(b.code == 0);
  auto hash_of = [](const std::string& out, const std::string& id) {
    const std::size_t l = out.find("\n  " + id + " ");
    REQUIRE(l != std::string::npos);
    const std::size_t h = out.find("results ", l);
    REQUIRE(h != std::string::npos);
    return out.substr(h + 8, 16);
  };
  CHECK(hash_of(a.out, "mbs") == hash_of(b.out, "mbs"));
  CHECK(hash_of(a.out, "ff") != hash_of(a.out, "mbs"));
  CHECK(a.out.find("300 jobs, 2 repeats") != std::string::npos);
  check_refused({{"bench", "premas", "jobs=0"}, {"bench", "premas", "strategy=nope"}, {"bench", "premas", "repeats=x"}},
                "bench premas");
}

TEST_CASE("bench: one short run of every other bench command (smoke: exit 0, its report, no error)") {
  // bench (jobs per second of the standard cases), with few jobs
  Out j = cli({"bench", "jobs=200"});
  CHECK(j.code == 0);
  CHECK(j.err.empty());
  CHECK(j.out.rfind("bench: jobs simulated per second (200 jobs per case)\n", 0) == 0);
  // bench alloc: one strategy, one cell, the requests once
  Out a = cli({"bench", "alloc", "quick", "strategy=ff", "cell=64x64-50", "repeats=1"});
  CHECK(a.code == 0);
  CHECK(a.err.empty());
  CHECK(a.out.find("\n  ff ") != std::string::npos);
  // bench alloc3d: the same for a 3D strategy on the smaller 3D machine
  Out a3 = cli({"bench", "alloc3d", "quick", "strategy=ff3d", "cell=16x16x16-80"});
  CHECK(a3.code == 0);
  CHECK(a3.err.empty());
  CHECK(a3.out.find("\n  ff3d ") != std::string::npos);
  CHECK(cli({"bench", "alloc3d", "cell=64x64-50"}).code == 2);
  // bench ops: one strategy up to a small machine
  Out o = cli({"bench", "ops", "max=16", "strategy=ff"});
  CHECK(o.code == 0);
  CHECK(o.err.empty());
  CHECK(o.out.find("ff") != std::string::npos);
  // bench opsrate: one pass of the requests for two strategies, with the spread between them
  Out r = cli({"bench", "opsrate", "quick", "strategy=ff,mbs"});
  CHECK(r.code == 0);
  CHECK(r.err.empty());
  CHECK(r.out.find("\n  ff ") != std::string::npos);
  CHECK(r.out.find("\n  mbs ") != std::string::npos);
  CHECK(r.out.find("\nspread: max/min ops per us = ") != std::string::npos);
  check_refused({{"bench", "opsrate", "min_ms=0"}, {"bench", "opsrate", "strategy=nope"}, {"bench", "opsrate", "fast"}},
                "bench opsrate");
  // bench net: one repeat of its drains (the command takes the fastest of 3)
  const std::string net = bench_net(1);
  CHECK(net.find("\n  torus 8x8x4 ") != std::string::npos);
  CHECK(net.find("\nthe same packets in 255 waves") != std::string::npos);
  // the comparison lines: the same flit-hops as the drains (65,280 packets of 8 flits either way)
  CHECK(net.find("(4194304 flit-hops, 65280 packets") != std::string::npos);
  CHECK(net.find("\n  torus  waves    flit-hops/s ") != std::string::npos);
  CHECK(net.find("hops per flit 5.0 against 8.0: at an equal cost per move  94%") != std::string::npos);
  // bench sweep: the fixed 36-run sweep through cmd_sweep, with its CSV hash
  Out s = cli({"bench", "sweep"});
  CHECK(s.code == 0);
  CHECK(s.err.empty());
  CHECK(s.out.find("36 runs, 36000 measured jobs in ") != std::string::npos);
  CHECK(s.out.find("CSV hash ") != std::string::npos);
}

TEST_CASE("commands are table rows: --help shows every row's usage and summary, an unknown name lists them all") {
  const std::string help = cli({"--help"}).out;
  CHECK(cli({"help"}).out == help);
  CHECK(cli({}).out == help);
  std::string names;
  for (const CliCommand& c : cli_commands()) {
    CAPTURE(c.name);
    CHECK(static_cast<bool>(c.run));
    CHECK(!c.summary.empty());
    CHECK(help.find("\n  alloclab " + std::string(c.name) + (c.usage.empty() ? "" : " " + std::string(c.usage))) !=
          std::string::npos);
    CHECK(help.find(std::string(c.summary) + "\n") != std::string::npos);
    names += (names.empty() ? "" : ", ") + std::string(c.name);
  }
  for (const CliCommand& b : bench_commands()) {
    CAPTURE(b.name);
    const std::string line = "\n  alloclab bench" + (b.name.empty() ? "" : " " + std::string(b.name)) +
                             (b.usage.empty() ? "" : " " + std::string(b.usage));
    CHECK(help.find(line) != std::string::npos);
    CHECK(help.find(std::string(b.summary) + "\n") != std::string::npos);
  }
  const Out u = cli({"frobnicate", "x=1"});
  CHECK(u.code == 2);
  CHECK(u.out.empty());
  CHECK(u.err == "alloclab: unknown command 'frobnicate'; commands: " + names + "\n");
  for (const char* must : {"run", "place", "link", "sweep", "merge", "plot", "gantt", "diff", "list", "bench", "help"})
    CHECK(names.find(must) != std::string::npos);
  // bench: an unknown subcommand lists every subcommand; jobs=N still runs the default row
  const Out b = cli({"bench", "frobnicate"});
  CHECK(b.code == 2);
  std::string subs;
  for (const CliCommand& c : bench_commands())
    if (!c.name.empty()) subs += (subs.empty() ? "" : ", ") + std::string(c.name);
  CHECK(b.err == "alloclab: bench: unknown subcommand 'frobnicate'; allowed: " + subs + " (or none)\n");
  CHECK(cli({"help", "frobnicate"}).err == "alloclab: help: unknown subcommand 'frobnicate'; allowed: keys (or none)\n");
  CHECK(cli({"bench", "jobs=0"}).err.find("allowed: jobs=N") != std::string::npos);
  check_refused({{"bench", "net", "x"}, {"bench", "sweep", "x"}, {"list", "x"}, {"version", "x"}}, "takes no arguments");
  CHECK(cli({"--version"}).out == cli({"version"}).out);
  CHECK(cli({"--version"}).out.rfind("alloclab ", 0) == 0);
}

TEST_CASE("list: every routing row with its VCs and adaptivity, and which one is each topology's default") {
  const std::string l = cli({"list"}).out;
  for (const RoutingInfo& r : routing_functions()) {
    const std::size_t at = l.find("\n  " + std::string(r.id) + " ");
    REQUIRE(at != std::string::npos);
    const std::string line = l.substr(at + 1, l.find('\n', at + 1) - at - 1);
    CAPTURE(line);
    CHECK(line.find(r.adaptive ? "; adaptive;" : "; deterministic;") != std::string::npos);
    const bool mesh_default = &default_routing(Topology(TopologyKind::Mesh, 4, 4)) == &r;
    const bool torus_default = &default_routing(Topology(TopologyKind::Torus, 4, 4)) == &r;
    CHECK((line.find("; default on the mesh]") != std::string::npos) == mesh_default);
    CHECK((line.find("; default on the torus]") != std::string::npos) == torus_default);
  }
  CHECK(cli({"link", "routing=xy"}).out == "\n");
  CHECK(cli({"link", "routing=yx"}).out == "routing=yx\n");
  const Out bad = cli({"run", "topology=torus", "routing=yx"});
  CHECK(bad.code == 2);
  CHECK(bad.err == "alloclab: routing: 'yx' is not defined on the torus; allowed on the torus: auto, dateline, dateline-yx\n");
}
