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
  std::vector<int> v;
  const std::size_t n = std::size_t(request.area());
  v.reserve(n);
  for (const Block& b : a.blocks)
    t.for_each_node(b, [&](int x, int y) {
      if (v.size() < n) v.push_back(t.id(x, y));
    });
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
