// traffic_overlay.hpp — the network traffic overlay on the occupancy canvas.
// Simulation::network() is the engine's const view of the wormhole network (per-link flit
// counts, link states Idle/Busy/Blocked, flits in routers); draw_traffic_overlay() draws on top
// of the mesh: per-link load as a heat map on the links between node centres, flits in
// flight, a marker on blocked channels, and — when a job is pinned — that job's channels
// (Network::channels_of) as bright arrows with a legend line. Without a network (pattern = none)
// traffic_available() is false and the Mesh window shows its "traffic" toggle disabled.
#pragma once
#include "app_state.hpp"
#include "mesh_canvas.hpp"

namespace alloclab::app {

// Whether the simulation has a network view to draw.
bool traffic_available(const Simulation& sim);
// Draws the overlay into the canvas rectangle g (clipped to it); `pinned` (or kNoJob) is the job
// whose channels are highlighted. Returns what was drawn for it.
PinnedTraffic draw_traffic_overlay(ImDrawList* dl, const CanvasGeom& g, const Simulation& sim, JobId pinned);
// Only the pinned job's channels and the legend line (also over the aggregate heat texture of
// traffic_heat.hpp).
PinnedTraffic draw_pinned_traffic(ImDrawList* dl, const CanvasGeom& g, const Network& net, JobId job);

}  // namespace alloclab::app
