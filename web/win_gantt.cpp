// win_gantt.cpp — the Gantt window: the schedule as time × jobs, scrolling with the simulation.
//
// One row per job that overlaps the time span shown (arrival order, top to bottom; the row's
// height ∝ the nodes it asked for, all rows scaled to fit). A bar from start to end (to now
// while it runs) in the job's mesh-view colour; its wait a thin line from arrival to start (to
// now while it waits). Hover = the job's tooltip (the mesh view's for a running job), click =
// pin (the Pin part, shared with the mesh view; the pinned job is outlined). "Follow" keeps the
// right edge at the simulation's now; without it the span can be moved back in time. Finished
// jobs come from the run's record of measured jobs (AppState keeps recording on).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include "imgui.h"
#include "windows.hpp"

namespace alloclab::app {

void GanttWindow::draw(const Simulation& sim, Pin& pin, FrameReport& report) {
  if (!open) return;
  if (!ImGui::Begin("Gantt", &open)) { ImGui::End(); return; }
  const double now = sim.now();
  ImGui::Checkbox("Follow", &follow_);
  ImGui::SameLine();
  if (span_ <= 0) span_ = float(std::max(100.0, sim.scenario().trace_data ? 2000.0 : 1000.0));
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 10);
  ImGui::SliderFloat("span", &span_, 10.0f, 1e7f, "%.0f", ImGuiSliderFlags_Logarithmic);
  if (!follow_) {
    ImGui::SameLine();
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 12);
    const double lo = 0, hi = std::max(now, 1.0);
    end_ = std::clamp(end_, lo, hi);
    ImGui::SliderScalar("end", ImGuiDataType_Double, &end_, &lo, &hi, "%.0f");
  } else {
    end_ = now;
  }
  const double t1 = std::max(end_, double(span_) * 0.05), t0 = t1 - double(span_);

  // rows: jobs overlapping [t0, t1] in id (arrival) order
  rows_.clear();
  for (const JobRecord& r : sim.recorded())
    if (r.arrival <= t1 && r.end >= t0) rows_.push_back({r.id, r.arrival, r.start, r.end, r.shape.area(), 2});
  for (const auto& kv : sim.running())
    if (kv.second.arrival <= t1) rows_.push_back({kv.first, kv.second.arrival, kv.second.start, now, kv.second.shape.area(), 1});
  for (const QueuedJob& q : sim.queue())
    if (q.arrival <= t1) rows_.push_back({q.id, q.arrival, now, now, q.shape.area(), 0});
  std::sort(rows_.begin(), rows_.end(), [](const Row& a, const Row& b) { return a.id < b.id; });

  const ImVec2 p0 = ImGui::GetCursorScreenPos();
  ImVec2 size = ImGui::GetContentRegionAvail();
  size.x = std::max(size.x, 80.0f);
  size.y = std::max(size.y, 60.0f);
  ImGui::InvisibleButton("gantt", size);
  const bool hovered_canvas = ImGui::IsItemHovered();
  const bool clicked = ImGui::IsItemClicked(ImGuiMouseButton_Left);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float axis_h = ImGui::GetTextLineHeightWithSpacing();
  const ImVec2 c0 = p0, c1(p0.x + size.x, p0.y + size.y - axis_h);
  dl->AddRectFilled(c0, ImVec2(c1.x, p0.y + size.y), IM_COL32(24, 26, 32, 255));
  dl->PushClipRect(c0, ImVec2(c1.x, p0.y + size.y), true);
  auto X = [&](double t) { return c0.x + float((t - t0) / (t1 - t0)) * (c1.x - c0.x); };
  // time ticks: as many as fit with their labels apart (the widest label is the last time's)
  char widest[32];
  std::snprintf(widest, sizeof widest, "%.0f", std::max(std::fabs(t0), std::fabs(t1)) * 10);
  const float label_w = ImGui::CalcTextSize(widest).x + 8;
  const double raw = (t1 - t0) / std::max(1.0f, std::floor((c1.x - c0.x) / label_w));
  // the smallest 1, 2 or 5 x 10^k at least `raw` apart (a smaller step would crowd the labels)
  double step = std::pow(10.0, std::floor(std::log10(raw)));
  if (raw > 5 * step) step *= 10;
  else if (raw > 2 * step) step *= 5;
  else if (raw > step) step *= 2;
  for (double t = std::ceil(t0 / step) * step; t <= t1; t += step) {
    const float x = X(t);
    dl->AddLine(ImVec2(x, c0.y), ImVec2(x, c1.y), IM_COL32(60, 64, 74, 255));
    char b[32];
    std::snprintf(b, sizeof b, "%.0f", t);
    dl->AddText(ImVec2(x + 2, c1.y + 1), IM_COL32(170, 170, 170, 255), b);
  }
  if (follow_ || end_ >= now) dl->AddLine(ImVec2(X(now), c0.y), ImVec2(X(now), c1.y), IM_COL32(230, 230, 230, 160));

  // row heights ∝ nodes, scaled so that all rows fit (at least 1 px)
  const int N = sim.topology().nodes();
  double nodes = 0;
  for (const Row& r : rows_) nodes += r.nodes;
  const float avail_h = c1.y - c0.y;
  const float per_node = rows_.empty() ? 0 : float(std::min(avail_h * 0.25 / N, avail_h / std::max(1.0, nodes)));
  float y = c0.y;
  JobId hover = kNoJob;
  const ImVec2 m = ImGui::GetIO().MousePos;
  FrameReport::Gantt shown;
  bool bar_running = false;  // shown.bar_job is a running job
  for (const Row& r : rows_) {
    const float h = std::max(1.0f, float(r.nodes) * per_node);
    if (y > c1.y) break;
    const ImU32 col = job_colour(r.id);
    const float mid = y + h / 2;
    if (r.start > r.arrival)
      dl->AddLine(ImVec2(X(r.arrival), mid), ImVec2(X(r.start), mid), col, 1.0f);
    if (r.state > 0) {
      const ImVec2 a(X(r.start), y), b(std::max(X(r.end), X(r.start) + 1.5f), y + h);
      dl->AddRectFilled(a, b, col);
      if (r.id == pin.job()) dl->AddRect(ImVec2(a.x - 1, a.y - 1), ImVec2(b.x + 1, b.y + 1), IM_COL32(255, 255, 255, 255), 0, 0, 2);
      ++shown.bars;
      // a bar a test can point at: a running job's if any (the mesh view keeps only a running
      // job pinned), else a departed one's
      const bool better = shown.bar_job == kNoJob || (r.state == 1 && !bar_running);
      const float left = std::max(a.x, c0.x), right = std::min(b.x, c1.x);
      if (better && h >= 3 && right - left >= (r.state == 1 ? 1.0f : 4.0f)) {
        bar_running = r.state == 1;
        shown.bar_job = r.id;
        shown.bar_x = (left + right) / 2;
        shown.bar_y = mid;
        shown.bar_rgb = (col & 0xff) << 16 | (col >> 8 & 0xff) << 8 | (col >> 16 & 0xff);  // ImU32 is ABGR
      }
    }
    if (hovered_canvas && m.y >= y && m.y < y + std::max(h, 2.0f) && m.x >= X(r.arrival) - 2 && m.x <= X(r.end) + 2) hover = r.id;
    y += h;
  }
  dl->PopClipRect();
  shown.hovered = hover;
  shown.x0 = c0.x, shown.y0 = c0.y, shown.x1 = c1.x, shown.y1 = c1.y;
  report.gantt(shown);
  if (hover != kNoJob) {
    ImGui::BeginTooltip();
    if (sim.running_job(hover)) {
      job_tooltip(sim, hover);
    } else {
      for (const Row& r : rows_)
        if (r.id == hover) {
          ImGui::ColorButton("##c", ImColor(job_colour(hover)), ImGuiColorEditFlags_NoTooltip, ImVec2(12, 12));
          ImGui::SameLine();
          if (r.state == 0) ImGui::Text("job %d: waiting since %.1f (%d nodes)", hover, r.arrival, r.nodes);
          else ImGui::Text("job %d: arrived %.1f, ran %.1f .. %.1f, waited %.1f (%d nodes)", hover, r.arrival, r.start, r.end,
                           r.start - r.arrival, r.nodes);
        }
    }
    ImGui::EndTooltip();
  }
  if (clicked) pin.toggle(hover);
  if (rows_.empty()) dl->AddText(ImVec2(c0.x + 8, c0.y + 8), IM_COL32(160, 160, 160, 255), "no jobs in this span yet");
  ImGui::End();
}

}  // namespace alloclab::app
