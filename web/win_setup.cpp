// win_setup.cpp — the Setup window: playback and the scenario panels. Every control is
// generated from the engine's parameter table (params()): Enum -> combo of choices(), Int ->
// InputScalar clamped to [min, max], everything else -> text; help as tooltip. Rows are
// grouped into the panels the table names (ParamDef::group, param_groups()). A change is applied when the field is left (combos at once): the
// engine validates it, the scenario restarts and the URL fragment follows; a rejected value
// shows the engine's message under its row and the running scenario is kept.
// A key that means nothing in the scenario (key_applies, page_keys.hpp: ocs off a cube pod) is
// not shown.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string_view>
#include "imgui.h"
#include "windows.hpp"
#include "workload/log_machines.hpp"

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
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) {
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 28.0f);
    ImGui::TextUnformatted(p.key.data(), p.key.data() + p.key.size());
    ImGui::TextUnformatted(p.help.data(), p.help.data() + p.help.size());
    ImGui::TextDisabled("values: %.*s", int(p.range.size()), p.range.data());
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
  }
}

}  // namespace

void SetupWindow::sync(const View& view) {
  const auto table = params();
  values_.assign(table.size(), {});
  errors_.assign(table.size(), {});
  dirty_.assign(table.size(), 0);
  shown_.assign(table.size(), 1);
  for (std::size_t i = 0; i < table.size(); ++i) {
    values_[i] = table[i].get(view.scenario);
    shown_[i] = key_applies(table[i], view.scenario) ? 1 : 0;
  }
  synced_ = view.generation;
}

std::string_view short_name(std::string_view help) {
  std::size_t end = help.size();
  for (std::string_view sep : {std::string_view(" ("), std::string_view(": "), std::string_view(", ")})
    end = std::min(end, help.find(sep));
  return end <= 40 ? help.substr(0, end) : std::string_view();
}

// One row of the table: label, control, error. Applies the value when the control is left.
void SetupWindow::row(const View& view, const Actions& act, std::size_t i, FrameReport::Controls& report) {
  const ParamDef& p = params()[i];
  std::string& v = values_[i];
  ImGui::PushID(int(i));
  ImGui::TableNextRow();
  ImGui::TableNextColumn();
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(p.key.data(), p.key.data() + p.key.size());
  help_tooltip(p);
  ImGui::TableNextColumn();
  ImGui::SetNextItemWidth(-FLT_MIN);
  bool commit = false;
  if (p.type == ParamType::Enum && p.choices) {
    // each choice's code with its full name beside it ("ff  First Fit")
    auto label = [&](const std::string& c) {
      const std::string_view name = p.choice_help ? short_name(p.choice_help(c)) : std::string_view();
      return name.empty() ? c : c + "  " + std::string(name);
    };
    if (ImGui::BeginCombo("##v", label(v).c_str(), ImGuiComboFlags_HeightLarge)) {
      for (const std::string& c : p.choices()) {
        const std::string why = p.choice_unavailable ? p.choice_unavailable(view.scenario, c) : std::string();
        const std::string_view help = p.choice_help ? p.choice_help(c) : std::string_view();
        ImGui::BeginDisabled(!why.empty());
        if (ImGui::Selectable((label(c) + "##" + c).c_str(), c == v)) { v = c; commit = true; }
        ImGui::EndDisabled();
        if ((!help.empty() || !why.empty()) && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) {
          ImGui::BeginTooltip();
          ImGui::PushTextWrapPos(ImGui::GetFontSize() * 28);
          ImGui::TextUnformatted(help.data(), help.data() + help.size());
          ImGui::PopTextWrapPos();
          if (!why.empty()) ImGui::TextDisabled("%s", why.c_str());
          ImGui::EndTooltip();
        }
      }
      ImGui::EndCombo();
    }
  } else if (p.type == ParamType::Int) {
    long long n = std::atoll(v.c_str());
    const long long step = 1;
    if (ImGui::InputScalar("##v", ImGuiDataType_S64, &n, &step)) {
      n = std::clamp(n, p.min, p.max);  // the table's range, enforced while typing
      v = std::to_string(n);
      dirty_[i] = 1;
    }
    if (dirty_[i] && !ImGui::IsItemActive()) commit = true;
  } else if (p.type == ParamType::Path) {
    const std::string& name = view.scenario.trace;
    if (view.can_pick_files) {
      if (ImGui::Button(name.empty() ? "Choose trace file..." : "Replace...")) act.pick_trace();
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("Read an SWF or CSV job trace from this computer (it never leaves the browser)");
    } else {
      ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x - 50);
      input_string("##path", trace_path_);
      ImGui::SameLine();
      if (ImGui::Button("Load") && !trace_path_.empty()) act.load_trace(trace_path_);
    }
    if (view.can_pick_files) {  // the logs shipped with the site: one click each
      for (const LogMachine& log : log_machines()) {
        ImGui::PushID(log.id.data());
        // the log's name on the button, the rest of its title beside it or under it (never cut)
        const std::string title(log.title);
        const std::size_t cut = title.find(" (");
        if (ImGui::SmallButton(title.substr(0, cut).c_str())) act.load_builtin_trace(log);
        report.log_buttons.push_back({std::string(log.file), {ImGui::GetItemRectMin().x, ImGui::GetItemRectMin().y,
                                                               ImGui::GetItemRectMax().x, ImGui::GetItemRectMax().y}});
        const bool hovered = ImGui::IsItemHovered();
        if (cut != std::string::npos) {
          const std::string rest = title.substr(cut + 1);
          same_line_if_fits(ImGui::CalcTextSize(rest.c_str()).x);
          ImGui::PushTextWrapPos(0.0f);
          ImGui::TextDisabled("%s", rest.c_str());
          ImGui::PopTextWrapPos();
        }
        if (hovered)
          ImGui::SetTooltip("%s\nMachine: %s%s\nSource: %s", std::string(log.file).c_str(), std::string(log.machine).c_str(),
                            log.dimensions == 3 ? "\n3D: replays on its own torus (swf_size=header); swf_3d=mesh2d maps it onto a 2D mesh instead" : "",
                            std::string(log.source).c_str());
        ImGui::PopID();
      }
    }
    if (const auto& want = view.pending_trace; want && name.empty())
      ImGui::TextColored(ImVec4(1.0f, 0.8f, 0.35f, 1.0f), "the link needs '%s'", want->trace.c_str());
    if (!name.empty()) {
      ImGui::SameLine();
      if (ImGui::SmallButton("clear")) { v.clear(); commit = true; }
      ImGui::TextDisabled("%s (%zu jobs)", name.c_str(), view.scenario.trace_data ? view.scenario.trace_data->jobs.size() : 0);
    }
  } else {
    if (input_string("##v", v)) dirty_[i] = 1;
    if (dirty_[i] && !ImGui::IsItemActive()) commit = true;
  }
  help_tooltip(p);
  if (commit) {
    dirty_[i] = 0;
    if (v != p.get(view.scenario)) {
      if (Status st = act.set_param(p.key, v); !st) errors_[i] = st.message();
      else errors_[i].clear();
    }
  }
  if (!errors_[i].empty()) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextColored(ImVec4(1.0f, 0.42f, 0.42f, 1.0f), "%s", errors_[i].c_str());
    ImGui::PopTextWrapPos();
  }
  ImGui::PopID();
}

