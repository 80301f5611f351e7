// pald3d.cpp — PALD in 3D: 3D First Fit for the whole request; when no free box exists, one slab
// is split off the longest dimension and the two parts are placed recursively (non-contiguous).
//
// Follows PALD-FF (PArtitioning at the Longest Dimension, Bani-Ahmad 2013 Fig. 1; pald.cpp) with
// the 2D search replaced by 3D First Fit (ff3d: the first free box in node-id order, requested
// orientation, wrapping on a torus) and Fig. 1's split extended to three sides:
//   a ≥ b and a ≥ c:  (a−1)×b×c  then  1×b×c
//   else b ≥ c:       a×(b−1)×c  then  a×1×c
//   else:             a×b×(c−1)  then  a×b×1
// (ties split x before y before z, as Fig. 1 splits the columns when a = b). What is taken from
// pald.cpp unchanged (partition.hpp): the first part is placed completely before the second; the
// parts are searched on one scratch copy of the free bits with the pieces already taken busy; a
// shape that found no place is not searched again, nor any shape containing it, for the rest of
// the decision; the allocation succeeds whenever p·q·r nodes are free (1×1×1 pieces always fit);
// max_blocks > 0 (MBPJ) makes it fail as a whole when more pieces would be needed. On a machine of
// depth 1 the split and the search are PALD-FF's, and so are the decisions (a test checks it).
//
// Counted work: the 64-bit words processed by every free-box search made for the request and its
// parts (boxes.hpp), as ff3d counts them. The scratch copy is not counted. No release work.
#include "boxes.hpp"
#include "partition.hpp"

namespace alloclab {

// One step of the split along the longest dimension (exposed for tests).
std::pair<Shape, Shape> pald3d_split(Shape s) {
  if (s.w >= s.h && s.w >= s.d) return {Shape{s.w - 1, s.h, s.d}, Shape{1, s.h, s.d}};
  if (s.h >= s.d) return {Shape{s.w, s.h - 1, s.d}, Shape{s.w, 1, s.d}};
  return {Shape{s.w, s.h, s.d - 1}, Shape{s.w, s.h, 1}};
}

namespace {

class Pald3D final : public StrategyBase<Pald3D> {
 public:
  explicit Pald3D(const StrategyParams& p) : max_blocks_(p.max_blocks) {}
  std::optional<Allocation> allocate(const Request& req, const Occupancy& occ, Rng&) override {
    auto fit = [this](const Occupancy& o, Shape s) { return query_.first_free_box(o, s, ops_); };
    return partition_allocate(occ, req.shape, max_blocks_, fit, pald3d_split);
  }
  // Explain mode: the pieces in the order the recursion takes them, with the parts that found
  // no place before each (explain_partition in partition.hpp).
  Explanation explain(const Request& req, const Occupancy& occ, const Rng&) const override {
    BoxQuery q;
    Ops ops = 0;
    auto fit = [&](const Occupancy& o, Shape s) { return q.first_free_box(o, s, ops); };
    return explain_partition(req, occ, max_blocks_, fit, pald3d_split, "3D First Fit");
  }

 private:
  int max_blocks_;
  BoxQuery query_;  // scratch
};

}  // namespace

std::unique_ptr<Strategy> make_pald3d(const Topology&, const StrategyParams& p) { return std::make_unique<Pald3D>(p); }

}  // namespace alloclab
