// win_error.cpp — the error panel: the engine's last message (bad link, bad scenario, failed
// run) in red at the top of the screen, with a Dismiss button. Nothing when there is no error.
#include <algorithm>
#include "imgui.h"
#include "windows.hpp"

namespace alloclab::app {

void ErrorWindow::draw(const std::string& error, const std::function<void()>& dismiss) {
  if (error.empty()) return;
  const ImGuiIO& io = ImGui::GetIO();
  ImGui::SetNextWindowPos(ImVec2(io.DisplaySize.x * 0.5f, 40.0f), ImGuiCond_Always, ImVec2(0.5f, 0.0f));
  ImGui::SetNextWindowSize(ImVec2(std::min(io.DisplaySize.x - 20.0f, 560.0f), 0.0f), ImGuiCond_Always);
  ImGui::PushStyleColor(ImGuiCol_WindowBg, ImVec4(0.25f, 0.06f, 0.06f, 0.96f));
  ImGui::PushStyleColor(ImGuiCol_TitleBgActive, ImVec4(0.55f, 0.12f, 0.12f, 1.0f));
  ImGui::PushStyleColor(ImGuiCol_TitleBg, ImVec4(0.45f, 0.10f, 0.10f, 1.0f));
  ImGui::Begin("Error", nullptr, ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoSavedSettings);
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextColored(ImVec4(1.0f, 0.45f, 0.45f, 1.0f), "%s", error.c_str());
  ImGui::PopTextWrapPos();
  ImGui::TextDisabled("The scenario shown is still running.");
  if (ImGui::Button("Dismiss")) dismiss();
  ImGui::End();
  ImGui::PopStyleColor(3);
}

}  // namespace alloclab::app
