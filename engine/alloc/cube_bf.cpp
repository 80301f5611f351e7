// cube_bf.cpp — cube-pod Best Fit: Kueue's BestFit (the default of its topology-aware
// scheduling; pod_bf.cpp quotes KEP-2724) on the cube pod's domains.
//
// A sub-cube slice: the tightest cube — the fewest free legal positions of the slice's shape
// that is still at least one, then the fewest free chips, then the lowest index — and inside it,
// from the whole cube down (cube_grid.hpp's domains), the tightest child domain by the same two
// counts, down to one position. A wholly free cube has the most positions, so it is opened only
// when no partly used cube has room.
// A slice of whole cubes on the fixed torus (ocs=off): the free box of cubes whose six faces touch
// the most cubes that are not wholly free (Zhu's best fit, bf.cpp / bf3d.cpp, on the torus of
// cubes; a torus has no edge), the first in cube-id order on ties. With ocs=on: the first k wholly
// free cubes (CubePolicy: the switches make every free cube as good as another).
//
// Counted work: cube_grid.hpp (cube rows read, cubes and positions read, domains and boxes compared).
#include "cube_grid.hpp"

namespace alloclab {
namespace {

class CubeBestFit final : public CubePolicy<CubeBestFit> {
 public:
  using CubePolicy::CubePolicy;
  std::optional<Allocation> sub_cube(const CubeGrid& g, const SubCube& sub, Ops& ops) const {
    int best = -1, best_pos = 0, best_chips = 0;
    for (int c = 0; c < g.count(); ++c) {
      ops += Ops(sub.positions().size());
      const int n = sub.free_positions(g.mask(c));
      if (n == 0) continue;
      const int chips = g.free_chips(c);
      if (best < 0 || n < best_pos || (n == best_pos && chips < best_chips)) best = c, best_pos = n, best_chips = chips;
    }
    if (best < 0) return std::nullopt;
    return Allocation{{descend_in_cube(g, sub, best, [](const auto& a, const auto& b) {
      return a[0] != b[0] ? a[0] < b[0] : a[1] < b[1];
    }, ops)}};
  }
  std::optional<Allocation> fixed_torus(const CubeGrid& g, const CubeBoxes& bx, Ops& ops) {
    return most_contact_box(g, bx, busy_, ops);
  }

 private:
  CubeSums busy_;  // scratch: cubes not wholly free
};

}  // namespace

std::unique_ptr<Strategy> make_cube_bf(const Topology&, const StrategyParams& p) { return std::make_unique<CubeBestFit>(p.ocs); }

}  // namespace alloclab
