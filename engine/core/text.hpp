// text.hpp — small text helpers shared by the scenario codec, the CLI and the UI.
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

}  // namespace alloclab
