// app_state.hpp — everything the page/app knows besides pixels: the current Scenario, its
// running Simulation, the mode (Run / Compare / Sweep / Explain), play/pause and speed, the
// per-frame time budget that keeps the page responsive, the chart history, the background
// batches (replications, sweeps), the compare runs, the last error and the frame work times.
// Everything is read through const accessors and changed only through member functions (which
// call the engine). Parts with their own small interface: Playback (play, speed, repeat, frame
// budget), Pin (the pinned job), FrameReport (what the windows drew, for the page API's test
// hooks), FrameTiming (work per frame), ExplainCursor (Explain mode's step), Batch (a sweep
// runner stepped per frame: replications, sweep, paired compare; read-only outside AppState)
// the Compare / Sweep settings and the 3D view's OrbitView (iso_view.hpp). The windows never
// see AppState: each gets a const view of what it reads and these parts or callbacks for what
// it changes (windows.hpp).
#pragma once
#include "app_layer.hpp"
#include <array>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>
#include "first_difference.hpp"
#include "iso_view.hpp"
#include "page_keys.hpp"
#include "simulation.hpp"
#include "sweep/sweep_runner.hpp"

namespace alloclab::app {

// What the traffic overlay drew for the pinned job in the last frame (page API and tests):
// `channels` links with the job's flits on them or in their far buffer, `held` more whose VC
// a packet of the job holds with no flit on them; job = kNoJob when nothing was drawn.
struct PinnedTraffic {
  JobId job = kNoJob;
  int channels = 0, held = 0, flits = 0;
};

// A fixed ring of the last N samples (frame times).
template <std::size_t N>
class Ring {
 public:
  void push(float v) { data_[head_] = v; head_ = (head_ + 1) % N; if (size_ < N) ++size_; }
  std::size_t size() const { return size_; }
  // i-th oldest sample, 0 <= i < size().
  float at(std::size_t i) const { return data_[(head_ + N - size_ + i) % N]; }
  void clear() { size_ = 0; head_ = 0; }

 private:
  std::array<float, N> data_{};
  std::size_t head_ = 0, size_ = 0;
};

// Frame timing for the menu bar and window.alloclab.frameStats() / frameParts(): the work per
// frame (simulation budget + ImGui building + draw-list submission), not the swap interval.
class FrameTiming {
 public:
  void record_frame(float work_ms) { frame_ms_.push(work_ms); }
  // The parts of the last frame's work: simulation, building the UI, draw-list submission.
  void record_parts(float sim, float build, float submit) {
    part_ms_[0] = sim; part_ms_[1] = build; part_ms_[2] = submit;
    parts_[0].push(sim); parts_[1].push(build); parts_[2].push(submit);
  }
  const std::array<float, 3>& part_ms() const { return part_ms_; }
  const Ring<240>& part_history(int i) const { return parts_[std::size_t(i)]; }
  const Ring<240>& frame_ms() const { return frame_ms_; }

 private:
  Ring<240> frame_ms_;
  std::array<float, 3> part_ms_{};
  std::array<Ring<240>, 3> parts_;
};

// The chips running jobs hold: the occupancy's busy chips less a pod's failed hosts' chips (the
// header's "busy", Compare's "busy %", the Utilization chart's "busy now").
inline int job_chips(const Simulation& sim) {
  return sim.occupancy().busy_count() - (sim.hosts() ? sim.hosts()->failed_chips() : 0);
}

// The simulation sampled over simulated time, bounded: when full, every other sample is
// dropped and the minimum spacing doubles, so the history always covers the whole run.
class History {
 public:
  // util: job_chips / nodes (failed hosts' chips are not busy); latency: mean latency (cycles)
  // of the packets delivered since the previous sample (the previous value when none were);
  // latency_mean: of the measured packets so far. Both 0 without a network.
  struct Sample { double t; float util, queue, response, latency, latency_mean; };
  static constexpr std::size_t kMax = 1024;
  void add(const Simulation& sim);
  void clear() { s_.clear(); min_dt_ = 0; packets_ = 0; latency_sum_ = 0; }
  const std::vector<Sample>& samples() const { return s_; }
  // The longest stretch of simulated time between two samples, as a share of the time the
  // history covers (0 with fewer than two samples): what a chart would bridge with a straight line.
  double largest_gap() const;

