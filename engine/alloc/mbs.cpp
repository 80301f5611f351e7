// mbs.cpp — Multiple Buddy Strategy (Lo, Windisch, Liu & Nitzberg, IEEE TPDS 8(7), 1997; as
// summarised in Bani-Ahmad 2013 §II.B), on 2D machines (`mbs`) and, with octet buddy cubes, on
// 3D ones (`mbs3d`, the octet MBS of the SST scheduler's OctetMBSAllocator). Non-contiguous.
//
// The machine is divided once into non-overlapping root blocks whose sides are powers of two —
// squares in 2D, cubes in 3D — and every root is a buddy tree: a block of side 2^i splits into
// its 2^dims buddies of side 2^(i−1) (four quadrants, eight octants). The strategy keeps one
// free-block list per size (FBR[i]: free blocks of side 2^i). A request for n = p·q(·r)
// processors is factorised in base 4 (base 8 in 3D), n = Σ d_i·4^i, and d_i blocks of side 2^i
// are allocated, largest first. A missing block of side 2^i is made by splitting the smallest
// larger free block into its buddies, repeatedly; if no larger block is free either, the
// remaining d_i requests are each broken into four (eight) requests of side 2^(i−1). On release
// a block goes back to its list and is merged with its buddies whenever all are free,
// recursively. The bookkeeping (roots, free lists, split, recombine) is BuddyBlocks
// (buddy_blocks.hpp), shared with 3D Buddy. Choices where the paper is unclear or silent:
//  * Initial division of a W×H(×D) machine (any size): greedily, the largest power-of-two side
//    s that fits every side tiles the lower-left(-front) part of the region; the strips to the
//    right, above (and behind) are divided the same way, recursively (buddy_blocks.hpp). Roots
//    are never merged with each other.
//  * The top digit: for n ≥ 4^(L+1) (L = largest root level) d_L = ⌊n / 4^L⌋ may exceed 3
//    (⌊n / 8^L⌋ may exceed 7 in 3D).
//  * Which block: the free block of the size with the lowest base in node-id order (row-major
//    from the bottom row; layer by layer in 3D); a missing size is made from the SMALLEST larger
//    size that has a free block (again its lowest-base block), splitting it down along its
//    lower-left(-front) buddies.
//  * The request succeeds whenever n processors are free (1×1 blocks exist at the bottom);
//    max_blocks > 0 (MBPJ) makes it fail when more blocks would be needed.
//  * allocate() does not keep its trial splits: they are undone, and allocated() re-applies
//    the decision (splitting exactly the same blocks). A busy rectangle or box that is not one
//    of our buddy blocks (the CLI `place` command, tests) is handled node by node: every buddy
//    block containing a node of it is split down to single nodes and that node removed; on its
//    release the nodes return as single blocks and merge back with their buddies.
//  * On a torus the same blocks are used (they never wrap); foreign wrapping rectangles are
//    handled node by node as above.
//  * `mbs3d` on a machine of depth 1 is `mbs` (the same object; both rows exist so that the 2D
//    row keeps its place, promise and fingerprints).
//
// Explain: the request's size in base 4 (8), the blocks it asks for by side, over the free
// buddy blocks, then the decision's blocks numbered in allocation order.
//
// Counted work: one operation = one free-list operation (look-up, insert or erase — the
// trial splits inside allocate and their undo included) or one factor digit served; the
// bookkeeping after the decision (carving the blocks out) and on release (giving them back and
// recombining: 2^dims look-ups per level) counts the same way.
#include <string>
#include <vector>
#include "buddy_blocks.hpp"
#include "explain.hpp"

namespace alloclab {
namespace {

constexpr int kMaxLevels = 32;  // levels 0..L; L <= 10 for the largest machine (1024)

// Base-2^bits digits of n for root levels 0..L (d[L] may exceed 2^bits − 1).
void mbs_digits(int n, int L, int bits, int* d) {
  d[L] = int((long long)n >> (bits * L));
  for (int i = 0; i < L; ++i) d[i] = (n >> (bits * i)) & ((1 << bits) - 1);
}

class MultipleBuddy final : public BuddyBlocksStrategy<MultipleBuddy> {
 public:
  MultipleBuddy(const Topology& t, const StrategyParams& p) : BuddyBlocksStrategy(t), max_blocks_(p.max_blocks) {}

