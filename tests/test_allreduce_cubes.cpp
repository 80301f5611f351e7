// test_allreduce_cubes.cpp — collective traffic on the cube pods (net/slice_net.hpp): each slice's
// own wiring (mesh below a cube, torus through the switches, wrap links only where the slice spans
// the fixed torus without them, twisted tori), the 3D plans, and zero-load all-reduce times worked
// by hand.
//
// Zero load with the network's defaults (L = 8 flits, R = 3, 1-flit buffers, refill): as on the
// 2D pods (test_allreduce.cpp), when every message of the all-reduce is one packet crossing one
// link, a chip's source passes one packet every Q = 2R + L = 14 cycles, its two streams alternate
// in it, and the all-reduce of T steps per stream takes 2QT + 1 = 28T + 1 cycles.
//
// One step of one ring (a plan of a single step, every line of the slice at once): each chip's
// + message leaves its source at 0, its − message starts routing at Q = 14 when the + tail has
// left. On a ring whose closing link exists every message is one hop and the step takes 2Q + 1 =
// 29 cycles (the − messages arrive last, 14 + T0(1) = 14 + 15). On a line of 4 without it (a mesh
// line, or a twisted torus's short side: its wrap link lands k = 4 planes away, so the closing
// message goes straight back, 3 hops against 1 + 4), chip 0's − message crosses 3 links: T0 =
// H(R+1) + R + L = 12 + 3 + 8 = 23, delivered at 14 + 23 = 37, and nothing blocks it (the +x links
// it takes carried only the + messages, whose tails left by cycle 15; the − messages contend
// with chip 3's 3-hop + message on the −x links, and arrive before 37).
#include <doctest/doctest.h>
#include <deque>
#include "net/allreduce.hpp"
#include "net/routing.hpp"
#include "net/slice_net.hpp"
#include "scenario/scenario.hpp"
#include "simulation.hpp"

using namespace alloclab;

namespace {

// One slice of `shape` at time 0 with a compute phase of 10, alone on the cube pod.
Results one_slice(std::string_view machine, std::string_view pattern, std::string_view shape, long long bytes,
                  std::string_view extra = "") {
  auto s = parse_link("machine=" + std::string(machine) + "&strategy=cube-ff&job_size=slices:" + std::string(shape) +
                      "=1&jobs=1&arrival=batch&service=fixed:10&pattern=" + std::string(pattern) +
                      "&allreduce_bytes=" + std::to_string(bytes) + std::string(extra));
  REQUIRE_MESSAGE(s, (s ? "" : s.error().message));
  REQUIRE_MESSAGE(validate(*s).ok(), validate(*s).message());
  auto r = run_replication(*s, 0);
  REQUIRE_MESSAGE(r, (r ? "" : r.error().message));
  return *r;
}

// Hops of the shortest path from a to b over the topology's links (breadth-first search).
int bfs_hops(const Topology& t, int a, int b) {
  std::vector<int> dist(std::size_t(t.nodes()), -1);
  std::deque<int> q{a};
  dist[std::size_t(a)] = 0;
  while (!q.empty()) {
    const int n = q.front();
    q.pop_front();
    for (const int m : t.neighbours6(n))
      if (m >= 0 && dist[std::size_t(m)] < 0) {
        dist[std::size_t(m)] = dist[std::size_t(n)] + 1;
        q.push_back(m);
      }
  }
  return dist[std::size_t(b)];
}

}  // namespace

TEST_CASE("allreduce on cube pods: 3D plans, worked by hand") {
  // 4x4x8 ring: the longest side is z (8): 14 steps of S/16; S = 2048: 128 B = 1 packet; ideal 2·7/8·2048/32 = 112
  AllreducePlan p = allreduce_plan(CollectiveKind::Ring, {4, 4, 8}, 2048, 16, 8);
  CHECK(p.steps() == 14);
  CHECK(p.dim == std::vector<std::uint8_t>(14, 2));
  CHECK(p.ideal == 112);
  // 4x8x8 ring: y and z tie at 8: the earlier, y
  CHECK(allreduce_plan(CollectiveKind::Ring, {4, 8, 8}, 2048, 16, 8).dim == std::vector<std::uint8_t>(14, 1));
  // 4x4x8 dimension-wise, S = 65536: x 3 steps of 65536/8 = 8192 B (64 packets), y 3 of 65536/32 = 2048 B (16),
  // z 7 of 65536/256 = 256 B (2), then z, y, x again; ideal 2·3/4·65536/32 + 2·3/4·16384/32 + 2·7/8·4096/32
  p = allreduce_plan(CollectiveKind::Dimensionwise, {4, 4, 8}, 65536, 16, 8);
  REQUIRE(p.steps() == 26);
  const std::vector<std::uint8_t> dims{0, 0, 0, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 1, 1, 1, 0, 0, 0};
  CHECK(p.dim == dims);
  for (int s = 0; s < 26; ++s) {
    const int d = dims[std::size_t(s)];
    CHECK(p.packets[std::size_t(s)] == (d == 0 ? 64 : d == 1 ? 16 : 2));
  }
  CHECK(p.ideal == 3072 + 768 + 224);
}

