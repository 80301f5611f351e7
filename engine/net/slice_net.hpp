// slice_net.hpp — the network a collective runs on in a cube pod (TPU v4, v5p; pod/pods.hpp):
// each slice's own wiring, as a Topology of the slice's shape (docs/model/pods.md, "Collective
// traffic on cube pods").
//
// Inside a cube the chips are joined by fixed links; a slice of whole cubes gets its torus links
// through the optical circuit switches (ocs=on) or from the pod's fixed torus (ocs=off). Every
// link a slice's collective uses belongs to that slice alone: a sub-cube slice's links lie inside
// its block; with ocs=on the circuits wire the slice's own cubes to each other (TPU v4: a slice's
// circuits carry only its traffic); with ocs=off a slice is a block of the fixed torus and has
// a wrap link only along a dimension it spans whole, whose ring is then entirely its own. So no
// two slices share a link, and the flit network simulates each running collective on a network
// of its own — the slice's shape, wired as below, chip (x, y, z) of the slice at node (x, y, z):
//   - a sub-cube slice (fewer than 64 chips): a mesh (each ring on a mesh line goes out and back);
//   - whole cubes, ocs=on: a torus of the slice's shape (wrap links in every dimension); with
//     twist=on a k×k×2k or k×2k×2k slice is a twisted torus (Topology::wired, routing_twisted.cpp);
//   - whole cubes, ocs=off: wrap links only along the dimensions the slice spans whole (its side =
//     the pod's), a mesh line along the others (no twist: the fixed torus cannot be twisted).
// Each network routes by its wiring's default row (xyz on a mesh, dateline-xyz on a torus with
// some wrap links, twisted on a twisted torus; routing.hpp).
#pragma once
#include "../core/geometry.hpp"
#include "../pod/pods.hpp"
#include "../topology/topology.hpp"

namespace alloclab {

// How the slices of a cube pod are wired (pod == nullptr: not a cube pod; collectives then run on
// the machine's own network, as on the 2D pods).
struct SliceWiring {
  const PodInfo* pod = nullptr;
  bool ocs = true;     // key ocs
  bool twist = false;  // key twist: twistable slices of whole cubes as twisted tori (ocs=on)
};

// The topology of a slice of shape s on the cube pod (see the header).
Topology slice_topology(const SliceWiring& w, Shape s);

}  // namespace alloclab
