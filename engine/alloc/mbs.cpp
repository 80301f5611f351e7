// mbs.cpp — Multiple Buddy Strategy (Lo, Windisch, Liu & Nitzberg, IEEE TPDS 8(7), 1997; as
// summarised in Bani-Ahmad 2013 §II.B).
//
// The machine is divided once into non-overlapping square "root" blocks whose sides are powers
// of two; every root is a 2D buddy tree (a block of side 2^i splits into four buddies of side
// 2^(i−1)). The strategy keeps one free-block list per size (FBR[i]: free blocks of side 2^i),
// kept in step through allocated()/released(). A request for n = p·q processors is factorised
// in base 4, n = Σ d_i·4^i, and d_i blocks of side 2^i are allocated, largest first. A missing
// block of side 2^i is made by splitting the smallest larger free block into four buddies,
// repeatedly; if no larger block is free either, the remaining d_i requests are each broken
// into four requests of side 2^(i−1). On release a block goes back to its list and is merged
// with its three buddies whenever all four are free, recursively. Choices where the paper is
// unclear or silent:
//  * Initial division of a W×H machine (any size): greedily, the largest power-of-two side
//    s ≤ min(w, h) tiles the lower-left ⌊w/s⌋×⌊h/s⌋ part of the rectangle; the strip to the
//    right (w mod s wide, as high as the tiles) and the strip above (full width) are divided
//    the same way, recursively. Roots are never merged with each other.
//  * The top digit: for n ≥ 4^(L+1) (L = largest root level) d_L = ⌊n / 4^L⌋ may exceed 3.
//  * Which block: the free block of the size with the lowest base (row-major, bottom row first);
//    a missing size is made from the SMALLEST larger size that has a free block (again its
//    lowest-base block), splitting it down along its lower-left buddies.
//  * The request succeeds whenever n processors are free (1×1 blocks exist at the bottom);
//    max_blocks > 0 (MBPJ) makes it fail when more blocks would be needed.
//  * allocate() does not keep its trial splits: they are undone, and allocated() re-applies
//    the decision (splitting exactly the same blocks). A busy rectangle that is not one of
//    our buddy blocks (the CLI `place` command, tests) is handled node by node: every buddy
//    block containing a node of it is split down to 1×1 and that node removed; on its release
//    the nodes return as 1×1 blocks and merge back with their buddies.
//  * On a torus the same blocks are used (they never wrap); foreign wrapping rectangles are
//    handled node by node as above.
//
// Counted work: one operation = one free-list operation (look-up, insert or erase — the
// trial splits inside allocate and their undo included) or one factor digit served; the
// bookkeeping after the decision (carving the blocks out) and on release (giving them back and
// recombining: 4 look-ups per level) counts the same way.
#include <vector>
#include "../core/id_set.hpp"
#include "strategy.hpp"

namespace alloclab {

// Base-4 digits of n for root levels 0..L (d[L] may exceed 3). Exposed for tests.
namespace {
constexpr int kMaxLevels = 32;  // levels 0..L; L <= 10 for the largest machine (1024)
void mbs_digits(int n, int L, int* d) {
  d[L] = int((long long)n >> (2 * L));
  for (int i = 0; i < L; ++i) d[i] = (n >> (2 * i)) & 3;
}
}  // namespace

std::vector<int> mbs_factor(int n, int L) {
  std::vector<int> d(std::size_t(L) + 1, 0);
  mbs_digits(n, L, d.data());
  return d;
}

namespace {

class MultipleBuddy final : public StrategyBase<MultipleBuddy> {
 public:
  MultipleBuddy(const Topology& t, const StrategyParams& p)
      : topo_(t), max_blocks_(p.max_blocks), root_of_(std::size_t(t.nodes()), -1) {
    divide(0, 0, t.width(), t.height());
    for (int r = 0; r < int(roots_.size()); ++r) {
      const Root& R = roots_[std::size_t(r)];
      max_level_ = std::max(max_level_, R.level);
      const int s = 1 << R.level;
      for (int y = R.y; y < R.y + s; ++y)
        for (int x = R.x; x < R.x + s; ++x) root_of_[std::size_t(t.id(x, y))] = r;
    }
    free_.assign(std::size_t(max_level_) + 1, IdSet(t.nodes()));
    for (const Root& R : roots_) insert(R.level, topo_.id(R.x, R.y));
  }