namespace {
// One step of `dim` rings (one packet per message) on a slice network, alone.
std::int64_t one_step(const Topology& t, int dim) {
  AllreducePlan p;
  p.grid = {t.width(), t.height(), t.depth()};
  p.dim = {std::uint8_t(dim)};
  p.packets = {1};
  std::vector<int> nodes(std::size_t(t.nodes()));
  for (int i = 0; i < t.nodes(); ++i) nodes[std::size_t(i)] = i;
  NetConfig cfg;
  cfg.routing = &default_routing(t);
  return allreduce_alone(p, nodes, t, cfg);
}
}  // namespace

TEST_CASE("allreduce on cube pods: zero-load step times on 4x4x8, plain and twisted, worked by hand") {
  const Topology plain = Topology::wired(4, 4, 8, 7u, false), twisted = Topology::wired(4, 4, 8, 7u, true);
  // the twist changes the routes of the short sides' ring-closing messages only
  CHECK(one_step(plain, 0) == 29);
  CHECK(one_step(twisted, 0) == 37);
  CHECK(one_step(plain, 1) == 29);
  CHECK(one_step(twisted, 1) == 37);
  CHECK(one_step(plain, 2) == 29);  // z: the long side's wrap links are plain
  CHECK(one_step(twisted, 2) == 29);
  // a mesh line of 4 (v4 without OCS: 4x4x8 spans no side of 16) closes the same way as the twisted short side
  const PodInfo* v4 = find_pod("tpu-v4");
  CHECK(one_step(slice_topology({v4, false, false}, {4, 4, 8}), 0) == 37);
  CHECK(one_step(slice_topology({v4, false, false}, {4, 4, 8}), 2) > 29);  // an 8-line closes over 7 hops
}

TEST_CASE("allreduce on cube pods: whole all-reduces at zero load, worked by hand") {
  SUBCASE("2x2x2 below a cube (a mesh; rings of two: both streams to the one neighbour)") {
    CHECK(one_slice("tpu-v4", "allreduce-ring", "2x2x2", 256).pod_allreduce_time == 28 * 2 + 1);
    CHECK(one_slice("tpu-v4", "allreduce-2d", "2x2x2", 256).pod_allreduce_time == 28 * 6 + 1);
  }
  SUBCASE("4x4x4 with OCS: a torus, every message one hop") {
    // ring along x: 6 steps of 1024/8 = 128 B; 2d: 3 + 3 + 3 + 3 + 3 + 3 steps of 128, 32, 8 B
    Results r = one_slice("tpu-v4", "allreduce-ring", "4x4x4", 1024);
    CHECK(r.pod_allreduce_time == 28 * 6 + 1);
    CHECK(r.pod_allreduce_slowdown == 1);
    CHECK(r.mean_service_time == 10 + 28 * 6 + 1);  // run time = compute + the collective
    r = one_slice("tpu-v4", "allreduce-2d", "4x4x4", 1024);
    CHECK(r.pod_allreduce_time == 28 * 18 + 1);
    CHECK(r.pod_allreduce_over_ideal == doctest::Approx((28.0 * 18 + 1) / (48 + 12 + 3)));  // 2·3/4·1024/32 + …/4 + …/16
  }
  SUBCASE("4x4x8 plain and twisted: the ring along z is the same, the dimension-wise one is longer twisted") {
    // ring along z: 14 steps of 2048/16 = 128 B, one hop each on both wirings
    CHECK(one_slice("tpu-v4", "allreduce-ring", "4x4x8", 2048).pod_allreduce_time == 28 * 14 + 1);
    CHECK(one_slice("tpu-v4", "allreduce-ring", "4x4x8", 2048, "&twist=on").pod_allreduce_time == 28 * 14 + 1);
    // dimension-wise, S = 1024: 3 + 3 + 7 + 7 + 3 + 3 = 26 one-hop steps of 128, 32, 4 B on the plain torus
    const double plain2d = one_slice("tpu-v4", "allreduce-2d", "4x4x8", 1024).pod_allreduce_time;
    CHECK(plain2d == 28 * 26 + 1);
    // twisted: the 12 x and y steps each close over 3 hops (8 more cycles a step alone, above)
    CHECK(one_slice("tpu-v4", "allreduce-2d", "4x4x8", 1024, "&twist=on").pod_allreduce_time > plain2d);
  }
}

