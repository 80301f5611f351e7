// test_allreduce.cpp — collective traffic on the flit network (net/allreduce.hpp): the plans'
// steps, packets and ideal times, and all-reduce times at zero load worked by hand on the v5e pod.
//
// Zero load, one job on the pod, the network's defaults (packet_flits L = 8, routing_delay R = 3,
// 1-flit buffers, refill flow control). A one-hop packet alone: its head routes R cycles at the
// source, crosses the link, routes R cycles at the destination and is ejected at 2R + 1; its body
// waits at the source meanwhile (the destination's input buffer holds one flit: the head), then
// follows one flit a cycle, so the tail leaves the source at 2R + L − 1 and is delivered at
// T0 = 2R + L + 1 = 15 (network.hpp's T0 = H(R+1) + R + L with H = 1). The source's next packet
// starts routing when the tail has left: a chip's source queue passes one packet every
// Q = 2R + L = 14 cycles. With one packet per message and every ring message one hop, a chip's two
// streams alternate in its source queue: + step s starts at 2Qs and arrives at 2Qs + Q + 1, − step
// s starts at 2Qs + Q and arrives at 2Qs + 2Q + 1; each arrival comes before the source is free for
// that stream's next step, so no chain waits for a receive, and links and ejection ports never
// carry two messages at once. The last message, the − stream's step T−1, is delivered at 2QT + 1:
// the all-reduce takes 28T + 1 cycles.
#include <doctest/doctest.h>
#include <memory>
#include "net/allreduce.hpp"
#include "scenario/scenario.hpp"
#include "simulation.hpp"
#include "workload/trace.hpp"

using namespace alloclab;

namespace {

// One job of shape w×h at t = 0 with a compute phase of 10, alone on the v5e pod (pod-ff: at (0,0)).
Results one_job(std::string_view pattern, int w, int h, long long bytes) {
  auto s = parse_link("machine=tpu-v5e&strategy=pod-ff&trace=t.csv&pattern=" + std::string(pattern) +
                      "&allreduce_bytes=" + std::to_string(bytes));
  REQUIRE(s);
  auto t = parse_trace_csv("arrival,width,height,runtime\n0," + std::to_string(w) + "," + std::to_string(h) + ",10\n", "t.csv",
                           s->width, s->height);
  REQUIRE(t);
  s->trace_data = std::make_shared<const Trace>(*t);
  REQUIRE_MESSAGE(validate(*s).ok(), validate(*s).message());
  auto r = run_replication(*s, 0);
  REQUIRE_MESSAGE(r, (r ? "" : r.error().message));
  return *r;
}

}  // namespace

TEST_CASE("allreduce: plans — steps, packets per message and ideal times, worked by hand") {
  // 16x16, ring along x (a tie): N = 16, 2(N−1) = 30 steps of S/(2N) = 128 B = 8 flits = 1 packet;
  // ideal 2·15/16 · 4096 / (2·16) = 240 cycles
  AllreducePlan p = allreduce_plan(CollectiveKind::Ring, {16, 16}, 4096, 16, 8);
  CHECK(p.steps() == 30);
  CHECK(p.dim == std::vector<std::uint8_t>(30, 0));
  CHECK(p.packets == std::vector<int>(30, 1));
  CHECK(p.ideal == 240);
  // 8x16: the longer side is y; S = 65536: messages of 2048 B = 16 packets of 128 B; ideal 3840
  p = allreduce_plan(CollectiveKind::Ring, {8, 16}, 65536, 16, 8);
  CHECK(p.steps() == 30);
  CHECK(p.dim == std::vector<std::uint8_t>(30, 1));
  CHECK(p.packets == std::vector<int>(30, 16));
  CHECK(p.ideal == 3840);
  // 4x8 dimension-wise, S = 65536: x reduce-scatter 3 steps of 65536/8 = 8192 B (64 packets),
  // y reduce-scatter and all-gather 7 steps each of 65536/64 = 1024 B (8 packets), x all-gather 3
  // of 64; ideal 2·3/4·65536/32 + 2·7/8·16384/32 = 3072 + 896
  p = allreduce_plan(CollectiveKind::Dimensionwise, {4, 8}, 65536, 16, 8);
  REQUIRE(p.steps() == 20);
  for (int s = 0; s < 20; ++s) {
    CHECK(int(p.dim[std::size_t(s)]) == (s < 3 || s >= 17 ? 0 : 1));
    CHECK(p.packets[std::size_t(s)] == (s < 3 || s >= 17 ? 64 : 8));
  }
  CHECK(p.ideal == 3968);
  // a message smaller than a packet is one packet; one chip has nothing to reduce
  CHECK(allreduce_plan(CollectiveKind::Ring, {2, 2}, 1, 16, 8).packets == std::vector<int>(2, 1));
  CHECK(allreduce_plan(CollectiveKind::Ring, {1, 1}, 4096, 16, 8).steps() == 0);
  CHECK(allreduce_plan(CollectiveKind::Dimensionwise, {1, 1}, 4096, 16, 8).steps() == 0);
}

TEST_CASE("allreduce: zero-load times on the v5e pod match the hand-worked step schedule") {
  SUBCASE("16x16, ring along x with wrap links: 30 steps, 28·30 + 1 = 841 cycles") {
    const Results r = one_job("allreduce-ring", 16, 16, 4096);
    CHECK(r.pod_allreduce_time == 841);
    CHECK(r.pod_allreduce_slowdown == 1);  // alone: the same run
    CHECK(r.pod_allreduce_over_ideal == doctest::Approx(841.0 / 240));
    CHECK(r.mean_service_time == 10 + 841);  // run time = compute + the collective
  }
  SUBCASE("2x2, rings of two along x (both streams to the one neighbour): 2 steps, 57 cycles") {
    const Results r = one_job("allreduce-ring", 2, 2, 256);
    CHECK(r.pod_allreduce_time == 57);
    CHECK(r.pod_allreduce_over_ideal == doctest::Approx(57.0 / 8));  // ideal 2·1/2·256/32
  }
  SUBCASE("2x2 dimension-wise: x, y, y, x — 4 steps, 113 cycles") {
    const Results r = one_job("allreduce-2d", 2, 2, 256);
    CHECK(r.pod_allreduce_time == 113);
    CHECK(r.pod_allreduce_over_ideal == doctest::Approx(113.0 / 12));  // ideal 8 + 2·1/2·128/32
  }
  SUBCASE("a single chip has no all-reduce: it runs its compute phase only") {
    const Results r = one_job("allreduce-ring", 1, 1, 4096);
    CHECK(r.pod_allreduce_time == 0);
    CHECK(r.mean_service_time == 10);
  }
}

TEST_CASE("allreduce: other jobs' traffic slows it; collectives run on pods only") {
  // many slices at once on the pod: every all-reduce completes, none faster than alone
  auto s = parse_link("machine=tpu-v5e&strategy=pod-ff&pattern=allreduce-2d&allreduce_bytes=8192&jobs=300"
                      "&arrival=poisson:0.2&service=exponential:50&check=1");
  REQUIRE(s);
  auto r = run_replication(*s, 0);
  REQUIRE_MESSAGE(r, (r ? "" : r.error().message));
  CHECK(r->jobs_completed == 300);
  CHECK(r->pod_allreduce_slowdown >= 1);
  CHECK(r->pod_allreduce_over_ideal > 1);
  auto flat = parse_link("size=16x16&topology=torus&pattern=allreduce-ring");
  REQUIRE(flat);
  const Status v = validate(*flat);
  REQUIRE(!v.ok());
  CHECK(v.message().find("pod machines only") != std::string::npos);
}
