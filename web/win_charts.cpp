// win_charts.cpp — the Charts window: utilization, queue length and mean response time of
// the running simulation over simulated time (AppState's bounded history), three stacked
// plots sharing the time axis (plot.hpp: axes, ticks, labels, legend, hover read-out).
#include "imgui.h"
#include "plot.hpp"
#include "windows.hpp"

namespace alloclab::app {

void ChartsWindow::draw(const AppState& state) {
  if (!open) return;
  if (!ImGui::Begin("Charts", &open)) { ImGui::End(); return; }
  const auto& h = state.history().samples();
  Series util{"busy now", series_colour(0), {}, {}, {}, false};
  Series mean_util{"time average", series_colour(1), {}, {}, {}, false};
  Series queue{"waiting jobs", series_colour(2), {}, {}, {}, false};
  Series resp{"mean response", series_colour(3), {}, {}, {}, false};
  double area = 0;
  for (std::size_t i = 0; i < h.size(); ++i) {
    const auto& s = h[i];
    util.x.push_back(s.t); util.y.push_back(s.util);
    if (i > 0) area += double(h[i - 1].util) * (s.t - h[i - 1].t);
    if (i > 0 && s.t > h.front().t) { mean_util.x.push_back(s.t); mean_util.y.push_back(area / (s.t - h.front().t)); }
    queue.x.push_back(s.t); queue.y.push_back(s.queue);
    resp.x.push_back(s.t); resp.y.push_back(s.response);
  }
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  // the time axis is labelled once, under the last plot
  const float extra = ImGui::GetFontSize() * 2.0f;
  const float ph = (avail.y - ImGui::GetStyle().ItemSpacing.y * 2 - extra) / 3.0f;
  const Series u2[] = {util, mean_util};
  PlotSpec ps{"Utilization", "simulated time", "(busy processors / all)", true, 1.0, false};
  plot("util", ImVec2(avail.x, ph), ps, u2);
  PlotSpec pq{"Queue length", "simulated time", "(jobs waiting)", true, 0, false};
  plot("queue", ImVec2(avail.x, ph), pq, std::span<const Series>(&queue, 1));
  PlotSpec pr{"Mean response time", "simulated time", "(measured jobs so far)", true, 0, true};
  plot("resp", ImVec2(avail.x, ph + extra), pr, std::span<const Series>(&resp, 1));
  ImGui::End();
}

}  // namespace alloclab::app
