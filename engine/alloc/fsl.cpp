// fsl.cpp — Free Sub-List best fit (FSL), as Srisawat & Alexandridis 1999 §2.9 describe it (their
// summary of Kim & Yoon's "Free Sub-List" strategy, their ref. [9], IEEE TPDS 1998).
//
// FSL keeps the list of free sub-systems — here every *maximal* free sub-mesh (a free rectangle
// not contained in a larger free rectangle), so the largest free sub-meshes are always in it —
// sorted by decreasing size. For a request r×c it computes up to 8 candidates from each free
// sub-mesh that can hold the request (its 4 corners × the 2 orientations) and selects the one
// with the minimum degree of fragmentation: O(N_f²) per allocation, as the paper states.
// Choices where the paper is unclear (it gives no formulas):
//  * Degree of fragmentation of a candidate = the number of maximal free sub-meshes of the list
//    that it intersects (each of them is broken by the allocation; fewer broken = more large
//    free sub-meshes preserved). Ties: the candidate whose host sub-mesh is smallest (best fit),
//    then list order (decreasing area, then lowest y, lowest x, widest), corners in the order
//    lower-left, lower-right, upper-left, upper-right, requested orientation before the rotated.
//  * Update rule. Allocation of a block B (also any busy rectangle reported by `place`): every
//    listed sub-mesh that intersects B is replaced by its up to four maximal parts outside B
//    (left, right, below, above B), then sub-meshes contained in another are dropped. This keeps
//    the list exactly the set of maximal free sub-meshes. Release of a block: the list is
//    recomputed from the strategy's own busy map (the paper's deallocation also recomputes all
//    free sub-systems) with an O(W·H) maximal-rectangle sweep, lazily at the next allocation.
//  * Mesh only (no wrap-around sub-meshes on a torus).
//
// Counted work: what the code does, one operation = one free-list entry visited or tested, one
// containment test made, one entry of the cell index read or written, one node read or marked,
// or one element of the rebuild's sweep read or written. A decision visits the list in order,
// gathers the entries meeting each host from the index (one per index item read) and tests
// each corner candidate against those (one per entry tested, up to the early stop) —
// Srisawat & Alexandridis 1999 §2.9's O(N_f²) test against every entry is what this does in the
// worst case, not what is counted; the index, when the list changed, costs its cells (cleared,
// summed, copied as fill positions), its entries (each met twice, its stamp cleared) and its
// items (counted, then written). An allocation marks the block's nodes busy (one per node),
// visits the list, reads the parts once for duplicates, and tests each part for containment up
// to the first container. A release marks the job's nodes free (one per node) and leaves the
// list stale; the next decision rebuilds it from the busy map (maximal_free: the two sweep
// arrays zero-filled, per row its nodes read and heights written, row y + 1's nodes read and
// its prefix counts written, the heights read by the stack sweep, two per stack entry (pushed,
// popped) and one per up-maximal test (a prefix-count difference), one per rectangle found —
// the O(N_f³)-class deallocation work of the paper, paid at the next decision here). The sorts
// of the list and of the parts are not counted.
#include <algorithm>
#include <climits>
#include <tuple>
#include "strategy.hpp"

namespace alloclab {
namespace {

bool list_less(const Block& a, const Block& b) {
  return std::make_tuple(-a.area(), a.y, a.x, -a.w) < std::make_tuple(-b.area(), b.y, b.x, -b.w);
}

class FreeSubList final : public StrategyBase<FreeSubList> {
 public:
  explicit FreeSubList(const Topology& t) : W_(t.width()), H_(t.height()), busy_(std::size_t(W_) * H_, 0) {
    list_.push_back(Block{0, 0, W_, H_});
  }

  std::optional<Allocation> allocate(const Request& req, const Occupancy&, Rng&) override {
    refresh();
    index_list();
    struct Best {
      int frag, host;
      Block b;
    };
    std::optional<Best> best;
    const Shape shapes[2] = {req.shape, req.shape.rotated()};
    for (const Block& f : list_) {
      count(1);
      if (f.area() < req.shape.area()) break;  // sorted by decreasing area
      bool near_done = false;  // near_: the entries that meet f (a candidate inside f meets no other)
      for (int o = 0; o < (shapes[0] == shapes[1] ? 1 : 2); ++o) {
        const Shape s = shapes[o];
        if (s.w > f.w || s.h > f.h) continue;
        if (!near_done) {
          gather_near(f);
          near_done = true;
        }
        const Block corners[4] = {{f.x, f.y, s.w, s.h},
                                  {f.x + f.w - s.w, f.y, s.w, s.h},
                                  {f.x, f.y + f.h - s.h, s.w, s.h},
                                  {f.x + f.w - s.w, f.y + f.h - s.h, s.w, s.h}};
        for (const Block& c : corners) {
          // A candidate wins with frag < limit only; stop counting once it cannot.
          const int limit = !best ? INT_MAX : best->frag + (f.area() < best->host ? 1 : 0);
          int frag = 0;
          for (const Block& g : near_) {
            count(1);
            frag += blocks_overlap(c, g);
            if (frag >= limit) break;
          }
          if (frag < limit) best = Best{frag, f.area(), c};
        }
      }
    }
    if (!best) return std::nullopt;
    return Allocation{{best->b}};
  }

