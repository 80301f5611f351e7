// pod_lfc.cpp — pod Least Free Capacity: Kueue's LeastFreeCapacity placement on the pod's domains.
//
// Kueue (KEP-2724 "Topology Aware Scheduling", section "Computing the assignment"):
// "LeastFreeCapacity algorithm - Kueue selects as many domains as needed ... starting from the one
// with the least free capacity"; since Kueue v0.15 it is the default for requests without a
// topology constraint, where Kueue "should prioritize minimizing fragmentation". Free capacity
// here is free chips: at every level, from the whole machine down (slice_grid.hpp's domains),
// the child chosen is the one with the fewest free chips among those holding a free legal
// position of the slice, the first in row-major order on a tie. It differs from pod-bf, which
// ranks by how many slices still fit, when a domain's free chips are scattered (many free chips,
// few positions). Finds::Aligned: a domain with a free position always has a child with one.
//
// Counted work: slice_grid.hpp (chips summed, positions read, one per child domain compared).
#include "slice_grid.hpp"

namespace alloclab {
namespace {

class PodLeastFree final : public SlicePolicy<PodLeastFree> {
 public:
  std::optional<Block> choose(const SliceGrid& g, Ops& ops) const {
    return g.descend([](const DomainStat& a, const DomainStat& b) { return a.chips < b.chips; }, ops);
  }
};

}  // namespace

std::unique_ptr<Strategy> make_pod_lfc(const Topology&, const StrategyParams&) { return std::make_unique<PodLeastFree>(); }

}  // namespace alloclab
