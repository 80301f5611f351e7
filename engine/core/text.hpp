// text.hpp — small text helpers shared by the scenario codec, trace parsing, the CLI, sweeps and
// the UI (lines, trimming, splitting, CSV fields and rows, JSON strings).
#pragma once
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

namespace alloclab {

// Calls f(line, number) for each '\n'-separated line of `text` (numbered from 1, the newline
// not included, a last line without newline included); stops early when f returns false.
template <class F>
void for_each_line(std::string_view text, F&& f) {
  long long no = 0;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    ++no;
    if (!f(text.substr(start, end - start), no)) return;
    start = end + 1;
  }
}

// `s` without leading and trailing white space (the C locale's isspace).
inline std::string_view trim_space(std::string_view s) {
  auto space = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; };
  while (!s.empty() && space(s.front())) s.remove_prefix(1);
  while (!s.empty() && space(s.back())) s.remove_suffix(1);
  return s;
}

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

// A JSON string literal, quotes included: '"' and '\\' escaped, control characters as \\u00XX.
inline std::string json_string(std::string_view s) {
  std::string o = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') { o += '\\'; o += c; }
    else if (static_cast<unsigned char>(c) < 0x20) { char b[8]; std::snprintf(b, sizeof b, "\\u%04x", c); o += b; }
    else o += c;
  }
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
