// test_routing.cpp — the routing table's rows beyond the defaults and the key `routing`:
// hand-worked routes hop by hop (yx, west-first with and without free ports, dateline-yx, and
// the 3D rows xyz and dateline-xyz), zero-load latency of every row equal to the analytic value
// (2D and 3D, hand-worked 3D cases), all-to-all saturation draining (no deadlock) on 8x8,
// 16x16, 4x4x4 and 8x8x4 with 1-flit buffers, wake-ups = exhaustive evaluation, byte-stable
// runs, and the key (refusals, links, a run that changes with it).
#include <doctest/doctest.h>
#include <string>
#include <vector>
#include "core/rng.hpp"
#include "metrics/results.hpp"
#include "net/network.hpp"
#include "net/routing.hpp"
#include "net_checks.hpp"
#include "scenario/scenario.hpp"
#include "sweep/sweep_runner.hpp"

using namespace alloclab;

namespace {

struct Hop {
  Coord at;
  int port, vc;
};

// The route of row `r` from src to dst with `free` as every router's free ports; the last hop
// is the ejection (port local).
std::vector<Hop> walk(const RoutingInfo& r, const Topology& t, Coord src, Coord dst, unsigned free = kAllPortsFree) {
  std::vector<Hop> path;
  Coord c = src;
  const int local = local_port(t.dims());
  int in_port = local, in_vc = 0;
  for (int guard = 0; guard < 4 * t.nodes() + 4; ++guard) {
    const RouteChoice rc = r.route(t, c, dst, in_port, in_vc, free);
    path.push_back({c, rc.port, rc.vc});
    if (rc.port == local) return path;
    c = t.coord(t.neighbours6(t.id(c.x, c.y, c.z))[std::size_t(rc.port)]);
    in_port = opposite_port(rc.port);
    in_vc = rc.vc;
  }
  FAIL("route did not reach the destination");
  return path;
}

// `local`: the local port the route ends with (kPortLocal3 on a 3D machine).
void check_ports(const std::vector<Hop>& path, std::vector<int> ports, std::vector<int> vcs = {}, int local = kPortLocal) {
  ports.push_back(local);
  REQUIRE(path.size() == ports.size());
  for (std::size_t i = 0; i < ports.size(); ++i) {
    CAPTURE(i);
    CHECK(path[i].port == ports[i]);
    if (!vcs.empty() && i < vcs.size()) CHECK(path[i].vc == vcs[i]);
  }
}

const RoutingInfo& row(std::string_view id) {
  const RoutingInfo* r = find_routing(id);
  REQUIRE(r);
  return *r;
}

std::int64_t zero_load(int hops, const NetConfig& c) {  // network.hpp: refill, any B
  return std::int64_t(hops) * (c.routing_delay + 1) + c.routing_delay + c.packet_flits;
}

constexpr int R = kPortRight, U = kPortUp, L = kPortLeft, D = kPortDown, F = kPortPlusZ, K = kPortMinusZ;

// The machines the generic tests below run every row on (each row where it is defined).
const Topology kMachines[] = {Topology(TopologyKind::Mesh, 8, 8), Topology(TopologyKind::Torus, 8, 8),
                              Topology(TopologyKind::Mesh, 4, 4, 4), Topology(TopologyKind::Torus, 4, 4, 4)};

}  // namespace

TEST_CASE("routing yx: y first, then x, one VC (hand-worked)") {
  const Topology t(TopologyKind::Mesh, 8, 6);
  check_ports(walk(row("yx"), t, {1, 1}, {4, 5}), {U, U, U, U, R, R, R}, {0, 0, 0, 0, 0, 0, 0});
  check_ports(walk(row("yx"), t, {4, 5}, {1, 1}), {D, D, D, D, L, L, L});
  check_ports(walk(row("yx"), t, {6, 2}, {0, 2}), {L, L, L, L, L, L});
}

