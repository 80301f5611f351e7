// routing_dateline.cpp — dimension-order routing on a 2D torus (x, then y), each dimension the
// shorter way round, with two dateline virtual channels (Dally & Seitz 1987); also the one hop
// of a dimension that the other dateline rows share (y then x, routing_dateline_yx.cpp; x, y,
// then z on the 3D torus, routing_dateline_xyz.cpp).
//
// In each dimension the shorter way round; on a tie (the destination exactly half way round an
// even ring) the positive direction (+x / +y / +z). Deadlock freedom uses two dateline VCs per
// physical channel: the dateline of each ring is its wrap link (x = W-1 ↔ 0, y = H-1 ↔ 0,
// z = D-1 ↔ 0). A
// packet enters each dimension on VC0, moves to VC1 on the hop that crosses the wrap link and
// stays on VC1 for the rest of that dimension; turning into another dimension resets it to
// VC0. VC0 channels then never feed the wrap link and VC1 channels never reach it again (a
// shortest route crosses a ring's wrap at most once), so each ring's channel dependency graph is
// acyclic, and dimension order makes the whole graph acyclic. Minimal: the shorter way round is
// the distance. A dimension of a slice's wiring without wrap links (Topology::wired) is a line:
// the packet goes straight, on VC0 (it never crosses a wrap link).
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
  // Per dimension: coordinates, ring length and the link ports going + and - (routing.hpp).
  const int at = dim == 0 ? c.x : dim == 1 ? c.y : c.z, to = dim == 0 ? d.x : dim == 1 ? d.y : d.z;
  const int n = dim == 0 ? t.width() : dim == 1 ? t.height() : t.depth();
  constexpr int plus[3] = {kPortRight, kPortUp, kPortPlusZ}, minus[3] = {kPortLeft, kPortDown, kPortMinusZ};
  // A dimension without wrap links (a slice's mesh line, slice_net.hpp) goes straight there.
  const int dir = t.wraps_dim(dim) ? ring_direction(at, to, n) : (to > at ? +1 : -1);
  // Input port and output port in one dimension: the packet is already travelling along this ring.
  const bool same_dim = in_port == plus[dim] || in_port == minus[dim];
  const bool crosses = dir > 0 ? at == n - 1 : at == 0;
  return {dir > 0 ? plus[dim] : minus[dim], ((same_dim ? in_vc : 0) | (crosses ? 1 : 0))};
}

RouteChoice route_dateline(const Topology& t, Coord c, Coord d, int in_port, int in_vc, unsigned) {
  if (c.x != d.x) return dateline_hop(t, c, d, 0, in_port, in_vc);
  if (c.y != d.y) return dateline_hop(t, c, d, 1, in_port, in_vc);
  return {kPortLocal, 0};
}

}  // namespace alloclab