TEST_CASE("allreduce on cube pods: each slice's own wiring") {
  const PodInfo* v4 = find_pod("tpu-v4");
  const PodInfo* v5p = find_pod("tpu-v5p");
  REQUIRE(v4);
  REQUIRE(v5p);
  // below a cube: a mesh
  Topology t = slice_topology({v4, true, false}, {2, 4, 4});
  CHECK_FALSE(t.wraps());
  CHECK(default_routing(t).id == "xyz");
  // whole cubes with OCS: a torus of the slice's shape in every dimension
  t = slice_topology({v4, true, false}, {4, 4, 8});
  CHECK((t.wraps_dim(0) && t.wraps_dim(1) && t.wraps_dim(2) && !t.twisted()));
  CHECK(default_routing(t).id == "dateline-xyz");
  // twist=on: 4x4x8 and 4x8x8 twisted, 8x8x8 not twistable
  CHECK(slice_topology({v4, true, true}, {4, 4, 8}).twisted());
  CHECK(slice_topology({v4, true, true}, {4, 8, 8}).twisted());
  CHECK_FALSE(slice_topology({v4, true, true}, {8, 8, 8}).twisted());
  CHECK(default_routing(slice_topology({v4, true, true}, {4, 4, 8})).id == "twisted");
  // without OCS: wrap links only along the sides the slice spans (v4 16x16x16; v5p 16x20x28)
  t = slice_topology({v4, false, false}, {8, 8, 16});
  CHECK((!t.wraps_dim(0) && !t.wraps_dim(1) && t.wraps_dim(2)));
  CHECK_FALSE(slice_topology({v4, false, false}, {4, 4, 4}).wraps());
  t = slice_topology({v5p, false, false}, {16, 16, 24});
  CHECK((t.wraps_dim(0) && !t.wraps_dim(1) && !t.wraps_dim(2)));
  // a mesh line of 4 inside a partly wrapping torus: 3 hops end to end, not 1
  CHECK(t.distance({0, 0, 0}, {0, 3, 0}) == 3);
  CHECK(t.distance({0, 0, 0}, {15, 0, 0}) == 1);
}

TEST_CASE("twisted tori: the wiring and the routing through the twist") {
  for (const Shape s : {Shape{4, 4, 8}, Shape{4, 8, 8}}) {
    const Topology t = Topology::wired(s.w, s.h, s.d, 7u, true);
    const Topology plain = Topology::wired(s.w, s.h, s.d, 7u, false);
    CAPTURE(s.w);
    CAPTURE(s.h);
    // the twist: the +x wrap link of (3, 0, 0) lands k = 4 along each long side
    const int far = t.neighbours6(t.id(3, 0, 0))[0];
    CHECK(far == (s.h == 8 ? t.id(0, 4, 4) : t.id(0, 0, 4)));
    CHECK(plain.neighbours6(plain.id(3, 0, 0))[0] == plain.id(0, 0, 0));
    // every route of the twisted row is a shortest path of the twisted wiring, moves in
    // dimension order, and changes VC only on a wrap link
    const RoutingInfo& r = default_routing(t);
    REQUIRE(r.id == "twisted");
    long long twisted_sum = 0, plain_sum = 0;
    for (int a = 0; a < t.nodes(); ++a)
      for (int b = 0; b < t.nodes(); ++b) {
        if (a == b) continue;
        const int hops = route_hops(r, t, t.coord(a), t.coord(b));
        // walk it: dimensions in order x, y, z, one direction each, VC1 only from a wrap link on
        int port = kPortLocal3, vc = 0, last_dim = 0, n = a;
        for (int h = 0; h < hops; ++h) {
          const RouteChoice rc = r.route(t, t.coord(n), t.coord(b), port, vc, kAllPortsFree);
          const int dim = rc.port == kPortRight || rc.port == kPortLeft ? 0 : rc.port == kPortUp || rc.port == kPortDown ? 1 : 2;
          const Coord c = t.coord(n);
          const int at = dim == 0 ? c.x : dim == 1 ? c.y : c.z;
          const bool plus = rc.port == kPortRight || rc.port == kPortUp || rc.port == kPortPlusZ;
          const bool wrap = plus ? at == t.side(dim) - 1 : at == 0;
          const bool same = port != kPortLocal3 && rc.port == opposite_port(port);
          if (dim < last_dim || (same && rc.vc < vc) || (rc.vc == 1 && !wrap && !(same && vc == 1)) ||
              (port != kPortLocal3 && last_dim == dim && port == rc.port))
            FAIL_CHECK("route " << a << " -> " << b << " breaks dimension order or the dateline at hop " << h);
          last_dim = dim;
          n = t.neighbours6(n)[std::size_t(rc.port)];
          port = opposite_port(rc.port);
          vc = rc.vc;
        }
        const int best = bfs_hops(t, a, b);
        if (hops != best) FAIL_CHECK("route " << a << " -> " << b << ": " << hops << " hops, shortest " << best);
        twisted_sum += hops;
        plain_sum += plain.distance(plain.coord(a), plain.coord(b));
      }
    // the twist shortens the mean distance (Jouppi et al. 2023: higher bisection bandwidth)
    CHECK(twisted_sum < plain_sum);
  }
}