TEST_CASE("routing west-first: west hops first; then the free productive port, more hops left, x on a tie") {
  const RoutingInfo& wf = row("west-first");
  const Topology t(TopologyKind::Mesh, 8, 8);
  // Destination to the west: every west hop first whatever is free, then y.
  check_ports(walk(wf, t, {5, 1}, {2, 4}), {L, L, L, U, U, U});
  check_ports(walk(wf, t, {5, 1}, {2, 4}, 1u << U), {L, L, L, U, U, U});
  // East and north, all free: the staircase of the tie rule. At (1,1): 3 x vs 2 y → x; (2,1): 2
  // vs 2 → x; (3,1): 1 vs 2 → y; (3,2): 1 vs 1 → x; (4,2): y only.
  check_ports(walk(wf, t, {1, 1}, {4, 3}), {R, R, U, R, U});
  // A free port beats the tie rule: with only north free, north while both are productive.
  check_ports(walk(wf, t, {1, 1}, {4, 3}, 1u << U), {U, U, R, R, R});
  // With only east free, east while productive; south-east likewise with south free.
  check_ports(walk(wf, t, {1, 5}, {3, 1}, 1u << R), {R, R, D, D, D, D});
  check_ports(walk(wf, t, {1, 5}, {3, 1}, 1u << D), {D, D, D, D, R, R});
  // Nothing free: the tie rule. (1,5): 2 x vs 4 y → south; (1,4): 2 vs 3 → south; (1,3): 2 vs
  // 2 → east; (2,3): 1 vs 2 → south; (2,2): 1 vs 1 → east; (3,2): south only.
  check_ports(walk(wf, t, {1, 5}, {3, 1}, 0u), {D, D, R, D, R, D});
  // Never a west hop after a non-west one, whatever the free ports, on every pair; minimal.
  for (unsigned free = 0; free < 16; ++free)
    for (int s = 0; s < t.nodes(); s += 3)
      for (int d = 0; d < t.nodes(); ++d) {
        const auto p = walk(wf, t, t.coord(s), t.coord(d), free);
        REQUIRE(int(p.size()) - 1 == t.distance(t.coord(s), t.coord(d)));
        bool turned = false;
        for (const Hop& h : p) {
          if (h.port == L) CHECK_FALSE(turned);
          else turned = true;
        }
      }
}

TEST_CASE("routing dateline-yx: y first on the torus, dateline VCs per ring (hand-worked)") {
  const Topology t(TopologyKind::Torus, 8, 8);
  // (6,6) → (1,1): up over y = 7→0 (the wrap: VC1 from there), then right over x = 7→0 (VC0
  // again on turning, VC1 from the wrap).
  check_ports(walk(row("dateline-yx"), t, {6, 6}, {1, 1}), {U, U, U, R, R, R}, {0, 1, 1, 0, 1, 1});
  // (1,1) → (6,6): 3 down across the wrap (VC1 on the wrap hop and after), then 3 left likewise.
  check_ports(walk(row("dateline-yx"), t, {1, 1}, {6, 6}), {D, D, D, L, L, L}, {0, 1, 1, 0, 1, 1});
  // No wrap: VC0 throughout; tie (4 either way) goes +.
  check_ports(walk(row("dateline-yx"), t, {2, 1}, {6, 3}), {U, U, R, R, R, R}, {0, 0, 0, 0, 0, 0});
}

TEST_CASE("routing xyz: x, then y, then z on the 3D mesh, one VC (hand-worked)") {
  const Topology t(TopologyKind::Mesh, 4, 3, 5);
  check_ports(walk(row("xyz"), t, {0, 0, 0}, {2, 1, 3}), {R, R, U, F, F, F}, {0, 0, 0, 0, 0, 0}, kPortLocal3);
  check_ports(walk(row("xyz"), t, {3, 2, 4}, {1, 2, 0}), {L, L, K, K, K, K}, {}, kPortLocal3);
  check_ports(walk(row("xyz"), t, {1, 2, 2}, {1, 0, 3}), {D, D, F}, {}, kPortLocal3);
  // The 2D rows are not defined on a 3D machine, nor the 3D rows on a 2D one.
  CHECK_FALSE(routing_defined_on(row("xy"), t));
  CHECK_FALSE(routing_defined_on(row("xyz"), Topology(TopologyKind::Mesh, 4, 3)));
  CHECK(&default_routing(t) == &row("xyz"));
  CHECK(&default_routing(Topology(TopologyKind::Torus, 4, 3, 5)) == &row("dateline-xyz"));
}