  void allocated(JobId, const Allocation& a) override {
    for (const Block& b : a.blocks) {
      mark(b, 1);
      if (dirty_) continue;
      std::vector<Block> keep, parts;
      count(Ops(list_.size()));
      for (const Block& f : list_) {
        if (!blocks_overlap(f, b)) {
          keep.push_back(f);
          continue;
        }
        if (b.x > f.x) parts.push_back({f.x, f.y, b.x - f.x, f.h});
        if (b.x + b.w < f.x + f.w) parts.push_back({b.x + b.w, f.y, f.x + f.w - b.x - b.w, f.h});
        if (b.y > f.y) parts.push_back({f.x, f.y, f.w, b.y - f.y});
        if (b.y + b.h < f.y + f.h) parts.push_back({f.x, b.y + b.h, f.w, f.y + f.h - b.y - b.h});
      }
      // A part is maximal unless contained in an untouched sub-mesh or another part.
      std::sort(parts.begin(), parts.end(), list_less);
      count(Ops(parts.size()));  // std::unique reads each part once
      parts.erase(std::unique(parts.begin(), parts.end()), parts.end());
      for (std::size_t i = 0; i < parts.size(); ++i) {
        bool dominated = false;
        for (std::size_t k = 0; k < keep.size() && !dominated; ++k) {  // untouched, then parts kept before i
          count(1);
          dominated = block_contains(keep[k], parts[i]);
        }
        for (std::size_t j = 0; j < parts.size() && !dominated; ++j) {
          if (j == i) continue;
          count(1);
          dominated = block_contains(parts[j], parts[i]);
        }
        if (!dominated) keep.push_back(parts[i]);
      }
      std::sort(keep.begin(), keep.end(), list_less);
      list_ = std::move(keep);
      indexed_ = false;
    }
  }

  void released(JobId, const Allocation& a) override {
    for (const Block& b : a.blocks) mark(b, 0);
    dirty_ = true;
  }

  // Test hook: the list, recomputed first if a release left it stale.
  const std::vector<Block>& list() {
    refresh();
    return list_;
  }

