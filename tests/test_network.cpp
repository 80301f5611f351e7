// test_network.cpp — the wormhole network: routing functions alone, exact zero-load latency,
// invariants every cycle (conservation, buffer bounds, credits), deadlock freedom under
// all-to-all load, blocking of crossing packets, and determinism.
//
// Sections, in order: helpers (zero_load, drain, worm walking); routing alone; latency;
// invariants and load; determinism; channels_of; the routing table and non-minimal routes.
#include <doctest/doctest.h>
#include <algorithm>
#include <set>
#include <string>
#include "core/rng.hpp"
#include "net/network.hpp"
#include "net/routing.hpp"
#include "net_checks.hpp"

using namespace alloclab;

namespace {

// Zero-load latency as documented in network.hpp.
std::int64_t zero_load(int hops, const NetConfig& c) {
  const std::int64_t base = std::int64_t(hops) * (c.routing_delay + 1) + c.routing_delay;
  const bool credit1 = c.flow == FlowControl::Credit && c.buffer_flits == 1;
  return credit1 ? base + 2 * c.packet_flits - 1 : base + c.packet_flits;
}

// Steps until idle, auditing every cycle; returns the deliveries. Fails if `limit` is exceeded.
std::vector<Delivered> drain(Network& net, std::int64_t limit, bool audit = true) {
  std::vector<Delivered> all;
  const std::int64_t start = net.cycle();
  while (!net.idle()) {
    REQUIRE(net.cycle() - start < limit);
    net.step();
    if (audit) net.audit();
    const NetStats s = net.stats();
    REQUIRE(s.flits_injected == s.flits_ejected + s.flits_in_flight);
    for (int n = 0; n < net.topology().nodes(); ++n) REQUIRE(net.buffered_flits(n) <= net.ports() * net.vcs() * net.config().buffer_flits);
    auto d = net.take_delivered();
    all.insert(all.end(), d.begin(), d.end());
  }
  return all;
}

struct Hop {
  int node, port, vc;
};

// Follows route() from src to dst; the last hop is the ejection (port local).
std::vector<Hop> walk(const Topology& t, int src, int dst) {
  std::vector<Hop> path;
  int cur = src, in_port = kPortLocal, in_vc = 0;
  for (int guard = 0; guard < 4 * t.nodes() + 4; ++guard) {
    const RouteChoice rc = route(t, cur, dst, in_port, in_vc);
    path.push_back({cur, rc.port, rc.vc});
    if (rc.port == kPortLocal) return path;
    cur = t.neighbours(cur)[rc.port];
    in_port = opposite_port(rc.port);
    in_vc = rc.vc;
  }
  FAIL("route did not reach the destination");
  return path;
}

bool crosses_wrap(const Topology& t, int node, int port) {
  const Coord c = t.coord(node);
  switch (port) {
    case kPortRight: return c.x == t.width() - 1;
    case kPortLeft: return c.x == 0;
    case kPortUp: return c.y == t.height() - 1;
    case kPortDown: return c.y == 0;
  }
  return false;
}

}  // namespace

// ---------------------------------------------------------------------------- routing alone

TEST_CASE("route: XY dimension order on the mesh, one VC") {
  const Topology t(TopologyKind::Mesh, 8, 6);
  const auto path = walk(t, t.id(1, 1), t.id(4, 5));
  REQUIRE(path.size() == 3 + 4 + 1);
  for (int i = 0; i < 3; ++i) CHECK(path[i].port == kPortRight);
  for (int i = 3; i < 7; ++i) CHECK(path[i].port == kPortUp);
  CHECK(path.back().port == kPortLocal);
  const auto back = walk(t, t.id(4, 5), t.id(1, 1));
  for (int i = 0; i < 3; ++i) CHECK(back[i].port == kPortLeft);
  for (int i = 3; i < 7; ++i) CHECK(back[i].port == kPortDown);
  for (int s = 0; s < t.nodes(); ++s)
    for (int d = 0; d < t.nodes(); ++d) {
      const auto p = walk(t, s, d);
      REQUIRE(int(p.size()) - 1 == t.distance(t.coord(s), t.coord(d)));
      bool in_y = false;
      for (const Hop& h : p) {
        CHECK(h.vc == 0);
        if (h.port == kPortUp || h.port == kPortDown) in_y = true;
        if (h.port == kPortLeft || h.port == kPortRight) CHECK_FALSE(in_y);  // never y before x
      }
    }
}

