// buddy3d.cpp — 3D Buddy: one cube of side 2^k per job, from buddy free lists (contiguous).
//
// Li & Cheng 1991's 2D buddy system (buddy.cpp) in three dimensions: free blocks are cubes of
// power-of-two sides kept in one free list per size; a cube splits into its eight octants and
// recombines with them when all eight are free (the octet buddies of the SST scheduler's 3D MBS;
// the bookkeeping is BuddyBlocks, buddy_blocks.hpp). Choices:
//  * Rounding: a p×q×r request gets the cube of side 2^k with k = ⌈log2 max(p, q, r)⌉, the
//    smallest buddy cube that holds the box in its requested orientation (and so in any): a
//    non-cube request is rounded up to a cube, and the whole cube is allocated (internal
//    fragmentation shows in the results).
//  * Which cube: the smallest level j ≥ k with a free block, its block with the lowest base in
//    node-id order (z, y, x); while j > k it is split and its lower-left-front octant kept, so
//    the decision is the 2^k cube at that base. allocate() only decides; allocated() splits.
//  * Any machine: 2D buddy needs a square power-of-two mesh; here the machine is first divided
//    into power-of-two root cubes (as 3D MBS does, buddy_blocks.hpp), so a BG/L-like 8×8×16
//    torus is two 8-cubes. A request whose cube exceeds the largest root is never placed. On a
//    machine of depth 1 the blocks are squares (on a square power-of-two mesh: 2D buddy's
//    decisions). On a torus the same blocks are used (they never wrap).
//
// Explain: the request rounded to its cube, the free blocks (those large enough as candidates,
// the smaller ones as too small), the block the decision splits down, then the decision.
//
// Counted work: one operation = one free list looked at (levels k..top), plus the bookkeeping of
// BuddyBlocks after the decision and on release (free-list changes, levels looked at, buddies
// looked up while recombining).
#include <algorithm>
#include <cstdio>
#include "buddy_blocks.hpp"
#include "explain.hpp"

namespace alloclab {
namespace {

class Buddy3D final : public BuddyBlocksStrategy<Buddy3D> {
 public:
  explicit Buddy3D(const Topology& t) : BuddyBlocksStrategy(t) {}

  std::optional<Allocation> allocate(const Request& req, const Occupancy&, Rng&) override {
    const int k = cube_level(req.shape), j = free_level(k);
    count(std::max(0, std::min(j, bb_.top()) - k + 1));  // the free lists looked at (none when k > top)
    if (j > bb_.top()) return std::nullopt;
    return Allocation{{bb_.block(k, bb_.free_list(j).first())}};
  }
  bool repeats_failures() const override { return true; }  // a failure reads the free lists only

  Explanation explain(const Request& req, const Occupancy& occ, const Rng& rng) const override {
    Explanation e;
    e.steps.push_back(explain_request_step(req, occ));
    const int k = cube_level(req.shape), side = 1 << k;
    const char* cube = bb_.dims() == 3 ? "cube" : "square";
    ExplainStep st;
    st.title = "Free buddy blocks";
    int large = 0, small = 0;
    for (const Block& b : bb_.free_blocks()) {
      const bool fits = b.w >= side;
      (fits ? large : small) += 1;
      st.layer(fits ? ExplainRole::Candidate : ExplainRole::Failed).blocks.push_back(b);
    }
    char buf[320];
    std::snprintf(buf, sizeof buf, "The request is rounded up to a %s of side %d; %s of side %d or more, %d smaller. ", cube, side,
                  explain_count(large, "free block", "free blocks").c_str(), side, small);
    st.caption = buf;
    const int j = free_level(k);
    if (j > bb_.top()) {
      st.caption += "None is large enough: the job waits.";
    } else {
      const Block b = bb_.block(j, bb_.free_list(j).first());
      st.layer(ExplainRole::Focus).blocks.push_back(b);
      char at[48];
      if (bb_.dims() == 3) std::snprintf(at, sizeof at, "(%d, %d, %d)", b.x, b.y, b.z);
      else std::snprintf(at, sizeof at, "(%d, %d)", b.x, b.y);
      std::snprintf(buf, sizeof buf, "The smallest of those have side %d; of them, the one with the lowest base %s %s.", 1 << j, at,
                    j > k ? (bb_.dims() == 3 ? "is split down to its lower-left-front corner" : "is split down to its lower-left corner") : "is taken");
      st.caption += buf;
    }
    e.steps.push_back(std::move(st));
    e.decision = explain_decide(*this, req, occ, rng);
    e.steps.push_back(explain_decision_step(e.decision, req, occ.depth()));
    return e;
  }

 private:
  // The smallest level from k up with a free block; top() + 1 if none.
  int free_level(int k) const {
    int j = k;
    while (j <= bb_.top() && bb_.free_list(j).empty()) ++j;
    return j;
  }
  // ⌈log2 max(p, q, r)⌉ (r ignored on depth 1, where blocks are squares).
  int cube_level(Shape s) const {
    const int side = std::max({s.w, s.h, bb_.dims() == 3 ? s.d : 1});
    int k = 0;
    while ((1 << k) < side) ++k;
    return k;
  }
};

}  // namespace

std::unique_ptr<Strategy> make_buddy3d(const Topology& t, const StrategyParams&) { return std::make_unique<Buddy3D>(t); }

}  // namespace alloclab
