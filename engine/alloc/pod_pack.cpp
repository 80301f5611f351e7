// pod_pack.cpp — pod packing that keeps large aligned blocks free (buddy-style best fit).
//
// Placing a slice makes every wholly free domain around its position busy in part; those
// domains are the legal positions of the larger slices (slice_grid.hpp), so a placement costs
// the larger shapes exactly the free domains it enters. pod-pack takes, among the free legal
// positions, one that breaks no free domain larger than necessary: the one whose largest wholly
// free enclosing domain is the smallest (comparing the largest shape first is the same as
// comparing the number of wholly free domains entered, since they are the levels just above the
// position). Ties: the fewest free chips in the position's parent domain (the tightest
// neighbourhood), then the first in row-major order. This is the 2D buddy system's choice of the
// smallest free block that fits (Li & Cheng 1991), on the pod's legal positions, without
// splitting blocks in advance. Finds::Aligned: every free legal position is a candidate.
//
// Counted work: slice_grid.hpp (chips summed, positions read), plus one per domain compared
// while walking up from a free position and one for its parent domain's free chips (read again
// for the tie-break).
#include "slice_grid.hpp"

namespace alloclab {
namespace {

class PodPack final : public SlicePolicy<PodPack> {
 public:
  std::optional<Block> choose(const SliceGrid& g, Ops& ops) const {
    const int top = int(g.levels().size()) - 1;
    std::optional<Block> best;
    int best_level = 0, best_parent = 0;
    for (int j = 0; j < g.positions_y(); ++j)
      for (int i = 0; i < g.positions_x(); ++i) {
        ++ops;
        if (!g.free_at(i, j)) continue;
        const Block p = g.position(i, j);
        // the largest wholly free domain around p: walk up while the domain is all free
        int level = 0;
        while (level < top) {
          const DomainStat st = g.stat(g.domain(level + 1, p.x, p.y));
          ++ops;
          if (st.chips != st.block.area()) break;
          ++level;
        }
        int parent = 0;
        if (top > 0) {
          parent = g.stat(g.domain(1, p.x, p.y)).chips;
          ++ops;
        }
        if (!best || level < best_level || (level == best_level && parent < best_parent)) {
          best = p;
          best_level = level;
          best_parent = parent;
        }
      }
    return best;
  }
};

}  // namespace

std::unique_ptr<Strategy> make_pod_pack(const Topology&, const StrategyParams&) { return std::make_unique<PodPack>(); }

}  // namespace alloclab
