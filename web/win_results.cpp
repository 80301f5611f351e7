// win_results.cpp — the Results window: the metrics (metric_fields()) of the running
// simulation, each name with its meaning and direction as a tooltip (metric_name, which the
// Compare window uses too), and — with replications > 1 — "Run replications": all R
// replications of the scenario computed a slice per frame (AppState::replications(), the
// engine's SweepRunner stepped per frame), means ± 95% half-widths (Aggregate), progress and
// cancel. Downloads as CSV / JSON (the texts are built in results_export.cpp).
#include <cstdio>
#include "imgui.h"
#include "windows.hpp"

namespace alloclab::app {

void metric_name(const MetricField& f) {
  ImGui::TextUnformatted(f.name.data(), f.name.data() + f.name.size());
  if (ImGui::IsItemHovered()) {
    const std::string_view dir = better_text(f.better);
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 24);
    ImGui::TextUnformatted(f.help.data(), f.help.data() + f.help.size());
    ImGui::TextDisabled("%.*s", int(dir.size()), dir.data());
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
  }
}

void ResultsWindow::draw(const ResultsSource& src, const Actions& act) {
  if (!open) return;
  if (!ImGui::Begin("Results", &open)) { ImGui::End(); return; }
  const Simulation& sim = src.sim;
  const Results now = sim.results();
  const int R = src.scenario.replications;
  const Batch& b = src.replications;
  const SweepRunner* run = b.runner();
  const bool have_reps = replications_of(b, src.scenario);

  ImGui::Text("%s  t = %.1f  %s", sim.scenario().strategy.c_str(), sim.now(), sim.done() ? "(complete)" : "(running)");
  // replications
  ImGui::BeginDisabled(b.running());
  if (ImGui::Button("Run replications")) act.start_replications();
  ImGui::EndDisabled();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
    ImGui::SetTooltip("All %d replication(s) of this scenario (key replications, panel Measurement), a slice per frame", R);
  if (b.running()) {
    ImGui::SameLine();
    if (ImGui::Button("Cancel")) act.cancel_replications();
    char txt[64];
    std::snprintf(txt, sizeof txt, "%d / %d replications", b.tasks_done(), b.tasks_total());
    ImGui::ProgressBar(float(b.progress()), ImVec2(-FLT_MIN, 0), txt);
  } else if (R == 1) {
    ImGui::SameLine();
    ImGui::TextDisabled("(set replications > 1)");
  }
  if (!b.error().empty()) ImGui::TextColored(ImVec4(1, 0.4f, 0.4f, 1), "%s", b.error().c_str());

  const int cols = have_reps ? 3 : 2;
  if (ImGui::BeginTable("metrics", cols, ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY | ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingStretchProp,
                        ImVec2(0, -ImGui::GetFrameHeightWithSpacing() * 1.2f))) {
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn("metric");
    ImGui::TableSetupColumn("this run");
    if (have_reps) {
      char hdr[48];
      std::snprintf(hdr, sizeof hdr, "mean ± 95%% CI (%d reps)", run->aggregate(0).count());
      ImGui::TableSetupColumn(hdr);
    }
    ImGui::TableHeadersRow();
    const Results m = have_reps ? run->aggregate(0).mean() : Results{}, c = have_reps ? run->aggregate(0).ci95() : Results{};
    for (const MetricField& f : metric_fields(metric_rows(src.scenario.pod()))) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      metric_name(f);
      ImGui::TableNextColumn();
      ImGui::Text("%.5g", now.*f.member);
      if (have_reps) {
        ImGui::TableNextColumn();
        ImGui::Text("%.5g ± %.3g", m.*f.member, c.*f.member);
      }
    }
    ImGui::EndTable();
  }
  if (ImGui::Button("Download CSV")) act.download("alloclab-results.csv", "text/csv", results_csv(src));
  ImGui::SameLine();
  if (ImGui::Button("Download JSON")) act.download("alloclab-results.json", "application/json", results_json_text(src));
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("The `alloclab run` JSON shape: scenario link + results (+ ci95 with replications)");
  ImGui::End();
}

}  // namespace alloclab::app
