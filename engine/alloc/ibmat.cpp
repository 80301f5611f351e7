// ibmat.cpp — Improved Bit-Map Allocation for Torus (IBMAT), as Jakimczuk,
// Kmiecik, Pozniak-Koszalka & Kasprzak, "Task Allocation Algorithms for 2D Torus
// Architecture", ICN 2013, §III, describe it, after Yoo & Das's IFF for meshes.
//
// For an incoming J(p,q) the busy array B is turned into a coverage array CT: node <c,r> is
// covered when a p×q sub-torus based there would overlap a busy node. Each busy sub-torus's
// coverage ζ has three regions (Fig. 4): the job coverage (its own nodes), the left coverage
// (the p−1 columns to its left, over its rows) and the bottom coverage (the q−1 rows below
// the job and left coverage). CT is built in two passes, as §III says:
//  * rows, right to left, each row twice: a counter of consecutive free nodes to the right
//    (wrapping round the row) marks a free node as Left when fewer than p free nodes start at
//    it. The first sweep only primes the counter with the nodes that wrap past the right edge
//    (we shortcut it: all it leaves behind is the free run starting at x = 0, at most p long);
//    the second writes the marks. This covers Fig. 3's cases where the block wraps in x.
//  * columns, top to bottom, each column twice, the same with "row-pass-uncovered" cells and
//    q, marking Bottom coverage (the cases where the block wraps in y).
// A node left uncovered is a base of a free p×q sub-torus; the cost is O(W·H) per orientation.
//
// Choices where the paper is unclear:
//  * Which uncovered node is allocated: the first in row-major order from the bottom row
//    (y ascending, x ascending within a row) — the lowest leftmost base, as FF/IFF scan.
//  * Region labels when regions overlap (only visible through ibmat_coverage): Job, then Left,
//    then Bottom; a Bottom cell is one whose nearest non-base cell above (within q−1 rows)
//    comes from the row pass.
//  * B is read from the occupancy (it is the machine's busy array); IBMAT keeps no other state.
//  * Rotation (§III): J(p,q) first; if no base and p ≠ q, J(q,p); otherwise the job fails.
//    With both orientations IBMAT is recognition complete: it fails only when no free p×q or
//    q×p sub-torus exists.
//  * Mesh: IBMAT degrades to IFF. Rows and columns are swept once (nothing wraps), and nodes
//    from which the block would cross the right or top edge are covered as Edge. Still
//    recognition complete, so `mesh` is true in the registry.
//
// Counted work: one operation = one cell of the coverage array CT written or read — the row
// pass (W·H), the column pass (W·H on a mesh, 2·W·H on a torus: two sweeps), then the cells
// read up to the first base; per orientation tried: Θ(N) as Jakimczuk et al. 2013 implies. No release work.
#include <algorithm>
#include <string>
#include "strategy.hpp"
#include "torus_views.hpp"

namespace alloclab {
namespace {

// Builds CT for J(p,q) into `ct` (row-major). Requires 1 ≤ p ≤ W, 1 ≤ q ≤ H. `run` and
// `stop` are scratch (one entry per column).
void build_coverage(const Occupancy& occ, int p, int q, std::vector<Coverage>& ct, std::vector<int>& run,
                    std::vector<Coverage>& stop) {
  const int W = occ.width(), H = occ.height();
  const bool torus = occ.topology().wraps();
  ct.assign(std::size_t(W) * std::size_t(H), Coverage::Base);
  // Row pass: job and left coverage (and the right-edge coverage on a mesh).
  for (int y = 0; y < H; ++y) {
    Coverage* row = ct.data() + std::size_t(y) * std::size_t(W);
    const std::uint64_t* bits = occ.free_row(y);  // bit x set = node (x, y) free
    auto free_at = [bits](int x) -> bool { return (bits[x >> 6] >> (x & 63)) & 1u; };
    // Consecutive free nodes from x rightwards, capped at p. On the torus the first of the
    // two right-to-left sweeps only carries the free run that wraps past the right edge into
    // the second; what it leaves is the free run starting at x = 0, counted here directly.
    int r = 0;
    if (torus)
      while (r < p && free_at(r)) ++r;
    for (int x = W - 1; x >= 0; --x) {
      const bool free = free_at(x);
      r = free ? std::min(r + 1, p) : 0;
      if (!free) row[x] = Coverage::Job;
      else if (r < p) row[x] = (torus || x + r < W) ? Coverage::Left : Coverage::Edge;
    }
  }
  // Column pass: bottom coverage (and the top-edge coverage on a mesh). Every column is swept
  // top to bottom (twice on a torus: the first sweep only primes the counters); the columns
  // advance together, one row at a time, so the array is read row by row.
  run.assign(std::size_t(W), 0);               // consecutive row-pass bases from y upwards (≤ q)
  stop.assign(std::size_t(W), Coverage::Edge);  // kind of the nearest non-base cell above
  int* rn = run.data();
  Coverage* st = stop.data();
  for (int sweep = torus ? 0 : 1; sweep < 2; ++sweep) {
    for (int y = H - 1; y >= 0; --y) {
      Coverage* row = ct.data() + std::size_t(y) * std::size_t(W);
      for (int x = 0; x < W; ++x) {  // branch-free, so that it vectorizes
        const Coverage c = row[x];
        const bool ok = c == Coverage::Base;
        st[x] = ok ? st[x] : c;
        const int r = ok ? std::min(rn[x] + 1, q) : 0;
        rn[x] = r;
        const Coverage below = st[x] == Coverage::Edge ? Coverage::Edge : Coverage::Bottom;
        row[x] = (sweep == 1 && ok && r < q) ? below : c;
      }
    }
  }
}

class Ibmat final : public StrategyBase<Ibmat> {
 public:
  std::optional<Allocation> allocate(const Request& req, const Occupancy& occ, Rng&) override {
    const int W = occ.width();
    for (Shape s : {req.shape, req.shape.rotated()}) {
      if (s.w <= W && s.h <= occ.height()) {
        build_coverage(occ, s.w, s.h, ct_, run_, stop_);
        const auto it = std::find(ct_.begin(), ct_.end(), Coverage::Base);
        // row pass + one or two column sweeps over every cell, then the cells read by the find
        count(Ops(ct_.size()) * (occ.topology().wraps() ? 3 : 2) + Ops(it - ct_.begin()) + (it != ct_.end()));
        if (it != ct_.end()) {
          const int i = int(it - ct_.begin());
          return Allocation{{block_at(i % W, i / W, s)}};
        }
      }
      if (s == s.rotated()) break;
    }
    return std::nullopt;
  }

