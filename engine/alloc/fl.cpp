// fl.cpp — Free List (Liu et al. 1995), as Srinivasan et al. 2004 (§III.F) and Srisawat &
// Alexandridis 1999 (§2.7) describe it, and `fl-best`, a best fit over the same list.
//
// FL keeps a list of free submeshes and updates it on every allocation and release. Here the
// list holds exactly the MAXIMAL free submeshes (free rectangles not contained in a larger
// free rectangle; they may overlap), sorted by base row, then base column (Srisawat &
// Alexandridis: "in increasing order by row ... and by column"). Two rows of the strategy table:
//  - `fl`, the papers' FL: the list is walked in order and the FIRST submesh that can hold the
//    request p×q or q×p is taken (Srinivasan et al.: "the list is searched to find a free
//    submesh that is large enough"; Srisawat & Alexandridis: "the first sub-system in the
//    list(r) is considered"); its corners give the candidates in each fitting orientation (the
//    latter: "2–8 candidate sub-systems of size S(r, c) or S(c, r)"), and the candidate with
//    the maximum boundary value wins.
//  - `fl-best`: every listed submesh that fits gives its corner candidates and the maximum
//    boundary value over all of them wins — a best fit over every maximal free submesh.
// The boundary value is BL's: the nodes just outside the candidate's four sides that are busy
// or beyond the mesh edge — boundary_contact().
//
// Updates (the list is kept in step through allocated()/released(); the strategy mirrors the
// busy nodes in its own grid, since the hooks see no occupancy):
//  - allocation of a block B: every listed submesh F that meets B is replaced by its parts
//    left of, right of, below and above B (each as wide/high as F allows); parts contained
//    in another listed submesh are dropped. Every new maximal free rectangle lies on one side
//    of B inside an old maximal one, so this yields exactly the maximal set.
//  - release of B (the hard part): every new maximal free rectangle either misses B — then it
//    was maximal before and is still listed — or meets B. The latter are enumerated with a
//    histogram sweep over the rows from B's bottom row upwards (h[x] = free run ending at the
//    current row): each left-, right- and down-maximal rectangle from the stack sweep that is
//    also up-maximal, crosses B's columns and reaches down to B's rows is new. Old submeshes
//    contained in a new one are dropped. The sweep stops at the first row above B from which
//    no free column run reaches back into B. Cost O(W · rows swept) per release.
//
// Choices where the papers are unclear:
//  - Neither paper says what the list holds after a release (Liu et al.'s update is not
//    described in either). Both call FL not recognition complete, which a list of disjoint
//    pieces of the free space would explain; ours lists every maximal free submesh, so both
//    rows are recognition complete (any free p×q lies in some listed submesh). What `fl` keeps
//    from the papers is the decision: the first fitting submesh's corners only.
//  - "list(r)" (an array of lists, one per row) is read as the whole list in row-then-column
//    order: the first fitting submesh is the one with the lowest base row, then column.
//  - Ties in boundary value go to the first candidate in list order, requested orientation
//    before the rotated one, corners in the order lower-left, lower-right, upper-left,
//    upper-right.
//  - Mesh only.
//
// Counted work: one operation = one free-list entry visited, one containment test made, one node
// of the strategy's busy mirror read or written, or one element of the release's sweep read or
// written (a column height, a stack entry). A decision: one per entry visited, one per perimeter
// node a corner candidate's boundary value reads (its sides not on the mesh edge). The update on
// allocation: the block's nodes marked busy, one per entry visited, one per containment test up to
// the first container (a part is tested against the kept entries, then the other parts). The
// update on release: the block's nodes marked free, the histogram sweep (maximal_meeting: the
// nodes read below the block, each column height written; per row swept its nodes read and heights
// written, the reach test's heights, the heights read by the stack sweep, each stack entry pushed
// and popped, the nodes of the row above read by the up-maximal test), then one per entry visited
// and one per (entry, new rectangle) test up to the first new rectangle that contains the entry.
// The sorts of the new list are not counted. Srinivasan et al. Table VI: O(F²) both ways.
#include <algorithm>
#include <cstdint>
#include <tuple>
#include <vector>
#include "strategy.hpp"

