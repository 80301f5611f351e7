// bl.cpp — Busy List best fit (Das Sharma & Pradhan, ICPP 1993 / JPDC 1996), as Srisawat & Alexandridis 1999 §2.6
// and Srinivasan et al. 2004 §III (its coverage-set vocabulary, Definitions 3–4) describe it.
//
// The strategy keeps the busy list: the blocks reported through allocated(), removed by
// released() (the CLI `place` command reports pre-existing busy blocks the same way). For a
// request r×c it considers both orientations, S(p, q) = S(r, c) and S(c, r). For each, the
// coverage set Ξ_T is computed from the busy list — for β = <a,b>,<c,d> the bases
// <a-p+1, b-q+1> .. <c, d> — together with the reject area Δ_T (bases with x > w-p or
// y > h-q); bases in neither are free. Candidate sub-meshes are created from the corners of
// every busy sub-mesh: the up-to-8 placements that sit against β and line up with one of its
// corners — bases x ∈ {a-p, c+1, a, c-p+1} combined with y ∈ {b-q, d+1, b, d-q+1} — and the
// same from the four mesh corners (x ∈ {0, w-p}, y ∈ {0, h-q}). Every free candidate gets its
// boundary value (BV): the number of nodes just outside its four sides that are busy or beyond
// the mesh edge (boundary_contact() in strategy.hpp, the same count as MFA's optimality index).
// The free candidate with the maximum BV is allocated.
//
// Choices where the description is unclear:
//  * Candidate set. The coordinates above are not paired per submesh: every candidate column
//    is combined with every candidate row (a superset of the per-submesh corner placements).
//    This costs no more in practice — the free candidates are found by ANDing each candidate
//    row of the free-base bitmap with a bitmap of candidate columns — and it makes BL
//    recognition complete as the paper claims: any free block slid left and down until it
//    stops has x ∈ {0} ∪ {c+1} and y ∈ {0} ∪ {d+1}, which are candidate coordinates.
//  * Ties (Srisawat & Alexandridis 1999 notes BL has many equal-BV candidates) go to the requested orientation,
//    then the lowest row, then the leftmost column.
//  * BV counts busy nodes and edge nodes alike; corners are not counted.
//  * Torus: there is no reject area and no edge; coverage areas and candidate coordinates are
//    taken modulo the sides (a coverage may wrap), blocks may wrap, and column/row 0 stand in
//    for the mesh corners. Completeness carries over: a free block slid left (down) until it
//    stops has x = c+1 (y = d+1) of the busy block that stops it, or any x (y) — so also 0 —
//    when nothing does.
//
// Counted work: one operation = one busy-list entry read, one 64-bit word of the free-base
// bitmap set up or of a coverage area's row marked, the four candidate columns and four
// candidate rows of an entry recorded (eight), one word of a candidate row read, or one
// perimeter node examined when a free corner candidate's boundary value is computed (2(p+q)
// per candidate); per orientation tried.
// Bookkeeping and release: as BusyListStrategy (strategy.hpp).
#include <algorithm>
#include <cstdint>
#include <vector>
#include "strategy.hpp"

namespace alloclab {
namespace {

using Word = std::uint64_t;

// Sets (v = true) or clears bits [x1, x2] of a row of words.
void fill_bits(Word* row, int x1, int x2, bool v) {
  for (int x = x1; x <= x2;) {
    const int k = x >> 6, off = x & 63;
    const int take = std::min(64 - off, x2 - x + 1);
    const Word m = (take == 64 ? ~Word(0) : ((Word(1) << take) - 1)) << off;
    if (v) row[k] |= m;
    else row[k] &= ~m;
    x += take;
  }
}

class BusyList final : public BusyListStrategy<BusyList> {
 public:
  std::optional<Allocation> allocate(const Request& req, const Occupancy& occ, Rng&) override {
    int best = -1;
    Block pick;
    for (Shape s : {req.shape, req.shape.rotated()}) {
      search(occ, s, best, pick);
      if (s == s.rotated()) break;
    }
    if (best < 0) return std::nullopt;
    return Allocation{{pick}};
  }

