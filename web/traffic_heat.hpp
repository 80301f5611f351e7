// traffic_heat.hpp — the network traffic overlay in aggregate form, for when the per-link
// drawing (traffic_overlay.hpp) would be illegible or too heavy: cells smaller than 6 px or
// machines larger than 128×128. One texture of four texels per node (row 0 at the bottom, as on
// the canvas; a 3D machine's layers side by side as in the occupancy texture, LayerAtlas):
//     [ north link ][ +z link ]      north link = the channel pair to the node above,
//     [   router   ][east link]      east link  = the channel pair to the node on the right,
//                                    +z link    = the pair to the node one layer up (3D only)
// A link texel shows the *current* load — an exponential moving average of the flits per
// cycle it carried since its previous update (both directions: the busier one) — from clear
// (idle) through blue, yellow to red (a flit every cycle); bright red when a packet is blocked
// on it now. A router texel is white when flits are buffered there. Drawn over the occupancy,
// dimmed (a veil composed into every texel: one layer to blend, not two), so the jobs stay
// visible underneath.
// Updated in bands of node rows (about 4096 nodes each, so a 128×128 machine has four; a row of
// a 3D machine is a row of one layer, rows numbered z·H + y as node ids are): one
// band per frame when the network moved, the whole map at most 10 times a second, and only
// that band's texel rows uploaded. A frame does a bounded slice of the work (a whole 128×128
// map costs a frame about a millisecond of wasm) instead of every few frames all of it.
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
  // Draws the map into each tile of g (each layer of a 3D machine).
  void draw(ImDrawList* dl, const CanvasGeom& g, const Network& net);
  // Frees the GL texture (GL context current).
  void shutdown();

 private:
  // Recomputes node rows [r0, r1) (row r = z·H + y): their links' loads, blocked links, and
  // their texels (which read the neighbours' latest values). Returns the texel rows written.
  void update_rows(const Network& net, int r0, int r1, int& t0, int& t1);

  RgbaTexture texture_;
  LayerAtlas atlas_;         // where each layer's nodes are (texels: twice its size)
  int next_row_ = 0;         // the first node row of the next band
  double last_update_ = -1;  // ImGui time of the last band update
  std::vector<std::int64_t> row_cycle_;    // per node row: the network cycle of its last update
  std::vector<std::uint64_t> prev_flits_;  // link_flits() at each link's last update
  std::vector<float> load_;                // moving average of flits/cycle per link
  std::vector<std::uint32_t> pixels_;
  std::vector<std::uint8_t> blocked_;      // per node: bit p = link port p blocked (at its last update)
};

}  // namespace alloclab::app
