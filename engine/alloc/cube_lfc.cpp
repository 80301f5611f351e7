// cube_lfc.cpp — cube-pod Least Free Capacity: Kueue's LeastFreeCapacity (pod_lfc.cpp quotes
// KEP-2724) on the cube pod's domains.
//
// A sub-cube slice: among the cubes holding a free legal position of its shape, the one with the
// fewest free chips (the lowest index on ties), and inside it, from the whole cube down
// (cube_grid.hpp's domains), the child domain with the fewest free chips among those holding a
// free position. It differs from cube-bf, which ranks by how many slices still fit, when a cube's
// free chips are scattered (many free chips, few positions).
// A slice of whole cubes on the fixed torus (ocs=off): the free box of cubes whose face
// neighbours hold the fewest free chips (the least free capacity around it, so the free capacity
// elsewhere stays together), the first in cube-id order on ties. With ocs=on: the first k wholly
// free cubes (CubePolicy).
//
// Counted work: cube_grid.hpp (cube rows read, cubes and positions read, domains and boxes compared).
#include "cube_grid.hpp"

namespace alloclab {
namespace {

class CubeLeastFree final : public CubePolicy<CubeLeastFree> {
 public:
  using CubePolicy::CubePolicy;
  std::optional<Allocation> sub_cube(const CubeGrid& g, const SubCube& sub, Ops& ops) const {
    int best = -1, best_chips = 0;
    for (int c = 0; c < g.count(); ++c) {
      ops += Ops(sub.positions().size());
      if (sub.free_positions(g.mask(c)) == 0) continue;
      const int chips = g.free_chips(c);
      if (best < 0 || chips < best_chips) best = c, best_chips = chips;
    }
    if (best < 0) return std::nullopt;
    return Allocation{{descend_in_cube(g, sub, best, [](const auto& a, const auto& b) { return a[1] < b[1]; }, ops)}};
  }
  std::optional<Allocation> fixed_torus(const CubeGrid& g, const CubeBoxes& bx, Ops& ops) {
    free_chips_.build(g, [&](int c) { return g.free_chips(c); });
    ops += Ops(g.count());
    return best_free_box(g, bx, free_chips_, [](long long s, long long best) { return s < best; }, ops);
  }

 private:
  CubeSums free_chips_;  // scratch: free chips per cube
};

}  // namespace

std::unique_ptr<Strategy> make_cube_lfc(const Topology&, const StrategyParams& p) { return std::make_unique<CubeLeastFree>(p.ocs); }

}  // namespace alloclab
