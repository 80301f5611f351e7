// anca.cpp — Adaptive Non-Contiguous Allocation (Chang & Mohapatra, JPDC 1998), as Bani-Ahmad 2013
// §II.B summarises it: "ANCA first attempts to allocate the job contiguously. If the
// allocation attempt fails, it partitions the request into two equi-sized sub-requests.
// These sub-frames are then allocated to available locations, if possible; otherwise, each
// of these sub-requests is recursively further partitioned into two sub-requests".
//
// The exact rule followed here (partition_allocate in fit.hpp, shared with PALD):
//  * A frame w×h is searched with First Fit (lowest-leftmost base, rows from y = 0) in the
//    requested orientation, then rotated (h×w) if that fails — "contiguously" with both
//    orientations, like Adaptive Scan.
//  * If neither orientation has a free place, the frame is halved across its LONGER side:
//    w ≥ h gives ⌈w/2⌉×h and ⌊w/2⌋×h, else w×⌈h/2⌉ and w×⌊h/2⌋. For an odd side the two
//    halves differ by one row/column ("equi-sized" is impossible; the larger half goes first).
//    Ties w = h halve the columns.
//  * Each half is allocated recursively on its own (the first half completely, including its
//    own halves, before the second), with pieces already chosen for the job counted as busy.
//    The original paper partitions level by level; Bani-Ahmad 2013's recursive reading is followed
//    (a half that fits is kept even if its sibling must be split further).
//  * Stop condition: halving ends at 1×1 frames, which always fit a free node, so the
//    allocation succeeds exactly when w·h nodes are free (checked first). With max_blocks > 0
//    (MBPJ) it fails as a whole when more pieces would be needed.
//  * On a torus First Fit finds wrapping frames, so pieces may wrap.
//
// Counted work: the operations of every First Fit search (either orientation) made for the
// request and its pieces — bitmap words, as ff.cpp counts them (the searches run through
// FirstFitMemo, which counts the same as find_ff). The scratch copy of the
// occupancy made when the request is split is not counted. No release work.
#include "fit.hpp"
#include "partition.hpp"

namespace alloclab {

// One halving step (exposed for tests).
std::pair<Shape, Shape> anca_split(Shape s) {
  if (s.w >= s.h) return {Shape{(s.w + 1) / 2, s.h}, Shape{s.w / 2, s.h}};
  return {Shape{s.w, (s.h + 1) / 2}, Shape{s.w, s.h / 2}};
}

namespace {

std::optional<Block> ff_both(const Occupancy& occ, Shape s, Ops& ops) {
  if (auto b = find_ff(occ, s, ops)) return b;
  if (s.w != s.h) return find_ff(occ, s.rotated(), ops);
  return std::nullopt;
}
std::optional<Block> ff_both(const Occupancy& occ, Shape s) {
  Ops unused = 0;
  return ff_both(occ, s, unused);
}

class Anca final : public StrategyBase<Anca> {
 public:
  explicit Anca(const StrategyParams& p) : max_blocks_(p.max_blocks) {}
  std::optional<Allocation> allocate(const Request& req, const Occupancy& occ, Rng&) override {
    bool follows = false;  // after the first search, each is on the scratch with the blocks found since taken
    auto counted = [this, &follows](const Occupancy& o, Shape s) {  // ff_both through the memo (same blocks, same count)
      auto b = ff_memo_.find(o, s, ops_, follows);
      follows = true;
      if (!b && s.w != s.h) b = ff_memo_.find(o, s.rotated(), ops_, true);
      return b;
    };
    return partition_allocate(occ, req.shape, max_blocks_, counted, anca_split);
  }
  // Explain mode: the pieces in the order the halving takes them, numbered (fit.hpp).
  Explanation explain(const Request& req, const Occupancy& occ, const Rng&) const override {
    return explain_partition(req, occ, max_blocks_, [](const Occupancy& o, Shape s) { return ff_both(o, s); }, anca_split, "First Fit (either orientation)");
  }

 private:
  int max_blocks_;
  FirstFitMemo ff_memo_;  // the pieces' searches share the kept windows
};

}  // namespace

std::unique_ptr<Strategy> make_anca(const Topology&, const StrategyParams& p) { return std::make_unique<Anca>(p); }

}  // namespace alloclab
