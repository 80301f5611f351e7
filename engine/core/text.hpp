// text.hpp — small text helpers shared by the scenario codec, the CLI, sweeps and the UI
// (splitting, CSV fields and rows).
#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace alloclab {

// The pieces of `s` between the separators, empty pieces kept: "a,,b" -> {"a", "", "b"};
// "" -> {""}.
inline std::vector<std::string> split_on(std::string_view s, char sep) {
  std::vector<std::string> out;
  std::size_t start = 0;
  for (;;) {
    const std::size_t i = s.find(sep, start);
    out.emplace_back(s.substr(start, i == std::string_view::npos ? std::string_view::npos : i - start));
    if (i == std::string_view::npos) break;
    start = i + 1;
  }
  return out;
}

// A CSV field: as is, or quoted (RFC 4180) when it holds a comma, a quote or a newline.
inline std::string csv_field(std::string_view s) {
  if (s.find_first_of(",\"\n") == std::string_view::npos) return std::string(s);
  std::string o = "\"";
  for (char c : s) o += c == '"' ? std::string("\"\"") : std::string(1, c);
  return o + "\"";
}

// Parses CSV text (RFC 4180 quoting) into rows of fields.
inline std::vector<std::vector<std::string>> parse_csv(std::string_view text) {
  std::vector<std::vector<std::string>> rows;
  std::vector<std::string> row;
  std::string field;
  bool quoted = false, any = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (quoted) {
      if (c == '"') {
        if (i + 1 < text.size() && text[i + 1] == '"') { field += '"'; ++i; }
        else quoted = false;
      } else {
        field += c;
      }
      continue;
    }
    if (c == '"') { quoted = true; any = true; }
    else if (c == ',') { row.push_back(field); field.clear(); any = true; }
    else if (c == '\n') {
      if (any || !field.empty()) { row.push_back(field); rows.push_back(row); }
      row.clear(); field.clear(); any = false;
    } else if (c != '\r') { field += c; any = true; }
  }
  if (any || !field.empty()) { row.push_back(field); rows.push_back(row); }
  return rows;
}

}  // namespace alloclab
