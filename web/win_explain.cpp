// win_explain.cpp — the Explain window (Explain mode): what the strategy sees before its next
// decision, step by step. The subject is the head of the waiting queue, or (empty queue) the
// next job to arrive. Simulation::explain gives the steps (engine/alloc/explain.hpp: a caption
// and layers of rectangles by role, numbers at nodes, tree edges); this window draws the
// current step over the mesh canvas (dimmed, one colour per role, numbers when cells are large
// enough; busy nodes grey, coordinates along the edges), with a legend, the caption and
// ◀ Prev / Next ▶ (keys Left/Right, main.cpp). The
// last step is the decision (= Simulation::preview). "Apply" processes one event and starts
// over. The explanation is recomputed only when the subject or the machine changed. The
// simulation is paused in this mode; the ExplainCursor publishes the step for the page API.
#include <algorithm>
#include <cstdio>
#include <vector>
#include "imgui.h"
#include "windows.hpp"

namespace alloclab::app {

namespace {

struct RoleStyle {
  ImU32 fill, edge;
  float inset;  // fraction of a cell left empty around 1x1 blocks (markers, not areas)
};
// One colour per role, chosen to stand out on the dimmed job colours.
RoleStyle role_style(ExplainRole r) {
  switch (r) {
    case ExplainRole::FreeBase: return {IM_COL32(60, 230, 120, 140), 0, 0.30f};
    case ExplainRole::Reject: return {IM_COL32(235, 60, 60, 110), IM_COL32(235, 60, 60, 200), 0};
    case ExplainRole::Coverage: return {IM_COL32(245, 150, 40, 105), 0, 0};
    case ExplainRole::Busy: return {0, IM_COL32(215, 215, 225, 230), 0};
    case ExplainRole::Focus: return {IM_COL32(60, 220, 255, 50), IM_COL32(60, 220, 255, 255), 0};
    case ExplainRole::Candidate: return {IM_COL32(80, 140, 255, 80), IM_COL32(120, 175, 255, 255), 0.12f};
    case ExplainRole::PartitionFree: return {IM_COL32(60, 200, 110, 60), IM_COL32(90, 235, 140, 255), 0};
    case ExplainRole::PartitionBusy: return {IM_COL32(150, 110, 210, 90), IM_COL32(185, 150, 240, 255), 0};
    case ExplainRole::TreeNode: return {IM_COL32(240, 90, 220, 230), IM_COL32(240, 90, 220, 255), 0.30f};
    case ExplainRole::Failed: return {IM_COL32(200, 40, 40, 150), IM_COL32(255, 110, 110, 255), 0.12f};
    case ExplainRole::Piece: return {IM_COL32(190, 120, 255, 120), IM_COL32(215, 170, 255, 255), 0};
    case ExplainRole::Chosen: return {IM_COL32(255, 220, 60, 100), IM_COL32(255, 220, 60, 255), 0};
  }
  return {0, 0, 0};
}

constexpr std::size_t kMaxRects = 20000;  // per frame (a huge mask is sampled by the clip anyway)

// One step over one layer tile (the whole canvas of a 2D machine).
void draw_step_tile(ImDrawList* dl, const CanvasGeom& g, const ExplainStep& step) {
  const int X0 = g.tx0, X1 = g.tw ? g.tx0 + g.tw : g.W, Y0 = g.ty0, Y1 = g.th ? g.ty0 + g.th : g.H;
  auto in_tile = [&](int x, int y) { return x >= X0 && x < X1 && y >= Y0 && y < Y1; };
  dl->AddRectFilled(g.node_min(X0, Y1 - 1), g.node_max(X1 - 1, Y0), IM_COL32(10, 12, 16, 165));
  std::size_t drawn = 0;
  for (const ExplainLayer& l : step.layers) {
    const RoleStyle rs = role_style(l.role);
    const float thick = l.role == ExplainRole::Focus || l.role == ExplainRole::Chosen ? 3.0f : g.cell >= 8 ? 1.5f : 1.0f;
    for (const Block& b : l.blocks) {
      if (++drawn > kMaxRects) break;
      if (b.w == 1 && b.h == 1 && rs.inset > 0 && g.cell >= 6) {  // a marker inside the node
        if (!g.in_layer(b) || !in_tile(b.x, b.y)) continue;
        const ImVec2 a = g.node_min(b.x, b.y), c = g.node_max(b.x, b.y);
        const float m = g.cell * rs.inset;
        if (l.role == ExplainRole::TreeNode) {
          dl->AddCircleFilled(ImVec2((a.x + c.x) * 0.5f, (a.y + c.y) * 0.5f), std::max(2.0f, g.cell * 0.18f), rs.fill);
          continue;
        }
        dl->AddRectFilled(ImVec2(a.x + m, a.y + m), ImVec2(c.x - m, c.y - m), rs.fill, 2.0f);
        if (rs.edge) dl->AddRect(ImVec2(a.x + m, a.y + m), ImVec2(c.x - m, c.y - m), rs.edge, 2.0f, 0, 1.0f);
        continue;
      }
      g.block_pieces(b, [&](ImVec2 a, ImVec2 c) {
        if (rs.fill) dl->AddRectFilled(a, c, rs.fill);
        if (rs.edge) dl->AddRect(a, c, rs.edge, 0, 0, thick);
      });
    }
  }
  // tree edges, centre to centre (a wrapping edge on a torus is drawn straight across)
  if (!step.edges.empty() && g.z == 0 && g.tw == 0) {
    const ImU32 col = IM_COL32(240, 90, 220, 170);
    auto centre = [&](Coord p) {
      const ImVec2 a = g.node_min(p.x, p.y);
      return ImVec2(a.x + g.cell * 0.5f, a.y + g.cell * 0.5f);
    };
    for (const ExplainEdge& e : step.edges) dl->AddLine(centre(e.from), centre(e.to), col, g.cell >= 10 ? 1.5f : 1.0f);
  }
  // numbers at nodes, when they fit in a cell
  const float fs = ImGui::GetFontSize();
  if (!step.labels.empty() && g.cell >= fs * 0.95f && g.z == 0) {
    char txt[16];
    for (const ExplainLabel& l : step.labels) {
      std::snprintf(txt, sizeof txt, "%d", l.value);
      const ImVec2 sz = ImGui::CalcTextSize(txt);
      if (sz.x > g.cell - 2 || !in_tile(l.x, l.y)) continue;
      const ImVec2 a = g.node_min(l.x, l.y);
      const ImVec2 p(a.x + (g.cell - sz.x) * 0.5f, a.y + (g.cell - sz.y) * 0.5f);
      dl->AddRectFilled(ImVec2(p.x - 2, p.y), ImVec2(p.x + sz.x + 2, p.y + sz.y), IM_COL32(10, 12, 16, 200), 3.0f);
      dl->AddText(p, l.value < 0 ? IM_COL32(255, 140, 140, 255) : IM_COL32(255, 255, 255, 255), txt);
    }
  }
}

// Draws one step over the canvas: into each layer tile of a 3D machine (a block where it has
// nodes in that layer; labels, which name no layer, and tree edges on layer 0's tile).
void draw_step(ImDrawList* dl, const CanvasGeom& canvas, const ExplainStep& step) {
  canvas.for_each_tile([&](const CanvasGeom& g) { draw_step_tile(dl, g, step); });
}

// A legend entry per role used in the step: swatch + name, wrapped to the panel width.
void legend(const ExplainStep& step, bool labels_hidden) {
  const float avail = ImGui::GetContentRegionAvail().x;
  float x = 0;
  // the machine under the layers (mesh_canvas: neutral_jobs), then one entry per layer
  struct Entry { RoleStyle rs; const char* name; };
  std::vector<Entry> entries = {{{IM_COL32(112, 116, 126, 255), 0, 0}, "busy node"}, {{IM_COL32(46, 50, 58, 255), 0, 0}, "free node"}};
  for (const ExplainLayer& l : step.layers)
    if (!l.blocks.empty()) entries.push_back({role_style(l.role), explain_role_name(l.role)});
  for (const Entry& en : entries) {
    const RoleStyle rs = en.rs;
    const char* name = en.name;
    const float w = 16 + ImGui::CalcTextSize(name).x + 14;
    if (x > 0 && x + w < avail) ImGui::SameLine();
    else x = 0;
    const ImVec2 p = ImGui::GetCursorScreenPos();
    const float s = ImGui::GetFontSize() * 0.8f;
    ImDrawList* dl = ImGui::GetWindowDrawList();
    dl->AddRectFilled(ImVec2(p.x, p.y + 2), ImVec2(p.x + s, p.y + 2 + s), IM_COL32(46, 50, 58, 255));
    dl->AddRectFilled(ImVec2(p.x, p.y + 2), ImVec2(p.x + s, p.y + 2 + s), rs.fill ? rs.fill : IM_COL32(0, 0, 0, 0));
    if (rs.edge) dl->AddRect(ImVec2(p.x, p.y + 2), ImVec2(p.x + s, p.y + 2 + s), rs.edge, 0, 0, 2.0f);
    ImGui::Dummy(ImVec2(s + 2, s));
    ImGui::SameLine(0, 4);
    ImGui::TextUnformatted(name);
    x += w;
  }
  if (!step.labels.empty()) {
    ImGui::TextDisabled("numbers: %s", step.labels_mean.empty() ? "see the caption" : step.labels_mean.c_str());
    if (labels_hidden) ImGui::TextDisabled("(cells too small for them: zoom in with the wheel)");
  }
}

}  // namespace

void draw_explain_step(ImDrawList* dl, const CanvasGeom& g, const ExplainStep& step) { draw_step(dl, g, step); }

void ExplainWindow::draw(const View& v, ExplainCursor& cur, Pin& pin, const std::function<void()>& step_event, FrameReport& report) {
  if (!open) return;
  if (!ImGui::Begin("Explain", &open)) { ImGui::End(); return; }
  const Simulation& sim = v.sim;
  const Occupancy& occ = sim.occupancy();

  // the subject of the next decision
  std::optional<QueuedJob> subject;
  bool from_queue = false;
  if (sim.queue_length() > 0) { subject = sim.queue().front(); from_queue = true; }
  else if (const QueuedJob* n = sim.next_arrival()) subject = *n;
  // the explanation, recomputed when the subject or the machine changed
  const JobId sid = subject ? subject->id : kNoJob;
  if (!have_ || gen_ != v.generation || events_ != v.events || subject_ != sid) {
    expl_ = subject ? sim.explain(*subject) : Explanation{};
    have_ = true, gen_ = v.generation, events_ = v.events, subject_ = sid;
    cur.restart();
  }
  cur.set_steps(int(expl_.steps.size()));
  const ExplainStep* step = cur.steps() ? &expl_.steps[std::size_t(cur.step())] : nullptr;
  cur.shown(sim.scenario().strategy, step ? step->title : "",
            step ? step->caption : "No job waits and none is still to arrive: the run is over.");

  // ---- controls
  const bool tri = ImGui::GetFont()->FindGlyphNoFallback(0x25C0) != nullptr;
  ImGui::BeginDisabled(cur.step() <= 0);
  if (ImGui::Button(tri ? "\xe2\x97\x80 Prev" : "< Prev")) cur.prev();
  ImGui::EndDisabled();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) ImGui::SetTooltip("The previous step of the decision (key: Left)");
  ImGui::SameLine();
  ImGui::BeginDisabled(cur.step() + 1 >= cur.steps());
  if (ImGui::Button(tri ? "Next \xe2\x96\xb6" : "Next >")) cur.next();
  ImGui::EndDisabled();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) ImGui::SetTooltip("The next step of the decision (key: Right)");
  ImGui::SameLine();
  ImGui::Text("step %d/%d", cur.steps() ? cur.step() + 1 : 0, cur.steps());
  ImGui::SameLine();
  ImGui::TextDisabled("|");
  ImGui::SameLine();
  if (ImGui::Button("Apply (1 event)")) step_event();
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Process one event (an arrival or a departure; the scheduler then tries the queue) and explain the next decision");
  ImGui::SameLine();
  if (ImGui::Button("Next placement")) {
    // events until the strategy's decision for the subject is a placement that the next
    // event will apply (bounded)
    for (int k = 0; k < 100000 && !sim.done(); ++k) {
      step_event();
      std::optional<QueuedJob> q;
      if (sim.queue_length() > 0) q = sim.queue().front();
      else if (const QueuedJob* n = sim.next_arrival()) q = *n;
      if (q && sim.preview(*q)) break;
    }
  }
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Process events until the next job that can be placed");

  // ---- canvas (left) and description (right)
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float side = ImGui::GetFontSize() * 19;
  JobId pinned = pin.job();
  canvas.axes = true;          // the captions name nodes by (x, y)
  canvas.neutral_jobs = true;  // busy nodes grey: the step's layers carry the only colours
  const CanvasGeom g = canvas.draw("explain_canvas", sim, ImVec2(avail.x - side - 8, avail.y), &pinned);
  pin.set(pinned);
  report.explain_axes({.drawn = true, .neutral_busy = canvas.neutral_jobs, .columns = g.x_labels, .rows = g.y_labels,
                       .y_of_row0 = g.y_low == 0 ? g.y_low_at : 0, .y_of_last_row = g.y_high_at, .x_of_col0 = g.origin.x + g.cell * 0.5f,
                       .x_of_last_col = g.origin.x + (float(g.W) - 0.5f) * g.cell, .canvas = {g.c0.x, g.c0.y, g.c1.x, g.c1.y}});
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->PushClipRect(g.c0, g.c1, true);
  if (step && !step->layers.empty()) draw_step(dl, g, *step);
  dl->PopClipRect();

  ImGui::SameLine();
  ImGui::BeginChild("explain_text", ImVec2(0, 0), true);
  ImGui::PushTextWrapPos(0.0f);
  ImGui::Text("t = %.2f   strategy %s", sim.now(), cur.strategy().c_str());
  ImGui::Separator();
  if (!subject || !step) {
    ImGui::TextDisabled("%s", cur.caption().c_str());
  } else {
    const QueuedJob& q = *subject;
    if (from_queue) ImGui::TextDisabled("Job %d heads the waiting queue (%zu waiting); the scheduler tries it at the next change of the machine.", q.id, sim.queue_length());
    else ImGui::TextDisabled("The queue is empty; job %d arrives at t = %.2f and is tried at once.", q.id, q.arrival);
    ImGui::Spacing();
    ImGui::TextColored(ImVec4(0.95f, 0.85f, 0.45f, 1), "%d/%d  %s", cur.step() + 1, cur.steps(), step->title.c_str());
    ImGui::TextUnformatted(step->caption.c_str());
    ImGui::Spacing();
    legend(*step, g.cell < ImGui::GetFontSize() * 0.95f);
    if (cur.step() + 1 == cur.steps() && expl_.decision) {
      ImGui::Spacing();
      int shown = 0;
      for (const Block& bl : expl_.decision->blocks) {
        if (++shown > 8) { ImGui::TextDisabled("... %zu blocks in all", expl_.decision->blocks.size()); break; }
        ImGui::BulletText("base (%d, %d), %d x %d", bl.x, bl.y, bl.w, bl.h);
      }
      if (from_queue) ImGui::TextDisabled("(on the current machine; a departure first may change it)");
    } else if (cur.step() + 1 == cur.steps() && from_queue && occ.free_count() >= q.shape.area() && !expl_.decision) {
      ImGui::TextDisabled("Enough free processors but no place: external fragmentation.");
    }
    if (cur.step() + 1 == cur.steps() && expl_.ops >= 0) {
      const double c = sim.scenario().alloc_cost;
      if (c > 0) ImGui::TextDisabled("This decision counts %lld operations: %.4g time units of allocation (alloc_cost = %g).", expl_.ops, c * double(expl_.ops), c);
      else ImGui::TextDisabled("This decision counts %lld operations (the strategy file says what one is; alloc_cost = 0: it takes no time).", expl_.ops);
    }
    ImGui::Spacing();
    ImGui::TextDisabled("Nodes are (x, y): x counts columns from the left, y counts rows up from the bottom, both from 0. "
                        "A block's base is its bottom-left node.");
    ImGui::TextDisabled("Left/Right: previous/next step. Wheel: zoom, drag: pan.");
  }
  ImGui::PopTextWrapPos();
  ImGui::EndChild();
  ImGui::End();
}

}  // namespace alloclab::app
