// win_compare.cpp — the Compare window (Compare mode): 2–4 strategies on the current scenario
// (the same job stream: it depends only on the seed and the workload keys), small mesh views
// side by side advancing in lock-step by simulated time (AppState::advance_compare), and
// their metrics in one table (best value of each row highlighted). With replications R > 1 a
// second tab shows each strategy's paired difference from the first over R replications
// (AppState::compare_paired(): the same job streams), ± the 95% half-width of the
// per-replication differences, and the verdict: better / worse / not established at 95%.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include "imgui.h"
#include "sweep/paired.hpp"
#include "sweep/sweep_data.hpp"
#include "windows.hpp"

namespace alloclab::app {

PairedTable paired_table(const Batch& b) {
  PairedTable t;
  const SweepRunner* r = b.runner();
  if (!r || r->size() == 0 || !r->point_done(0)) return t;
  const std::size_t n = r->size();
  const RawPoint base = raw_point(*r, 0);
  t.mean.resize(n);
  t.ci95.resize(n);
  t.pairs.assign(n, 0);
  t.done.assign(n, 0);
  t.mean[0] = r->aggregate(0).mean();
  t.ci95[0] = r->aggregate(0).ci95();
  t.done[0] = 1;
  for (std::size_t i = 1; i < n; ++i)
    if (r->point_done((long long)i)) {
      paired_difference(raw_point(*r, (long long)i), base, t.mean[i], t.ci95[i], t.pairs[i]);
      t.done[i] = 1;
    }
  return t;
}

Verdict PairedTable::verdict(const MetricField& f, std::size_t i) const {
  return paired_verdict(f, mean[i].*f.member, ci95[i].*f.member, pairs[i], mean[0].*f.member);
}

int best_run(const MetricField& f, const std::vector<Results>& res, const std::vector<char>& have) {
  int best = -1;
  bool all_same = true;
  for (std::size_t i = 0; i < res.size(); ++i) {
    if (!have[i]) continue;
    if (best >= 0 && res[i].*f.member != res[std::size_t(best)].*f.member) all_same = false;
    if (best < 0 || is_better(f.better, res[i].*f.member, res[std::size_t(best)].*f.member)) best = int(i);
  }
  return all_same || f.better == Better::Neither ? -1 : best;
}

namespace {
// Paired view (replications > 1): each strategy's difference from the first over the
// scenario's replications, on the same job streams (replication r of every strategy has the
// same seed), ± the Student-t 95% half-width of the per-replication differences.
void draw_paired(const CompareWindow::View& v, const CompareWindow::Actions& act) {
  const Batch& b = v.paired;
  const auto& ids = v.ids;
  const SweepRunner* r = b.runner();
  ImGui::TextDisabled("paired over %d replications: each strategy - %s, +/- 95%% (same job streams)", v.scenario.replications,
                      ids.empty() ? "?" : ids[0].c_str());
  if (!b.error().empty()) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextColored(ImVec4(1, 0.4f, 0.4f, 1), "%s", b.error().c_str());
    ImGui::PopTextWrapPos();
    return;
  }
  if (b.running()) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%d / %d replications", b.tasks_done(), b.tasks_total());
    ImGui::ProgressBar(float(b.progress()), ImVec2(-1, 0), buf);
  }
  if (!r || r->size() == 0 || !r->point_done(0)) return;
  if (ImGui::Button("Download CSV")) act.download("alloclab-compare.csv", "text/csv", paired_csv(b, ids));
  ImGui::SameLine();
  ImGui::TextDisabled("columns as alloclab sweep strategy=... --baseline strategy=%s", ids[0].c_str());
  const std::size_t n = r->size();
  const PairedTable t = paired_table(b);
  if (!ImGui::BeginTable("paired", int(n) + 1, ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_ScrollY | ImGuiTableFlags_SizingStretchProp))
    return;
  ImGui::TableSetupScrollFreeze(0, 1);
  ImGui::TableSetupColumn("metric", ImGuiTableColumnFlags_WidthFixed, ImGui::GetFontSize() * 12);
  for (std::size_t i = 0; i < n; ++i) {
    const std::string h = i == 0 ? ids[0] + " (mean +/- 95%)" : (i < ids.size() ? ids[i] : "?") + " - " + ids[0];
    ImGui::TableSetupColumn(h.c_str());
  }
  ImGui::TableHeadersRow();
  const Results &bm = t.mean[0], &bc = t.ci95[0];
  for (const MetricField& f : metric_fields(metric_rows(v.scenario.pod()))) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    metric_name(f);
    ImGui::TableNextColumn();
    ImGui::Text("%.5g +/- %.2g", bm.*f.member, bc.*f.member);
    for (std::size_t i = 1; i < n; ++i) {
      ImGui::TableNextColumn();
      if (!t.done[i]) { ImGui::TextDisabled("..."); continue; }
      double d = t.mean[i].*f.member, h = t.ci95[i].*f.member;
      const Verdict v = t.verdict(f, i);
      if (v == Verdict::Same) d = h = 0;  // last-bit differences of sums taken in another order
      char num[64];
      std::snprintf(num, sizeof num, "%+.4g +/- %.2g", d, h);
      ImGui::TextUnformatted(num);
      // the verdict beside the number when the column has room, else on the next line
      same_line_if_fits(ImGui::CalcTextSize(verdict_text(v)).x);
      ImGui::TextColored(v == Verdict::Better ? ImVec4(0.45f, 0.95f, 0.55f, 1) : v == Verdict::Worse ? ImVec4(1, 0.45f, 0.4f, 1)
                         : v == Verdict::Differs ? ImVec4(0.55f, 0.75f, 1, 1) : ImVec4(0.6f, 0.6f, 0.6f, 1),
                         "%s", verdict_text(v));
    }
  }
  ImGui::EndTable();
}

}  // namespace