TEST_CASE("route: the torus goes the shorter way, ties positive") {
  const Topology t(TopologyKind::Torus, 8, 8);
  CHECK(route(t, t.id(1, 0), t.id(7, 0), kPortLocal, 0) == RouteChoice{kPortLeft, 0});   // 2 left vs 6 right
  CHECK(route(t, t.id(7, 0), t.id(1, 0), kPortLocal, 0) == RouteChoice{kPortRight, 1});  // crosses the wrap now
  CHECK(route(t, t.id(1, 0), t.id(5, 0), kPortLocal, 0) == RouteChoice{kPortRight, 0});  // tie: positive
  CHECK(route(t, t.id(0, 6), t.id(0, 1), kPortLocal, 0) == RouteChoice{kPortUp, 0});     // 3 up (wrapping) vs 5 down
  CHECK(route(t, t.id(0, 0), t.id(0, 6), kPortLocal, 0) == RouteChoice{kPortDown, 1});   // 2 down across the wrap
}

TEST_CASE("route: dateline VCs on the torus (switch on the wrap, reset when turning into y)") {
  const Topology t(TopologyKind::Torus, 8, 8);
  // (6,6) → (1,1): right over x = 7→0 (wrap), then up over y = 7→0 (wrap).
  const auto p = walk(t, t.id(6, 6), t.id(1, 1));
  REQUIRE(p.size() == 3 + 3 + 1);
  const int ports[] = {kPortRight, kPortRight, kPortRight, kPortUp, kPortUp, kPortUp, kPortLocal};
  const int vcs[] = {0, 1, 1, 0, 1, 1, 0};
  for (int i = 0; i < 7; ++i) {
    CHECK(p[i].port == ports[i]);
    CHECK(p[i].vc == vcs[i]);
  }
  // Every pair on several tori, degenerate sides included: shortest, x before y, VC0 never on a
  // wrap link, VC1 exactly from the wrap hop to the end of that dimension.
  for (const auto& [w, h] : {std::pair{8, 8}, {5, 4}, {2, 2}, {1, 5}, {2, 3}, {6, 1}}) {
    const Topology tt(TopologyKind::Torus, w, h);
    for (int s = 0; s < tt.nodes(); ++s)
      for (int d = 0; d < tt.nodes(); ++d) {
        const auto q = walk(tt, s, d);
        REQUIRE(int(q.size()) - 1 == tt.distance(tt.coord(s), tt.coord(d)));
        bool in_y = false, crossed[2] = {false, false};
        for (std::size_t i = 0; i + 1 < q.size(); ++i) {
          const int dim = q[i].port == kPortUp || q[i].port == kPortDown;
          if (dim) in_y = true;
          else CHECK_FALSE(in_y);
          CHECK(tt.neighbours(q[i].node)[q[i].port] != q[i].node);  // no self links used
          if (crosses_wrap(tt, q[i].node, q[i].port)) {
            CHECK_FALSE(crossed[dim]);  // at most once per dimension
            crossed[dim] = true;
          }
          CHECK(q[i].vc == int(crossed[dim]));
        }
      }
  }
}

// ---------------------------------------------------------------------------- latency

TEST_CASE("network: zero-load latency matches the documented formula (linear in hops and length)") {
  for (const TopologyKind kind : {TopologyKind::Mesh, TopologyKind::Torus})
    for (const int B : {1, 2, 4})
      for (const int L : {1, 2, 5, 8})
        for (const int R : {0, 1, 3}) {
          const Topology t(kind, 8, 8);
          const NetConfig c{L, B, R};
          Network net(t, c);
          const std::pair<int, int> pairs[] = {{0, 1}, {0, 63}, {9, 14}, {27, 3}, {63, 0}, {5, 45}, {7, 56}};
          for (const auto& sd : pairs) {
            const int s = sd.first, d = sd.second;  // (clang 14 cannot capture structured bindings)
            net.skip_to(net.cycle() + 5);
            const std::int64_t c0 = net.cycle();
            const auto id = net.inject(s, d, 42);
            const auto got = drain(net, 1000);
            REQUIRE(got.size() == 1);
            const int hops = t.distance(t.coord(s), t.coord(d));
            CAPTURE(kind == TopologyKind::Torus);
            CAPTURE(B);
            CAPTURE(L);
            CAPTURE(R);
            CAPTURE(s);
            CAPTURE(d);
            CHECK(got[0].packet == id);
            CHECK(got[0].tag == 42);
            CHECK(got[0].created == c0);
            CHECK(got[0].delivered - got[0].created == zero_load(hops, c));
            CHECK(got[0].blocked_cycles == 0);
          }
        }
}

