// busy.cpp — the `alloclab place` busy-list parser (see busy.hpp).
#include "busy.hpp"
#include <string>
#include "../workload/specs.hpp"

namespace alloclab {

Result<std::vector<Block>> parse_busy(std::string_view text, const Topology& t) {
  std::vector<Block> out;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find(';', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view part = text.substr(start, end - start);
    start = end + 1;
    if (part.empty()) continue;
    long long v[4];
    std::size_t p = 0;
    for (int k = 0; k < 4; ++k) {
      const std::size_t c = k < 3 ? part.find(',', p) : part.size();
      if (c == std::string_view::npos || !parse_int64(part.substr(p, c - p), v[k]))
        return Error{"busy: '" + std::string(part.substr(0, 64)) + "' is not x1,y1,x2,y2"};
      p = c + 1;
    }
    // range-check in 64 bits before narrowing (a huge value must not wrap into the machine)
    const auto in = [](long long a, int n) { return a >= 0 && a < n; };
    if (!in(v[0], t.width()) || !in(v[2], t.width()) || !in(v[1], t.height()) || !in(v[3], t.height()))
      return Error{"busy: block '" + std::string(part.substr(0, 64)) + "' lies outside the " + std::to_string(t.width()) +
                   "x" + std::to_string(t.height()) + " machine (x 0.." + std::to_string(t.width() - 1) + ", y 0.." +
                   std::to_string(t.height() - 1) + ")"};
    Block b{int(v[0]), int(v[1]), 0, 0};
    if (v[2] >= v[0]) b.w = int(v[2] - v[0] + 1);
    else if (t.wraps()) b.w = int(v[2] + t.width() - v[0] + 1);
    else return Error{"busy: block '" + std::string(part.substr(0, 64)) + "' has x1 > x2 on a mesh (only a torus wraps)"};
    if (v[3] >= v[1]) b.h = int(v[3] - v[1] + 1);
    else if (t.wraps()) b.h = int(v[3] + t.height() - v[1] + 1);
    else return Error{"busy: block '" + std::string(part.substr(0, 64)) + "' has y1 > y2 on a mesh (only a torus wraps)"};
    out.push_back(b);
  }
  return out;
}

}  // namespace alloclab