TEST_CASE("routing dateline-xyz: x, y, then z on the 3D torus, dateline VCs per ring (hand-worked)") {
  const Topology t(TopologyKind::Torus, 6, 6, 6);
  // (2,2,4) → (5,4,1): x 3 either way (tie: +), y 2 up, z 3 either way (tie: +) over the z wrap
  // 5 → 0: VC0 until the wrap hop, VC1 from it to the end of the ring.
  check_ports(walk(row("dateline-xyz"), t, {2, 2, 4}, {5, 4, 1}), {R, R, R, U, U, F, F, F}, {0, 0, 0, 0, 0, 0, 1, 1},
              kPortLocal3);
  // (5,0,0) → (0,5,5): one hop in each dimension, each across its ring's wrap (VC1), the VC back
  // to 0 on each turn before the wrap hop sets it again.
  check_ports(walk(row("dateline-xyz"), t, {5, 0, 0}, {0, 5, 5}), {R, D, K}, {1, 1, 1}, kPortLocal3);
  // (1,1,1) → (1,1,4): z only, 3 either way: +, no wrap, VC0.
  check_ports(walk(row("dateline-xyz"), t, {1, 1, 1}, {1, 1, 4}), {F, F, F}, {0, 0, 0}, kPortLocal3);
  // (3,3,1) → (3,3,5): 2 down in z across the wrap 0 → 5: VC0 then VC1.
  check_ports(walk(row("dateline-xyz"), t, {3, 3, 1}, {3, 3, 5}), {K, K}, {0, 1}, kPortLocal3);
}

TEST_CASE("network 3D: zero-load latency of hand-worked routes = H(R+1) + R + L (mesh, torus, wrap-around)") {
  // R = 3, L = 8: 4H + 11; credit flow control with B = 1: 4H + 18 (network.hpp).
  struct Case {
    TopologyKind kind;
    Coord src, dst;
    int hops;
  };
  const Case cases[] = {
      {TopologyKind::Mesh, {0, 0, 0}, {3, 3, 3}, 9},   // corner to corner: 3 + 3 + 3
      {TopologyKind::Mesh, {1, 2, 3}, {1, 2, 0}, 3},   // z only
      {TopologyKind::Torus, {0, 0, 0}, {3, 0, 3}, 2},  // x and z each one hop over the wrap link
      {TopologyKind::Torus, {3, 3, 3}, {1, 1, 1}, 6},  // 2 + 2 + 2, a tie in each ring: + over the wraps
      {TopologyKind::Torus, {0, 1, 2}, {0, 1, 3}, 1},  // one +z hop
  };
  for (const Case& k : cases) {
    const Topology t(k.kind, 4, 4, 4);
    CAPTURE(k.hops);
    CHECK(t.distance(k.src, k.dst) == k.hops);
    for (const NetConfig c : {NetConfig{8, 1, 3}, NetConfig{8, 1, 3, FlowControl::Credit}}) {
      Network net(t, c);
      net.inject(t.id(k.src.x, k.src.y, k.src.z), t.id(k.dst.x, k.dst.y, k.dst.z), 7);
      while (!net.idle()) {
        net.step();
        net.audit();
      }
      const auto got = net.take_delivered();
      REQUIRE(got.size() == 1);
      CHECK(got[0].latency() == 4 * k.hops + (c.flow == FlowControl::Credit ? 18 : 11));
      CHECK(got[0].blocked_cycles == 0);
      CHECK(net.stats().flit_hops == std::uint64_t(8 * k.hops));
    }
  }
}

TEST_CASE("routing: every row's zero-load latency is the analytic H(R+1) + R + L on its topology") {
  for (const RoutingInfo& r : routing_functions())
    for (const Topology& t : kMachines) {
      if (!routing_defined_on(r, t)) continue;
      for (const int B : {1, 2})
        for (const int Rd : {0, 3}) {
          NetConfig c{8, B, Rd};
          c.routing = &r;
          Network net(t, c);
          const std::pair<int, int> pairs[] = {{0, 63}, {9, 14}, {27, 3}, {63, 0}, {5, 45}, {7, 56}, {10, 53}};
          for (const auto& sd : pairs) {
            net.skip_to(net.cycle() + 3);
            net.inject(sd.first, sd.second, 1);
            while (!net.idle()) net.step();
            const auto got = net.take_delivered();
            REQUIRE(got.size() == 1);
            CAPTURE(r.id);
            CAPTURE(sd.first);
            CAPTURE(sd.second);
            CHECK(got[0].latency() == zero_load(t.distance(t.coord(sd.first), t.coord(sd.second)), c));
            CHECK(got[0].blocked_cycles == 0);
          }
        }
    }
}

