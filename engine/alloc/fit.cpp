// fit.cpp — the out-of-line parts of the searches in fit.hpp.
//
// Sections, in order:
//   1. contact scoring   Best Fit's boundary_contact from bit counts (ContactCounter, best_contact_base)
//   2. FirstFitMemo      find_ff with a memory
//   3. BestFitMemo       find_bf with a memory
//
// 1. Best Fit scores every free base by boundary_contact (strategy.hpp): the busy (or off-mesh)
// nodes just outside the block's four sides. Counting them node by node costs 2(w+h) look-ups
// per base; here each side is a run of bits — a row side in the occupancy's free bits, a column
// side in a transposed copy of them (one bit word per column, built once per search) — and its
// busy count is its length minus a popcount of one or two words. The scores are exactly
// boundary_contact's; the counted operations are this scoring's (bf_score_ops in fit.hpp), an
// upper bound: the longer sides are read first and decide alone for many bases, and on a machine
// with many bases those whose sides are all free are found in bulk and not scored (OpenSides).
// 2, 3. The memos answer as find_ff / find_bf do, counting the free-base query's words with
// Occupancy::free_bases_ops_found / free_bases_ops_failed (occupancy.hpp) where they do not run it.
#include "fit.hpp"
#include <algorithm>
#include <bit>
#include <cassert>
#include <cstring>

