// routing.hpp — the network's routing functions: pure, deterministic, tested alone, one file
// each (routing_*.cpp), registered in one table (routing.cpp) like the strategies.
//
// Ports (router-local numbering, matching Topology::neighbours()):
//   0 = right (+x), 1 = up (+y), 2 = left (-x), 3 = down (-y), 4 = local (injection / ejection).
// An *input* port is named after the neighbour it comes from: a packet travelling +x enters its
// next router through that router's input port 2 (left).
//
// A routing function gets the current router and the destination (coordinates), the input port
// and VC the head flit arrived on (kPortLocal, 0 when just injected), and returns the output port
// and output VC. Its row says how many VCs per physical channel it needs (the network builds
// that many), on which topologies it is deadlock-free, and whether it is minimal (every hop
// brings the packet one step closer, so a route is `distance` hops long; the network walks the
// route of a non-minimal function to know its length).
//
// Adding a routing function: one file routing_NAME.cpp defining it, one row in routing.cpp.
#pragma once
#include <span>
#include <string_view>
#include "../topology/topology.hpp"

namespace alloclab {

enum NetPort : int { kPortRight = 0, kPortUp = 1, kPortLeft = 2, kPortDown = 3, kPortLocal = 4 };
inline constexpr int kNetPorts = 5;

// The port on the other end of a link: right ↔ left, up ↔ down.
constexpr int opposite_port(int p) { return p < 4 ? (p + 2) & 3 : p; }

struct RouteChoice {
  int port = kPortLocal;  // output port
  int vc = 0;             // output virtual channel on that port (0 for the local ejection port)
  bool operator==(const RouteChoice&) const = default;
};

using RoutingFn = RouteChoice (*)(const Topology& t, Coord current, Coord dest, int in_port, int in_vc);

struct RoutingInfo {
  std::string_view id;
  RoutingFn route;
  std::string_view help;  // one line
  int vcs;                // virtual channels per physical channel it needs: 1 or 2 (the network
                          // specialises its hot path on these)
  bool minimal;           // every hop reduces the distance to the destination by one
  bool mesh, torus;       // topologies it is defined (and deadlock-free) on
};

// The table, in the order `alloclab list` shows it.
std::span<const RoutingInfo> routing_functions();
const RoutingInfo* find_routing(std::string_view id);
// The routing function the network uses on this topology: the first row defined on it.
const RoutingInfo& default_routing(const Topology& t);

// Virtual channels per physical channel of the default routing: 1 on a mesh, 2 on a torus.
inline int net_vcs(const Topology& t) { return default_routing(t).vcs; }

// Where a head flit at router `current`, bound for `dest`, goes next under the default routing
// of the topology. `in_port`/`in_vc`: where it arrived (kPortLocal, 0 when just injected).
RouteChoice route(const Topology& t, int current, int dest, int in_port, int in_vc);
RouteChoice route(const Topology& t, Coord current, Coord dest, int in_port, int in_vc);

// Links a packet crosses from src to dst under routing function r (the distance for a minimal
// function; a non-minimal one is walked hop by hop).
int route_hops(const RoutingInfo& r, const Topology& t, Coord src, Coord dst);

}  // namespace alloclab