TEST_CASE("routing: all-to-all saturation drains with every row on 8x8, 16x16, 4x4x4 and 8x8x4, 1-flit buffers (no deadlock)") {
  struct Size {
    int w, h, d;
    bool audit;  // audit every 64 cycles (the smaller machines)
  };
  for (const RoutingInfo& r : routing_functions())
    for (const TopologyKind kind : {TopologyKind::Mesh, TopologyKind::Torus})
      for (const Size size : {Size{8, 8, 1, true}, Size{16, 16, 1, false}, Size{4, 4, 4, true}, Size{8, 8, 4, false}})
        for (const bool shifted : {false, true}) {
          const Topology t(kind, size.w, size.h, size.d);
          if (!routing_defined_on(r, t)) continue;
          NetConfig c{8, 1, 3};
          c.routing = &r;
          Network net(t, c);
          const int n = t.nodes();
          std::uint64_t distance = 0;
          for (int s = 0; s < n; ++s)
            for (int k = 0; k < n; ++k) {
              const int d = shifted ? (s + 1 + k) % n : k;  // same order: every source hits d at once
              if (d == s) continue;
              net.inject(s, d, s);
              distance += std::uint64_t(t.distance(t.coord(s), t.coord(d)));
            }
          // As if the whole network delivered one flit every 2 cycles: a deadlock never drains.
          const std::int64_t bound = std::int64_t(n) * (n - 1) * c.packet_flits * 2;
          std::size_t delivered = 0;
          while (!net.idle() && net.cycle() < bound) {
            net.step();
            if (size.audit && net.cycle() % 64 == 0) net.audit();
            delivered += net.take_delivered().size();
          }
          const std::string shape = std::to_string(size.w) + "x" + std::to_string(size.h) +
                                    (size.d > 1 ? "x" + std::to_string(size.d) : std::string());
          CAPTURE(r.id);
          CAPTURE(shape);
          CAPTURE(kind == TopologyKind::Torus);
          CAPTURE(shifted);
          REQUIRE(net.idle());
          CHECK(delivered == std::size_t(n) * std::size_t(n - 1));
          CHECK(net.stats().flit_hops == distance * std::uint64_t(c.packet_flits));  // minimal under load too
          const std::string what = std::string(r.id) + " " + shape + (kind == TopologyKind::Torus ? " torus" : " mesh") +
                                   (shifted ? " shifted" : " same-order") + ": drained in " +
                                   std::to_string(net.cycle()) + " cycles, mean latency " +
                                   std::to_string(int(net.stats().mean_latency));
          MESSAGE(what);
        }
}

TEST_CASE("routing: west-first adapts under load (routes differ from the all-free staircase) and wakes match exhaustive runs") {
  const Topology t(TopologyKind::Mesh, 6, 5);
  for (const char* id : {"west-first", "yx", "dateline-yx", "xyz", "dateline-xyz"}) {
    const std::string_view sid(id);
    const Topology topo(sid.starts_with("dateline") ? TopologyKind::Torus : TopologyKind::Mesh, 6, 5,
                        sid.ends_with("xyz") ? 3 : 1);
    for (const NetConfig base : {NetConfig{8, 1, 3}, NetConfig{4, 2, 0}, NetConfig{5, 1, 1, FlowControl::Credit}}) {
      NetConfig c = base;
      c.routing = find_routing(id);
      Network fast(topo, c), full(topo, c);
      full.set_exhaustive(true);
      Rng rng(77);
      std::vector<Delivered> a, b;
      for (int cyc = 0; cyc < 1500; ++cyc) {
        test::inject_both(fast, full, rng, cyc, 150, 2);
        fast.step();
        full.step();
        fast.audit();
        for (auto& x : fast.take_delivered()) a.push_back(x);
        for (auto& x : full.take_delivered()) b.push_back(x);
      }
      CAPTURE(id);
      test::check_same_deliveries(a, b);
    }
  }
  // Adaptivity shows in the links used: under contention west-first sends flits over links the
  // all-free staircase never takes for the same packets.
  auto link_use = [&](bool loaded) {
    NetConfig c{8, 1, 3};
    c.routing = find_routing("west-first");
    Network net(t, c);
    for (int s = 0; s < t.nodes(); ++s)
      for (int d = 0; d < t.nodes(); ++d)
        if (s != d && t.coord(d).x > t.coord(s).x && t.coord(d).y != t.coord(s).y) {
          net.inject(s, d, 0);
          if (!loaded) while (!net.idle()) net.step();  // alone: every port free at every router
        }
    while (!net.idle()) net.step();
    return std::vector<std::uint64_t>(net.link_flits().begin(), net.link_flits().end());
  };
  CHECK(link_use(true) != link_use(false));
}

