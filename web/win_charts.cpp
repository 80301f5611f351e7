// win_charts.cpp — the Charts window: utilization, queue length, mean response time and (with
// a network) packet latency of the running simulation over simulated time (AppState's bounded
// history), stacked plots sharing the time axis (plot.hpp: axes, ticks, labels, legend, hover
// read-out); with a network, two columns when the window is wide, else the job plots and the
// packet plot on two tabs. Each plot reports what it drew.
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
  Series queue{.name = "waiting jobs", .colour = series_colour(2)};
  Series resp{.name = "mean response", .colour = series_colour(3)};
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
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const ImGuiStyle& style = ImGui::GetStyle();
  const float fs = ImGui::GetFontSize();
  // the time axis is labelled once, under the last plot of a column
  const float extra = fs * 2.0f;
  const Series u2[] = {util, mean_util};
  const Series l2[] = {lat, lat_mean};
  PlotSpec ps{.title = "Utilization", .x_label = "simulated time", .y_label = "(busy processors / all)", .y_max = 1.0, .x_labels = false};
  PlotSpec pq{.title = "Queue length", .x_label = "simulated time", .y_label = "(jobs waiting)", .x_labels = false};
  PlotSpec pr{.title = "Mean response time", .x_label = "simulated time", .y_label = "(measured jobs so far)", .x_labels = false};
  PlotSpec pl{.title = "Packet latency", .x_label = "simulated time", .y_label = "(cycles)", .x_labels = false};
  auto draw = [&](const char* id, ImVec2 size, PlotSpec spec, std::span<const Series> s, bool last) {
    spec.x_labels = last;
    report.plot(plot(id, ImVec2(size.x, size.y + (last ? extra : 0)), spec, s));
  };
  const bool network = sim.network() != nullptr;
  struct Chart {
    const char* id;
    PlotSpec spec;
    std::span<const Series> series;
  };
  auto stacked = [&](std::span<const Chart> charts) {  // one column, the time axis under the last
    const ImVec2 room = ImGui::GetContentRegionAvail();
    const float n = float(charts.size());
    const float ph = (room.y - style.ItemSpacing.y * (n - 1) - extra) / n;
    for (std::size_t i = 0; i < charts.size(); ++i)
      draw(charts[i].id, ImVec2(room.x, ph), charts[i].spec, charts[i].series, i + 1 == charts.size());
  };
  const Chart jobs[] = {{"util", ps, u2}, {"queue", pq, std::span<const Series>(&queue, 1)}, {"resp", pr, std::span<const Series>(&resp, 1)}};
  const Chart packets[] = {{"latency", pl, l2}};
  if (!network) {
    stacked(jobs);
  } else if (avail.x < fs * 34) {
    // a network in a small window: the job plots and the packet plot on two tabs, each
    // readable, rather than four squeezed into one column
    if (ImGui::BeginTabBar("charts-tabs", ImGuiTabBarFlags_FittingPolicyScroll)) {
      if (ImGui::BeginTabItem("Jobs")) { stacked(jobs); ImGui::EndTabItem(); }
      if (ImGui::BeginTabItem("Packets")) { stacked(packets); ImGui::EndTabItem(); }
      ImGui::EndTabBar();
    }
  } else {
    // a wide window with a network: two columns, utilization over queue, response time over
    // packet latency
    const float pw = (avail.x - style.ItemSpacing.x) * 0.5f;
    const float ph = (avail.y - style.ItemSpacing.y - extra) / 2.0f;
    ImGui::BeginGroup();
    draw("util", ImVec2(pw, ph), ps, u2, false);
    draw("queue", ImVec2(pw, ph), pq, std::span<const Series>(&queue, 1), true);
    ImGui::EndGroup();
    ImGui::SameLine();
    ImGui::BeginGroup();
    draw("resp", ImVec2(pw, ph), pr, std::span<const Series>(&resp, 1), false);
    draw("latency", ImVec2(pw, ph), pl, l2, true);
    ImGui::EndGroup();
  }
  ImGui::End();
}

}  // namespace alloclab::app
