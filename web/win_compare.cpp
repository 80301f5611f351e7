// win_compare.cpp — the Compare window (Compare mode): 2–4 strategies on the current scenario
// (the same job stream: it depends only on the seed and the workload keys), small mesh views
// side by side advancing in lock-step by simulated time (AppState::advance_compare), and
// their metrics in one table (best value of each row highlighted).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include "imgui.h"
#include "windows.hpp"

namespace alloclab::app {

namespace {
// Whether a smaller value of the metric is better (for the highlight); others: larger.
bool lower_is_better(std::string_view m) {
  return m.find("time") != std::string_view::npos || m.find("fragmentation") != std::string_view::npos ||
         m == "mean_jobs_in_system" || m == "mean_blocks_per_job" || m == "mean_dispersal" || m == "unreliability" ||
         m == "jobs_dropped" || m == "makespan" || m == "allocation_failures" || m.find("packet") != std::string_view::npos;
}
}  // namespace

void CompareWindow::draw(AppState& state) {
  if (!open) return;
  if (!ImGui::Begin("Compare", &open)) { ImGui::End(); return; }
  auto& ids = state.compare_ids;
  bool changed = false;
  ImGui::TextUnformatted("Strategies");
  for (std::size_t i = 0; i < ids.size(); ++i) {
    ImGui::SameLine();
    ImGui::PushID(int(i));
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 6.5f);
    if (ImGui::BeginCombo("##s", ids[i].c_str(), ImGuiComboFlags_HeightLarge)) {
      for (const StrategyInfo& si : strategies()) {
        const std::string id(si.id);
        const bool bad = !strategy_unsupported(si, state.scenario().topo()).empty();
        ImGui::BeginDisabled(bad);
        if (ImGui::Selectable(id.c_str(), id == ids[i])) { ids[i] = id; changed = true; }
        ImGui::EndDisabled();
        if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) ImGui::SetTooltip("%.*s", int(si.help.size()), si.help.data());
      }
      ImGui::EndCombo();
    }
    ImGui::PopID();
  }
  ImGui::SameLine();
  ImGui::BeginDisabled(ids.size() >= 4);
  if (ImGui::Button("+")) { ids.push_back("random"); changed = true; }
  ImGui::EndDisabled();
  ImGui::SameLine();
  ImGui::BeginDisabled(ids.size() <= 2);
  if (ImGui::Button("-")) { ids.pop_back(); changed = true; }
  ImGui::EndDisabled();
  ImGui::SameLine();
  if (ImGui::Button(state.playing ? "Pause" : "Play")) state.playing = !state.playing;
  ImGui::SameLine();
  if (ImGui::Button("Restart") || changed) state.restart_compare();
  ImGui::SameLine();
  ImGui::TextDisabled("same jobs, lock-step by simulated time");

  const auto& runs = state.compare_runs();
  const auto& errs = state.compare_errors();
  const std::size_t n = runs.size();
  if (n == 0) { ImGui::End(); return; }
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const int ncols = n == 4 ? 2 : int(n);
  const int nrows = n == 4 ? 2 : 1;
  const float table_h = ImGui::GetTextLineHeightWithSpacing() * float(metric_fields().size() + 2) + 8;
  const float views_h = std::max(avail.y * 0.45f, avail.y - table_h);
  const float cw = avail.x / float(ncols) - ImGui::GetStyle().ItemSpacing.x;
  const float chh = views_h / float(nrows) - ImGui::GetStyle().ItemSpacing.y;
  for (std::size_t i = 0; i < n; ++i) {
    if (i % std::size_t(ncols) != 0) ImGui::SameLine();
    ImGui::PushID(int(i));
    ImGui::BeginChild("view", ImVec2(cw, chh), true, ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
    ImGui::TextColored(ImVec4(0.9f, 0.85f, 0.5f, 1), "%s", i < ids.size() ? ids[i].c_str() : "?");
    if (runs[i]) {
      const Simulation& s = *runs[i];
      const Occupancy& occ = s.occupancy();
      ImGui::SameLine();
      ImGui::TextDisabled("t %.0f  busy %.0f%%  wait %zu%s", s.now(), 100.0 * occ.busy_count() / occ.topology().nodes(),
                          s.queue_length(), s.done() ? "  done" : "");
      canvas_[i].grid_lines = false;
      canvas_[i].draw("c", s, ImGui::GetContentRegionAvail(), &pinned_[i]);
    } else {
      ImGui::PushTextWrapPos(0.0f);
      ImGui::TextColored(ImVec4(1, 0.4f, 0.4f, 1), "%s", errs[i].c_str());
      ImGui::PopTextWrapPos();
    }
    ImGui::EndChild();
    ImGui::PopID();
  }

  if (ImGui::BeginTable("cmp", int(n) + 1, ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_ScrollY | ImGuiTableFlags_SizingStretchProp)) {
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn("metric (so far)", ImGuiTableColumnFlags_WidthFixed, ImGui::GetFontSize() * 12);
    for (std::size_t i = 0; i < n; ++i) ImGui::TableSetupColumn(ids[i].c_str());
    ImGui::TableHeadersRow();
    std::vector<Results> res(n);
    for (std::size_t i = 0; i < n; ++i) if (runs[i]) res[i] = runs[i]->results();
    for (const MetricField& f : metric_fields()) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(f.name.data(), f.name.data() + f.name.size());
      int best = -1;
      for (std::size_t i = 0; i < n; ++i) {
        if (!runs[i]) continue;
        const double v = res[i].*f.member;
        if (best < 0 || (lower_is_better(f.name) ? v < res[std::size_t(best)].*f.member : v > res[std::size_t(best)].*f.member)) best = int(i);
      }
      bool all_same = true;
      for (std::size_t i = 0; i < n; ++i)
        if (runs[i] && best >= 0 && res[i].*f.member != res[std::size_t(best)].*f.member) all_same = false;
      for (std::size_t i = 0; i < n; ++i) {
        ImGui::TableNextColumn();
        if (!runs[i]) { ImGui::TextDisabled("-"); continue; }
        if (int(i) == best && !all_same) ImGui::TextColored(ImVec4(0.45f, 0.95f, 0.55f, 1), "%.5g", res[i].*f.member);
        else ImGui::Text("%.5g", res[i].*f.member);
      }
    }
    ImGui::EndTable();
  }
  ImGui::End();
}

}  // namespace alloclab::app
