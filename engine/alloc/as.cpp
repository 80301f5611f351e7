// as.cpp — Adaptive Scan (Ding & Bhuyan, ICPP 1993), as Srinivasan et al. 2004 §III.D and Al Shdefat 2019 §2 describe it.
//
// A p×q frame is scanned over every base with stride 1 from the lowest leftmost node (rows
// bottom to top, x ascending); the first free frame is allocated. If none is free, the rotated
// request q×p is scanned the same way. Trying both orientations with stride 1 makes AS
// recognition complete: it fails only when no free p×q or q×p submesh exists. (Al Shdefat 2019
// mentions a horizontal stride equal to the frame width; we follow Srinivasan et al. 2004 and the original
// paper's stride of 1, which is what makes the completeness claim true.) On a torus frames
// may wrap around either edge.
//
// Counted work: one operation = one 64-bit bitmap word processed — each shift-and-AND pass of
// the free-base query (Occupancy::free_bases) over every row's words, then the words read up to
// the first free frame; per orientation tried. No release work.
#include "strategy.hpp"

namespace alloclab {
namespace {

class AdaptiveScan final : public StrategyBase<AdaptiveScan> {
 public:
  std::optional<Allocation> allocate(const Request& req, const Occupancy& occ, Rng&) override {
    for (Shape s : {req.shape, req.shape.rotated()}) {
      int x, y;
      if (occ.first_free_base(s.w, s.h, x, y, ops_)) return Allocation{{block_at(x, y, s)}};
      if (s == s.rotated()) break;
    }
    return std::nullopt;
  }
};

}  // namespace

std::unique_ptr<Strategy> make_as(const Topology&, const StrategyParams&) { return std::make_unique<AdaptiveScan>(); }

}  // namespace alloclab
