// win_sweep.cpp — the Sweep window (Sweep mode): utilization and mean response time vs the
// Poisson arrival rate for the chosen strategies on the current scenario, R replications per
// point, computed a slice per frame (AppState::sweep()) with progress and cancel, plotted with
// 95% confidence bars (plot.hpp), with the counted operations per allocation decision
// (mean_allocation_ops). Downloadable as CSV: the engine's SweepRunner CSV, byte for
// byte what `alloclab sweep` writes for the same points (AppState::sweep_words).
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include "imgui.h"
#include "page_api.hpp"
#include "plot.hpp"
#include "windows.hpp"

namespace alloclab::app {

namespace {
std::string rates_to_text(const std::vector<double>& r) {
  std::string s;
  char buf[32];
  for (double v : r) { std::snprintf(buf, sizeof buf, "%s%g", s.empty() ? "" : ", ", v); s += buf; }
  return s;
}
// "0.01, 0.02 0.03" -> positive numbers, sorted, unique.
std::vector<double> parse_rates(const std::string& t) {
  std::vector<double> out;
  const char* p = t.c_str();
  while (*p) {
    char* end = nullptr;
    const double v = std::strtod(p, &end);
    if (end == p) { ++p; continue; }
    if (v > 0 && v < 1e9) out.push_back(v);
    p = end;
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}
}  // namespace

void SweepWindow::draw(const View& v, const Actions& act) {
  if (!open) return;
  SweepSettings set = v.settings;
  if (!synced_) { rates_text_ = rates_to_text(set.rates); synced_ = true; }
  if (!ImGui::Begin("Sweep", &open)) { ImGui::End(); return; }
  const Batch& b = v.batch;
  const float fs = ImGui::GetFontSize();

  // ---- left: the sweep's set-up
  ImGui::BeginChild("sweep_setup", ImVec2(fs * 15, 0), true);
  ImGui::TextUnformatted("Strategies");
  ImGui::BeginChild("strats", ImVec2(0, ImGui::GetContentRegionAvail().y * 0.55f), true);
  for (const StrategyInfo& si : strategies()) {
    const std::string id(si.id);
    bool on = std::find(set.ids.begin(), set.ids.end(), id) != set.ids.end();
    const bool bad = !strategy_unsupported(si, v.scenario.topo()).empty();
    ImGui::BeginDisabled(bad);
    if (ImGui::Checkbox(id.c_str(), &on)) {
      if (on) set.ids.push_back(id);
      else set.ids.erase(std::remove(set.ids.begin(), set.ids.end(), id), set.ids.end());
    }
    ImGui::EndDisabled();
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) ImGui::SetTooltip("%.*s", int(si.help.size()), si.help.data());
  }
  ImGui::EndChild();
  ImGui::TextUnformatted("Arrival rates (jobs / time unit)");
  ImGui::SetNextItemWidth(-FLT_MIN);
  char buf[256];
  std::snprintf(buf, sizeof buf, "%s", rates_text_.c_str());
  if (ImGui::InputText("##rates", buf, sizeof buf)) rates_text_ = buf;
  if (!ImGui::IsItemActive() && !ImGui::IsItemDeactivatedAfterEdit()) rates_text_ = rates_to_text(set.rates);  // follow presets / hooks
  if (ImGui::IsItemDeactivatedAfterEdit()) {
    const auto r = parse_rates(rates_text_);
    if (!r.empty()) set.rates = r;
    rates_text_ = rates_to_text(set.rates);
  }
  ImGui::SetNextItemWidth(fs * 7);
  ImGui::SliderInt("replications", &set.replications, 1, 30);
  act.set_settings(set);
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextDisabled("%zu strategies x %zu rates x %d replications, %lld jobs each (Setup: Measurement)", set.ids.size(),
                      set.rates.size(), set.replications, v.scenario.measured_jobs());
  ImGui::PopTextWrapPos();
  ImGui::BeginDisabled(b.running() || set.ids.empty());
  if (ImGui::Button("Start sweep")) act.start();
  ImGui::EndDisabled();
  ImGui::SameLine();
  ImGui::BeginDisabled(!b.running());
  if (ImGui::Button("Cancel")) act.cancel();
  ImGui::EndDisabled();
  if (b.tasks_total() > 0) {
    char txt[64];
    std::snprintf(txt, sizeof txt, "%d / %d runs", b.tasks_done(), b.tasks_total());
    ImGui::ProgressBar(float(b.progress()), ImVec2(-FLT_MIN, 0), txt);
  }
  if (b.cancelled()) ImGui::TextDisabled("cancelled");
  if (!b.error().empty()) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextColored(ImVec4(1, 0.4f, 0.4f, 1), "%s", b.error().c_str());
    ImGui::PopTextWrapPos();
  }
  ImGui::BeginDisabled(!b.runner());
  if (ImGui::Button("Download CSV")) page_download("alloclab-sweep.csv", "text/csv", b.csv());
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
    ImGui::SetTooltip("The finished points as `alloclab sweep` writes them (same columns, same numbers)");
  ImGui::EndDisabled();
  ImGui::EndChild();

  // ---- right: the plots (utilization, response time, and packet latency with a network)
  ImGui::SameLine();
  ImGui::BeginChild("sweep_plots");
  std::vector<Series> util, resp, lat, ops;
  bool network = false;
  if (const SweepRunner* run = b.runner()) {
    for (std::size_t i = 0; i < run->size() && i < b.labels().size(); ++i) {
      const Aggregate& agg = run->aggregate((long long)i);
      if (agg.count() == 0) continue;
      const Batch::Label& lb = b.labels()[i];
      auto find = [&](std::vector<Series>& v) -> Series& {
        for (Series& s : v) if (s.name == lb.series) return s;
        v.push_back(Series{lb.series, series_colour(int(v.size())), {}, {}, {}, true});
        return v.back();
      };
      const Results m = agg.mean(), c = agg.ci95();
      Series& u = find(util);
      u.x.push_back(lb.x); u.y.push_back(m.utilization); u.err.push_back(c.utilization);
      Series& r = find(resp);
      r.x.push_back(lb.x); r.y.push_back(m.mean_response_time); r.err.push_back(c.mean_response_time);
      Series& o = find(ops);
      o.x.push_back(lb.x); o.y.push_back(m.mean_allocation_ops); o.err.push_back(c.mean_allocation_ops);
      if (run->scenario((long long)i).network()) {
        network = true;
        Series& l = find(lat);
        l.x.push_back(lb.x); l.y.push_back(m.mean_packet_latency); l.err.push_back(c.mean_packet_latency);
      }
    }
  }
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const int plots = network ? 4 : 3;
  const float ph = (avail.y - ImGui::GetStyle().ItemSpacing.y * float(plots - 1)) / float(plots);
  plot("sweep_util", ImVec2(avail.x, ph), PlotSpec{"Utilization vs arrival rate", "arrival rate", "(mean, 95% CI)", true, 1.0}, util);
  plot("sweep_resp", ImVec2(avail.x, ph), PlotSpec{"Mean response time vs arrival rate", "arrival rate", "(mean, 95% CI)", true, 0}, resp);
  plot("sweep_ops", ImVec2(avail.x, ph), PlotSpec{"Mean allocation ops vs arrival rate", "arrival rate", "(counted operations per decision; mean, 95% CI)", true, 0}, ops);
  if (network)
    plot("sweep_lat", ImVec2(avail.x, ph), PlotSpec{"Mean packet latency vs arrival rate", "arrival rate", "(cycles; mean, 95% CI)", true, 0}, lat);
  ImGui::EndChild();
  ImGui::End();
}

}  // namespace alloclab::app
