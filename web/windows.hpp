// windows.hpp — the app's ImGui windows, each a small struct with an `open` flag and a draw()
// (one file per window: web/win_*.cpp). A window never sees AppState: its draw() takes const
// references to what it reads (a View of the engine's and the app's state) and, for what it
// changes, the narrow parts it owns a piece of (Pin, Playback, FrameReport, ExplainCursor) or
// a small struct of callbacks (Actions) that main.cpp binds to AppState's member functions,
// which call the engine.
#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>
#include "app_state.hpp"
#include "imgui.h"
#include "scenario/preset_info.hpp"
#include "sweep/paired.hpp"
#include "mesh_canvas.hpp"
#include "orbit_canvas.hpp"
#include "traffic_heat.hpp"
#include "workload/log_machines.hpp"

namespace alloclab::app {

// Offers a text as a file download (page_download: a Blob in the page, a file natively); the
// windows reach the platform only through such callbacks in their Actions.
using Download = std::function<void(const std::string& filename, const std::string& mime, const std::string& text)>;

// Continues the last item's line with the next item (`width` pixels wide, `spacing` after the
// last item; < 0: the style's) when it fits before the right edge of the window (or table
// column), else leaves the next item on a line of its own. (SameLine then NewLine would place
// it the same but count the spacing past the last item as content, a cut for the page's layout
// check.)
inline void same_line_if_fits(float width, float spacing = -1.0f) {
  if (spacing < 0) spacing = ImGui::GetStyle().ItemSpacing.x;
  if (ImGui::GetItemRectMax().x + spacing + width <= ImGui::GetWindowPos().x + ImGui::GetContentRegionMax().x) ImGui::SameLine(0, spacing);
}

// Default window rectangles for a display of the given size and the current mode.
struct Layout {
  float x, y, w, h;
};
enum class Slot { Setup, Main, MainTop, MainBottom, MainBottomLeft, MainBottomRight, RightTop, RightBottom, Right };
Layout layout(Slot s, float dw, float dh);

// The machine of the running simulation (Run mode): zoom, pan, hover, click to pin. A 3D machine
// is shown as its layers or, switched by `view`, as the orbitable 3D view (orbit_canvas.hpp).
struct MeshWindow {
  bool open = true;
  bool traffic = true;  // the network overlay (traffic_overlay.hpp) when the simulation has one
  MeshCanvas canvas;
  OrbitCanvas orbit;
  TrafficHeat heat;     // the overlay's aggregate form for small cells / big machines
  // Click to pin; `view`: which view of a 3D machine, its camera and cut; reports the canvas and
  // the traffic overlay it drew.
  void draw(const Simulation& sim, Pin& pin, OrbitView& view, FrameReport& report);
};

// The loaded preset's card (a lesson: title, paper and figure, what it shows, the mode, what to
// look at, the paper's numbers beside ours) above playback (play/pause, step, reset, run to
// end, speed) and the scenario panels generated from params(), grouped into the panels the
// table names (param_groups()); every change is applied at once and the fragment follows.
struct SetupWindow {
  struct View {
    const Simulation& sim;
    const Scenario& scenario;
    unsigned generation;  // AppState::generation(): the editor fields follow a new scenario
    const std::optional<Scenario>& pending_trace;  // a link's scenario waiting for its trace file
    const std::string& share_link;  // AppState::share_link(): the scenario and the page keys
    bool can_pick_files;            // the page has a file picker (page_can_pick_files)
    const PresetInfo* lesson;       // the loaded preset's card (nullptr: none)
    bool developer;                 // View > Developer readouts: the frame budget control
    bool run_controls;              // the running simulation's playback (Run, Explain modes)
    const char* controls_note;      // otherwise: where this mode's controls are
  };
  struct Actions {
    std::function<void()> step, reset, run_to_end;
    // One key through the engine's table (the engine's message on failure).
    std::function<Status(std::string_view key, std::string_view value)> set_param;
    std::function<void()> defaults;                            // every key back to its default
    std::function<void(const std::string& path)> load_trace;  // native: read a trace file
    std::function<void(const LogMachine& log)> load_builtin_trace;  // a log shipped with the site
    std::function<void()> pick_trace;                         // web: the browser's file picker
    std::function<void(const std::string& link)> copy_link;   // to the clipboard
    std::function<void()> close_lesson;                       // hides the card
  };
  bool open = true;
  // Reports where the speed slider and its value were drawn.
  void draw(const View& v, Playback& play, const Actions& act, FrameReport::Controls& report);

