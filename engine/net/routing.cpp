// routing.cpp — the one table of routing functions (see routing.hpp); each function lives in its
// own routing_*.cpp.
#include "routing.hpp"
#include "../core/table.hpp"
#include "../core/check.hpp"

namespace alloclab {

// One per routing_*.cpp.
RouteChoice route_xy(const Topology&, Coord, Coord, int, int);
RouteChoice route_dateline(const Topology&, Coord, Coord, int, int);

namespace {
// clang-format off
const RoutingInfo kRouting[] = {
  // id          function        help                                                                         vcs minimal mesh   torus
  {"xy",        route_xy,       "XY dimension order: first x, then y (mesh)",                                 1,  true,   true,  false},
  {"dateline",  route_dateline, "dimension order, each ring the shorter way round (ties +), 2 dateline VCs (torus)", 2, true, false, true},
};
// clang-format on
}  // namespace

std::span<const RoutingInfo> routing_functions() { return kRouting; }

const RoutingInfo* find_routing(std::string_view id) { return find_by_id(routing_functions(), id); }

const RoutingInfo& default_routing(const Topology& t) {
  for (const RoutingInfo& r : kRouting)
    if (t.wraps() ? r.torus : r.mesh) return r;
  ALLOCLAB_CHECK(false, "no routing function for this topology");
  return kRouting[0];
}

RouteChoice route(const Topology& t, int current, int dest, int in_port, int in_vc) {
  return route(t, t.coord(current), t.coord(dest), in_port, in_vc);
}

RouteChoice route(const Topology& t, Coord c, Coord d, int in_port, int in_vc) {
  return default_routing(t).route(t, c, d, in_port, in_vc);
}

int route_hops(const RoutingInfo& r, const Topology& t, Coord src, Coord dst) {
  if (r.minimal) return t.distance(src, dst);
  int hops = 0, port = kPortLocal, vc = 0;
  for (Coord c = src;; ++hops) {
    const RouteChoice rc = r.route(t, c, dst, port, vc);
    if (rc.port == kPortLocal) return hops;
    ALLOCLAB_CHECK(hops <= 4 * t.nodes(), "routing '%.*s' does not reach its destination", int(r.id.size()), r.id.data());
    const int nb = t.neighbours(t.id(c.x, c.y))[std::size_t(rc.port)];
    c = t.coord(nb);
    port = opposite_port(rc.port);
    vc = rc.vc;
  }
}

}  // namespace alloclab
