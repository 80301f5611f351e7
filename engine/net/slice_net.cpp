// slice_net.cpp — a cube-pod slice's own wiring (see slice_net.hpp).
#include "slice_net.hpp"
#include "../core/check.hpp"

namespace alloclab {

Topology slice_topology(const SliceWiring& w, Shape s) {
  ALLOCLAB_CHECK(w.pod && w.pod->cubes(), "slice_topology on a machine that is not a cube pod");
  if (s.area() < kCubeChips) return Topology(TopologyKind::Mesh, s.w, s.h, s.d);
  if (w.ocs) return Topology::wired(s.w, s.h, s.d, 7u, w.twist && Topology::twistable(s.w, s.h, s.d));
  const unsigned wraps = unsigned(s.w == w.pod->width) | unsigned(s.h == w.pod->height) << 1 | unsigned(s.d == w.pod->depth) << 2;
  return Topology::wired(s.w, s.h, s.d, wraps, false);
}

}  // namespace alloclab
