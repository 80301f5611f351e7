// presets.cpp — reading a preset's first point (see presets.hpp). Value lists follow the
// sweep grammar (engine/cli/sweep.cpp): split on ';' if present, else on ',' when every part
// is valid on its own; a part without "name:" takes the previous part's ("poisson:0.01,0.02").
#include "presets.hpp"
#include <algorithm>
#include <cstdlib>
#include "core/text.hpp"
#include "sweep/axis.hpp"

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
  std::vector<std::pair<std::string, std::vector<std::string>>> lists;  // every key's values
  bool header = true;
  for (const std::string& raw : split_on(p.text, '\n')) {
    const std::string line = trim(raw);
    if (line.empty()) { header = false; continue; }
    if (line.rfind("#:", 0) == 0) continue;  // the card's fields (parse_preset_info)
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
    lists.emplace_back(key, vals);
  }
  if (Status st = validate(out.scenario); !st) return Error{std::string(p.name) + ": " + st.message()};
  auto info = parse_preset_info(p.text);
  if (!info) return Error{std::string(p.name) + ": " + info.error().message};
  out.info = std::move(*info);
  // the swept key: the card's x, else the first numeric key given several values
  for (const auto& [key, vals] : lists) {
    const ParamDef* d = find_param(key);
    const bool chosen = out.info.x.empty() ? vals.size() > 1 && d && numeric_axis(*d) : key == out.info.x;
    if (chosen && out.sweep_key.empty()) out.sweep_key = key, out.sweep_values = vals;
  }
  if (!out.info.x.empty() && out.sweep_key != out.info.x)
    return Error{std::string(p.name) + ": #: x: " + out.info.x + " is not a key this preset gives values to"};
  return out;
}

}  // namespace alloclab::app

#include "app_state.hpp"

namespace alloclab::app {

const Preset* find_preset(std::string_view name) {
  for (const Preset& p : presets())
    if (p.name == name) return &p;
  return nullptr;
}

Status load_preset(AppState& state, std::string_view name) {
  const Preset* p = find_preset(name);
  if (!p) {
    Error e{"preset: unknown '" + std::string(name.substr(0, 64)) + "'"};
    state.set_error(e.message);
    return e;
  }
  auto pt = preset_first_point(*p);
  if (!pt) { state.set_error(pt.error().message); return pt.error(); }
  if (Status st = state.load(pt->scenario); !st) return st;
  SweepSettings sw = state.sweep_settings();
  if (pt->strategies.size() >= 2) {
    sw.ids = pt->strategies;
    state.set_compare_ids({pt->strategies.begin(), pt->strategies.begin() + std::min<std::ptrdiff_t>(4, std::ptrdiff_t(pt->strategies.size()))});
  } else {
    sw.ids = {pt->scenario.strategy};
  }
  if (!pt->sweep_key.empty()) {
    auto vals = axis_values(pt->scenario, pt->sweep_key, [&] {
      std::string t;
      for (const std::string& v : pt->sweep_values) t += (t.empty() ? "" : ";") + v;
      return t;
    }());
    if (!vals) { state.set_error(std::string(name) + ": " + vals.error().message); return vals.error(); }
    sw.key = pt->sweep_key;
    sw.values = std::move(*vals);
  }
  sw.replications = std::clamp(pt->replications, 1, 30);
  state.set_sweep_settings(std::move(sw));
  if (const auto m = mode_from_name(pt->info.mode)) state.set_mode(*m);
  if (state.mode() == Mode::Compare) state.restart_compare();
  state.set_lesson(std::string(name));
  return {};
}

}  // namespace alloclab::app
