// mesh_canvas.hpp — the occupancy canvas shared by the Mesh, Compare and Explain windows:
// one cell per processor coloured by its job (free cells dim), blocks outlined, torus wrap
// cues, zoom (wheel) and pan (drag), hover tooltip and click-to-pin. The imgui demo's canvas
// recipe (InvisibleButton + ImDrawList); drawing work is bounded by the canvas in pixels, not
// by the machine (row runs, sampling, one texture when even the runs are too many). Optionally
// the coordinates along the edges (Explain mode: the captions name nodes by (x, y)).
// A 3D machine (mesh_canvas_3d.cpp) is drawn as its layers side by side, each labelled z = k,
// a page of them when all would be too small (machine_layout.hpp), and a cube pod as its cubes;
// the CanvasGeom it returns holds one geometry per tile, which overlays draw into (for_each_tile).
#pragma once
#include <algorithm>
#include <cstdint>
#include <vector>
#include "gl_texture.hpp"
#include "machine_layout.hpp"
#include "owner_texels.hpp"
#include "imgui.h"
#include "simulation.hpp"

namespace alloclab::app {

inline constexpr ImU32 kFree = IM_COL32(46, 50, 58, 255);        // a free node
inline constexpr ImU32 kFailedChip = IM_COL32(170, 170, 170, 255);  // a chip of a failed host (pods, host_mtbf): grey in every colouring
inline constexpr ImU32 kBackground = IM_COL32(18, 20, 24, 255);  // the canvas around the machine

// Where the machine is on screen this frame (for overlays drawn on top of the canvas).
struct CanvasGeom {
  ImVec2 c0, c1;      // the canvas rectangle
  ImVec2 origin;      // screen position of the machine's top-left corner (x = 0, top of row H-1)
  float cell = 1;     // pixels per processor
  int W = 0, H = 0;
  // The coordinates written along the canvas's edges (MeshCanvas::axes): how many column and
  // row numbers, and the lowest and highest row number written with the screen y of each.
  int x_labels = 0, y_labels = 0;
  int y_low = -1, y_high = -1;
  float y_low_at = 0, y_high_at = 0;
  // A 3D machine: this geometry draws the nodes [tx0, tx0 + tw) × [ty0, ty0 + th) of layer z
  // (c0, c1: that tile's rectangle on screen, clipped to the canvas); the canvas's geometry
  // lists its tiles (tiles, ntiles). A 2D machine: z = 0, D = 1, the whole layer, no tiles.
  int z = 0, D = 1;
  int tx0 = 0, ty0 = 0, tw = 0, th = 0;  // tw = th = 0: the whole W × H layer
  const CanvasGeom* tiles = nullptr;
  int ntiles = 0;
  // Calls f(const CanvasGeom&) for each drawn layer tile (the geometry itself on a 2D machine).
  template <class F>
  void for_each_tile(F&& f) const {
    if (ntiles == 0) f(*this);
    for (int i = 0; i < ntiles; ++i) f(tiles[i]);
  }
  // Whether block b has nodes in this geometry's layer (always on a 2D machine).
  bool in_layer(const Block& b) const { return D == 1 || (z - b.z + D) % D < b.d; }
  // Top-left corner of node (x, y) on screen (row 0 at the bottom).
  ImVec2 node_min(int x, int y) const { return ImVec2(origin.x + float(x) * cell, origin.y + float(H - 1 - y) * cell); }
  ImVec2 node_max(int x, int y) const { return ImVec2(origin.x + float(x + 1) * cell, origin.y + float(H - y) * cell); }
  // Calls f(min, max) for the up to four on-screen pieces of a block (a torus block may wrap),
  // within this geometry's layer and tile (none when the block has no node there).
  template <class F>
  void block_pieces(const Block& b, F&& f) const {
    if (!in_layer(b)) return;
    const int X0 = tx0, X1 = tw ? tx0 + tw : W, Y0 = ty0, Y1 = th ? ty0 + th : H;
    const int xs[2][2] = {{std::max(b.x, X0), std::min({b.x + b.w, W, X1})}, {X0, std::min(b.x + b.w - W, X1)}};
    const int ys[2][2] = {{std::max(b.y, Y0), std::min({b.y + b.h, H, Y1})}, {Y0, std::min(b.y + b.h - H, Y1)}};
    for (const auto& xr : xs)
      for (const auto& yr : ys)
        if (xr[1] > xr[0] && yr[1] > yr[0])
          f(ImVec2(origin.x + float(xr[0]) * cell, origin.y + float(H - yr[1]) * cell),
            ImVec2(origin.x + float(xr[1]) * cell, origin.y + float(H - yr[0]) * cell));
  }
};

class MeshCanvas {
 public:
  bool grid_lines = true;
  bool interactive = true;    // zoom, pan, hover tooltip, click to pin
  bool axes = false;          // column numbers under the machine, row numbers left of it (row 0 at the bottom)
  bool neutral_jobs = false;  // busy nodes in one grey, so that what is drawn on top has the only colours
  // Draws the simulation's machine into a canvas of `size` at the cursor. `pinned` (may be
  // null) is the pinned job: a click pins the job under the mouse (or unpins).
  CanvasGeom draw(const char* id, const Simulation& sim, ImVec2 size, JobId* pinned);
  void reset_view() { zoom_ = 1; pan_ = ImVec2(0, 0); }
  float zoom() const { return zoom_; }
  std::size_t rects() const { return last_rects_; }  // 0 when the texture was used
  std::size_t repaints() const { return texels_.repaints(); }  // whole-grid texel repaints so far
  // A 3D machine: the layers shown [first, first + count) of depth (all of them in the cube
  // view), and the node under the mouse last frame (x = -1: none).
  struct Layers {
    int first = 0, count = 0, depth = 1;
    bool cubes = false;
    int hx = -1, hy = -1, hz = -1;
    JobId hover = kNoJob;
  };
  const Layers& layers() const { return layers_; }
  // Frees the GL texture (call while the GL context is current).
  void shutdown();

