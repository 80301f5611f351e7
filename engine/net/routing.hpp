// routing.hpp — the network's routing functions: pure, deterministic, tested alone.
//
// Ports (router-local numbering, matching Topology::neighbours()):
//   0 = right (+x), 1 = up (+y), 2 = left (-x), 3 = down (-y), 4 = local (injection / ejection).
// An *input* port is named after the neighbour it comes from: a packet travelling +x enters its
// next router through that router's input port 2 (left).
//
// Mesh: XY dimension-order routing (first x, then y). Dimension order on a mesh has no cyclic
// channel dependency, so one virtual channel per physical channel suffices (vc is always 0).
//
// Torus: dimension order as well, in each dimension the shorter way round; on a tie (the
// destination exactly half way round an even ring) the positive direction (+x / +y). Deadlock
// freedom uses two dateline VCs per physical channel: the dateline of each ring is its wrap link
// (x = W-1 ↔ 0, y = H-1 ↔ 0). A packet enters each dimension on VC0, moves to VC1 on the hop
// that crosses the wrap link and stays on VC1 for the rest of that dimension; turning from x into
// y resets it to VC0. VC0 channels then never feed the wrap link and VC1 channels never reach it
// again (a shortest route crosses a ring's wrap at most once), so each ring's channel dependency
// graph is acyclic, and dimension order makes the whole graph acyclic.
#pragma once
#include "../topology/topology.hpp"

namespace alloclab {

enum NetPort : int { kPortRight = 0, kPortUp = 1, kPortLeft = 2, kPortDown = 3, kPortLocal = 4 };
inline constexpr int kNetPorts = 5;

// The port on the other end of a link: right ↔ left, up ↔ down.
constexpr int opposite_port(int p) { return p < 4 ? (p + 2) & 3 : p; }

// Virtual channels per physical channel: 1 on a mesh, 2 (dateline) on a torus.
inline int net_vcs(const Topology& t) { return t.wraps() ? 2 : 1; }

struct RouteChoice {
  int port = kPortLocal;  // output port
  int vc = 0;             // output virtual channel on that port (0 for the local ejection port)
  bool operator==(const RouteChoice&) const = default;
};

// Where a head flit at router `current`, bound for `dest`, goes next. `in_port` is the input port
// it arrived on (kPortLocal when just injected) and `in_vc` the VC it arrived on: the torus needs
// both to know whether the packet is continuing in the dimension whose dateline it already crossed.
RouteChoice route(const Topology& t, int current, int dest, int in_port, int in_vc);
// The same from coordinates (the network keeps them per node, so routing needs no division).
RouteChoice route(const Topology& t, Coord current, Coord dest, int in_port, int in_vc);

}  // namespace alloclab
