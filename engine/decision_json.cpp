// decision_json.cpp — JSON text of one decision (decision_json.hpp).
#include "decision_json.hpp"

namespace alloclab {

std::string block_json(const Topology& t, const Block& b) {
  const Coord e = t.block_end(b);
  std::string o = "[";
  const int v[6] = {b.x, b.y, b.z, e.x, e.y, e.z};
  const bool d3 = t.depth() > 1;
  for (int i = 0; i < 6; ++i) {
    if (!d3 && (i == 2 || i == 5)) continue;  // 2D machines keep 4-tuples
    if (o.size() > 1) o += ',';
    o += std::to_string(v[i]);
  }
  return o + "]";
}

std::string blocks_json(const Topology& t, const Allocation& a, const char* sep) {
  std::string s = "[";
  for (std::size_t i = 0; i < a.blocks.size(); ++i) {
    if (i) s += sep;
    s += block_json(t, a.blocks[i]);
  }
  return s + "]";
}

std::string steps_json(const Explanation& e) {
  std::string o = "[";
  for (std::size_t k = 0; k < e.steps.size(); ++k) {
    if (k) o += ", ";
    o += "{\"title\": ";
    o += json_string(e.steps[k].title);
    o += ", \"caption\": ";
    o += json_string(e.steps[k].caption);
    o += "}";
  }
  return o + "]";
}

}  // namespace alloclab
