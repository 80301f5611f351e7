// win_help.cpp — the Help window: "Start here" (what alloclab is, what each window shows, three
// things to try, each one click) and the Glossary (every metric of the engine's table with its
// meaning and which way is better, every strategy's code beside its full name). Everything it
// lists comes from the engine's tables (metric_fields(), strategies()); the things to try are
// share links and a preset, opened through the same calls as a pasted link or the Presets menu.
#include <algorithm>
#include <string>
#include <string_view>
#include "imgui.h"
#include "windows.hpp"

namespace alloclab::app {

namespace {

void start_here(const HelpWindow::Actions& act) {
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextColored(ImVec4(1.0f, 0.85f, 0.45f, 1), "alloclab: who gets which processors?");
  ImGui::TextUnformatted(
      "A parallel computer here is a grid of processors (a 2D mesh, or a torus whose edges wrap around). Jobs arrive "
      "asking for a rectangle of processors; an allocation strategy picks where each one goes, and a scheduler picks "
      "which waiting job goes next. Strategies differ in how well they keep free processors usable, which shows in "
      "waiting times, utilization and fragmentation.");
  ImGui::Spacing();
  ImGui::TextColored(ImVec4(0.7f, 0.85f, 1.0f, 1), "What you see");
  ImGui::BulletText("Setup (left): play, step, reset; every key of the scenario, with its meaning as a tooltip.");
  ImGui::BulletText("Mesh: one square per processor, coloured by the job on it (dark = free). Hover a job, click to pin it.");
  ImGui::BulletText("Charts and Gantt: utilization, queue and response time over time; the schedule, one bar per job.");
  ImGui::BulletText("Queue and Results: who waits, who runs; every metric so far (hover a name for its meaning).");
  ImGui::BulletText("Modes (menu bar, keys 1-4): Run one strategy, Compare 2-4 on the same jobs, Sweep a key and plot the "
                    "metrics, Explain one decision step by step.");
  ImGui::Spacing();
  ImGui::TextColored(ImVec4(0.7f, 0.85f, 1.0f, 1), "Three things to try");
  if (ImGui::Button("1. Watch First Fit fill a 32x32 mesh"))
    act.open_link("size=32x32&strategy=ff&arrival=poisson:0.02&job_size=uniform:1-12");
  ImGui::SameLine();
  ImGui::TextDisabled("then press R and choose another strategy in Setup");
  if (ImGui::Button("2. Compare First Fit, Best Fit and MBS on the same jobs"))
    act.open_link("size=32x32&arrival=poisson:0.03&job_size=uniform:1-16&replications=5&mode=compare&compare=ff,bf,mbs");
  ImGui::SameLine();
  ImGui::TextDisabled("the Paired tab says which is better, and whether that is established");
  if (ImGui::Button("3. Open a paper's figure: Srisawat & Alexandridis 1999, Figure 5")) act.open_preset("seed001-figure5");
  ImGui::SameLine();
  ImGui::TextDisabled("the card in Setup says what to look at; Start sweep draws it");
  ImGui::Spacing();
  ImGui::TextDisabled("Presets (menu bar) lists every paper's set-ups. Copy link (Setup) shares exactly what you see: "
                      "the scenario, the mode, Compare's strategies and the Sweep.");
  ImGui::PopTextWrapPos();
}

// The headers of a glossary table's three columns. The term and tag columns are as wide as
// their widest entry; the meaning wraps in what is left.
struct GlossaryColumns {
  const char* term;
  const char* tag;
  const char* meaning;
};

// One glossary table: a term, a short tag (dimmed) and its wrapped meaning per row;
// each_row(add) calls add(term, tag, meaning) for every row. Where the three columns would
// leave the meaning less than 16 font sizes (a phone), each row stacks in one column instead:
// the term, its tag beside it, the meaning wrapped below.
template <class EachRow>
void glossary_table(const char* title, const char* id, const GlossaryColumns& c, EachRow each_row) {
  ImGui::TextColored(ImVec4(0.7f, 0.85f, 1.0f, 1), "%s", title);
  const auto width = [](std::string_view text) { return ImGui::CalcTextSize(text.data(), text.data() + text.size()).x; };
  float term_width = width(c.term), tag_width = width(c.tag);
  each_row([&](std::string_view t, std::string_view g, std::string_view) {
    term_width = std::max(term_width, width(t));
    tag_width = std::max(tag_width, width(g));
  });
  const ImGuiStyle& style = ImGui::GetStyle();
  const float gaps = 4 * style.CellPadding.x + 2 * style.ItemSpacing.x;
  if (ImGui::GetContentRegionAvail().x < term_width + tag_width + gaps + 16 * ImGui::GetFontSize()) {
    if (!ImGui::BeginTable(id, 1, ImGuiTableFlags_RowBg)) return;
    ImGui::TableSetupColumn((std::string(c.term) + ", " + c.tag + ": " + c.meaning).c_str());
    ImGui::TableHeadersRow();
    each_row([&width, &style](std::string_view t, std::string_view g, std::string_view text) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::PushTextWrapPos(0.0f);
      ImGui::TextUnformatted(t.data(), t.data() + t.size());
      if (width(t) + style.ItemSpacing.x + width(g) <= ImGui::GetContentRegionAvail().x) ImGui::SameLine();  // else below the term
      ImGui::TextDisabled("%.*s", int(g.size()), g.data());
      ImGui::TextUnformatted(text.data(), text.data() + text.size());
      ImGui::PopTextWrapPos();
    });
    ImGui::EndTable();
    return;
  }
  if (!ImGui::BeginTable(id, 3, ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingStretchProp)) return;
  ImGui::TableSetupColumn(c.term, ImGuiTableColumnFlags_WidthFixed, term_width);
  ImGui::TableSetupColumn(c.tag, ImGuiTableColumnFlags_WidthFixed, tag_width);
  ImGui::TableSetupColumn(c.meaning);
  ImGui::TableHeadersRow();
  each_row([](std::string_view t, std::string_view g, std::string_view text) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(t.data(), t.data() + t.size());
    ImGui::TableNextColumn();
    ImGui::TextDisabled("%.*s", int(g.size()), g.data());
    ImGui::TableNextColumn();
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextUnformatted(text.data(), text.data() + text.size());
    ImGui::PopTextWrapPos();
  });
  ImGui::EndTable();
}

