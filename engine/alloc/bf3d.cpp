// bf3d.cpp — 3D Best Fit and its rotating variant, for 3D meshes and tori (any depth).
//
// Zhu's 2D Best Fit (as bf.cpp follows it) takes the free base whose block touches the most
// busy nodes and mesh edges; in 3D the block's six faces are scored the same way: each node
// just outside a face that is busy or off the mesh edge counts one (edges and corners of the
// box are not counted; a torus has no edge) — BoxContact in boxes.hpp. Choo, Youn & Yoo 2000
// compare their 3D first fit with such an earlier best-fit scheme; the face score here is our
// 3D reading of Zhu's. Ties go to the first base in node-id order (z, y, x ascending), the 3D
// First Fit order. bf3d scores the requested orientation only; bf3d-rot "turns" the request as
// Bani-Mohammad, Ould-Khaoua, Ababneh & Mackenzie 2006 do for 3D meshes, but scores every free
// base of every orientation (box_orientations order), the best score winning, earlier
// orientations on ties.
//
// Counted work: one operation = one 64-bit word processed by the free-box query (boxes.hpp),
// plus W·H·D for the prefix sums of busy nodes (built once per decision, when some base is
// free), plus one per base scored. No release work.
#include "boxes.hpp"

namespace alloclab {
namespace {

class BestFit3D final : public StrategyBase<BestFit3D> {
 public:
  explicit BestFit3D(bool rotate) : rotate_(rotate) {}
  std::optional<Allocation> allocate(const Request& req, const Occupancy& occ, Rng&) override {
    const Topology& t = occ.topology();
    std::vector<Shape> shapes = rotate_ ? box_orientations(req.shape, t) : std::vector<Shape>{req.shape};
    std::optional<BoxContact> contact;
    std::optional<Block> best;
    int best_score = -1;
    for (const Shape& s : shapes) {
      ops_ += query_.free_boxes(occ, s, mask_);
      if (!mask_.any()) continue;
      if (!contact) {
        contact.emplace(occ);
        ops_ += Ops(t.nodes());
      }
      const auto b = best_contact_box(*contact, mask_, t, s, ops_);
      const int score = contact->contact(*b);
      if (score > best_score) best_score = score, best = b;
    }
    if (best) return Allocation{{*best}};
    return std::nullopt;
  }
  bool repeats_failures() const override { return true; }  // no state of its own

 private:
  bool rotate_;
  BoxQuery query_;  // scratch
  BaseMask mask_;   // scratch
};

}  // namespace

std::unique_ptr<Strategy> make_bf3d(const Topology&, const StrategyParams&) { return std::make_unique<BestFit3D>(false); }
std::unique_ptr<Strategy> make_bf3d_rot(const Topology&, const StrategyParams&) { return std::make_unique<BestFit3D>(true); }

}  // namespace alloclab
