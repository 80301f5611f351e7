// fit.hpp — contiguous searches shared by several strategies: First Fit and Best Fit, and
// their memo versions for strategies that search many shapes on one machine.
//
// find_ff / find_bf are alloclab's First Fit and Best Fit (see ff.cpp, bf.cpp for the paper
// references and the scan order): ff.cpp and bf.cpp call them. PALD-FF / PALD-BF (pald.cpp)
// and ANCA (anca.cpp) search their pieces (partition.hpp) through FirstFitMemo / BestFitMemo,
// which keep work between searches and give the same blocks and the same counted operations
// (fit.cpp).
#pragma once
#include <memory>
#include <optional>
#include <vector>
#include "strategy.hpp"

namespace alloclab {

// First Fit: the lowest-leftmost free base (rows from y = 0, x ascending) of shape s as given.
// Counted work (added to `ops`): the bitmap words the free-base query processed plus the words
// read until the first free base.
inline std::optional<Block> find_ff(const Occupancy& occ, Shape s, Ops& ops) {
  int x, y;
  if (!occ.first_free_base(s.w, s.h, x, y, ops)) return std::nullopt;
  return block_at(x, y, s);
}
inline std::optional<Block> find_ff(const Occupancy& occ, Shape s) {
  Ops unused = 0;
  return find_ff(occ, s, unused);
}

// boundary_contact of any block from bit counts (fit.cpp): row sides are popcounts of the
// occupancy's free bits, column sides popcounts of a transposed copy made at construction. The
// contact of block_at(x, y, {w, h}) (inside the machine; may wrap on a torus) is
// row_side(y - 1, x, w) + row_side(y + h, x, w) + col_side(x - 1, y, h) + col_side(x + w, y, h).
// Valid while the occupancy is unchanged.
class ContactCounter {
 public:
  explicit ContactCounter(const Occupancy& occ);
  // Busy (or off-mesh) nodes of the `len` nodes from `from` in row y / column x just outside a block.
  int row_side(int y, int from, int len) const;
  int col_side(int x, int from, int len) const;

 private:
  const Occupancy& occ_;
  int W_, H_, cpr_;
  bool wrap_;
  std::vector<std::uint64_t> cols_;  // column x's free bits (bit y set = free), cpr_ words each
};

// The work of best_contact_base scoring `bases` bases of shape s, in the unit of every strategy
// (one 64-bit word read or written): on a mesh with sides up to 64, the padded free rows copied
// and the columns transposed (one per word read and one per word written), then four two-word
// windows per base (the longer sides' two windows decide alone for many bases: four is the
// most); otherwise the transposed columns made (one per word read and written) and, per base,
// the words of its four sides. An upper bound of what best_contact_base reads (fit.cpp).
inline Ops bf_score_ops(const Topology& t, Shape s, int bases) {
  const Ops W = t.width(), H = t.height(), wpr = (W + 63) / 64, hpr = (H + 63) / 64;
  if (!t.wraps() && s.w <= 64 && s.h <= 64) return 2 * (H + 2) * (wpr + 1) + (W + 2) * (hpr + 1) + H * wpr + 4 * Ops(bases);
  return W * hpr + H * wpr + Ops(bases) * (4 + 2 * ((s.w + 63) / 64 + (s.h + 63) / 64));
}

// The base of `m` (bases of shape s) whose block has the largest boundary_contact, the first
// in FF order on ties (stops at the first base that scores the maximum 2(w+h)); nullopt if m
// is empty. `bases` = m.count(): with many, the bases whose sides are all free are found in
// bulk and not scored (they cannot win; fit.cpp, OpenSides).
std::optional<Block> best_contact_base(const Occupancy& occ, const BaseMask& m, Shape s, int bases);

// Best Fit: the free base of shape s (as given) whose block has the largest boundary_contact;
// ties go to the first base in FF order. Scored from bit counts (best_contact_base).
// Counted work (added to `ops`): the free-base query's words, the mask's words (counting the
// bases), then best_contact_base's scoring as the code does it, in closed form (bf_score_ops).
inline std::optional<Block> find_bf(const Occupancy& occ, Shape s, Ops& ops) {
  const BaseMask m = occ.free_bases(s.w, s.h, ops);
  const int bases = m.count();
  ops += Ops(m.height()) * m.words_per_row();
  if (bases == 0) return std::nullopt;
  ops += bf_score_ops(occ.topology(), s, bases);
  return best_contact_base(occ, m, s, bases);
}
// find_ff with a memory, for strategies that search many shapes on one occupancy and on copies
// of it with a few more nodes taken (PALD-FF, ANCA, PALD-BF: the pieces of one request). It
// keeps the free bits with, per row, the windows of 2, 4, ..., 64 free nodes; a search copies
// the rows that changed since the last one (their windows are made again when a search first
// reads them), derives the p-run bases of
// each row from one window level (rows whose longest free run, kept per row, is shorter than p
// have none), and scans rows upwards ANDing q of them, stopping at the
// first base — or, when none exists, knowing the tallest free p-wide block, which fixes how
// many passes the free-base query would have made. Per width p it remembers, until nodes
// change, how tall a free p-wide block is known to be (at least / below), so a search that
// must fail is counted without a scan. Same result and the same counted operations as
// find_ff; machines over 256 columns, p >= 128 and tori use find_ff itself.
class FirstFitMemo {
 public:
  // `follows`: occ is the occupancy of this memo's previous search with the blocks its searches
  // returned since then taken, nothing else changed (the pieces of one partition_allocate
  // decision after its first search) — those rows are updated without comparing the rest.
  std::optional<Block> find(const Occupancy& occ, Shape s, Ops& ops, bool follows = false);

