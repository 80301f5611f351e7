// cube_pack.cpp — cube-pod packing that keeps whole cubes free for large slices (the cube pods'
// pod-pack, pod_pack.cpp; with ocs=on the policy that keeps the pod's free cubes usable).
//
// With optical circuit switches every wholly free cube serves any slice of whole cubes (Jouppi
// et al. 2023: the switches wire any cubes into a slice's torus), so what makes free capacity
// usable is whole free cubes; a sub-cube slice placed in a wholly free cube spends one. cube-pack
// takes, among every free legal position of the sub-cube slice in every cube, the one whose
// largest wholly free enclosing domain (cube_grid.hpp's levels, up to the whole cube) is the
// smallest — it breaks no free domain larger than necessary, and a wholly free cube only when no
// partly used cube has room —, then the cube with the fewest free chips (the fullest cube that
// fits), then the first in node-id order. A wholly free cube after the first is skipped (it
// scores the same and comes later).
// A slice of whole cubes: with ocs=on the first k wholly free cubes (CubePolicy); on the fixed
// torus (ocs=off) the box rule of cube-bf (touching the most cubes that are not wholly free,
// which keeps the free boxes of cubes together).
//
// Counted work: cube_grid.hpp (cube rows read, positions read, domains walked, boxes compared).
#include "cube_grid.hpp"

namespace alloclab {
namespace {

class CubePack final : public CubePolicy<CubePack> {
 public:
  using CubePolicy::CubePolicy;
  std::optional<Allocation> sub_cube(const CubeGrid& g, const SubCube& sub, Ops& ops) const {
    const int top = int(sub.levels().size()) - 1;
    std::optional<Block> best;
    int best_level = 0, best_chips = 0;
    bool seen_free_cube = false;
    for (int c = 0; c < g.count(); ++c) {
      const std::uint64_t free = g.mask(c);
      if (g.cube_free(c)) {
        if (seen_free_cube) continue;
        seen_free_cube = true;
      }
      const int chips = g.free_chips(c);
      for (const SubCube::Position& p : sub.positions()) {
        ++ops;
        if ((free & p.mask) != p.mask) continue;
        int level = 0;  // the largest wholly free domain around p
        while (level < top) {
          const std::uint64_t d = sub.domain(level + 1, p.x, p.y, p.z);
          ++ops;
          if ((free & d) != d) break;
          ++level;
        }
        if (!best || level < best_level || (level == best_level && chips < best_chips)) {
          best = sub.block(g, c, p);
          best_level = level;
          best_chips = chips;
        }
      }
    }
    if (!best) return std::nullopt;
    return Allocation{{*best}};
  }
  std::optional<Allocation> fixed_torus(const CubeGrid& g, const CubeBoxes& bx, Ops& ops) {
    return most_contact_box(g, bx, busy_, ops);
  }

 private:
  CubeSums busy_;  // scratch: cubes not wholly free
};

}  // namespace

std::unique_ptr<Strategy> make_cube_pack(const Topology&, const StrategyParams& p) { return std::make_unique<CubePack>(p.ocs); }

}  // namespace alloclab
