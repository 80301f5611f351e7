// page_keys.hpp — the keys a share link carries beside the scenario's: the page's mode, the
// strategies Compare shows, and the Sweep's strategies, axis, values and replications. One
// table (page_keys()) like the engine's parameter table: key, allowed values, help, how to read
// the value from the page's settings and how to set it; the link codec (AppState::share_link,
// AppState::load_link), the key reference and the tests read it. A page key is written only
// in the mode it belongs to (mode=compare writes compare=..., mode=sweep the sweep_* keys), so
// a Run-mode link is exactly the engine's canonical link, as before page keys existed.
#pragma once
#include "app_layer.hpp"
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>
#include "scenario/scenario.hpp"

namespace alloclab::app {

enum class Mode { Run, Compare, Sweep, Explain };

// The Sweep mode's set-up: strategies (the series), the swept key and its values (as the
// parameter table prints them; `alloclab sweep KEY=V1;V2...`), replications per point.
struct SweepSettings {
  std::vector<std::string> ids = {"ff", "bf"};
  std::string key = "arrival";
  std::vector<std::string> values = {"poisson:0.005", "poisson:0.01", "poisson:0.02", "poisson:0.03", "poisson:0.04"};
  int replications = 3;
  bool operator==(const SweepSettings&) const = default;
};

// What a link carries besides the scenario.
struct PageSettings {
  Mode mode = Mode::Run;
  std::vector<std::string> compare_ids = {"ff", "bf", "mbs"};
  SweepSettings sweep;
};

struct PageKeyDef {
  std::string_view key;
  std::string_view range;  // the allowed values, for the reference and errors
  std::string_view help;
  // The value a link carries in these settings ("" = the key is left out).
  std::string (*get)(const PageSettings&);
  // Sets the key from a link's (decoded) value; `s` is the link's scenario (sweep values are
  // checked against it). The error names the key and what is allowed.
  Status (*set)(PageSettings&, const Scenario& s, std::string_view value);
};
std::span<const PageKeyDef> page_keys();
const PageKeyDef* find_page_key(std::string_view key);

// The page keys' part of a link ("&mode=compare&compare=ff,bf" or "" in Run mode), to follow
// the scenario's canonical link.
std::string page_link_part(const PageSettings& p);
// A link split in two: the scenario's pairs ("k=v&...", as they came) and the page keys'
// (decoded values, in the link's order).
struct SplitLink {
  std::string scenario;
  std::vector<std::pair<std::string, std::string>> page;
};
Result<SplitLink> split_page_keys(std::string_view link);
// The page keys of a link applied to `p` in the table's order (sweep_key before sweep_values);
// on an error `p` is unchanged.
Status apply_page_keys(PageSettings& p, const Scenario& s, const std::vector<std::pair<std::string, std::string>>& page);

// Values to sweep `key` through when none are given: its current number x in `s` times 0.5, 1,
// 1.5 and 2 (integers rounded; values the table refuses left out).
std::vector<std::string> default_sweep_values(const Scenario& s, std::string_view key);

// "Run", "Compare", ... and back (case-insensitive).
// Whether the engine key p means anything in scenario s, for the Setup window (which shows only
// the keys that do): an enum key at its default whose every other value the key's own check
// refuses here (ocs off a cube pod: "ocs=off needs one") cannot be changed in this scenario, so
// it is not shown (a value its setter refuses, as machine= after size=, keeps the key shown). Read off the parameter table (choices, choice_unavailable, check), never a list
// of key names.
bool key_applies(const ParamDef& p, const Scenario& s);
const char* mode_name(Mode m);
std::optional<Mode> mode_from_name(std::string_view name);

}  // namespace alloclab::app
