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
#include "mesh_canvas.hpp"
#include "traffic_heat.hpp"
#include "workload/log_machines.hpp"

namespace alloclab::app {

// Default window rectangles for a display of the given size and the current mode.
struct Layout {
  float x, y, w, h;
};
enum class Slot { Setup, Main, MainTop, MainBottom, MainBottomLeft, MainBottomRight, RightTop, RightBottom, Right };
Layout layout(Slot s, float dw, float dh);

// The machine of the running simulation (Run mode): zoom, pan, hover, click to pin.
struct MeshWindow {
  bool open = true;
  bool traffic = true;  // the network overlay (traffic_overlay.hpp) when the simulation has one
  MeshCanvas canvas;
  TrafficHeat heat;     // the overlay's aggregate form for small cells / big machines
  // Click to pin; reports the traffic overlay it drew.
  void draw(const Simulation& sim, Pin& pin, FrameReport& report);
};

// Playback (play/pause, step, reset, run to end, speed) and the scenario panels generated
// from params(), grouped into the panels the table names (param_groups()); every change is applied at once and the fragment follows.
struct SetupWindow {
  struct View {
    const Simulation& sim;
    const Scenario& scenario;
    unsigned generation;  // AppState::generation(): the editor fields follow a new scenario
    const std::optional<Scenario>& pending_trace;  // a link's scenario waiting for its trace file
  };
  struct Actions {
    std::function<void()> step, reset, run_to_end;
    // One key through the engine's table (the engine's message on failure).
    std::function<Status(std::string_view key, std::string_view value)> set_param;
    std::function<void()> defaults;                            // every key back to its default
    std::function<void(const std::string& path)> load_trace;  // native: read a trace file
    std::function<void(const LogMachine& log)> load_builtin_trace;  // a log shipped with the site
  };
  bool open = true;
  void draw(const View& v, Playback& play, const Actions& act);

 private:
  void sync(const View& v);  // editor fields from the current scenario
  void row(const View& v, const Actions& act, std::size_t i);
  unsigned synced_ = ~0u;
  std::vector<std::string> values_;   // one text per params() row
  std::vector<std::string> errors_;   // the engine's message for a rejected edit, per row
  std::vector<char> dirty_;           // edited, not yet applied (applied when the field is left)
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

// Utilization, queue length and mean response time over simulated time.
struct ChartsWindow {
  bool open = true;
  void draw(const History& history, const Simulation& sim);
};

// What the Results window and the exports read: the scenario, its running simulation and its
// replications (AppState::replications()).
struct ResultsSource {
  const Scenario& scenario;
  const Simulation& sim;
  const Batch& replications;
};
inline ResultsSource results_source(const AppState& s) { return {s.scenario(), s.sim(), s.replications()}; }

// The metrics of the current run (metric_fields()); replications with means ± 95% CI; downloads.
struct ResultsWindow {
  struct Actions {
    std::function<void()> start_replications, cancel_replications;
  };
  bool open = true;
  void draw(const ResultsSource& src, const Actions& act);
};

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
  };
  bool open = true;
  void draw(const View& v, Playback& play, const Actions& act);
  void shutdown() { for (auto& c : canvas_) c.shutdown(); }

 private:
  MeshCanvas canvas_[4];
  JobId pinned_[4] = {kNoJob, kNoJob, kNoJob, kNoJob};
};

// Utilization and mean response time vs arrival rate for chosen strategies.
struct SweepWindow {
  struct View {
    const Scenario& scenario;
    const SweepSettings& settings;
    const Batch& batch;
  };
  struct Actions {
    std::function<void(SweepSettings)> set_settings;
    std::function<void()> start, cancel;
  };
  bool open = true;
  void draw(const View& v, const Actions& act);

 private:
  std::string rates_text_;
  bool synced_ = false;
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
  // step_event: processes one event (AppState::step_once).
  void draw(const View& v, ExplainCursor& cursor, Pin& pin, const std::function<void()>& step_event);

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

// The engine's last error message in red, with a Dismiss button; nothing when there is none.
struct ErrorWindow {
  void draw(const std::string& error, const std::function<void()>& dismiss);
};

// Exports of the current results (Results window, window.alloclab): with finished
// replications, their means and 95% half-widths; otherwise the running simulation's figures.
std::string results_csv(const ResultsSource& src);
std::string results_json_text(const ResultsSource& src);

}  // namespace alloclab::app