 private:
  void mark(const Block& b, std::uint8_t v) {
    count(b.area());  // one per node written
    for (int y = b.y; y < b.y + b.h; ++y)
      for (int x = b.x; x < b.x + b.w; ++x) busy_[std::size_t(y) * W_ + x] = v;
  }
  // A grid of kCell×kCell-node cells over the machine, each with the list entries meeting it:
  // the entries meeting a host are found from its cells, not by a pass over the whole list
  // (only the speed depends on it; the fragmentation counts are the same). Rebuilt when the
  // list changed.
  static constexpr int kCell = 8;
  void index_list() {
    if (indexed_) return;
    indexed_ = true;
    gw_ = (W_ + kCell - 1) / kCell;
    gh_ = (H_ + kCell - 1) / kCell;
    cell_start_.assign(std::size_t(gw_) * gh_ + 1, 0);
    auto cells = [](const Block& g, auto&& f) {
      for (int cy = g.y / kCell; cy <= (g.y + g.h - 1) / kCell; ++cy)
        for (int cx = g.x / kCell; cx <= (g.x + g.w - 1) / kCell; ++cx) f(cy, cx);
    };
    for (const Block& g : list_) cells(g, [&](int cy, int cx) { ++cell_start_[std::size_t(cy) * gw_ + cx + 1]; });
    count(3 * Ops(cell_start_.size()) + 3 * Ops(list_.size()));  // cleared, summed, copied to fill; every entry met twice, its stamp cleared
    for (std::size_t i = 1; i < cell_start_.size(); ++i) cell_start_[i] += cell_start_[i - 1];
    cell_items_.resize(std::size_t(cell_start_.back()));
    count(2 * Ops(cell_items_.size()));  // each item counted, then written
    std::vector<int> fill(cell_start_.begin(), cell_start_.end() - 1);
    for (int i = 0; i < int(list_.size()); ++i)
      cells(list_[std::size_t(i)], [&](int cy, int cx) { cell_items_[std::size_t(fill[std::size_t(cy) * gw_ + cx]++)] = i; });
    seen_.assign(list_.size(), 0);
    stamp_ = 0;
  }
  // near_ = the entries meeting f (each once).
  void gather_near(const Block& f) {
    near_.clear();
    if (++stamp_ == 0) {
      count(Ops(seen_.size()));
      std::fill(seen_.begin(), seen_.end(), 0);
      stamp_ = 1;
    }
    for (int cy = f.y / kCell; cy <= (f.y + f.h - 1) / kCell; ++cy)
      for (int cx = f.x / kCell; cx <= (f.x + f.w - 1) / kCell; ++cx) {
        const std::size_t c = std::size_t(cy) * gw_ + cx;
        count(1);
        for (int k = cell_start_[c]; k < cell_start_[c + 1]; ++k) {
          count(1);
          const int i = cell_items_[std::size_t(k)];
          if (seen_[std::size_t(i)] == stamp_) continue;
          seen_[std::size_t(i)] = stamp_;
          if (blocks_overlap(f, list_[std::size_t(i)])) near_.push_back(list_[std::size_t(i)]);
        }
      }
  }
  void refresh() {
    if (!dirty_) return;
    list_ = maximal_free();
    indexed_ = false;
    count(Ops(list_.size()));  // one per rectangle found
    dirty_ = false;
  }
  // All maximal free rectangles: for each top row y, the histogram of free run lengths downwards;
  // a stack sweep yields every left/right/down-maximal rectangle with top row y; it is also
  // up-maximal when row y+1 has a busy node above it (or y is the top row).
  std::vector<Block> maximal_free() {
    std::vector<Block> out;
    std::vector<int> h(std::size_t(W_) + 1, 0), above(std::size_t(W_) + 1, 0);
    count(2 * (Ops(W_) + 1));  // the two zero-fills
    std::vector<std::pair<int, int>> st;  // (start, height)
    for (int y = 0; y < H_; ++y) {
      // row y's nodes read and heights written (2W), the prefix counts written (W + 1), the
      // heights the stack sweep reads (W), and row y + 1's nodes read (W; none past the top row)
      count(4 * Ops(W_) + 1 + (y + 1 < H_ ? Ops(W_) : 0));
      for (int x = 0; x < W_; ++x) h[x] = busy_[std::size_t(y) * W_ + x] ? 0 : h[x] + 1;
      // prefix count of busy nodes in row y+1
      above[0] = 0;
      for (int x = 0; x < W_; ++x)
        above[x + 1] = above[x] + (y + 1 < H_ ? busy_[std::size_t(y + 1) * W_ + x] : 1);
      st.clear();
      for (int x = 0; x <= W_; ++x) {
        const int cur = x < W_ ? h[x] : 0;
        int start = x;
        while (!st.empty() && st.back().second > cur) {
          count(3);  // the entry pushed, now popped; its up-maximal test
          auto [s, hh] = st.back();
          st.pop_back();
          if (above[x] - above[s] > 0) out.push_back(Block{s, y - hh + 1, x - s, hh});
          start = s;
        }
        if (cur > 0 && (st.empty() || st.back().second < cur)) st.emplace_back(start, cur);
      }
    }
    std::sort(out.begin(), out.end(), list_less);
    return out;
  }

  int W_, H_;
  std::vector<std::uint8_t> busy_;
  std::vector<Block> list_;
  bool dirty_ = false;
  // the cell index (index_list) and scratch
  bool indexed_ = false;
  int gw_ = 0, gh_ = 0;
  std::vector<int> cell_start_, cell_items_;  // entries of cell c: cell_items_[cell_start_[c] ..)
  std::vector<std::uint32_t> seen_;           // per entry: the stamp of the last gather that took it
  std::uint32_t stamp_ = 0;
  std::vector<Block> near_;
};

}  // namespace

// Test hook (declared in tests/test_fsl.cpp).
std::vector<Block> fsl_list(Strategy& s) {
  auto* f = dynamic_cast<FreeSubList*>(&s);
  return f ? f->list() : std::vector<Block>{};
}

std::unique_ptr<Strategy> make_fsl(const Topology& t, const StrategyParams&) { return std::make_unique<FreeSubList>(t); }

}  // namespace alloclab