 private:
  std::optional<Block> search(const Occupancy& occ, Shape s, Ops& ops);
  void take_pending();
  bool ready_ = false;          // bits_ are the last search's occupancy but for pending_
  std::vector<Block> pending_;  // the blocks returned since
  static constexpr int kLevels = 7;  // windows of 1, 2, 4, ..., 64 free nodes
  void sync(const Occupancy& occ);
  void level_row(int j, int y);
  template <int N>
  std::optional<Block> scan(const Occupancy& occ, Shape s, Ops& ops, int from);
  std::uint64_t* lv(int j, int y) { return &lv_[(std::size_t(j) * std::size_t(H_) + std::size_t(y)) * std::size_t(n_ + 1)]; }
  int W_ = 0, H_ = 0, n_ = 0;
  std::vector<std::uint64_t> lv_;    // kLevels × H rows of n + 1 words (the last one 0); level 0 = the free bits
  int longest_run(int y) const;
  void row_changed(int y);
  std::vector<std::uint8_t> made_;   // per row: bit j > 0 set when its level j is up to date, bit 0 its longest run
  std::vector<int> stale_[kLevels];  // per level j > 0: the rows whose level j is not made (each once); [0]: longest run
  std::vector<std::int16_t> longest_;  // per row: its longest free run (when made)
  std::vector<int> taller_, below_;  // per width p: a free p-wide block this tall exists / none this tall
  struct Found {
    int p, q, y;  // the first p×q base was in row y
  };
  std::vector<Found> found_;         // since nodes were last freed: no p'×q' base below row y for p' >= p, q' >= q
  std::vector<std::uint64_t> bits_;  // the free bits as kept (H × n, contiguous like the occupancy's)
  int p_ = 0;                        // the width runs_ is for
  std::vector<std::uint64_t> runs_;  // per row, the bases of a free run of p_ (when p_ is no power of two)
  std::vector<unsigned> stamp_;      // per row: runs_ row valid when equal to gen_
  unsigned gen_ = 0;
};

// find_bf with a memory, for strategies that search shapes again and again on an occupancy
// that changes a little (PALD-BF's pieces: runs of 1×h searches, or 1×h and h×1 in turn, each
// after the last piece was taken). It keeps the free bits of rows and columns (fit.cpp),
// brought up to date row by row from the occupancy at each search, so a search scores bases
// without rebuilding them. A shape searched a second time (with no node freed in between)
// also gets the free side nodes of every base kept: later searches of it drop the bases the
// taken nodes cover, re-score the bases whose sides they touch, and take the best from
// per-row minima. Searches without a base are settled by a FirstFitMemo. Tori, sides over 64
// use find_bf. Same result and the same counted operations as find_bf (closed-form count of
// the free-base query when bases remain).
class BestFitMemo {
 public:
  std::optional<Block> find(const Occupancy& occ, Shape s, Ops& ops);

 private:
  struct Change {
    int y, k;
    std::uint64_t taken;  // nodes of word k of row y taken since the last search
  };
  void sync(const Occupancy& occ);           // rows_ / cols_ follow occ; changes_ lists what was taken
  void apply_changes();                      // the kept shape's bases and scores follow changes_
  void keep(const BaseMask& m, Shape s);     // start keeping scores for shape s
  void score_rect(int x0, int x1, int y0, int y1);  // kept bases in [x0, x1] × [y0, y1]
  void row_min(int y);
  std::optional<Block> best() const;
  int W_ = 0, H_ = 0, rw_ = 0, cw_ = 0;
  std::vector<std::uint64_t> rows_, cols_;  // padded free bits (see fit.cpp), rows and columns
  std::vector<std::uint64_t> bits_;         // the free bits as kept (H × wpr, contiguous like the occupancy's)
  std::vector<Change> changes_;
  bool kept_ = false;                       // scores of shape s_ are kept
  Shape s_{}, last_{};                      // the kept shape; the shape of the last search
  int count_ = 0;                           // bases of the kept shape
  BaseMask mask_, scratch_mask_;
  std::vector<std::uint16_t> free_sides_;   // per base (y·W + x): free nodes on its four sides
  std::vector<int> rowmin_, rowarg_;        // per row: least free_sides_ and its first x
  std::vector<int> dirty_;                  // rows whose minimum needs recomputing
  FirstFitMemo ff_;                         // settles searches that find no base
};

inline std::optional<Block> find_bf(const Occupancy& occ, Shape s) {
  Ops unused = 0;
  return find_bf(occ, s, unused);
}

}  // namespace alloclab
