// machine_layout.cpp — the layers and cube layouts of a 3D machine (machine_layout.hpp).
#include "machine_layout.hpp"
#include <algorithm>

namespace alloclab::app {

namespace {

// n items of iw × ih cells in the columns that give the largest cells in cw × ch pixels (a label
// row and gaps in pixels). Returns the cell and sets `cols`.
float best_grid(int n, float iw, float ih, float cw, float ch, const LayoutStyle& st, int& cols) {
  float best = 0;
  cols = 1;
  for (int c = 1; c <= n; ++c) {
    const int r = (n + c - 1) / c;
    const float cx = (cw - float(c - 1) * st.gap) / (float(c) * iw);
    const float cy = (ch - float(r) * st.label - float(r - 1) * st.gap) / (float(r) * ih);
    const float cell = std::min(cx, cy);
    if (cell > best) best = cell, cols = c;
  }
  return std::max(best, 1e-3f);
}

// Item k's top-left plane position (cells) in a grid of `cols` columns of iw × ih items.
void grid_place(int k, int cols, float iw, float ih, float cell, const LayoutStyle& st, float& px, float& py) {
  const float gap = st.gap / cell, label = st.label / cell;
  px = float(k % cols) * (iw + gap);
  py = float(k / cols) * (ih + gap + label) + label;
}

void finish(MachineLayout& L, int n, int cols, float iw, float ih, const LayoutStyle& st) {
  const int rows = (n + cols - 1) / cols;
  const float gap = st.gap / L.cell, label = st.label / L.cell;
  L.width = float(cols) * iw + float(cols - 1) * gap;
  L.height = float(rows) * (ih + label) + float(rows - 1) * gap;
}

}  // namespace

const LayoutTile* MachineLayout::locate(float fx, float fy, int& x, int& y) const {
  for (const LayoutTile& t : tiles) {
    const float lx = fx - t.px, ly = fy - t.py;
    if (lx < 0 || ly < 0 || lx >= float(t.w) || ly >= float(t.h)) continue;
    x = t.x0 + std::min(t.w - 1, int(lx));
    y = t.y0 + t.h - 1 - std::min(t.h - 1, int(ly));
    return &t;
  }
  return nullptr;
}

MachineLayout layers_layout(int W, int H, int D, float cw, float ch, const LayoutStyle& st, int first, int count) {
  MachineLayout L;
  L.depth = D;
  first = std::clamp(first, 0, std::max(0, D - 1));
  if (count <= 0) count = legible_layers(W, H, D, cw, ch, st, first);
  count = std::clamp(count, 1, D - first);
  L.first = first;
  L.count = count;
  int cols = 1;
  L.cell = best_grid(count, float(W), float(H), cw, ch, st, cols);
  for (int k = 0; k < count; ++k) {
    LayoutTile t{.x0 = 0, .y0 = 0, .w = W, .h = H, .z = first + k};
    grid_place(k, cols, float(W), float(H), L.cell, st, t.px, t.py);
    L.tiles.push_back(t);
    L.labels.push_back(LayoutLabel{t.px, t.py - st.label / L.cell, "z = " + std::to_string(first + k)});
  }
  finish(L, count, cols, float(W), float(H), st);
  return L;
}

int legible_layers(int W, int H, int D, float cw, float ch, const LayoutStyle& st, int first) {
  int lo = 1, hi = std::max(1, D - first);  // the cell shrinks as layers are added: bisect
  int cols = 1;
  while (lo < hi) {
    const int mid = (lo + hi + 1) / 2;
    if (best_grid(mid, float(W), float(H), cw, ch, st, cols) >= kMinLayerCell) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

MachineLayout cubes_layout(int cubes_x, int cubes_y, int cubes_z, int side, float cw, float ch, const LayoutStyle& st) {
  constexpr float kLayerGap = 0.5f, kCubeGap = 1.5f;  // cells: between a cube's layers, between cubes
  MachineLayout best;
  // A cube's `side` layers in uc columns: a strip (all side by side) or a square-ish grid.
  for (int uc : {side, std::max(1, side / 2)}) {
    const int ur = (side + uc - 1) / uc;
    const float unit_w = float(uc * side) + float(uc - 1) * kLayerGap, unit_h = float(ur * side) + float(ur - 1) * kLayerGap;
    const float pw = float(cubes_x) * unit_w + float(cubes_x - 1) * kCubeGap;
    const float ph = float(cubes_y) * unit_h + float(cubes_y - 1) * kCubeGap;
    MachineLayout L;
    L.depth = cubes_z * side;
    L.first = 0;
    L.count = L.depth;
    L.cubes = true;
    int cols = 1;
    L.cell = best_grid(cubes_z, pw, ph, cw, ch, st, cols);
    if (L.cell <= best.cell) continue;
    for (int cz = 0; cz < cubes_z; ++cz) {
      float ox = 0, oy = 0;
      grid_place(cz, cols, pw, ph, L.cell, st, ox, oy);
      L.labels.push_back(LayoutLabel{ox, oy - st.label / L.cell,
                                     "cubes z = " + std::to_string(cz) + "  (chip layers " + std::to_string(cz * side) + "-" +
                                         std::to_string(cz * side + side - 1) + ")"});
      for (int cy = 0; cy < cubes_y; ++cy)
        for (int cx = 0; cx < cubes_x; ++cx) {
          const float ux = ox + float(cx) * (unit_w + kCubeGap), uy = oy + float(cubes_y - 1 - cy) * (unit_h + kCubeGap);
          for (int zz = 0; zz < side; ++zz)
            L.tiles.push_back(LayoutTile{.x0 = cx * side, .y0 = cy * side, .w = side, .h = side, .z = cz * side + zz,
                                         .px = ux + float(zz % uc) * (float(side) + kLayerGap),
                                         .py = uy + float(zz / uc) * (float(side) + kLayerGap)});
        }
    }
    finish(L, cubes_z, cols, pw, ph, st);
    best = std::move(L);
  }
  return best;
}

}  // namespace alloclab::app
