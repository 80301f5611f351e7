// pod_bf.cpp — pod Best Fit: Kueue's BestFit placement (the default of its topology-aware
// scheduling) on the pod's domains.
//
// Kueue (KEP-2724 "Topology Aware Scheduling", section "Computing the assignment"): BestFit
// "selects as many domains as needed ... starting from the one with the most free capacity.
// However, it optimizes the selection of the last domain at each level to minimize the remaining
// free resources"; with slices (section "Two-level Topology Aware scheduling") "it considers the
// amount of slices that can fit into a domain as free capacity, but if that number is equal then
// it prioritizes domains with fewer remaining resources". A pod slice needs one domain at each
// level — it is the last domain — so at every level, from the whole machine down (slice_grid.hpp's
// domains), the child chosen is the tightest fit: the fewest free legal positions of the slice's
// shape that is still at least one, then the fewest free chips, then the first in row-major
// order. Finds::Aligned: a domain with a free position always has a child with one.
//
// Counted work: slice_grid.hpp (chips summed, positions read, one per child domain compared).
#include "slice_grid.hpp"

namespace alloclab {
namespace {

class PodBestFit final : public SlicePolicy<PodBestFit> {
 public:
  std::optional<Block> choose(const SliceGrid& g, Ops& ops) const {
    return g.descend([](const DomainStat& a, const DomainStat& b) {
      return a.positions != b.positions ? a.positions < b.positions : a.chips < b.chips;
    }, ops);
  }
};

}  // namespace

std::unique_ptr<Strategy> make_pod_bf(const Topology&, const StrategyParams&) { return std::make_unique<PodBestFit>(); }

}  // namespace alloclab
