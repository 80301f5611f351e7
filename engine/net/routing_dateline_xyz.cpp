// routing_dateline_xyz.cpp — dimension-order routing on a 3D torus, x, then y, then z, each
// dimension the shorter way round (ties +), with two dateline virtual channels per physical
// channel (Dally & Seitz 1987): the 2D dateline row (routing_dateline.cpp, whose dateline_hop
// it uses) with a third dimension.
//
// The dateline rule holds per dimension: a packet enters each ring on VC0, moves to VC1 on the
// hop that crosses that ring's wrap link and keeps VC1 for the rest of the ring; turning into
// the next dimension resets it to VC0. Each ring's channel dependencies are then acyclic (a
// shortest route crosses a ring's wrap at most once), and dimension order x → y → z never makes
// a channel of an earlier dimension wait for a later one, so the whole graph is acyclic.
#include "routing.hpp"

namespace alloclab {

RouteChoice route_dateline_xyz(const Topology& t, Coord c, Coord d, int in_port, int in_vc, unsigned) {
  if (c.x != d.x) return dateline_hop(t, c, d, 0, in_port, in_vc);
  if (c.y != d.y) return dateline_hop(t, c, d, 1, in_port, in_vc);
  if (c.z != d.z) return dateline_hop(t, c, d, 2, in_port, in_vc);
  return {kPortLocal3, 0};
}

}  // namespace alloclab
