// test_hardening.cpp — robustness: every strategy under check=1 (the per-event audit), the
// documented limits and the memory budget, and regression tests for what the fuzzers found
// (tests/fuzz/, scripts/fuzz).
#include <doctest/doctest.h>
#include <sstream>
#include <string>
#include "cli/busy.hpp"
#include "cli/cli.hpp"
#include "net/network.hpp"
#include "sched/scheduler.hpp"
#include "simulation.hpp"

using namespace alloclab;

namespace {

std::string error_of(std::string_view link) {
  auto s = parse_link(link);
  if (!s) return s.error().message;
  Status st = validate(*s);
  return st ? std::string() : st.message();
}

}  // namespace

TEST_CASE("check=1: every strategy runs ~1000 jobs on mesh and torus with the audit after every event") {
  int runs = 0;
  for (const StrategyInfo& si : strategies()) {
    for (const char* topo : {"mesh", "torus"}) {
      auto s = parse_link(std::string("size=16x16&check=1&jobs=1000&arrival=poisson:0.05&service=exponential:20&seed=3") +
                          "&topology=" + topo + "&strategy=" + std::string(si.id));
      REQUIRE(s);
      if (!validate(*s)) continue;  // strategy does not run on this topology
      INFO(si.id, " on ", topo);
      auto sim = Simulation::create(*s, 0);
      REQUIRE(sim);
      REQUIRE(sim->run().ok());
      CHECK(sim->departures() == 1000);
      CHECK(sim->check_invariants());
      ++runs;
    }
  }
  CHECK(runs >= int(strategies().size()));  // every strategy at least once
}

TEST_CASE("check=1 does not change results and round-trips in links") {
  auto a = parse_link("size=8x8&topology=torus&strategy=mbs&jobs=100&arrival=poisson:0.03&pattern=near-neighbor&scheduler=easy");
  REQUIRE(a);
  Scenario b = *a;
  REQUIRE(apply(b, "check", "1"));
  CHECK(canonical_link(b) == canonical_link(*a) + "&check=1");
  auto ra = run_replication(*a, 0), rb = run_replication(b, 0);
  REQUIRE(ra);
  REQUIRE(rb);
  for (const MetricField& f : metric_fields()) CHECK_MESSAGE((*ra).*f.member == (*rb).*f.member, f.name);
  CHECK(results_json(Report{1, *ra, {}}) == results_json(Report{1, *rb, {}}));
  CHECK(ra->mean_packet_latency > 0);  // the network ran
  CHECK(!apply(b, "check", "2"));
}

TEST_CASE("limits: each documented maximum is enforced with a message naming the key") {
  Scenario s;
  CHECK(apply(s, "size", "1024x1024"));
  CHECK(apply(s, "size", "1025x4").message().find("1..1024") != std::string::npos);
  CHECK(apply(s, "jobs", "100000000"));
  CHECK(apply(s, "jobs", "100000001").message().find("jobs") != std::string::npos);
  CHECK(apply(s, "replications", "1000"));
  CHECK(apply(s, "replications", "1001").message().find("replications") != std::string::npos);
  CHECK(error_of("jobs=60000000&warmup=60000000").find("exceeds the limit") != std::string::npos);
  CHECK(error_of("size=256x256&pattern=random&job_size=fixed:1x1") == "");
  CHECK(error_of("size=257x256&pattern=random&job_size=fixed:1x1").find("network model is limited") != std::string::npos);
  CHECK(kMaxTraceJobs == 5'000'000);
}

