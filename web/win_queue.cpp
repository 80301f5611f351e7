// win_queue.cpp — the Queue and jobs window: the waiting queue in the scheduler's order,
// the running jobs, and the recent departures; three tabs of tables with a list clipper (only
// visible rows are built). Clicking a running job pins it in the Mesh view.
#include <initializer_list>
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

// A scrolling table with its header row frozen at the top; EndTable() when it returns true.
bool begin_table(const char* id, std::initializer_list<const char*> columns) {
  if (!ImGui::BeginTable(id, int(columns.size()), kTable)) return false;
  ImGui::TableSetupScrollFreeze(0, 1);
  for (const char* c : columns) ImGui::TableSetupColumn(c);
  ImGui::TableHeadersRow();
  return true;
}

// row(i) for the rows i in [0, n) that are visible (a list clipper), each on a new table row.
template <class Row>
void clipped_rows(std::size_t n, Row row) {
  ImGuiListClipper clip;
  clip.Begin(int(n));
  while (clip.Step())
    for (int i = clip.DisplayStart; i < clip.DisplayEnd; ++i) {
      ImGui::TableNextRow();
      row(std::size_t(i));
    }
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
      if (begin_table("waiting", {"#", "job", "request", "arrival", "waited"})) {
        clipped_rows(queue.size(), [&](std::size_t i) {
          const QueuedJob& q = queue[i];
          ImGui::TableNextColumn(); ImGui::Text("%zu", i + 1);
          ImGui::TableNextColumn(); ImGui::Text("%d", q.id);
          ImGui::TableNextColumn(); request(q.shape);
          ImGui::TableNextColumn(); ImGui::Text("%.1f", q.arrival);
          ImGui::TableNextColumn(); ImGui::Text("%.1f", now - q.arrival);
        });
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
      if (begin_table("running", {"job", "request", "blocks", "start", "expected end"})) {
        clipped_rows(run.size(), [&](std::size_t i) {
          const JobRecord& j = *run[i];
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
        });
        ImGui::EndTable();
      }
      ImGui::EndTabItem();
    }
    const auto& recent = sim.recent();
    std::snprintf(label, sizeof label, "Departed (%zu)###departed", recent.size());
    if (ImGui::BeginTabItem(label)) {
      ImGui::TextDisabled("most recent first");
      if (begin_table("departed", {"job", "request", "blocks", "arrival", "end", "response"})) {
        clipped_rows(recent.size(), [&](std::size_t i) {
          const JobRecord& j = recent[recent.size() - 1 - i];
          ImGui::TableNextColumn(); swatch(j.id); ImGui::Text("%d", j.id);
          ImGui::TableNextColumn(); request(j.shape);
          ImGui::TableNextColumn(); ImGui::Text("%zu", j.alloc.blocks.size());
          ImGui::TableNextColumn(); ImGui::Text("%.1f", j.arrival);
          ImGui::TableNextColumn(); ImGui::Text("%.1f", j.end);
          ImGui::TableNextColumn(); ImGui::Text("%.1f", j.end - j.arrival);
        });
        ImGui::EndTable();
      }
      ImGui::EndTabItem();
    }
    ImGui::EndTabBar();
  }
  ImGui::End();
}

}  // namespace alloclab::app
