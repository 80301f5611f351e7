// asff.cpp — All-Shapes First Fit (ASFF), as Al Shdefat 2019 §2 ("ALL Shapes FF Sub-Mesh Allocation
// Strategy") describes it.
//
// For a request of n = p·q processors ASFF builds every valid shape w×h with w·h = n that fits
// the machine and tries them in order, first fit each (Zhu's FF: the first free base, rows from
// y = 0 upwards, x ascending, as ff.cpp); the first shape that fits is allocated.
// Choices where the thesis is unclear:
//  * The order. Only one example is given (12 on 6×6 → (4,3), (3,4), (6,2), (2,6)); the rule that
//    yields it is "most square first, wide before tall" — see asff_shapes() in shapes.hpp.
//    The requested orientation does not come first; ASFF sees only n.
//  * A (w,h) shape is valid when w <= W and h <= H (the machine is W columns × H rows).
//  * On a torus first fit may wrap (free_bases finds wrapping blocks), so ASFF runs there too.
// ASFF is recognition complete over all shapes: it fails only when no free w×h with w·h = n exists.
//
// Counted work: one operation = one 64-bit bitmap word processed by the free-base query and
// the first-fit scan, summed over the shapes tried. No release work.
#include "shapes.hpp"
#include "strategy.hpp"

namespace alloclab {
namespace {

class AllShapesFirstFit final : public StrategyBase<AllShapesFirstFit> {
 public:
  std::optional<Allocation> allocate(const Request& req, const Occupancy& occ, Rng&) override {
    if (occ.free_count() < req.shape.area()) return std::nullopt;
    for (Shape s : asff_shapes(req.shape.area(), occ.width(), occ.height())) {
      int x, y;
      if (occ.first_free_base(s.w, s.h, x, y, ops_)) return Allocation{{block_at(x, y, s)}};
    }
    return std::nullopt;
  }
};

}  // namespace

std::unique_ptr<Strategy> make_asff(const Topology&, const StrategyParams&) {
  return std::make_unique<AllShapesFirstFit>();
}

}  // namespace alloclab
