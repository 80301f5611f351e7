// routing.hpp — the network's routing functions: pure, deterministic, tested alone, one file
// each (routing_*.cpp), registered in one table (routing.cpp) like the strategies; the key
// `routing` picks a row (`auto`, the default, is the first row defined on the topology).
//
// Ports (router-local numbering): the 2·dims link ports first, then the local port
// (injection / ejection), so 5 ports in 2D and 7 in 3D:
//   0 = right (+x), 1 = up (+y), 2 = left (-x), 3 = down (-y),   (2D: 4 = local)
//   4 = +z, 5 = -z,                                             (3D: 6 = local)
// matching the neighbour order of Topology (+x, +y, -x, -y, +z, -z). An *input* port is named
// after the neighbour it comes from: a packet travelling +x enters its next router through that
// router's input port 2 (left), one travelling +z through port 5 (-z).
//
// A routing function gets the current router and the destination (coordinates), the input port
// and VC the head flit arrived on (kPortLocal, 0 when just injected) and `free_ports`, and
// returns the output port and output VC. Its row says how many VCs per physical channel it
// needs (the network builds that many), on which topologies and in how many dimensions it is
// defined and deadlock-free (a 2D row on a 3D machine is refused, and the reverse), whether it is
// minimal (every hop brings the packet one step closer, so a route is `distance` hops long; the
// network walks the route of a non-minimal function to know its length) and whether it is
// adaptive.
//
// Adaptive routing in this flit-level model: the function chooses among the output ports its
// rule permits, once per router, when the head reaches the front of its input buffer (the
// route is then fixed while the routing delay runs, as for any function). `free_ports` is what
// the router knows at that moment: bit q is set when an output VC of link port q is free (no
// packet holds it) and has a credit. A deterministic function ignores it; an adaptive one
// prefers a permitted port in it, with a fixed tie rule, so a run stays a pure function of the
// scenario (the router's own state only, read in a fixed event order).
//
// Adding a routing function: one file routing_NAME.cpp defining it, one row in routing.cpp.
#pragma once
#include <span>
#include <string>
#include <string_view>
#include "../topology/topology.hpp"

namespace alloclab {

enum NetPort : int { kPortRight = 0, kPortUp = 1, kPortLeft = 2, kPortDown = 3, kPortPlusZ = 4, kPortMinusZ = 5 };
// The local port of a router with `dims` dimensions: after its 2·dims link ports.
constexpr int local_port(int dims) { return 2 * dims; }
inline constexpr int kPortLocal = local_port(2);    // a 2D router's local port (4)
inline constexpr int kPortLocal3 = local_port(3);   // a 3D router's local port (6)
inline constexpr int kMaxLinkPorts = 6;
// free_ports with every link port free (a packet alone; route_hops and the tests use it).
inline constexpr unsigned kAllPortsFree = (1u << kMaxLinkPorts) - 1;

// The link port on the other end of a link: right ↔ left, up ↔ down, +z ↔ -z (link ports only).
constexpr int opposite_port(int p) { return p ^ (p < 4 ? 2 : 1); }

struct RouteChoice {
  int port = kPortLocal;  // output port
  int vc = 0;             // output virtual channel on that port (0 for the local ejection port)
  bool operator==(const RouteChoice&) const = default;
};

using RoutingFn = RouteChoice (*)(const Topology& t, Coord current, Coord dest, int in_port, int in_vc,
                                  unsigned free_ports);

struct RoutingInfo {
  std::string_view id;
  RoutingFn route;
  std::string_view help;  // one line, naming the source
  int vcs;                // virtual channels per physical channel it needs: 1 or 2 (the network
                          // specialises its hot path on these)
  bool minimal;           // every hop reduces the distance to the destination by one
  bool adaptive;          // the choice depends on free_ports (else a pure function of the route)
  bool mesh, torus;       // topologies it is defined (and deadlock-free) on
  int dims;               // the machines' dimensions it is defined on: 2 (depth 1) or 3
  bool twisted = false;   // defined on twisted tori (a slice's wiring, Topology::wired) only; the
                          // other rows are not defined on them
};

// The table, in the order `alloclab list` shows it.
std::span<const RoutingInfo> routing_functions();
const RoutingInfo* find_routing(std::string_view id);
// The routing function `routing=auto` means on this topology: the first row defined on it.
const RoutingInfo& default_routing(const Topology& t);
// Whether row r is defined on the topology.
bool routing_defined_on(const RoutingInfo& r, const Topology& t);
// The value of the key `routing` resolved on a topology: `auto` is default_routing(t), an id
// defined on it its row; nullptr for an unknown id or one not defined on the topology.
const RoutingInfo* routing_for(std::string_view id, const Topology& t);
// Why `routing=id` cannot run on the topology, naming the ids that can ("" = it can).
std::string routing_unsupported(std::string_view id, const Topology& t);

// Virtual channels per physical channel of the default routing: 1 on a mesh, 2 on a torus.
inline int net_vcs(const Topology& t) { return default_routing(t).vcs; }

// Where a head flit at router `current`, bound for `dest`, goes next under the default routing
// of the topology, every port free. `in_port`/`in_vc`: where it arrived (kPortLocal, 0 when
// just injected).
RouteChoice route(const Topology& t, int current, int dest, int in_port, int in_vc);
RouteChoice route(const Topology& t, Coord current, Coord dest, int in_port, int in_vc);

// Links a packet crosses from src to dst under routing function r, every port free (the
// distance for a minimal function; a non-minimal one is walked hop by hop).
int route_hops(const RoutingInfo& r, const Topology& t, Coord src, Coord dst);

// One hop of dimension-order routing on a torus ring with dateline VCs, in dimension `dim`
// (0 = x, 1 = y, 2 = z), where current and dest differ (routing_dateline.cpp; every dateline
// row uses it).
RouteChoice dateline_hop(const Topology& t, Coord c, Coord d, int dim, int in_port, int in_vc);

}  // namespace alloclab
