// busy.cpp — the `alloclab place` busy-list parser (see busy.hpp).
#include "busy.hpp"
#include <string>
#include "../workload/specs.hpp"

namespace alloclab {

Result<std::vector<Block>> parse_busy(std::string_view text, const Topology& t) {
  // 2D: x1,y1,x2,y2; 3D (depth > 1): x1,y1,z1,x2,y2,z2 — base then inclusive end per axis
  const bool d3 = t.depth() > 1;
  const int axes = d3 ? 3 : 2;
  const char* const form = d3 ? "x1,y1,z1,x2,y2,z2" : "x1,y1,x2,y2";
  const int side[3] = {t.width(), t.height(), t.depth()};
  const char* const name[3] = {"x", "y", "z"};
  std::vector<Block> out;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find(';', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view part = text.substr(start, end - start);
    start = end + 1;
    if (part.empty()) continue;
    long long v[6];
    std::size_t p = 0;
    for (int k = 0; k < 2 * axes; ++k) {
      const std::size_t c = k < 2 * axes - 1 ? part.find(',', p) : part.size();
      if (c == std::string_view::npos || !parse_int64(part.substr(p, c - p), v[k]))
        return Error{"busy: '" + std::string(part.substr(0, 64)) + "' is not " + form};
      p = c + 1;
    }
    // range-check in 64 bits before narrowing (a huge value must not wrap into the machine)
    const auto in = [](long long a, int n) { return a >= 0 && a < n; };
    for (int a = 0; a < axes; ++a)
      if (!in(v[a], side[a]) || !in(v[axes + a], side[a])) {
        std::string m = "busy: block '" + std::string(part.substr(0, 64)) + "' lies outside the " + std::to_string(t.width()) + "x" +
                        std::to_string(t.height());
        if (d3) m.append("x").append(std::to_string(t.depth()));
        m += " machine (";
        for (int b = 0; b < axes; ++b) m += std::string(b ? ", " : "") + name[b] + " 0.." + std::to_string(side[b] - 1);
        return Error{m + ")"};
      }
    int len[3] = {1, 1, 1};
    for (int a = 0; a < axes; ++a) {
      const long long lo = v[a], hi = v[axes + a];
      if (hi >= lo) len[a] = int(hi - lo + 1);
      else if (t.wraps()) len[a] = int(hi + side[a] - lo + 1);
      else
        return Error{"busy: block '" + std::string(part.substr(0, 64)) + "' has " + name[a] + "1 > " + name[a] +
                     "2 on a mesh (only a torus wraps)"};
    }
    out.push_back(Block{int(v[0]), int(v[1]), len[0], len[1], d3 ? int(v[2]) : 0, len[2]});
  }
  return out;
}

}  // namespace alloclab
