// fit.hpp — contiguous searches shared by several strategies, and the recursive-partitioning
// driver of the non-contiguous strategies that split a request until its pieces fit.
//
// find_ff / find_bf are alloclab's First Fit and Best Fit (see ff.cpp, bf.cpp for the paper
// references and the scan order): ff.cpp and bf.cpp call them. PALD-FF / PALD-BF (pald.cpp)
// and ANCA (anca.cpp) search their pieces through FirstFitMemo / BestFitMemo, which keep work
// between searches and give the same blocks and the same counted operations (fit.cpp).
//
// partition_allocate() is the common skeleton of PALD and ANCA: try the piece with a fit
// function; if no place exists, split it into two smaller pieces and place those (first piece
// completely, then the second). The pieces already chosen are marked busy in ONE scratch copy
// of the occupancy's free bits made per decision (Occupancy::free_bits_copy; the strategy's
// input is never mutated), so later searches see them as busy. A failed search for a shape s also proves that every shape containing s
// (componentwise ≥) fails on the scratch for the rest of the decision (the scratch only gets
// busier), so such searches are skipped — the result is the same, only faster.
#pragma once
#include <memory>
#include <optional>
#include <string>
#include <utility>
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
// occupancy's free bits, column sides popcounts of a transposed copy made at construction.
// Valid while the occupancy is unchanged.
class ContactCounter {
 public:
  explicit ContactCounter(const Occupancy& occ);
  // boundary_contact(occ, block_at(x, y, {w, h})) for a block inside the machine (may wrap on a torus).
  int contact(int x, int y, int w, int h) const {
    return row_side(y - 1, x, w) + row_side(y + h, x, w) + col_side(x - 1, y, h) + col_side(x + w, y, h);
  }

 private:
  // Busy (or off-mesh) nodes of the `len` nodes from `from` in row y / column x just outside a block.
  int row_side(int y, int from, int len) const;
  int col_side(int x, int from, int len) const;
  const Occupancy& occ_;
  int W_, H_, cpr_;
  bool wrap_;
  std::vector<std::uint64_t> cols_;  // column x's free bits (bit y set = free), cpr_ words each
};

// The base of `m` (bases of shape s) whose block has the largest boundary_contact, the first
// in FF order on ties (stops at the first base that scores the maximum 2(w+h)); nullopt if m
// is empty.
std::optional<Block> best_contact_base(const Occupancy& occ, const BaseMask& m, Shape s);

