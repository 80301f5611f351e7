// iblat.cpp — Improved Busy List Allocation for Torus (IBLAT), as Jakimczuk et al. 2013
// (ICN 2013) §III describes it, after the IAS scheme for meshes (Zydek & Selvaraj).
//
// IBLAT keeps a busy list: the busy sub-tori β = [<xb,yb> <xe,ye>] of the running jobs. For an
// incoming J(p,q) it builds the coverage list C_J: for each β its coverage ζβ,J, the set of
// bases whose p×q sub-torus would overlap β. On the torus ζ is again a (possibly wrapping)
// rectangle: columns xb−p+1 … xe and rows yb−q+1 … ye taken modulo W and H, i.e. base
// (xb−p+1) mod W, width min(wβ+p−1, W), likewise in y. Whether ζ wraps in x, in y, in both or
// in neither are exactly the four cases of Fig. 3; storing ζ as base + size handles all four
// with one membership test ((c − x1) mod W < width and (r − y1) mod H < height). A node not in
// any ζ is a base for J.
//
// Choices where the paper is unclear:
//  * Search order and cost: the paper tests every node against the whole C_J (O(W·H·|C_J|)).
//    A node is outside every ζ exactly when its p×q block (wrapping on a torus) meets no busy
//    sub-torus, so we keep the union of the busy list as one bit per node (updated by the
//    allocated/released hooks; the busy sub-tori are disjoint, as the occupancy checks) and
//    take the uncovered bases from the word-parallel free-base query of ff
//    (free_bases_of, occupancy.hpp): O(W·H/64·log(pq)) per orientation instead of a walk of
//    C_J per row. The base chosen is the lowest leftmost uncovered node (y ascending, then
//    x), as FF/IAS scan.
//  * The busy list is kept from the allocated/released hooks, one entry per block of each
//    allocation (so busy sub-tori reported by `place`, wrapping or not, are in it too); it is
//    ordered by job id. The occupancy passed to allocate is not read (the schedulers' searches
//    pass occupancies with extra nodes marked busy; IBLAT sees only its list).
//  * Rotation (§III): J(p,q) first, then J(q,p) if p ≠ q. With both IBLAT is recognition
//    complete (§III): it fails only when no free p×q or q×p sub-torus exists.
//  * Mesh: IBLAT degrades to IAS: ζ does not wrap (clipped at 0) and bases whose block would
//    cross the right or top edge are excluded by scanning only x ≤ W−p, y ≤ H−q. Still
//    recognition complete, so `mesh` is true in the registry.
//
// Counted work models the coverage-list walk, row by row from the bottom: one operation = one
// busy-list entry read (its coverage built), then per row examined until the first uncovered
// base (every row when there is none) one per coverage tested against the row, one for the
// row, and one per covered x-interval of the row merged (a ζ wrapping in x gives two):
// O(B·h) per orientation tried. The per-row sums are taken in closed form from the coverages
// (walk_ops), not by walking. Release: one (the job's entry erased).
#include <algorithm>
#include <map>
#include <string>
#include <vector>
#include "strategy.hpp"

namespace alloclab {
namespace {

class Iblat final : public StrategyBase<Iblat> {
 public:
  explicit Iblat(const Topology& t) : topo_(t), wpr_((t.width() + 63) / 64), free_(std::size_t(wpr_) * t.height(), 0) {
    for (int y = 0; y < t.height(); ++y) set_bits(y, 0, t.width() - 1, true);
  }

  std::optional<Allocation> allocate(const Request& req, const Occupancy&, Rng&) override {
    for (Shape s : {req.shape, req.shape.rotated()}) {
      if (s.w <= topo_.width() && s.h <= topo_.height()) {
        int x, y;
        if (first_base(s, x, y)) return Allocation{{block_at(x, y, s)}};
      }
      if (s == s.rotated()) break;
    }
    return std::nullopt;
  }
  // Explain mode: per orientation searched, the busy list and its coverage list C_J (each ζ a
  // rectangle, wrapping on a torus), the edge bases on a mesh, then the lowest leftmost base
  // left uncovered (first_base() on a copy, as allocate searches).
  Explanation explain(const Request& req, const Occupancy& occ, const Rng&) const override {
    Iblat copy = *this;
    Explanation e;
    e.steps.push_back(explain_request_step(req, occ));
    const int W = topo_.width(), H = topo_.height();
    for (Shape s : {req.shape, req.shape.rotated()}) {
      if (s.w <= W && s.h <= H) {
        int x = 0, y = 0;
        const bool found = copy.first_base(s, x, y);
        ExplainStep st;
        st.title = "Coverage list " + std::to_string(s.w) + "x" + std::to_string(s.h);
        int ncov = 0;
        for (const auto& [job, blocks] : busy_)
          for (const Block& b : blocks) {
            st.layer(ExplainRole::Busy).blocks.push_back(b);
            const Range cx = cover(b.x, b.w, s.w, W), cy = cover(b.y, b.h, s.h, H);
            st.layer(ExplainRole::Coverage).blocks.push_back(Block{cx.lo, cy.lo, cx.len, cy.len});
            ++ncov;
          }
        if (!topo_.wraps()) {
          auto& rej = st.layer(ExplainRole::Reject).blocks;
          if (s.w > 1) rej.push_back(Block{W - s.w + 1, 0, s.w - 1, H});
          if (s.h > 1) rej.push_back(Block{0, H - s.h + 1, W - s.w + 1, s.h - 1});
        }
        st.caption = "J(" + std::to_string(s.w) + "," + std::to_string(s.h) + "): " +
                     explain_count(ncov, "coverage", "coverages") + ", one per busy " + (topo_.wraps() ? "sub-torus" : "submesh") + " (bases whose block would overlap it)" +
                     (topo_.wraps() ? "" : ", and the bases whose block would cross the mesh edge");
        if (found) {
          e.decision = Allocation{{block_at(x, y, s)}};
          st.layer(ExplainRole::Chosen).blocks = e.decision->blocks;
          st.caption += "; the lowest leftmost base outside them all is (" + std::to_string(x) + ", " + std::to_string(y) + ").";
        } else {
          st.caption += "; they cover every base.";
        }
        e.steps.push_back(std::move(st));
        if (found) break;
      }
      if (s == s.rotated()) break;
    }
    e.steps.push_back(explain_decision_step(e.decision, req));
    return e;
  }

