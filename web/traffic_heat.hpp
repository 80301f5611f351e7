// traffic_heat.hpp — the network traffic overlay in aggregate form, for when the per-link
// drawing (traffic_overlay.hpp) would be illegible or too heavy: cells smaller than 6 px or
// machines larger than 128×128. One texture of 2W × 2H texels, four per node (row 0 at the
// bottom, as on the canvas):
//     [ north link ][    —    ]      north link = the channel pair to the node above,
//     [   router   ][east link]      east link  = the channel pair to the node on the right
// A link texel shows the *current* load — an exponential moving average of the flits per
// cycle it carried since the previous frame (both directions: the busier one) — from clear
// (idle) through blue, yellow to red (a flit every cycle); bright red when a packet is blocked
// on it now. A router texel is white when flits are buffered there. Drawn over the occupancy,
// dimmed, so the jobs stay visible underneath. Recomputed and re-uploaded when the network
// moved, at most 10 times a second.
#pragma once
#include <cstdint>
#include <vector>
#include "gl_texture.hpp"
#include "mesh_canvas.hpp"

namespace alloclab::app {

class TrafficHeat {
 public:
  // True when the per-link drawing is not legible at this zoom: use this class instead.
  static bool wanted(const CanvasGeom& g) { return g.cell < 6.0f || g.W * g.H > 128 * 128; }
  void draw(ImDrawList* dl, const CanvasGeom& g, const Network& net);
  // Frees the GL texture (GL context current).
  void shutdown();

 private:
  RgbaTexture texture_;
  std::int64_t last_cycle_ = -1;
  double last_update_ = -1;  // ImGui time of the last recomputation
  std::vector<std::uint64_t> prev_flits_;  // link_flits() at the previous upload
  std::vector<float> load_;                // moving average of flits/cycle per link
  std::vector<std::uint32_t> pixels_;
  std::vector<std::uint8_t> blocked_;      // per node: bit p = link p blocked now
};

}  // namespace alloclab::app