// Best Fit: the free base of shape s (as given) whose block has the largest boundary_contact;
// ties go to the first base in FF order. Scored from bit counts (best_contact_base).
// Counted work (added to `ops`) — the model of the search, whatever the implementation does:
// the free-base query's words, the mask's words (counting the bases), then the cheaper of two
// ways to score: 2(w+h) perimeter nodes per base (direct), or, when the bases' perimeters add
// up to more than 4·W·H, W·H nodes for per-row and per-column prefix counts of busy nodes
// plus 4 look-ups per base.
inline std::optional<Block> find_bf(const Occupancy& occ, Shape s, Ops& ops) {
  const BaseMask m = occ.free_bases(s.w, s.h, ops);
  const int bases = m.count();
  ops += Ops(m.height()) * m.words_per_row();
  if (bases == 0) return std::nullopt;
  const Topology& t = occ.topology();
  if ((long long)bases * 2 * (s.w + s.h) <= 4LL * t.width() * t.height()) ops += Ops(bases) * 2 * (s.w + s.h);
  else ops += Ops(t.width()) * t.height() + 4 * Ops(bases);
  return best_contact_base(occ, m, s);
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

// What partition_allocate did with one (sub-)request, for observers (Explain mode).
enum class PartitionEvent {
  Placed,     // the fit found a place: the piece is taken (block given)
  NoPlace,    // the fit found no place: the shape is split
  Skipped,    // not searched: it contains a shape already known to have no place; split
  Capped,     // a place exists but max_blocks pieces are already taken: the decision fails
  TooFew,     // fewer free nodes than the request: fails up front
};

// Recursive partitioning. `fit(occ, shape) -> optional<Block>` must fail only when no free
// place of the shape exists in the orientations it tries (true of find_ff, find_bf and their
// both-orientation variants): that is what makes the skip rule above exact. `split(shape) ->
// pair<Shape, Shape>` is called only for shapes with area ≥ 2 and must return two non-empty
// shapes whose areas add up. `max_blocks` > 0 caps the number of pieces: the decision fails
// as soon as the cap would be exceeded. Fails up front if fewer than area nodes are free;
// otherwise succeeds unless capped (1×1 pieces always fit a free node).
// `observe(shape, PartitionEvent, const std::optional<Block>&)` is told every step in order
// (the traced variant; partition_allocate observes nothing). `fit` is called first on occ, then
// on the scratch, which is occ with every block an earlier call returned taken (a block found
// but not taken ends the decision): FirstFitMemo's `follows`.
template <class Fit, class Split, class Observe>
std::optional<Allocation> partition_allocate_traced(const Occupancy& occ, Shape shape, int max_blocks, Fit&& fit,
                                                    Split&& split, Observe&& observe) {
  if (occ.free_count() < shape.area()) {
    observe(shape, PartitionEvent::TooFew, std::optional<Block>{});
    return std::nullopt;
  }
  // Fast path: the whole request fits (no copy needed).
  if (auto b = fit(occ, shape)) {
    observe(shape, PartitionEvent::Placed, b);
    return Allocation{{*b}};
  }
  observe(shape, PartitionEvent::NoPlace, std::optional<Block>{});
  if (max_blocks == 1) {
    observe(shape, PartitionEvent::Capped, std::optional<Block>{});
    return std::nullopt;
  }
  Occupancy scratch = Occupancy::free_bits_copy(occ);
  Allocation out;
  std::vector<Shape> failed{shape};  // minimal shapes known to have no place on the scratch
  auto dominated = [&](Shape s) {
    for (const Shape& f : failed)
      if (s.w >= f.w && s.h >= f.h) return true;
    return false;
  };
  auto note_failure = [&](Shape s) {
    std::erase_if(failed, [&](const Shape& f) { return f.w >= s.w && f.h >= s.h; });
    failed.push_back(s);
  };
  auto rec = [&](auto&& self, Shape s) -> bool {
    if (!dominated(s)) {
      if (auto b = fit(std::as_const(scratch), s)) {
        if (max_blocks > 0 && int(out.blocks.size()) >= max_blocks) {
          observe(s, PartitionEvent::Capped, b);
          return false;
        }
        scratch.take(*b);
        out.blocks.push_back(*b);
        observe(s, PartitionEvent::Placed, b);
        return true;
      }
      observe(s, PartitionEvent::NoPlace, std::optional<Block>{});
      note_failure(s);
    } else {
      observe(s, PartitionEvent::Skipped, std::optional<Block>{});
    }
    if (s.area() <= 1) return false;  // cannot happen while enough nodes are free
    const auto [a, b] = split(s);
    return self(self, a) && self(self, b);
  };
  const auto [a, b] = split(shape);
  if (!rec(rec, a) || !rec(rec, b)) return std::nullopt;
  return out;
}

template <class Fit, class Split>
std::optional<Allocation> partition_allocate(const Occupancy& occ, Shape shape, int max_blocks, Fit&& fit, Split&& split) {
  return partition_allocate_traced(occ, shape, max_blocks, fit, split, [](Shape, PartitionEvent, const std::optional<Block>&) {});
}

// Explain mode for the strategies built on partition_allocate (PALD, ANCA): the request, then
// one step per piece taken (numbered, with the sub-requests that found no place before it),
// then the decision. `fit_name` names the search ("First Fit").
template <class Fit, class Split>
Explanation explain_partition(const Request& req, const Occupancy& occ, int max_blocks, Fit&& fit, Split&& split,
                              const char* fit_name) {
  Explanation e;
  e.steps.push_back(explain_request_step(req, occ));
  std::vector<Block> pieces;
  std::string misses;  // sub-requests without a place since the last piece
  int nmiss = 0;
  constexpr int kStepsMax = 40;  // pieces beyond this share the last step
  auto shape_str = [](Shape s) { return std::to_string(s.w) + "x" + std::to_string(s.h); };
  e.decision = partition_allocate_traced(occ, req.shape, max_blocks, fit, split,
                                         [&](Shape s, PartitionEvent ev, const std::optional<Block>& b) {
    if (ev == PartitionEvent::NoPlace || ev == PartitionEvent::Skipped) {
      if (nmiss < 6) misses += (misses.empty() ? "" : ", ") + shape_str(s) + (ev == PartitionEvent::Skipped ? " (known to fail)" : "");
      else if (nmiss == 6) misses += ", ...";
      ++nmiss;
      return;
    }
    ExplainStep st;
    if (ev == PartitionEvent::TooFew) {
      st.title = "Too few free";
      st.caption = "Only " + std::to_string(occ.free_count()) + " processors are free, fewer than " + std::to_string(s.area()) + ": the job waits.";
    } else if (ev == PartitionEvent::Capped) {
      st.title = "Block cap";
      st.caption = "Taking " + shape_str(s) + " would exceed max_blocks = " + std::to_string(max_blocks) + ": the whole allocation fails.";
      st.layer(ExplainRole::Piece).blocks = pieces;
    } else {  // Placed
      pieces.push_back(*b);
      const int k = int(pieces.size());
      if (k > kStepsMax) {  // merged into the last step
        ExplainStep& last = e.steps.back();
        last.layer(ExplainRole::Piece).blocks.push_back(*b);
        last.labels.push_back(ExplainLabel{b->x, b->y, k});
        last.title = "Blocks #" + std::to_string(kStepsMax) + ".." + std::to_string(k);
        last.caption = "Blocks #" + std::to_string(kStepsMax) + " to #" + std::to_string(k) + " as the splitting goes on (smaller and smaller pieces).";
        misses.clear(), nmiss = 0;
        return;
      }
      st.title = "Block #" + std::to_string(k);
      st.labels_mean = "block number, in allocation order";
      st.layer(ExplainRole::Piece).blocks.assign(pieces.begin(), pieces.end() - 1);
      st.layer(ExplainRole::Focus).blocks = {*b};
      for (int i = 0; i < k; ++i) st.labels.push_back(ExplainLabel{pieces[std::size_t(i)].x, pieces[std::size_t(i)].y, i + 1});
      st.caption = (misses.empty() ? "" : "No free place for " + misses + " (each split at its longest side); ") + fit_name + " places " +
                   shape_str(s) + " at (" + std::to_string(b->x) + ", " + std::to_string(b->y) + "): block #" + std::to_string(k) + ".";
    }
    misses.clear(), nmiss = 0;
    e.steps.push_back(std::move(st));
  });
  e.steps.push_back(explain_decision_step(e.decision, req));
  return e;
}
}  // namespace alloclab