 private:
  void draw_cells(ImDrawList* dl, const Simulation& sim, const CanvasGeom& g);
  void draw_texture(ImDrawList* dl, const Simulation& sim, const CanvasGeom& g);
  void refresh_texture(const Simulation& sim);  // the texels and texture brought to the owners
  void draw_axes(ImDrawList* dl, CanvasGeom& g) const;
  // Zoom (wheel, about the mouse) and pan (drag) of a plane of pw × ph cells fitted at `fit`
  // pixels per cell into the canvas g.c0 + size, leaving `left` and `bottom` pixels free: sets
  // g.cell and g.origin (the plane's top-left corner on screen).
  void zoom_pan(CanvasGeom& g, ImVec2 size, float fit, float pw, float ph, float left, float bottom, bool hovered, bool active);
  // A machine of depth > 1 (mesh_canvas_3d.cpp).
  CanvasGeom draw_layers(const char* id, const Simulation& sim, ImVec2 size, JobId* pinned);
  MachineLayout layout_;                 // the tiles of the 3D view
  float layout_key_[6] = {-1, -1, -1, -1, -1, -1};  // canvas size, machine and page it was made for
  std::vector<CanvasGeom> tile_geoms_;   // this frame's geometry per tile on screen
  Layers layers_;
  int page_first_ = 0;                   // the first layer of the layers view's page
  struct Run { float x0, x1, y0, y1; JobId owner; };
  std::vector<Run> runs_;
  OwnerTexels texels_;  // what the texture holds, one texel per processor
  RgbaTexture texture_;
  double drawn_key_[5] = {-1, -1, -1, -1, -1};  // state the texture shows (and its colouring)
  std::size_t last_rects_ = 0;
  float zoom_ = 1;
  ImVec2 pan_{0, 0};
  bool dragged_ = false;
};

// Stable colour of a job id (hash -> hue), the same every frame and in every window; the chips
// of a failed host (owner kFailedHost) kFailedChip.
unsigned job_colour(int job);
// Tooltip body describing a running job (colour swatch, id, request, blocks, times), or "failed
// host" for kFailedHost.
void job_tooltip(const Simulation& sim, JobId id);
// Tooltip body of the failed host that drives chip (x, y, z) (pod machines, host_mtbf).
void failed_host_tooltip(const Simulation& sim, int x, int y, int z);

}  // namespace alloclab::app