  std::optional<Allocation> allocate(const Request& req, const Occupancy& occ, Rng&) override {
    const int need = req.shape.area();
    if (occ.free_count() < need || free_nodes_ < need) return std::nullopt;
    log_.clear();
    logging_ = true;
    int d[kMaxLevels];  // the digits, without allocating
    mbs_digits(need, max_level_, d);
    Allocation a;
    bool ok = true;
    for (int i = max_level_; i >= 0 && ok; --i) {
      while (d[std::size_t(i)] > 0) {
        count(1);
        auto& fl = free_[std::size_t(i)];
        if (!fl.empty()) {
          if (max_blocks_ > 0 && int(a.blocks.size()) >= max_blocks_) { ok = false; break; }
          const int base = fl.first();
          erase(i, base);
          const Coord c = topo_.coord(base);
          a.blocks.push_back(Block{c.x, c.y, 1 << i, 1 << i});
          --d[std::size_t(i)];
          continue;
        }
        int j = i + 1;
        while (j <= max_level_ && free_[std::size_t(j)].empty()) ++j, count(1);
        if (j <= max_level_) {  // split the lowest block of the smallest larger size down to i
          int base = free_[std::size_t(j)].first();
          for (int l = j; l > i; --l) split(l, base);  // lower-left child keeps the base id
          continue;
        }
        if (i == 0) { ok = false; break; }  // cannot happen: free_nodes_ >= need
        d[std::size_t(i) - 1] += 4 * d[std::size_t(i)];
        d[std::size_t(i)] = 0;
      }
    }
    undo();
    if (!ok) return std::nullopt;
    return a;
  }

  void allocated(JobId, const Allocation& a) override {
    for (const Block& b : a.blocks) {
      int l;
      if (buddy_level(b, l)) carve(b.x, b.y, l);
      else topo_.for_each_node(b, [&](int x, int y) { carve(x, y, 0); });
    }
  }

  void released(JobId, const Allocation& a) override {
    for (const Block& b : a.blocks) {
      int l;
      if (buddy_level(b, l)) give_back(b.x, b.y, l);
      else topo_.for_each_node(b, [&](int x, int y) { give_back(x, y, 0); });
    }
  }

  // For tests: all free blocks, by size (largest first) then base.
  std::vector<Block> free_blocks() const {
    std::vector<Block> v;
    for (int l = max_level_; l >= 0; --l)
      free_[std::size_t(l)].for_each([&](int id) {
        const Coord c = topo_.coord(id);
        v.push_back(Block{c.x, c.y, 1 << l, 1 << l});
      });
    return v;
  }
  int free_nodes() const { return free_nodes_; }

 private:
  struct Root { int x, y, level; };

  void divide(int x, int y, int w, int h) {
    if (w <= 0 || h <= 0) return;
    int l = 0;
    while ((2 << l) <= std::min(w, h)) ++l;
    const int s = 1 << l, nx = w / s, ny = h / s;
    for (int j = 0; j < ny; ++j)
      for (int i = 0; i < nx; ++i) roots_.push_back(Root{x + i * s, y + j * s, l});
    divide(x + nx * s, y, w - nx * s, ny * s);
    divide(x, y + ny * s, w, h - ny * s);
  }

  // ---- free lists with an undo log (used only inside allocate)
  void insert(int l, int id) {
    count(1);
    free_[std::size_t(l)].insert(id);
    free_nodes_ += 1 << (2 * l);
    if (logging_) log_.push_back({l, id, true});
  }
  void erase(int l, int id) {
    count(1);
    free_[std::size_t(l)].erase(id);
    free_nodes_ -= 1 << (2 * l);
    if (logging_) log_.push_back({l, id, false});
  }
  void undo() {
    logging_ = false;
    for (auto it = log_.rbegin(); it != log_.rend(); ++it) {
      if (it->inserted) erase(it->level, it->id);
      else insert(it->level, it->id);
    }
    log_.clear();
  }