 private:
  std::vector<Sample> s_;
  double min_dt_ = 0;
  std::uint64_t packets_ = 0;     // network packets delivered at the last sample
  std::int64_t latency_sum_ = 0;  // and their summed latency
};

// The engine's SweepRunner (sweep/sweep_runner.hpp) run a slice per frame within a time
// budget, plus what the page draws per point (legend entry, abscissa): "Run replications"
// (one point, R replications) and the Sweep mode (strategies × arrival rates).
class Batch {
 public:
  struct Label {
    std::string series;  // legend entry (the strategy)
    double x = 0;        // abscissa (the swept value's number, axis_x)
  };
  // Starts a new batch from a spec (replaces any running one); an invalid spec becomes error().
  // labels: one per point of the spec (or none).
  void start(Result<SweepSpec> spec, std::vector<Label> labels = {});
  void cancel() { if (runner_) runner_->cancel(); }
  // Steps the runner for at most `ms` of wall time.
  void work(double ms);
  bool running() const { return runner_ && runner_->running(); }
  bool finished() const { return runner_ && runner_->finished(); }
  bool cancelled() const { return runner_ && runner_->cancelled(); }
  double progress() const { return runner_ ? runner_->progress() : 0; }  // 0..1
  const std::string& error() const { return error_; }
  int tasks_done() const { return runner_ ? int(runner_->replications_done()) : 0; }
  int tasks_total() const { return runner_ ? int(runner_->replications_planned()) : 0; }
  // The runner (nullptr before the first start or after a spec error): points, per-replication
  // results, aggregates and the CSV, as `alloclab sweep` writes them.
  const SweepRunner* runner() const { return runner_ ? &*runner_ : nullptr; }
  const std::vector<Label>& labels() const { return labels_; }
  // Header and finished rows, byte for byte what `alloclab sweep` prints for the same points
  // ("" before the first start).
  std::string csv() const { return runner_ ? runner_->csv() : std::string(); }

 private:
  std::optional<SweepRunner> runner_;
  std::vector<Label> labels_;
  std::string error_;
};

// Playback of the running simulation and of the compare runs: play/pause, speed, repeat, and
// the wall-time budget per frame that all simulation work shares. The Setup and Compare
// windows, the keys and the page API change it only through these calls.
class Playback {
 public:
  bool playing() const { return playing_; }
  bool repeat() const { return repeat_; }        // restart when the run is over
  double speed() const { return speed_; }        // events per second
  bool max_speed() const { return max_speed_; }  // as many events as the budget allows
  double budget_ms() const { return budget_ms_; }

  void play() { playing_ = true; }
  void pause() { playing_ = false; }
  void toggle() { playing_ = !playing_; }
  void set_speed(double events_per_second) { speed_ = events_per_second >= 1 ? events_per_second : 1; }
  void set_max_speed(bool on) { max_speed_ = on; }
  void set_repeat(bool on) { repeat_ = on; }
  void set_budget_ms(double ms) { budget_ms_ = ms; }
  // To the end of the run as fast as the budget allows, once.
  void run_to_end() { playing_ = true; max_speed_ = true; repeat_ = false; }

 private:
  bool playing_ = true;
  bool repeat_ = true;
  double speed_ = 300;
  bool max_speed_ = false;
  double budget_ms_ = 2.5;  // for all simulation work (+ the UI: well under 8 ms)
};

// The pinned job (mesh view, queue, Gantt; kNoJob when none). The windows pin through these
// calls; a reset unpins.
class Pin {
 public:
  JobId job() const { return job_; }
  void set(JobId j) { job_ = j; }
  void toggle(JobId j) { job_ = job_ == j ? kNoJob : j; }  // a click on the pinned job unpins it
  void clear() { job_ = kNoJob; }

