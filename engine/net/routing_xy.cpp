// routing_xy.cpp — XY dimension-order routing on a mesh (first x, then y); Dally & Seitz 1987.
//
// Dimension order on a mesh has no cyclic channel dependency, so one virtual channel per
// physical channel suffices (vc is always 0). Minimal: every hop reduces |dx| or |dy| by one.
#include "routing.hpp"

namespace alloclab {

RouteChoice route_xy(const Topology&, Coord c, Coord d, int, int, unsigned) {
  if (d.x > c.x) return {kPortRight, 0};
  if (d.x < c.x) return {kPortLeft, 0};
  if (d.y > c.y) return {kPortUp, 0};
  if (d.y < c.y) return {kPortDown, 0};
  return {kPortLocal, 0};
}

}  // namespace alloclab
