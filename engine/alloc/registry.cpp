// registry.cpp — the one table of allocation strategies: id, factory, help, topologies,
// contiguity. CLI (`alloclab list`, `strategy=` validation), the link codec and the UI all read it.
#include "strategy.hpp"

namespace alloclab {

// Factories, one per strategy file.
std::unique_ptr<Strategy> make_ff(const Topology&, const StrategyParams&);
std::unique_ptr<Strategy> make_bf(const Topology&, const StrategyParams&);
std::unique_ptr<Strategy> make_as(const Topology&, const StrategyParams&);
std::unique_ptr<Strategy> make_random(const Topology&, const StrategyParams&);
std::unique_ptr<Strategy> make_ibmat(const Topology&, const StrategyParams&);
std::unique_ptr<Strategy> make_iblat(const Topology&, const StrategyParams&);
std::unique_ptr<Strategy> make_itat(const Topology&, const StrategyParams&);
std::unique_ptr<Strategy> make_irat(const Topology&, const StrategyParams&);

namespace {
// clang-format off
const StrategyInfo kStrategies[] = {
  // id        factory      help                                                                        mesh  torus contig check
  {"ff",      make_ff,     "First Fit (Zhu 1992): first free base in row-major order, requested orientation only", true, true, true, nullptr},
  {"bf",      make_bf,     "Best Fit (Zhu 1992): free base whose block touches the most busy nodes or edges",     true, true, true, nullptr},
  {"as",      make_as,     "Adaptive Scan (Ding & Bhuyan 1993): scan with stride 1, then the rotated request",       true, true, true, nullptr},
  {"ibmat",   make_ibmat,  "IBMAT (Jakimczuk et al. 2013): bit-map coverage array, row then column passes (wrap-aware), rotates", true, true, true, nullptr},
  {"iblat",   make_iblat,  "IBLAT (Jakimczuk et al. 2013): busy list and wrap-aware coverage list, lowest leftmost base, rotates", true, true, true, nullptr},
  {"itat",    make_itat,   "ITAT (Jakimczuk et al. 2013): busy tree from <0,0>, level-order search of free leaves, rotates; not complete", true, true, true, nullptr},
  {"irat",    make_irat,   "IRAT (Jakimczuk et al. 2013): one random base node, both orientations; not recognition complete", true, true, true, nullptr},
  {"random",  make_random, "Random: p*q free nodes chosen uniformly, non-contiguous (1x1 blocks)",               true, true, false, nullptr},
};
// clang-format on
}  // namespace

std::span<const StrategyInfo> strategies() { return kStrategies; }

const StrategyInfo* find_strategy(std::string_view id) {
  for (const StrategyInfo& s : kStrategies)
    if (s.id == id) return &s;
  return nullptr;
}

std::string strategy_unsupported(const StrategyInfo& s, const Topology& t) {
  if (t.wraps() && !s.torus)
    return "strategy '" + std::string(s.id) + "' does not support a torus (use topology=mesh)";
  if (!t.wraps() && !s.mesh)
    return "strategy '" + std::string(s.id) + "' needs topology=torus";
  if (s.check) return s.check(t);
  return {};
}

int boundary_contact(const Occupancy& occ, const Block& b) {
  const Topology& t = occ.topology();
  const int W = t.width(), H = t.height();
  auto busy_or_edge = [&](int x, int y) -> int {
    if (t.wraps()) {
      x = ((x % W) + W) % W;
      y = ((y % H) + H) % H;
      return occ.owner(x, y) != kNoJob;
    }
    if (!t.contains(x, y)) return 1;
    return occ.owner(x, y) != kNoJob;
  };
  int n = 0;
  for (int i = 0; i < b.w; ++i) {
    n += busy_or_edge(b.x + i, b.y - 1);   // below
    n += busy_or_edge(b.x + i, b.y + b.h); // above
  }
  for (int j = 0; j < b.h; ++j) {
    n += busy_or_edge(b.x - 1, b.y + j);   // left
    n += busy_or_edge(b.x + b.w, b.y + j); // right
  }
  return n;
}

}  // namespace alloclab
