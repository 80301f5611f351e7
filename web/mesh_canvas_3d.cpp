// mesh_canvas_3d.cpp — MeshCanvas on a machine of depth > 1 (mesh_canvas.hpp): the tiles of a
// MachineLayout (machine_layout.hpp) drawn from one texture of every layer (OwnerTexels'
// atlas; a tile is one image with its part of the atlas), so that the work per frame is a quad
// per tile, not a rectangle per node.
//  - a 3D mesh or torus: its layers side by side, each labelled z = k; when all of them would be
//    smaller than kMinLayerCell pixels a cell, a page of consecutive layers with a pager line
//    above the canvas ("<", "layers z = a-b of D", ">");
//  - a cube pod (machine=tpu-v4, tpu-v5p): each 4×4×4 cube apart, its four layers together, on
//    the pod's cube grid, one panel per cube layer. A cube is framed; with ocs=on the cubes of a
//    slice of several cubes are framed in the slice's colour and joined by a line in its colour,
//    in the order the switches wire them (bright for the hovered and pinned slice).
// Zoom and pan act on the whole picture; hover names the node (x, y, z) and its job (on a pod:
// the slice's shape, cubes and wiring); a click pins a job, which is then drawn in its colour in
// every layer with the rest dimmed. The returned CanvasGeom lists one geometry per tile on
// screen, so that overlays (traffic, Explain) draw per layer.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include "mesh_canvas.hpp"
#include "pod/pods.hpp"

