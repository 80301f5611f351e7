// routing_west_first.cpp — west-first routing on a mesh, minimal and adaptive: the turn model of
// Glass & Ni 1992 ("The turn model for adaptive routing", ISCA 1992, §3: west-first).
//
// The turn model forbids the two turns into the west (-x) direction (north→west and
// south→west), which breaks every cycle of channel dependencies on a mesh with one virtual
// channel. A packet whose destination lies to the west therefore makes all its west hops first
// (deterministically); otherwise it may take any productive direction among east, north and
// south, and never needs west again. Minimal: every hop is productive.
//
// Selection (the paper leaves it open; choices made here): among the permitted directions,
// those in `free_ports` (an output VC free and with a credit at this router, routing.hpp) come
// first; among equals, the dimension with more hops left (keeping both dimensions open for
// later choices), and on a tie x before y. With every port free the route is the staircase that
// tie rule draws, so a packet alone takes `distance` hops and the zero-load latency of any
// minimal route.
#include "routing.hpp"

namespace alloclab {

RouteChoice route_west_first(const Topology&, Coord c, Coord d, int, int, unsigned free_ports) {
  if (d.x < c.x) return {kPortLeft, 0};  // west first, no choice
  const int dx = d.x - c.x, dy = d.y > c.y ? d.y - c.y : c.y - d.y;
  const int y_port = d.y > c.y ? kPortUp : kPortDown;
  if (dx == 0) return dy == 0 ? RouteChoice{kPortLocal, 0} : RouteChoice{y_port, 0};
  if (dy == 0) return {kPortRight, 0};
  // Both east and y are productive.
  const bool x_free = free_ports >> kPortRight & 1u, y_free = free_ports >> y_port & 1u;
  if (x_free != y_free) return {x_free ? kPortRight : y_port, 0};
  return {dy > dx ? y_port : kPortRight, 0};
}

}  // namespace alloclab