 private:
  double copied_at_ = -100;           // ImGui time of the last Copy link (the "copied" note)
  void sync(const View& v);  // editor fields from the current scenario
  void row(const View& v, const Actions& act, std::size_t i, FrameReport::Controls& report);
  unsigned synced_ = ~0u;
  std::vector<std::string> values_;   // one text per params() row
  std::vector<std::string> errors_;   // the engine's message for a rejected edit, per row
  std::vector<char> dirty_;           // edited, not yet applied (applied when the field is left)
  std::vector<char> shown_;           // the key means something in the scenario (key_applies)
  std::string trace_path_;            // native: a path to read
};

// Waiting queue in scheduler order, running jobs, recent departures.
struct QueueWindow {
  bool open = true;
  void draw(const Simulation& sim, Pin& pin);  // click a job to pin it
};

// The schedule as time × jobs (win_gantt.cpp): bars from start to end in the jobs' colours,
// waits as thin lines, scrolling with the simulation; hover = tooltip, click = pin.
struct GanttWindow {
  bool open = true;
  void draw(const Simulation& sim, Pin& pin, FrameReport& report);  // reports the bars it drew
 private:
  struct Row {
    JobId id;
    double arrival, start, end;
    int nodes;
    int state;  // 0 waiting, 1 running, 2 done
  };
  std::vector<Row> rows_;
  bool follow_ = true;
  float span_ = 0;  // time units shown (0: a default on first draw)
  double end_ = 0;  // the right edge when not following
};

// Utilization, queue length and mean response time (and packet latency) over simulated time.
struct ChartsWindow {
  bool open = true;
  void draw(const History& history, const Simulation& sim, FrameReport& report);  // reports its plots

 private:
  int shown_ = 0;  // the chart shown when the window has room for one only
};

// What the Results window and the exports read: the scenario, its running simulation and its
// replications (AppState::replications()).
struct ResultsSource {
  const Scenario& scenario;
  const Simulation& sim;
  const Batch& replications;
};
inline ResultsSource results_source(const AppState& s) { return {s.scenario(), s.sim(), s.replications()}; }
// Whether the batch holds finished replications of this very scenario.
bool replications_of(const Batch& b, const Scenario& s);

// The full name at the start of a registry row's help ("First Fit (Zhu 1992): ..." -> "First
// Fit"), shown beside the code; "" when the help does not start with a short name.
std::string_view short_name(std::string_view help);

// A metric's name as a table cell, with its help and direction (lower / higher / neither is
// better) as the tooltip (win_results.cpp).
void metric_name(const MetricField& f);

// The metrics of the current run (metric_fields()); replications with means ± 95% CI; downloads.
struct ResultsWindow {
  struct Actions {
    std::function<void()> start_replications, cancel_replications;
    Download download;
  };
  bool open = true;
  void draw(const ResultsSource& src, const Actions& act);
};

// The Compare window's paired table (replications > 1): the first strategy's means and 95%
// half-widths (index 0), then each other strategy's paired difference from it; done[i] once
// its replications finished. Empty until the first strategy's are done.
struct PairedTable {
  std::vector<Results> mean, ci95;
  std::vector<int> pairs;
  std::vector<char> done;
  // The engine's verdict (paired_verdict, the metric's direction) on strategy i ≥ 1.
  Verdict verdict(const MetricField& f, std::size_t i) const;
};
PairedTable paired_table(const Batch& paired);
// The run with the best value of a metric in its direction (have[i]: run i exists), or -1 when
// all are equal or the metric is neither better nor worse: the single-run table's highlight.
int best_run(const MetricField& f, const std::vector<Results>& res, const std::vector<char>& have);

// 2–4 strategies on the same scenario, side by side, in lock-step by simulated time.
struct CompareWindow {
  struct View {
    const Scenario& scenario;
    const std::vector<std::string>& ids;                 // the strategies compared
    const std::vector<std::optional<Simulation>>& runs;  // one per id (empty: see errors)
    const std::vector<std::string>& errors;
    const std::optional<FirstDifference>& first_diff;
    const Batch& paired;  // replications of every strategy on the same job streams (R > 1)
  };
  struct Actions {
    std::function<void(std::vector<std::string> ids)> set_ids;  // takes effect at restart()
    std::function<void()> restart, first_difference;
    Download download;
  };
  bool open = true;
  void draw(const View& v, Playback& play, const Actions& act);
  void shutdown() { for (auto& c : canvas_) c.shutdown(); }

