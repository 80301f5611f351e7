// mfa.cpp — Minimal Fragmentation Algorithm (Srinivasan, Seshadri, Chandrasekhar & Jonathan),
// as seed 000 §IV describes it (main approach §IV.A, pseudo-code §IV.B, Examples 1–2 §IV.C).
//
// For a task T(p, q) every node starts with status 0 (free). The reject set Δ_T (bases whose
// block would cross the mesh edge) and the coverage set Ξ_T (bases whose block would overlap a
// busy submesh) get status 1 (unavailable): here both together are the complement of
// Occupancy::free_bases(p, q), computed word-parallel. Then, for every busy submesh
// β = <a,b>,<c,d> in the busy list, the candidate bases are visited in the paper's order
//   Right : <c+1, b-q+1> .. <c+1, d>        (y ascending, as in Table I)
//   Top   : <c, d+1> .. <a-p+1, d+1>        (x descending, as in Table I)
//   Left  : <a-p, d> .. <a-p, b-q+1>        (ends along the left side minus the task size)
//   Bottom: <a-p+1, b-q> .. <c, b-q>        (ends along the bottom side minus the task size)
// Candidates outside M(w, h) are skipped; a candidate already examined (status 2, "checked")
// is skipped; a candidate with status 1 is marked checked and scores -1. Otherwise its
// optimality index (Definition 6, the paper's weight()) is computed: the number of nodes just
// outside the block's four sides that are busy or beyond the mesh edge — exactly
// boundary_contact() in strategy.hpp (corners not counted; the weight() pseudo-code counts an
// edge once per perimeter node and side, which is the same number). An index of 2(p+q), the
// maximum, returns at once. Otherwise the candidate with the highest index wins; ties keep the
// first one found (Example 2: <0,3> and <2,5> both score 7, <0,3> is found first).
// The original orientation is tried first; only if it yields no valid candidate at all is the
// rotated request T(q, p) tried (§IV.A).
//
// Choices where the paper is unclear or wrong:
//  * Initial best index. The pseudo-code starts max_optimality_index at p+q and accepts only a
//    strictly larger index, then falls back to <0,0> "unless <0,0> is in Δ_T or Ξ_T". Taken
//    literally that rejects every valid placement whose index is <= p+q: on an 8x8 mesh whose
//    lower half is busy, every free 1x1 base scores at most 2 = p+q, so the literal algorithm
//    falls back to <0,0>, which is busy, and fails although 32 nodes are free — contradicting
//    the completeness claim (test "mfa: literal initial index p+q would fail"). We start at
//    -1, so any valid candidate is accepted, and there is no <0,0> fallback.
//  * Candidates on the mesh boundary. On an empty mesh there are no busy submeshes, so the
//    literal algorithm has no candidate at all. We treat the mesh boundary as four virtual busy
//    submeshes just outside the mesh, visited after all real ones, in the order left edge
//    (its Right candidates: column x = 0, y ascending), bottom edge (its Top candidates: row
//    y = 0, x descending), right edge (its Left candidates: x = w-p, y descending) and top edge
//    (its Bottom candidates: y = h-q, x ascending). Visiting them last leaves the paper's
//    examples unchanged. With them MFA is recognition complete: any free block slid left
//    touches a busy submesh or the left edge, i.e. it is a Right candidate of something.
//    Moreover every free base with a nonzero index is a candidate (it touches some side), so
//    the chosen base has the maximum index over all free bases of that orientation.
//  * Busy submeshes are the blocks reported through allocated() (the CLI `place` command
//    reports pre-existing busy blocks the same way), kept in the order they were reported;
//    released() removes them. That order decides ties, as in the paper's examples (β1, β2, ...).
//  * Torus: the same candidates are taken modulo the sides (blocks may wrap), the index has no
//    edge term, and there are no virtual edge submeshes. A free band of rows or columns may
//    then contain no candidate, so if no candidate is valid but some free base exists we fall
//    back to the first free base in row-major order (bottom row first) — keeping completeness.
//
// Implementation (mesh): the same candidates in the same order, but each candidate line is read
// word-parallel — rows of the free-base bitmap for the Top/Bottom lines, rows of its transpose
// (one bit row per column) for the Right/Left lines — so only valid candidates cost anything;
// the index uses popcounts on the free bits and their transpose. Status 2 is kept only for
// valid candidates (an invalid one can never score, so marking it changes nothing).
// The torus path visits candidates one by one.
#include <algorithm>
#include <cstdint>
#include <vector>
#include "strategy.hpp"