TEST_CASE("network: a torus route across the wrap takes the shorter way") {
  const NetConfig c{8, 1, 3};
  const Topology torus(TopologyKind::Torus, 8, 8), mesh(TopologyKind::Mesh, 8, 8);
  Network nt(torus, c), nm(mesh, c);
  nt.inject(torus.id(7, 2), torus.id(0, 2), 0);
  nm.inject(mesh.id(7, 2), mesh.id(0, 2), 0);
  const auto dt = drain(nt, 1000), dm = drain(nm, 1000);
  CHECK(dt[0].delivered - dt[0].created == zero_load(1, c));
  CHECK(dm[0].delivered - dm[0].created == zero_load(7, c));
  CHECK(nt.link_flits()[torus.id(7, 2) * 4 + kPortRight] == 8);  // over the wrap link
  CHECK(nt.stats().flit_hops == 8);
  CHECK(nm.stats().flit_hops == 7 * 8);
}

TEST_CASE("network: the second of two packets crossing one link is blocked until the first's tail has passed") {
  for (const FlowControl fc : {FlowControl::Refill, FlowControl::Credit})
    for (const int B : {1, 2, 4}) {
      CAPTURE(B);
      CAPTURE(fc == FlowControl::Credit);
      const Topology t(TopologyKind::Mesh, 4, 4);
      NetConfig c{8, B, 3};
      c.flow = fc;
      Network net(t, c);
      // A from (1,0) east to (3,0) takes link (1,0)→(2,0) first; B from (0,0) to (2,0) arrives
      // R+1 cycles later at (1,0) and must wait for A's tail.
      const auto a = net.inject(t.id(1, 0), t.id(3, 0), 1);
      const auto b = net.inject(t.id(0, 0), t.id(2, 0), 2);
      const auto d = drain(net, 1000);
      REQUIRE(d.size() == 2);
      const Delivered& da = d[0].packet == a ? d[0] : d[1];
      const Delivered& db = d[0].packet == b ? d[0] : d[1];
      CHECK(da.blocked_cycles == 0);
      CHECK(da.latency() == zero_load(2, c));
      CHECK(db.blocked_cycles > 0);
      CHECK(db.delivered - db.created == zero_load(2, c) + db.blocked_cycles);
      if (B == 1) {
        // Worked by hand (R = 3, L = 8): B's head is at (1,0) from cycle 4, ready at 7. A's worm
        // holds one flit per router: its head leaves (1,0) at 3, (2,0) at 7 and ejects at (3,0)
        // at 11, its tail ejects 7 cycles later. Refill: the tail leaves (1,0) at 16 and (2,0) at
        // 17, and B's head may refill that slot at 17: blocked 10. Credit: every flit needs the
        // credit of the one before it (2 cycles per flit), A's tail leaves (1,0) at 23 and (2,0)
        // at 24, whose credit reaches (1,0) at 25: blocked 18.
        CHECK(da.delivered == (fc == FlowControl::Refill ? 19 : 26));
        CHECK(db.blocked_cycles == (fc == FlowControl::Refill ? 10 : 18));
      }
      // A perpendicular crossing: B turns north at (2,0) onto a link A does not use: no blocking.
      Network n2(t, c);
      n2.inject(t.id(0, 1), t.id(3, 1), 1);
      n2.inject(t.id(1, 0), t.id(1, 3), 2);
      for (const Delivered& x : drain(n2, 1000)) CHECK(x.blocked_cycles == 0);
    }
}

