// routing.cpp — the one table of routing functions (see routing.hpp); each function lives in its
// own routing_*.cpp.
#include "routing.hpp"
#include "../core/table.hpp"
#include "../core/check.hpp"

namespace alloclab {

// One per routing_*.cpp.
RouteChoice route_xy(const Topology&, Coord, Coord, int, int, unsigned);
RouteChoice route_yx(const Topology&, Coord, Coord, int, int, unsigned);
RouteChoice route_west_first(const Topology&, Coord, Coord, int, int, unsigned);
RouteChoice route_dateline(const Topology&, Coord, Coord, int, int, unsigned);
RouteChoice route_dateline_yx(const Topology&, Coord, Coord, int, int, unsigned);
RouteChoice route_xyz(const Topology&, Coord, Coord, int, int, unsigned);
RouteChoice route_dateline_xyz(const Topology&, Coord, Coord, int, int, unsigned);
RouteChoice route_twisted(const Topology&, Coord, Coord, int, int, unsigned);

namespace {
// The first row defined on a topology (kind and dimensions) is its default (`routing=auto`).
const RoutingInfo kRouting[] = {
    {.id = "xy", .route = route_xy, .help = "XY dimension order: first x, then y (Dally & Seitz 1987)",
     .vcs = 1, .minimal = true, .adaptive = false, .mesh = true, .torus = false, .dims = 2},
    {.id = "yx", .route = route_yx, .help = "YX dimension order: first y, then x (Dally & Seitz 1987)",
     .vcs = 1, .minimal = true, .adaptive = false, .mesh = true, .torus = false, .dims = 2},
    {.id = "west-first", .route = route_west_first,
     .help = "west-first turn model: west hops first, then east/north/south adaptively, free port first (Glass & Ni 1992)",
     .vcs = 1, .minimal = true, .adaptive = true, .mesh = true, .torus = false, .dims = 2},
    {.id = "dateline", .route = route_dateline,
     .help = "dimension order x then y, each ring the shorter way round (ties +), 2 dateline VCs (Dally & Seitz 1987)",
     .vcs = 2, .minimal = true, .adaptive = false, .mesh = false, .torus = true, .dims = 2},
    {.id = "dateline-yx", .route = route_dateline_yx,
     .help = "dimension order y then x, each ring the shorter way round (ties +), 2 dateline VCs (Dally & Seitz 1987)",
     .vcs = 2, .minimal = true, .adaptive = false, .mesh = false, .torus = true, .dims = 2},
    {.id = "xyz", .route = route_xyz, .help = "XYZ dimension order: first x, then y, then z (Dally & Seitz 1987)",
     .vcs = 1, .minimal = true, .adaptive = false, .mesh = true, .torus = false, .dims = 3},
    {.id = "dateline-xyz", .route = route_dateline_xyz,
     .help = "dimension order x, y, then z, each ring the shorter way round (ties +), 2 dateline VCs (Dally & Seitz 1987)",
     .vcs = 2, .minimal = true, .adaptive = false, .mesh = false, .torus = true, .dims = 3},
    {.id = "twisted", .route = route_twisted,
     .help = "twisted 3D torus (a k×k×2k or k×2k×2k slice, twist=on): dimension order x, y, z, each straight or over its "
             "wrap link (which shifts the long sides by k), whichever is shorter in all, 2 dateline VCs (Jouppi et al. 2023; "
             "Dally & Seitz 1987)",
     .vcs = 2, .minimal = false, .adaptive = false, .mesh = false, .torus = true, .dims = 3, .twisted = true},
};
}  // namespace

std::span<const RoutingInfo> routing_functions() { return kRouting; }

const RoutingInfo* find_routing(std::string_view id) { return find_by_id(routing_functions(), id); }

bool routing_defined_on(const RoutingInfo& r, const Topology& t) {
  return (t.wraps() ? r.torus : r.mesh) && r.dims == t.dims() && r.twisted == t.twisted();
}

const RoutingInfo& default_routing(const Topology& t) {
  for (const RoutingInfo& r : kRouting)
    if (routing_defined_on(r, t)) return r;
  ALLOCLAB_CHECK(false, "no routing function for this topology");
  return kRouting[0];
}

const RoutingInfo* routing_for(std::string_view id, const Topology& t) {
  if (id == "auto") return &default_routing(t);
  const RoutingInfo* r = find_routing(id);
  return r && routing_defined_on(*r, t) ? r : nullptr;
}

std::string routing_unsupported(std::string_view id, const Topology& t) {
  if (routing_for(id, t)) return {};
  // appended piecewise (a chain of operator+ trips GCC 12's false -Wrestrict warning)
  const std::string_view on = t.dims() == 3 ? (t.wraps() ? "the 3D torus" : "the 3D mesh")
                                            : (t.wraps() ? "the torus" : "the mesh");
  std::string why(find_routing(id) ? "'" : "unknown '");
  why.append(id).append(find_routing(id) ? "' is not defined on " : "'");
  if (find_routing(id)) why.append(on);
  why.append("; allowed on ").append(on).append(": auto");
  for (const RoutingInfo& r : kRouting)
    if (routing_defined_on(r, t)) why.append(", ").append(r.id);
  return why;
}

RouteChoice route(const Topology& t, int current, int dest, int in_port, int in_vc) {
  return route(t, t.coord(current), t.coord(dest), in_port, in_vc);
}

RouteChoice route(const Topology& t, Coord c, Coord d, int in_port, int in_vc) {
  return default_routing(t).route(t, c, d, in_port, in_vc, kAllPortsFree);
}

int route_hops(const RoutingInfo& r, const Topology& t, Coord src, Coord dst) {
  if (r.minimal) return t.distance(src, dst);
  const int local = local_port(t.dims());
  int hops = 0, port = local, vc = 0;
  for (Coord c = src;; ++hops) {
    const RouteChoice rc = r.route(t, c, dst, port, vc, kAllPortsFree);
    if (rc.port == local) return hops;
    ALLOCLAB_CHECK(hops <= 4 * t.nodes(), "routing '%.*s' does not reach its destination", int(r.id.size()), r.id.data());
    const int nb = t.neighbours6(t.id(c.x, c.y, c.z))[std::size_t(rc.port)];
    c = t.coord(nb);
    port = opposite_port(rc.port);
    vc = rc.vc;
  }
}

}  // namespace alloclab
