// win_charts.cpp — the Charts window: utilization, queue length, mean response time and (with
// a network) packet latency of the running simulation over simulated time (AppState's bounded
// history), stacked plots sharing the time axis, their plot areas aligned (plot.hpp: axes,
// ticks, labels, legend, hover read-out); with a network and a wide window, two columns; when
// the window is too short for every chart at a readable height, one chart at a time (a row of
// buttons picks it). Each plot
// reports what it drew.
#include <algorithm>
#include <vector>
#include "imgui.h"
#include "plot.hpp"
#include "windows.hpp"

namespace alloclab::app {

void ChartsWindow::draw(const History& history, const Simulation& sim, FrameReport& report) {
  if (!open) return;
  if (!ImGui::Begin("Charts", &open)) { ImGui::End(); return; }
  const auto& h = history.samples();
  Series util{.name = "busy now", .colour = series_colour(0)};
  Series mean_util{.name = "time average", .colour = series_colour(1)};
  Series queue{.colour = series_colour(2)};  // one series: the title names it (no legend)
  Series resp{.colour = series_colour(3)};
  Series lat{.name = "recent packets", .colour = series_colour(4)};
  Series lat_mean{.name = "mean so far", .colour = series_colour(5)};
  double area = 0;
  for (std::size_t i = 0; i < h.size(); ++i) {
    const auto& s = h[i];
    util.x.push_back(s.t); util.y.push_back(s.util);
    if (i > 0) area += double(h[i - 1].util) * (s.t - h[i - 1].t);
    if (i > 0 && s.t > h.front().t) { mean_util.x.push_back(s.t); mean_util.y.push_back(area / (s.t - h.front().t)); }
    queue.x.push_back(s.t); queue.y.push_back(s.queue);
    resp.x.push_back(s.t); resp.y.push_back(s.response);
    lat.x.push_back(s.t); lat.y.push_back(s.latency);
    lat_mean.x.push_back(s.t); lat_mean.y.push_back(s.latency_mean);
  }
  const ImGuiStyle& style = ImGui::GetStyle();
  const float fs = ImGui::GetFontSize();
  const float extra = fs * 2.0f;  // the time axis is labelled once, under the last plot of a column
  const float min_h = fs * 7.5f;  // a plot shorter than this is not readable: one per tab instead
  const Series u2[] = {util, mean_util};
  const Series l2[] = {lat, lat_mean};
  struct Chart {
    const char* id;
    const char* tab;
    PlotSpec spec;
    std::span<const Series> series;
  };
  std::vector<Chart> charts = {
      {"util", "Utilization", {.title = "Utilization", .x_label = "simulated time", .y_label = "(busy processors / all)", .y_max = 1.0}, u2},
      {"queue", "Queue", {.title = "Queue length", .x_label = "simulated time", .y_label = "(jobs waiting)"}, std::span<const Series>(&queue, 1)},
      {"resp", "Response", {.title = "Mean response time", .x_label = "simulated time", .y_label = "(measured jobs so far)"},
       std::span<const Series>(&resp, 1)}};
  if (sim.network() != nullptr)
    charts.push_back({"latency", "Packets", {.title = "Packet latency", .x_label = "simulated time", .y_label = "(cycles)"}, l2});
  // One column of charts on one time axis, labelled under the last: the plot areas aligned (a
  // common left margin, and one legend column beside them when the widest legend fits there).
  auto column = [&](std::span<const Chart> col, float width, float height) {
    float lw = 0;
    for (const Chart& c : col) lw = std::max(lw, legend_width(c.series));
    const float legend_column = lw + fs * 1.2f <= width * 0.28f ? lw : 0;
    const float n = float(col.size());
    const float ph = (height - style.ItemSpacing.y * (n - 1) - extra) / n;
    ImGui::BeginGroup();
    for (std::size_t i = 0; i < col.size(); ++i) {
      PlotSpec spec = col[i].spec;
      const bool last = i + 1 == col.size();
      spec.x_labels = last;
      spec.left_min = ImGui::CalcTextSize("00000").x + 10;
      spec.legend_column = legend_column;
      report.plot(plot(col[i].id, ImVec2(width, ph + (last ? extra : 0)), spec, col[i].series));
    }
    ImGui::EndGroup();
  };
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const std::span<const Chart> all(charts);
  const float one_column = (avail.y - style.ItemSpacing.y * float(charts.size() - 1) - extra) / float(charts.size());
  const float two_columns = (avail.y - style.ItemSpacing.y - extra) / 2.0f;
  if (one_column >= min_h) {
    column(all, avail.x, avail.y);
  } else if (charts.size() == 4 && two_columns >= min_h && avail.x >= fs * 34) {
    // a wide window with a network: utilization over queue length, response time over packet latency
    const float pw = (avail.x - style.ItemSpacing.x) * 0.5f;
    column(all.subspan(0, 2), pw, avail.y);
    ImGui::SameLine();
    column(all.subspan(2, 2), pw, avail.y);
  } else {
    // too little room for the charts one above the other: one chart at a time, chosen on a row
    // of buttons (continued on the next line when the window is narrow, never cut)
    shown_ = std::min(shown_, int(charts.size()) - 1);
    for (std::size_t i = 0; i < charts.size(); ++i) {
      const float w = ImGui::CalcTextSize(charts[i].tab).x + style.FramePadding.x * 2;
      if (i > 0) same_line_if_fits(w);
      const bool on = int(i) == shown_;
      if (on) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
      if (ImGui::SmallButton(charts[i].tab)) shown_ = int(i);
      if (on) ImGui::PopStyleColor();
    }
    const ImVec2 room = ImGui::GetContentRegionAvail();
    column(all.subspan(std::size_t(shown_), 1), room.x, room.y);
  }
  ImGui::End();
}

}  // namespace alloclab::app
