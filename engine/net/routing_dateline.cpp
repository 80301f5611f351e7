// routing_dateline.cpp — dimension-order routing on a torus, each dimension the shorter way
// round, with two dateline virtual channels.
//
// In each dimension the shorter way round; on a tie (the destination exactly half way round an
// even ring) the positive direction (+x / +y). Deadlock freedom uses two dateline VCs per
// physical channel: the dateline of each ring is its wrap link (x = W-1 ↔ 0, y = H-1 ↔ 0). A
// packet enters each dimension on VC0, moves to VC1 on the hop that crosses the wrap link and
// stays on VC1 for the rest of that dimension; turning from x into y resets it to VC0. VC0
// channels then never feed the wrap link and VC1 channels never reach it again (a shortest route
// crosses a ring's wrap at most once), so each ring's channel dependency graph is acyclic, and
// dimension order makes the whole graph acyclic. Minimal: the shorter way round is the distance.
#include "routing.hpp"

namespace alloclab {

namespace {

// One dimension of a torus: direction (+1 / -1) from a to b along a ring of n, shorter way,
// ties positive. Requires a != b, both in [0, n).
int ring_direction(int a, int b, int n) {
  const int fwd = b >= a ? b - a : b - a + n;  // hops going positive
  return fwd <= n - fwd ? +1 : -1;
}

}  // namespace

RouteChoice route_dateline(const Topology& t, Coord c, Coord d, int in_port, int in_vc) {
  if (c.x != d.x) {
    const int dir = ring_direction(c.x, d.x, t.width());
    const bool same_dim = in_port == kPortLeft || in_port == kPortRight;
    const bool crosses = dir > 0 ? c.x == t.width() - 1 : c.x == 0;
    return {dir > 0 ? kPortRight : kPortLeft, ((same_dim ? in_vc : 0) | (crosses ? 1 : 0))};
  }
  if (c.y != d.y) {
    const int dir = ring_direction(c.y, d.y, t.height());
    const bool same_dim = in_port == kPortUp || in_port == kPortDown;
    const bool crosses = dir > 0 ? c.y == t.height() - 1 : c.y == 0;
    return {dir > 0 ? kPortUp : kPortDown, ((same_dim ? in_vc : 0) | (crosses ? 1 : 0))};
  }
  return {kPortLocal, 0};
}

}  // namespace alloclab
