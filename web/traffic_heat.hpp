// traffic_heat.hpp — the network traffic overlay in aggregate form, for when the per-link
// drawing (traffic_overlay.hpp) would be illegible or too heavy: cells smaller than 6 px or
// machines larger than 128×128. The texels (four per node: router, east, north and +z link) are
// computed by HeatMap (heat_map.hpp, app core, unit-tested); this class uploads the rows that
// changed to a texture and draws the part of it that belongs to each tile of the canvas.
#pragma once
#include "gl_texture.hpp"
#include "heat_map.hpp"
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
  RgbaTexture texture_;
  HeatMap map_;
};

}  // namespace alloclab::app
