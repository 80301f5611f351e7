// page_facts.cpp — what the page drew last frame, as JSON (see page_facts.hpp). The window
// list reads ImGui's own records (imgui_internal.h): between two frames they describe the last
// one (ImGui marks a window active when it is begun and clears the mark at the next frame).
#include "page_facts.hpp"
#include <algorithm>
#include <cstdio>
#include "imgui.h"
#include "imgui_internal.h"
#include "core/text.hpp"
#include "workload/specs.hpp"  // format_number

namespace alloclab::app {

namespace {

std::string box(const FrameReport::Box& b) {
  char buf[96];
  std::snprintf(buf, sizeof buf, "[%.1f,%.1f,%.1f,%.1f]", double(b.x0), double(b.y0), double(b.x1), double(b.y1));
  return buf;
}

}  // namespace

std::string plots_json(const FrameReport& r) {
  std::string out = "[";
  for (const FrameReport::Plot& p : r.plots()) {
    if (out.size() > 1) out += ",";
    out += "{\"id\":" + json_string(p.id) + ",\"rect\":" + box(p.rect) + ",\"area\":" + box(p.area) + ",\"legend\":" + box(p.legend) +
           ",\"x\":[" + format_number(p.x0) + "," + format_number(p.x1) + "],\"y\":[" + format_number(p.y0) + "," + format_number(p.y1) + "],\"logX\":" +
           (p.log_x ? "true" : "false") + ",\"logY\":" + (p.log_y ? "true" : "false") + ",\"ticks\":[";
    for (std::size_t i = 0; i < p.ticks.size(); ++i) out += (i ? "," : "") + json_string(p.ticks[i]);
    out += "],\"elided\":" + std::to_string(p.elided) + ",\"barGap\":" + format_number(p.bar_gap) + "}";
  }
  return out + "]";
}

std::string controls_json(const FrameReport& r) {
  const FrameReport::Controls& c = r.controls();
  const FrameReport::ExplainAxes& e = r.explain_axes();
  const FrameReport::Gantt& g = r.gantt();
  auto flag = [](bool b) { return b ? std::string("true") : std::string("false"); };
  std::string logs = "[";
  for (const auto& [file, b] : c.log_buttons) logs += std::string(logs.size() > 1 ? "," : "") + "{\"file\":" + json_string(file) + ",\"rect\":" + box(b) + "}";
  logs += "]";
  return "{\"logButtons\":" + logs + ",\"traffic\":{\"drawn\":" + flag(c.traffic_drawn) + ",\"enabled\":" + flag(c.traffic_enabled) + ",\"ticked\":" +
         flag(c.traffic_ticked) + ",\"box\":" + box(c.traffic_box) + "},\"meshView\":{\"layers\":" + box(c.view_layers) +
         ",\"orbit\":" + box(c.view_3d) + ",\"reset\":" + box(c.view_reset) + ",\"cut\":" + box(c.view_cut) + "},\"speed\":{\"slider\":" + box(c.speed_slider) +
         ",\"value\":" + box(c.speed_value) + "},\"sweepLog\":{\"x\":" + box(c.sweep_log_x) + ",\"y\":" + box(c.sweep_log_y) + "},\"gantt\":{\"t0\":" + format_number(g.t0) + ",\"t1\":" + format_number(g.t1) +
         ",\"rowLabels\":" + std::to_string(g.row_labels) + ",\"legend\":" + std::to_string(g.legend_entries) +
         ",\"note\":" + json_string(g.note) + ",\"textEnd\":" + format_number(g.text_end) + ",\"x1\":" + format_number(g.x1) + "},\"explain\":{\"drawn\":" + flag(e.drawn) + ",\"neutralBusy\":" + flag(e.neutral_busy) + ",\"columns\":" +
         std::to_string(e.columns) + ",\"rows\":" + std::to_string(e.rows) + ",\"yRow0\":" + format_number(e.y_of_row0) +
         ",\"yLastRow\":" + format_number(e.y_of_last_row) + ",\"xCol0\":" + format_number(e.x_of_col0) + ",\"xLastCol\":" + format_number(e.x_of_last_col) +
         ",\"canvas\":" + box(e.canvas) + "}}";
}

std::string layout_json(const FrameReport& r) {
  ImGuiContext& g = *ImGui::GetCurrentContext();
  const ImVec2 d = ImGui::GetIO().DisplaySize;
  std::string out = "{\"display\":[" + format_number(d.x) + "," + format_number(d.y) + "],\"windows\":[";
  float menu_end = 0;
  bool first = true;
  for (ImGuiWindow* w : g.Windows) {
    if (!w->Active || w->Hidden || (w->Flags & (ImGuiWindowFlags_Tooltip | ImGuiWindowFlags_Popup))) continue;
    if (std::string(w->Name) == "##MainMenuBar") { menu_end = w->Pos.x + w->DC.MenuBarOffset.x; continue; }
    // content past the right edge that no horizontal scrollbar reaches (a label cut off)
    const float over = w->ScrollbarX ? 0.0f : std::max(0.0f, w->DC.CursorMaxPos.x - w->ContentRegionRect.Max.x);
    out += std::string(first ? "" : ",") + "{\"name\":" + json_string(w->Name) + ",\"rect\":[" + format_number(w->Pos.x) + "," + format_number(w->Pos.y) + "," +
           format_number(w->Pos.x + w->Size.x) + "," + format_number(w->Pos.y + w->Size.y) + "],\"child\":" +
           ((w->Flags & ImGuiWindowFlags_ChildWindow) ? "true" : "false") + ",\"overflow\":" + format_number(over) + "}";
    first = false;
  }
  out += "],\"menuEnd\":" + format_number(menu_end) + ",\"tabs\":[";
  first = true;
  for (int i = 0; i < g.TabBars.GetMapSize(); ++i) {
    const ImGuiTabBar* tb = g.TabBars.TryGetMapData(i);
    if (!tb || tb->PrevFrameVisible < g.FrameCount - 1) continue;  // not drawn in the last frame
    for (const ImGuiTabItem& t : tb->Tabs) {
      const float need = t.ContentWidth;  // the label with its padding (ImGui's TabItemCalcSize)
      const float x0 = tb->BarRect.Min.x + t.Offset - tb->ScrollingAnim;
      out += std::string(first ? "" : ",") + "{\"label\":" + json_string(tb->GetTabName(&t)) + ",\"width\":" + format_number(t.Width) +
             ",\"needed\":" + format_number(need) + ",\"rect\":" + box({x0, tb->BarRect.Min.y, x0 + t.Width, tb->BarRect.Max.y}) + "}";
      first = false;
    }
  }
  // Tables drawn last frame: per column, how far its content ran past the column's right edge
  // (text cut by the column's clip rectangle; a wrapped column never runs past it).
  out += "],\"tables\":[";
  first = true;
  for (int i = 0; i < g.Tables.GetMapSize(); ++i) {
    const ImGuiTable* t = g.Tables.TryGetMapData(i);
    if (!t || t->LastFrameActive < g.FrameCount - 1 || !t->OuterWindow) continue;
    out += std::string(first ? "" : ",") + "{\"window\":" + json_string(t->OuterWindow->Name) + ",\"columns\":[";
    for (int c = 0; c < t->ColumnsCount; ++c) {
      const ImGuiTableColumn& col = t->Columns[c];
      const float content = std::max(col.ContentMaxXFrozen, col.ContentMaxXUnfrozen);
      const float cut = col.IsEnabled ? std::max(0.0f, content - col.MaxX) : 0.0f;
      out += std::string(c ? "," : "") + "{\"name\":" + json_string(ImGui::TableGetColumnName(t, c)) + ",\"cut\":" + format_number(cut) + "}";
    }
    out += "]}";
    first = false;
  }
  out += "],\"strip\":[";
  first = true;
  for (const auto& [name, b] : r.strip()) {
    out += std::string(first ? "" : ",") + "{\"name\":" + json_string(name) + ",\"rect\":" + box(b) + "}";
    first = false;
  }
  return out + "],\"menuNote\":" + json_string(r.menu_note()) + "}";
}

}  // namespace alloclab::app
