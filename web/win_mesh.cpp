// win_mesh.cpp — the occupancy view: InvisibleButton + ImDrawList canvas (imgui demo's canvas
// recipe). Row y = 0 is drawn at the bottom (CONTRACT "Coordinates"). Aggregated so that large
// machines stay fast:
//  - each display row is one (sampled) machine row, and a run of consecutive cells with the
//    same owner is one rectangle; when cells are smaller than a pixel, rows and columns are
//    sampled at display resolution, so the work is bounded by the canvas, not the machine;
//  - when even the runs are too many (scattered non-contiguous allocations on a big machine),
//    the grid goes into one RGBA texture (one texel per processor, updated only when the
//    simulation moved) drawn as a single image.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include "imgui.h"
#include "windows.hpp"
#ifdef __EMSCRIPTEN__
#include <GLES3/gl3.h>
#else
#include <SDL_opengl.h>
#endif

namespace alloclab::app {

namespace {
constexpr std::size_t kMaxRuns = 6000;  // above this, one texture instead of rectangles
constexpr ImU32 kFree = IM_COL32(52, 56, 64, 255);
constexpr ImU32 kBackground = IM_COL32(18, 20, 24, 255);
}  // namespace

unsigned job_colour(int job) {
  // integer hash -> hue; saturation/value vary a little so neighbours differ
  std::uint32_t h = std::uint32_t(job) * 0x9E3779B9u;
  h ^= h >> 16; h *= 0x85EBCA6Bu; h ^= h >> 13; h *= 0xC2B2AE35u; h ^= h >> 16;
  const float hue = float(h & 0xFFFF) / 65536.0f;
  const float sat = 0.55f + 0.25f * float((h >> 16) & 0xFF) / 255.0f;
  const float val = 0.80f + 0.15f * float((h >> 24) & 0xFF) / 255.0f;
  return ImGui::ColorConvertFloat4ToU32(ImColor::HSV(hue, sat, val).Value);
}

void MeshWindow::shutdown() {
  if (texture_) {
    GLuint t = texture_;
    glDeleteTextures(1, &t);
    texture_ = 0;
  }
}

void MeshWindow::draw(const Simulation& sim) {
  if (!open) return;
  if (!ImGui::Begin("Mesh", &open)) { ImGui::End(); return; }
  const Occupancy& occ = sim.occupancy();
  const int W = occ.width(), H = occ.height();
  ImGui::Text("%s %dx%d   busy %d / %d   running jobs %zu", occ.topology().wraps() ? "torus" : "mesh", W, H,
              occ.busy_count(), W * H, sim.running().size());
  ImGui::SameLine();
  ImGui::Checkbox("grid", &grid_lines);
  ImGui::SameLine();
  ImGui::TextDisabled(last_rects_ ? "(%zu rects)" : "(texture)", last_rects_);

  ImVec2 avail = ImGui::GetContentRegionAvail();
  avail.x = std::max(avail.x, 50.0f);
  avail.y = std::max(avail.y, 50.0f);
  const float cell = std::min(avail.x / float(W), avail.y / float(H));
  const ImVec2 size(cell * float(W), cell * float(H));
  ImVec2 p0 = ImGui::GetCursorScreenPos();
  p0.x += std::floor((avail.x - size.x) * 0.5f);  // centred in the window
  ImGui::SetCursorScreenPos(p0);
  const ImVec2 p1(p0.x + size.x, p0.y + size.y);
  ImGui::InvisibleButton("mesh_canvas", size);
  const bool hovered = ImGui::IsItemHovered();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->AddRectFilled(p0, p1, kBackground);

  // Display rows/columns: one per machine row/column, or one per pixel when cells are tiny.
  const int rows = std::max(1, std::min(H, int(size.y)));
  const int cols = std::max(1, std::min(W, int(size.x)));
  const float rh = size.y / float(rows), cw = size.x / float(cols);
  runs_.clear();
  for (int r = 0; r < rows && runs_.size() <= kMaxRuns; ++r) {
    const int y = H - 1 - int((long long)r * H / rows);  // display row 0 = top = machine row H-1
    for (int c = 0; c < cols;) {
      const JobId owner = occ.owner(int((long long)c * W / cols), y);
      int e = c + 1;
      while (e < cols && occ.owner(int((long long)e * W / cols), y) == owner) ++e;
      runs_.push_back(Run{p0.x + float(c) * cw, p0.x + float(e) * cw, r, owner});
      c = e;
    }
  }

  if (runs_.size() <= kMaxRuns) {
    for (const Run& run : runs_) {
      const float y0 = p0.y + float(run.row) * rh;
      dl->AddRectFilled(ImVec2(run.x0, y0), ImVec2(run.x1, y0 + rh), run.owner == kNoJob ? kFree : job_colour(run.owner));
    }
    last_rects_ = runs_.size();
  } else {
    // Dense: one texel per processor, re-uploaded only when the simulation has moved.
    const double key[4] = {sim.now(), double(sim.departures()), double(sim.arrivals()), double(sim.running().size())};
    const bool resized = tex_w_ != unsigned(W) || tex_h_ != unsigned(H) || !texture_;
    if (resized || !std::equal(key, key + 4, drawn_key_)) {
      pixels_.resize(std::size_t(W) * std::size_t(H));
      for (int y = 0; y < H; ++y) {
        std::uint32_t* row = pixels_.data() + std::size_t(H - 1 - y) * std::size_t(W);  // texture row 0 = top
        JobId last = -2;
        std::uint32_t col = 0;
        for (int x = 0; x < W; ++x) {
          const JobId o = occ.owner(x, y);
          if (o != last) { col = o == kNoJob ? kFree : job_colour(o); last = o; }
          row[x] = col;  // ImU32 is ABGR in memory order RGBA on little-endian: what GL_RGBA expects
        }
      }
      if (!texture_) {
        GLuint t = 0;
        glGenTextures(1, &t);
        texture_ = t;
      }
      glBindTexture(GL_TEXTURE_2D, texture_);
      glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
      if (resized) {
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
        glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, W, H, 0, GL_RGBA, GL_UNSIGNED_BYTE, pixels_.data());
        tex_w_ = unsigned(W);
        tex_h_ = unsigned(H);
      } else {
        glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, pixels_.data());
      }
      std::copy(key, key + 4, drawn_key_);
    }
    dl->AddImage(reinterpret_cast<ImTextureID>(static_cast<std::intptr_t>(texture_)), p0, p1);
    last_rects_ = 0;
  }

  // Cell borders (W + H lines) when cells are large enough to show them.
  if (grid_lines && cell >= 5.0f) {
    for (int x = 1; x < W; ++x) dl->AddLine(ImVec2(p0.x + float(x) * cell, p0.y), ImVec2(p0.x + float(x) * cell, p1.y), kBackground);
    for (int y = 1; y < H; ++y) dl->AddLine(ImVec2(p0.x, p0.y + float(y) * cell), ImVec2(p1.x, p0.y + float(y) * cell), kBackground);
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