  std::optional<Allocation> allocate(const Request& req, const Occupancy& occ, Rng&) override {
    const int need = req.shape.area();
    if (occ.free_count() < need || bb_.free_nodes() < need) return std::nullopt;
    const int L = bb_.top();
    int d[kMaxLevels];  // the digits, without allocating
    mbs_digits(need, L, bb_.dims(), d);
    bb_.begin_trial();
    Allocation a;
    bool ok = true;
    for (int i = L; i >= 0 && ok; --i) {
      while (d[i] > 0) {
        count(1);
        const IdSet& fl = bb_.free_list(i);
        if (!fl.empty()) {
          if (max_blocks_ > 0 && int(a.blocks.size()) >= max_blocks_) { ok = false; break; }
          const int base = fl.first();
          bb_.take(i, base);
          a.blocks.push_back(bb_.block(i, base));
          --d[i];
          continue;
        }
        int j = i + 1;
        while (j <= L && bb_.free_list(j).empty()) ++j, count(1);
        if (j <= L) {  // split the lowest block of the smallest larger size down to level i
          const int base = bb_.free_list(j).first();
          for (int l = j; l > i; --l) bb_.split(l, base);  // the lower-left-front child keeps the base id
          continue;
        }
        if (i == 0) { ok = false; break; }  // cannot happen: free_nodes() >= need
        d[i - 1] += bb_.arity() * d[i];
        d[i] = 0;
      }
    }
    bb_.undo();
    count(bb_.drain_ops());
    if (!ok) return std::nullopt;
    return a;
  }

  Explanation explain(const Request& req, const Occupancy& occ, const Rng& rng) const override {
    Explanation e;
    e.steps.push_back(explain_request_step(req, occ));
    const int need = req.shape.area(), L = bb_.top(), base = bb_.arity();
    int d[kMaxLevels];
    mbs_digits(need, L, bb_.dims(), d);
    ExplainStep st;
    st.title = "Factor";
    st.layer(ExplainRole::Candidate).blocks = bb_.free_blocks();
    // (captions appended piecewise: a chain of operator+ trips GCC 12's false -Wrestrict warning)
    std::string sum, asks;
    for (int i = L; i >= 0; --i) {
      if (d[i] == 0) continue;
      sum += sum.empty() ? "" : " + ";
      sum += std::to_string(d[i]);
      sum += " x ";
      sum += std::to_string(1 << (bb_.dims() * i));
      asks += asks.empty() ? "" : ", ";
      asks += std::to_string(d[i]);
      asks += " of side ";
      asks += std::to_string(1 << i);
    }
    st.caption = std::to_string(need);
    st.caption += " processors = ";
    st.caption += sum;
    st.caption += " (base " + std::to_string(base) + "): blocks ";
    st.caption += asks;
    st.caption += ", largest first, each the free block of its side with the lowest base. A missing side is split from the "
                  "smallest larger free block; with none larger, each missing block becomes " +
                  std::to_string(base) + " blocks of half its side. ";
    st.caption += explain_count(int(st.layer(ExplainRole::Candidate).blocks.size()), "free buddy block", "free buddy blocks");
    st.caption += " hold " + std::to_string(bb_.free_nodes()) + " processors.";
    e.steps.push_back(std::move(st));
    e.decision = explain_decide(*this, req, occ, rng);
    e.steps.push_back(explain_decision_step(e.decision, req, occ.depth()));
    return e;
  }

 private:
  int max_blocks_;
};

}  // namespace

// Base-4 digits of n for root levels 0..L (d[L] may exceed 3). Exposed for tests.
std::vector<int> mbs_factor(int n, int L) {
  std::vector<int> d(std::size_t(L) + 1, 0);
  mbs_digits(n, L, 2, d.data());
  return d;
}

std::unique_ptr<Strategy> make_mbs(const Topology& t, const StrategyParams& p) { return std::make_unique<MultipleBuddy>(t, p); }
std::unique_ptr<Strategy> make_mbs3d(const Topology& t, const StrategyParams& p) { return std::make_unique<MultipleBuddy>(t, p); }

// For tests: the free blocks of an MBS strategy, 2D or 3D (empty if `s` is not one).
std::vector<Block> mbs_free_blocks(const Strategy& s) {
  if (auto* m = dynamic_cast<const MultipleBuddy*>(&s)) return m->blocks().free_blocks();
  return {};
}

}  // namespace alloclab
