// windows.hpp — the app's ImGui windows, each a small struct with an `open` flag and a draw()
// (one file per window: web/win_*.cpp). Read-only windows take const views of the model; the
// others change it only through AppState (which calls the engine).
#pragma once
#include <cstdint>
#include <string>
#include <vector>
#include "app_state.hpp"
#include "mesh_canvas.hpp"
#include "traffic_heat.hpp"

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
  void draw(AppState& state);
};

// Playback (play/pause, step, reset, run to end, speed) and the scenario panels generated
// from params(), grouped into the panels the table names (param_groups()); every change is applied at once and the fragment follows.
struct SetupWindow {
  bool open = true;
  void draw(AppState& state);

 private:
  void sync(const AppState& state);  // editor fields from the current scenario
  void row(AppState& state, std::size_t i);
  unsigned synced_ = ~0u;
  std::vector<std::string> values_;   // one text per params() row
  std::vector<std::string> errors_;   // the engine's message for a rejected edit, per row
  std::vector<char> dirty_;           // edited, not yet applied (applied when the field is left)
  std::string trace_path_;            // native: a path to read
};

// Waiting queue in scheduler order, running jobs, recent departures.
struct QueueWindow {
  bool open = true;
  void draw(AppState& state);
};

// The schedule as time × jobs (win_gantt.cpp): bars from start to end in the jobs' colours,
// waits as thin lines, scrolling with the simulation; hover = tooltip, click = pin.
struct GanttWindow {
  bool open = true;
  void draw(AppState& state);
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
  void draw(const AppState& state);
};

// The metrics of the current run (metric_fields()); replications with means ± 95% CI; downloads.
struct ResultsWindow {
  bool open = true;
  void draw(AppState& state);
};

// 2–4 strategies on the same scenario, side by side, in lock-step by simulated time.
struct CompareWindow {
  bool open = true;
  void draw(AppState& state);
  void shutdown() { for (auto& c : canvas_) c.shutdown(); }

 private:
  MeshCanvas canvas_[4];
  JobId pinned_[4] = {kNoJob, kNoJob, kNoJob, kNoJob};
};

// Utilization and mean response time vs arrival rate for chosen strategies.
struct SweepWindow {
  bool open = true;
  void draw(AppState& state);

 private:
  std::string rates_text_;
  bool synced_ = false;
};

// What the strategy sees before its next decision (Simulation::explain), stepped through
// with Prev / Next (AppState::explain holds the step); the last step is the decision.
struct ExplainWindow {
  bool open = true;
  MeshCanvas canvas;
  void draw(AppState& state);

 private:
  Explanation expl_;       // of the current subject on the current machine
  bool have_ = false;
  unsigned gen_ = 0;       // AppState::generation() it was computed at
  long long events_ = -1;  // AppState::events() it was computed at
  JobId subject_ = kNoJob;
};

// Draws one step of an explanation (its layers, labels and edges) over a machine canvas, in
// the Explain window's colours (win_explain.cpp; the Compare window's first difference too).
void draw_explain_step(ImDrawList* dl, const CanvasGeom& g, const ExplainStep& step);

// The engine's last error message in red, with a Dismiss button; nothing when there is none.
struct ErrorWindow {
  void draw(AppState& state);
};

// Exports of the current results (Results window, window.alloclab): with finished
// replications, their means and 95% half-widths; otherwise the running simulation's figures.
std::string results_csv(const AppState& state);
std::string results_json_text(const AppState& state);

}  // namespace alloclab::app