namespace alloclab {

// [SECTION] 1. contact scoring

namespace {

using Word = std::uint64_t;

// Transposes a 64×64 bit matrix in place: bit j of a[i] becomes bit i of a[j].
void transpose64(Word a[64]) {
  Word m = 0x00000000FFFFFFFFull;
  for (int j = 32; j != 0; j >>= 1, m ^= m << j)
    for (int k = 0; k < 64; k = ((k | j) + 1) & ~j) {
      const Word t = ((a[k] >> j) ^ a[k | j]) & m;
      a[k] ^= t << j;
      a[k | j] ^= t;
    }
}

// The occupancy's free bits by column: column x (bit y set = node (x, y) free, bits >= H clear)
// into the (H + 63) / 64 words from cols[(x + first) · stride], one 64×64 tile at a time.
void columns_into(const Occupancy& occ, Word* cols, std::size_t stride, int first) {
  const int W = occ.width(), H = occ.height();
  Word t[64];
  for (int by = 0; by < (H + 63) / 64; ++by)
    for (int bx = 0; bx < (W + 63) / 64; ++bx) {
      for (int i = 0; i < 64; ++i) {
        const int y = by * 64 + i;
        t[i] = y < H ? occ.free_row(y)[bx] : 0;
      }
      transpose64(t);
      for (int j = 0; j < 64 && bx * 64 + j < W; ++j) cols[std::size_t(bx * 64 + j + first) * stride + std::size_t(by)] = t[j];
    }
}

// Set bits of `bits` in positions [a, b) (a < b).
int ones_in(const Word* bits, int a, int b) {
  const int k0 = a >> 6, k1 = (b - 1) >> 6;
  const Word lo = ~Word(0) << (a & 63), hi = ~Word(0) >> (63 - ((b - 1) & 63));
  if (k0 == k1) return std::popcount(bits[k0] & lo & hi);
  int n = std::popcount(bits[k0] & lo) + std::popcount(bits[k1] & hi);
  for (int k = k0 + 1; k < k1; ++k) n += std::popcount(bits[k]);
  return n;
}

// Set bits among the `len` positions from `from` (0 <= from < n, len <= n) of a ring of n bits.
int ones_in_ring(const Word* bits, int n, int from, int len) {
  if (from + len <= n) return ones_in(bits, from, from + len);
  return ones_in(bits, from, n) + ones_in(bits, 0, from + len - n);
}

}  // namespace

ContactCounter::ContactCounter(const Occupancy& occ)
    : occ_(occ), W_(occ.width()), H_(occ.height()), cpr_((H_ + 63) / 64), wrap_(occ.topology().wraps()),
      cols_(std::size_t(W_) * std::size_t(cpr_)) {
  columns_into(occ, cols_.data(), std::size_t(cpr_), 0);
}

int ContactCounter::row_side(int y, int from, int len) const {
  if (!wrap_ && (y < 0 || y >= H_)) return len;  // mesh edge
  if (y < 0) y += H_;
  else if (y >= H_) y -= H_;
  return len - ones_in_ring(occ_.free_row(y), W_, from, len);
}

int ContactCounter::col_side(int x, int from, int len) const {
  if (!wrap_ && (x < 0 || x >= W_)) return len;
  if (x < 0) x += W_;
  else if (x >= W_) x -= W_;
  return len - ones_in_ring(&cols_[std::size_t(x) * std::size_t(cpr_)], H_, from, len);
}

namespace {

// Mesh, sides of at most 64 nodes: the rows and columns are copied with a sentinel line of busy
// nodes (free bits 0) on each side and one spare word after each line, so a side is always the
// 64-bit window at bit `from` of its line and the mesh edge needs no test. Maximising contact
// = minimising the free nodes on the four sides (their lengths are fixed).
// rows: H + 2 lines of rw = wpr + 1 words (line y + 1 = row y); cols: W + 2 lines of
// cw = (H + 63) / 64 + 1 words (line x + 1 = column x).
void build_padded(const Occupancy& occ, std::vector<Word>& rows, std::vector<Word>& cols) {
  const int W = occ.width(), H = occ.height();
  const int rw = (W + 63) / 64 + 1, cw = (H + 63) / 64 + 1;
  rows.assign(std::size_t(H + 2) * std::size_t(rw), 0);
  cols.assign(std::size_t(W + 2) * std::size_t(cw), 0);
  for (int y = 0; y < H; ++y) std::copy(occ.free_row(y), occ.free_row(y) + rw - 1, &rows[std::size_t(y + 1) * std::size_t(rw)]);
  columns_into(occ, cols.data(), std::size_t(cw), 1);
}

// The 64 bits from bit `sh` of p[0] (p[1] supplies the high ones).
inline Word bits64(const Word* p, int sh) { return (p[0] >> sh) | ((p[1] << 1) << (63 - sh)); }
inline Word low_bits(int n) { return n == 64 ? ~Word(0) : (Word(1) << n) - 1; }

// Free nodes on the four sides of the s block at base (x, y), from padded rows and columns.
struct SideCounter {
  const Word* rows;
  const Word* cols;
  std::size_t rw, cw;
  Shape s;
  Word wmask, hmask;
  int row_sides(int x, int y) const {  // below (row y - 1) and above (row y + h)
    const std::size_t k = std::size_t(x >> 6);
    const int sh = x & 63;
    return std::popcount(bits64(rows + std::size_t(y) * rw + k, sh) & wmask) +
           std::popcount(bits64(rows + std::size_t(y + s.h + 1) * rw + k, sh) & wmask);
  }
  int col_sides(int x, int y) const {  // left (column x - 1) and right (column x + w)
    const Word* c = cols + std::size_t(y >> 6);
    const int sh = y & 63;
    return std::popcount(bits64(c + std::size_t(x) * cw, sh) & hmask) +
           std::popcount(bits64(c + std::size_t(x + s.w + 1) * cw, sh) & hmask);
  }
  int all(int x, int y) const { return row_sides(x, y) + col_sides(x, y); }
};

SideCounter side_counter(const std::vector<Word>& rows, const std::vector<Word>& cols, int W, int H, Shape s) {
  return SideCounter{rows.data(), cols.data(), std::size_t((W + 63) / 64 + 1), std::size_t((H + 63) / 64 + 1), s, low_bits(s.w),
                     low_bits(s.h)};
}

// Bases whose sides are all free, found in bulk on a machine with many bases (a nearly empty
// one): their free side count is the most, 2(w+h), so once any base is scored none of them can
// win; and a base whose two longer sides are all free scores at least twice the longer side, so
// it cannot win once the best so far is no more than that. Two window queries of the free bits
// give, per node, whether the w nodes from it in its row (`rows_`, Occupancy::free_bases(w, 1))
// and the h nodes from it in its column (`cols_`, free_bases(1, h)) are free; a base's sides are
// the windows at (x, y - 1) and (x, y + h) in rows_, (x - 1, y) and (x + w, y) in cols_ (off
// the mesh: busy; wrapping on a torus).
class OpenSides {
 public:
  OpenSides(const Occupancy& occ, Shape s)
      : W_(occ.width()), H_(occ.height()), n_((W_ + 63) / 64), s_(s), wrap_(occ.topology().wraps()),
        rows_longer_(!(s.h > s.w)), line_(std::size_t(2 * n_ + 6), 0), all_(std::size_t(n_), 0), longer_(std::size_t(n_), 0) {
    (void)occ.free_bases(s.w, 1, rows_);
    (void)occ.free_bases(1, s.h, cols_);
  }
  // The bases of row y (word k) that cannot beat `least`: all sides free once any base is
  // scored, both longer sides free once least <= 2 * longer side.
  Word skip(int k, int least) const {
    const int longer = rows_longer_ ? s_.w : s_.h;
    return (least <= 2 * (s_.w + s_.h) ? all_[std::size_t(k)] : 0) | (least <= 2 * longer ? longer_[std::size_t(k)] : 0);
  }
  void row(int y) {  // makes all_ and longer_ for base row y
    const Word* below = side_row(y - 1);
    const Word* above = side_row(y + s_.h);
    // column windows of row y at x - 1 and x + w: row y of cols_ from bit 64 of line_ (twice
    // on a torus, the second copy from bit 64 + W), the rest 0
    std::fill(line_.begin(), line_.end(), 0);
    const Word* c = cols_.row(y);
    put(c, 64);
    if (wrap_) put(c, 64 + W_);
    const int left = wrap_ ? 64 + W_ - 1 : 63, right = 64 + s_.w;
    for (int k = 0; k < n_; ++k) {
      const Word rows = (below ? below[k] : 0) & (above ? above[k] : 0);
      const Word cols = at(left + 64 * k) & at(right + 64 * k);
      all_[std::size_t(k)] = rows & cols;
      longer_[std::size_t(k)] = rows_longer_ ? rows : cols;
    }
  }

