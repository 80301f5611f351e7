// mbs3d.cpp — the Multiple Buddy Strategy in 3D: octet buddy blocks (non-contiguous).
//
// Lo, Windisch, Liu & Nitzberg 1997 define MBS on a 2D mesh (mbs.cpp): square buddy blocks of
// power-of-two sides, a request for n processors factorised in base 4 and served as that many
// blocks per size. The 3D form follows the octet MBS of the SST scheduler (OctetMBSAllocator):
// blocks are cubes of side 2^i, a cube splits into its eight octants, and n is factorised in
// base 8, n = Σ d_i·8^i; d_i cubes of side 2^i are allocated, largest first. The bookkeeping
// (roots, free lists per size, split, recombine, foreign boxes node by node) is BuddyBlocks
// (buddy_blocks.hpp). The rules follow mbs.cpp, in 3D:
//  * Which block: the free cube of the size with the lowest base in node-id order (z, y, x); a
//    missing size is made from the SMALLEST larger size that has a free block (its lowest
//    block), split down along its lower-left-front octants. If no larger block is free, the
//    remaining d_i requests are each broken into eight requests of side 2^(i−1).
//  * The top digit: for n ≥ 8^(L+1) (L = the largest root level) d_L = ⌊n / 8^L⌋ may exceed 7.
//  * The request succeeds whenever n processors are free (1×1×1 blocks exist at the bottom);
//    max_blocks > 0 (MBPJ) makes it fail when more blocks would be needed.
//  * allocate() only decides: its trial splits are undone, and allocated() carves the decided
//    blocks out (splitting the same blocks).
//  * On a machine of depth 1 the blocks are squares, digits base 4, and the decisions are those
//    of 2D MBS (a test checks it). On a torus the same blocks are used (they never wrap).
//
// Counted work: one operation = one free-list operation (look-up, insert or erase — the trial
// splits inside allocate and their undo included) or one factor digit served; the bookkeeping
// after the decision and on release counts as BuddyBlocks states.
#include "buddy_blocks.hpp"

namespace alloclab {
namespace {

constexpr int kMaxLevels = 32;

class MultipleBuddy3D final : public BuddyBlocksStrategy<MultipleBuddy3D> {
 public:
  MultipleBuddy3D(const Topology& t, const StrategyParams& p) : BuddyBlocksStrategy(t), max_blocks_(p.max_blocks) {}

  std::optional<Allocation> allocate(const Request& req, const Occupancy& occ, Rng&) override {
    const int need = req.shape.area();
    if (occ.free_count() < need || bb_.free_nodes() < need) return std::nullopt;
    const int L = bb_.top(), bits = bb_.dims();
    int d[kMaxLevels];  // base-2^dims digits of need; d[L] may exceed 2^dims − 1
    d[L] = int((long long)need >> (bits * L));
    for (int i = 0; i < L; ++i) d[i] = (need >> (bits * i)) & (bb_.arity() - 1);
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

 private:
  int max_blocks_;
};

}  // namespace

std::unique_ptr<Strategy> make_mbs3d(const Topology& t, const StrategyParams& p) { return std::make_unique<MultipleBuddy3D>(t, p); }

// For tests: the free blocks of a 3D MBS strategy (empty if `s` is not one).
std::vector<Block> mbs3d_free_blocks(const Strategy& s) {
  if (auto* m = dynamic_cast<const MultipleBuddy3D*>(&s)) return m->blocks().free_blocks();
  return {};
}

}  // namespace alloclab