TEST_CASE("network: latency counts from injection into the network; the source-queue wait is apart") {
  const Topology t(TopologyKind::Mesh, 4, 4);
  const NetConfig c{4, 8, 1};  // buffers hold a whole packet: the source never stalls
  Network net(t, c);
  net.inject(0, 3, 0);
  net.inject(0, 12, 0);  // different direction, but one injection port: waits for the first's tail
  const auto d = drain(net, 1000);
  REQUIRE(d.size() == 2);
  CHECK(d[0].source_wait == 0);
  CHECK(d[0].latency() == zero_load(3, c));
  // The first's head routes (R = 1 cycle), then its 4 flits leave one per cycle: the second
  // reaches the front of the queue 5 cycles after it was queued, and from there it is not held.
  CHECK(d[1].source_wait == c.routing_delay + c.packet_flits);
  CHECK(d[1].injected() == d[1].created + 5);
  CHECK(d[1].blocked_cycles == 0);
  CHECK(d[1].latency() == zero_load(3, c));
  CHECK(d[1].delivered - d[1].created == zero_load(3, c) + d[1].source_wait);
  const NetStats st = net.stats();
  CHECK(st.mean_latency == double(zero_load(3, c)));
  CHECK(st.mean_queueing == 2.5);
  CHECK(st.mean_blocking == 0);
}

TEST_CASE("network: refill flow control streams 1-flit buffers at one flit per cycle (same as 2-flit buffers)") {
  // One packet alone: the same latency for B = 1 and B = 2 under refill (4H + 11 with R = 3,
  // L = 8); with credit flow control B = 1 pays the credit round trip on every flit (4H + 18).
  const Topology t(TopologyKind::Mesh, 8, 8);
  for (const int hops : {1, 5, 14}) {
    const int dst = hops <= 7 ? t.id(hops, 0) : t.id(7, hops - 7);
    std::int64_t lat[2][2] = {};
    for (const FlowControl fc : {FlowControl::Refill, FlowControl::Credit})
      for (const int B : {1, 2}) {
        NetConfig c{8, B, 3};
        c.flow = fc;
        Network net(t, c);
        net.inject(0, dst, 0);
        const auto d = drain(net, 1000);
        REQUIRE(d.size() == 1);
        lat[fc == FlowControl::Credit][B - 1] = d[0].latency();
      }
    CAPTURE(hops);
    CHECK(lat[0][0] == 4 * hops + 11);
    CHECK(lat[0][1] == 4 * hops + 11);
    CHECK(lat[1][1] == 4 * hops + 11);
    CHECK(lat[1][0] == 4 * hops + 18);
  }
  // A stream: 20 packets from one source 6 hops away, no routing delay (so the head never holds
  // the body back and the downstream always drains). The link bandwidth is one flit per cycle
  // under refill with B = 1, as with B = 2: a packet leaves every L = 8 cycles and the last one
  // arrives T0 = H + L = 14 cycles after it entered. Credit flow control with B = 1: one flit
  // every 2 cycles. (With a routing delay a 1-flit-buffer worm stalls behind its head at every
  // router, which deeper buffers absorb: that difference is physical, not flow control.)
  auto stream = [&](int B, FlowControl fc) {
    NetConfig c{8, B, 0};
    c.flow = fc;
    Network net(t, c);
    for (int k = 0; k < 20; ++k) net.inject(t.id(0, 3), t.id(6, 3), 0);
    for (const Delivered& x : drain(net, 10000)) {
      if (fc == FlowControl::Refill) CHECK(x.latency() == 6 + 8);
      else CHECK(x.latency() >= (B == 1 ? 6 + 15 : 6 + 8));
    }
    return net.cycle();
  };
  const auto r1 = stream(1, FlowControl::Refill), r2 = stream(2, FlowControl::Refill), c1 = stream(1, FlowControl::Credit);
  CHECK(r1 == r2);
  CHECK(r1 == 19 * 8 + 14);
  CHECK(c1 >= 20 * 2 * 8);
}

// ---------------------------------------------------------------------------- invariants and load

