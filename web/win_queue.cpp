// win_queue.cpp — the Queue and jobs window: the waiting queue in the scheduler's order,
// the running jobs, and the recent departures; three tabs of tables with a list clipper (only
// visible rows are built). Clicking a running job pins it in the Mesh view.
#include <vector>
#include "imgui.h"
#include "windows.hpp"

namespace alloclab::app {

namespace {
constexpr ImGuiTableFlags kTable = ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY | ImGuiTableFlags_BordersInnerV |
                                   ImGuiTableFlags_SizingStretchProp | ImGuiTableFlags_Resizable;

// A request as the user wrote it: WxH, or WxHxD on a 3D machine.
void request(const Shape& s) {
  if (s.d > 1) ImGui::Text("%dx%dx%d", s.w, s.h, s.d);
  else ImGui::Text("%dx%d", s.w, s.h);
}

void swatch(JobId id) {
  ImGui::ColorButton("##c", ImColor(job_colour(id)), ImGuiColorEditFlags_NoTooltip, ImVec2(10, 10));
  ImGui::SameLine();
}
}  // namespace

void QueueWindow::draw(const Simulation& sim, Pin& pin) {
  if (!open) return;
  if (!ImGui::Begin("Queue and jobs", &open)) { ImGui::End(); return; }
  const double now = sim.now();
  const std::vector<QueuedJob> queue = sim.queue();
  char label[64];
  if (ImGui::BeginTabBar("qtabs", ImGuiTabBarFlags_FittingPolicyScroll)) {
    std::snprintf(label, sizeof label, "Waiting (%zu)###waiting", queue.size());
    if (ImGui::BeginTabItem(label)) {
      ImGui::TextDisabled("in the order the %s scheduler tries them", sim.scenario().scheduler.c_str());
      if (ImGui::BeginTable("waiting", 5, kTable)) {
        ImGui::TableSetupScrollFreeze(0, 1);
        ImGui::TableSetupColumn("#");
        ImGui::TableSetupColumn("job");
        ImGui::TableSetupColumn("request");
        ImGui::TableSetupColumn("arrival");
        ImGui::TableSetupColumn("waited");
        ImGui::TableHeadersRow();
        ImGuiListClipper clip;
        clip.Begin(int(queue.size()));
        while (clip.Step())
          for (int i = clip.DisplayStart; i < clip.DisplayEnd; ++i) {
            const QueuedJob& q = queue[std::size_t(i)];
            ImGui::TableNextRow();
            ImGui::TableNextColumn(); ImGui::Text("%d", i + 1);
            ImGui::TableNextColumn(); ImGui::Text("%d", q.id);
            ImGui::TableNextColumn(); request(q.shape);
            ImGui::TableNextColumn(); ImGui::Text("%.1f", q.arrival);
            ImGui::TableNextColumn(); ImGui::Text("%.1f", now - q.arrival);
          }
        ImGui::EndTable();
      }
      ImGui::EndTabItem();
    }
    std::snprintf(label, sizeof label, "Running (%zu)###running", sim.running().size());
    if (ImGui::BeginTabItem(label)) {
      std::vector<const JobRecord*> run;
      run.reserve(sim.running().size());
      for (const auto& kv : sim.running()) run.push_back(&kv.second);
      ImGui::TextDisabled("click a job to pin it in the Mesh view");
      if (ImGui::BeginTable("running", 5, kTable)) {
        ImGui::TableSetupScrollFreeze(0, 1);
        ImGui::TableSetupColumn("job");
        ImGui::TableSetupColumn("request");
        ImGui::TableSetupColumn("blocks");
        ImGui::TableSetupColumn("start");
        ImGui::TableSetupColumn("expected end");
        ImGui::TableHeadersRow();
        ImGuiListClipper clip;
        clip.Begin(int(run.size()));
        while (clip.Step())
          for (int i = clip.DisplayStart; i < clip.DisplayEnd; ++i) {
            const JobRecord& j = *run[std::size_t(i)];
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::PushID(j.id);
            swatch(j.id);
            std::snprintf(label, sizeof label, "%d", j.id);
            if (ImGui::Selectable(label, pin.job() == j.id, ImGuiSelectableFlags_SpanAllColumns))
              pin.toggle(j.id);
            ImGui::PopID();
            ImGui::TableNextColumn(); request(j.shape);
            ImGui::TableNextColumn(); ImGui::Text("%zu", j.alloc.blocks.size());
            ImGui::TableNextColumn(); ImGui::Text("%.1f", j.start);
            ImGui::TableNextColumn();
            if (j.end >= 0) ImGui::Text("%.1f", j.end);
            else ImGui::TextDisabled("when delivered");  // network jobs: when their last packet arrives
          }
        ImGui::EndTable();
      }
      ImGui::EndTabItem();
    }
    const auto& recent = sim.recent();
    std::snprintf(label, sizeof label, "Departed (%zu)###departed", recent.size());
    if (ImGui::BeginTabItem(label)) {
      ImGui::TextDisabled("most recent first");
      if (ImGui::BeginTable("departed", 6, kTable)) {
        ImGui::TableSetupScrollFreeze(0, 1);
        ImGui::TableSetupColumn("job");
        ImGui::TableSetupColumn("request");
        ImGui::TableSetupColumn("blocks");
        ImGui::TableSetupColumn("arrival");
        ImGui::TableSetupColumn("end");
        ImGui::TableSetupColumn("response");
        ImGui::TableHeadersRow();
        ImGuiListClipper clip;
        clip.Begin(int(recent.size()));
        while (clip.Step())
          for (int i = clip.DisplayStart; i < clip.DisplayEnd; ++i) {
            const JobRecord& j = recent[recent.size() - 1 - std::size_t(i)];
            ImGui::TableNextRow();
            ImGui::TableNextColumn(); swatch(j.id); ImGui::Text("%d", j.id);
            ImGui::TableNextColumn(); request(j.shape);
            ImGui::TableNextColumn(); ImGui::Text("%zu", j.alloc.blocks.size());
            ImGui::TableNextColumn(); ImGui::Text("%.1f", j.arrival);
            ImGui::TableNextColumn(); ImGui::Text("%.1f", j.end);
            ImGui::TableNextColumn(); ImGui::Text("%.1f", j.end - j.arrival);
          }
        ImGui::EndTable();
      }
      ImGui::EndTabItem();
    }
    ImGui::EndTabBar();
  }
  ImGui::End();
}

}  // namespace alloclab::app