TEST_CASE("allreduce on cube pods: other jobs' traffic slows no slice's collective, with and without OCS") {
  // 300 jobs under load without the audit (the claim), then a short run with the audit after
  // every event (check=1 costs ~30x on a 4096-chip pod): same claim, invariants intact.
  for (const char* ocs : {"on", "off"})
    for (const char* run : {"jobs=300", "jobs=40&check=1"}) {
      CAPTURE(ocs);
      CAPTURE(run);
      auto s = parse_link(std::string("machine=tpu-v4&ocs=") + ocs +
                          "&strategy=cube-pack&pattern=allreduce-2d&allreduce_bytes=4096&arrival=poisson:0.5"
                          "&service=exponential:50&" + run);
      REQUIRE(s);
      auto r = run_replication(*s, 0);
      REQUIRE_MESSAGE(r, (r ? "" : r.error().message));
      CHECK(r->jobs_completed == s->jobs);
      CHECK(r->pod_allreduce_slowdown == 1);  // every all-reduce took exactly its time alone
      CHECK(r->pod_allreduce_over_ideal > 1);
    }
}

TEST_CASE("allreduce on cube pods: the keys refuse what cannot run") {
  auto bad = [](const std::string& link, const std::string& says) {
    auto s = parse_link(link);
    const Status v = s ? validate(*s) : Status(s.error());
    CAPTURE(link);
    REQUIRE_FALSE(v.ok());
    CHECK(v.message().find(says) != std::string::npos);
  };
  bad("machine=tpu-v4&ocs=off&twist=on&strategy=cube-ff&pattern=allreduce-2d", "twist=on needs");
  bad("machine=tpu-v5e&twist=on&strategy=pod-ff&pattern=allreduce-2d", "twist=on needs");
  bad("machine=tpu-v4&strategy=cube-ff&pattern=allreduce-2d&routing=dateline-xyz", "leave routing=auto");
  bad("size=16x16x16&topology=torus&strategy=ff3d&pattern=allreduce-ring", "pod machines only");
}

TEST_CASE("twisted tori: all-to-all saturation drains (no deadlock), every flit on a shortest path") {
  for (const Shape s : {Shape{4, 4, 8}, Shape{4, 8, 8}})
    for (const bool shifted : {false, true}) {
      const Topology t = Topology::wired(s.w, s.h, s.d, 7u, true);
      NetConfig c{8, 1, 3};
      c.routing = &default_routing(t);
      Network net(t, c);
      const int n = t.nodes();
      std::uint64_t distance = 0;
      for (int a = 0; a < n; ++a)
        for (int k = 0; k < n; ++k) {
          const int b = shifted ? (a + 1 + k) % n : k;
          if (a == b) continue;
          net.inject(a, b, a);
          distance += std::uint64_t(bfs_hops(t, a, b));
        }
      // as if the whole network delivered one flit every 2 cycles: a deadlock never drains
      const std::int64_t bound = std::int64_t(n) * (n - 1) * c.packet_flits * 2;
      std::size_t delivered = 0;
      while (!net.idle() && net.cycle() < bound) {
        net.step();
        if (net.cycle() % 256 == 0) net.audit();
        delivered += net.take_delivered().size();
      }
      CAPTURE(s.h);
      CAPTURE(shifted);
      REQUIRE(net.idle());
      CHECK(delivered == std::size_t(n) * std::size_t(n - 1));
      CHECK(net.stats().flit_hops == distance * std::uint64_t(c.packet_flits));
    }
}