TEST_CASE("network: random traffic keeps every invariant every cycle") {
  Rng rng(7);
  for (const TopologyKind kind : {TopologyKind::Mesh, TopologyKind::Torus})
    for (const int B : {1, 3})
      for (const FlowControl fc : {FlowControl::Refill, FlowControl::Credit}) {
      const Topology t(kind, 6, 5);
      Network net(t, NetConfig{5, B, 2, fc});
      std::uint64_t sent = 0, got = 0;
      for (int cyc = 0; cyc < 3000; ++cyc) {
        if (cyc < 2000)
          for (int k = 0; k < 3; ++k)
            if (rng.next_u64() % 4 == 0) {
              const int s = int(rng.next_u64() % std::uint64_t(t.nodes()));
              int d = int(rng.next_u64() % std::uint64_t(t.nodes() - 1));
              if (d >= s) ++d;
              net.inject(s, d, s);
              ++sent;
            }
        net.step();
        net.audit();
        const NetStats st = net.stats();
        REQUIRE(st.flits_injected == st.flits_ejected + st.flits_in_flight);
        for (const Delivered& x : net.take_delivered()) {
          ++got;
          // The head's delay is exactly its blocking; the tail may lose more (e.g. to the other VC).
          REQUIRE(x.latency() >= zero_load(t.distance(t.coord(x.src), t.coord(x.dst)), net.config()) + x.blocked_cycles);
        }
      }
      const auto rest = drain(net, 100000);
      got += rest.size();
      CHECK(got == sent);
      CHECK(net.stats().packets_delivered == sent);
    }
}

TEST_CASE("network: all-to-all on a fully busy 8x8 torus and mesh drains (no deadlock)") {
  // Two orders: every source sends to 0, 1, 2, … (all sources hit the same destination at once)
  // and the shifted order s+1, s+2, … (the usual contention-free schedule).
  for (const bool shifted : {false, true})
    for (const TopologyKind kind : {TopologyKind::Mesh, TopologyKind::Torus})
      for (const int B : {1, 2}) {
        const Topology t(kind, 8, 8);
        const int n = t.nodes();
        const NetConfig c{8, B, 3, B == 1 && shifted ? FlowControl::Credit : FlowControl::Refill};
        Network net(t, c);
        for (int s = 0; s < n; ++s)
          for (int k = 0; k < n; ++k) {
            const int d = shifted ? (s + 1 + k) % n : k;
            if (d != s) net.inject(s, d, s);
          }
        // Bound: as if the whole network delivered one flit every 2 cycles. A deadlock never drains.
        const std::int64_t bound = std::int64_t(n) * (n - 1) * c.packet_flits * 2 + zero_load(14, c);
        const auto d = drain(net, bound);
        CAPTURE(kind == TopologyKind::Torus);
        CAPTURE(B);
        CHECK(d.size() == std::size_t(n * (n - 1)));
        const std::string what = std::string("all-to-all 8x8 ") + (kind == TopologyKind::Torus ? "torus" : "mesh") +
                                 (shifted ? " shifted" : " same-order") + " B=" + std::to_string(B) + ": drained in " +
                                 std::to_string(net.cycle()) + " cycles, mean latency " +
                                 std::to_string(int(net.stats().mean_latency));
        MESSAGE(what);
        for (std::size_t i = 1; i < d.size(); ++i)
          REQUIRE((d[i - 1].delivered < d[i].delivered ||
                   (d[i - 1].delivered == d[i].delivered && d[i - 1].packet < d[i].packet)));
      }
}

TEST_CASE("network: degenerate tori (sides 1 and 2) route and drain") {
  for (const auto& [w, h] : {std::pair{2, 2}, {1, 6}, {2, 5}, {7, 1}, {2, 1}}) {
    const Topology t(TopologyKind::Torus, w, h);
    Network net(t, NetConfig{4, 1, 1});
    for (int s = 0; s < t.nodes(); ++s) {
      CHECK(net.has_link(s, kPortRight) == (w > 1));  // no self links on a side of 1
      CHECK(net.has_link(s, kPortLeft) == (w > 1));
      CHECK(net.has_link(s, kPortUp) == (h > 1));
      CHECK(net.has_link(s, kPortDown) == (h > 1));
      for (int d = 0; d < t.nodes(); ++d)
        if (s != d) net.inject(s, d, 0);
    }
    const auto d = drain(net, 100000);
    CHECK(d.size() == std::size_t(t.nodes() * (t.nodes() - 1)));
  }
}

// ---------------------------------------------------------------------------- determinism