 private:
  JobId job_ = kNoJob;
};

// What the windows drew in the last frame, for the page API's test hooks (state().traffic,
// state().pinnedTraffic, command("gantt")). Windows report into it; only the page API reads it.
class FrameReport {
 public:
  // What the Gantt window drew: bars, the job under the mouse, one bar's centre and colour
  // (RGB), the bars' area (x0, y0)-(x1, y1) in page pixels, the time at its left and right
  // edges, the job numbers written along its left side and its legend's entries.
  struct Gantt {
    int bars = 0;
    JobId hovered = kNoJob, bar_job = kNoJob;
    float bar_x = 0, bar_y = 0, bar_h = 0;
    int bar_nodes = 0;     // the nodes its job asked for (all its slices)
    float per_node = 0;    // row height per node asked for (px)
    unsigned bar_rgb = 0;  // 0xRRGGBB
    float x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    double t0 = 0, t1 = 0;
    int row_labels = 0, legend_entries = 0;
    std::string note;     // what the rows are, as written under the time axis ("" = left out)
    float text_end = 0;   // where the rightmost text under the time axis ends (page pixels)
  };
  // Where the Mesh window drew its canvas this frame (page pixels) and its zoom (1 = fit).
  struct Mesh {
    bool drawn = false;
    float x0 = 0, y0 = 0, x1 = 0, y1 = 0, zoom = 1;
    // the layers drawn [first, first + count) of depth (1, 1 on a 2D machine), as `tiles`
    // pictures on screen (0 on a 2D machine), the cube view of a cube pod; the node under the
    // mouse (hx = -1: none) and its job
    int first = 0, count = 1, depth = 1, tiles = 0;
    bool cubes = false;
    int hx = -1, hy = -1, hz = -1;
    JobId hover = kNoJob;
    // the first kTiles tiles on screen: rectangle (page pixels, clipped to the canvas) and layer
    static constexpr int kTiles = 64;
    std::array<std::array<float, 4>, kTiles> tile_rect{};
    std::array<int, kTiles> tile_z{};
    // the 3D view (orbit_canvas.hpp) instead of the layers: its camera, the top layer shown,
    // the boxes and faces it drew, whether their order came from the sort, its time (ms); so
    // far: painter's orders completed, frames that worked on one, frames that copied vertices
    bool orbit = false;
    float yaw = 0, pitch = 0, orbit_ms = 0;
    int top = 0, boxes = 0, faces = 0;
    bool exact = true;
    long long sorts = 0, sort_frames = 0, replays = 0;
    // the header above the canvas: the chips jobs hold ("busy") and the failed hosts' chips
    // ("failed"; -1: not shown, a machine whose hosts do not fail)
    int header_busy = 0, header_failed = -1;
    std::size_t repaints = 0;  // the layers' texels: whole-grid repaints so far (owner_texels.hpp)
  };
  // A rectangle in page pixels (empty: nothing drawn).
  struct Box {
    float x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  };
  // One chart as plot() drew it (plot.hpp): its rectangle, the data area, the legend, the axes'
  // ranges and scales, the tick labels, the texts it had to shorten to fit, and the smallest
  // horizontal distance between confidence bars of different series at the same x (-1: none).
  struct Plot {
    std::string id;
    Box rect, area, legend;
    double x0 = 0, x1 = 0, y0 = 0, y1 = 0;
    bool log_x = false, log_y = false;
    std::vector<std::string> ticks;
    int elided = 0;
    float bar_gap = -1;
  };
  // Controls a test looks at or clicks: the Mesh window's traffic checkbox (enabled, ticked),
  // its Layers / 3D switch, Reset view button and cut slider (3D machines),
  // Setup's speed slider with its value written beside it and its shipped-log buttons, the
  // Sweep's log-scale checkboxes.
  struct Controls {
    bool traffic_drawn = false, traffic_enabled = false, traffic_ticked = false;
    Box view_layers, view_3d, view_reset, view_cut;  // the Mesh window's view of a 3D machine
    Box traffic_box;
    Box speed_slider, speed_value;
    Box sweep_log_x, sweep_log_y;
    std::vector<std::pair<std::string, Box>> log_buttons;  // Setup's shipped-log buttons: file, where
  };
  // The Explain canvas: the coordinates written along its edges (the first and last column and
  // row numbers and where they are), and whether busy nodes are drawn in one neutral grey.
  struct ExplainAxes {
    bool drawn = false, neutral_busy = false;
    int columns = 0, rows = 0;  // labels written
    float y_of_row0 = 0, y_of_last_row = 0, x_of_col0 = 0, x_of_last_col = 0;
    Box canvas;
  };
  // Called when a frame starts: the traffic view is "off" and no mesh canvas, chart or control
  // is drawn unless a window draws them.
  void begin_frame() {
    traffic_view_ = "off";
    mesh_ = Mesh{};
    plots_.clear();
    controls_ = Controls{};
    explain_axes_ = ExplainAxes{};
    strip_.clear();
    menu_note_.clear();
  }
  // The Mesh window: the overlay's form ("off", "links" per link or "heat" as a texture) and
  // what it drew for the pinned job.
  void traffic(const char* view, const PinnedTraffic& pinned) { traffic_view_ = view; pinned_traffic_ = pinned; }
  void gantt(const Gantt& g) { gantt_ = g; }
  void mesh(const Mesh& m) { mesh_ = m; }
  // The Sweep window: the x-axis label its plots drew.
  void sweep_axis(std::string label) { sweep_axis_ = std::move(label); }
  void plot(Plot p) { plots_.push_back(std::move(p)); }
  Controls& controls() { return controls_; }
  void explain_axes(const ExplainAxes& a) { explain_axes_ = a; }
  // The narrow screen's strip: a button per window of the mode.
  void strip_button(std::string name, const Box& b) { strip_.emplace_back(std::move(name), b); }
  // The menu bar: the text written at its right end (the one-line description, or the developer
  // readouts when View > Developer readouts is on; "" when nothing fits).
  void menu_note(std::string text) { menu_note_ = std::move(text); }

