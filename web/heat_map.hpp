// heat_map.hpp — the network traffic overlay in aggregate form as texels (app core: no ImGui, no
// GL; tests/test_heat_map.cpp). traffic_heat.hpp uploads these texels and draws them over the
// mesh canvas when the per-link drawing (traffic_overlay.hpp) would be illegible or too heavy.
// Four texels per node (row 0 at the bottom, as on the canvas; a 3D machine's layers side by side
// as in the occupancy texture, LayerAtlas):
//     [ north link ][ +z link ]      north link = the channel pair to the node above,
//     [   router   ][east link]      east link  = the channel pair to the node on the right,
//                                    +z link    = the pair to the node one layer up (3D only)
// A link texel shows the *current* load — an exponential moving average of the flits per
// cycle it carried since its previous update (both directions: the busier one) — from the bare
// veil (idle) through blue, yellow to red (a flit every cycle); bright red when a packet is
// blocked on it now. A router texel is white when flits are buffered there. A link that does
// not exist (the mesh's edge) stays the veil. Every texel holds the veil (a dark translucent
// layer that dims the jobs underneath) with its colour composed on top, so the GPU blends one
// layer over the canvas instead of two.
// Updated in bands of node rows (about 4096 nodes each, so a 128×128 machine has four; a row of
// a 3D machine is a row of one layer, rows numbered z·H + y as node ids are): one band per
// frame when the network moved, the whole map at most 10 times a second. A frame does a
// bounded slice of the work instead of every few frames all of it.
#pragma once
#include "app_layer.hpp"
#include <cstdint>
#include <vector>
#include "net/network.hpp"
#include "owner_texels.hpp"

namespace alloclab::app {

// One texel as ImGui packs a colour (IM_COL32: red in the low byte, alpha in the high byte).
constexpr std::uint32_t texel_rgba(int r, int g, int b, int a) {
  return std::uint32_t(r) | std::uint32_t(g) << 8 | std::uint32_t(b) << 16 | std::uint32_t(a) << 24;
}

class HeatMap {
 public:
  static constexpr int kNodesPerBand = 4096;   // a band's work: ~0.2 ms of wasm
  static constexpr double kFullUpdateS = 0.1;  // the whole map at most this often
  static constexpr std::uint32_t kVeil = texel_rgba(8, 10, 14, 130);
  static constexpr std::uint32_t kBlocked = texel_rgba(255, 40, 40, 255);

  struct Rows {
    int first = 0, count = 0;  // texel rows [first, first + count) changed
  };
  // Brings the map up to date at time `now` (seconds) for the W×H×D machine whose network is
  // `net`: a new map (first call, other machine size or other network) is computed whole with
  // loads from zero; otherwise the next band of rows is recomputed when the network moved since
  // that band's last update and its turn has come (the whole map at most every kFullUpdateS).
  // Returns the texel rows that changed (count 0: none).
  Rows update(const Network& net, int W, int H, int D, double now);

  const LayerAtlas& atlas() const { return atlas_; }
  int width() const { return 2 * atlas_.width(); }  // texels
  int height() const { return 2 * atlas_.height(); }
  const std::uint32_t* data() const { return pixels_.data(); }
  // The texels of node (x, y, z): its router, east, north and +z link.
  std::uint32_t router_texel(int x, int y, int z) const { return at(2 * atlas_.texel_x(x, z), 2 * atlas_.texel_y(y, z) + 1); }
  std::uint32_t east_texel(int x, int y, int z) const { return at(2 * atlas_.texel_x(x, z) + 1, 2 * atlas_.texel_y(y, z) + 1); }
  std::uint32_t north_texel(int x, int y, int z) const { return at(2 * atlas_.texel_x(x, z), 2 * atlas_.texel_y(y, z)); }
  std::uint32_t up_texel(int x, int y, int z) const { return at(2 * atlas_.texel_x(x, z) + 1, 2 * atlas_.texel_y(y, z)); }
  // The colour of a link carrying `load` flits per cycle (0..1), over the veil.
  static std::uint32_t heat(float load);

 private:
  std::uint32_t at(int tx, int ty) const { return pixels_[std::size_t(ty) * std::size_t(width()) + std::size_t(tx)]; }
  // Recomputes node rows [r0, r1) (row r = z·H + y): their links' loads, blocked links, and
  // their texels (which read the neighbours' latest values). Returns the texel rows written.
  Rows update_rows(const Network& net, int r0, int r1);

  LayerAtlas atlas_;         // where each layer's nodes are (texels: twice its size)
  int next_row_ = 0;         // the first node row of the next band
  double last_update_ = -1;  // time of the last band update
  std::vector<std::int64_t> row_cycle_;    // per node row: the network cycle of its last update
  std::vector<std::uint64_t> prev_flits_;  // link_flits() at each link's last update
  std::vector<float> load_;                // moving average of flits/cycle per link
  std::vector<std::uint32_t> pixels_;
  std::vector<std::uint8_t> blocked_;      // per node: bit p = link port p blocked (at its last update)
};

}  // namespace alloclab::app
