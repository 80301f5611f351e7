// routing.cpp — XY dimension-order routing on the mesh; shortest-way dimension order with
// dateline VCs on the torus (the rules are documented in routing.hpp).
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

RouteChoice route(const Topology& t, int current, int dest, int in_port, int in_vc) {
  return route(t, t.coord(current), t.coord(dest), in_port, in_vc);
}

RouteChoice route(const Topology& t, Coord c, Coord d, int in_port, int in_vc) {
  if (!t.wraps()) {
    if (d.x > c.x) return {kPortRight, 0};
    if (d.x < c.x) return {kPortLeft, 0};
    if (d.y > c.y) return {kPortUp, 0};
    if (d.y < c.y) return {kPortDown, 0};
    return {kPortLocal, 0};
  }
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