  const char* traffic_view() const { return traffic_view_; }
  const PinnedTraffic& pinned_traffic() const { return pinned_traffic_; }
  const Gantt& gantt() const { return gantt_; }
  const Mesh& mesh() const { return mesh_; }
  const std::string& sweep_axis() const { return sweep_axis_; }
  const std::vector<Plot>& plots() const { return plots_; }
  const Controls& controls() const { return controls_; }
  const ExplainAxes& explain_axes() const { return explain_axes_; }
  const std::vector<std::pair<std::string, Box>>& strip() const { return strip_; }
  const std::string& menu_note() const { return menu_note_; }

 private:
  const char* traffic_view_ = "off";
  PinnedTraffic pinned_traffic_;
  Gantt gantt_;
  Mesh mesh_;
  std::string sweep_axis_;
  std::vector<Plot> plots_;
  Controls controls_;
  ExplainAxes explain_axes_;
  std::vector<std::pair<std::string, Box>> strip_;
  std::string menu_note_;
};

// Explain mode's cursor: the step shown (the Explain window's buttons, the ←/→ keys and the
// page API move it) and what the Explain window showed last frame (state().explain reads it).
class ExplainCursor {
 public:
  int step() const { return step_; }    // 0-based index into the current explanation's steps
  int steps() const { return steps_; }  // number of steps of the current explanation
  const std::string& strategy() const { return strategy_; }
  const std::string& title() const { return title_; }
  const std::string& caption() const { return caption_; }

  void prev() { if (step_ > 0) --step_; }
  void next() { if (step_ + 1 < steps_) ++step_; }
  void go(int step) { step_ = step < 0 ? 0 : step; }
  // The Explain window: a new explanation starts at its first step; every frame the window
  // gives its number of steps (the step is kept inside them) and what it shows.
  void restart() { step_ = 0; }
  void set_steps(int n) {
    steps_ = n;
    if (step_ > n - 1) step_ = n - 1;
    if (step_ < 0) step_ = 0;
  }
  void shown(std::string strategy, std::string title, std::string caption) {
    strategy_ = std::move(strategy), title_ = std::move(title), caption_ = std::move(caption);
  }

 private:
  int step_ = 0, steps_ = 0;
  std::string strategy_, title_, caption_;
};

// The CSV of paired replications of strategies `ids` (a batch over the strategy axis): what
// `alloclab sweep strategy=IDS ... --baseline strategy=FIRST` prints for the finished points
// ("" when there is none).
std::string paired_csv(const Batch& paired, const std::vector<std::string>& ids);

// Runs with at most this many jobs keep every measured job's record for the Gantt window.
inline constexpr long long kGanttRecordJobs = 200000;

inline constexpr std::array<Mode, 4> kModes = {Mode::Run, Mode::Compare, Mode::Sweep, Mode::Explain};

class AppState {
 public:
  AppState();  // the default scenario, ready to run

