// bf.cpp — Best Fit (Zhu 1992), as Srinivasan et al. 2004 §III.C describes it.
//
// Among all free bases of the requested orientation, BF picks the one whose block has the most
// busy neighbours. "Busy neighbours" is read as Srinivasan et al. 2004's Definition 6 contact count: nodes
// just outside the block's four sides that are busy or beyond the mesh edge (so a block in a
// corner scores its two edge sides). Ties go to the first base in FF's order (bottom row
// first, x ascending). Requested orientation only, like FF. On a torus there are no edges and
// blocks may wrap.
//
// Counted work: one operation = one bitmap word processed by the free-base query, one word of
// the base mask read, or one word read or written while scoring (find_bf in fit.hpp: the free
// rows and columns copied once, then four side windows per free base). No release work.
#include "fit.hpp"

namespace alloclab {
namespace {

class BestFit final : public StrategyBase<BestFit> {
 public:
  std::optional<Allocation> allocate(const Request& req, const Occupancy& occ, Rng&) override {
    if (auto b = find_bf(occ, req.shape, ops_)) return Allocation{{*b}};
    return std::nullopt;
  }
};

}  // namespace

std::unique_ptr<Strategy> make_bf(const Topology&, const StrategyParams&) { return std::make_unique<BestFit>(); }

}  // namespace alloclab
