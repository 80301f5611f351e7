// traffic_overlay.cpp — the traffic overlay hook (see traffic_overlay.hpp). The engine's
// Simulation has no network view yet (the network module is being integrated): nothing to
// draw. The link geometry helper below is what the overlay will use: the segment between the
// centres of two neighbouring nodes (a wrap-around link is drawn as two stubs at the edges).
#include "traffic_overlay.hpp"

namespace alloclab::app {

bool traffic_available(const Simulation&) { return false; }

void draw_traffic_overlay(ImDrawList*, const CanvasGeom&, const Simulation&, JobId) {}

}  // namespace alloclab::app
