// machine_layout.hpp — where each part of a 3D machine goes on the flat canvas (app core: no
// ImGui, no GL; tests/test_machine_layout.cpp). A layout is a list of tiles, each a rectangle of
// nodes of one layer z drawn as a W×H picture at a position of the canvas's plane (in cells, y
// down, as on screen). Two layouts:
//  - layers: every layer z = k of a 3D mesh or torus side by side (small multiples, one tile per
//    layer, a label row above each), in the number of columns that gives the largest cells. When
//    the cells of all layers would be smaller than kMinLayerCell pixels, a page of consecutive
//    layers is shown instead (the most layers that keep cells at least that large; the canvas
//    pages through the rest) — a layer is never drawn as specks;
//  - cubes (cube pods, machine=tpu-v4 / tpu-v5p): each 4×4×4 cube drawn apart as its four
//    4×4 layers side by side (or 2×2 when that gives larger cells), the cubes on the pod's cube
//    grid (x right, y up) in one panel per cube layer cz, the panels arranged as the layers are.
// The fit is computed for a canvas size in pixels (labels and gaps in pixels), so the returned
// cell size is the one the canvas draws at zoom 1; positions are in cells of that size.
#pragma once
#include <string>
#include <vector>

namespace alloclab::app {

// Cells smaller than this many pixels are not legible as jobs: the layers view pages instead.
inline constexpr float kMinLayerCell = 4.0f;

// A rectangle of nodes [x0, x0 + w) × [y0, y0 + h) of layer z, drawn with its top-left corner at
// plane position (px, py) (cells): node (x, y) is at (px + x - x0, py + (y0 + h - 1 - y)).
struct LayoutTile {
  int x0 = 0, y0 = 0, w = 0, h = 0, z = 0;
  float px = 0, py = 0;
  // the plane position of node (x, y)'s top-left corner (the node must be in the tile)
  float node_px(int x) const { return px + float(x - x0); }
  float node_py(int y) const { return py + float(y0 + h - 1 - y); }
};

// A caption above a group of tiles (a layer's "z = 3", a cube panel's "cubes z = 1").
struct LayoutLabel {
  float px = 0, py = 0;  // plane position of the text's top-left corner
  std::string text;
};

struct MachineLayout {
  std::vector<LayoutTile> tiles;
  std::vector<LayoutLabel> labels;
  float width = 0, height = 0;  // plane size in cells
  float cell = 1;               // pixels per cell at zoom 1 (the fit)
  int first = 0, count = 0;     // layers shown [first, first + count) (all tiles' z are in it)
  int depth = 1;                // the machine's layers
  bool cubes = false;           // the cube layout (tiles are cube layers)
  // The tile and node under plane point (fx, fy); nullptr in a gap or a label row.
  const LayoutTile* locate(float fx, float fy, int& x, int& y) const;
};

// Pixel sizes of the decorations the fit leaves room for.
struct LayoutStyle {
  float label = 14;  // height of a label row above each tile (layers) or panel (cubes)
  float gap = 8;     // between tiles (layers) or panels (cubes)
};

// The layers view of a W×H×D machine in a canvas of cw×ch pixels: the layers [first, first +
// count) side by side. count = 0: as many as stay legible from `first` (see the header).
MachineLayout layers_layout(int W, int H, int D, float cw, float ch, const LayoutStyle& st, int first, int count = 0);
// The most layers from `first` whose layout keeps cells >= kMinLayerCell (at least 1).
int legible_layers(int W, int H, int D, float cw, float ch, const LayoutStyle& st, int first);
// The cube view of a pod of cubes_x × cubes_y × cubes_z cubes of side `side` (chips W = side ·
// cubes_x, ...) in a canvas of cw×ch pixels.
MachineLayout cubes_layout(int cubes_x, int cubes_y, int cubes_z, int side, float cw, float ch, const LayoutStyle& st);

}  // namespace alloclab::app
