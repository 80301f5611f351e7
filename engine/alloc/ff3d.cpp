// ff3d.cpp — 3D First Fit and its rotating variant, for 3D meshes and tori (any depth; on a
// machine of depth 1 they decide as 2D First Fit does, and ff3d-rot as 2D First Fit over both
// orientations).
//
// Follows the first-fit allocation of Choo, Youn & Yoo 2000 (3D torus multicomputers) in the
// form the SST scheduler's 3D allocators share: the machine's free nodes are searched for a
// p×q×r box; the first free base in a fixed scan order wins. Our scan order is node-id order
// (layers from z = 0, rows from y = 0, x ascending), the 3D form of 2D First Fit's
// lowest-leftmost base; on a torus boxes wrap in every dimension. ff3d tries the requested
// orientation only; ff3d-rot turns the request when no box of the requested orientation is
// free, as the Turning Busy List strategy of Bani-Mohammad, Ould-Khaoua, Ababneh & Mackenzie
// 2006 does on 3D meshes: it tries the six axis permutations in the order box_orientations
// gives, ((p,q,r), (q,p,r), (p,r,q), (r,p,q), (q,r,p), (r,q,p)), the first that has a free box
// winning.
//
// Explain: ff3d the default (request, free-box bases, decision); ff3d-rot the free-box bases of
// each orientation in turn, up to the first that has one.
//
// Counted work: one operation = one 64-bit word processed by the free-box query (boxes.hpp):
// every word of each layer's 2D query, each word ANDed along z, the words read to the first
// base. No release work (no state of its own).
#include "boxes.hpp"
#include "explain.hpp"

namespace alloclab {
namespace {

class FirstFit3D final : public StrategyBase<FirstFit3D> {
 public:
  explicit FirstFit3D(bool rotate) : rotate_(rotate) {}
  std::optional<Allocation> allocate(const Request& req, const Occupancy& occ, Rng&) override {
    if (!rotate_) {
      if (auto b = query_.first_free_box(occ, req.shape, ops_)) return Allocation{{*b}};
      return std::nullopt;
    }
    for (const Shape& s : box_orientations(req.shape, occ.topology()))
      if (auto b = query_.first_free_box(occ, s, ops_)) return Allocation{{*b}};
    return std::nullopt;
  }
  bool repeats_failures() const override { return true; }  // no state of its own

  Explanation explain(const Request& req, const Occupancy& occ, const Rng& rng) const override {
    if (!rotate_) return explain_default(*this, req, occ, rng);
    Explanation e;
    e.steps.push_back(explain_request_step(req, occ));
    const std::vector<Shape> shapes = box_orientations(req.shape, occ.topology());
    for (std::size_t i = 0; i < shapes.size(); ++i) {
      ExplainStep st = explain_free_bases_step(shapes[i], occ);
      const bool any = !st.layer(ExplainRole::FreeBase).blocks.empty();
      st.title = "Orientation " + std::to_string(i + 1) + " of " + std::to_string(shapes.size());
      st.caption += any ? " The first in node-id order wins."
                        : i + 1 < shapes.size() ? " None: the request is turned." : " None in any orientation.";
      e.steps.push_back(std::move(st));
      if (any) break;
    }
    e.decision = explain_decide(*this, req, occ, rng);
    e.steps.push_back(explain_decision_step(e.decision, req, occ.depth()));
    return e;
  }

 private:
  bool rotate_;
  BoxQuery query_;  // scratch
};

}  // namespace

std::unique_ptr<Strategy> make_ff3d(const Topology&, const StrategyParams&) { return std::make_unique<FirstFit3D>(false); }
std::unique_ptr<Strategy> make_ff3d_rot(const Topology&, const StrategyParams&) { return std::make_unique<FirstFit3D>(true); }

}  // namespace alloclab
