// win_controls.cpp — playback controls and the scenario editor. The editor is generated from
// the engine's parameter table (params()): Enum -> combo of choices(), Int -> InputScalar
// clamped to [min, max], everything else -> text. "Apply" hands the edited keys to the engine
// (apply + validate); on failure the engine's message is shown in red and the running
// scenario is kept.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include "imgui.h"
#include "windows.hpp"

namespace alloclab::app {

namespace {

// ImGui::InputText over a std::string (ImGui 1.86 has no std::string overload without
// imgui_stdlib; the callback grows the string as the user types).
bool input_string(const char* label, std::string& s, ImGuiInputTextFlags flags = 0) {
  auto cb = [](ImGuiInputTextCallbackData* d) -> int {
    if (d->EventFlag == ImGuiInputTextFlags_CallbackResize) {
      auto* str = static_cast<std::string*>(d->UserData);
      str->resize(std::size_t(d->BufTextLen));
      d->Buf = str->data();
    }
    return 0;
  };
  if (s.capacity() < 16) s.reserve(16);
  return ImGui::InputText(label, s.data(), s.capacity() + 1, flags | ImGuiInputTextFlags_CallbackResize, cb, &s);
}

void help_tooltip(const ParamDef& p) {
  if (ImGui::IsItemHovered()) {
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 28.0f);
    ImGui::TextUnformatted(p.help.data(), p.help.data() + p.help.size());
    ImGui::TextDisabled("values: %.*s", int(p.range.size()), p.range.data());
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
  }
}

}  // namespace

void ControlsWindow::sync(const AppState& state) {
  values_.clear();
  for (const ParamDef& p : params()) values_.push_back(p.get(state.scenario()));
  link_text_ = state.link();
  apply_error_.clear();
  synced_ = state.generation();
}

void ControlsWindow::draw(AppState& state) {
  if (synced_ != state.generation()) sync(state);
  if (!open) return;
  if (!ImGui::Begin("Controls", &open)) { ImGui::End(); return; }

  // ---- playback
  const Simulation& sim = state.sim();
  if (ImGui::Button(state.playing ? "Pause" : "Play", ImVec2(70, 0))) state.playing = !state.playing;
  ImGui::SameLine();
  if (ImGui::Button("Step")) state.step_once();
  ImGui::SameLine();
  if (ImGui::Button("Reset")) state.reset();
  ImGui::SameLine();
  ImGui::Checkbox("repeat", &state.repeat);
  float speed = float(state.speed);
  ImGui::BeginDisabled(state.max_speed);
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.6f);
  if (ImGui::SliderFloat("events/s", &speed, 1.0f, 1e6f, "%.0f", ImGuiSliderFlags_Logarithmic))
    state.speed = std::clamp(double(speed), 1.0, 1e6);
  ImGui::EndDisabled();
  ImGui::SameLine();
  ImGui::Checkbox("max", &state.max_speed);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("As many events per frame as the time budget allows");
  float budget = float(state.budget_ms);
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.6f);
  if (ImGui::SliderFloat("budget ms", &budget, 1.0f, 30.0f, "%.0f")) state.budget_ms = budget;
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Wall time the simulation may use per frame (keeps the page responsive)");
  if (sim.done()) ImGui::TextColored(ImVec4(0.5f, 0.9f, 0.5f, 1), "run complete at t = %.1f", sim.now());

  // ---- scenario editor, generated from the parameter table
  ImGui::Separator();
  ImGui::TextUnformatted("Scenario");
  const auto table = params();
  if (ImGui::BeginTable("params", 2, ImGuiTableFlags_SizingStretchProp)) {
    ImGui::TableSetupColumn("key", ImGuiTableColumnFlags_WidthFixed);
    ImGui::TableSetupColumn("value", ImGuiTableColumnFlags_WidthStretch);
    for (std::size_t i = 0; i < table.size(); ++i) {
      const ParamDef& p = table[i];
      std::string& v = values_[i];
      ImGui::PushID(int(i));
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::AlignTextToFramePadding();
      ImGui::TextUnformatted(p.key.data(), p.key.data() + p.key.size());
      help_tooltip(p);
      ImGui::TableNextColumn();
      ImGui::SetNextItemWidth(-FLT_MIN);
      if (p.type == ParamType::Enum && p.choices) {
        if (ImGui::BeginCombo("##v", v.c_str())) {
          for (const std::string& c : p.choices())
            if (ImGui::Selectable(c.c_str(), c == v)) v = c;
          ImGui::EndCombo();
        }
      } else if (p.type == ParamType::Int) {
        long long n = std::atoll(v.c_str());
        const long long step = 1;
        if (ImGui::InputScalar("##v", ImGuiDataType_S64, &n, &step)) {
          n = std::clamp(n, p.min, p.max);
          v = std::to_string(n);
        }
      } else {
        input_string("##v", v);
      }
      help_tooltip(p);
      ImGui::PopID();
    }
    ImGui::EndTable();
  }
  if (ImGui::Button("Apply")) {
    // Only keys whose text changed are applied, so derived defaults (job_size follows size)
    // stay derived.
    Scenario s = state.scenario();
    apply_error_.clear();
    for (std::size_t i = 0; i < table.size() && apply_error_.empty(); ++i)
      if (values_[i] != table[i].get(state.scenario()))
        if (Status st = apply(s, table[i].key, values_[i]); !st) apply_error_ = st.message();
    if (apply_error_.empty()) {
      if (Status st = state.load(s); !st) apply_error_ = st.message();
      else state.playing = true;
    }
  }
  ImGui::SameLine();
  if (ImGui::Button("Revert")) sync(state);
  ImGui::SameLine();
  if (ImGui::Button("Defaults")) {
    const Scenario d;
    for (std::size_t i = 0; i < table.size(); ++i) values_[i] = table[i].get(d);
  }
  if (!apply_error_.empty()) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextColored(ImVec4(1.0f, 0.35f, 0.35f, 1.0f), "%s", apply_error_.c_str());
    ImGui::PopTextWrapPos();
  }

  // ---- share link
  ImGui::Separator();
  ImGui::TextUnformatted("Link");
  ImGui::SetNextItemWidth(-70);
  input_string("##link", link_text_);
  ImGui::SameLine();
  if (ImGui::Button("Open")) {
    if (Status st = state.load_link(link_text_); !st) apply_error_ = st.message();
    else state.playing = true;
  }
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Load the scenario of a share link (key=value&...)");
  ImGui::End();
}

}  // namespace alloclab::app
