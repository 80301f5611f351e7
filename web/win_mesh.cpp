// win_mesh.cpp — the occupancy view: InvisibleButton + ImDrawList canvas (imgui demo's canvas
// recipe). Row y = 0 is drawn at the bottom (CONTRACT "Coordinates"). To stay fast on large
// machines the grid is drawn as runs: each display row is one sampled machine row, and a run of
// consecutive cells with the same owner is a single rectangle. When cells are smaller than a
// pixel, rows and columns are sampled at display resolution, so the number of rectangles is
// bounded by the canvas size, not by the machine size.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include "imgui.h"
#include "windows.hpp"

namespace alloclab::app {

unsigned job_colour(int job) {
  // splitmix-style integer hash -> hue; saturation/value vary a little so neighbours differ
  std::uint32_t h = std::uint32_t(job) * 0x9E3779B9u;
  h ^= h >> 16; h *= 0x85EBCA6Bu; h ^= h >> 13; h *= 0xC2B2AE35u; h ^= h >> 16;
  const float hue = float(h & 0xFFFF) / 65536.0f;
  const float sat = 0.55f + 0.25f * float((h >> 16) & 0xFF) / 255.0f;
  const float val = 0.80f + 0.15f * float((h >> 24) & 0xFF) / 255.0f;
  return ImGui::ColorConvertFloat4ToU32(ImColor::HSV(hue, sat, val).Value);
}

void MeshWindow::draw(const Simulation& sim) {
  if (!open) return;
  if (!ImGui::Begin("Mesh", &open)) { ImGui::End(); return; }
  const Occupancy& occ = sim.occupancy();
  const int W = occ.width(), H = occ.height();
  ImGui::Text("%s %dx%d   busy %d / %d   running jobs %zu", occ.topology().wraps() ? "torus" : "mesh", W, H,
              occ.busy_count(), W * H, sim.running().size());
  ImGui::SameLine();
  ImGui::Checkbox("gaps", &grid_gaps);

  ImVec2 avail = ImGui::GetContentRegionAvail();
  avail.x = std::max(avail.x, 50.0f);
  avail.y = std::max(avail.y, 50.0f);
  const float cell = std::min(avail.x / float(W), avail.y / float(H));
  const ImVec2 size(cell * float(W), cell * float(H));
  const ImVec2 p0 = ImGui::GetCursorScreenPos();
  ImGui::InvisibleButton("mesh_canvas", size);
  const bool hovered = ImGui::IsItemHovered();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->AddRectFilled(p0, ImVec2(p0.x + size.x, p0.y + size.y), IM_COL32(18, 20, 24, 255));

  const ImU32 free_col = IM_COL32(52, 56, 64, 255);
  const float gap = (grid_gaps && cell >= 5.0f) ? 1.0f : 0.0f;
  // Display rows/columns: one per machine row/column, or one per pixel when cells are tiny.
  const int rows = std::max(1, std::min(H, int(size.y)));
  const int cols = std::max(1, std::min(W, int(size.x)));
  const float rh = size.y / float(rows), cw = size.x / float(cols);
  for (int r = 0; r < rows; ++r) {
    // display row r (0 = top) shows machine row y (0 = bottom)
    const int y = H - 1 - int((long long)r * H / rows);
    const float y0 = p0.y + float(r) * rh, y1 = y0 + rh - gap;
    int c = 0;
    while (c < cols) {
      const JobId owner = occ.owner(int((long long)c * W / cols), y);
      int e = c + 1;
      while (e < cols && occ.owner(int((long long)e * W / cols), y) == owner) ++e;
      const float x0 = p0.x + float(c) * cw, x1 = p0.x + float(e) * cw - gap;
      dl->AddRectFilled(ImVec2(x0, y0), ImVec2(x1, y1), owner == kNoJob ? free_col : job_colour(owner));
      c = e;
    }
  }

  if (hovered) {
    const ImVec2 m = ImGui::GetIO().MousePos;
    const int x = std::clamp(int((m.x - p0.x) / cell), 0, W - 1);
    const int y = std::clamp(H - 1 - int((m.y - p0.y) / cell), 0, H - 1);
    const JobId owner = occ.owner(x, y);
    ImGui::BeginTooltip();
    ImGui::Text("node (%d, %d)", x, y);
    if (owner == kNoJob) {
      ImGui::TextDisabled("free");
    } else if (const JobRecord* j = sim.running_job(owner)) {
      ImGui::ColorButton("##c", ImColor(job_colour(owner)), ImGuiColorEditFlags_NoTooltip, ImVec2(12, 12));
      ImGui::SameLine();
      ImGui::Text("job %d: %dx%d, %zu block(s)", owner, j->shape.w, j->shape.h, j->alloc.blocks.size());
      ImGui::Text("arrived %.1f, started %.1f, ends %.1f", j->arrival, j->start, j->end);
    } else {
      ImGui::Text("job %d", owner);
    }
    ImGui::EndTooltip();
  }
  ImGui::End();
}

}  // namespace alloclab::app