  void allocated(JobId job, const Allocation& a) override {
    auto& v = busy_[job];
    v.insert(v.end(), a.blocks.begin(), a.blocks.end());
    blocks_ += a.blocks.size();
    for (const Block& b : a.blocks) mark(b, false);
  }
  void released(JobId job, const Allocation&) override {
    count(1);
    auto it = busy_.find(job);
    if (it == busy_.end()) return;
    for (const Block& b : it->second) mark(b, true);
    blocks_ -= it->second.size();
    busy_.erase(it);
  }

 private:
  struct Range { int lo, len; };  // [lo, lo+len) modulo the side (torus) or plain (mesh)

  // Coverage of [b, b+len) with respect to a request side k along an axis of length n.
  Range cover(int b, int len, int k, int n) const {
    if (topo_.wraps()) {
      const int lo = ((b - k + 1) % n + n) % n;
      return {lo, std::min(len + k - 1, n)};
    }
    const int lo = std::max(0, b - k + 1);
    return {lo, b + len - lo};
  }

  // The lowest leftmost base of a p×q block meeting no busy sub-torus (mesh: inside the mesh).
  bool first_base(Shape s, int& bx, int& by) {
    (void)free_bases_of(free_.data(), topo_, s.w, s.h, mask_, scratch_);
    const bool found = mask_.first(bx, by);
    const int ymax = topo_.wraps() ? topo_.height() : topo_.height() - s.h + 1;
    count(walk_ops(s, found ? by + 1 : ymax));
    return found;
  }

  // The operations of the coverage-list walk for J(s) that examines rows 0 .. rows−1: the list
  // read (one per entry), then per row every coverage tested plus one, and each covered
  // x-interval merged — a coverage covering the row gives one interval, two if it wraps past
  // the right edge — summed here per coverage over the rows it covers.
  Ops walk_ops(Shape s, int rows) const {
    const int W = topo_.width(), H = topo_.height();
    Ops n = Ops(busy_.size()) + Ops(rows) * (Ops(blocks_) + 1);
    for (const auto& [job, blocks] : busy_)
      for (const Block& b : blocks) {
        const Range cx = cover(b.x, b.w, s.w, W), cy = cover(b.y, b.h, s.h, H);
        int hit = 0;  // rows of [0, rows) inside cy
        if (topo_.wraps())
          for_each_ring_range(cy.lo, cy.len, H, [&](int a, int c) { hit += std::max(0, std::min(c, rows - 1) - a + 1); });
        else
          hit = std::max(0, std::min(cy.lo + cy.len, rows) - cy.lo);
        n += Ops(cx.lo + cx.len > W ? 2 : 1) * hit;
      }
    return n;
  }

  // The block's nodes (wrapping on a torus) marked free or busy in free_.
  void mark(const Block& b, bool free) {
    const int W = topo_.width(), H = topo_.height();
    for (int j = 0; j < b.h; ++j)
      for_each_ring_range(b.x, b.w, W, [&](int x0, int x1) { set_bits((b.y + j) % H, x0, x1, free); });
  }
  void set_bits(int y, int x0, int x1, bool free) {  // [x0, x1] inclusive
    std::uint64_t* row = free_.data() + std::size_t(y) * std::size_t(wpr_);
    for (int x = x0; x <= x1;) {
      const int k = x >> 6, lo = x & 63, hi = std::min(64, lo + (x1 + 1 - x));
      const std::uint64_t m = (hi == 64 ? ~std::uint64_t(0) : (std::uint64_t(1) << hi) - 1) & (~std::uint64_t(0) << lo);
      row[k] = free ? row[k] | m : row[k] & ~m;
      x += hi - lo;
    }
  }

  Topology topo_;
  int wpr_;                                        // words per row of free_
  std::vector<std::uint64_t> free_;                // union of the busy list: bit set = node free
  std::map<JobId, std::vector<Block>> busy_;       // the busy list
  std::size_t blocks_ = 0;                         // busy sub-tori in the list (|C_J|)
  BaseMask mask_;                                  // scratch: uncovered bases of one orientation
  std::vector<std::uint64_t> scratch_;             // scratch of free_bases_of
};

}  // namespace

std::unique_ptr<Strategy> make_iblat(const Topology& t, const StrategyParams&) { return std::make_unique<Iblat>(t); }

}  // namespace alloclab
