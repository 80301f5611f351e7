// buddy.cpp — Two-dimensional buddy system (Li & Cheng, J. Parallel Distrib. Comput. 1991), as
// Srinivasan et al. 2004 §III.A and Srisawat & Alexandridis 1999 §2.1 describe it.
//
// The machine must be a square mesh of side 2^n. A request p×q is rounded up to a square
// 2^k × 2^k with k = ceil(log2(max(p, q))) — Srinivasan et al. 2004 writes i = log2(max(p, q)), which is
// only an integer for power-of-two sides; rounding up is what makes the block big enough.
// Free blocks are kept in one free list per level (level L = blocks of side 2^L). To allocate,
// the smallest level j >= k with a free block is found and its first block is taken; while
// j > k that block is split into its four buddies (quadrants), the lower-left quadrant is kept
// for splitting further and the other three go to the free list of level j-1. The allocation
// is the whole 2^k block, so internal fragmentation shows in the results. When a block is
// released it goes back to its free list and, as long as its three buddies are free too, the
// four are recombined into their parent (eager coalescing).
//
// Choices where the papers are unclear:
//  * "First block" of a free list = lowest, then leftmost base (lists ordered by (y, x)).
//  * allocate() only decides (it may not change state): the decided block is the lower-left
//    2^k sub-block of the chosen free block, which is exactly what splitting produces. The
//    free lists change in allocated()/released(), which accept any block, not only buddy
//    blocks: the CLI `place` command reports arbitrary pre-existing busy rectangles, which are
//    carved out of the free lists by splitting every free block that straddles them, and
//    released by freeing the quadtree blocks they cover with the same recombination. Under
//    eager coalescing the free lists are always exactly the maximal free aligned squares of
//    the quadtree, so the strategy's view is a function of the occupancy.
//  * A request with max(p, q) > 2^n can never be placed (nullopt). Mesh only; the registry's
//    check refuses a non-square or non-power-of-two mesh with a clear message.
//
// Counted work: one operation = one free list looked at (allocate: levels k..n), one node of
// the buddy tree visited while carving the allocated block out of the free lists or giving it
// back, or one buddy looked up while recombining (4 per level climbed): O(log √N) per
// allocation, as Srinivasan et al. 2004 Table VI states; the release's recombining is the O(N)-class
// deallocation work.
#include <algorithm>
#include <set>
#include <string>
#include <utility>
#include <vector>
#include "strategy.hpp"

namespace alloclab {
namespace {

int ceil_log2(int v) {
  int k = 0;
  while ((1 << k) < v) ++k;
  return k;
}

class Buddy2D final : public StrategyBase<Buddy2D> {
 public:
  explicit Buddy2D(const Topology& t) : n_(ceil_log2(t.width())), free_(std::size_t(n_) + 1) {
    free_[std::size_t(n_)].insert({0, 0});
  }

  std::optional<Allocation> allocate(const Request& req, const Occupancy&, Rng&) override {
    const int k = ceil_log2(std::max(req.shape.w, req.shape.h));
    for (int j = k; j <= n_; ++j) {
      count(1);
      const auto& list = free_[std::size_t(j)];
      if (list.empty()) continue;
      const auto [y, x] = *list.begin();
      return Allocation{{Block{x, y, 1 << k, 1 << k}}};
    }
    return std::nullopt;
  }

  void allocated(JobId, const Allocation& a) override {
    for (const Block& b : a.blocks) carve(n_, 0, 0, b);
  }
  void released(JobId, const Allocation& a) override {
    for (const Block& b : a.blocks) give_back(n_, 0, 0, b);
  }

 private:
  using Key = std::pair<int, int>;  // (y, x) of a block's base
  static bool disjoint(int x, int y, int s, const Block& r) {
    return x + s <= r.x || r.x + r.w <= x || y + s <= r.y || r.y + r.h <= y;
  }
  static bool inside(int x, int y, int s, const Block& r) {
    return r.x <= x && x + s <= r.x + r.w && r.y <= y && y + s <= r.y + r.h;
  }

  // Removes region r from the free lists, splitting free blocks that straddle it.
  void carve(int L, int x, int y, const Block& r) {
    count(1);
    const int s = 1 << L;
    if (disjoint(x, y, s, r)) return;
    auto& list = free_[std::size_t(L)];
    const bool was_free = list.erase({y, x}) > 0;
    if (inside(x, y, s, r) || L == 0) return;  // wholly taken (or already busy)
    const int h = s / 2;
    if (was_free)
      for (int q = 0; q < 4; ++q) free_[std::size_t(L - 1)].insert({y + (q / 2) * h, x + (q % 2) * h});
    for (int q = 0; q < 4; ++q) carve(L - 1, x + (q % 2) * h, y + (q / 2) * h, r);
  }

  // Returns region r to the free lists: every quadtree block inside r is freed and recombined.
  void give_back(int L, int x, int y, const Block& r) {
    count(1);
    const int s = 1 << L;
    if (disjoint(x, y, s, r)) return;
    if (inside(x, y, s, r)) {
      free_and_merge(L, x, y);
      return;
    }
    const int h = s / 2;
    for (int q = 0; q < 4; ++q) give_back(L - 1, x + (q % 2) * h, y + (q / 2) * h, r);
  }

  void free_and_merge(int L, int x, int y) {
    while (L < n_) {
      count(4);
      const int ps = 1 << (L + 1), px = x & ~(ps - 1), py = y & ~(ps - 1), h = ps / 2;
      auto& list = free_[std::size_t(L)];
      bool all = true;
      for (int q = 0; q < 4 && all; ++q) {
        const Key k{py + (q / 2) * h, px + (q % 2) * h};
        if (k != Key{y, x} && !list.count(k)) all = false;
      }
      if (!all) break;
      for (int q = 0; q < 4; ++q) list.erase({py + (q / 2) * h, px + (q % 2) * h});
      ++L;
      x = px;
      y = py;
    }
    free_[std::size_t(L)].insert({y, x});
  }

  int n_;                               // the mesh side is 2^n_
  std::vector<std::set<Key>> free_;     // free_[L]: free blocks of side 2^L, by (y, x)
};

}  // namespace

std::unique_ptr<Strategy> make_buddy(const Topology& t, const StrategyParams&) { return std::make_unique<Buddy2D>(t); }

std::string buddy_check(const Topology& t) {
  const int w = t.width();
  if (w != t.height() || w < 1 || (w & (w - 1)) != 0)
    return "buddy needs a square mesh whose side is a power of two (e.g. size=16x16), not " +
           std::to_string(t.width()) + "x" + std::to_string(t.height());
  return {};
}

}  // namespace alloclab