TEST_CASE("network: same injections give the same delivery sequence; a copy continues identically") {
  auto run = [](Network net, int cycles) {
    std::vector<Delivered> out;
    Rng rng(99);
    const int n = net.topology().nodes();
    for (int cyc = 0; cyc < cycles; ++cyc) {
      if (cyc < cycles / 2)
        for (int k = 0; k < 4; ++k) {
          const int s = int(rng.next_u64() % std::uint64_t(n));
          const int d = (s + 1 + int(rng.next_u64() % std::uint64_t(n - 1))) % n;
          net.inject(s, d, k);
        }
      net.step();
      auto d = net.take_delivered();
      out.insert(out.end(), d.begin(), d.end());
    }
    return out;
  };
  auto same = [](const std::vector<Delivered>& a, const std::vector<Delivered>& b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
      if (a[i].packet != b[i].packet || a[i].delivered != b[i].delivered || a[i].blocked_cycles != b[i].blocked_cycles)
        return false;
    return true;
  };
  const Topology t(TopologyKind::Torus, 6, 6);
  const Network fresh(t, NetConfig{});
  const auto a = run(fresh, 4000), b = run(fresh, 4000);
  CHECK(a.size() > 1000);
  CHECK(same(a, b));

  // Mid-run copy: both continue with the same steps and deliver the same packets.
  Network x(t, NetConfig{});
  for (int s = 0; s < t.nodes(); ++s) x.inject(s, (s * 7 + 3) % t.nodes() == s ? (s + 1) % t.nodes() : (s * 7 + 3) % t.nodes(), s);
  for (int k = 0; k < 20; ++k) x.step();
  Network y = x;
  const auto dx = drain(x, 100000, false), dy = drain(y, 100000, false);
  CHECK(same(dx, dy));
}

TEST_CASE("network: waking only some routers gives exactly the results of evaluating all of them") {
  // Random bursts on several shapes and configurations; exhaustive mode evaluates every router
  // every cycle, so any missed wake-up would show as a different delivery sequence.
  int trial = 0;
  for (const TopologyKind kind : {TopologyKind::Mesh, TopologyKind::Torus})
    for (const NetConfig c : {NetConfig{8, 1, 3}, NetConfig{4, 2, 0}, NetConfig{1, 1, 1}, NetConfig{5, 3, 2},
                              NetConfig{8, 1, 3, FlowControl::Credit}, NetConfig{4, 2, 0, FlowControl::Credit},
                              NetConfig{1, 1, 0}}) {
      const Topology t(kind, 5 + trial % 3, 4 + trial % 2);
      ++trial;
      Network fast(t, c), full(t, c);
      full.set_exhaustive(true);
      Rng rng(1000 + std::uint64_t(trial));
      std::vector<Delivered> a, b;
      const int n = t.nodes();
      for (int cyc = 0; cyc < 1500; ++cyc) {
        test::inject_both(fast, full, rng, cyc, 120, 3);
        fast.step();
        full.step();
        for (int node = 0; node < n; ++node)
          for (int port = 0; port < 4; ++port) {
            REQUIRE(fast.link_state(node, port) == full.link_state(node, port));
            REQUIRE(fast.link_states(node)[std::size_t(port)] == fast.link_state(node, port));  // the one-pass view
          }
        for (auto& x : fast.take_delivered()) a.push_back(x);
        for (auto& x : full.take_delivered()) b.push_back(x);
      }
      CAPTURE(trial);
      test::check_same_deliveries(a, b);
      CHECK(fast.stats().flit_hops == full.stats().flit_hops);
    }
}

TEST_CASE("network: skip_to never skips work and idle means empty") {
  const Topology t(TopologyKind::Mesh, 4, 4);
  Network net(t, NetConfig{8, 1, 3});
  CHECK(net.idle());
  net.skip_to(100);
  CHECK(net.cycle() == 100);
  net.inject(0, 15, 0);
  CHECK_FALSE(net.idle());
  net.skip_to(110);  // steps through the cycles with work
  CHECK(net.cycle() == 110);
  CHECK(net.stats().flit_hops > 0);
  net.skip_to(1000);
  CHECK(net.idle());
  CHECK(net.cycle() == 1000);
  const auto d = net.take_delivered();
  REQUIRE(d.size() == 1);
  CHECK(d[0].delivered - d[0].created == zero_load(6, net.config()));
}

