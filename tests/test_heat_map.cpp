// test_heat_map.cpp — the traffic overlay's aggregate texels (web/heat_map.hpp) against packets
// whose paths are worked out by hand on small networks: a link that carried flits is coloured at
// its own texel and nowhere else, in both directions and across a torus's wrap; a mesh edge has
// no link texel; a blocked link is bright red; a router holding flits is lit exactly when it
// holds them; the +z link of a 3D machine; the band schedule (one band per turn, the whole map
// at most every kFullUpdateS, nothing when the network did not move); the colour ramp.
#include <doctest/doctest.h>
#include <cstdint>
#include <vector>
#include "heat_map.hpp"
#include "net/network.hpp"

using namespace alloclab;
using app::HeatMap;

namespace {

constexpr NetConfig kConfig{8, 1, 3};  // 8-flit packets, 1-flit buffers, routing delay 3

// A W×H×D machine's network and a heat map that drew it once, at time 0 (loads from zero).
struct Drawn {
  Topology t;
  Network net;
  HeatMap map;
  HeatMap::Rows first;
  Drawn(TopologyKind kind, int W, int H, int D = 1) : t(kind, W, H, D), net(t, kConfig), first(map.update(net, W, H, D, 0.0)) {}
};

void run_until_idle(Network& net) {
  for (int i = 0; i < 1000 && !net.idle(); ++i) net.step();
  REQUIRE(net.idle());
}

// Rounded to a byte, as a channel of a texel is.
int red(std::uint32_t c) { return int(c & 0xFF); }
int blue(std::uint32_t c) { return int(c >> 16 & 0xFF); }

}  // namespace

TEST_CASE("heat map: a link that carried flits is coloured at its own texel; idle links and the mesh's edge stay the veil") {
  Drawn d(TopologyKind::Mesh, 4, 4);
  CHECK(d.first.first == 0);
  CHECK(d.first.count == 8);  // a new map: every texel row (two per node row)
  REQUIRE(d.map.width() == 8);
  REQUIRE(d.map.height() == 8);
  for (int i = 0; i < 64; ++i) CHECK(d.map.data()[i] == HeatMap::kVeil);
  // (0,0) -> (3,0): dimension order, east over the links (0,0)-(1,0), (1,0)-(2,0), (2,0)-(3,0).
  d.net.inject(d.t.id(0, 0), d.t.id(3, 0), 1);
  run_until_idle(d.net);
  const std::int64_t cycles = d.net.cycle();
  const HeatMap::Rows rows = d.map.update(d.net, 4, 4, 1, 1.0);
  CHECK(rows.count == 8);  // 16 nodes: one band is the whole map
  // Each of the three links carried the packet's 8 flits since the last update (cycle 0).
  const float load = 0.4f * float(8.0 / double(cycles));
  for (int x = 0; x < 3; ++x) CHECK(d.map.east_texel(x, 0, 0) == HeatMap::heat(load));
  CHECK(d.map.east_texel(0, 0, 0) != HeatMap::kVeil);
  CHECK(d.map.east_texel(3, 0, 0) == HeatMap::kVeil);  // no link off the mesh's east edge
  for (int y = 0; y < 4; ++y)
    for (int x = 0; x < 4; ++x) {
      CHECK(d.map.north_texel(x, y, 0) == HeatMap::kVeil);
      CHECK(d.map.router_texel(x, y, 0) == HeatMap::kVeil);  // nothing buffered after the drain
      if (y > 0) CHECK(d.map.east_texel(x, y, 0) == HeatMap::kVeil);
    }
  // Where the texels sit: node (0,0)'s router at texel (0, 7) (row 0 at the top), its east link
  // at (1, 7), its north link at (0, 6).
  CHECK(d.map.data()[7 * 8 + 1] == d.map.east_texel(0, 0, 0));
  CHECK(d.map.data()[7 * 8 + 0] == d.map.router_texel(0, 0, 0));
  CHECK(d.map.data()[6 * 8 + 0] == d.map.north_texel(0, 0, 0));
}

