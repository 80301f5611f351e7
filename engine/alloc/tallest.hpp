// tallest.hpp — First Fit searches known to fail, recognised and counted without running them.
//
// A decision asks First Fit for many shapes on one occupancy (every factor pair of n, every
// nucleus and its rotation) and at high occupancy nearly all of them fail. On a mesh, whether
// a p×q search fails, and the words Occupancy::free_bases processes before it gives up, follow
// from T(p), the height of the tallest free window p nodes wide, known to a power of two: the
// vertical passes of free_bases stop at heights 2, 4, 8, … Tallest keeps, for each h = 2^j,
// the longest free run in any row of S_h (the free rows ANDed h at a time): T(p) ≥ h exactly
// when that run is ≥ p. It is built once per decision, at the first search that fails: log H
// row-AND passes and a word-parallel longest-run query on each. A search with
// 2·floor2(T(p)) ≤ q then fails for sure and counts exactly what find_ff would have counted
// (tests/test_nas.cpp holds the two against each other); any other search runs find_ff.
//
// Used by NAS (nas.cpp), whose decisions ask for dozens of shapes on one occupancy.
#pragma once
#include <algorithm>
#include <cstdint>
#include <optional>
#include <vector>
#include "occupancy.hpp"

namespace alloclab {

class Tallest {
 public:
  // Scratch only (rebuilt by build() before any use): a copy of the strategy copies none of it.
  Tallest() = default;
  Tallest(const Tallest&) {}
  Tallest& operator=(const Tallest&) { return *this; }

  // The longest free runs of S_1, S_2, S_4, … of this occupancy (a mesh).
  void build(const Occupancy& occ) {
    const int W = occ.width(), H = occ.height(), n = (W + 63) / 64;
    W_ = W, H_ = H;
    runs_.clear();
    const std::uint64_t* rows = occ.free_row(0);
    int best = max_run(rows, n, H);
    runs_.push_back(best);
    s_.assign(rows, rows + std::size_t(n) * H);
    for (int h = 1; best > 0 && 2 * h <= H; h *= 2) {  // S_2h[y] = S_h[y] & S_h[y + h]
      const std::size_t m = std::size_t(H - 2 * h + 1) * std::size_t(n), off = std::size_t(h) * std::size_t(n);
      for (std::size_t i = 0; i < m; ++i) s_[i] &= s_[i + off];
      best = max_run(s_.data(), n, H - 2 * h + 1);
      runs_.push_back(best);
    }
  }
  // After build(occ): the operations find_ff(occ, p×q) counts, when T(p) < q is certain (then it
  // finds nothing); nullopt when it may find a base (run find_ff). For 1 ≤ p ≤ W, 1 ≤ q ≤ H.
  std::optional<Ops> failed_ff(int p, int q) const {
    const int f = floor2(p);
    if (2 * f > q) return std::nullopt;  // T(p) ≥ f; q may be ≤ T(p)
    return failed_ff_ops(W_, H_, p, q, f, run());  // T(p) < 2f ≤ q
  }

  // The largest power of two h ≤ T(p) (0 when no free p-wide window exists): T(p) < 2h.
  int floor2(int p) const {
    int h = 0;
    for (std::size_t j = 0; j < runs_.size() && runs_[j] >= p; ++j) h = 1 << j;
    return h;
  }
  // The longest free run in any row.
  int run() const { return runs_.empty() ? 0 : runs_[0]; }

  // The operations find_ff(occ, p×q) counts when it finds nothing (T(p) < q): the passes of
  // Occupancy::free_bases (free_bases_ops_failed, occupancy.hpp) plus BaseMask::first's scan
  // of the empty mask. `tallest` may be T(p) or floor2(p), `run` the longest free run in any
  // row. For 1 ≤ p ≤ W, 1 ≤ q ≤ H.
  static Ops failed_ff_ops(int W, int H, int p, int q, int tallest, int run) {
    return free_bases_ops_failed(W, H, p, q, tallest, run) + Ops((W + 63) / 64) * H;
  }