TEST_CASE("network: idle jumps between bursts never list a router twice (wake-up lists stay bounded)") {
  // A packet, drained until idle (the last move may leave a router listed for the next cycle),
  // then a jump in time and the next packet from the same source: thousands of times, audited.
  for (const FlowControl fc : {FlowControl::Refill, FlowControl::Credit}) {
    const Topology t(TopologyKind::Mesh, 4, 4);
    Network net(t, NetConfig{8, 1, 3, fc});
    for (int k = 0; k < 3000; ++k) {
      net.inject(k % 2 ? 0 : 5, 15, k);
      net.audit();
      drain(net, 1000);
      net.skip_to(net.cycle() + 1 + k % 3);
      net.audit();
    }
    CHECK(net.stats().packets_delivered == 3000);
  }
}

TEST_CASE("network: channels_of names the links a job's packets occupy (hand-worked worm on a mesh)") {
  // 4x4 mesh, 2-flit packets, 2-flit buffers, no routing delay: a packet moves one hop per cycle,
  // its tail one cycle behind the head. Job 5 sends 0 -> 3 (three hops right along row 0); job 9
  // sends 12 -> 15 along row 3 at the same time and must never show up in job 5's answer.
  const Topology t(TopologyKind::Mesh, 4, 4);
  Network net(t, NetConfig{2, 2, 0});
  net.inject(0, 3, 5);
  net.inject(12, 15, 9);
  CHECK(net.channels_of(5).empty());  // queued at the source: on no link yet
  const std::vector<std::vector<ChannelUse>> want = {
      // after step 1 (cycle 0): the head left node 0 and holds link 0->1
      {{0, kPortRight, 1, true}},
      // after step 2: the head holds 1->2; the tail is on 0->1, whose VC it released
      {{0, kPortRight, 1, false}, {1, kPortRight, 1, true}},
      // after step 3
      {{1, kPortRight, 1, false}, {2, kPortRight, 1, true}},
      // after step 4: the head was ejected at node 3 (ejection is not a link); the tail is on 2->3
      {{2, kPortRight, 1, false}},
      // after step 5: delivered
      {}};
  for (std::size_t k = 0; k < want.size(); ++k) {
    net.step();
    net.audit();
    CAPTURE(k + 1);
    CHECK(net.channels_of(5) == want[k]);
    const auto other = net.channels_of(9);
    for (const ChannelUse& u : other) CHECK(u.node >= 12);  // job 9 stays on row 3
    if (k == 0) CHECK(other == std::vector<ChannelUse>{{12, kPortRight, 1, true}});
  }
  CHECK(net.take_delivered().size() == 2);
  net.step();  // the last credit returns
  CHECK(net.idle());
  CHECK(net.channels_of(7).empty());  // a tag that never sent anything
}

TEST_CASE("network: channels_of accounts for every flit on a link or in a link's buffer, on mesh and torus") {
  // Random traffic of 6 tags with long worms (routing delay 3; 1- and 2-flit buffers; 2D and 3D):
  // summed over the tags, the flits channels_of reports equal the flits on links plus those
  // buffered in routers, every link it reports held is held, and every held link is reported
  // held (for the tag of each packet holding one of its VCs).
  Rng rng(11);
  for (const int depth : {1, 3})
  for (const int buffer : {1, 2})
  for (const TopologyKind kind : {TopologyKind::Mesh, TopologyKind::Torus}) {
    const Topology t(kind, depth == 1 ? 6 : 4, depth == 1 ? 5 : 3, depth);
    CAPTURE(t.nodes());
    CAPTURE(buffer);
    Network net(t, NetConfig{8, buffer, 3});
    for (int cyc = 0; cyc < 600; ++cyc) {
      if (cyc < 400 && rng.next_u64() % 2 == 0) {
        const int s = int(rng.next_u64() % std::uint64_t(t.nodes()));
        int d = int(rng.next_u64() % std::uint64_t(t.nodes() - 1));
        if (d >= s) ++d;
        net.inject(s, d, std::int32_t(s % 6));
      }
      net.step();
      std::int64_t flits = 0;
      std::vector<int> held(std::size_t(t.nodes() * net.link_ports()), 0);
      for (std::int32_t tag = 0; tag < 6; ++tag)
        for (const ChannelUse& u : net.channels_of(tag)) {
          REQUIRE(net.has_link(u.node, u.port));
          REQUIRE((u.flits > 0 || u.held));
          if (u.held) REQUIRE(net.link_held(u.node, u.port));
          held[std::size_t(u.node * net.link_ports() + u.port)] += u.held;
          flits += u.flits;
        }
      const NetStats st = net.stats();
      REQUIRE(flits == st.flits_on_links + st.flits_buffered);
      for (int n = 0; n < t.nodes(); ++n)
        for (int p = 0; p < net.link_ports(); ++p)
          REQUIRE((held[std::size_t(n * net.link_ports() + p)] > 0) == (net.has_link(n, p) && net.link_held(n, p)));
    }
  }
}