TEST_CASE("heat map: a link shows both of its directions, and the torus's wrap link is drawn at the east edge") {
  for (const TopologyKind kind : {TopologyKind::Mesh, TopologyKind::Torus}) {
    CAPTURE(int(kind));
    Drawn d(kind, 4, 4);
    // (2,1) -> (1,1): west over the link (1,1)-(2,1), drawn as (1,1)'s east texel. And north:
    // (1,3) -> (1,2), south over (1,2)-(1,3), drawn as (1,2)'s north texel.
    d.net.inject(d.t.id(2, 1), d.t.id(1, 1), 1);
    d.net.inject(d.t.id(1, 3), d.t.id(1, 2), 2);
    // (3,2) -> (0,2): on the torus one hop east across the wrap; on the mesh three hops west.
    d.net.inject(d.t.id(3, 2), d.t.id(0, 2), 3);
    run_until_idle(d.net);
    d.map.update(d.net, 4, 4, 1, 1.0);
    CHECK(d.map.east_texel(1, 1, 0) != HeatMap::kVeil);
    CHECK(d.map.east_texel(2, 1, 0) == HeatMap::kVeil);
    CHECK(d.map.north_texel(1, 2, 0) != HeatMap::kVeil);
    CHECK(d.map.north_texel(1, 3, 0) == HeatMap::kVeil);  // the wrap (1,3)-(1,0) carried nothing
    if (kind == TopologyKind::Torus) {
      CHECK(d.map.east_texel(3, 2, 0) != HeatMap::kVeil);
      for (int x = 0; x < 3; ++x) CHECK(d.map.east_texel(x, 2, 0) == HeatMap::kVeil);
    } else {
      CHECK(d.map.east_texel(3, 2, 0) == HeatMap::kVeil);
      for (int x = 0; x < 3; ++x) CHECK(d.map.east_texel(x, 2, 0) != HeatMap::kVeil);
    }
  }
}

TEST_CASE("heat map: a blocked link is bright red; a router is lit exactly while flits are buffered in it") {
  // Two packets want (1,0)'s east link at once: (0,0) -> (3,0) passes through (1,0), whose own
  // packet (1,0) -> (3,0) starts there. One of them waits: a link is blocked.
  Drawn d(TopologyKind::Mesh, 4, 4);
  d.net.inject(d.t.id(0, 0), d.t.id(3, 0), 1);
  d.net.inject(d.t.id(1, 0), d.t.id(3, 0), 2);
  d.net.inject(d.t.id(0, 1), d.t.id(3, 1), 3);
  int blocked_seen = 0, lit_seen = 0;
  for (int c = 1; c <= 60 && !d.net.idle(); ++c) {
    d.net.step();
    d.map.update(d.net, 4, 4, 1, double(c));  // one band = the whole map, due every call
    for (int n = 0; n < 16; ++n) {
      const int x = n % 4, y = n / 4;
      const bool lit = d.map.router_texel(x, y, 0) != HeatMap::kVeil;
      CHECK(lit == (d.net.buffered_flits(n) > 0));
      lit_seen += lit;
      const auto st = d.net.link_states(n);
      if (st[0] == LinkState::Blocked) {
        CHECK(d.map.east_texel(x, y, 0) == HeatMap::kBlocked);
        ++blocked_seen;
      }
      if (st[2] == LinkState::Blocked) {
        CHECK(d.map.east_texel(x - 1, y, 0) == HeatMap::kBlocked);
        ++blocked_seen;
      }
    }
  }
  CHECK(blocked_seen > 0);
  CHECK(lit_seen > 0);
}

