// presets.cpp — reading a preset's first point (see presets.hpp). Value lists follow the
// sweep grammar (engine/cli/sweep.cpp): split on ';' if present, else on ',' when every part
// is valid on its own; a part without "name:" takes the previous part's ("poisson:0.01,0.02").
#include "presets.hpp"
#include <algorithm>
#include <cstdlib>
#include "core/text.hpp"

namespace alloclab::app {

namespace {
std::string trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  return std::string(s);
}

}  // namespace

Result<PresetPoint> preset_first_point(const Preset& p) {
  PresetPoint out;
  bool header = true;
  for (const std::string& raw : split_on(p.text, '\n')) {
    const std::string line = trim(raw);
    if (line.empty()) { header = false; continue; }
    if (line[0] == '#') {
      if (header) out.description += (out.description.empty() ? "" : "\n") + trim(std::string_view(line).substr(1));
      continue;
    }
    header = false;
    const auto eq = line.find('=');
    if (eq == std::string::npos) return Error{std::string(p.name) + ": '" + line + "' is not key=value"};
    const std::string key = trim(std::string_view(line).substr(0, eq)), value = trim(std::string_view(line).substr(eq + 1));
    if (!find_param(key)) continue;  // sweep-only keys (rel_error)
    const auto list = split_value_list(key, value);
    if (!list) return Error{std::string(p.name) + ": " + list.error().message};
    const std::vector<std::string>& vals = *list;
    if (Status st = apply(out.scenario, key, vals.front()); !st) return Error{std::string(p.name) + ": " + st.message()};
    if (key == "strategy") out.strategies = vals;
    if (key == "replications") out.replications = out.scenario.replications;
    if (key == "arrival")
      for (const auto& v : vals)
        if (v.rfind("poisson:", 0) == 0) out.rates.push_back(std::strtod(v.c_str() + 8, nullptr));
  }
  if (Status st = validate(out.scenario); !st) return Error{std::string(p.name) + ": " + st.message()};
  return out;
}

}  // namespace alloclab::app

#include "app_state.hpp"

namespace alloclab::app {

Status load_preset(AppState& state, std::string_view name) {
  for (const Preset& p : presets()) {
    if (p.name != name) continue;
    auto pt = preset_first_point(p);
    if (!pt) { state.set_error(pt.error().message); return pt.error(); }
    if (Status st = state.load(pt->scenario); !st) return st;
    SweepSettings sw = state.sweep_settings();
    if (pt->strategies.size() >= 2) {
      sw.ids = pt->strategies;
      state.set_compare_ids({pt->strategies.begin(), pt->strategies.begin() + std::min<std::ptrdiff_t>(4, std::ptrdiff_t(pt->strategies.size()))});
      if (state.mode() == Mode::Compare) state.restart_compare();
    }
    if (!pt->rates.empty()) sw.rates = pt->rates;
    sw.replications = std::min(pt->replications, 30);
    state.set_sweep_settings(std::move(sw));
    return {};
  }
  Error e{"preset: unknown '" + std::string(name) + "'"};
  state.set_error(e.message);
  return e;
}

}  // namespace alloclab::app
