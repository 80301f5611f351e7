// iblat.cpp — Improved Busy List Allocation for Torus (IBLAT), as seed 004 (Jakimczuk et al.,
// ICN 2013) §III describes it, after the IAS scheme for meshes (Zydek & Selvaraj).
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
//    We give the same answer faster: row by row from the bottom, the ζ covering that row are
//    cut into x-intervals (a wrapping one into two), sorted, and the first uncovered x is taken
//    — O(H·|C_J|·log|C_J|). The base chosen is the lowest leftmost uncovered node (y
//    ascending, then x), as FF/IAS scan.
//  * The busy list is kept from the allocated/released hooks, one entry per block of each
//    allocation (so busy sub-tori reported by `place`, wrapping or not, are in it too); it is
//    ordered by job id. The occupancy passed to allocate is not read.
//  * Rotation (§III): J(p,q) first, then J(q,p) if p ≠ q. With both IBLAT is recognition
//    complete (§III): it fails only when no free p×q or q×p sub-torus exists.
//  * Mesh: IBLAT degrades to IAS: ζ does not wrap (clipped at 0) and bases whose block would
//    cross the right or top edge are excluded by scanning only x ≤ W−p, y ≤ H−q. Still
//    recognition complete, so `mesh` is true in the registry.
//
// Counted work: one operation = one busy-list entry read (its coverage built), one coverage
// tested against a row or one covered interval of the row merged, per row examined until the
// first uncovered base: O(B·h) per orientation tried. Release: one (the job's entry erased).
#include <algorithm>
#include <map>
#include <string>
#include <vector>
#include "strategy.hpp"

namespace alloclab {
namespace {

class Iblat final : public StrategyBase<Iblat> {
 public:
  explicit Iblat(const Topology& t) : topo_(t) {}

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
  // left uncovered; first_base() on a copy builds C_J exactly as allocate does.
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
        for (const auto& [job, blocks] : busy_)
          for (const Block& b : blocks) st.layer(ExplainRole::Busy).blocks.push_back(b);
        for (const auto& [cx, cy] : copy.cov_) st.layer(ExplainRole::Coverage).blocks.push_back(Block{cx.lo, cy.lo, cx.len, cy.len});
        if (!topo_.wraps()) {
          auto& rej = st.layer(ExplainRole::Reject).blocks;
          if (s.w > 1) rej.push_back(Block{W - s.w + 1, 0, s.w - 1, H});
          if (s.h > 1) rej.push_back(Block{0, H - s.h + 1, W - s.w + 1, s.h - 1});
        }
        st.caption = "J(" + std::to_string(s.w) + "," + std::to_string(s.h) + "): " +
                     explain_count(int(copy.cov_.size()), "coverage", "coverages") + ", one per busy " + (topo_.wraps() ? "sub-torus" : "submesh") + " (bases whose block would overlap it)" +
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
  }
  void released(JobId job, const Allocation&) override {
    count(1);
    busy_.erase(job);
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
  bool in(const Range& r, int v, int n) const {
    const int d = topo_.wraps() ? ((v - r.lo) % n + n) % n : v - r.lo;
    return d >= 0 && d < r.len;
  }

  bool first_base(Shape s, int& bx, int& by) {
    const int W = topo_.width(), H = topo_.height();
    const int xmax = topo_.wraps() ? W : W - s.w + 1, ymax = topo_.wraps() ? H : H - s.h + 1;
    // Coverage list C_J.
    cov_.clear();
    count(Ops(busy_.size()));
    for (const auto& [job, blocks] : busy_)
      for (const Block& b : blocks)
        cov_.push_back({cover(b.x, b.w, s.w, W), cover(b.y, b.h, s.h, H)});
    for (int y = 0; y < ymax; ++y) {
      iv_.clear();
      count(Ops(cov_.size()) + 1);
      for (const auto& [cx, cy] : cov_) {
        if (!in(cy, y, H)) continue;
        if (cx.lo + cx.len <= W) iv_.push_back({cx.lo, cx.lo + cx.len});
        else {  // wraps past the right edge (torus only)
          iv_.push_back({cx.lo, W});
          iv_.push_back({0, cx.lo + cx.len - W});
        }
      }
      std::sort(iv_.begin(), iv_.end());
      count(Ops(iv_.size()));
      int x = 0;  // first x not yet known to be covered
      for (const auto& [a, b] : iv_) {
        if (a > x) break;
        x = std::max(x, b);
      }
      if (x < xmax) { bx = x; by = y; return true; }
    }
    return false;
  }

  Topology topo_;
  std::map<JobId, std::vector<Block>> busy_;       // the busy list
  std::vector<std::pair<Range, Range>> cov_;       // scratch: coverage list (x range, y range)
  std::vector<std::pair<int, int>> iv_;            // scratch: covered x-intervals of one row
};

}  // namespace

std::unique_ptr<Strategy> make_iblat(const Topology& t, const StrategyParams&) { return std::make_unique<Iblat>(t); }

}  // namespace alloclab