namespace alloclab {
namespace {

using Word = std::uint64_t;

// Number of free nodes of row `row` (free_row bits) in columns [x, x+n).
int free_in_range(const Word* row, int x, int n) {
  int c = 0;
  while (n > 0) {
    const int k = x >> 6, off = x & 63;
    const int take = n < 64 - off ? n : 64 - off;
    Word w = row[k] >> off;
    if (take < 64) w &= (Word(1) << take) - 1;
    c += __builtin_popcountll(w);
    x += take;
    n -= take;
  }
  return c;
}

// In-place transpose of a 64x64 bit matrix (bit j of a[i] <-> bit i of a[j]).
void transpose64(Word a[64]) {
  Word m = 0x00000000FFFFFFFFull;
  for (int j = 32; j; j >>= 1, m ^= m << j)
    for (int k = 0; k < 64; k = ((k | j) + 1) & ~j) {
      const Word t = ((a[k] >> j) ^ a[k | j]) & m;
      a[k | j] ^= t;
      a[k] ^= t << j;
    }
}

// out = transpose of a W x H bit matrix given as H rows of ceil(W/64) words (row(y)):
// W rows of ceil(H/64) words, bit y of row x = bit x of row y.
template <class RowFn>
void transpose(int W, int H, RowFn row, std::vector<Word>& out) {
  const int wpr = (W + 63) / 64, hpr = (H + 63) / 64;
  out.assign(std::size_t(W) * hpr, 0);
  Word tile[64];
  for (int by = 0; by < hpr; ++by)
    for (int bx = 0; bx < wpr; ++bx) {
      for (int i = 0; i < 64; ++i) {
        const int y = by * 64 + i;
        tile[i] = y < H ? row(y)[bx] : 0;
      }
      transpose64(tile);
      for (int j = 0; j < 64; ++j) {
        const int x = bx * 64 + j;
        if (x < W) out[std::size_t(x) * hpr + by] = tile[j];
      }
    }
}

// Calls f(i) for each set bit i of the words r in [lo, hi], ascending (or descending);
// stops and returns true as soon as f does.
template <class F>
bool bits_up(const Word* r, int lo, int hi, F&& f) {
  for (int k = lo >> 6; k <= hi >> 6; ++k) {
    Word m = r[k];
    if (k == lo >> 6) m &= ~Word(0) << (lo & 63);
    if (k == hi >> 6 && (hi & 63) != 63) m &= (Word(1) << ((hi & 63) + 1)) - 1;
    for (; m; m &= m - 1)
      if (f(k * 64 + __builtin_ctzll(m))) return true;
  }
  return false;
}
template <class F>
bool bits_down(const Word* r, int lo, int hi, F&& f) {
  for (int k = hi >> 6; k >= lo >> 6; --k) {
    Word m = r[k];
    if (k == lo >> 6) m &= ~Word(0) << (lo & 63);
    if (k == hi >> 6 && (hi & 63) != 63) m &= (Word(1) << ((hi & 63) + 1)) - 1;
    while (m) {
      const int b = 63 - __builtin_clzll(m);
      if (f(k * 64 + b)) return true;
      m &= ~(Word(1) << b);
    }
  }
  return false;
}

class MinimalFragmentation final : public StrategyBase<MinimalFragmentation> {
 public:
  std::optional<Allocation> allocate(const Request& req, const Occupancy& occ, Rng&) override {
    have_free_t_ = false;
    for (Shape s : {req.shape, req.shape.rotated()}) {
      if (auto b = search(occ, s)) return Allocation{{*b}};
      if (s == s.rotated()) break;
    }
    return std::nullopt;
  }

  void allocated(JobId job, const Allocation& a) override {
    for (const Block& b : a.blocks) busy_.push_back({job, b});
  }
  void released(JobId job, const Allocation& a) override {
    for (const Block& b : a.blocks)
      for (std::size_t i = 0; i < busy_.size(); ++i)
        if (busy_[i].job == job && busy_[i].block == b) {
          busy_.erase(busy_.begin() + std::ptrdiff_t(i));
          break;
        }
  }

 private:
  struct Busy {
    JobId job;
    Block block;
  };

  // One orientation: the best base, or nullopt if no candidate is valid.
  std::optional<Block> search(const Occupancy& occ, Shape s) {
    const int W = occ.width(), H = occ.height();
    if (s.w > W || s.h > H) return std::nullopt;
    return occ.topology().wraps() ? search_torus(occ, s) : search_mesh(occ, s);
  }

