// windows.hpp — the app's ImGui windows, each a small struct with an `open` flag and a draw().
// Read-only windows take const views of the model; the controls change it through AppState.
#pragma once
#include <cstdint>
#include <string>
#include <vector>
#include "app_state.hpp"

struct ImVec2;

namespace alloclab::app {

// Default window rectangles for a display of the given size (first use only).
struct Layout {
  float x, y, w, h;
};
Layout layout_controls(float dw, float dh);
Layout layout_stats(float dw, float dh);
Layout layout_mesh(float dw, float dh);

// The machine: one cell per processor, coloured by the job that holds it (free cells dim).
struct MeshWindow {
  bool open = true;
  bool grid_lines = true;  // 1-pixel lines between cells when cells are large enough
  void draw(const Simulation& sim);
  // Frees the GL texture (call while the GL context is current).
  void shutdown();

 private:
  struct Run { float x0, x1; int row; JobId owner; };
  std::vector<Run> runs_;                 // this frame's row runs
  std::vector<std::uint32_t> pixels_;     // RGBA, one texel per processor (dense machines)
  unsigned texture_ = 0, tex_w_ = 0, tex_h_ = 0;
  double drawn_key_[4] = {-1, -1, -1, -1};  // state the texture shows (time, departures, arrivals, running)
  std::size_t last_rects_ = 0;
};

// Playback (play/pause, step, reset, speed) and the scenario editor generated from params().
struct ControlsWindow {
  bool open = true;
  void draw(AppState& state);

 private:
  void sync(const AppState& state);  // editor fields from the current scenario
  unsigned synced_ = ~0u;
  std::vector<std::string> values_;  // one text per params() row
  std::string apply_error_;
  std::string link_text_;
};

// Figures of the running simulation: time, utilization, queue, completed jobs, frame times.
struct StatsWindow {
  bool open = true;
  void draw(const AppState& state);
};

// The engine's last error message in red, with a Dismiss button; nothing when there is none.
struct ErrorWindow {
  void draw(AppState& state);
};

// Stable colour of a job id (hash -> hue), the same every frame and in every window.
unsigned job_colour(int job);

}  // namespace alloclab::app