TEST_CASE("memory budget: scenarios whose estimate exceeds it are refused before allocating") {
  // the largest machine fits (also with EASY's copies)
  CHECK(error_of("size=1024x1024") == "");
  CHECK(error_of("size=1024x1024&scheduler=easy") == "");
  // every job waiting at once: batch arrivals of 100 M jobs
  const std::string batch = error_of("arrival=batch&jobs=100000000");
  CHECK(batch.find("exceeds the budget") != std::string::npos);
  CHECK(batch.find("arrival=poisson") != std::string::npos);
  CHECK(error_of("arrival=poisson:0.01&jobs=100000000") == "");
  // all-to-all among 4096-processor jobs queues 16 M packets: names job_size / pattern
  const std::string a2a = error_of("size=64x64&pattern=all-to-all");
  CHECK(a2a.find("exceeds the budget") != std::string::npos);
  CHECK(a2a.find("job_size") != std::string::npos);
  CHECK(error_of("size=64x64&pattern=all-to-all&job_size=uniform:1-4") == "");
  Scenario s;
  REQUIRE(apply(s, "size", "64x64"));
  const MemoryEstimate m = estimate_memory(s);
  CHECK(m.machine > 0);
  CHECK(m.network == 0);
  CHECK(m.total() < kMemoryBudget);
  // a scheduler that plans on a copy of the machine (its table row says so) counts it twice
  for (const SchedulerInfo& si : schedulers()) {
    Scenario c = s;
    c.scheduler = std::string(si.id);
    CHECK_MESSAGE(estimate_memory(c).machine == m.machine * (si.plans_on_copy ? 2 : 1), si.id);
  }
  CHECK(find_scheduler("easy")->plans_on_copy);
  CHECK(find_scheduler("conservative")->plans_on_copy);
}

TEST_CASE("parse_busy: values are range-checked before narrowing (fuzz finding)") {
  const Topology torus(TopologyKind::Torus, 8, 8), mesh(TopologyKind::Mesh, 8, 8);
  // 2^32 used to narrow to row 0 (and then give a block of height 2^32-... on a torus)
  CHECK(!parse_busy("0,4294967296,0,1", torus));
  CHECK(!parse_busy("4294967296,0,1,0", torus));
  CHECK(!parse_busy("0,0,0,4294967297", mesh));
  // INT64_MIN used to narrow to 0 and overflow in x2 - x1
  CHECK(!parse_busy("-9223372036854775808,0,0,0", torus));
  CHECK(!parse_busy("0,0,-1,0", mesh));
  auto ok = parse_busy("6,6,1,1;;3,0,4,7", torus);
  REQUIRE(ok);
  REQUIRE(ok->size() == 2);
  CHECK((*ok)[0] == Block{6, 6, 4, 4});
  CHECK((*ok)[1] == Block{3, 0, 2, 8});
}

TEST_CASE("SWF: a processor count beyond any integer is skipped, not cast (float-cast overflow)") {
  const char* text =
      "1 0 0 10 1e30 -1 -1 4 10 -1 1 1 1 -1 1 -1 -1 -1\n"
      "2 0 0 10 -1 -1 -1 1e300 10 -1 1 1 1 -1 1 -1 -1 -1\n"
      "3 1 0 10 2.5 -1 -1 4 10 -1 1 1 1 -1 1 -1 -1 -1\n";
  auto t = parse_trace_swf(text, "t.swf", 8, 8);
  REQUIRE(t);
  CHECK(t->records == 3);
  CHECK(t->skipped == 2);
  REQUIRE(t->jobs.size() == 1);
  CHECK(t->jobs[0].shape.area() == 2);  // 2.5 processors round down, as before
}

TEST_CASE("--jobs-csv keeps every job in memory: refused beyond the budget, before running") {
  std::ostringstream out, err;
  CHECK(cli_main({"run", "jobs=20000000", "--jobs-csv", "never-written.csv"}, out, err) == 2);
  CHECK(out.str().empty());
  CHECK(err.str().find("--jobs-csv: recording 20000000 jobs") != std::string::npos);
  CHECK(err.str().find("use jobs <=") != std::string::npos);
}

TEST_CASE("network: a source queue that never empties is compacted, and nothing is lost") {
  const Topology t(TopologyKind::Mesh, 2, 1);
  Network net(t, NetConfig{1, 2, 0});
  std::uint64_t delivered = 0, injected = 0, next_expected = 0;
  auto drain = [&](std::uint64_t until) {
    while (delivered < until) {
      net.step();
      for (const Delivered& d : net.take_delivered()) {
        CHECK(d.packet == next_expected);  // one source, one path: in order
        ++next_expected;
        ++delivered;
      }
    }
  };
  for (int i = 0; i < 5000; ++i, ++injected) net.inject(0, 1, 7);
  drain(4600);
  net.audit();
  for (int i = 0; i < 5000; ++i, ++injected) net.inject(0, 1, 7);  // head >= 4096: compacted here
  net.audit();
  CHECK(net.queued_packets(0) >= 5000);
  drain(injected);
  while (!net.idle()) net.step();
  net.audit();
  CHECK(delivered == 10000);
}
