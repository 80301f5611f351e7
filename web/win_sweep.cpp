// win_sweep.cpp — the Sweep window (Sweep mode): utilization and mean response time vs any
// numeric key (engine/sweep/axis.hpp: the arrival rate, the service mean, the machine size,
// ...) for the chosen strategies on the current scenario, R replications per point, computed a slice per frame (AppState::sweep()) with progress and cancel, plotted with
// 95% confidence bars (plot.hpp), with the counted operations per allocation decision
// (mean_allocation_ops). Downloadable as CSV: the engine's SweepRunner CSV, byte for
// byte what `alloclab sweep` writes for the same points (AppState::sweep_words).
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include "imgui.h"
#include "plot.hpp"
#include "sweep/axis.hpp"
#include "windows.hpp"

namespace alloclab::app {

namespace {
std::string values_to_text(const std::vector<std::string>& v) {
  std::string s;
  for (const std::string& x : v) s += (s.empty() ? "" : "; ") + x;
  return s;
}
}  // namespace

void SweepWindow::draw(const View& v, const Actions& act, FrameReport& report) {
  if (!open) return;
  SweepSettings set = v.settings;
  if (!ImGui::Begin("Sweep", &open)) { ImGui::End(); return; }
  const Batch& b = v.batch;
  const float fs = ImGui::GetFontSize();

  // ---- left: the sweep's set-up
  ImGui::BeginChild("sweep_setup", ImVec2(fs * 15, 0), true);
  ImGui::TextUnformatted("Strategies");
  ImGui::BeginChild("strats", ImVec2(0, ImGui::GetContentRegionAvail().y * 0.45f), true);
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
  // the x-axis: any numeric key of the parameter table, and its values
  ImGui::TextUnformatted("x-axis");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(-FLT_MIN);
  if (ImGui::BeginCombo("##axis", set.key.c_str(), ImGuiComboFlags_HeightLarge)) {
    for (std::string_view k : numeric_axes()) {
      const std::string key(k);
      if (ImGui::Selectable(key.c_str(), key == set.key) && key != set.key) {
        set.key = key;
        set.values = default_sweep_values(v.scenario, key);
        values_error_.clear();
      }
      if (ImGui::IsItemHovered())
        if (const ParamDef* d = find_param(k)) ImGui::SetTooltip("%.*s (%s)", int(d->help.size()), d->help.data(), d->range.c_str());
    }
    ImGui::EndCombo();
  }
  ImGui::TextUnformatted("Values");
  {  // the hint beside the label when it fits, else wrapped under it
    const char* hint = "(numbers, or values separated by ;)";
    same_line_if_fits(ImGui::CalcTextSize(hint).x);
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled("%s", hint);
    ImGui::PopTextWrapPos();
  }
  ImGui::SetNextItemWidth(-FLT_MIN);
  char buf[512];
  std::snprintf(buf, sizeof buf, "%s", values_text_.c_str());
  if (ImGui::InputText("##values", buf, sizeof buf)) values_text_ = buf;
  const bool editing = ImGui::IsItemActive();
  if (ImGui::IsItemDeactivatedAfterEdit()) {
    auto r = axis_values(v.scenario, set.key, values_text_);
    if (r) set.values = std::move(*r), values_error_.clear();
    else values_error_ = r.error().message;
  }
  if (!editing) values_text_ = values_to_text(set.values);  // follow presets, links and hooks
  if (!values_error_.empty()) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextColored(ImVec4(1, 0.4f, 0.4f, 1), "%s", values_error_.c_str());
    ImGui::PopTextWrapPos();
  }
  auto item_box = [] { return FrameReport::Box{ImGui::GetItemRectMin().x, ImGui::GetItemRectMin().y, ImGui::GetItemRectMax().x, ImGui::GetItemRectMax().y}; };
  ImGui::Checkbox("log x", &log_x_);
  report.controls().sweep_log_x = item_box();
  ImGui::SameLine();
  ImGui::Checkbox("log y", &log_y_);
  report.controls().sweep_log_y = item_box();
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Logarithmic axes (for values spanning decades, e.g. response time past saturation)");
  ImGui::SetNextItemWidth(fs * 7);
  ImGui::SliderInt("replications", &set.replications, 1, 30);
  act.set_settings(set);
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextDisabled("%zu strategies x %zu values x %d replications, %lld jobs each (Setup: Measurement)", set.ids.size(),
                      set.values.size(), set.replications, v.scenario.measured_jobs());
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
  if (ImGui::Button("Download CSV")) act.download("alloclab-sweep.csv", "text/csv", b.csv());
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
        v.push_back(Series{.name = lb.series, .colour = series_colour(int(v.size())), .markers = true});
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
  // each plot's subtitle says which way is better (the metric table's direction); the x-axis
  // is the swept key (its first value says what the number is)
  const SweepRunner* run = b.runner();
  const std::string key = run && !v.swept_key.empty() ? v.swept_key : set.key;
  const std::string xl = axis_label(key, set.values.empty() ? std::string_view() : std::string_view(set.values.front()));
  report.sweep_axis(xl);
  auto sub = [](double Results::*m, const char* what) {
    for (const MetricField& f : metric_fields())
      if (f.member == m) return std::string("(") + what + "mean, 95% CI; " + std::string(better_text(f.better)) + ")";
    return std::string("(") + what + "mean, 95% CI)";
  };
  auto title = [&](const char* what) { return std::string(what) + " vs " + key; };
  const std::string s_util = sub(&Results::utilization, ""), s_resp = sub(&Results::mean_response_time, ""),
                    s_ops = sub(&Results::mean_allocation_ops, "counted operations per decision; "),
                    s_lat = sub(&Results::mean_packet_latency, "cycles; ");
  const std::string t_util = title("Utilization"), t_resp = title("Mean response time"), t_ops = title("Mean allocation ops"),
                    t_lat = title("Mean packet latency");
  auto draw = [&](const char* id, const std::string& t, const std::string& sub, double y_max, std::span<const Series> s) {
    report.plot(plot(id, ImVec2(avail.x, ph),
                     PlotSpec{.title = t.c_str(), .x_label = xl.c_str(), .y_label = sub.c_str(), .y_max = y_max, .log_x = log_x_, .log_y = log_y_}, s));
  };
  draw("sweep_util", t_util, s_util, 1.0, util);
  draw("sweep_resp", t_resp, s_resp, 0, resp);
  draw("sweep_ops", t_ops, s_ops, 0, ops);
  if (network) draw("sweep_lat", t_lat, s_lat, 0, lat);
  ImGui::EndChild();
  ImGui::End();
}

}  // namespace alloclab::app
