// patterns.cpp — message lists of the communication patterns (see patterns.hpp).
#include "patterns.hpp"

namespace alloclab {

Pattern pattern_from_id(std::string_view id) {
  if (id == "one-to-all") return Pattern::OneToAll;
  if (id == "all-to-all") return Pattern::AllToAll;
  if (id == "near-neighbor") return Pattern::NearNeighbor;
  if (id == "random") return Pattern::Random;
  return Pattern::None;
}

std::vector<int> logical_nodes(const Topology& t, const Allocation& a, Shape request) {
  const int rw = request.w, rh = request.h;
  const std::size_t n = std::size_t(request.area());
  std::vector<int> v;
  v.reserve(n);
  auto at = [&](const Block& b, int dx, int dy) {  // node (dx, dy) of block b (a torus block may wrap)
    int x = b.x + dx, y = b.y + dy;
    if (x >= t.width()) x -= t.width();
    if (y >= t.height()) y -= t.height();
    return t.id(x, y);
  };
  // One block holding the request in either orientation: the logical grid embedded in it.
  if (a.blocks.size() == 1) {
    const Block& b = a.blocks[0];
    const bool upright = b.w >= rw && b.h >= rh, rotated = b.w >= rh && b.h >= rw;
    if (upright || rotated) {
      for (int y = 0; y < rh; ++y)
        for (int x = 0; x < rw; ++x) v.push_back(upright ? at(b, x, y) : at(b, y, x));
      return v;
    }
  }
  // Otherwise: the blocks in order, each in its own row order, or column order when the block
  // is oriented against the request (taller than wide for a wider-than-tall request, or the
  // reverse), given to the processes in the logical grid's row-major order.
  for (const Block& b : a.blocks) {
    const bool across = (b.w < b.h && rw > rh) || (b.w > b.h && rw < rh);
    const int outer = across ? b.w : b.h, inner = across ? b.h : b.w;
    for (int o = 0; o < outer && v.size() < n; ++o)
      for (int i = 0; i < inner && v.size() < n; ++i) v.push_back(across ? at(b, o, i) : at(b, i, o));
  }
  return v;
}

void pattern_messages(Pattern p, const std::vector<int>& nodes, Shape request, Rng& rng,
                      std::vector<std::pair<int, int>>& out) {
  const int n = int(nodes.size());
  if (n < 2) return;
  switch (p) {
    case Pattern::None: return;
    case Pattern::OneToAll: {
      const int s = int(rng.below(std::uint64_t(n)));
      for (int j = 0; j < n; ++j)
        if (j != s) out.emplace_back(nodes[std::size_t(s)], nodes[std::size_t(j)]);
      return;
    }
    case Pattern::AllToAll:
      for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j)
          if (i != j) out.emplace_back(nodes[std::size_t(i)], nodes[std::size_t(j)]);
      return;
    case Pattern::NearNeighbor: {
      const int a = request.w, b = request.h;
      for (int i = 0; i < n; ++i) {
        const int x = i % a, y = i / a;
        const int nb[4][2] = {{x - 1, y}, {x + 1, y}, {x, y - 1}, {x, y + 1}};
        for (const auto& q : nb) {
          if (q[0] < 0 || q[0] >= a || q[1] < 0 || q[1] >= b) continue;
          const int j = q[1] * a + q[0];
          if (j < n) out.emplace_back(nodes[std::size_t(i)], nodes[std::size_t(j)]);
        }
      }
      return;
    }
    case Pattern::Random:
      for (int i = 0; i < n; ++i) {
        int j = int(rng.below(std::uint64_t(n - 1)));
        if (j >= i) ++j;
        out.emplace_back(nodes[std::size_t(i)], nodes[std::size_t(j)]);
      }
      return;
  }
}

}  // namespace alloclab
