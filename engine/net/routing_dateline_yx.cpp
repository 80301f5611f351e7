// routing_dateline_yx.cpp — dimension-order routing on a torus, y first, then x, each dimension
// the shorter way round, with two dateline VCs (Dally & Seitz 1987): the dateline row's mirror
// image, deadlock-free by the same argument (routing_dateline.cpp, whose dateline_hop it uses).
#include "routing.hpp"

namespace alloclab {

RouteChoice route_dateline_yx(const Topology& t, Coord c, Coord d, int in_port, int in_vc, unsigned) {
  if (c.y != d.y) return dateline_hop(t, c, d, 1, in_port, in_vc);
  if (c.x != d.x) return dateline_hop(t, c, d, 0, in_port, in_vc);
  return {kPortLocal, 0};
}

}  // namespace alloclab