  // Free block (level l, base id) -> its four buddies at level l − 1.
  void split(int l, int id) {
    erase(l, id);
    const Coord c = topo_.coord(id);
    const int s = 1 << (l - 1);
    insert(l - 1, id);
    insert(l - 1, topo_.id(c.x + s, c.y));
    insert(l - 1, topo_.id(c.x, c.y + s));
    insert(l - 1, topo_.id(c.x + s, c.y + s));
  }

  // Base of the level-l buddy block containing node (x, y), or -1 beyond its root.
  int base_at(int x, int y, int l) const {
    const Root& R = roots_[std::size_t(root_of_[std::size_t(topo_.id(x, y))])];
    if (l > R.level) return -1;
    return topo_.id(R.x + (((x - R.x) >> l) << l), R.y + (((y - R.y) >> l) << l));
  }

  // Whether b is exactly one buddy block; its level in l.
  bool buddy_level(const Block& b, int& l) const {
    if (b.w != b.h || (b.w & (b.w - 1)) != 0 || !topo_.contains(b.x, b.y)) return false;
    l = __builtin_ctz(unsigned(b.w));
    return base_at(b.x, b.y, l) == topo_.id(b.x, b.y);
  }

  // Remove the buddy block (x, y, level l) from the free blocks, splitting whatever free block
  // contains it; parts already busy are skipped.
  void carve(int x, int y, int l) {
    const int top = roots_[std::size_t(root_of_[std::size_t(topo_.id(x, y))])].level;
    for (int k = l; k <= top; ++k) {
      count(1);
      const int base = base_at(x, y, k);
      if (!free_[std::size_t(k)].contains(base)) continue;
      for (int m = k; m > l; --m) split(m, base_at(x, y, m));
      erase(l, topo_.id(x, y));
      return;
    }
    if (l == 0) return;  // not free here: nothing to remove
    const int s = 1 << (l - 1);
    carve(x, y, l - 1);
    carve(x + s, y, l - 1);
    carve(x, y + s, l - 1);
    carve(x + s, y + s, l - 1);
  }

  // Return the buddy block (x, y, level l) to the free lists and merge buddies upwards.
  void give_back(int x, int y, int l) {
    const int top = roots_[std::size_t(root_of_[std::size_t(topo_.id(x, y))])].level;
    insert(l, topo_.id(x, y));
    while (l < top) {
      const int pb = base_at(x, y, l + 1);
      const Coord p = topo_.coord(pb);
      const int s = 1 << l;
      const int kids[4] = {pb, topo_.id(p.x + s, p.y), topo_.id(p.x, p.y + s), topo_.id(p.x + s, p.y + s)};
      auto& fl = free_[std::size_t(l)];
      count(4);
      for (int k : kids)
        if (!fl.contains(k)) return;
      for (int k : kids) erase(l, k);
      insert(l + 1, pb);
      ++l;
    }
  }

  struct LogEntry { int level, id; bool inserted; };

  Topology topo_;
  int max_blocks_;
  std::vector<Root> roots_;
  std::vector<int> root_of_;          // node id -> root index
  int max_level_ = 0;
  std::vector<IdSet> free_;          // free_[l]: base ids of free blocks of side 2^l
  int free_nodes_ = 0;
  bool logging_ = false;
  std::vector<LogEntry> log_;
};

}  // namespace

std::unique_ptr<Strategy> make_mbs(const Topology& t, const StrategyParams& p) { return std::make_unique<MultipleBuddy>(t, p); }

// For tests: the free blocks of an MBS strategy (empty if `s` is not one).
std::vector<Block> mbs_free_blocks(const Strategy& s) {
  if (auto* m = dynamic_cast<const MultipleBuddy*>(&s)) return m->free_blocks();
  return {};
}

}  // namespace alloclab