void glossary() {
  glossary_table("Metrics", "gl-metrics", {"metric", "better", "meaning"}, [](auto add) {
    for (const MetricField& f : metric_fields()) add(f.name, better_text(f.better), f.help);
  });
  ImGui::Spacing();
  glossary_table("Strategies", "gl-strategies", {"code", "kind", "strategy"}, [](auto add) {
    for (const StrategyInfo& si : strategies()) add(si.id, si.contiguous ? "contiguous" : "non-contiguous", si.help);
  });
}

}  // namespace

void HelpWindow::draw(const Actions& act) {
  if (!open) return;
  if (!ImGui::Begin("Help", &open)) { ImGui::End(); return; }
  if (ImGui::BeginTabBar("help-tabs", ImGuiTabBarFlags_FittingPolicyScroll)) {
    if (ImGui::BeginTabItem("Start here", nullptr, tab == 0 ? ImGuiTabItemFlags_SetSelected : 0)) {
      ImGui::BeginChild("start");
      start_here(act);
      ImGui::EndChild();
      ImGui::EndTabItem();
    }
    if (ImGui::BeginTabItem("Glossary", nullptr, tab == 1 ? ImGuiTabItemFlags_SetSelected : 0)) {
      ImGui::BeginChild("glossary");
      glossary();
      ImGui::EndChild();
      ImGui::EndTabItem();
    }
    tab = -1;
    ImGui::EndTabBar();
  }
  ImGui::End();
}

}  // namespace alloclab::app