  // Loads a scenario (validated by the engine). On failure the running one is kept and
  // error() holds the engine's message.
  Status load(const Scenario& s);
  // Parses a share link ("k=v&...", leading '#' allowed) with the engine's codec and loads it;
  // its page keys (page_keys.hpp: mode, compare, sweep_*) set the mode, the Compare strategies
  // and the Sweep. Every key is checked before anything changes.
  Status load_link(std::string_view link);
  // The link of what the page shows: the scenario's canonical link and the page keys of the
  // mode (in Run mode exactly link()).
  std::string share_link() const;
  // The page keys' settings now (mode, Compare strategies, Sweep set-up).
  PageSettings page_settings() const { return {mode_, compare_ids_, sweep_settings_}; }
  // Sets one key of the current scenario through the engine's table (a panel control) and
  // loads the result; the engine's message on failure (the running scenario is kept).
  Status set_param(std::string_view key, std::string_view value);
  // Turns trace text into the current scenario's trace (the engine's load_trace_text: SWF or
  // CSV by the name's extension, swf_size, swf_shape and time_scale applied) and loads it;
  // errors go to the error panel. The text is kept: set_param() and a link naming the same
  // trace re-derive the trace from it, so the run always matches the link.
  // shipped_log: a log shipped with alloclab (its button in Setup): it replays on its own
  // machine (swf_size=header), and a strategy that cannot run there is replaced by the one
  // strategy_for_machine() gives (ff by ff3d on the T3D's 3D torus). On failure nothing changes.
  Status load_trace(std::string_view name, std::string_view text, bool shipped_log = false);
  // A link that names a trace (trace=NAME) cannot carry the file: load_link() runs the rest of
  // its scenario with the synthetic workload, says so, and keeps the link's scenario here; the
  // next trace file picked is loaded into it (then the run is the sender's run).
  const std::optional<Scenario>& pending_trace() const { return pending_trace_; }
  // Restarts the current scenario from time 0.
  void reset();
  // Processes one event (pauses).
  void step_once();
  // Runs to the end of the run, within the frame budget (the frames carry on the work).
  void run_to_end() { playback_.run_to_end(); }
  // Called once per frame with the real time since the last frame: when playing, processes
  // speed × dt events, never spending more than the playback's budget_ms of wall time (shared
  // with the compare runs and the batches).
  void advance(double dt_seconds);

  const Simulation& sim() const { return *sim_; }
  const Scenario& scenario() const { return scenario_; }
  std::string link() const { return canonical_link(scenario_); }
  // Bumped on every load/reset so that windows can refresh derived data (editor fields).
  unsigned generation() const { return generation_; }
  // True once after the scenario or a page key changed (the page updates its URL fragment).
  bool take_link_changed() { bool c = link_changed_; link_changed_ = false; return c; }

  const std::string& error() const { return error_; }
  void set_error(std::string e) { error_ = std::move(e); }
  void clear_error() { error_.clear(); }

  // ---- the lesson: the preset whose card the page shows ("" = none; presets.hpp load_preset)
  const std::string& lesson() const { return lesson_; }
  void set_lesson(std::string name) { lesson_ = std::move(name); }

  // ---- mode
  Mode mode() const { return mode_; }
  void set_mode(Mode m);

  // ---- playback: the controls' part (Playback above)
  Playback& playback() { return playback_; }
  const Playback& playback() const { return playback_; }

  // ---- the pinned job (Pin above) and what the windows drew last frame (FrameReport above)
  Pin& pin() { return pin_; }
  const Pin& pin() const { return pin_; }
  FrameReport& report() { return report_; }
  const FrameReport& report() const { return report_; }

  // ---- the Mesh window's view of a 3D machine: layers or the orbitable 3D view, its camera
  // and cut (iso_view.hpp OrbitView; the window, the arrow keys and the page API change it)
  OrbitView& orbit() { return orbit_; }
  const OrbitView& orbit() const { return orbit_; }

  // ---- Explain mode's cursor (ExplainCursor above)
  ExplainCursor& explain_cursor() { return explain_; }
  const ExplainCursor& explain_cursor() const { return explain_; }

  // ---- chart history of the running simulation
  const History& history() const { return history_; }

  // ---- background batches: replications of the current scenario (Results window), the
  // sweep (Sweep mode) and the paired compare (below). Read-only outside; advance() gives them
  // what is left of the frame budget, work_batches() a given slice (tests: many small frames).
  const Batch& replications() const { return replications_; }
  void start_replications();
  void cancel_replications() { replications_.cancel(); }
  void work_batches(double ms);