 private:
  MeshCanvas canvas_[4];
  JobId pinned_[4] = {kNoJob, kNoJob, kNoJob, kNoJob};
};

// Utilization, mean response time, allocation cost (and packet latency) vs any numeric key
// (the arrival rate, the service mean, the machine size, ...) for chosen strategies.
struct SweepWindow {
  struct View {
    const Scenario& scenario;
    const SweepSettings& settings;
    const Batch& batch;
    const std::string& swept_key;  // the key of the batch's sweep (its x-axis)
  };
  struct Actions {
    std::function<void(SweepSettings)> set_settings;
    std::function<void()> start, cancel;
    Download download;
  };
  bool open = true;
  void draw(const View& v, const Actions& act, FrameReport& report);  // reports the x-axis drawn

 private:
  std::string values_text_;   // the values field while it is edited
  std::string values_error_;  // the engine's message for values it refused
  bool log_x_ = false, log_y_ = false;
};

// What the strategy sees before its next decision (Simulation::explain), stepped through
// with Prev / Next (the ExplainCursor holds the step); the last step is the decision.
struct ExplainWindow {
  struct View {
    const Simulation& sim;
    unsigned generation;  // AppState::generation(): a new scenario
    long long events;     // AppState::events(): events processed since
  };
  bool open = true;
  MeshCanvas canvas;
  // step_event: processes one event (AppState::step_once). Reports the canvas's coordinates.
  void draw(const View& v, ExplainCursor& cursor, Pin& pin, const std::function<void()>& step_event, FrameReport& report);

 private:
  Explanation expl_;       // of the current subject on the current machine
  bool have_ = false;
  unsigned gen_ = 0;       // View::generation it was computed at
  long long events_ = -1;  // View::events it was computed at
  JobId subject_ = kNoJob;
};

// Draws one step of an explanation (its layers, labels and edges) over a machine canvas, in
// the Explain window's colours (win_explain.cpp; the Compare window's first difference too).
void draw_explain_step(ImDrawList* dl, const CanvasGeom& g, const ExplainStep& step);

// Help > Start here and Glossary (win_help.cpp): what the page is, what each window shows,
// three things to try (each one click: a link or a preset), and every metric (meaning,
// direction) and strategy (code, full name) explained. Opens by itself on a page without a link.
struct HelpWindow {
  struct Actions {
    std::function<void(std::string_view link)> open_link;    // a share link, page keys included
    std::function<void(std::string_view name)> open_preset;  // a preset by file name
  };
  bool open = false;
  int tab = 0;  // 0 Start here, 1 Glossary: the tab the menu asked for (-1: keep the user's)
  void draw(const Actions& act);
};

// The engine's last error message in red, with a Dismiss button; nothing when there is none.
struct ErrorWindow {
  void draw(const std::string& error, const std::function<void()>& dismiss);
};

// Exports of the current results (Results window, window.alloclab; results_export.cpp): with
// finished replications, their means and 95% half-widths; otherwise the running simulation's figures.
std::string results_csv(const ResultsSource& src);
std::string results_json_text(const ResultsSource& src);

}  // namespace alloclab::app
