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
// Explain: per orientation scored (one for bf3d), its free-box bases and the best of them with
// its contact score; then the decision.
//
// Counted work: one operation = one 64-bit word processed by the free-box query (boxes.hpp),
// plus W·H·D for the prefix sums of busy nodes (built once per decision, when some base is
// free), plus one per base scored. No release work.
#include <algorithm>
#include <cstdio>
#include "boxes.hpp"
#include "explain.hpp"

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

  Explanation explain(const Request& req, const Occupancy& occ, const Rng& rng) const override {
    Explanation e;
    e.steps.push_back(explain_request_step(req, occ));
    const Topology& t = occ.topology();
    const std::vector<Shape> shapes = rotate_ ? box_orientations(req.shape, t) : std::vector<Shape>{req.shape};
    const BoxContact contact(occ);
    BoxQuery q;
    BaseMask m;
    Ops ops = 0;
    int best_score = -1;
    for (std::size_t i = 0; i < shapes.size(); ++i) {
      (void)q.free_boxes(occ, shapes[i], m);
      ExplainStep st = occ.depth() > 1 ? explain_free_bases_step(shapes[i], occ, m) : explain_free_bases_step(shapes[i], occ);
      if (rotate_) st.title = "Orientation " + std::to_string(i + 1) + " of " + std::to_string(shapes.size());
      if (const auto b = m.any() ? best_contact_box(contact, m, t, shapes[i], ops) : std::nullopt) {
        const int score = contact.contact(*b);
        st.layer(ExplainRole::Candidate).blocks.push_back(*b);
        char buf[200];
        std::snprintf(buf, sizeof buf, " The best, base (%d, %d, %d), touches %d busy nodes or edges across its faces%s.", b->x, b->y,
                      b->z, score, !rotate_ || score > best_score ? "" : " (no more than an earlier orientation's best)");
        st.caption += buf;
        best_score = std::max(best_score, score);
      }
      e.steps.push_back(std::move(st));
    }
    e.decision = explain_decide(*this, req, occ, rng);
    e.steps.push_back(explain_decision_step(e.decision, req, occ.depth()));
    return e;
  }

 private:
  bool rotate_;
  BoxQuery query_;  // scratch
  BaseMask mask_;   // scratch
};

}  // namespace

std::unique_ptr<Strategy> make_bf3d(const Topology&, const StrategyParams&) { return std::make_unique<BestFit3D>(false); }
std::unique_ptr<Strategy> make_bf3d_rot(const Topology&, const StrategyParams&) { return std::make_unique<BestFit3D>(true); }

}  // namespace alloclab
