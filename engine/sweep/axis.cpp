// axis.cpp — numeric sweep axes (see axis.hpp).
#include "axis.hpp"
#include <cstdlib>
#include "../core/text.hpp"

namespace alloclab {

namespace {

bool is_number(std::string_view t) {
  if (t.empty()) return false;
  const std::string s(t);
  char* end = nullptr;
  std::strtod(s.c_str(), &end);
  return end == s.c_str() + s.size();
}

// "exponential:100" -> "exponential:" when the value has exactly one number after its name.
std::string one_parameter_form(const std::string& value) {
  const auto colon = value.find(':');
  if (colon == std::string::npos || !is_number(value.substr(colon + 1))) return {};
  return value.substr(0, colon + 1);
}

// The form a bare number takes for a distribution key: the current value's when it has one
// parameter, else the first one-parameter form its range lists ("poisson:RATE, batch" -> "poisson:").
std::string number_form(const ParamDef& p, const Scenario& base) {
  if (std::string f = one_parameter_form(p.get(base)); !f.empty()) return f;
  for (const std::string& item : split_on(p.range, ',')) {
    const std::string_view it = trim_space(item);
    const auto colon = it.find(':');
    if (colon == std::string_view::npos) continue;
    bool word = colon + 1 < it.size();
    for (char c : it.substr(colon + 1)) word = word && c >= 'A' && c <= 'Z';
    if (word) return std::string(it.substr(0, colon + 1));
  }
  return {};
}

}  // namespace

bool numeric_axis(const ParamDef& p) {
  if (p.key == "replications" || p.key == "check") return false;
  return p.type == ParamType::Int || p.type == ParamType::Real || p.type == ParamType::Size || p.type == ParamType::Spec;
}

std::vector<std::string_view> numeric_axes() {
  std::vector<std::string_view> out;
  for (const ParamDef& p : params())
    if (numeric_axis(p)) out.push_back(p.key);
  return out;
}

Result<std::string> axis_value(const Scenario& base, std::string_view key, std::string_view typed) {
  const ParamDef* p = find_param(key);
  if (!p || !numeric_axis(*p)) {
    std::string keys;
    for (std::string_view k : numeric_axes()) keys += (keys.empty() ? "" : ", ") + std::string(k);
    return Error{"sweep axis: '" + std::string(key.substr(0, 64)) + "' is not a numeric key; numeric keys: " + keys};
  }
  const std::string t(trim_space(typed));
  std::string value = t;
  if (is_number(t)) {
    if (p->type == ParamType::Size) {
      value = t + "x" + t;
    } else if (p->type == ParamType::Spec) {
      const std::string form = number_form(*p, base);
      if (form.empty())
        return Error{std::string(key) + ": '" + t + "' is a bare number, but " + std::string(key) +
                     " has no one-number form; type whole values (" + p->range + ")"};
      value = form + t;
    }
  }
  Scenario s = base;
  if (Status st = apply(s, key, value); !st) return st.error();
  return p->get(s);
}

Result<std::vector<std::string>> axis_values(const Scenario& base, std::string_view key, std::string_view typed) {
  const bool semicolons = typed.find(';') != std::string_view::npos || typed.find(':') != std::string_view::npos;
  std::vector<std::string> parts;
  std::string cur;
  for (char c : typed) {
    const bool sep = semicolons ? c == ';' : (c == ',' || c == ' ' || c == ';');
    if (sep) { parts.push_back(cur); cur.clear(); } else cur += c;
  }
  parts.push_back(cur);
  std::vector<std::string> out;
  for (const std::string& part : parts) {
    if (trim_space(part).empty()) continue;
    auto v = axis_value(base, key, part);
    if (!v) return v.error();
    bool seen = false;
    for (const std::string& o : out) seen = seen || o == *v;
    if (!seen) out.push_back(*v);
  }
  if (out.empty()) return Error{std::string(key) + ": no values to sweep"};
  return out;
}

double axis_x(std::string_view value) {
  for (std::size_t i = 0; i < value.size(); ++i) {
    const char c = value[i];
    if ((c >= '0' && c <= '9') || (c == '.' && i + 1 < value.size() && value[i + 1] >= '0' && value[i + 1] <= '9')) {
      const std::string rest(value.substr(i));
      return std::strtod(rest.c_str(), nullptr);
    }
  }
  return 0;
}

std::string axis_label(std::string_view key, std::string_view value) {
  const ParamDef* p = find_param(key);
  if (!p) return std::string(key);
  if (p->type == ParamType::Size) return std::string(key) + " (width)";
  if (p->type == ParamType::Spec) {
    const std::string form = one_parameter_form(std::string(value));
    if (!form.empty()) {
      const std::string name = form.substr(0, form.size() - 1);
      const char* what = name == "poisson" ? " rate" : name == "exponential" ? " mean" : "";
      return std::string(key) + " (" + name + what + ")";
    }
  }
  return std::string(key);
}

}  // namespace alloclab
