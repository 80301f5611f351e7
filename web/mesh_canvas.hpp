// mesh_canvas.hpp — the occupancy canvas shared by the Mesh, Compare and Explain windows:
// one cell per processor coloured by its job (free cells dim), blocks outlined, torus wrap
// cues, zoom (wheel) and pan (drag), hover tooltip and click-to-pin. The imgui demo's canvas
// recipe (InvisibleButton + ImDrawList); drawing work is bounded by the canvas in pixels, not
// by the machine (row runs, sampling, one texture when even the runs are too many). Optionally
// the coordinates along the edges (Explain mode: the captions name nodes by (x, y)).
#pragma once
#include <algorithm>
#include <cstdint>
#include <vector>
#include "gl_texture.hpp"
#include "owner_texels.hpp"
#include "imgui.h"
#include "simulation.hpp"

namespace alloclab::app {

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
  // Top-left corner of node (x, y) on screen (row 0 at the bottom).
  ImVec2 node_min(int x, int y) const { return ImVec2(origin.x + float(x) * cell, origin.y + float(H - 1 - y) * cell); }
  ImVec2 node_max(int x, int y) const { return ImVec2(origin.x + float(x + 1) * cell, origin.y + float(H - y) * cell); }
  // Calls f(min, max) for the up to four on-screen pieces of a block (a torus block may wrap).
  template <class F>
  void block_pieces(const Block& b, F&& f) const {
    const int xs[2][2] = {{b.x, std::min(b.x + b.w, W)}, {0, b.x + b.w - W}};
    const int ys[2][2] = {{b.y, std::min(b.y + b.h, H)}, {0, b.y + b.h - H}};
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
  // Frees the GL texture (call while the GL context is current).
  void shutdown();

 private:
  void draw_cells(ImDrawList* dl, const Simulation& sim, const CanvasGeom& g);
  void draw_texture(ImDrawList* dl, const Simulation& sim, const CanvasGeom& g);
  void draw_axes(ImDrawList* dl, CanvasGeom& g) const;
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

// Stable colour of a job id (hash -> hue), the same every frame and in every window.
unsigned job_colour(int job);
// Tooltip body describing a running job (colour swatch, id, request, blocks, times).
void job_tooltip(const Simulation& sim, JobId id);

}  // namespace alloclab::app