TEST_CASE("routing key: auto by default and left out of links; a row not on the topology is refused naming the key and the allowed ids") {
  Scenario s;
  CHECK(s.routing == "auto");
  REQUIRE(apply(s, "routing", "xy").ok());
  CHECK(canonical_link(s) == "");  // xy is what auto means on the mesh
  REQUIRE(apply(s, "routing", "west-first").ok());
  CHECK(canonical_link(s) == "routing=west-first");
  CHECK(validate(s).ok());
  REQUIRE(apply(s, "topology", "torus").ok());
  const Status st = validate(s);
  REQUIRE_FALSE(st.ok());
  CHECK(st.message() == "routing: 'west-first' is not defined on the torus; allowed on the torus: auto, dateline, dateline-yx");
  REQUIRE(apply(s, "routing", "dateline").ok());
  CHECK(canonical_link(s) == "topology=torus");
  REQUIRE(apply(s, "topology", "mesh").ok());
  CHECK(validate(s).message() == "routing: 'dateline' is not defined on the mesh; allowed on the mesh: auto, xy, yx, west-first");
  const Status unknown = apply(s, "routing", "zigzag");
  REQUIRE_FALSE(unknown.ok());
  CHECK(unknown.message() == "routing: 'zigzag' is not valid; allowed: auto, xy, yx, west-first, dateline, dateline-yx, xyz, dateline-xyz, twisted");
  // The editor's choices: every row, auto first; the unavailable ones say why.
  const ParamDef* p = find_param("routing");
  REQUIRE(p);
  const auto choices = p->choices();
  REQUIRE(choices.size() == routing_functions().size() + 1);
  CHECK(choices[0] == "auto");
  Scenario mesh;
  CHECK(p->choice_unavailable(mesh, "xy") == "");
  CHECK(p->choice_unavailable(mesh, "dateline") != "");
  CHECK(!p->choice_help("west-first").empty());
  CHECK(!p->choice_help("auto").empty());
}

TEST_CASE("routing key: a run changes with it, and each run is byte-stable") {
  auto results = [](std::string link) {
    auto s = parse_link(link);
    REQUIRE_MESSAGE(s, (s ? "" : s.error().message));
    REQUIRE(validate(*s).ok());
    auto r = run_scenario(*s);
    REQUIRE_MESSAGE(r, (r ? "" : r.error().message));
    return results_json(*r);
  };
  const std::string mesh = "size=12x12&pattern=all-to-all&strategy=random&jobs=40&arrival=poisson:0.004";
  const std::string torus = "topology=torus&size=10x10&pattern=random&strategy=ff&jobs=120&arrival=poisson:0.01";
  const std::string xy = results(mesh), yx = results(mesh + "&routing=yx"), wf = results(mesh + "&routing=west-first");
  CHECK(results(mesh + "&routing=xy") == xy);  // auto = xy on the mesh
  CHECK(yx != xy);
  CHECK(wf != xy);
  CHECK(wf != yx);
  CHECK(results(mesh + "&routing=west-first") == wf);  // two runs, the same bytes
  CHECK(results(mesh + "&routing=yx") == yx);
  const std::string dl = results(torus), dyx = results(torus + "&routing=dateline-yx");
  CHECK(results(torus + "&routing=dateline") == dl);
  CHECK(dyx != dl);
  CHECK(results(torus + "&routing=dateline-yx") == dyx);
}
