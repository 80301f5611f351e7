// traffic_overlay.hpp — the network traffic overlay on the occupancy canvas.
// Simulation::network() is the engine's const view of the wormhole network (per-link flit
// counts, link states Idle/Busy/Blocked, flits in routers); draw_traffic_overlay() draws on top
// of the mesh: per-link load as a heat map on the links between node centres, flits in
// flight, a marker on blocked channels. Without a network (pattern = none)
// traffic_available() is false and the Mesh window shows its "traffic" toggle disabled.
#pragma once
#include "mesh_canvas.hpp"

namespace alloclab::app {

// Whether the simulation has a network view to draw.
bool traffic_available(const Simulation& sim);
// Draws the overlay into the canvas rectangle g (clipped to it); `pinned` highlights one job.
void draw_traffic_overlay(ImDrawList* dl, const CanvasGeom& g, const Simulation& sim, JobId pinned);

}  // namespace alloclab::app
