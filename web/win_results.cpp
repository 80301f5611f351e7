// win_results.cpp — the Results window: the metrics (metric_fields()) of the running
// simulation, and — with replications > 1 — "Run replications": all R replications of the
// scenario computed a slice per frame (AppState::replications(), the engine's SweepRunner
// stepped per frame), means ± 95% half-widths (Aggregate), progress and cancel. Downloads as CSV / JSON
// (the same `alloclab run` JSON shape). Also the CSV/JSON text builders page_api uses.
#include <cstdio>
#include <sstream>
#include "imgui.h"
#include "page_api.hpp"
#include "run_json.hpp"
#include "windows.hpp"

namespace alloclab::app {

namespace {

// The Report the exports describe: finished replications if any, else the running figures.
// Whether the batch holds finished replications of this very scenario.
bool replications_of(const Batch& b, const Scenario& s) {
  const SweepRunner* run = b.runner();
  return run && run->aggregate(0).count() > 0 && canonical_link(run->scenario(0)) == canonical_link(s);
}

Report current_report(const ResultsSource& src) {
  Report r;
  const Batch& b = src.replications;
  if (b.finished() && replications_of(b, src.scenario)) {
    r = b.runner()->report(0);
    r.allocation_seconds = 0;  // exports carry no timing
  } else {
    r.mean = src.sim.results();
    r.pod = src.scenario.pod() != nullptr;
  }
  return r;
}

std::string num(double v) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  return buf;
}

}  // namespace

std::string results_csv(const ResultsSource& src) {
  const Report r = current_report(src);
  std::ostringstream o;
  o << "metric,value,ci95\n";
  o << "replications," << r.replications << ",\n";
  for (const MetricField& f : metric_fields(r.pod)) o << f.name << ',' << num(r.mean.*f.member) << ',' << num(r.ci95.*f.member) << '\n';
  return o.str();
}

std::string results_json_text(const ResultsSource& src) { return run_json(src.scenario, current_report(src), RunTiming{}) + "\n"; }

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
    for (const MetricField& f : metric_fields(src.scenario.pod() != nullptr)) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(f.name.data(), f.name.data() + f.name.size());
      ImGui::TableNextColumn();
      ImGui::Text("%.5g", now.*f.member);
      if (have_reps) {
        ImGui::TableNextColumn();
        ImGui::Text("%.5g ± %.3g", m.*f.member, c.*f.member);
      }
    }
    ImGui::EndTable();
  }
  if (ImGui::Button("Download CSV")) page_download("alloclab-results.csv", "text/csv", results_csv(src));
  ImGui::SameLine();
  if (ImGui::Button("Download JSON")) page_download("alloclab-results.json", "application/json", results_json_text(src));
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("The `alloclab run` JSON shape: scenario link + results (+ ci95 with replications)");
  ImGui::End();
}

}  // namespace alloclab::app
