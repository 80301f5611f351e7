// app_state.hpp — everything the page/app knows besides pixels: the current Scenario, its
// running Simulation, play/pause, speed, the per-frame time budget that keeps the page
// responsive, the last error, and recent frame times. The windows read it through const
// accessors and change the model only through these member functions (which call the engine).
#pragma once
#include <array>
#include <optional>
#include <string>
#include <string_view>
#include "simulation.hpp"

namespace alloclab::app {

// A fixed ring of the last N samples (frame times, utilization history).
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

class AppState {
 public:
  AppState();  // the default scenario, ready to run

  // Loads a scenario (validated by the engine). On failure the running one is kept and
  // error() holds the engine's message.
  Status load(const Scenario& s);
  // Parses a share link ("k=v&...", leading '#' allowed) with the engine's codec and loads it.
  Status load_link(std::string_view link);
  // Restarts the current scenario from time 0.
  void reset();
  // Processes one event (pauses).
  void step_once();
  // Called once per frame with the real time since the last frame: when playing, processes
  // speed × dt events, never spending more than budget_ms of wall time.
  void advance(double dt_seconds);

  const Simulation& sim() const { return *sim_; }
  const Scenario& scenario() const { return scenario_; }
  std::string link() const { return canonical_link(scenario_); }
  // Bumped on every load/reset so that windows can refresh derived data (editor fields).
  unsigned generation() const { return generation_; }
  // True once after the scenario changed (the page updates its URL fragment).
  bool take_link_changed() { bool c = link_changed_; link_changed_ = false; return c; }

  const std::string& error() const { return error_; }
  void set_error(std::string e) { error_ = std::move(e); }
  void clear_error() { error_.clear(); }

  // ---- playback settings (plain values the controls edit directly)
  bool playing = true;
  bool repeat = true;        // restart when the run is over
  double speed = 300;        // events per second
  bool max_speed = false;    // as many events as the budget allows
  double budget_ms = 8;      // wall time per frame for the simulation

  // ---- measurements for the stats window and window.alloclab.frameStats()
  void record_frame(float frame_ms) { frame_ms_.push(frame_ms); }
  const Ring<240>& frame_ms() const { return frame_ms_; }
  const Ring<600>& utilization_history() const { return util_hist_; }
  long long events() const { return events_; }
  double last_sim_ms() const { return last_sim_ms_; }

 private:
  bool step_sim();  // one event; false when the run is over (and records an engine failure)

  Scenario scenario_;
  std::optional<Simulation> sim_;
  unsigned generation_ = 0;
  bool link_changed_ = false;
  std::string error_;
  double carry_ = 0;  // fractional events owed from earlier frames
  long long events_ = 0;
  double last_sim_ms_ = 0;
  Ring<240> frame_ms_;
  Ring<600> util_hist_;
};

}  // namespace alloclab::app
