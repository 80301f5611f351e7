// win_explain.cpp — the Explain window (Explain mode): what the strategy sees before its next
// decision. The subject is the head of the waiting queue, or (empty queue) the next job to
// arrive. Stage 1 shows its request, stage 2 the free-base mask (Occupancy::free_bases: every
// node where an a×b block would be entirely free, tinted), stage 3 the candidate the strategy
// would choose (Simulation::preview: a copy of the strategy decides, nothing is applied);
// "Apply" processes one event and starts over. The simulation is paused in this mode.
#include <algorithm>
#include <cstdio>
#include "imgui.h"
#include "windows.hpp"

namespace alloclab::app {

void ExplainWindow::draw(AppState& state) {
  if (!open) return;
  if (!ImGui::Begin("Explain", &open)) { ImGui::End(); return; }
  const Simulation& sim = state.sim();
  const Occupancy& occ = sim.occupancy();

  // the subject of the next decision
  std::optional<QueuedJob> subject;
  bool from_queue = false;
  if (sim.queue_length() > 0) { subject = sim.queue().front(); from_queue = true; }
  else if (const QueuedJob* n = sim.next_arrival()) subject = *n;
  BaseMask mask;
  std::optional<Allocation> choice;
  if (subject) {
    mask = occ.free_bases(subject->shape.w, subject->shape.h);
    choice = sim.preview(*subject);
  }

  // ---- controls
  const char* stages[] = {"1 request", "2 free bases", "3 candidate"};
  for (int s = 1; s <= 3; ++s) {
    if (s > 1) ImGui::SameLine();
    if (ImGui::RadioButton(stages[s - 1], stage_ == s)) stage_ = s;
  }
  ImGui::SameLine();
  ImGui::TextDisabled("|");
  ImGui::SameLine();
  if (ImGui::Button(stage_ < 3 ? "Next stage" : "Apply (1 event)")) {
    if (stage_ < 3) ++stage_;
    else { state.step_once(); stage_ = 1; }
  }
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Step through the decision; at the end, process one event");
  ImGui::SameLine();
  if (ImGui::Button("Next placement")) {
    // events until the strategy's decision for the subject is a placement that the next
    // event will apply (bounded)
    for (int k = 0; k < 100000 && !state.sim().done(); ++k) {
      state.step_once();
      const Simulation& s2 = state.sim();
      std::optional<QueuedJob> q;
      if (s2.queue_length() > 0) q = s2.queue().front();
      else if (const QueuedJob* n = s2.next_arrival()) q = *n;
      if (q && s2.preview(*q)) break;
    }
    stage_ = 1;
  }
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Process events until the next job that can be placed");

  // ---- description (right) and canvas (left)
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float side = ImGui::GetFontSize() * 17;
  const CanvasGeom g = canvas.draw("explain_canvas", sim, ImVec2(avail.x - side - 8, avail.y), &state.pinned);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->PushClipRect(g.c0, g.c1, true);
  if (subject && stage_ >= 2) {
    // free bases: one green stripe per run of consecutive bases in a row (bounded work),
    // a dot per base when cells are large
    const ImU32 tint = IM_COL32(60, 230, 120, 150);
    const float m = g.cell >= 6 ? g.cell * 0.32f : 0.0f;
    for (int y = 0; y < mask.height(); ++y)
      for (int x = 0; x < mask.width();) {
        if (!mask.test(x, y)) { ++x; continue; }
        int e = x + 1;
        while (e < mask.width() && mask.test(e, y)) ++e;
        const ImVec2 a = g.node_min(x, y), b = g.node_max(e - 1, y);
        if (m > 0)
          for (int k = x; k < e; ++k) dl->AddRectFilled(ImVec2(g.node_min(k, y).x + m, a.y + m), ImVec2(g.node_max(k, y).x - m, b.y - m), tint);
        else
          dl->AddRectFilled(a, b, tint);
        x = e;
      }
  }
  if (subject && stage_ >= 3 && choice) {
    for (const Block& bl : choice->blocks)
      g.block_pieces(bl, [&](ImVec2 a, ImVec2 b) {
        dl->AddRectFilled(a, b, IM_COL32(255, 220, 60, 90));
        dl->AddRect(a, b, IM_COL32(255, 220, 60, 255), 0, 0, 3.0f);
      });
    const Block& f = choice->blocks.front();
    const ImVec2 base = g.node_min(f.x, f.y);
    dl->AddCircleFilled(ImVec2(base.x + g.cell * 0.5f, base.y + g.cell * 0.5f), std::max(3.0f, g.cell * 0.3f), IM_COL32(255, 255, 255, 255));
  }
  dl->PopClipRect();

  ImGui::SameLine();
  ImGui::BeginChild("explain_text", ImVec2(0, 0), true);
  ImGui::PushTextWrapPos(0.0f);
  ImGui::Text("t = %.2f   strategy %s", sim.now(), sim.scenario().strategy.c_str());
  ImGui::Separator();
  if (!subject) {
    ImGui::TextDisabled("No job waits and none is still to arrive: the run is over.");
  } else {
    const QueuedJob& q = *subject;
    ImGui::TextColored(ImVec4(0.9f, 0.85f, 0.5f, 1), "1. The request");
    if (from_queue) ImGui::Text("Job %d heads the waiting queue (%zu waiting); the scheduler tries it at the next change of the machine.", q.id, sim.queue_length());
    else ImGui::Text("The queue is empty; job %d arrives at t = %.2f and is tried at once.", q.id, q.arrival);
    ImGui::Text("It asks for a %d x %d submesh (%d processors); %d of %d are free.", q.shape.w, q.shape.h, q.shape.area(), occ.free_count(),
                occ.topology().nodes());
    if (stage_ >= 2) {
      ImGui::Spacing();
      ImGui::TextColored(ImVec4(0.4f, 0.9f, 0.5f, 1), "2. Free bases");
      const int n = mask.count();
      ImGui::Text("%d base%s (green) where a %d x %d block is entirely free%s.", n, n == 1 ? "" : "s", q.shape.w, q.shape.h,
                  occ.topology().wraps() ? ", wrapping allowed" : "");
      if (q.shape.w != q.shape.h) {
        const int r = occ.free_bases(q.shape.h, q.shape.w).count();
        ImGui::TextDisabled("rotated %d x %d: %d bases", q.shape.h, q.shape.w, r);
      }
      if (n == 0 && occ.free_count() >= q.shape.area())
        ImGui::TextDisabled("Enough free processors but no free submesh: external fragmentation. Only non-contiguous strategies can place it now.");
    }
    if (stage_ >= 3) {
      ImGui::Spacing();
      ImGui::TextColored(ImVec4(1.0f, 0.85f, 0.3f, 1), "3. The decision");
      if (!choice) {
        ImGui::Text("%s finds no place: the job waits for a departure%s.", sim.scenario().strategy.c_str(),
                    from_queue && sim.scenario().scheduler != "easy" ? " (and blocks the queue behind it)" : "");
      } else {
        ImGui::Text("%s chooses %zu block%s (yellow, white dot = first base):", sim.scenario().strategy.c_str(), choice->blocks.size(),
                    choice->blocks.size() == 1 ? "" : "s");
        int shown = 0;
        for (const Block& bl : choice->blocks) {
          if (++shown > 12) { ImGui::TextDisabled("..."); break; }
          ImGui::BulletText("base (%d, %d), %d x %d", bl.x, bl.y, bl.w, bl.h);
        }
        if (from_queue) ImGui::TextDisabled("(on the current machine; a departure first may change it)");
      }
    }
  }
  ImGui::PopTextWrapPos();
  ImGui::EndChild();
  ImGui::End();
}

}  // namespace alloclab::app