  // ---- compare: 2..4 strategies on the current scenario, advancing in lock-step
  const std::vector<std::string>& compare_ids() const { return compare_ids_; }
  void set_compare_ids(std::vector<std::string> ids) {  // then restart_compare()
    if (ids != compare_ids_) link_changed_ = true;
    compare_ids_ = std::move(ids);
  }
  void restart_compare();  // (re)creates the runs from the current scenario
  const std::vector<std::optional<Simulation>>& compare_runs() const { return compare_; }
  const std::vector<std::string>& compare_errors() const { return compare_err_; }
  // With replications R > 1, the compare strategies also run R replications each in the
  // background (a strategy sweep: replication r of every strategy has the same seed, so the
  // same job stream) for the paired differences from the first strategy. Restarted only when
  // the scenario or the strategies change.
  const Batch& compare_paired() const { return compare_paired_; }
  // Its CSV (paired_csv above).
  std::string compare_paired_csv() const { return paired_csv(compare_paired_, compare_ids_); }
  // First difference (engine/first_difference.hpp): plays the compared strategies on the
  // current scenario, stops every compare run at the first job whose start or blocks differ
  // (pauses) and keeps each side's decision; an error if a run cannot finish.
  Status first_difference();
  const std::optional<FirstDifference>& first_diff() const { return first_diff_; }
  std::string first_diff_json() const;  // as `alloclab diff` prints it ("" when none)

  // ---- sweep: utilization and response time vs any numeric key (SweepSettings, page_keys.hpp)
  const SweepSettings& sweep_settings() const { return sweep_settings_; }
  void set_sweep_settings(SweepSettings s) {  // the next start_sweep() uses them
    if (!(s == sweep_settings_)) link_changed_ = true;
    sweep_settings_ = std::move(s);
  }
  // The sweep as `alloclab sweep` words on top of the current scenario (trace dropped):
  // strategy=IDS KEY=V1;V2... replications=R, strategies that cannot run on this machine left
  // out. The page's CSV equals `alloclab sweep` with the scenario's keys and these words.
  std::vector<std::string> sweep_words() const;
  void start_sweep();
  void cancel_sweep() { sweep_.cancel(); }
  const std::string& swept_key() const { return swept_key_; }  // the key of the sweep started last
  const Batch& sweep() const { return sweep_; }

  // ---- frame timing (FrameTiming above; the main loop records it), events processed, and the
  // wall time the simulation work took in the last frame
  FrameTiming& timing() { return timing_; }
  const FrameTiming& timing() const { return timing_; }
  long long events() const { return events_; }
  double last_sim_ms() const { return last_sim_ms_; }

 private:
  bool step_sim();  // one event; false when the run is over (and records an engine failure)
  Status load_link_scenario(Scenario s);  // a link's scenario (a trace it names, see pending_trace)
  void advance_compare(double dt, double budget_ms);
  void after_load();

  Scenario scenario_;
  std::optional<Simulation> sim_;
  Playback playback_;
  Pin pin_;
  OrbitView orbit_;
  std::vector<std::string> compare_ids_ = {"ff", "bf", "mbs"};
  SweepSettings sweep_settings_;
  ExplainCursor explain_;
  FrameReport report_;
  Mode mode_ = Mode::Run;
  std::string lesson_;
  unsigned generation_ = 0;
  bool link_changed_ = false;
  std::string error_;
  std::optional<Scenario> pending_trace_;  // see pending_trace()
  // the last trace file loaded (name and text), re-parsed when a key changes
  Status rederive_trace(Scenario& s) const;
  std::string trace_name_;
  std::shared_ptr<const std::string> trace_text_;
  double carry_ = 0;  // fractional events owed from earlier frames
  double compare_carry_ = 0;
  long long events_ = 0;
  double last_sim_ms_ = 0;
  FrameTiming timing_;
  History history_;
  std::vector<std::optional<Simulation>> compare_;
  std::vector<std::string> compare_err_;
  std::string compare_paired_key_;  // scenario link and strategies of compare_paired
  std::optional<FirstDifference> first_diff_;  // stopped runs moved into compare_
  std::vector<Scenario> first_diff_runs_;
  std::string swept_key_;
  Batch replications_, sweep_, compare_paired_;  // see replications(), sweep(), compare_paired()
};

}  // namespace alloclab::app
