// sba.cpp — Stack-Based Allocation (Yoo & Das, IEEE Trans. Computers 51(1), 2002), as Srinivasan et al. 2004
// §III.H describes it, with the coverage / reject definitions of Srinivasan et al. 2004 §II (Defs. 3 and 4).
//
// SBA keeps a busy list (here: every block reported through allocated(), in report order).
// For a request p×q it works in *base space*: the candidate region is the set of nodes that
// could be a base — on a mesh the whole machine minus the reject areas (bases whose block
// would cross the right or top edge), i.e. [0, W−p] × [0, H−q]. Each busy block (a, b)…(c, d)
// forbids the bases of its coverage ξ = [a−p+1, c] × [b−q+1, d]. These forbidden regions are
// spatially subtracted from the candidate region with a stack: an entry is (rectangle, index
// of the next coverage to subtract). Popping an entry, the first coverage at or after the index
// that overlaps the rectangle splits it into up to four disjoint pieces (below, left, right,
// above the coverage), which are pushed with the following index. An entry that no remaining
// coverage overlaps contains only valid bases: its lower-left node is the answer.
// If the requested orientation leaves nothing, the rotated request q×p is tried the same way,
// which makes SBA recognition complete (it fails only when neither p×q nor q×p is free).
//
// Choices where the papers leave room:
//  - Pieces are pushed so that they are popped bottom first, then left, right, top; the first
//    fully surviving piece wins and its lower-left node is the base. The answer is therefore a
//    valid base but not necessarily the lowest-leftmost one (the paper only asks for "a" free
//    submesh; determinism comes from the fixed busy-list and piece order).
//  - The busy list is kept in the order blocks were reported; released blocks are removed.
//    Arbitrary busy rectangles (CLI `place`) are handled like any allocation.
//  - Torus (not in the paper): there is no reject area; a coverage wraps modulo the sides and
//    is cut into at most four non-wrapping rectangles of base space; a coverage whose extent
//    reaches the side length covers that whole axis. The returned base may give a wrapping block.
//
// Counted work: one operation = one busy-list entry read (its coverage computed), one coverage
// written to the coverage list, one stack entry pushed (the candidate region, the up to four
// pieces of a split) or popped, or one coverage tested against a popped region — the O(B²) of
// Srinivasan et al. 2004's Table VI; per orientation tried. Bookkeeping and release: as
// BusyListStrategy (strategy.hpp).
#include <algorithm>
#include <vector>
#include "strategy.hpp"

namespace alloclab {
namespace {

// An inclusive rectangle of base space.
struct Rect {
  int x0, y0, x1, y1;
  bool empty() const { return x0 > x1 || y0 > y1; }
  bool overlaps(const Rect& o) const { return x0 <= o.x1 && o.x0 <= x1 && y0 <= o.y1 && o.y0 <= y1; }
};

// Intervals of [0, n) covered by the wrapping interval [lo, lo+len) (len ≥ 1), at most two.
int wrap_intervals(int lo, int len, int n, int out[2][2]) {
  if (len >= n) { out[0][0] = 0; out[0][1] = n - 1; return 1; }
  lo = ((lo % n) + n) % n;
  const int hi = lo + len - 1;
  if (hi < n) { out[0][0] = lo; out[0][1] = hi; return 1; }
  out[0][0] = lo; out[0][1] = n - 1;
  out[1][0] = 0;  out[1][1] = hi - n;
  return 2;
}

class StackBased final : public BusyListStrategy<StackBased> {
 public:
  explicit StackBased(const Topology& t) : topo_(t) {}

  std::optional<Allocation> allocate(const Request& req, const Occupancy&, Rng&) override {
    for (Shape s : {req.shape, req.shape.rotated()}) {
      if (auto b = search(s)) return Allocation{{*b}};
      if (s == s.rotated()) break;
    }
    return std::nullopt;
  }


 private:

  // A base for a free s-block, or nullopt: stack-based subtraction of the coverages.
  std::optional<Block> search(Shape s) {
    const int W = topo_.width(), H = topo_.height();
    if (s.w > W || s.h > H) return std::nullopt;
    const bool torus = topo_.wraps();
    // Candidate region = machine minus the reject areas (none on a torus).
    const Rect cand = torus ? Rect{0, 0, W - 1, H - 1} : Rect{0, 0, W - s.w, H - s.h};
    cov_.clear();
    count(Ops(busy_.size()));
    for (const Busy& e : busy_) {
      const Block& b = e.block;
      if (!torus) {
        Rect c{b.x - s.w + 1, b.y - s.h + 1, b.x + b.w - 1, b.y + b.h - 1};
        if (c.overlaps(cand)) cov_.push_back(c);
        continue;
      }
      int xs[2][2], ys[2][2];
      const int nx = wrap_intervals(b.x - s.w + 1, b.w + s.w - 1, W, xs);
      const int ny = wrap_intervals(b.y - s.h + 1, b.h + s.h - 1, H, ys);
      for (int i = 0; i < nx; ++i)
        for (int j = 0; j < ny; ++j) cov_.push_back(Rect{xs[i][0], ys[j][0], xs[i][1], ys[j][1]});
    }
    count(Ops(cov_.size()));
    stack_.clear();
    stack_.push_back({cand, 0});
    count(1);
    const std::size_t n = cov_.size();
    while (!stack_.empty()) {
      const Entry e = stack_.back();
      stack_.pop_back();
      std::size_t i = e.next;
      while (i < n && !cov_[i].overlaps(e.r)) ++i;
      // the pop, then the coverages tested: e.next..i when cov_[i] overlaps, e.next..n-1 when none does
      count(1 + Ops(i - e.next) + (i < n ? 1 : 0));
      if (i == n) return Block{e.r.x0, e.r.y0, s.w, s.h};
      const Rect& c = cov_[i];
      const Rect& r = e.r;
      const int my0 = std::max(r.y0, c.y0), my1 = std::min(r.y1, c.y1);
      // Pushed in reverse of the order they are examined: bottom, left, right, top.
      const Rect pieces[4] = {
          {r.x0, c.y1 + 1, r.x1, r.y1},   // top
          {c.x1 + 1, my0, r.x1, my1},     // right
          {r.x0, my0, c.x0 - 1, my1},     // left
          {r.x0, r.y0, r.x1, c.y0 - 1},   // bottom
      };
      for (const Rect& p : pieces)
        if (!p.empty()) {
          stack_.push_back({p, i + 1});
          count(1);
        }
    }
    return std::nullopt;
  }

  struct Entry {
    Rect r;
    std::size_t next;
  };

  Topology topo_;
  // Scratch space reused between decisions (not state; copying it is harmless).
  std::vector<Rect> cov_;
  std::vector<Entry> stack_;
};

}  // namespace

std::unique_ptr<Strategy> make_sba(const Topology& t, const StrategyParams&) { return std::make_unique<StackBased>(t); }

}  // namespace alloclab
