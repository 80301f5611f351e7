// win_stats.cpp — figures of the running simulation: simulated time, utilization (now and
// time-averaged), queue length, jobs completed, the engine's results so far, frame times.
#include <cstdio>
#include "imgui.h"
#include "windows.hpp"

namespace alloclab::app {

void StatsWindow::draw(const AppState& state) {
  if (!open) return;
  if (!ImGui::Begin("Stats", &open)) { ImGui::End(); return; }
  const Simulation& sim = state.sim();
  const Occupancy& occ = sim.occupancy();
  const Results r = sim.results();
  const double util_now = double(occ.busy_count()) / double(occ.topology().nodes());

  if (ImGui::BeginTable("stats", 2, ImGuiTableFlags_SizingStretchProp | ImGuiTableFlags_RowBg)) {
    auto row = [](const char* k, const char* fmt, auto... v) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(k);
      ImGui::TableNextColumn();
      ImGui::Text(fmt, v...);
    };
    row("time", "%.2f", sim.now());
    row("utilization", "%.1f %% now, %.1f %% mean", 100.0 * util_now, 100.0 * r.utilization);
    row("queue length", "%zu", sim.queue_length());
    row("running jobs", "%zu", sim.running().size());
    row("jobs completed", "%.0f / %lld", r.jobs_completed, sim.scenario().jobs);
    row("arrivals", "%lld / %lld", sim.arrivals(), sim.total_jobs());
    row("mean response time", "%.2f", r.mean_response_time);
    row("mean wait time", "%.2f", r.mean_wait_time);
    row("allocation failures", "%.0f", r.allocation_failures);
    ImGui::EndTable();
  }

  // utilization history (one sample per played frame)
  const auto& u = state.utilization_history();
  if (u.size() > 1) {
    ImGui::PlotLines("##util", [](void* d, int i) { return static_cast<const Ring<600>*>(d)->at(std::size_t(i)); },
                     const_cast<Ring<600>*>(&u), int(u.size()), 0, "utilization", 0.0f, 1.0f,
                     ImVec2(ImGui::GetContentRegionAvail().x, 40));
  }
  const auto& f = state.frame_ms();
  float mean = 0, worst = 0;
  for (std::size_t i = 0; i < f.size(); ++i) { mean += f.at(i); worst = worst > f.at(i) ? worst : f.at(i); }
  if (f.size()) mean /= float(f.size());
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextDisabled("frame %.1f ms (worst %.1f), simulation %.1f ms, %lld events", mean, worst, state.last_sim_ms(),
                      state.events());
  ImGui::PopTextWrapPos();
  ImGui::End();
}

}  // namespace alloclab::app