 private:

  // Updates (best, pick) with the free candidates of orientation s whose BV beats best.
  void search(const Occupancy& occ, Shape s, int& best, Block& pick) {
    const int W = occ.width(), H = occ.height(), p = s.w, q = s.h;
    if (p > W || q > H) return;
    const bool wrap = occ.topology().wraps();
    const int xmax = wrap ? W - 1 : W - p, ymax = wrap ? H - 1 : H - q, wpr = (W + 63) / 64;
    // Free bases = not in the reject area and not in any coverage.
    free_.assign(std::size_t(wpr) * (ymax + 1), 0);
    for (int y = 0; y <= ymax; ++y) fill_bits(&free_[std::size_t(y) * wpr], 0, xmax, true);
    xs_.assign({0, xmax});
    rows_.assign(std::size_t(ymax / 64 + 1), 0);  // the candidate rows, as bits (ascending order for free)
    auto add_row = [&](int y) { rows_[std::size_t(y >> 6)] |= Word(1) << (y & 63); };
    add_row(0);
    add_row(ymax);
    auto ring = [](int v, int n) { return ((v % n) + n) % n; };
    count(9 * Ops(busy_.size()) + 2 * Ops(ymax + 1) * wpr);
    for (const Busy& e : busy_) {
      const int a = e.block.x, b = e.block.y, c = a + e.block.w - 1, d = b + e.block.h - 1;
      if (wrap) {  // coverage <a-p+1, b-q+1> .. <c, d> modulo the sides
        for_each_ring_range(b - q + 1, e.block.h + q - 1, H, [&](int y1, int y2) {
          for (int y = y1; y <= y2; ++y)
            for_each_ring_range(a - p + 1, e.block.w + p - 1, W,
                                [&](int x1, int x2) { fill_bits(&free_[std::size_t(y) * wpr], x1, x2, false), count(x2 / 64 - x1 / 64 + 1); });
        });
        for (int x : {a - p, c + 1, a, c - p + 1}) xs_.push_back(ring(x, W));
        for (int y : {b - q, d + 1, b, d - q + 1}) add_row(ring(y, H));
        continue;
      }
      const int x1 = std::max(0, a - p + 1), x2 = std::min(xmax, c);
      for (int y = std::max(0, b - q + 1); y <= std::min(ymax, d) && x1 <= x2; ++y, count(x2 / 64 - x1 / 64 + 1))
        fill_bits(&free_[std::size_t(y) * wpr], x1, x2, false);
      for (int x : {a - p, c + 1, a, c - p + 1})
        if (x >= 0 && x <= xmax) xs_.push_back(x);
      for (int y : {b - q, d + 1, b, d - q + 1})
        if (y >= 0 && y <= ymax) add_row(y);
    }
    cols_.assign(std::size_t(wpr), 0);
    for (int x : xs_) cols_[std::size_t(x >> 6)] |= Word(1) << (x & 63);
    for (std::size_t w = 0; w < rows_.size(); ++w)
      for (Word rm = rows_[w]; rm; rm &= rm - 1) {
        const int y = int(w * 64) + __builtin_ctzll(rm);
        const Word* r = &free_[std::size_t(y) * wpr];
        count(wpr);
        for (int k = 0; k < wpr; ++k)
          for (Word m = r[k] & cols_[std::size_t(k)]; m; m &= m - 1) {
            const Block blk{k * 64 + __builtin_ctzll(m), y, p, q};
            count(2 * (p + q));
            const int bv = boundary_contact(occ, blk);
            if (bv > best) {
              best = bv;
              pick = blk;
            }
          }
      }
  }

  std::vector<Word> free_, cols_, rows_;  // scratch
  std::vector<int> xs_;                   // scratch
};

}  // namespace

std::unique_ptr<Strategy> make_bl(const Topology&, const StrategyParams&) { return std::make_unique<BusyList>(); }

}  // namespace alloclab