TEST_CASE("heat map: a 3D machine's +z link is drawn at each node's fourth texel, layers side by side") {
  Drawn d(TopologyKind::Mesh, 4, 4, 2);
  REQUIRE(d.net.link_ports() == 6);
  REQUIRE(d.map.width() == 2 * d.map.atlas().width());
  // (1,2,0) -> (1,2,1): one hop up.
  d.net.inject(d.t.id(1, 2, 0), d.t.id(1, 2, 1), 1);
  run_until_idle(d.net);
  d.map.update(d.net, 4, 4, 2, 1.0);
  for (int z = 0; z < 2; ++z)
    for (int y = 0; y < 4; ++y)
      for (int x = 0; x < 4; ++x) {
        CAPTURE(x);
        CAPTURE(y);
        CAPTURE(z);
        CHECK((d.map.up_texel(x, y, z) != HeatMap::kVeil) == (x == 1 && y == 2 && z == 0));
        CHECK(d.map.east_texel(x, y, z) == HeatMap::kVeil);
        CHECK(d.map.north_texel(x, y, z) == HeatMap::kVeil);
      }
}

TEST_CASE("heat map: bands of rows in turn, the whole map at most every kFullUpdateS, nothing when the network did not move") {
  // 128×64: 4096 nodes per band = 32 node rows, so two bands; each is due kFullUpdateS / 2
  // after the previous band.
  Drawn d(TopologyKind::Mesh, 128, 64);
  CHECK(d.first.first == 0);
  CHECK(d.first.count == 128);
  d.net.inject(d.t.id(0, 0), d.t.id(5, 0), 1);    // row 0: the first band
  d.net.inject(d.t.id(0, 63), d.t.id(5, 63), 2);  // row 63: the second band
  run_until_idle(d.net);
  const double half = HeatMap::kFullUpdateS / 2;
  CHECK(d.map.update(d.net, 128, 64, 1, half * 0.5).count == 0);  // not yet its turn
  CHECK(d.map.east_texel(0, 0, 0) == HeatMap::kVeil);
  // Band 1: node rows 0..31 = texel rows 64..127 (row 0 of the machine at the bottom).
  const HeatMap::Rows b1 = d.map.update(d.net, 128, 64, 1, half * 1.01);
  CHECK(b1.first == 64);
  CHECK(b1.count == 64);
  CHECK(d.map.east_texel(0, 0, 0) != HeatMap::kVeil);
  CHECK(d.map.east_texel(0, 63, 0) == HeatMap::kVeil);  // its band has not been redrawn yet
  CHECK(d.map.update(d.net, 128, 64, 1, half * 1.5).count == 0);
  // Band 2: node rows 32..63 = texel rows 0..63.
  const HeatMap::Rows b2 = d.map.update(d.net, 128, 64, 1, half * 2.02);
  CHECK(b2.first == 0);
  CHECK(b2.count == 64);
  CHECK(d.map.east_texel(0, 63, 0) != HeatMap::kVeil);
  // The network did not move since either band's update: nothing to redraw, however late.
  CHECK(d.map.update(d.net, 128, 64, 1, 10.0).count == 0);
  // Another machine size: a new map, whole, loads from zero.
  const HeatMap::Rows other = d.map.update(Network(Topology(TopologyKind::Mesh, 8, 8), kConfig), 8, 8, 1, 10.5);
  CHECK(other.count == 16);
  CHECK(d.map.width() == 16);
}

TEST_CASE("heat map: the colour ramp runs from the bare veil through blue to red, opaquer as the load grows") {
  CHECK(HeatMap::heat(0.0f) == HeatMap::kVeil);
  CHECK(HeatMap::heat(0.001f) == HeatMap::kVeil);
  const std::uint32_t low = HeatMap::heat(0.02f), mid = HeatMap::heat(0.25f), high = HeatMap::heat(1.0f);
  CHECK(low != HeatMap::kVeil);
  CHECK(blue(low) > red(low));    // light load: blue
  CHECK(red(high) > blue(high));  // a flit every cycle: red
  CHECK(red(high) > 200);
  CHECK(red(low) < red(mid));
  CHECK(red(mid) <= red(high));
  CHECK((low >> 24) < (mid >> 24));  // alpha grows with the load
  CHECK((mid >> 24) < (high >> 24));
  CHECK(HeatMap::heat(5.0f) == high);  // clamped at a flit per cycle
}
