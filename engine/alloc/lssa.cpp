// lssa.cpp — L-Shaped Sub-mesh Allocation (LSSA, Seo & Kim 2003), as Al Shdefat 2019 §2 (Notations 1–3
// and the paragraph after them) describes it.
//
// A request S(a, b) (a columns × b rows) is tried, first fit each (lowest row, then leftmost):
//   S(a,b), S(b,a), S(a/2,2b) [a even], S(2b,a/2), S(b/2,2a) [b even], S(2a,b/2);
// when none fits, the L-shaped sub-meshes LS(c,d,e,f) of the request and of its rotation are
// tried (lssa_lshapes() in shapes.hpp: the 4-tuple means SL = c columns × d rows beside
// SR = e columns × f rows, c + e = a, c·d + e·f = a·b). An L is allocated as two blocks,
// {SL, SR}; together they are one connected region.
// Choices where the thesis is unclear:
//  * Placement of the two legs. Figure 2-4 ("four types of the LSSA allocated sub-meshes") is
//    not in the text; Notation 1 only names the legs by where they are ("the left or up
//    sub-mesh" is SL, "the right or bottom" one SR) and LS(c, d, e, f) gives their sizes. A
//    free L is free whichever way round it stands, so we read the thesis as allowing every
//    orientation of the L: the legs side by side (horizontal, widths c + e) or stacked
//    (vertical, the rotated form: the c×d leg as d columns × c rows, the e×f leg as f × e), the
//    tall (long) leg first (left / on top) or second (right / below), and the short leg aligned
//    to one end of the long leg or the other (bottom or top; left or right). That is 8 types for
//    a rectangular request (all images of the letter L under rotation and reflection) and the
//    4 horizontal ones for a square request ("L-shaping applied only to one side a"). The set is
//    closed under left-right and up-down mirroring (and, for a rectangle, transposition with the
//    request), so a mirrored machine state gets the mirrored answer: LSSA succeeds on a state
//    iff it succeeds on its mirror image (tests/test_lssa.cpp checks this).
//  * Order: for each tuple in list order, the request's own orientation first (horizontal
//    when a >= b, vertical when a < b), then the rotated one; within an orientation the long
//    leg first (left / on top) then second, each with the short leg at the low end (bottom /
//    left) then the high end. The tuples come from S(max(a,b), min(a,b)) (Notation 3 assumes
//    a >= b).
//  * First fit of an L = the lowest, then leftmost base of its bounding box. It is searched in
//    the order of SL's free bases (a constant offset from the bounding box's base, so the same
//    order on a mesh); on a torus the order of SL's bases is the one followed.
//  * Shapes and L bounding boxes larger than the machine are skipped.
//  * Torus: blocks may wrap (free_bases gives wrapping bases; leg offsets are taken modulo the
//    sides); an L's bounding box must fit the machine, so the legs never overlap.
// Registered contiguous: the job gets one connected region without gaps (the thesis lists LSSA
// among the contiguous strategies); it is, however, two blocks.
//
// Counted work: one operation = one 64-bit bitmap word processed by a free-base query or read
// by a first-fit scan (rectangles, then both legs of every L type tried), or one free base of
// the tall leg checked against the short leg's bases. No release work.
#include "shapes.hpp"
#include "strategy.hpp"

namespace alloclab {
namespace {

class LShapedAllocation final : public StrategyBase<LShapedAllocation> {
 public:
  std::optional<Allocation> allocate(const Request& req, const Occupancy& occ, Rng&) override {
    const int W = occ.width(), H = occ.height();
    const int a = req.shape.w, b = req.shape.h;
    if (occ.free_count() < a * b) return std::nullopt;
    std::vector<Shape> rects{{a, b}, {b, a}};
    if (a % 2 == 0) rects.insert(rects.end(), {{a / 2, 2 * b}, {2 * b, a / 2}});
    if (b % 2 == 0) rects.insert(rects.end(), {{b / 2, 2 * a}, {2 * a, b / 2}});
    std::vector<Shape> tried;
    for (Shape s : rects) {
      if (s.w > W || s.h > H || std::find(tried.begin(), tried.end(), s) != tried.end()) continue;
      tried.push_back(s);
      int x, y;
      if (occ.first_free_base(s.w, s.h, x, y, ops_)) return Allocation{{block_at(x, y, s)}};
    }
    const bool wide = a >= b;
    for (const LShape& l : lssa_lshapes(a, b)) {
      for (int pass = 0; pass < (a == b ? 1 : 2); ++pass) {
        const bool horizontal = (pass == 0) == wide;
        for (int second = 0; second < 2; ++second)
          for (int align = 0; align < 2; ++align)
            if (auto r = place_l(occ, l, horizontal, second == 1, align == 1, ops_)) return r;
      }
    }
    return std::nullopt;
  }
  bool repeats_failures() const override { return true; }  // no state of its own

 private:
  // First fit of one L type; nullopt if none is free. long_second: SL right of (below) SR;
  // other_end: SR aligned to SL's top (right) end instead of its bottom (left) end.
  static std::optional<Allocation> place_l(const Occupancy& occ, const LShape& l, bool horizontal, bool long_second,
                                           bool other_end, Ops& ops) {
    const Topology& t = occ.topology();
    const int W = t.width(), H = t.height();
    Shape s1, s2;   // SL, SR sizes
    int o1x, o1y, o2x, o2y, bw, bh;  // offsets from the bounding box base; bounding box size
    if (horizontal) {
      s1 = {l.c, l.d};
      s2 = {l.e, l.f};
      o1x = long_second ? l.e : 0, o1y = 0, o2x = long_second ? 0 : l.c, o2y = other_end ? l.d - l.f : 0;
      bw = l.c + l.e, bh = l.d;
    } else {
      s1 = {l.d, l.c};
      s2 = {l.f, l.e};
      o1x = 0, o1y = long_second ? 0 : l.e, o2x = other_end ? l.d - l.f : 0, o2y = long_second ? l.c : 0;
      bw = l.d, bh = l.c + l.e;
    }
    if (bw > W || bh > H) return std::nullopt;
    const BaseMask m1 = occ.free_bases(s1.w, s1.h, ops);
    if (!m1.any()) return std::nullopt;
    const BaseMask m2 = occ.free_bases(s2.w, s2.h, ops);
    if (!m2.any()) return std::nullopt;
    const bool wrap = t.wraps();
    std::optional<Allocation> found;
    // m1's bits in row-major order; on a mesh the base order is the same (constant offset).
    for (int y1 = 0; y1 < H && !found; ++y1) {
      const std::uint64_t* r = m1.row(y1);
      for (int k = 0; k < m1.words_per_row() && !found; ++k)
        for (std::uint64_t bits = r[k]; bits; bits &= bits - 1) {
          const int x1 = k * 64 + __builtin_ctzll(bits);
          ++ops;
          int bx = x1 - o1x, by = y1 - o1y;
          if (wrap) {
            bx = (bx + W) % W;
            by = (by + H) % H;
          } else if (bx < 0 || by < 0 || bx + bw > W || by + bh > H) {
            continue;
          }
          int x2 = bx + o2x, y2 = by + o2y;
          if (wrap) x2 %= W, y2 %= H;
          if (!m2.test(x2, y2)) continue;
          found = Allocation{{block_at(x1, y1, s1), block_at(x2, y2, s2)}};
          break;
        }
    }
    return found;
  }
};

}  // namespace

std::unique_ptr<Strategy> make_lssa(const Topology&, const StrategyParams&) {
  return std::make_unique<LShapedAllocation>();
}

}  // namespace alloclab
