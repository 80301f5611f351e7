// occupancy.hpp — who owns each node, and fast queries for free submeshes.
//
// Besides the owner of every node, the grid keeps one bit word array per row (bit x set =
// node (x, y) free). On a 3D machine the rows of layer z follow those of layer z - 1: row
// z·H + y holds the free bits of (·, y, z), as node ids do (topology.hpp). free_bases(p, q) then finds every base whose p×q block is entirely free
// with word-parallel shifts and ANDs — O(H·W/64·log(pq)) instead of rescanning W·H·p·q cells
// (in place, ceil(log2 p) + ceil(log2 q) passes, stopping early once nothing is left).
// On a torus the row is treated as a ring (doubled before shifting) and rows wrap modulo H,
// so the bases of wrapping blocks are found too.
//
// free_bases and first_free_base answer for machines of depth 1 (the 2D strategies).
//
// Invariants (checked on every change): a node is assigned only when free, released only by
// its owner, and the free count always equals the number of free nodes.
#pragma once
#include <cstdint>
#include <vector>
#include "../core/geometry.hpp"
#include "../topology/topology.hpp"

namespace alloclab {

// Counted elementary operations of an allocation strategy (strategy.hpp).
using Ops = long long;

// A W×H bit matrix: bit (x, y) set means "a p×q block with base (x, y) is free".
class BaseMask {
 public:
  BaseMask() = default;
  BaseMask(int w, int h) : w_(w), h_(h), wpr_((w + 63) / 64), bits_(std::size_t(wpr_) * h, 0) {}
  // Resize to w×h, all bits clear (reuses the storage).
  void reset(int w, int h) {
    w_ = w, h_ = h, wpr_ = (w + 63) / 64;
    bits_.assign(std::size_t(wpr_) * h, 0);
  }
  int width() const { return w_; }
  int height() const { return h_; }
  bool test(int x, int y) const { return (row(y)[x >> 6] >> (x & 63)) & 1u; }
  const std::uint64_t* row(int y) const { return bits_.data() + std::size_t(y) * wpr_; }
  std::uint64_t* row(int y) { return bits_.data() + std::size_t(y) * wpr_; }
  int words_per_row() const { return wpr_; }
  bool any() const;
  int count() const;
  // First set bit in row-major order from the bottom row (y ascending, then x ascending).
  bool first(int& x, int& y) const;
  // The same, adding to `ops` the words read until the bit is found (all words if none).
  bool first(int& x, int& y, Ops& ops) const;
  // Calls f(x, y) for every set bit, rows bottom to top, x ascending.
  template <class F>
  void for_each(F&& f) const {
    for (int y = 0; y < h_; ++y) {
      const std::uint64_t* r = row(y);
      for (int k = 0; k < wpr_; ++k)
        for (std::uint64_t m = r[k]; m; m &= m - 1) f(k * 64 + __builtin_ctzll(m), y);
    }
  }

 private:
  int w_ = 0, h_ = 0, wpr_ = 0;
  std::vector<std::uint64_t> bits_;
};

// The free-base query of Occupancy::free_bases on any free-bit matrix in Occupancy's layout
// (H rows of (W+63)/64 words, bit x of row y set = node (x, y) free, bits >= W clear), for
// strategies that keep their own picture of the machine. `scratch` is reused storage.
Ops free_bases_of(const std::uint64_t* free_bits, const Topology& t, int p, int q, BaseMask& out,
                  std::vector<std::uint64_t>& scratch);

// What Occupancy::free_bases(p, q, out) returns on a W×H mesh when no p×q base is free and the
// tallest free block at least p wide is `tallest` < q high (0: no free run of p in any row; only
// compared with powers of two, so a power-of-two lower bound below 2·tallest also does) —
// without running it. `run`, the longest free run in any row, is read only off the in-register
// path (rows of more than 4 words or p >= 128), where a horizontal pass that leaves nothing ends
// the query. For 1 <= p <= W, 1 <= q <= H.
Ops free_bases_ops_failed(int W, int H, int p, int q, int tallest, int run);

class Occupancy {
 public:
  explicit Occupancy(const Topology& t);

  const Topology& topology() const { return topo_; }
  int width() const { return topo_.width(); }
  int height() const { return topo_.height(); }
  int depth() const { return topo_.depth(); }
  int free_count() const { return free_; }
  int busy_count() const { return topo_.nodes() - free_; }

  JobId owner(int x, int y, int z = 0) const { return owner_[std::size_t(topo_.id(x, y, z))]; }
  JobId owner(int node) const { return owner_[std::size_t(node)]; }
  bool is_free(int x, int y, int z = 0) const { return owner(x, y, z) == kNoJob; }
  // True if the whole block is inside the machine and free.
  bool block_free(const Block& b) const;
  // Number of busy nodes in the block (which must fit the machine).
  int busy_in(const Block& b) const;

