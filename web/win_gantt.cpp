// win_gantt.cpp — the Gantt window: the schedule as time × jobs, scrolling with the simulation.
//
// One row per job that overlaps the time span shown (arrival order, top to bottom; the row's
// height ∝ the nodes it asked for — every slice of a multislice job — all rows scaled to fit; job numbers along the left side,
// the time axis underneath, never before time 0; a legend above). A bar from start to end (to now
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
  // a slider as wide as the line leaves for it beside its label (at most `most`; on the next
  // line when less than half of that is left)
  auto slider_width = [](const char* label, float most) {
    const float label_w = ImGui::CalcTextSize(label).x + ImGui::GetStyle().ItemInnerSpacing.x;
    same_line_if_fits(most * 0.5f + label_w);
    ImGui::SetNextItemWidth(std::min(most, ImGui::GetContentRegionAvail().x - label_w));
  };
  if (span_ <= 0) span_ = float(std::max(100.0, sim.scenario().trace_data ? 2000.0 : 1000.0));
  slider_width("span", ImGui::GetFontSize() * 10);
  ImGui::SliderFloat("span", &span_, 10.0f, 1e7f, "%.0f", ImGuiSliderFlags_Logarithmic);
  if (!follow_) {
    slider_width("end", ImGui::GetFontSize() * 12);
    const double lo = 0, hi = std::max(now, 1.0);
    end_ = std::clamp(end_, lo, hi);
    ImGui::SliderScalar("end", ImGuiDataType_Double, &end_, &lo, &hi, "%.0f");
  } else {
    end_ = now;
  }
  // the span ends at `end_`, but never starts before time 0 (early on, now is inside it)
  const double t0 = std::max(0.0, end_ - double(span_)), t1 = t0 + double(span_);

  // the legend: what a bar, a thin line and the white line are
  {
    ImDrawList* ldl = ImGui::GetWindowDrawList();
    const float fs = ImGui::GetFontSize();
    auto entry = [&](int kind, const char* label) {
      const ImVec2 p = ImGui::GetCursorScreenPos();
      const float w = fs * 1.4f, mid = p.y + fs * 0.55f;
      const ImU32 c = IM_COL32(120, 170, 230, 255);
      if (kind == 0) ldl->AddRectFilled(ImVec2(p.x, mid - fs * 0.3f), ImVec2(p.x + w, mid + fs * 0.3f), c);
      else if (kind == 1) ldl->AddLine(ImVec2(p.x, mid), ImVec2(p.x + w, mid), c, 1.0f);
      else ldl->AddLine(ImVec2(p.x + w * 0.5f, p.y + 1), ImVec2(p.x + w * 0.5f, p.y + fs), IM_COL32(230, 230, 230, 200), 1.5f);
      ImGui::Dummy(ImVec2(w, fs));
      ImGui::SameLine(0, 4);
      ImGui::TextDisabled("%s", label);
    };
    // each entry beside the last while it fits, else on the next line
    const char* labels[3] = {"running / ran", "waiting", "now"};
    for (int k = 0; k < 3; ++k) {
      same_line_if_fits(fs * 1.4f + 4 + ImGui::CalcTextSize(labels[k]).x, k ? fs : -1.0f);
      entry(k, labels[k]);
    }
  }

  // rows: jobs overlapping [t0, t1] in id (arrival) order
  rows_.clear();
  for (const JobRecord& r : sim.recorded())
    if (r.arrival <= t1 && r.end >= t0) rows_.push_back({r.id, r.arrival, r.start, r.end, r.chips(), 2});
  for (const auto& kv : sim.running())
    if (kv.second.arrival <= t1) rows_.push_back({kv.first, kv.second.arrival, kv.second.start, now, kv.second.chips(), 1});
  for (const QueuedJob& q : sim.queue())
    if (q.arrival <= t1) rows_.push_back({q.id, q.arrival, now, now, q.chips(), 0});
  std::sort(rows_.begin(), rows_.end(), [](const Row& a, const Row& b) { return a.id < b.id; });

  const ImVec2 p0 = ImGui::GetCursorScreenPos();
  ImVec2 size = ImGui::GetContentRegionAvail();
  size.x = std::max(size.x, 80.0f);
  size.y = std::max(size.y, 60.0f);
  ImGui::InvisibleButton("gantt", size);
  const bool hovered_canvas = ImGui::IsItemHovered();
  const bool clicked = ImGui::IsItemClicked(ImGuiMouseButton_Left);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  FrameReport::Gantt shown;
  const float axis_h = ImGui::GetTextLineHeightWithSpacing() * 2;
  // the left margin holds the job numbers of the rows tall enough for one
  char widest_id[16];
  std::snprintf(widest_id, sizeof widest_id, "%d", rows_.empty() ? 0 : rows_.back().id);
  const float margin = ImGui::CalcTextSize(widest_id).x + 10;
  const ImVec2 c0(p0.x + margin, p0.y), c1(p0.x + size.x, p0.y + size.y - axis_h);
  dl->AddRectFilled(p0, ImVec2(c1.x, p0.y + size.y), IM_COL32(24, 26, 32, 255));
  dl->PushClipRect(p0, ImVec2(c1.x, p0.y + size.y), true);
  const char* kRowsNote = "rows: jobs by arrival, height ~ processors";
  {  // under the time axis: its label, and what the rows are (shorter when the window is narrow)
    const char* xl = "simulated time";
    const float fs = ImGui::GetFontSize();
    const ImU32 dimc = IM_COL32(150, 150, 150, 255);
    dl->AddText(ImVec2(c0.x + 2, c1.y + fs + 3), dimc, xl);
    const float from = c0.x + 2 + ImGui::CalcTextSize(xl).x + fs;
    for (const char* yl : {kRowsNote, "rows: jobs by arrival", "rows: jobs"}) {
      const float w = ImGui::CalcTextSize(yl).x;
      if (c1.x - 4 - w < from) continue;
      dl->AddText(ImVec2(c1.x - 4 - w, c1.y + fs + 3), dimc, yl);
      shown.note = yl;
      shown.text_end = std::max(shown.text_end, c1.x - 4);
      break;
    }
  }
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
    if (x + 2 + ImGui::CalcTextSize(b).x > c1.x) continue;  // a label that would run past the edge is left out
    dl->AddText(ImVec2(x + 2, c1.y + 1), IM_COL32(170, 170, 170, 255), b);
    shown.text_end = std::max(shown.text_end, x + 2 + ImGui::CalcTextSize(b).x);
  }
  if (follow_ || end_ >= now) dl->AddLine(ImVec2(X(now), c0.y), ImVec2(X(now), c1.y), IM_COL32(230, 230, 230, 160));

  // row heights ∝ nodes, scaled so that all rows fit (at least 1 px)
  const int N = sim.topology().nodes();
  double nodes = 0;
  for (const Row& r : rows_) nodes += r.nodes;
  const float avail_h = c1.y - c0.y;
  const float per_node = rows_.empty() ? 0 : float(std::min(avail_h * 0.25 / N, avail_h / std::max(1.0, nodes)));
  float y = c0.y;
  float next_label = c0.y;  // job numbers at the left, at least a line apart
  struct Label { JobId id; float y; };
  std::vector<Label> labels;
  dl->PushClipRect(c0, c1, true);  // the bars stay right of the job numbers
  JobId hover = kNoJob;
  const ImVec2 m = ImGui::GetIO().MousePos;
  bool bar_running = false;  // shown.bar_job is a running job
  for (const Row& r : rows_) {
    const float h = std::max(1.0f, float(r.nodes) * per_node);
    if (y > c1.y) break;
    const ImU32 col = job_colour(r.id);
    const float mid = y + h / 2;
    if (y >= next_label && mid + ImGui::GetFontSize() * 0.5f <= c1.y) {
      labels.push_back({r.id, mid});
      next_label = std::max(c0.y, mid - ImGui::GetFontSize() * 0.5f) + ImGui::GetFontSize() * 1.2f;
    }
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
        shown.bar_h = h;
        shown.bar_nodes = r.nodes;
        shown.bar_rgb = (col & 0xff) << 16 | (col >> 8 & 0xff) << 8 | (col >> 16 & 0xff);  // ImU32 is ABGR
      }
    }
    if (hovered_canvas && m.y >= y && m.y < y + std::max(h, 2.0f) && m.x >= X(r.arrival) - 2 && m.x <= X(r.end) + 2) hover = r.id;
    y += h;
  }
  dl->PopClipRect();
  for (const Label& l : labels) {
    char id[16];
    std::snprintf(id, sizeof id, "%d", l.id);
    const ImVec2 ts = ImGui::CalcTextSize(id);
    dl->AddText(ImVec2(c0.x - 5 - ts.x, std::max(c0.y, l.y - ts.y * 0.5f)), IM_COL32(170, 170, 170, 255), id);
    dl->AddLine(ImVec2(c0.x - 3, l.y), ImVec2(c0.x, l.y), IM_COL32(170, 170, 170, 255));
    ++shown.row_labels;
  }
  dl->PopClipRect();
  shown.hovered = hover;
  shown.x0 = c0.x, shown.y0 = c0.y, shown.x1 = c1.x, shown.y1 = c1.y;
  shown.t0 = t0, shown.t1 = t1;
  shown.per_node = per_node;
  shown.legend_entries = 3;
  report.gantt(shown);
  if (hover == kNoJob && hovered_canvas && m.x < c0.x) ImGui::SetTooltip("%s", kRowsNote);  // the job numbers' column
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
