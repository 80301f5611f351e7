// flexfold.cpp — Flex-fold, as Al Shdefat 2019 §2 ("Flex Fold Strategy", after Seo & Kim 2003 and
// Bani-Mohammad 2008) describes it.
//
// A request S(a, b) (a columns × b rows) is tried as S(a,b), S(b,a), S(a/2, 2b), S(2a, b/2),
// first fit each (lowest row first, then leftmost, as ff.cpp); the first that fits is allocated.
// Choices where the thesis is unclear:
//  * "both of these sides must be even": we fold a side only when it is even — S(a/2,2b) needs
//    an even a, S(2a,b/2) an even b; odd requests simply get fewer shapes (they are not refused).
//  * Duplicate shapes (square requests) are tried once; shapes larger than the machine skipped.
//  * On a torus first fit may wrap (free_bases finds wrapping blocks), so it runs there too.
//
// Counted work: one operation = one 64-bit bitmap word processed by the free-base query and
// the first-fit scan, summed over the shapes tried. No release work.
#include "shapes.hpp"
#include "strategy.hpp"

namespace alloclab {
namespace {

class FlexFold final : public StrategyBase<FlexFold> {
 public:
  std::optional<Allocation> allocate(const Request& req, const Occupancy& occ, Rng&) override {
    if (occ.free_count() < req.shape.area()) return std::nullopt;
    for (Shape s : flexfold_shapes(req.shape, occ.width(), occ.height())) {
      int x, y;
      if (occ.first_free_base(s.w, s.h, x, y, ops_)) return Allocation{{block_at(x, y, s)}};
    }
    return std::nullopt;
  }
};

}  // namespace

std::unique_ptr<Strategy> make_flexfold(const Topology&, const StrategyParams&) {
  return std::make_unique<FlexFold>();
}

}  // namespace alloclab
