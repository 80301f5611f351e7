// presets.hpp — the scenario presets of assets/scenarios/*.txt, compiled into the app (a table
// generated at build time by web/embed_presets.cmake), and how the app reads one: its first
// point becomes the scenario; its strategy and arrival-rate lists also set up the Sweep.
#pragma once
#include "app_layer.hpp"
#include <span>
#include <string>
#include <string_view>
#include <vector>
#include "scenario/scenario.hpp"

namespace alloclab::app {

struct Preset {
  std::string_view name;  // file name without .txt
  std::string_view text;  // scenario-file text (values may be lists: strategy=ff,bf)
};
std::span<const Preset> presets();

struct PresetPoint {
  Scenario scenario;                    // every key at its first value
  std::vector<std::string> strategies;  // the strategy list (for Compare / Sweep)
  std::vector<double> rates;            // Poisson rates of the arrival list (for Sweep)
  int replications = 1;
  std::string description;              // the file's leading comment lines
};
// The first point of a preset (lists split as `alloclab sweep` does); unknown keys such as
// rel_error are ignored. The engine's message on a bad value.
Result<PresetPoint> preset_first_point(const Preset& p);

}  // namespace alloclab::app

namespace alloclab::app {
class AppState;
// Loads a preset's first point into the app (Setup panels, Compare and Sweep lists).
Status load_preset(AppState& state, std::string_view name);
}  // namespace alloclab::app
