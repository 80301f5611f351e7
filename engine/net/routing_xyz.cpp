// routing_xyz.cpp — XYZ dimension-order routing on a 3D mesh (first x, then y, then z); Dally &
// Seitz 1987, the 2D XY rule (routing_xy.cpp) with a third dimension.
//
// Every packet finishes its x hops before any y hop and its y hops before any z hop, so a
// channel of a later dimension never waits for one of an earlier dimension: the channel
// dependency graph is acyclic and one virtual channel per physical channel suffices (vc is
// always 0). Minimal: every hop reduces |dx|, |dy| or |dz| by one.
#include "routing.hpp"

namespace alloclab {

RouteChoice route_xyz(const Topology&, Coord c, Coord d, int, int, unsigned) {
  if (d.x > c.x) return {kPortRight, 0};
  if (d.x < c.x) return {kPortLeft, 0};
  if (d.y > c.y) return {kPortUp, 0};
  if (d.y < c.y) return {kPortDown, 0};
  if (d.z > c.z) return {kPortPlusZ, 0};
  if (d.z < c.z) return {kPortMinusZ, 0};
  return {kPortLocal3, 0};
}

}  // namespace alloclab
