// mesh_canvas.cpp — the occupancy canvas (see mesh_canvas.hpp). Row y = 0 is drawn at the
// bottom (docs/dev/interface.md and geometry.hpp: x the column, y the row). Aggregated so that large machines stay fast:
//  - only the visible part of the machine is drawn; each display row is one (sampled) machine
//    row and a run of consecutive cells with the same owner is one rectangle; when cells are
//    smaller than a pixel, rows and columns are sampled at display resolution, so the work is
//    bounded by the canvas, not the machine;
//  - when the runs are many (a busy 128x128 machine has thousands), the grid goes into one
//    RGBA texture (one texel per processor, painted from the jobs that came and left, only the
//    changed rows re-uploaded: owner_texels.hpp) drawn as a single image, instead of ~100 bytes
//    of vertices and indices per run every frame.
// On top: block outlines (when cells are large enough and blocks few), the hovered and the
// pinned job (outline, connecting lines between its blocks), torus wrap cues.
#include "mesh_canvas.hpp"
#include "core/colour.hpp"
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>

namespace alloclab::app {

namespace {
constexpr std::size_t kMaxRuns = 256;  // above this, one texture instead of rectangles
constexpr std::size_t kMaxOutlinedBlocks = 2500;
constexpr ImU32 kWrapCue = IM_COL32(120, 190, 255, 220);
constexpr ImU32 kBusyNeutral = IM_COL32(112, 116, 126, 255);

// A dashed line from a to b.
void dashed(ImDrawList* dl, ImVec2 a, ImVec2 b, ImU32 col, float dash, float thick) {
  const float dx = b.x - a.x, dy = b.y - a.y, len = std::sqrt(dx * dx + dy * dy);
  if (len <= 0) return;
  for (float s = 0; s < len; s += 2 * dash) {
    const float e = std::min(len, s + dash);
    dl->AddLine(ImVec2(a.x + dx * s / len, a.y + dy * s / len), ImVec2(a.x + dx * e / len, a.y + dy * e / len), col, thick);
  }
}

// A small filled arrow head at p pointing in direction (ux, uy).
void arrow(ImDrawList* dl, ImVec2 p, float ux, float uy, float s, ImU32 col) {
  const ImVec2 tip(p.x + ux * s, p.y + uy * s);
  const ImVec2 l(p.x - uy * s * 0.7f, p.y + ux * s * 0.7f), r(p.x + uy * s * 0.7f, p.y - ux * s * 0.7f);
  dl->AddTriangleFilled(tip, l, r, col);
}
}  // namespace

// Every job in one grey (the dense view's colouring when what is drawn on top must stand out);
// a failed host's chips in their own grey.
static unsigned neutral_colour(int owner) { return owner == kFailedHost ? kFailedChip : kBusyNeutral; }

unsigned job_colour(int job) {
  if (job == kFailedHost) return kFailedChip;
  const std::uint32_t c = job_rgb(job);  // engine/core/colour.hpp: the CLI's charts use the same
  return IM_COL32((c >> 16) & 0xFF, (c >> 8) & 0xFF, c & 0xFF, 255);
}

void failed_host_tooltip(const Simulation& sim, int x, int y, int z) {
  ImGui::ColorButton("##c", ImColor(kFailedChip), ImGuiColorEditFlags_NoTooltip, ImVec2(12, 12));
  ImGui::SameLine();
  if (const HostFailures* h = sim.hosts()) ImGui::Text("failed host %d", host_at(h->pod(), x, y, z));
  else ImGui::Text("failed host");
  ImGui::TextDisabled("its chips are unusable until it is repaired;");
  ImGui::TextDisabled("the jobs on it were killed and requeued");
}

void job_tooltip(const Simulation& sim, JobId id) {
  if (id == kFailedHost) {
    ImGui::ColorButton("##c", ImColor(kFailedChip), ImGuiColorEditFlags_NoTooltip, ImVec2(12, 12));
    ImGui::SameLine();
    ImGui::Text("failed host");
    return;
  }
  const JobRecord* j = sim.running_job(id);
  ImGui::ColorButton("##c", ImColor(job_colour(id)), ImGuiColorEditFlags_NoTooltip, ImVec2(12, 12));
  ImGui::SameLine();
  if (!j) { ImGui::Text("job %d", id); return; }
  if (j->shape.d > 1) ImGui::Text("job %d   request %dx%dx%d", id, j->shape.w, j->shape.h, j->shape.d);
  else ImGui::Text("job %d   request %dx%d", id, j->shape.w, j->shape.h);
  ImGui::Text("%zu block%s, %d nodes", j->alloc.blocks.size(), j->alloc.blocks.size() == 1 ? "" : "s", j->alloc.nodes());
  ImGui::Text("arrival %.1f   start %.1f", j->arrival, j->start);
  if (j->end >= 0) ImGui::Text("expected end %.1f", j->end);
  else ImGui::TextDisabled("ends when its communication completes");
}

void MeshCanvas::shutdown() { texture_.release(); }

void MeshCanvas::draw_cells(ImDrawList* dl, const Simulation& sim, const CanvasGeom& g) {
  const Occupancy& occ = sim.occupancy();
  const int W = g.W, H = g.H;
  // visible machine columns [vx0, vx1) and rows [vy0, vy1)
  const int vx0 = std::clamp(int(std::floor((g.c0.x - g.origin.x) / g.cell)), 0, W);
  const int vx1 = std::clamp(int(std::ceil((g.c1.x - g.origin.x) / g.cell)), 0, W);
  const int top = std::clamp(int(std::floor((g.c0.y - g.origin.y) / g.cell)), 0, H);  // display rows from the top
  const int bot = std::clamp(int(std::ceil((g.c1.y - g.origin.y) / g.cell)), 0, H);
  const int nvx = vx1 - vx0, nvy = bot - top;
  runs_.clear();
  if (nvx <= 0 || nvy <= 0) { last_rects_ = 0; return; }
  // Display rows/columns: one per machine row/column, or one per pixel when cells are tiny.
  const int cols = std::max(1, std::min(nvx, int(std::ceil(float(nvx) * g.cell))));
  const int rows = std::max(1, std::min(nvy, int(std::ceil(float(nvy) * g.cell))));
  auto sx = [&](int c) { return g.origin.x + g.cell * (float(vx0) + float(c) * float(nvx) / float(cols)); };
  auto sy = [&](int r) { return g.origin.y + g.cell * (float(top) + float(r) * float(nvy) / float(rows)); };
  for (int r = 0; r < rows && runs_.size() <= kMaxRuns; ++r) {
    const int y = H - 1 - (top + int((long long)r * nvy / rows));
    const float y0 = sy(r), y1 = sy(r + 1);
    for (int c = 0; c < cols;) {
      const JobId owner = occ.owner(vx0 + int((long long)c * nvx / cols), y);
      int e = c + 1;
      while (e < cols && occ.owner(vx0 + int((long long)e * nvx / cols), y) == owner) ++e;
      runs_.push_back(Run{sx(c), sx(e), y0, y1, owner});
      c = e;
    }
  }
  if (runs_.size() > kMaxRuns) {
    draw_texture(dl, sim, g);
  } else {
    for (const Run& run : runs_)
      dl->AddRectFilled(ImVec2(run.x0, run.y0), ImVec2(run.x1, run.y1), run.owner == kNoJob ? kFree : neutral_jobs ? neutral_colour(run.owner) : job_colour(run.owner));
    last_rects_ = runs_.size();
  }
  // Cell borders when cells are large enough to show them.
  if (grid_lines && g.cell >= 5.0f) {
    const ImU32 line = IM_COL32(18, 20, 24, 160);
    for (int x = vx0 + 1; x < vx1; ++x) dl->AddLine(ImVec2(g.origin.x + float(x) * g.cell, sy(0)), ImVec2(g.origin.x + float(x) * g.cell, sy(rows)), line);
    for (int r = top + 1; r < bot; ++r) dl->AddLine(ImVec2(sx(0), g.origin.y + float(r) * g.cell), ImVec2(sx(cols), g.origin.y + float(r) * g.cell), line);
  }
}

// Dense: one texel per processor (OwnerTexels: painted from the jobs that came and left since
// the last frame), only the changed rows uploaded.
void MeshCanvas::draw_texture(ImDrawList* dl, const Simulation& sim, const CanvasGeom& g) {
  refresh_texture(sim);
  dl->AddImage(texture_.id(), g.origin,
               ImVec2(g.origin.x + float(g.W) * g.cell, g.origin.y + float(g.H) * g.cell));
  last_rects_ = 0;
}

void MeshCanvas::refresh_texture(const Simulation& sim) {
  const double key[5] = {sim.now(), double(sim.departures()), double(sim.arrivals()), double(sim.running().size()), neutral_jobs ? 1.0 : 0.0};
  const Occupancy& occ = sim.occupancy();
  const LayerAtlas atlas = LayerAtlas::of(occ.width(), occ.height(), occ.depth());
  const bool resized = !texture_.ready() || texture_.width() != atlas.width() || texture_.height() != atlas.height();
  if (resized || !std::equal(key, key + 5, drawn_key_)) {
    const OwnerTexels::Rows rows = texels_.update(sim, kFree, neutral_jobs ? neutral_colour : job_colour);
    if (resized || rows.whole)
      texture_.upload(texels_.data(), texels_.width(), texels_.height());  // ImU32 is RGBA in memory order: what GL_RGBA expects
    else if (rows.count > 0)
      texture_.upload_rows(texels_.data(), rows.first, rows.count);
    std::copy(key, key + 5, drawn_key_);
  }
}

// Column numbers under the machine and row numbers left of it (row 0 at the bottom), every
// 1, 2, 5, 10, ... so that they stay apart; kept inside the canvas when the machine is zoomed
// or panned past its edges.
void MeshCanvas::draw_axes(ImDrawList* dl, CanvasGeom& g) const {
  const float fs = ImGui::GetFontSize();
  const ImU32 col = IM_COL32(175, 180, 190, 255);
  char widest[16];
  std::snprintf(widest, sizeof widest, "%d", std::max(g.W, g.H) - 1);
  const float lw = ImGui::CalcTextSize(widest).x;
  auto step_for = [&](float room) {  // the smallest 1, 2, 5 x 10^k giving labels `room` px apart
    for (int s = 1; s < 100000000; s *= 10)
      for (int m : {1, 2, 5})
        if (float(s * m) * g.cell >= room) return s * m;
    return std::max(g.W, g.H);
  };
  const int sx = step_for(lw + 8), sy = step_for(fs * 1.2f);
  const float ybase = std::min(g.origin.y + float(g.H) * g.cell + 2, g.c1.y - fs - 1);
  char t[16];
  for (int x = 0; x < g.W; x += sx) {
    const float cx = g.origin.x + (float(x) + 0.5f) * g.cell;
    if (cx < g.c0.x || cx > g.c1.x) continue;
    std::snprintf(t, sizeof t, "%d", x);
    dl->AddText(ImVec2(cx - ImGui::CalcTextSize(t).x * 0.5f, ybase), col, t);
    ++g.x_labels;
  }
  const float xright = std::max(g.origin.x - 4, g.c0.x + lw + 2);
  for (int y = 0; y < g.H; y += sy) {
    const float cy = g.origin.y + (float(g.H - 1 - y) + 0.5f) * g.cell;
    if (cy < g.c0.y || cy > g.c1.y) continue;
    std::snprintf(t, sizeof t, "%d", y);
    const ImVec2 ts = ImGui::CalcTextSize(t);
    dl->AddText(ImVec2(xright - ts.x, cy - ts.y * 0.5f), col, t);
    if (g.y_low < 0) g.y_low = y, g.y_low_at = cy;
    g.y_high = y, g.y_high_at = cy;
    ++g.y_labels;
  }
}

void MeshCanvas::zoom_pan(CanvasGeom& g, ImVec2 size, float fit, float pw, float ph, float left, float bottom, bool hovered, bool active) {
  ImGuiIO& io = ImGui::GetIO();
  const float max_zoom = std::max(1.0f, 96.0f / std::max(fit, 1e-3f));
  if (interactive && hovered && io.MouseWheel != 0.0f) {
    const float old_cell = fit * zoom_;
    const float nz = std::clamp(zoom_ * std::pow(1.2f, io.MouseWheel), 1.0f, max_zoom);
    // keep the machine point under the mouse fixed
    const ImVec2 centre(g.c0.x + size.x * 0.5f, g.c0.y + size.y * 0.5f);
    const ImVec2 m = io.MousePos;
    const float k = (fit * nz) / old_cell;
    const ImVec2 o_old(centre.x - pw * old_cell * 0.5f + pan_.x, centre.y - ph * old_cell * 0.5f + pan_.y);
    const ImVec2 o_new(m.x - (m.x - o_old.x) * k, m.y - (m.y - o_old.y) * k);
    const float nc = fit * nz;
    pan_ = ImVec2(o_new.x - (centre.x - pw * nc * 0.5f), o_new.y - (centre.y - ph * nc * 0.5f));
    zoom_ = nz;
  }
  if (zoom_ <= 1.0f) pan_ = ImVec2(0, 0);
  if (interactive && active && (ImGui::IsMouseDragging(ImGuiMouseButton_Left, 3.0f) || ImGui::IsMouseDragging(ImGuiMouseButton_Right, 3.0f))) {
    pan_.x += io.MouseDelta.x;
    pan_.y += io.MouseDelta.y;
    dragged_ = true;
  }
  g.cell = fit * zoom_;
  const float mw = pw * g.cell, mh = ph * g.cell;
  // keep at least a quarter of the canvas covered by the machine
  pan_.x = std::clamp(pan_.x, -(mw * 0.5f + size.x * 0.25f), mw * 0.5f + size.x * 0.25f);
  pan_.y = std::clamp(pan_.y, -(mh * 0.5f + size.y * 0.25f), mh * 0.5f + size.y * 0.25f);
  g.origin = ImVec2(std::floor(g.c0.x + left + (size.x - left - mw) * 0.5f + pan_.x),
                    std::floor(g.c0.y + (size.y - bottom - mh) * 0.5f + pan_.y));
}

CanvasGeom MeshCanvas::draw(const char* id, const Simulation& sim, ImVec2 size, JobId* pinned) {
  const Occupancy& occ = sim.occupancy();
  if (occ.depth() > 1) return draw_layers(id, sim, size, pinned);
  CanvasGeom g;
  g.W = occ.width();
  g.H = occ.height();
  const bool torus = occ.topology().wraps();
  size.x = std::max(size.x, 40.0f);
  size.y = std::max(size.y, 40.0f);
  g.c0 = ImGui::GetCursorScreenPos();
  g.c1 = ImVec2(g.c0.x + size.x, g.c0.y + size.y);
  ImGui::InvisibleButton(id, size, ImGuiButtonFlags_MouseButtonLeft | ImGuiButtonFlags_MouseButtonRight);
  const bool hovered = ImGui::IsItemHovered();
  const bool active = ImGui::IsItemActive();
  ImGuiIO& io = ImGui::GetIO();

  // Fit the machine (with a margin for the wrap cues on a torus, and room for the coordinates),
  // then zoom and pan.
  const float margin = torus ? 14.0f : 2.0f;
  const float fs = ImGui::GetFontSize();
  char widest[16];
  std::snprintf(widest, sizeof widest, "%d", std::max(g.W, g.H) - 1);
  const float axis_left = axes ? ImGui::CalcTextSize(widest).x + 6 : 0, axis_bottom = axes ? fs + 4 : 0;
  const float fit = std::min((size.x - 2 * margin - axis_left) / float(g.W), (size.y - 2 * margin - axis_bottom) / float(g.H));
  zoom_pan(g, size, fit, float(g.W), float(g.H), axis_left, axis_bottom, hovered, active);
  const float mw = float(g.W) * g.cell, mh = float(g.H) * g.cell;

  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->PushClipRect(g.c0, g.c1, true);
  // The background only around the machine: the cells cover the machine's part of the canvas
  // (a software rasterizer pays for every pixel of every layer).
  {
    const float mx0 = std::clamp(g.origin.x, g.c0.x, g.c1.x), mx1 = std::clamp(g.origin.x + mw, g.c0.x, g.c1.x);
    const float my0 = std::clamp(g.origin.y, g.c0.y, g.c1.y), my1 = std::clamp(g.origin.y + mh, g.c0.y, g.c1.y);
    if (mx1 <= mx0 || my1 <= my0) {
      dl->AddRectFilled(g.c0, g.c1, kBackground);
    } else {
      dl->AddRectFilled(g.c0, ImVec2(g.c1.x, my0), kBackground);            // above
      dl->AddRectFilled(ImVec2(g.c0.x, my1), g.c1, kBackground);            // below
      dl->AddRectFilled(ImVec2(g.c0.x, my0), ImVec2(mx0, my1), kBackground);  // left
      dl->AddRectFilled(ImVec2(mx1, my0), ImVec2(g.c1.x, my1), kBackground);  // right
    }
  }
  draw_cells(dl, sim, g);

  // Block outlines: the blocks of a non-contiguous job read as separate pieces of one colour.
  std::size_t nblocks = 0;
  for (const auto& kv : sim.running()) nblocks += kv.second.alloc.blocks.size();
  if (g.cell >= 3.0f && nblocks <= kMaxOutlinedBlocks) {
    const ImU32 edge = IM_COL32(10, 12, 16, 200);
    for (const auto& kv : sim.running())
      for (const Block& b : kv.second.alloc.blocks)
        g.block_pieces(b, [&](ImVec2 a, ImVec2 c) { dl->AddRect(a, c, edge, 0, 0, g.cell >= 8 ? 2.0f : 1.0f); });
  }

  // The node under the mouse.
  JobId hover_job = kNoJob;
  int hx = -1, hy = -1;
  if (hovered) {
    const ImVec2 m = io.MousePos;
    const float fx = (m.x - g.origin.x) / g.cell, fy = (m.y - g.origin.y) / g.cell;
    if (fx >= 0 && fy >= 0 && fx < float(g.W) && fy < float(g.H)) {
      hx = int(fx);
      hy = g.H - 1 - int(fy);
      hover_job = occ.owner(hx, hy);
    }
  }
  layers_ = Layers{.first = 0, .count = 1, .depth = 1, .hx = hx, .hy = hy, .hz = hx >= 0 ? 0 : -1, .hover = hover_job};
  // Click (without a drag) pins the job under the mouse; clicking it again or a free node unpins.
  if (interactive && pinned && ImGui::IsItemDeactivated()) {
    if (!dragged_ && hovered) *pinned = (hover_job == *pinned || hover_job == kFailedHost) ? kNoJob : hover_job;
    dragged_ = false;
  }
  // A pin outlives the job's stay on the machine (the Gantt and queue windows pin waiting and
  // departed jobs too): the canvas outlines the pinned job only while it runs.

  // A job's blocks as one: outline every piece, join the block centres.
  auto highlight = [&](JobId job, ImU32 col, float thick, bool dim_others) {
    const JobRecord* j = sim.running_job(job);
    if (!j) return;
    if (dim_others) {
      dl->AddRectFilled(g.c0, g.c1, IM_COL32(0, 0, 0, 110));
      for (const Block& b : j->alloc.blocks) g.block_pieces(b, [&](ImVec2 a, ImVec2 c) { dl->AddRectFilled(a, c, job_colour(job)); });
    }
    ImVec2 prev(0, 0);
    bool first = true;
    for (const Block& b : j->alloc.blocks) {
      g.block_pieces(b, [&](ImVec2 a, ImVec2 c) { dl->AddRect(a, c, col, 0, 0, thick); });
      const ImVec2 cen = g.node_min(b.x, b.y);
      const ImVec2 mid(cen.x + std::min(b.w, g.W - b.x) * g.cell * 0.5f, cen.y + g.cell - std::min(b.h, g.H - b.y) * g.cell * 0.5f);
      if (!first) dl->AddLine(prev, mid, col, std::max(1.0f, thick - 1.0f));
      dl->AddCircleFilled(mid, std::max(2.0f, thick + 0.5f), col);
      prev = mid;
      first = false;
    }
  };
  if (pinned && *pinned != kNoJob) highlight(*pinned, IM_COL32(255, 255, 255, 255), 2.5f, true);
  if (hover_job != kNoJob && (!pinned || hover_job != *pinned)) highlight(hover_job, IM_COL32(255, 255, 255, 170), 1.5f, false);

  // Torus: dashed border and arrows at every edge (leaving one side enters the opposite one).
  if (torus) {
    const ImVec2 a = g.origin, b(g.origin.x + mw, g.origin.y + mh);
    dashed(dl, ImVec2(a.x - 4, a.y - 4), ImVec2(b.x + 4, a.y - 4), kWrapCue, 6, 1.5f);
    dashed(dl, ImVec2(a.x - 4, b.y + 4), ImVec2(b.x + 4, b.y + 4), kWrapCue, 6, 1.5f);
    dashed(dl, ImVec2(a.x - 4, a.y - 4), ImVec2(a.x - 4, b.y + 4), kWrapCue, 6, 1.5f);
    dashed(dl, ImVec2(b.x + 4, a.y - 4), ImVec2(b.x + 4, b.y + 4), kWrapCue, 6, 1.5f);
    const int n = 3;
    for (int i = 1; i <= n; ++i) {
      const float fx = a.x + mw * float(i) / float(n + 1), fy = a.y + mh * float(i) / float(n + 1);
      arrow(dl, ImVec2(fx, a.y - 6), 0, -1, 5, kWrapCue);
      arrow(dl, ImVec2(fx, b.y + 6), 0, 1, 5, kWrapCue);
      arrow(dl, ImVec2(a.x - 6, fy), -1, 0, 5, kWrapCue);
      arrow(dl, ImVec2(b.x + 6, fy), 1, 0, 5, kWrapCue);
    }
    // Blocks that wrap: a cue on each cut edge (the block continues on the other side).
    if (nblocks <= kMaxOutlinedBlocks)
      for (const auto& kv : sim.running())
        for (const Block& bl : kv.second.alloc.blocks) {
          const bool wx = bl.x + bl.w > g.W, wy = bl.y + bl.h > g.H;
          if (!wx && !wy) continue;
          g.block_pieces(bl, [&](ImVec2 p, ImVec2 q) {
            if (wx && p.x <= a.x + 0.5f) dl->AddLine(ImVec2(a.x - 1.5f, p.y), ImVec2(a.x - 1.5f, q.y), kWrapCue, 3);
            if (wx && q.x >= b.x - 0.5f) dl->AddLine(ImVec2(b.x + 1.5f, p.y), ImVec2(b.x + 1.5f, q.y), kWrapCue, 3);
            if (wy && p.y <= a.y + 0.5f) dl->AddLine(ImVec2(p.x, a.y - 1.5f), ImVec2(q.x, a.y - 1.5f), kWrapCue, 3);
            if (wy && q.y >= b.y - 0.5f) dl->AddLine(ImVec2(p.x, b.y + 1.5f), ImVec2(q.x, b.y + 1.5f), kWrapCue, 3);
          });
        }
  }
  if (axes) draw_axes(dl, g);
  dl->PopClipRect();

  if (interactive && hovered && hx >= 0 && !ImGui::IsMouseDragging(ImGuiMouseButton_Left, 3.0f)) {
    ImGui::BeginTooltip();
    ImGui::TextDisabled("node (%d, %d)", hx, hy);
    if (hover_job == kNoJob) ImGui::TextDisabled("free");
    else if (hover_job == kFailedHost) failed_host_tooltip(sim, hx, hy, 0);
    else job_tooltip(sim, hover_job);
    if (pinned) ImGui::TextDisabled(hover_job >= 0 && hover_job != *pinned ? "click to pin" : "wheel: zoom, drag: pan");
    ImGui::EndTooltip();
  }
  return g;
}

}  // namespace alloclab::app
