// ff.cpp — First Fit (Zhu, J. Parallel Distrib. Comput. 1992), as Srinivasan et al. 2004 §III.C describes it.
//
// Zhu's FF keeps a busy array, marks the coverage set of the request (every base that would
// overlap a busy node or cross the edge) and returns the first base outside it, scanning the
// array row by row. Here the coverage complement is Occupancy::free_bases() (word-parallel);
// the scan order is ours to fix: rows from y = 0 (bottom) upwards, x ascending within a row —
// the "lowest leftmost" base, as frame sliding also starts. Only the requested orientation is
// tried (FF is not recognition complete). On a torus the block may wrap around an edge.
//
// Counted work: one operation = one 64-bit bitmap word processed (find_ff in fit.hpp: each
// shift-and-AND pass of the free-base query over every row's words, then the words read up
// to the first free base). Zhu's O(N) scan of the busy array becomes O(N/64 · log(pq)) here.
// No release work (FF keeps no state of its own).
#include "fit.hpp"

namespace alloclab {
namespace {

class FirstFit final : public StrategyBase<FirstFit> {
 public:
  std::optional<Allocation> allocate(const Request& req, const Occupancy& occ, Rng&) override {
    if (auto b = find_ff(occ, req.shape, ops_)) return Allocation{{*b}};
    return std::nullopt;
  }
  bool repeats_failures() const override { return true; }  // no state of its own
};

}  // namespace

std::unique_ptr<Strategy> make_ff(const Topology&, const StrategyParams&) { return std::make_unique<FirstFit>(); }

}  // namespace alloclab
