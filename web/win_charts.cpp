// win_charts.cpp — the Charts window: utilization, queue length, mean response time and (with
// a network) packet latency of the running simulation over simulated time (AppState's bounded
// history), stacked plots sharing the time axis (plot.hpp: axes, ticks, labels, legend, hover
// read-out).
#include "imgui.h"
#include "plot.hpp"
#include "windows.hpp"

namespace alloclab::app {

void ChartsWindow::draw(const History& history, const Simulation& sim) {
  if (!open) return;
  if (!ImGui::Begin("Charts", &open)) { ImGui::End(); return; }
  const auto& h = history.samples();
  Series util{"busy now", series_colour(0), {}, {}, {}, false};
  Series mean_util{"time average", series_colour(1), {}, {}, {}, false};
  Series queue{"waiting jobs", series_colour(2), {}, {}, {}, false};
  Series resp{"mean response", series_colour(3), {}, {}, {}, false};
  Series lat{"recent packets", series_colour(4), {}, {}, {}, false};
  Series lat_mean{"mean so far", series_colour(5), {}, {}, {}, false};
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
  // the time axis is labelled once, under the last plot of a column
  const float extra = ImGui::GetFontSize() * 2.0f;
  const Series u2[] = {util, mean_util};
  const Series l2[] = {lat, lat_mean};
  PlotSpec ps{"Utilization", "simulated time", "(busy processors / all)", true, 1.0, false};
  PlotSpec pq{"Queue length", "simulated time", "(jobs waiting)", true, 0, false};
  PlotSpec pr{"Mean response time", "simulated time", "(measured jobs so far)", true, 0, true};
  PlotSpec pl{"Packet latency", "simulated time", "(cycles)", true, 0, true};
  if (sim.network() == nullptr) {
    // three stacked plots
    const float ph = (avail.y - style.ItemSpacing.y * 2 - extra) / 3.0f;
    plot("util", ImVec2(avail.x, ph), ps, u2);
    plot("queue", ImVec2(avail.x, ph), pq, std::span<const Series>(&queue, 1));
    plot("resp", ImVec2(avail.x, ph + extra), pr, std::span<const Series>(&resp, 1));
  } else {
    // with a network, two columns: utilization over queue, response time over packet latency
    const float pw = (avail.x - style.ItemSpacing.x) * 0.5f;
    const float ph = (avail.y - style.ItemSpacing.y - extra) / 2.0f;
    ps.x_labels = false;
    pq.x_labels = true;
    pr.x_labels = false;
    pr.y_label = "(so far)";  // half-width titles: short subtitles
    ImGui::BeginGroup();
    plot("util", ImVec2(pw, ph), ps, u2);
    plot("queue", ImVec2(pw, ph + extra), pq, std::span<const Series>(&queue, 1));
    ImGui::EndGroup();
    ImGui::SameLine();
    ImGui::BeginGroup();
    plot("resp", ImVec2(pw, ph), pr, std::span<const Series>(&resp, 1));
    plot("latency", ImVec2(pw, ph + extra), pl, l2);
    ImGui::EndGroup();
  }
  ImGui::End();
}

}  // namespace alloclab::app
