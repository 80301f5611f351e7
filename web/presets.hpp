// presets.hpp — the scenario presets of assets/scenarios/*.txt, compiled into the app (a table
// generated at build time by web/embed_presets.cmake), and how the app reads one: its first
// point becomes the scenario; its strategy list and swept key set up Compare and the Sweep;
// its `#:` lines (title, paper, figure, ...) make the card the page shows.
#pragma once
#include "app_layer.hpp"
#include <span>
#include <string>
#include <string_view>
#include <vector>
#include "scenario/preset_info.hpp"
#include "scenario/scenario.hpp"

namespace alloclab::app {

struct Preset {
  std::string_view name;  // file name without .txt
  std::string_view text;  // scenario-file text (values may be lists: strategy=ff,bf)
};
std::span<const Preset> presets();
const Preset* find_preset(std::string_view name);  // nullptr when there is none

struct PresetPoint {
  Scenario scenario;                    // every key at its first value
  std::vector<std::string> strategies;  // the strategy list (for Compare / Sweep)
  std::string sweep_key;                // the swept key: info.x, else the first numeric key with a list
  std::vector<std::string> sweep_values;  // its values (for Sweep)
  int replications = 1;
  std::string description;              // the file's leading comment lines (without `#:` lines)
  PresetInfo info;                      // the `#:` lines (engine/scenario/preset_info.hpp)
};
// The first point of a preset (lists split as `alloclab sweep` does); unknown keys such as
// rel_error are ignored. The engine's message on a bad value or `#:` line.
Result<PresetPoint> preset_first_point(const Preset& p);

}  // namespace alloclab::app

namespace alloclab::app {
class AppState;
// Loads a preset's first point into the app (Setup panels, Compare and Sweep lists, the mode its
// `#: mode` names) and shows its card (AppState::lesson).
Status load_preset(AppState& state, std::string_view name);
}  // namespace alloclab::app
