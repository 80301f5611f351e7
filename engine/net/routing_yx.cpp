// routing_yx.cpp — YX dimension-order routing on a mesh (first y, then x); Dally & Seitz 1987.
//
// XY's mirror image: dimension order in either order has no cyclic channel dependency on a
// mesh, so one virtual channel suffices (vc is always 0). Minimal.
#include "routing.hpp"

namespace alloclab {

RouteChoice route_yx(const Topology&, Coord c, Coord d, int, int, unsigned) {
  if (d.y > c.y) return {kPortUp, 0};
  if (d.y < c.y) return {kPortDown, 0};
  if (d.x > c.x) return {kPortRight, 0};
  if (d.x < c.x) return {kPortLeft, 0};
  return {kPortLocal, 0};
}

}  // namespace alloclab
