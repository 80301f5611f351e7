// routing_dateline.cpp — dimension-order routing on a torus (x, then y), each dimension the
// shorter way round, with two dateline virtual channels (Dally & Seitz 1987); also the one hop
// of a dimension that the y-then-x row (routing_dateline_yx.cpp) shares.
//
// In each dimension the shorter way round; on a tie (the destination exactly half way round an
// even ring) the positive direction (+x / +y). Deadlock freedom uses two dateline VCs per
// physical channel: the dateline of each ring is its wrap link (x = W-1 ↔ 0, y = H-1 ↔ 0). A
// packet enters each dimension on VC0, moves to VC1 on the hop that crosses the wrap link and
// stays on VC1 for the rest of that dimension; turning into the other dimension resets it to
// VC0. VC0 channels then never feed the wrap link and VC1 channels never reach it again (a
// shortest route crosses a ring's wrap at most once), so each ring's channel dependency graph is
// acyclic, and dimension order makes the whole graph acyclic. Minimal: the shorter way round is
// the distance.
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

RouteChoice dateline_hop(const Topology& t, Coord c, Coord d, int dim, int in_port, int in_vc) {
  const int at = dim ? c.y : c.x, to = dim ? d.y : d.x, n = dim ? t.height() : t.width();
  const int dir = ring_direction(at, to, n);
  const bool same_dim = dim ? in_port == kPortUp || in_port == kPortDown : in_port == kPortLeft || in_port == kPortRight;
  const bool crosses = dir > 0 ? at == n - 1 : at == 0;
  const int port = dim ? (dir > 0 ? kPortUp : kPortDown) : (dir > 0 ? kPortRight : kPortLeft);
  return {port, ((same_dim ? in_vc : 0) | (crosses ? 1 : 0))};
}

RouteChoice route_dateline(const Topology& t, Coord c, Coord d, int in_port, int in_vc, unsigned) {
  if (c.x != d.x) return dateline_hop(t, c, d, 0, in_port, in_vc);
  if (c.y != d.y) return dateline_hop(t, c, d, 1, in_port, in_vc);
  return {kPortLocal, 0};
}

}  // namespace alloclab