void CompareWindow::draw(const View& v, Playback& play, const Actions& act) {
  if (!open) return;
  if (!ImGui::Begin("Compare", &open)) { ImGui::End(); return; }
  std::vector<std::string> ids = v.ids;
  bool changed = false;
  // the header's items on one line while they fit, continued on the next (a narrow window)
  const ImGuiStyle& style = ImGui::GetStyle();
  auto next = [](float w) { same_line_if_fits(w); };
  auto button_w = [&](const char* label) { return ImGui::CalcTextSize(label).x + style.FramePadding.x * 2; };
  ImGui::TextUnformatted("Strategies");
  for (std::size_t i = 0; i < ids.size(); ++i) {
    next(ImGui::GetFontSize() * 6.5f);
    ImGui::PushID(int(i));
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 6.5f);
    if (ImGui::BeginCombo("##s", ids[i].c_str(), ImGuiComboFlags_HeightLarge)) {
      for (const StrategyInfo& si : strategies()) {
        const std::string id(si.id);
        const bool bad = !strategy_unsupported(si, v.scenario.topo()).empty();
        ImGui::BeginDisabled(bad);
        if (ImGui::Selectable(id.c_str(), id == ids[i])) { ids[i] = id; changed = true; }
        ImGui::EndDisabled();
        if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) ImGui::SetTooltip("%.*s", int(si.help.size()), si.help.data());
      }
      ImGui::EndCombo();
    }
    ImGui::PopID();
  }
  next(button_w("+") + style.ItemSpacing.x + button_w("-"));
  ImGui::BeginDisabled(ids.size() >= 4);
  if (ImGui::Button("+")) { ids.push_back("random"); changed = true; }
  ImGui::EndDisabled();
  ImGui::SameLine();
  ImGui::BeginDisabled(ids.size() <= 2);
  if (ImGui::Button("-")) { ids.pop_back(); changed = true; }
  ImGui::EndDisabled();
  next(button_w("Pause"));
  if (ImGui::Button(play.playing() ? "Pause" : "Play")) play.toggle();
  next(button_w("Restart"));
  if (changed) act.set_ids(ids);
  if (ImGui::Button("Restart") || changed) act.restart();
  next(button_w("First difference"));
  if (ImGui::Button("First difference")) act.first_difference();
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("Play the strategies on the same jobs and stop all of them at the first job whose start time or blocks "
                      "differ, showing each one's decision for it (as Explain shows it)");
  {  // the note beside the buttons when it fits, else under them (never cut at the edge)
    const char* note = "same jobs, lock-step by simulated time";
    next(ImGui::CalcTextSize(note).x);
    ImGui::TextDisabled("%s", note);
  }
  const auto& fd = v.first_diff;
  ImGui::PushTextWrapPos(0.0f);
  if (fd && !fd->found) ImGui::TextColored(ImVec4(0.45f, 0.95f, 0.55f, 1), "No difference: every job starts at the same time on the same blocks (%lld jobs)", fd->jobs_compared);
  if (fd && fd->found)
    ImGui::TextColored(ImVec4(1.0f, 0.85f, 0.4f, 1), "First difference: job %d at time %.6g (runs stopped there; Play continues)", fd->job, fd->time);
  ImGui::PopTextWrapPos();

  const auto& runs = v.runs;
  const auto& errs = v.errors;
  const std::size_t n = runs.size();
  if (n == 0) { ImGui::End(); return; }
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const int ncols = n == 4 ? 2 : int(n);
  const int nrows = n == 4 ? 2 : 1;
  const float table_h = ImGui::GetTextLineHeightWithSpacing() * float(metric_fields(metric_rows(v.scenario.pod())).size() + 2) + 8;
  const float views_h = std::max(avail.y * 0.45f, avail.y - table_h);
  const float cw = avail.x / float(ncols) - ImGui::GetStyle().ItemSpacing.x;
  const float chh = views_h / float(nrows) - ImGui::GetStyle().ItemSpacing.y;
  for (std::size_t i = 0; i < n; ++i) {
    if (i % std::size_t(ncols) != 0) ImGui::SameLine();
    ImGui::PushID(int(i));
    ImGui::BeginChild("view", ImVec2(cw, chh), true, ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
    ImGui::TextColored(ImVec4(0.9f, 0.85f, 0.5f, 1), "%s", i < ids.size() ? ids[i].c_str() : "?");
    if (runs[i]) {
      const Simulation& s = *runs[i];
      const Occupancy& occ = s.occupancy();
      // the run's readouts beside its name, each continued on the next line when the view is narrow
      char head[4][40];
      std::snprintf(head[0], sizeof head[0], "t %.0f", s.now());
      std::snprintf(head[1], sizeof head[1], "busy %.0f%%", 100.0 * job_chips(s) / occ.topology().nodes());
      std::snprintf(head[2], sizeof head[2], "wait %zu", s.queue_length());
      std::snprintf(head[3], sizeof head[3], "%s", s.done() ? "done" : "");
      for (const char* part : head) {
        if (!*part) continue;
        next(ImGui::CalcTextSize(part).x);
        ImGui::TextDisabled("%s", part);
      }
      canvas_[i].grid_lines = false;
      const bool diff = fd && fd->found && i < fd->sides.size();
      ImVec2 area = ImGui::GetContentRegionAvail();
      if (diff) {  // the side's decision for the job, as Explain shows it
        const DiffSide& d = fd->sides[i];
        const char* what = d.started_now ? (d.reserved ? "started on its reservation" : "started") : d.waiting ? "waiting" : "not in the queue";
        ImGui::TextColored(ImVec4(1.0f, 0.85f, 0.4f, 1), "job %d %s", fd->job, what);
        if (d.decision && !d.decision->steps.empty()) {  // the decision's caption, wrapped
          ImGui::PushTextWrapPos(0.0f);
          ImGui::TextDisabled("%s", d.decision->steps.back().caption.c_str());
          ImGui::PopTextWrapPos();
        }
        area = ImGui::GetContentRegionAvail();
      }
      const CanvasGeom g = canvas_[i].draw("c", s, area, &pinned_[i]);
      if (diff && fd->sides[i].decision && !fd->sides[i].decision->steps.empty())
        draw_explain_step(ImGui::GetWindowDrawList(), g, fd->sides[i].decision->steps.back());
    } else {
      ImGui::PushTextWrapPos(0.0f);
      ImGui::TextColored(ImVec4(1, 0.4f, 0.4f, 1), "%s", errs[i].c_str());
      ImGui::PopTextWrapPos();
    }
    ImGui::EndChild();
    ImGui::PopID();
  }

  const bool paired = v.scenario.replications > 1;
  if (paired) {
    if (!ImGui::BeginTabBar("cmp-tabs", ImGuiTabBarFlags_FittingPolicyScroll)) { ImGui::End(); return; }
    if (ImGui::BeginTabItem("Paired (replications)")) {
      draw_paired(v, act);
      ImGui::EndTabItem();
    }
    if (!ImGui::BeginTabItem("This run (so far)")) {
      ImGui::EndTabBar();
      ImGui::End();
      return;
    }
  }
  // a window too narrow for every column at a readable width scrolls sideways (metric names frozen)
  const float fs = ImGui::GetFontSize();
  const bool sideways = ImGui::GetContentRegionAvail().x < fs * (12 + 5.5f * float(n));
  if (ImGui::BeginTable("cmp", int(n) + 1, ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_ScrollY |
                                              (sideways ? ImGuiTableFlags_ScrollX | ImGuiTableFlags_SizingFixedFit : ImGuiTableFlags_SizingStretchProp))) {
    ImGui::TableSetupScrollFreeze(1, 1);
    ImGui::TableSetupColumn("metric (so far)", ImGuiTableColumnFlags_WidthFixed, fs * 12);
    for (std::size_t i = 0; i < n; ++i) ImGui::TableSetupColumn(ids[i].c_str());
    ImGui::TableHeadersRow();
    std::vector<Results> res(n);
    std::vector<char> have(n, 0);
    for (std::size_t i = 0; i < n; ++i)
      if (runs[i]) res[i] = runs[i]->results(), have[i] = 1;
    for (const MetricField& f : metric_fields(metric_rows(v.scenario.pod()))) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      metric_name(f);
      const int best = best_run(f, res, have);
      for (std::size_t i = 0; i < n; ++i) {
        ImGui::TableNextColumn();
        if (!runs[i]) { ImGui::TextDisabled("-"); continue; }
        if (int(i) == best) ImGui::TextColored(ImVec4(0.45f, 0.95f, 0.55f, 1), "%.5g", res[i].*f.member);
        else ImGui::Text("%.5g", res[i].*f.member);
      }
    }
    ImGui::EndTable();
  }
  if (paired) {
    ImGui::EndTabItem();
    ImGui::EndTabBar();
  }
  ImGui::End();
}

}  // namespace alloclab::app
