// qa.cpp — Quick Allocation (Yoo & Das, IEEE Trans. Computers 1997), as Srinivasan et al. 2004 §III.G and
// Srisawat & Alexandridis 1999 §2.8 describe it.
//
// QA keeps the busy list (the blocks reported through allocated()/released()). For a request
// T(p, q) it computes the coverage submesh of every busy submesh β = <a,b>,<c,d>
// (bases <a-p+1, b-q+1> .. <c, d>, clipped to the mesh) and the reject areas (bases with
// x > w-p or y > h-q). The coverage submeshes are sorted in non-decreasing order of their left
// column; then one sweep over them fills a last_covered array with one entry per row:
// last_covered[y] is the rightmost column covered by a contiguous run of coverage starting at
// column 0 of row y. While the coverage submeshes arrive left to right, a submesh that starts
// beyond last_covered[y] + 1 leaves a gap, and the row is closed: its first free base is
// last_covered[y] + 1. Rows are then examined from the bottom (y = 0) upwards and the first row
// whose first free base lies outside the reject area gives the allocation. The cost is
// O(B log B + Σ(height of coverage)) instead of a scan of all nodes.
//
// Choices: Srisawat & Alexandridis 1999 calls QA "best fit", but both papers describe the search as "for each row
// ... find a free sub-system ... and allocate it", i.e. the first free base row by row —
// Srinivasan et al. 2004 says the idea is that of First Fit. We therefore return the lowest, then leftmost
// free base (the same base as AS/FF). Recognition completeness comes from rotation: the
// requested orientation first, then the rotated one.
// Torus: no reject area; a coverage submesh is taken modulo the sides and split into at most
// four plain rectangles (for_each_ring_range), so the same row sweep finds the lowest, then
// leftmost base of a free sub-torus, which may wrap.
//
// Counted work: one operation = one busy-list entry read (its coverage computed), one coverage
// moved by the sort by x1 (⌈log2(n+1)⌉ per coverage of n), one entry of last_covered and of the
// row flags set up (two per row), one row of a coverage area applied to last_covered, or one
// row examined for the first gap — the O(hB) of Srinivasan et al. 2004's Table VI with the
// sort's B log B, per orientation tried. Bookkeeping and release: as BusyListStrategy
// (strategy.hpp).
#include <algorithm>
#include <bit>
#include <vector>
#include "strategy.hpp"

namespace alloclab {
namespace {

class QuickAllocation final : public BusyListStrategy<QuickAllocation> {
 public:
  std::optional<Allocation> allocate(const Request& req, const Occupancy& occ, Rng&) override {
    for (Shape s : {req.shape, req.shape.rotated()}) {
      if (auto b = search(occ.width(), occ.height(), occ.topology().wraps(), s)) return Allocation{{*b}};
      if (s == s.rotated()) break;
    }
    return std::nullopt;
  }

 private:
  struct Cover {
    int x1, x2, y1, y2;  // inclusive base ranges
  };

  std::optional<Block> search(int W, int H, bool wrap, Shape s) {
    const int p = s.w, q = s.h;
    if (p > W || q > H) return std::nullopt;
    const int xmax = wrap ? W - 1 : W - p, ymax = wrap ? H - 1 : H - q;  // beyond: reject area
    cover_.clear();
    count(Ops(busy_.size()));
    for (const Busy& e : busy_) {
      const Block& b = e.block;
      if (wrap) {
        for_each_ring_range(b.y - q + 1, b.h + q - 1, H, [&](int y1, int y2) {
          for_each_ring_range(b.x - p + 1, b.w + p - 1, W, [&](int x1, int x2) { cover_.push_back(Cover{x1, x2, y1, y2}); });
        });
        continue;
      }
      Cover c{std::max(0, b.x - p + 1), std::min(xmax, b.x + b.w - 1), std::max(0, b.y - q + 1),
              std::min(ymax, b.y + b.h - 1)};
      if (c.x1 <= c.x2 && c.y1 <= c.y2) cover_.push_back(c);
    }
    std::stable_sort(cover_.begin(), cover_.end(), [](const Cover& a, const Cover& b) { return a.x1 < b.x1; });
    count(Ops(cover_.size()) * Ops(std::bit_width(cover_.size())));
    last_.assign(std::size_t(ymax + 1), -1);
    closed_.assign(std::size_t(ymax + 1), 0);
    count(2 * Ops(ymax + 1));
    for (const Cover& c : cover_)
      for (int y = (count(c.y2 - c.y1 + 1), c.y1); y <= c.y2; ++y) {
        if (closed_[std::size_t(y)]) continue;
        int& l = last_[std::size_t(y)];
        if (c.x1 > l + 1) closed_[std::size_t(y)] = 1;  // gap at l+1: first free base of the row
        else l = std::max(l, c.x2);
      }
    for (int y = 0; y <= ymax; ++y)
      if (last_[std::size_t(y)] + 1 <= xmax) {
        count(y + 1);
        return Block{last_[std::size_t(y)] + 1, y, p, q};
      }
    count(ymax + 1);
    return std::nullopt;
  }

  std::vector<Cover> cover_;   // scratch
  std::vector<int> last_;      // scratch: last_covered per row
  std::vector<char> closed_;   // scratch: row has a gap
};

}  // namespace

std::unique_ptr<Strategy> make_qa(const Topology&, const StrategyParams&) { return std::make_unique<QuickAllocation>(); }

}  // namespace alloclab