namespace alloclab {
namespace {

bool list_order(const Block& a, const Block& b) {
  return std::tie(a.y, a.x, a.h, a.w) < std::tie(b.y, b.x, b.h, b.w);
}

class FreeList final : public StrategyBase<FreeList> {
 public:
  // first_fit: the papers' FL (the first fitting listed submesh); otherwise fl-best.
  FreeList(const Topology& t, bool first_fit)
      : W_(t.width()), H_(t.height()), first_fit_(first_fit), busy_(std::size_t(W_) * std::size_t(H_), 0),
        list_{Block{0, 0, W_, H_}} {}

  std::optional<Allocation> allocate(const Request& req, const Occupancy& occ, Rng&) override {
    const int perfect = 2 * (req.shape.w + req.shape.h);
    int best = -1;
    Block pick;
    for (const Block& F : list_) {
      count(1);
      for (Shape s : {req.shape, req.shape.rotated()}) {
        if (s.w <= F.w && s.h <= F.h) {
          const int xr = F.x + F.w - s.w, yt = F.y + F.h - s.h;
          const Block cands[4] = {{F.x, F.y, s.w, s.h}, {xr, F.y, s.w, s.h}, {F.x, yt, s.w, s.h}, {xr, yt, s.w, s.h}};
          for (const Block& c : cands) {
            count(perimeter_read(c));
            const int bv = boundary_contact(occ, c);
            if (bv > best) { best = bv; pick = c; }
          }
        }
        if (s == s.rotated()) break;
      }
      if (best == perfect || (first_fit_ && best >= 0)) break;  // nothing can do better / the first fitting one
    }
    if (best < 0) return std::nullopt;
    return Allocation{{pick}};
  }

  void allocated(JobId, const Allocation& a) override {
    for (const Block& b : a.blocks) occupy(b);
  }

  void released(JobId, const Allocation& a) override {
    for (const Block& b : a.blocks) vacate(b);
  }

  const std::vector<Block>& list() const { return list_; }

 private:
  // The perimeter nodes boundary_contact reads for block c: the sides not on the mesh edge
  // (a side on the edge is a bounds test and reads no node). Closed form of its loops.
  Ops perimeter_read(const Block& c) const {
    return Ops(c.y > 0 ? c.w : 0) + Ops(c.y + c.h < H_ ? c.w : 0) + Ops(c.x > 0 ? c.h : 0) + Ops(c.x + c.w < W_ ? c.h : 0);
  }
  bool busy(int x, int y) const { return busy_[std::size_t(y) * std::size_t(W_) + std::size_t(x)] != 0; }
  void mark(const Block& b, std::uint8_t v) {
    count(Ops(b.w) * Ops(b.h));  // one per node written
    for (int y = b.y; y < b.y + b.h; ++y)
      std::fill_n(busy_.begin() + std::ptrdiff_t(std::size_t(y) * std::size_t(W_) + std::size_t(b.x)), b.w, v);
  }

  void occupy(const Block& B) {
    mark(B, 1);
    std::vector<Block> kept, parts;
    count(Ops(list_.size()));
    for (const Block& F : list_) {
      if (!blocks_overlap(F, B)) { kept.push_back(F); continue; }
      const int fx1 = F.x + F.w, fy1 = F.y + F.h, bx1 = B.x + B.w, by1 = B.y + B.h;
      if (F.x < B.x) parts.push_back({F.x, F.y, B.x - F.x, F.h});   // left
      if (bx1 < fx1) parts.push_back({bx1, F.y, fx1 - bx1, F.h});    // right
      if (F.y < B.y) parts.push_back({F.x, F.y, F.w, B.y - F.y});   // below
      if (by1 < fy1) parts.push_back({F.x, by1, F.w, fy1 - by1});    // above
    }
    // A part is kept when no other candidate contains it (an untouched maximal submesh never
    // lies inside a part, so only parts need checking); of equal parts the first stays.
    list_ = std::move(kept);
    const std::size_t n_kept = list_.size();
    for (std::size_t i = 0; i < parts.size(); ++i) {
      bool dominated = false;
      for (std::size_t k = 0; k < n_kept && !dominated; ++k) {
        count(1);
        dominated = block_contains(list_[k], parts[i]);
      }
      for (std::size_t j = 0; j < parts.size() && !dominated; ++j) {
        if (j == i) continue;
        count(1);
        if (block_contains(parts[j], parts[i])) dominated = !(parts[j] == parts[i]) || j < i;
      }
      if (!dominated) list_.push_back(parts[i]);
    }
    std::sort(list_.begin(), list_.end(), list_order);
  }

