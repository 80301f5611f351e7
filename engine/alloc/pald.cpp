// pald.cpp — PALD-FF and PALD-BF: PArtitioning at the Longest Dimension (Bani-Ahmad 2013, Fig. 1).
//
// The whole a×b request (a = columns = Shape::w, b = rows = Shape::h) is first searched with
// alloclab's First Fit (PALD-FF) or Best Fit (PALD-BF), requested orientation only (find_ff /
// find_bf in fit.hpp — the same searches as the contiguous ff / bf strategies). If no free
// a×b submesh exists, one is removed from the longest dimension, exactly as Fig. 1:
//   a ≥ b:  (a−1)×b  then  1×b        a < b:  a×(b−1)  then  a×1
// and the two sub-requests are allocated recursively in that order (the first completely,
// its own sub-requests included, before the second). Choices where the paper is silent:
//  * Ties a = b split the columns (Fig. 1 tests a ≥ b).
//  * The sub-requests are searched on the machine with the pieces already taken for this job
//    counted as busy (one scratch copy of the free bits per decision); for PALD-BF this also
//    means a piece next to an earlier piece of the same job scores that contact.
//  * Fig. 1 checks "number of free processors < JobSize" first, so the allocation always
//    succeeds when a·b nodes are free (1×1 pieces always fit).
//  * MBPJ (§V.C, key max_blocks > 0): if placing the request would need more than max_blocks
//    pieces the allocation fails as a whole (nothing is allocated; the job waits).
//  * On a torus FF/BF find wrapping submeshes, so pieces may wrap.
// The returned blocks are in allocation order (largest/first piece first).
//
// Counted work: the operations of every First Fit / Best Fit search made for the request and
// its sub-requests (bitmap words and scored nodes, as ff.cpp / bf.cpp count them; the searches
// run through FirstFitMemo / BestFitMemo, which count the same as find_ff / find_bf). The scratch
// copy of the occupancy made when the request is split is not counted. No release work.
#include "fit.hpp"
#include "partition.hpp"

namespace alloclab {

// One step of Fig. 1's partitioning (exposed for tests).
std::pair<Shape, Shape> pald_split(Shape s) {
  if (s.w >= s.h) return {Shape{s.w - 1, s.h}, Shape{1, s.h}};
  return {Shape{s.w, s.h - 1}, Shape{s.w, 1}};
}

namespace {

template <bool BestFit>
class Pald final : public StrategyBase<Pald<BestFit>> {
 public:
  explicit Pald(const StrategyParams& p) : max_blocks_(p.max_blocks) {}
  std::optional<Allocation> allocate(const Request& req, const Occupancy& occ, Rng&) override {
    bool follows = false;  // after the first search, each is on the scratch with the blocks found since taken
    auto counted = [this, &follows](const Occupancy& o, Shape s) {
      auto b = BestFit ? bf_memo_.find(o, s, this->ops_) : ff_memo_.find(o, s, this->ops_, follows);
      follows = true;
      return b;
    };
    return partition_allocate(occ, req.shape, max_blocks_, counted, pald_split);
  }
  // Explain mode: the blocks in the order Fig. 1's recursion takes them, numbered, with the
  // sub-requests that found no place before each (explain_partition in partition.hpp).
  Explanation explain(const Request& req, const Occupancy& occ, const Rng&) const override {
    return explain_partition(req, occ, max_blocks_, fit, pald_split, BestFit ? "Best Fit" : "First Fit");
  }

 private:
  static std::optional<Block> fit(const Occupancy& o, Shape s) { return BestFit ? find_bf(o, s) : find_ff(o, s); }
  int max_blocks_;
  BestFitMemo bf_memo_;   // PALD-BF: repeated searches of one shape re-score only what changed
  FirstFitMemo ff_memo_;  // PALD-FF: the pieces' searches share the kept windows
};

}  // namespace

std::unique_ptr<Strategy> make_pald_ff(const Topology&, const StrategyParams& p) { return std::make_unique<Pald<false>>(p); }
std::unique_ptr<Strategy> make_pald_bf(const Topology&, const StrategyParams& p) { return std::make_unique<Pald<true>>(p); }

}  // namespace alloclab