 private:
  // The longest run of set bits in any of `rows` rows of n words (bits ≥ W clear), without a
  // branch per run: A_L (bit x set when bits x .. x+L−1 are) is doubled, A_2L = A_L & A_L >> L,
  // on the rows where A_L is not empty, until none is left; then the run is lifted on the rows
  // of the last A_L (few), R += s while A_R & A_s >> R is not empty (s = L/2, L/4, … 1).
  int max_run(const std::uint64_t* d, int n, int rows) {
    switch (n) {
      case 1: return max_run_n<1>(d, n, rows);
      case 2: return max_run_n<2>(d, n, rows);
      case 3: return max_run_n<3>(d, n, rows);
      case 4: return max_run_n<4>(d, n, rows);
      default: return max_run_n<0>(d, n, rows);
    }
  }
  template <int N>  // N > 0: rows of N words (= n); 0: any n
  int max_run_n(const std::uint64_t* d, int n, int rows) {
    const std::size_t size = std::size_t(n) * std::size_t(rows);
    auto level = [&](int k) { return lv_.data() + size * std::size_t(k); };
    auto room = [&](int k) { if (lv_.size() < size * std::size_t(k + 1)) lv_.resize(size * std::size_t(k + 1)); };
    alive_.clear();
    for (int y = 0; y < rows; ++y) {
      std::uint64_t any = 0;
      for (int i = 0; i < n; ++i) any |= d[std::size_t(y) * std::size_t(n) + std::size_t(i)];
      if (any) alive_.push_back(y);
    }
    if (alive_.empty()) return 0;
    room(0);
    std::copy(d, d + size, level(0));
    int L = 1, top = 0;  // level(top) = A_L, not empty on the rows in alive_
    for (;;) {
      room(top + 1);
      next_.clear();
      const std::uint64_t* a = level(top);
      std::uint64_t* o = level(top + 1);
      for (int y : alive_) {
        const std::size_t at = std::size_t(y) * std::size_t(n);
        if (and_shifted_row<N>(a + at, a + at, o + at, n, L)) next_.push_back(y);
      }
      if (next_.empty()) break;
      alive_.swap(next_);
      L *= 2;
      ++top;
    }
    // lift: cur_ holds A_R on the rows in alive_ (compacted, k-th row at k·n)
    cur_.resize(alive_.size() * std::size_t(n));
    for (std::size_t k = 0; k < alive_.size(); ++k)
      std::copy(level(top) + std::size_t(alive_[k]) * std::size_t(n), level(top) + std::size_t(alive_[k] + 1) * std::size_t(n),
                cur_.begin() + std::ptrdiff_t(k * std::size_t(n)));
    int R = L;
    for (int k = top - 1; k >= 0; --k) {
      tmp_.resize(cur_.size());
      next_.clear();
      std::size_t kept = 0;
      for (std::size_t i = 0; i < alive_.size(); ++i) {
        const std::uint64_t* b = level(k) + std::size_t(alive_[i]) * std::size_t(n);
        if (and_shifted_row<N>(cur_.data() + i * std::size_t(n), b, tmp_.data() + kept * std::size_t(n), n, R)) {
          next_.push_back(alive_[i]);
          ++kept;
        }
      }
      if (kept == 0) continue;
      tmp_.resize(kept * std::size_t(n));
      cur_.swap(tmp_);
      alive_.swap(next_);
      R += 1 << k;
    }
    return R;
  }
  // out = a & (b shifted down by r bits; bits from past the row are 0), one row of n words
  // (N when N > 0). Whether any bit of out is set.
  template <int N>
  static bool and_shifted_row(const std::uint64_t* a, const std::uint64_t* b, std::uint64_t* out, int n, int r) {
    if constexpr (N > 0) n = N;
    const int ws = r >> 6, bs = r & 63;
    std::uint64_t any = 0;
    for (int i = 0; i < n; ++i) {
      const int j = i + ws;
      std::uint64_t v = 0;
      if (j < n) v = bs ? b[j] >> bs : b[j];
      if (bs && j + 1 < n) v |= b[j + 1] << (64 - bs);
      any |= out[i] = a[i] & v;
    }
    return any != 0;
  }
  int W_ = 0, H_ = 0;
  std::vector<int> runs_;            // runs_[j]: the longest free run in any row of S_(2^j)
  std::vector<std::uint64_t> s_;     // scratch: S_h
  std::vector<std::uint64_t> lv_, cur_, tmp_;  // scratch of max_run: A_1, A_2, A_4, …; the lifted run
  std::vector<int> alive_, next_;              // scratch of max_run: rows not yet empty
};

}  // namespace alloclab