  // Bases whose p×q block (not rotated) is entirely free. On a mesh the block must lie inside;
  // on a torus it may wrap. Empty mask if p or q exceed the machine.
  BaseMask free_bases(int p, int q) const;
  // The same into `out` (its storage is reused: no allocation once it is large enough).
  // Returns the 64-bit words the query processed: one per word of each shift-and-AND pass
  // (and of the copy in), the unit strategies count their bitmap work in.
  Ops free_bases(int p, int q, BaseMask& out) const;
  // What free_bases(p, q, out) returns when at least one p×q base is free (then no pass ends
  // the query early), for 1 <= p <= W, 1 <= q <= H — without running it. Lets a search that
  // finds its base another way count the model's work exactly.
  Ops free_bases_ops_found(int p, int q) const;
  // The mask, adding the words processed to `ops`.
  BaseMask free_bases(int p, int q, Ops& ops) const {
    BaseMask m;
    ops += free_bases(p, q, m);
    return m;
  }
  // The lowest-leftmost base (rows from y = 0, x ascending) whose p×q block is entirely free:
  // free_bases(p, q).first(x, y) without allocating (an internal scratch mask is reused).
  bool first_free_base(int p, int q, int& x, int& y) const {
    (void)free_bases(p, q, mask_scratch_);
    return mask_scratch_.first(x, y);
  }
  // The same, adding to `ops` the words the query processed and the words read to the base.
  bool first_free_base(int p, int q, int& x, int& y, Ops& ops) const {
    ops += free_bases(p, q, mask_scratch_);
    return mask_scratch_.first(x, y, ops);
  }
  // Row y of layer z: its free bits (bit x set = free), (W+63)/64 words.
  const std::uint64_t* free_row(int y, int z = 0) const {
    return free_bits_.data() + (std::size_t(z) * std::size_t(height()) + std::size_t(y)) * wpr_;
  }

  // Mutations; both check their invariants and abort on a violation (a bug, not bad input).
  void assign(const Block& b, JobId job);
  void release(const Block& b, JobId job);
  void assign(const Allocation& a, JobId job) {
    const Block* const b = a.blocks.data();
    const std::size_t n = a.blocks.size();
    for (std::size_t i = 0; i < n; ++i) {
      if (b[i].w == 1 && b[i].h == 1 && b[i].d == 1 && (i = assign_nodes(b, i, n, job)) == n) break;
      assign(b[i], job);  // a larger block, or a violation (reported there)
    }
  }
  void release(const Allocation& a, JobId job) {
    const Block* const b = a.blocks.data();
    const std::size_t n = a.blocks.size();
    for (std::size_t i = 0; i < n; ++i) {
      if (b[i].w == 1 && b[i].h == 1 && b[i].d == 1 && (i = release_nodes(b, i, n, job)) == n) break;
      release(b[i], job);
    }
  }

  // Full consistency check against the owner array (used by tests and check=1).
  bool consistent() const;

  // A working copy of `o` with its free bits and free count but no owner array, for searches
  // that try pieces on a copy of the machine (partition_allocate in fit.hpp): they read only the
  // free bits, and take() marks the pieces busy. On such a copy only the free-bit queries, the
  // size accessors and take() may be used (owner(), is_free(), block_free(), busy_in(),
  // assign(), release() and consistent() read owners it does not have).
  static Occupancy free_bits_copy(const Occupancy& o);
  // Marks the nodes of b (inside the machine, wrapping on a torus) busy on a free_bits_copy;
  // aborts if one is not free.
  void take(const Block& b);

 private:
  Occupancy(const Topology& t, int) : topo_(t), wpr_(0), free_(0) {}  // empty, for free_bits_copy
  void set_bit(int x, int row, bool free);  // row = z·H + y
  // One-node blocks b[i], b[i+1], ... that are free (assign) or owned by `job` (release),
  // changed in a tight loop; returns the index of the first block that is not such a node (n
  // if none).
  std::size_t assign_nodes(const Block* b, std::size_t i, std::size_t n, JobId job);
  std::size_t release_nodes(const Block* b, std::size_t i, std::size_t n, JobId job);
  template <bool Assign, bool OneWord>
  std::size_t change_nodes(const Block* b, std::size_t i, std::size_t n, JobId job);
  template <class F>
  void for_each_layer(const Block& b, F&& f) const;
  template <class F>
  void for_each_run(const Block& b, F&& f) const;
  void assign_layer(const Block& b, int row0, JobId job);
  void release_layer(const Block& b, int row0, JobId job);
  template <class F>
  static void for_each_word(int x0, int x1, F&& f);
  static std::uint64_t row_mask(int lo, int n);
  Topology topo_;
  int wpr_;
  int free_;
  std::vector<JobId> owner_;
  std::vector<std::uint64_t> free_bits_;
  mutable std::vector<std::uint64_t> scratch_;  // reused by free_bases on a torus (no allocation per query)
  mutable BaseMask mask_scratch_;                // reused by first_free_base
};

}  // namespace alloclab