TEST_CASE("routing table: ids unique, 1 or 2 VCs, minimal rows route in exactly distance hops") {
  std::set<std::string_view> ids;
  for (const RoutingInfo& r : routing_functions()) {
    CAPTURE(r.id);
    CHECK(ids.insert(r.id).second);
    CHECK(!r.help.empty());
    CHECK((r.vcs == 1 || r.vcs == 2));
    CHECK((r.mesh || r.torus));
    CHECK((r.dims == 2 || r.dims == 3));
    for (TopologyKind k : {TopologyKind::Mesh, TopologyKind::Torus}) {
      if (k == TopologyKind::Mesh ? !r.mesh : !r.torus) continue;
      // a twisted row runs on a twisted torus (Topology::wired), whose distance() ignores the twist:
      // its routes are checked against a breadth-first search in test_allreduce_cubes.cpp
      const Topology t = r.twisted ? Topology::wired(4, 4, 8, 7u, true) : Topology(k, 5, 4, r.dims == 3 ? 3 : 1);
      REQUIRE(routing_defined_on(r, t));
      for (int s = 0; s < t.nodes(); ++s)
        for (int d = 0; d < t.nodes(); ++d) {
          const int hops = route_hops(r, t, t.coord(s), t.coord(d));
          if (r.minimal) CHECK(hops == t.distance(t.coord(s), t.coord(d)));
          if (!r.twisted) CHECK(hops >= t.distance(t.coord(s), t.coord(d)));
        }
    }
  }
  CHECK(default_routing(Topology(TopologyKind::Mesh, 4, 4)).id == "xy");
  CHECK(default_routing(Topology(TopologyKind::Torus, 4, 4)).id == "dateline");
  CHECK(net_vcs(Topology(TopologyKind::Mesh, 4, 4)) == 1);
  CHECK(net_vcs(Topology(TopologyKind::Torus, 4, 4)) == 2);
  CHECK(default_routing(Topology(TopologyKind::Mesh, 4, 4, 2)).id == "xyz");
  CHECK(default_routing(Topology(TopologyKind::Torus, 4, 4, 2)).id == "dateline-xyz");
}

namespace {
// A deliberately non-minimal mesh routing: first to column 0, then XY.
RouteChoice route_via_column0(const Topology& t, Coord c, Coord d, int in_port, int, unsigned) {
  // injected, or still travelling left (arrived from the right): keep going left to column 0
  if ((in_port == kPortLocal || in_port == kPortRight) && c.x > 0) return {kPortLeft, 0};
  return find_routing("xy")->route(t, c, d, in_port, 0, kAllPortsFree);
}
}  // namespace

TEST_CASE("route_hops walks a non-minimal routing function instead of assuming the distance") {
  const RoutingInfo detour{.id = "via-column-0", .route = route_via_column0, .help = "test", .vcs = 1, .minimal = false,
                           .adaptive = false, .mesh = true, .torus = false, .dims = 2};
  const Topology t(TopologyKind::Mesh, 6, 3);
  // from (4,1) to (5,1): left to x=0 (4 hops), then right 5 hops
  CHECK(route_hops(detour, t, Coord{4, 1}, Coord{5, 1}) == 9);
  CHECK(route_hops(*find_routing("xy"), t, Coord{4, 1}, Coord{5, 1}) == 1);
}
