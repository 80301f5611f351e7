// preset_info.cpp — reading a preset file's `#: field: text` lines (see preset_info.hpp).
#include "preset_info.hpp"
#include "../core/text.hpp"

namespace alloclab {

namespace {
struct Field {
  std::string_view name;
  std::string PresetInfo::*member;
};
constexpr Field kFields[] = {
    {"title", &PresetInfo::title}, {"paper", &PresetInfo::paper}, {"figure", &PresetInfo::figure},
    {"mode", &PresetInfo::mode},   {"x", &PresetInfo::x},         {"shows", &PresetInfo::shows},
    {"look", &PresetInfo::look},   {"paper_says", &PresetInfo::paper_says}, {"ours", &PresetInfo::ours},
};
}  // namespace

Result<PresetInfo> parse_preset_info(std::string_view text) {
  PresetInfo info;
  int line_no = 0;
  for (const std::string& raw : split_on(text, '\n')) {
    ++line_no;
    const std::string_view line = trim_space(raw);
    if (line.substr(0, 2) != "#:") continue;
    const std::string_view rest = trim_space(line.substr(2));
    const auto colon = rest.find(':');
    const std::string_view name = trim_space(rest.substr(0, colon == std::string_view::npos ? rest.size() : colon));
    const Field* f = nullptr;
    for (const Field& k : kFields)
      if (k.name == name) f = &k;
    if (!f || colon == std::string_view::npos) {
      std::string names;
      for (const Field& k : kFields) names += (names.empty() ? "" : ", ") + std::string(k.name);
      return Error{"line " + std::to_string(line_no) + ": '#: " + std::string(name.substr(0, 32)) + "' is not a preset field (#: FIELD: text; fields: " + names + ")"};
    }
    const std::string_view value = trim_space(rest.substr(colon + 1));
    std::string& to = info.*f->member;
    if (!value.empty()) to += (to.empty() ? "" : " ") + std::string(value);
  }
  return info;
}

}  // namespace alloclab