namespace alloclab::app {

namespace {

constexpr ImU32 kLabel = IM_COL32(175, 180, 190, 255);
constexpr ImU32 kCubeFrame = IM_COL32(90, 96, 110, 255);
constexpr std::size_t kMaxOutlines = 40000;  // block pieces outlined per frame (tiles × blocks)

// A cube pod's cube of a chip, and the layout's first tile of that cube (tiles are in the order
// cube layer, cube row, cube column, layer in the cube).
struct CubeGrid {
  int nx = 0, ny = 0, nz = 0;
  int tile(int cx, int cy, int cz) const { return ((cz * ny + cy) * nx + cx) * kCubeSide; }
};

// The screen rectangle around a cube's tiles (its layers), from its first tile's index.
void cube_rect(const MachineLayout& L, const CanvasGeom& g, int first_tile, ImVec2& a, ImVec2& b) {
  a = ImVec2(1e30f, 1e30f);
  b = ImVec2(-1e30f, -1e30f);
  for (int k = 0; k < kCubeSide; ++k) {
    const LayoutTile& t = L.tiles[std::size_t(first_tile + k)];
    const float x0 = g.origin.x + t.px * g.cell, y0 = g.origin.y + t.py * g.cell;
    a = ImVec2(std::min(a.x, x0), std::min(a.y, y0));
    b = ImVec2(std::max(b.x, x0 + float(t.w) * g.cell), std::max(b.y, y0 + float(t.h) * g.cell));
  }
}

// The cubes a block of whole cubes covers, in the block's order (x fastest), as "(cx,cy,cz)".
template <class F>
void cubes_of(const Block& b, const CubeGrid& cg, F&& f) {
  if (b.w % kCubeSide || b.h % kCubeSide || b.d % kCubeSide) return;
  for (int k = 0; k < b.d / kCubeSide; ++k)
    for (int j = 0; j < b.h / kCubeSide; ++j)
      for (int i = 0; i < b.w / kCubeSide; ++i)
        f((b.x / kCubeSide + i) % cg.nx, (b.y / kCubeSide + j) % cg.ny, (b.z / kCubeSide + k) % cg.nz);
}

// The slice under the mouse on a cube pod: shape, cubes and how they are wired.
void slice_tooltip(const Simulation& sim, const PodInfo& pod, bool ocs, const CubeGrid& cg, const JobRecord& j) {
  const SliceShape s{j.shape.w, j.shape.h, j.shape.d};
  const std::string shape = shape_text(pod, s);
  if (!whole_cubes(s)) {
    const Block& b = j.alloc.blocks.front();
    ImGui::Text("slice %s: %d chips inside cube (%d, %d, %d)", shape.c_str(), s.chips(), b.x / kCubeSide, b.y / kCubeSide, b.z / kCubeSide);
    ImGui::TextDisabled("wiring: the cube's fixed links (a mesh below a whole cube)");
    return;
  }
  std::string list;
  int n = 0;
  for (const Block& b : j.alloc.blocks)
    cubes_of(b, cg, [&](int cx, int cy, int cz) {
      if (++n <= 8) list += (list.empty() ? "" : ocs ? " -> " : ", ") + ("(" + std::to_string(cx) + "," + std::to_string(cy) + "," + std::to_string(cz) + ")");
    });
  if (n > 8) list += " ... (" + std::to_string(n) + " in all)";
  ImGui::Text("slice %s: %d chips, %d cube%s", shape.c_str(), s.chips(), n, n == 1 ? "" : "s");
  ImGui::PushTextWrapPos(ImGui::GetFontSize() * 30.0f);
  ImGui::TextDisabled("cubes %s", list.c_str());
  if (ocs)
    ImGui::TextDisabled("wiring: optical circuit switches join these cubes, in this order, into a %s torus", shape.c_str());
  else
    ImGui::TextDisabled("wiring: a block of the pod's fixed 3D torus of cubes (wrap-around links where it runs past the edge)");
  ImGui::PopTextWrapPos();
  (void)sim;
}

}  // namespace

CanvasGeom MeshCanvas::draw_layers(const char* id, const Simulation& sim, ImVec2 size, JobId* pinned) {
  const Occupancy& occ = sim.occupancy();
  const int W = occ.width(), H = occ.height(), D = occ.depth();
  const PodInfo* pod = sim.scenario().pod();
  const bool cubes = pod && pod->cubes() && W % kCubeSide == 0 && H % kCubeSide == 0 && D % kCubeSide == 0;
  const bool ocs = cubes && sim.scenario().strat.ocs;
  const CubeGrid cg{W / kCubeSide, H / kCubeSide, D / kCubeSide};
  size.x = std::max(size.x, 40.0f);
  size.y = std::max(size.y, 40.0f);
  const LayoutStyle st{.label = ImGui::GetFontSize() + 3, .gap = 8};

  // ---- the pager: a line above the canvas when not every layer is legible at once
  int first = std::clamp(page_first_, 0, D - 1);
  if (!cubes) {
    int per_page = legible_layers(W, H, D, size.x, size.y, st, 0);
    if (per_page < D) {
      size.y = std::max(40.0f, size.y - ImGui::GetFrameHeightWithSpacing());
      per_page = legible_layers(W, H, D, size.x, size.y, st, 0);
      first = first / per_page * per_page;  // pages start at multiples of the page size
      ImGui::PushID(id);
      ImGui::BeginDisabled(first == 0);
      if (ImGui::SmallButton("<")) first = std::max(0, first - per_page);
      ImGui::EndDisabled();
      ImGui::SameLine();
      const int last = std::min(D, first + per_page) - 1;
      ImGui::Text("layers z = %d-%d of %d", first, last, D);
      if (ImGui::IsItemHovered())
        ImGui::SetTooltip("%d layers at once keep cells at least %.0f px; < and > show the other layers", per_page, double(kMinLayerCell));
      ImGui::SameLine();
      ImGui::BeginDisabled(first + per_page >= D);
      if (ImGui::SmallButton(">")) first = std::min(D - 1, first + per_page);
      ImGui::EndDisabled();
      ImGui::PopID();
    } else {
      first = 0;
    }
    page_first_ = first;
  }
  const float key[6] = {size.x, size.y, float(W), float(H), float(D), cubes ? -1.0f : float(first)};
  if (!std::equal(key, key + 6, layout_key_)) {
    layout_ = cubes ? cubes_layout(cg.nx, cg.ny, cg.nz, kCubeSide, size.x, size.y, st) : layers_layout(W, H, D, size.x, size.y, st, first);
    std::copy(key, key + 6, layout_key_);
    reset_view();  // another picture: zoom and pan from the whole of it
  }
  const MachineLayout& L = layout_;

  CanvasGeom g;
  g.W = W;
  g.H = H;
  g.D = D;
  g.c0 = ImGui::GetCursorScreenPos();
  g.c1 = ImVec2(g.c0.x + size.x, g.c0.y + size.y);
  ImGui::InvisibleButton(id, size, ImGuiButtonFlags_MouseButtonLeft | ImGuiButtonFlags_MouseButtonRight);
  const bool hovered = ImGui::IsItemHovered();
  const bool active = ImGui::IsItemActive();
  zoom_pan(g, size, L.cell, L.width, L.height, 0, 0, hovered, active);

  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->PushClipRect(g.c0, g.c1, true);
  dl->AddRectFilled(g.c0, g.c1, kBackground);
  refresh_texture(sim);
  const LayerAtlas& atlas = texels_.atlas();
  const float aw = float(atlas.width()), ah = float(atlas.height());

  // ---- the tiles on screen: one image each, and its geometry for the overlays
  tile_geoms_.clear();
  for (const LayoutTile& t : L.tiles) {
    const ImVec2 a(g.origin.x + t.px * g.cell, g.origin.y + t.py * g.cell);
    const ImVec2 b(a.x + float(t.w) * g.cell, a.y + float(t.h) * g.cell);
    if (b.x < g.c0.x || b.y < g.c0.y || a.x > g.c1.x || a.y > g.c1.y) continue;
    CanvasGeom tg;
    tg.W = W, tg.H = H, tg.D = D, tg.z = t.z, tg.cell = g.cell;
    tg.tx0 = t.x0, tg.ty0 = t.y0, tg.tw = t.w, tg.th = t.h;
    tg.c0 = ImVec2(std::max(a.x, g.c0.x), std::max(a.y, g.c0.y));
    tg.c1 = ImVec2(std::min(b.x, g.c1.x), std::min(b.y, g.c1.y));
    tg.origin = ImVec2(a.x - float(t.x0) * g.cell, a.y - float(H - t.y0 - t.h) * g.cell);
    tile_geoms_.push_back(tg);
    const float u0 = float(atlas.texel_x(t.x0, t.z)) / aw, v0 = float(atlas.texel_y(t.y0 + t.h - 1, t.z)) / ah;
    dl->AddImage(texture_.id(), a, b, ImVec2(u0, v0), ImVec2(u0 + float(t.w) / aw, v0 + float(t.h) / ah));
  }
  last_rects_ = 0;
  for (const LayoutLabel& l : L.labels) {
    const ImVec2 at(g.origin.x + l.px * g.cell, g.origin.y + l.py * g.cell + 1);
    if (at.y > g.c1.y || at.y + st.label < g.c0.y) continue;
    dl->AddText(at, kLabel, l.text.c_str());
  }
  if (grid_lines && g.cell >= 5.0f) {
    const ImU32 line = IM_COL32(18, 20, 24, 160);
    for (const CanvasGeom& t : tile_geoms_) {
      const ImVec2 a = t.node_min(t.tx0, t.ty0 + t.th - 1), b = t.node_max(t.tx0 + t.tw - 1, t.ty0);
      for (int i = 1; i < t.tw; ++i) dl->AddLine(ImVec2(a.x + float(i) * g.cell, a.y), ImVec2(a.x + float(i) * g.cell, b.y), line);
      for (int j = 1; j < t.th; ++j) dl->AddLine(ImVec2(a.x, a.y + float(j) * g.cell), ImVec2(b.x, a.y + float(j) * g.cell), line);
    }
  }
  // Block outlines (the layers view): the blocks of a job read as pieces of one colour.
  std::size_t nblocks = 0;
  for (const auto& kv : sim.running()) nblocks += kv.second.alloc.blocks.size();
  if (!cubes && g.cell >= 3.0f && nblocks * tile_geoms_.size() <= kMaxOutlines) {
    const ImU32 edge = IM_COL32(10, 12, 16, 200);
    for (const CanvasGeom& t : tile_geoms_)
      for (const auto& kv : sim.running())
        for (const Block& b : kv.second.alloc.blocks)
          t.block_pieces(b, [&](ImVec2 a, ImVec2 c) { dl->AddRect(a, c, edge, 0, 0, g.cell >= 8 ? 2.0f : 1.0f); });
  }

  // ---- the node under the mouse; a click (without a drag) pins its job or unpins
  JobId hover_job = kNoJob;
  int hx = -1, hy = -1, hz = -1;
  if (hovered) {
    const ImVec2 m = ImGui::GetIO().MousePos;
    if (const LayoutTile* t = L.locate((m.x - g.origin.x) / g.cell, (m.y - g.origin.y) / g.cell, hx, hy)) {
      hz = t->z;
      hover_job = occ.owner(hx, hy, hz);
    } else {
      hx = hy = -1;
    }
  }
  if (interactive && pinned && ImGui::IsItemDeactivated()) {
    if (!dragged_ && hovered) *pinned = (hover_job == *pinned || hover_job == kFailedHost) ? kNoJob : hover_job;
    dragged_ = false;
  }

  // ---- cubes: frames, and with the switches a slice's cubes joined in its colour
  auto cube_centre = [&](int cx, int cy, int cz) {
    ImVec2 a, b;
    cube_rect(L, g, cg.tile(cx, cy, cz), a, b);
    return ImVec2((a.x + b.x) * 0.5f, (a.y + b.y) * 0.5f);
  };
  auto slice_links = [&](const JobRecord& j, ImU32 col, float thick) {
    bool started = false;
    ImVec2 prev;
    for (const Block& b : j.alloc.blocks)
      cubes_of(b, cg, [&](int cx, int cy, int cz) {
        const ImVec2 c = cube_centre(cx, cy, cz);
        if (started) {
          if (thick > 1.0f) dl->AddLine(prev, c, IM_COL32(0, 0, 0, 200), thick + 2);  // the hovered or pinned slice stands out
          dl->AddLine(prev, c, col, thick);
        }
        dl->AddCircleFilled(c, thick + 1.0f, col);
        prev = c;
        started = true;
      });
  };
  if (cubes) {
    const float pad = std::max(1.0f, g.cell * 0.3f);
    for (int cz = 0; cz < cg.nz; ++cz)
      for (int cy = 0; cy < cg.ny; ++cy)
        for (int cx = 0; cx < cg.nx; ++cx) {
          ImVec2 a, b;
          cube_rect(L, g, cg.tile(cx, cy, cz), a, b);
          dl->AddRect(ImVec2(a.x - pad, a.y - pad), ImVec2(b.x + pad, b.y + pad), kCubeFrame);
        }
    if (ocs)
      for (const auto& kv : sim.running()) {
        const JobRecord& j = kv.second;
        if (j.alloc.blocks.size() < 2) continue;
        const ImU32 col = job_colour(j.id);
        for (const Block& b : j.alloc.blocks)
          cubes_of(b, cg, [&](int cx, int cy, int cz) {
            ImVec2 a, c;
            cube_rect(L, g, cg.tile(cx, cy, cz), a, c);
            dl->AddRect(ImVec2(a.x - pad, a.y - pad), ImVec2(c.x + pad, c.y + pad), col, 0, 0, 2.0f);
          });
        slice_links(j, (col & 0x00FFFFFFu) | 0x90000000u, 1.0f);
      }
  }

  // ---- the pinned and the hovered job in every layer
  auto highlight = [&](JobId job, ImU32 col, float thick, bool dim_others) {
    const JobRecord* j = sim.running_job(job);
    if (!j) return;
    if (dim_others) {
      dl->AddRectFilled(g.c0, g.c1, IM_COL32(0, 0, 0, 110));
      for (const CanvasGeom& t : tile_geoms_)
        for (const Block& b : j->alloc.blocks) t.block_pieces(b, [&](ImVec2 a, ImVec2 c) { dl->AddRectFilled(a, c, job_colour(job)); });
    }
    for (const CanvasGeom& t : tile_geoms_)
      for (const Block& b : j->alloc.blocks) t.block_pieces(b, [&](ImVec2 a, ImVec2 c) { dl->AddRect(a, c, col, 0, 0, thick); });
    if (ocs && j->alloc.blocks.size() > 1) slice_links(*j, col, thick);
  };
  if (pinned && *pinned != kNoJob) highlight(*pinned, IM_COL32(255, 255, 255, 255), 2.5f, true);
  if (hover_job != kNoJob && (!pinned || hover_job != *pinned)) highlight(hover_job, IM_COL32(255, 255, 255, 170), 1.5f, false);
  dl->PopClipRect();

  if (interactive && hovered && hx >= 0 && !ImGui::IsMouseDragging(ImGuiMouseButton_Left, 3.0f)) {
    ImGui::BeginTooltip();
    if (cubes) ImGui::TextDisabled("chip (%d, %d, %d)   cube (%d, %d, %d)", hx, hy, hz, hx / kCubeSide, hy / kCubeSide, hz / kCubeSide);
    else ImGui::TextDisabled("node (%d, %d, %d)   layer z = %d", hx, hy, hz, hz);
    if (hover_job == kNoJob) {
      ImGui::TextDisabled("free");
    } else if (hover_job == kFailedHost) {
      failed_host_tooltip(sim, hx, hy, hz);
    } else {
      job_tooltip(sim, hover_job);
      if (const JobRecord* j = sim.running_job(hover_job); cubes && j) slice_tooltip(sim, *pod, ocs, cg, *j);
    }
    if (pinned) ImGui::TextDisabled(hover_job >= 0 && hover_job != *pinned ? "click to pin" : "wheel: zoom, drag: pan");
    ImGui::EndTooltip();
  }
  layers_ = Layers{.first = L.first, .count = L.count, .depth = D, .cubes = cubes, .hx = hx, .hy = hy, .hz = hz, .hover = hover_job};
  g.tiles = tile_geoms_.data();
  g.ntiles = int(tile_geoms_.size());
  return g;
}

}  // namespace alloclab::app