  // Explain mode: per orientation searched, the coverage array CT after the row pass (job and
  // left coverage) and after the column pass (bottom and edge coverage, the bases left), then
  // the lowest leftmost base; the same build_coverage() as allocate.
  Explanation explain(const Request& req, const Occupancy& occ, const Rng&) const override {
    Explanation e;
    e.steps.push_back(explain_request_step(req, occ));
    const int W = occ.width(), H = occ.height();
    std::vector<Coverage> ct, stop;
    std::vector<int> run;
    // Row runs of the cells of one kind.
    auto runs = [&](Coverage k, std::vector<Block>& out) {
      int n = 0;
      for (int y = 0; y < H; ++y)
        for (int x = 0; x < W;) {
          if (ct[std::size_t(y) * W + x] != k) { ++x; continue; }
          int x2 = x + 1;
          while (x2 < W && ct[std::size_t(y) * W + x2] == k) ++x2;
          out.push_back(Block{x, y, x2 - x, 1});
          n += x2 - x;
          x = x2;
        }
      return n;
    };
    for (Shape s : {req.shape, req.shape.rotated()}) {
      if (s.w <= W && s.h <= H) {
        build_coverage(occ, s.w, s.h, ct, run, stop);
        const std::string J = "J(" + std::to_string(s.w) + "," + std::to_string(s.h) + ")";
        ExplainStep a;
        a.title = "Row pass " + std::to_string(s.w) + "x" + std::to_string(s.h);
        runs(Coverage::Job, a.layer(ExplainRole::Busy).blocks);
        const int left = runs(Coverage::Left, a.layer(ExplainRole::Coverage).blocks);
        a.caption = J + ", row pass (right to left" + std::string(occ.topology().wraps() ? ", wrapping" : "") + "): " +
                    std::to_string(left) + " free nodes have fewer than " + std::to_string(s.w) + " free nodes from them rightwards: left coverage.";
        e.steps.push_back(std::move(a));
        ExplainStep b;
        b.title = "Column pass " + std::to_string(s.w) + "x" + std::to_string(s.h);
        runs(Coverage::Job, b.layer(ExplainRole::Busy).blocks);
        runs(Coverage::Left, b.layer(ExplainRole::Coverage).blocks);
        const int bottom = runs(Coverage::Bottom, b.layer(ExplainRole::Coverage).blocks);
        const int edge = runs(Coverage::Edge, b.layer(ExplainRole::Reject).blocks);
        const int bases = runs(Coverage::Base, b.layer(ExplainRole::FreeBase).blocks);
        b.caption = J + ", column pass (top to bottom): " + std::to_string(bottom) + " more covered below busy or left coverage" +
                    (occ.topology().wraps() ? "" : ", " + std::to_string(edge) + " would cross the mesh edge") + "; " +
                    std::to_string(bases) + " uncovered base" + (bases == 1 ? "" : "s") + " left.";
        const auto it = std::find(ct.begin(), ct.end(), Coverage::Base);
        if (it != ct.end()) {
          const int i = int(it - ct.begin());
          e.decision = Allocation{{block_at(i % W, i / W, s)}};
          b.layer(ExplainRole::Chosen).blocks = e.decision->blocks;
          b.caption += " The lowest leftmost is taken.";
        }
        e.steps.push_back(std::move(b));
        if (e.decision) break;
      }
      if (s == s.rotated()) break;
    }
    e.steps.push_back(explain_decision_step(e.decision, req));
    return e;
  }

 private:
  std::vector<Coverage> ct_;    // scratch: coverage array
  std::vector<int> run_;        // scratch: column pass counters
  std::vector<Coverage> stop_;  // scratch: column pass stoppers
};

}  // namespace

std::vector<Coverage> ibmat_coverage(const Occupancy& occ, Shape s) {
  std::vector<Coverage> ct, stop;
  std::vector<int> run;
  if (s.w < 1 || s.h < 1 || s.w > occ.width() || s.h > occ.height()) return ct;
  build_coverage(occ, s.w, s.h, ct, run, stop);
  return ct;
}

std::unique_ptr<Strategy> make_ibmat(const Topology&, const StrategyParams&) { return std::make_unique<Ibmat>(); }

}  // namespace alloclab