void SetupWindow::draw(const View& view, Playback& play, const Actions& act, FrameReport::Controls& report) {
  if (synced_ != view.generation) {
    // keep the messages of rejected edits (the scenario did not change for them)
    auto keep = errors_;
    sync(view);
    if (keep.size() == errors_.size()) errors_ = keep;
  }
  if (!open) return;
  if (!ImGui::Begin("Setup", &open)) { ImGui::End(); return; }

  // ---- the lesson card (a preset's `#:` lines), until closed or another preset is loaded
  if (const PresetInfo* l = view.lesson) {
    ImGui::PushStyleColor(ImGuiCol_ChildBg, ImVec4(0.16f, 0.2f, 0.28f, 1));
    ImGui::BeginChild("lesson", ImVec2(0, ImGui::GetContentRegionAvail().y * 0.42f), true);
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextColored(ImVec4(1.0f, 0.85f, 0.45f, 1), "%s", l->title.c_str());
    ImGui::TextColored(ImVec4(0.7f, 0.85f, 1.0f, 1), "%s%s%s", l->paper.c_str(), l->figure.empty() ? "" : ", ", l->figure.c_str());
    auto line = [](const char* label, const std::string& text) {
      if (text.empty()) return;
      ImGui::TextDisabled("%s", label);
      ImGui::SameLine();
      ImGui::TextUnformatted(text.c_str());
    };
    line("Shows", l->shows);
    if (!l->mode.empty()) {
      const std::string m = l->mode + (l->x.empty() ? "" : " (x-axis: " + l->x + ")");
      line("Mode", m);
    }
    line("Look at", l->look);
    line("Paper", l->paper_says);
    line("alloclab", l->ours);
    ImGui::PopTextWrapPos();
    if (ImGui::SmallButton("Close card")) act.close_lesson();
    ImGui::EndChild();
    ImGui::PopStyleColor();
  }

  // ---- playback (Run and Explain; Compare and Sweep have their own controls)
  const Simulation& sim = view.sim;
  if (!view.run_controls) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled("%s", view.controls_note);
    ImGui::PopTextWrapPos();
  } else {
    const float bw = ImGui::GetFrameHeight() * 3.2f;
    if (ImGui::Button(play.playing() ? "Pause" : "Play", ImVec2(bw, 0))) play.toggle();
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Space");
    ImGui::SameLine();
    if (ImGui::Button("Step")) act.step();
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("One event (pauses)   key: S");
    ImGui::SameLine();
    if (ImGui::Button("Reset")) act.reset();
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Restart the scenario from time 0   key: R");
    ImGui::SameLine();
    if (ImGui::Button("Run to end")) act.run_to_end();
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("As fast as the frame budget allows, stop at the end   key: E");
    // the speed: a slider without text (its handle would cover it), the value beside it
    float speed = float(play.speed());
    ImGui::BeginDisabled(play.max_speed());
    ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.4f);
    if (ImGui::SliderFloat("##speed", &speed, 1.0f, 1e6f, "", ImGuiSliderFlags_Logarithmic))
      play.set_speed(std::clamp(double(speed), 1.0, 1e6));
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) ImGui::SetTooltip("Playback speed in events per second (drag)");
    const ImVec2 sa = ImGui::GetItemRectMin(), sb = ImGui::GetItemRectMax();
    ImGui::SameLine();
    ImGui::Text("%.0f events/s", double(speed));
    report.speed_slider = {sa.x, sa.y, sb.x, sb.y};
    report.speed_value = {ImGui::GetItemRectMin().x, ImGui::GetItemRectMin().y, ImGui::GetItemRectMax().x, ImGui::GetItemRectMax().y};
    ImGui::EndDisabled();
    ImGui::SameLine();
    if (bool on = play.max_speed(); ImGui::Checkbox("max", &on)) play.set_max_speed(on);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("As many events per frame as the time budget allows");
    if (bool on = play.repeat(); ImGui::Checkbox("repeat", &on)) play.set_repeat(on);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Restart when the run is over");
    if (view.developer) {  // View > Developer readouts
      ImGui::SameLine();
      float budget = float(play.budget_ms());
      ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.45f);
      if (ImGui::SliderFloat("budget ms", &budget, 1.0f, 30.0f, "%.1f")) play.set_budget_ms(budget);
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("Wall time all simulation work may use per frame (keeps the page responsive)");
    }
    if (sim.done()) ImGui::TextColored(ImVec4(0.5f, 0.9f, 0.5f, 1), "run complete at t = %.1f", sim.now());
    else ImGui::TextDisabled("t = %.1f   %lld / %lld jobs departed", sim.now(), sim.departures(), sim.total_jobs());
  }

  // ---- the panels, generated from the parameter table
  const auto table = params();
  // the footer (Copy link, the link wrapped on up to 4 lines) keeps the room it needs
  const std::string& link_text = view.share_link;
  const float wrap = ImGui::GetContentRegionAvail().x;
  const float link_h = std::min(ImGui::CalcTextSize(("#" + link_text).c_str(), nullptr, false, wrap).y, ImGui::GetTextLineHeight() * 4);
  ImGui::BeginChild("panels", ImVec2(0, -(ImGui::GetFrameHeightWithSpacing() + link_h + ImGui::GetStyle().ItemSpacing.y * 3)));
  for (const ParamGroupInfo& panel : param_groups()) {
    std::vector<std::size_t> rows;
    for (std::size_t i = 0; i < table.size(); ++i)
      if (table[i].group == panel.group && shown_[i]) rows.push_back(i);
    if (rows.empty()) continue;
    const std::string title(panel.name);
    if (!ImGui::CollapsingHeader(title.c_str(), panel.expanded ? ImGuiTreeNodeFlags_DefaultOpen : 0)) continue;
    if (ImGui::BeginTable(title.c_str(), 2, ImGuiTableFlags_SizingStretchProp)) {
      ImGui::TableSetupColumn("key", ImGuiTableColumnFlags_WidthFixed, ImGui::GetFontSize() * 7.0f);
      ImGui::TableSetupColumn("value", ImGuiTableColumnFlags_WidthStretch);
      for (std::size_t i : rows) row(view, act, i, report);
      ImGui::EndTable();
    }
  }
  ImGui::EndChild();

  // ---- share
  ImGui::Separator();
  if (ImGui::Button("Copy link")) {
    act.copy_link(view.share_link);
    copied_at_ = ImGui::GetTime();
  }
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("Copy the page address with this scenario and what the page shows (mode, Compare's strategies, the Sweep)");
  ImGui::SameLine();
  if (ImGui::Button("Defaults")) act.defaults();
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Every key back to its default");
  if (ImGui::GetTime() - copied_at_ < 3.0) {
    ImGui::SameLine();
    ImGui::TextColored(ImVec4(0.45f, 0.95f, 0.55f, 1), "link copied");
  }
  const std::string& link = view.share_link;
  ImGui::BeginChild("link", ImVec2(0, link_h + 2), false, ImGuiWindowFlags_NoScrollbar);
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextDisabled("#%s", link.empty() ? "(all defaults)" : link.c_str());
  ImGui::PopTextWrapPos();
  ImGui::EndChild();
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", link.c_str());
  ImGui::End();
}

}  // namespace alloclab::app
