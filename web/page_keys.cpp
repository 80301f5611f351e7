// page_keys.cpp — the page keys' table and the link codec around it (see page_keys.hpp).
#include "page_keys.hpp"
#include <algorithm>
#include <array>
#include <cctype>
#include <cstdio>
#include "core/text.hpp"
#include "sweep/axis.hpp"

namespace alloclab::app {

namespace {

constexpr std::array<Mode, 4> kAllModes = {Mode::Run, Mode::Compare, Mode::Sweep, Mode::Explain};

std::string lower(std::string_view s) {
  std::string o(s);
  for (char& c : o) c = char(std::tolower(static_cast<unsigned char>(c)));
  return o;
}

std::string join(const std::vector<std::string>& v, char sep) {
  std::string s;
  for (const std::string& x : v) s += (s.empty() ? "" : std::string(1, sep)) + x;
  return s;
}

// Strategy ids separated by commas, each known, between lo and hi of them.
Result<std::vector<std::string>> strategy_list(std::string_view key, std::string_view value, std::size_t lo, std::size_t hi) {
  std::vector<std::string> ids;
  for (const std::string& part : split_on(value, ',')) {
    const std::string id(trim_space(part));
    if (id.empty()) continue;
    if (!find_strategy(id)) return Error{std::string(key) + ": unknown strategy '" + id.substr(0, 32) + "' (a strategy id: alloclab list)"};
    if (std::find(ids.begin(), ids.end(), id) == ids.end()) ids.push_back(id);
  }
  if (ids.size() < lo || ids.size() > hi)
    return Error{std::string(key) + ": " + std::to_string(lo) + " to " + std::to_string(hi) + " strategy ids separated by commas, not " +
                 std::to_string(ids.size())};
  return ids;
}

bool in_mode(const PageSettings& p, Mode m) { return p.mode == m; }

const PageKeyDef kPageKeys[] = {
    {"mode", "run, compare, sweep, explain", "The page's mode when the link opens (run when left out)",
     [](const PageSettings& p) { return p.mode == Mode::Run ? std::string() : lower(mode_name(p.mode)); },
     [](PageSettings& p, const Scenario&, std::string_view v) -> Status {
       const auto m = mode_from_name(v);
       if (!m) return Error{"mode: '" + std::string(v.substr(0, 32)) + "' is not a mode; allowed: run, compare, sweep, explain"};
       p.mode = *m;
       return {};
     }},
    {"compare", "2 to 4 strategy ids separated by commas", "Compare mode: the strategies side by side (the first is the paired baseline)",
     [](const PageSettings& p) { return in_mode(p, Mode::Compare) ? join(p.compare_ids, ',') : std::string(); },
     [](PageSettings& p, const Scenario&, std::string_view v) -> Status {
       auto ids = strategy_list("compare", v, 2, 4);
       if (!ids) return ids.error();
       p.compare_ids = std::move(*ids);
       return {};
     }},
    {"sweep_strategies", "1 to 12 strategy ids separated by commas", "Sweep mode: the strategies drawn as series",
     [](const PageSettings& p) { return in_mode(p, Mode::Sweep) ? join(p.sweep.ids, ',') : std::string(); },
     [](PageSettings& p, const Scenario&, std::string_view v) -> Status {
       auto ids = strategy_list("sweep_strategies", v, 1, 12);
       if (!ids) return ids.error();
       p.sweep.ids = std::move(*ids);
       return {};
     }},
    {"sweep_key", "a numeric scenario key (arrival, service, job_size, size, jobs, ...)", "Sweep mode: the key on the x-axis",
     [](const PageSettings& p) { return in_mode(p, Mode::Sweep) ? p.sweep.key : std::string(); },
     [](PageSettings& p, const Scenario&, std::string_view v) -> Status {
       const ParamDef* d = find_param(v);
       if (!d || !numeric_axis(*d)) {
         std::string keys;
         for (std::string_view k : numeric_axes()) keys += (keys.empty() ? "" : ", ") + std::string(k);
         return Error{"sweep_key: '" + std::string(v.substr(0, 32)) + "' is not a numeric key; allowed: " + keys};
       }
       if (p.sweep.key != v) p.sweep.values.clear();  // values of another key do not carry over
       p.sweep.key = std::string(v);
       return {};
     }},
    {"sweep_values", "values of sweep_key separated by ';' (bare numbers allowed)", "Sweep mode: the x-axis values",
     [](const PageSettings& p) { return in_mode(p, Mode::Sweep) ? join(p.sweep.values, ';') : std::string(); },
     [](PageSettings& p, const Scenario& s, std::string_view v) -> Status {
       auto vals = axis_values(s, p.sweep.key, v);
       if (!vals) return Error{"sweep_values: " + vals.error().message};
       p.sweep.values = std::move(*vals);
       return {};
     }},
    {"sweep_replications", "1..30", "Sweep mode: replications per point",
     [](const PageSettings& p) { return in_mode(p, Mode::Sweep) ? std::to_string(p.sweep.replications) : std::string(); },
     [](PageSettings& p, const Scenario&, std::string_view v) -> Status {
       long long r = 0;
       if (!parse_int64(v, r) || r < 1 || r > 30) return Error{"sweep_replications: '" + std::string(v.substr(0, 32)) + "' is not in 1..30"};
       p.sweep.replications = int(r);
       return {};
     }},
};

}  // namespace

std::span<const PageKeyDef> page_keys() { return kPageKeys; }

const PageKeyDef* find_page_key(std::string_view key) {
  for (const PageKeyDef& k : kPageKeys)
    if (k.key == key) return &k;
  return nullptr;
}

std::string page_link_part(const PageSettings& p) {
  std::string out;
  for (const PageKeyDef& k : kPageKeys)
    if (std::string v = k.get(p); !v.empty()) out += "&" + std::string(k.key) + "=" + url_encode(v);
  return out;
}

Result<SplitLink> split_page_keys(std::string_view link) {
  if (!link.empty() && link.front() == '#') link.remove_prefix(1);
  SplitLink out;
  for (const std::string& part : split_on(link, '&')) {
    const auto eq = part.find('=');
    const PageKeyDef* k = eq == std::string::npos ? nullptr : find_page_key(std::string_view(part).substr(0, eq));
    if (!k) {
      if (!part.empty()) out.scenario += (out.scenario.empty() ? "" : "&") + part;
      continue;
    }
    auto v = url_decode(std::string_view(part).substr(eq + 1));
    if (!v) return v.error();
    out.page.emplace_back(std::string(k->key), std::move(*v));
  }
  return out;
}

Status apply_page_keys(PageSettings& p, const Scenario& s, const std::vector<std::pair<std::string, std::string>>& page) {
  PageSettings q = p;
  for (const PageKeyDef& k : kPageKeys)
    for (const auto& [key, value] : page)
      if (key == k.key)
        if (Status st = k.set(q, s, value); !st) return st;
  if (q.sweep.values.empty()) q.sweep.values = default_sweep_values(s, q.sweep.key);
  p = std::move(q);
  return {};
}

std::vector<std::string> default_sweep_values(const Scenario& s, std::string_view key) {
  const ParamDef* d = find_param(key);
  std::vector<std::string> out;
  if (!d) return out;
  const double x = axis_x(d->get(s));
  const bool integer = d->type == ParamType::Int || d->type == ParamType::Size;
  for (double f : {0.5, 1.0, 1.5, 2.0}) {
    double v = x > 0 ? x * f : f;
    if (integer) v = double((long long)(v + 0.5));
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", v);
    auto val = axis_value(s, key, buf);
    if (val && std::find(out.begin(), out.end(), *val) == out.end()) out.push_back(*val);
  }
  return out;
}

const char* mode_name(Mode m) {
  switch (m) {
    case Mode::Run: return "Run";
    case Mode::Compare: return "Compare";
    case Mode::Sweep: return "Sweep";
    case Mode::Explain: return "Explain";
  }
  return "Run";
}

std::optional<Mode> mode_from_name(std::string_view name) {
  for (Mode m : kAllModes)
    if (lower(mode_name(m)) == lower(name)) return m;
  return std::nullopt;
}

bool key_applies(const ParamDef& p, const Scenario& s) {
  if (p.type != ParamType::Enum || !p.choices || !p.check) return true;
  const std::string current = p.get(s);
  if (current != p.get(Scenario{})) return true;  // a value other than the default is always shown
  for (const std::string& c : p.choices()) {
    if (c == current || (p.choice_unavailable && !p.choice_unavailable(s, c).empty())) continue;
    Scenario t = s;
    // a value the setter refuses is refused for another key's sake (machine after size=):
    // changing that key makes it possible, so the key is shown
    if (!p.set(t, c).ok() || p.check(t).ok()) return true;
  }
  return false;
}

}  // namespace alloclab::app