  void vacate(const Block& B) {
    mark(B, 0);
    const std::vector<Block> fresh = maximal_meeting(B);
    count(Ops(list_.size()));
    std::vector<Block> next;
    for (const Block& F : list_) {
      bool inside = false;
      for (std::size_t i = 0; i < fresh.size() && !inside; ++i) {
        count(1);
        inside = block_contains(fresh[i], F);
      }
      if (!inside) next.push_back(F);
    }
    next.insert(next.end(), fresh.begin(), fresh.end());
    std::sort(next.begin(), next.end(), list_order);
    list_ = std::move(next);
  }

  // The maximal free rectangles that meet B (B itself is already free in busy_).
  std::vector<Block> maximal_meeting(const Block& B) {
    std::vector<Block> out;
    const int btop = B.y + B.h - 1, bx1 = B.x + B.w - 1;
    std::vector<int> h;  // free run ending at the current row, per column
    h.reserve(std::size_t(W_));
    for (int x = 0; x < W_; ++x) {
      int n = 0;
      for (int y = B.y - 1; y >= 0 && !busy(x, y); --y) ++n;
      h.push_back(n);
      count(n + (n < B.y ? 1 : 0) + 1);  // the free nodes, the busy one that ends the run, h[x]
    }
    std::vector<std::pair<int, int>> st;  // (start column, height), heights increasing
    for (int y = B.y; y < H_; ++y) {
      count(2 * Ops(W_));  // each node of row y read, its column's height written
      for (int x = 0; x < W_; ++x) h[std::size_t(x)] = busy(x, y) ? 0 : h[std::size_t(x)] + 1;
      if (y > btop) {  // some column of B must still reach down into B's rows
        bool reach = false;
        for (int x = B.x; x <= bx1 && !reach; ++x) {
          count(1);
          reach = h[std::size_t(x)] >= y - btop + 1;
        }
        if (!reach) break;
      }
      auto up_maximal = [&](int l, int r) {
        if (y == H_ - 1) return true;
        for (int x = l; x <= r; ++x) {
          count(1);
          if (busy(x, y + 1)) return true;
        }
        return false;
      };
      st.clear();
      count(W_);  // the stack sweep reads each column's height
      for (int x = 0; x <= W_; ++x) {
        const int cur = x < W_ ? h[std::size_t(x)] : 0;
        int start = x;
        while (!st.empty() && st.back().second >= cur) {
          count(2);  // the entry pushed, now popped
          const auto [s, hh] = st.back();
          st.pop_back();
          if (hh > cur) {
            const int l = s, r = x - 1, bottom = y - hh + 1;
            if (bottom <= btop && r >= B.x && l <= bx1 && up_maximal(l, r)) out.push_back(Block{l, bottom, r - l + 1, hh});
          }
          start = s;
        }
        if (cur > 0) st.push_back({start, cur});
      }
    }
    return out;
  }

  int W_, H_;
  bool first_fit_;
  std::vector<std::uint8_t> busy_;  // mirror of the busy nodes reported through the hooks
  std::vector<Block> list_;         // the maximal free submeshes, in list_order
};

}  // namespace

std::unique_ptr<Strategy> make_fl(const Topology& t, const StrategyParams&) { return std::make_unique<FreeList>(t, true); }
std::unique_ptr<Strategy> make_fl_best(const Topology& t, const StrategyParams&) { return std::make_unique<FreeList>(t, false); }

// The current free list of an "fl" or "fl-best" strategy (empty for any other strategy); for tests.
std::vector<Block> fl_free_list(const Strategy& s) {
  if (const auto* f = dynamic_cast<const FreeList*>(&s)) return f->list();
  return {};
}

}  // namespace alloclab