 private:
  const Word* side_row(int y) const {  // row y of rows_, nullptr off the mesh
    if (y < 0 || y >= H_) {
      if (!wrap_) return nullptr;
      y = y < 0 ? y + H_ : y - H_;
    }
    return rows_.row(y);
  }
  void put(const Word* src, int off) {  // ORs W bits of src into line_ from bit off
    const int q = off >> 6, sh = off & 63;
    for (int k = 0; k < n_; ++k) {
      line_[std::size_t(q + k)] |= src[k] << sh;
      if (sh) line_[std::size_t(q + k + 1)] |= src[k] >> (64 - sh);
    }
  }
  Word at(int bit) const { return bits64(&line_[std::size_t(bit >> 6)], bit & 63); }  // the 64 bits of line_ from `bit`
  int W_, H_, n_;
  Shape s_;
  bool wrap_, rows_longer_;
  BaseMask rows_, cols_;
  std::vector<Word> line_, all_, longer_;
};

// The first base of m in FF order with the least free(x, y, least) — the free nodes on its
// sides; free may return any value >= least once it knows the base cannot win. A base with no
// free side node (the maximum contact 2(w+h)) ends the scan: nothing later beats it. With
// `open`, the bases it shows cannot win are not scored.
template <class Free>
std::optional<Block> first_least(const BaseMask& m, Shape s, OpenSides* open, Free&& free) {
  int least = 1 << 30;
  Block pick;
  for (int y = 0; y < m.height(); ++y) {
    const Word* r = m.row(y);
    if (open) open->row(y);
    for (int k = 0; k < m.words_per_row(); ++k) {
      Word b = r[k];
      if (open) b &= ~open->skip(k, least);
      while (b) {
        const int x = k * 64 + std::countr_zero(b);
        b &= b - 1;
        const int f = free(x, y, least);
        if (f < least) {
          least = f;
          pick = block_at(x, y, s);
          if (f == 0) return pick;
          if (open) b &= ~open->skip(k, least);
        }
      }
    }
  }
  if (least == 1 << 30) return std::nullopt;
  return pick;
}

// first_least with SideCounter: the longer sides first — if they alone reach the best so far,
// the other two need not be read.
std::optional<Block> least_free_sides(const SideCounter& sc, const BaseMask& m, OpenSides* open = nullptr) {
  if (sc.s.h > sc.s.w)
    return first_least(m, sc.s, open, [&](int x, int y, int least) {
      const int f = sc.col_sides(x, y);
      return f >= least ? f : f + sc.row_sides(x, y);
    });
  return first_least(m, sc.s, open, [&](int x, int y, int least) {
    const int f = sc.row_sides(x, y);
    return f >= least ? f : f + sc.col_sides(x, y);
  });
}

}  // namespace

std::optional<Block> best_contact_base(const Occupancy& occ, const BaseMask& m, Shape s, int bases) {
  // Many bases (at least one per word of the machine): the open sides are found in bulk first.
  std::optional<OpenSides> open;
  if (bases >= occ.height() * m.words_per_row()) open.emplace(occ, s);
  OpenSides* const o = open ? &*open : nullptr;
  if (!occ.topology().wraps() && s.w <= 64 && s.h <= 64) {
    std::vector<Word> rows, cols;
    build_padded(occ, rows, cols);
    return least_free_sides(side_counter(rows, cols, occ.width(), occ.height(), s), m, o);
  }
  // Tori and sides over 64: the free side nodes from bit counts, the longer sides first (as
  // least_free_sides: a base they already rule out is not read further).
  const ContactCounter c(occ);
  const auto rows = [&](int x, int y) { return 2 * s.w - c.row_side(y - 1, x, s.w) - c.row_side(y + s.h, x, s.w); };
  const auto cols = [&](int x, int y) { return 2 * s.h - c.col_side(x - 1, y, s.h) - c.col_side(x + s.w, y, s.h); };
  if (s.h > s.w)
    return first_least(m, s, o, [&](int x, int y, int least) {
      const int f = cols(x, y);
      return f >= least ? f : f + rows(x, y);
    });
  return first_least(m, s, o, [&](int x, int y, int least) {
    const int f = rows(x, y);
    return f >= least ? f : f + cols(x, y);
  });
}

// [SECTION] 2. FirstFitMemo

// Level j of row y from its free bits (level 0), when a search first reads it after the row
// changed: levels are made on demand, as most rows a search reads have not changed.
void FirstFitMemo::level_row(int j, int y) {
  Word t[5];  // n_ <= 4 words and a 0
  const Word* src = lv(0, y);
  for (int i = 0; i <= n_; ++i) t[i] = src[i];
  for (int sh = 1; sh < 1 << j; sh *= 2)  // W_2k(x) = W_k(x) & W_k(x + k); bits past the row are 0
    for (int i = 0; i < n_; ++i) t[i] &= (t[i] >> sh) | (t[i + 1] << (64 - sh));
  std::copy(t, t + n_, lv(j, y));
  made_[std::size_t(y)] |= std::uint8_t(1u << j);
}

// The longest run of free nodes in row y (its level 0).
int FirstFitMemo::longest_run(int y) const {
  const Word* r = &lv_[std::size_t(y) * std::size_t(n_ + 1)];
  int best = 0, cur = 0;  // cur: the run reaching the start of word i from below
  for (int i = 0; i < n_; ++i) {
    Word w = r[i];
    if (w == ~Word(0)) {
      cur += 64;
      continue;
    }
    int at = std::countr_one(w);  // ends the run from below
    best = std::max(best, cur + at);
    w = at == 64 ? 0 : w >> at;
    while (w) {  // the runs inside the word; the last may go on into the next
      const int z = std::countr_zero(w);
      w >>= z;
      at += z;
      const int len = std::countr_one(w);
      at += len;
      if (at == 64) {
        cur = len;
        break;
      }
      best = std::max(best, len);
      w >>= len;
    }
    if (at < 64) cur = 0;
  }
  return std::max(best, cur);
}

// Row y's free bits changed: its levels 1.. and its longest run are made again when a search
// needs them.
void FirstFitMemo::row_changed(int y) {
  std::uint8_t& m = made_[std::size_t(y)];
  for (int j = 1; j < kLevels; ++j)
    if (m >> j & 1) stale_[std::size_t(j)].push_back(y);
  if (m & 1) stale_[0].push_back(y);  // (bit 0: the longest run is made)
  m = 0;
}

// Brings the kept bits up to occ: rows that differ get their levels again. Nodes taken keep the
// upper bounds per width; nodes freed (or another machine) forget everything.
void FirstFitMemo::sync(const Occupancy& occ) {
  const int W = occ.width(), H = occ.height();
  const Word* now = occ.free_row(0);  // the rows are contiguous, n words each
  if (W != W_ || H != H_) {
    W_ = W, H_ = H, n_ = (W + 63) / 64;
    bits_.assign(now, now + std::size_t(H) * std::size_t(n_));
    lv_.assign(std::size_t(kLevels) * std::size_t(H) * std::size_t(n_ + 1), 0);
    made_.assign(std::size_t(H), 0);
    longest_.assign(std::size_t(H), 0);
    for (std::vector<int>& l : stale_) {
      l.resize(std::size_t(H));
      for (int y = 0; y < H; ++y) l[std::size_t(y)] = y;
    }
    for (int y = 0; y < H; ++y)
      std::copy(now + std::size_t(y) * std::size_t(n_), now + std::size_t(y + 1) * std::size_t(n_), lv(0, y));
    taller_.assign(128, 0);
    below_.assign(128, 1 << 30);
    found_.clear();
    p_ = 0;
    return;
  }
  bool changed = false, freed = false;
  const std::size_t total = bits_.size();
  for (std::size_t at = 0; at < total;) {
    // the first differing word from `at` (memcmp skips equal stretches fast)
    if (std::memcmp(now + at, bits_.data() + at, (total - at) * sizeof(Word)) == 0) break;
    while (now[at] == bits_[at]) ++at;
    const int y = int(at / std::size_t(n_));
    const std::size_t r0 = std::size_t(y) * std::size_t(n_), r1 = r0 + std::size_t(n_);
    for (std::size_t k = r0; k < r1; ++k) freed = freed || (now[k] & ~bits_[k]) != 0;
    std::copy(now + r0, now + r1, bits_.data() + r0);
    std::copy(now + r0, now + r1, lv(0, y));
    row_changed(y);
    changed = true;
    at = r1;
  }
  if (!changed) return;
  taller_.assign(128, 0);
  if (freed) below_.assign(128, 1 << 30), found_.clear();
  p_ = 0;
}

// The kept bits with the blocks the searches since the last sync returned taken (they are on
// occ now: find's `follows`); rows changed as in sync.
void FirstFitMemo::take_pending() {
  for (const Block& b : pending_)
    for (int y = b.y; y < b.y + b.h; ++y) {
      Word* row = bits_.data() + std::size_t(y) * std::size_t(n_);
      Word* l0 = lv(0, y);
      for (int x = b.x; x < b.x + b.w;) {
        const int k = x >> 6, lo = x & 63, hi = std::min(64, lo + (b.x + b.w - x));
        const Word m = (hi == 64 ? ~Word(0) : (Word(1) << hi) - 1) & (~Word(0) << lo);
        row[k] &= ~m;
        l0[k] &= ~m;
        x += hi - lo;
      }
      row_changed(y);
    }
  if (pending_.empty()) return;
  pending_.clear();
  taller_.assign(128, 0);  // nodes taken: the upper bounds and first bases stay
  p_ = 0;
}

std::optional<Block> FirstFitMemo::find(const Occupancy& occ, Shape s, Ops& ops, bool follows) {
  if (occ.topology().wraps() || occ.width() > 256) {
    ready_ = false;
    return find_ff(occ, s, ops);
  }
  if (follows && ready_ && occ.width() == W_ && occ.height() == H_) {
    take_pending();
    assert(std::memcmp(occ.free_row(0), bits_.data(), bits_.size() * sizeof(Word)) == 0);
  } else {
    sync(occ);
    pending_.clear();
    ready_ = true;
  }
  auto b = search(occ, s, ops);
  if (b) pending_.push_back(*b);
  return b;
}

std::optional<Block> FirstFitMemo::search(const Occupancy& occ, Shape s, Ops& ops) {
  const int p = s.w, q = s.h;
  if (p < 1 || q < 1 || p >= 128 || p > occ.width() || q > occ.height()) return find_ff(occ, s, ops);
  const int taller = taller_[std::size_t(p)], below = below_[std::size_t(p)];
  if (below <= q) {  // no base: enough known when no pass threshold (1, 2, 4, ...) lies between
    bool known = !(taller < 1 && 1 < below);
    for (int t = 2; t <= q && known; t *= 2) known = !(taller < t && t < below);
    if (known) {
      ops += free_bases_ops_failed(W_, H_, p, q, taller, W_) + Ops(H_) * n_;  // (run unread: W <= 256, p < 128)
      return std::nullopt;
    }
  }
  if (p != p_) {  // new runs: every row stale
    p_ = p, ++gen_;
    runs_.resize(std::size_t(H_) * std::size_t(n_));
    if (stamp_.size() != std::size_t(H_) || gen_ == 0) stamp_.assign(std::size_t(H_), 0), gen_ = 1;
  }
  int from = 0;  // no p×q base lies below the first base of a shape it contains
  for (const Found& f : found_)
    if (f.p <= p && f.q <= q) from = std::max(from, f.y);
  switch (n_) {
    case 1: return scan<1>(occ, s, ops, from);
    case 2: return scan<2>(occ, s, ops, from);
    case 3: return scan<3>(occ, s, ops, from);
    default: return scan<4>(occ, s, ops, from);
  }
}

// Scans rows upwards from `from` (no base lies below it); depth = rows from y whose p-runs
// share a bit. The first y reaching q holds the first base. Otherwise the greatest depth over
// all rows (those below `from` scanned last) is the tallest free p-wide block.
template <int N>
std::optional<Block> FirstFitMemo::scan(const Occupancy& occ, Shape s, Ops& ops, int from) {
  const int p = s.w, q = s.h, H = H_;
  int k = 1, j = 0;
  while (2 * k <= p) k *= 2, ++j;
  const int r = p - k;  // W_p(x) = W_k(x) & W_k(x + p - k), k the largest power of two <= p
  const Word* level = lv(j, 0);
  Word* runs = runs_.data();
  if (j > 0) {  // level j of the rows changed since it was made
    for (const int y : stale_[std::size_t(j)]) level_row(j, y);
    stale_[std::size_t(j)].clear();
  }
  const bool skip = p > 8 && q > 1;  // rows whose longest free run is shorter than p have no p-run (few rows when p is small)
  if (skip) {
    for (const int y : stale_[0]) longest_[std::size_t(y)] = std::int16_t(longest_run(y)), made_[std::size_t(y)] |= 1;
    stale_[0].clear();
  }
  const std::int16_t* longest = longest_.data();
  // row y's p-run bases (rows of level j have N + 1 words, the last 0)
  auto row = [&](int y) -> const Word* {
    const Word* src = level + std::size_t(y) * (N + 1);
    if (r == 0) return src;
    Word* d = runs + std::size_t(y) * N;
    if (stamp_[std::size_t(y)] != gen_) {
      stamp_[std::size_t(y)] = gen_;
      for (int i = 0; i < N; ++i) d[i] = src[i] & ((src[i] >> r) | (src[i + 1] << (64 - r)));
    }
    return d;
  };
  int tallest = 0;
  long long work = 0;
  Word acc[N];
  // depth of row y (stops at q); acc holds the AND of the rows taken
  auto depth = [&](int y) {
    if (skip && longest[y] < p) return 0;
    const Word* r0 = row(y);
    Word any = 0;
    for (int i = 0; i < N; ++i) any |= acc[i] = r0[i];
    if (!any) return 0;
    int d = 1;
    for (; d < q && y + d < H; ++d) {
      if (skip && longest[y + d] < p) break;
      const Word* u = row(y + d);
      any = 0;
      for (int i = 0; i < N; ++i) any |= acc[i] &= u[i];
      if (!any) break;
    }
    work += d;
    return d;
  };
  for (int y = from; y < H && H - y > tallest; ++y) {
    const int d = depth(y);
    if (d == q) {
      taller_[std::size_t(p)] = std::max(taller_[std::size_t(p)], q);
      if (found_.size() >= 64) found_.clear();
      found_.push_back({p, q, y});
      for (int i = 0; i < N; ++i)
        if (acc[i]) {
          ops += occ.free_bases_ops_found(p, q) + Ops(y) * N + i + 1;  // the query, then words read to the base
          return block_at(i * 64 + std::countr_zero(acc[i]), y, s);
        }
    }
    tallest = std::max(tallest, d);
    if (work > 8LL * H) return find_ff(occ, s, ops);  // deep columns everywhere: the passes are cheaper
  }
  for (int y = 0; y < from && y < H; ++y) {  // below `from`: depths only (none reaches q)
    tallest = std::max(tallest, depth(y));
    if (work > 8LL * H) return find_ff(occ, s, ops);
  }
  taller_[std::size_t(p)] = std::max(taller_[std::size_t(p)], tallest);
  below_[std::size_t(p)] = std::min(below_[std::size_t(p)], tallest + 1);
  ops += free_bases_ops_failed(W_, H, p, q, tallest, W_) + Ops(H) * N;  // the query's passes, then every mask word read
  return std::nullopt;
}

// [SECTION] 3. BestFitMemo

std::optional<Block> BestFitMemo::find(const Occupancy& occ, Shape s, Ops& ops) {
  const int W = occ.width(), H = occ.height();
  if (occ.topology().wraps() || s.w > 64 || s.h > 64 || s.w < 1 || s.h < 1 || s.w > W || s.h > H) {
    kept_ = false;
    last_ = Shape{};
    return find_bf(occ, s, ops);
  }
  sync(occ);
  const Shape before = last_;
  last_ = s;
  auto score_ops = [&](int bases) {  // the mask's words, then find_bf's scoring
    ops += Ops(H) * ((W + 63) / 64) + bf_score_ops(occ.topology(), s, bases);
  };
  if (kept_ && s == s_ && count_ > 0) {
    ops += occ.free_bases_ops_found(s.w, s.h);
    score_ops(count_);
    return best();
  }
  Ops ff_ops = 0;  // a search without a base counts as find_ff's: the query, then the mask's words
  if (!ff_.find(occ, s, ff_ops)) {
    ops += ff_ops;
    return std::nullopt;
  }
  ops += occ.free_bases(s.w, s.h, scratch_mask_);
  const BaseMask& m = scratch_mask_;
  score_ops(m.count());
  if (s == before) {  // searched again: keep its scores from now on
    keep(m, s);
    return best();
  }
  return least_free_sides(side_counter(rows_, cols_, W_, H_, s), m);
}

// Brings rows_ / cols_ up to occ. Taken nodes go to changes_ (for the kept shape); a freed node,
// a different machine or a wholesale change drops the kept scores.
void BestFitMemo::sync(const Occupancy& occ) {
  const int W = occ.width(), H = occ.height(), wpr = (W + 63) / 64;
  const Word* now = occ.free_row(0);  // the rows are contiguous, wpr words each
  const std::size_t total = std::size_t(H) * std::size_t(wpr);
  changes_.clear();
  if (W != W_ || H != H_ || rows_.empty()) {
    W_ = W, H_ = H, rw_ = wpr + 1, cw_ = (H + 63) / 64 + 1;
    build_padded(occ, rows_, cols_);
    bits_.assign(now, now + total);
    kept_ = false;
    return;
  }
  const std::size_t rw = std::size_t(rw_), cw = std::size_t(cw_);
  bool freed = false;
  for (std::size_t at = 0; at < total;) {
    // the next differing word (memcmp skips equal stretches fast)
    if (std::memcmp(now + at, bits_.data() + at, (total - at) * sizeof(Word)) == 0) break;
    while (now[at] == bits_[at]) ++at;
    const int y = int(at / std::size_t(wpr)), k = int(at % std::size_t(wpr));
    const Word taken = bits_[at] & ~now[at], given = now[at] & ~bits_[at];
    freed = freed || given != 0;
    if (int(changes_.size()) > H) {  // a different state: copy it whole
      build_padded(occ, rows_, cols_);
      bits_.assign(now, now + total);
      kept_ = false;
      changes_.clear();
      return;
    }
    if (taken) changes_.push_back({y, k, taken});
    for (Word b = taken | given; b; b &= b - 1) {
      const int x = k * 64 + std::countr_zero(b);
      cols_[std::size_t(x + 1) * cw + std::size_t(y >> 6)] ^= Word(1) << (y & 63);
    }
    rows_[std::size_t(y + 1) * rw + std::size_t(k)] = bits_[at] = now[at];
    ++at;
  }
  if (freed) kept_ = false;
  if (kept_ && !changes_.empty()) apply_changes();
}

void BestFitMemo::keep(const BaseMask& m, Shape s) {
  kept_ = true, s_ = s;
  mask_ = m;
  count_ = m.count();
  free_sides_.resize(std::size_t(W_) * std::size_t(H_));
  rowmin_.assign(std::size_t(H_), 1 << 30);
  rowarg_.assign(std::size_t(H_), 0);
  score_rect(0, W_ - 1, 0, H_ - 1);
  for (int y = 0; y < H_; ++y) row_min(y);
  dirty_.clear();
}

// Scores the kept bases in [x0, x1] × [y0, y1] (clipped) and marks their rows dirty.
void BestFitMemo::score_rect(int x0, int x1, int y0, int y1) {
  x0 = std::max(x0, 0), y0 = std::max(y0, 0), x1 = std::min(x1, W_ - s_.w), y1 = std::min(y1, H_ - s_.h);
  if (x0 > x1) return;
  const SideCounter sc = side_counter(rows_, cols_, W_, H_, s_);
  for (int y = y0; y <= y1; ++y) {
    const Word* r = mask_.row(y);
    std::uint16_t* f = &free_sides_[std::size_t(y) * std::size_t(W_)];
    bool any = false;
    for (int k = x0 >> 6; k <= x1 >> 6; ++k) {
      Word b = r[k];
      if (k == x0 >> 6) b &= ~Word(0) << (x0 & 63);
      if (k == x1 >> 6) b &= ~Word(0) >> (63 - (x1 & 63));
      for (; b; b &= b - 1) {
        const int x = k * 64 + std::countr_zero(b);
        f[x] = std::uint16_t(sc.all(x, y));
        any = true;
      }
    }
    if (any) dirty_.push_back(y);
  }
}

void BestFitMemo::row_min(int y) {
  const Word* r = mask_.row(y);
  const std::uint16_t* f = &free_sides_[std::size_t(y) * std::size_t(W_)];
  int least = 1 << 30, at = 0;
  for (int k = 0; k < mask_.words_per_row(); ++k)
    for (Word b = r[k]; b; b &= b - 1) {
      const int x = k * 64 + std::countr_zero(b);
      if (f[x] < least) least = f[x], at = x;
    }
  rowmin_[std::size_t(y)] = least, rowarg_[std::size_t(y)] = at;
}

// The kept shape after nodes were taken (rows_ / cols_ already show them): bases whose block
// covers a taken node are gone, bases with a side on one score again.
void BestFitMemo::apply_changes() {
  dirty_.clear();
  for (const Change& c : changes_)
    for (Word d = c.taken; d;) {  // each run [lo, hi) of taken nodes in the word
      const int lo = std::countr_zero(d);
      const Word above = ~d & (~Word(0) << lo);
      const int hi = above ? std::countr_zero(above) : 64;
      d &= hi == 64 ? 0 : ~Word(0) << hi;
      const int x0 = c.k * 64 + lo, x1 = c.k * 64 + hi - 1;
      const int bx0 = std::max(0, x0 - s_.w + 1), bx1 = std::min(x1, W_ - s_.w);
      for (int y = std::max(0, c.y - s_.h + 1); y <= std::min(c.y, H_ - s_.h) && bx0 <= bx1; ++y) {
        Word* r = mask_.row(y);
        for (int k = bx0 >> 6; k <= bx1 >> 6; ++k) {
          Word m = ~Word(0);
          if (k == bx0 >> 6) m &= ~Word(0) << (bx0 & 63);
          if (k == bx1 >> 6) m &= ~Word(0) >> (63 - (bx1 & 63));
          count_ -= std::popcount(r[k] & m);
          r[k] &= ~m;
        }
        dirty_.push_back(y);
      }
      score_rect(x0 - s_.w, x1 + 1, c.y - s_.h, c.y + 1);
    }
  std::sort(dirty_.begin(), dirty_.end());
  dirty_.erase(std::unique(dirty_.begin(), dirty_.end()), dirty_.end());
  for (int y : dirty_) row_min(y);
}

std::optional<Block> BestFitMemo::best() const {
  int least = 1 << 30, at = -1;
  for (int y = 0; y < H_; ++y)
    if (rowmin_[std::size_t(y)] < least) least = rowmin_[std::size_t(y)], at = y;
  if (at < 0) return std::nullopt;
  return block_at(rowarg_[std::size_t(at)], at, s_);
}

}  // namespace alloclab