  std::optional<Block> search_mesh(const Occupancy& occ, Shape s) {
    const int W = occ.width(), H = occ.height(), p = s.w, q = s.h;
    const int wpr = (W + 63) / 64, hpr = (H + 63) / 64;
    const BaseMask valid = occ.free_bases(p, q);  // bit clear = status 1 (Δ_T ∪ Ξ_T)
    transpose(W, H, [&](int y) { return valid.row(y); }, valid_t_);
    if (!have_free_t_) transpose(W, H, [&](int y) { return occ.free_row(y); }, free_t_);
    have_free_t_ = true;  // the free bits do not change between the two orientations
    checked_.assign(std::size_t(wpr) * H, 0);     // bit set = status 2
    const int top = 2 * (p + q);
    int best = -1;
    Block pick;
    auto index = [&](int x, int y) {
      int n = 0;
      n += y == 0 ? p : p - free_in_range(occ.free_row(y - 1), x, p);
      n += y + q == H ? p : p - free_in_range(occ.free_row(y + q), x, p);
      n += x == 0 ? q : q - free_in_range(&free_t_[std::size_t(x - 1) * hpr], y, q);
      n += x + p == W ? q : q - free_in_range(&free_t_[std::size_t(x + p) * hpr], y, q);
      return n;
    };
    // A valid candidate (x, y): status 2 check, index, best; true = stop (index 2(p+q)).
    auto visit = [&](int x, int y) -> bool {
      Word& c = checked_[std::size_t(y) * wpr + (x >> 6)];
      const Word bit = Word(1) << (x & 63);
      if (c & bit) return false;
      c |= bit;
      const int idx = index(x, y);
      if (idx > best) {
        best = idx;
        pick = Block{x, y, p, q};
      }
      return idx == top;
    };
    // Vertical line at column x, rows lo..hi clipped; horizontal line at row y, columns lo..hi.
    auto column = [&](int x, int lo, int hi, bool up) -> bool {
      if (x < 0 || x >= W) return false;
      lo = std::max(lo, 0);
      hi = std::min(hi, H - 1);
      if (lo > hi) return false;
      const Word* r = &valid_t_[std::size_t(x) * hpr];
      auto f = [&](int y) { return visit(x, y); };
      return up ? bits_up(r, lo, hi, f) : bits_down(r, lo, hi, f);
    };
    auto row = [&](int y, int lo, int hi, bool up) -> bool {
      if (y < 0 || y >= H) return false;
      lo = std::max(lo, 0);
      hi = std::min(hi, W - 1);
      if (lo > hi) return false;
      auto f = [&](int x) { return visit(x, y); };
      return up ? bits_up(valid.row(y), lo, hi, f) : bits_down(valid.row(y), lo, hi, f);
    };
    auto around = [&](int a, int b, int c, int d) -> bool {
      return column(c + 1, b - q + 1, d, true)       // Right, y ascending
          || row(d + 1, a - p + 1, c, false)         // Top, x descending
          || column(a - p, b - q + 1, d, false)      // Left, y descending
          || row(b - q, a - p + 1, c, true);         // Bottom, x ascending
    };
    bool done = false;
    for (const Busy& e : busy_) {
      const Block& b = e.block;
      if (around(b.x, b.y, b.x + b.w - 1, b.y + b.h - 1)) { done = true; break; }
    }
    // Virtual busy submeshes just outside the mesh; only their inward side yields candidates.
    if (!done) done = column(0, 0, H - 1, true);          // left edge
    if (!done) done = row(0, 0, W - 1, false);            // bottom edge
    if (!done) done = column(W - p, 0, H - 1, false);     // right edge
    if (!done) done = row(H - q, 0, W - 1, true);         // top edge
    if (best >= 0) return pick;
    return std::nullopt;
  }

  std::optional<Block> search_torus(const Occupancy& occ, Shape s) {
    const int W = occ.width(), H = occ.height(), p = s.w, q = s.h;
    const BaseMask valid = occ.free_bases(p, q);
    const int wpr = (W + 63) / 64;
    checked_.assign(std::size_t(wpr) * H, 0);
    const int top = 2 * (p + q);
    int best = -1;
    Block pick;
    auto visit = [&](int x, int y) -> bool {
      x = ((x % W) + W) % W;
      y = ((y % H) + H) % H;
      Word& c = checked_[std::size_t(y) * wpr + (x >> 6)];
      const Word bit = Word(1) << (x & 63);
      if (c & bit) return false;
      c |= bit;
      if (!valid.test(x, y)) return false;
      const int idx = boundary_contact(occ, Block{x, y, p, q});
      if (idx > best) {
        best = idx;
        pick = Block{x, y, p, q};
      }
      return idx == top;
    };
    auto around = [&](int a, int b, int c, int d) -> bool {
      for (int y = b - q + 1; y <= d; ++y)
        if (visit(c + 1, y)) return true;          // Right
      for (int x = c; x >= a - p + 1; --x)
        if (visit(x, d + 1)) return true;          // Top
      for (int y = d; y >= b - q + 1; --y)
        if (visit(a - p, y)) return true;          // Left
      for (int x = a - p + 1; x <= c; ++x)
        if (visit(x, b - q)) return true;          // Bottom
      return false;
    };
    for (const Busy& e : busy_) {
      const Block& b = e.block;
      if (around(b.x, b.y, b.x + b.w - 1, b.y + b.h - 1)) break;
    }
    if (best >= 0) return pick;
    int x, y;
    if (valid.first(x, y)) return Block{x, y, p, q};
    return std::nullopt;
  }

  std::vector<Busy> busy_;     // busy submeshes in report order
  std::vector<Word> checked_;  // scratch: status-2 bits
  std::vector<Word> valid_t_, free_t_;  // scratch: transposed free-base and free-node bits
  bool have_free_t_ = false;
};

}  // namespace

std::unique_ptr<Strategy> make_mfa(const Topology&, const StrategyParams&) {
  return std::make_unique<MinimalFragmentation>();
}

}  // namespace alloclab
