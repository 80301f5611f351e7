// occupancy.cpp — the owner grid, its per-row free bits, and the word-parallel base query.
#include "occupancy.hpp"
#include <algorithm>
#include "../core/check.hpp"

namespace alloclab {

bool BaseMask::any() const {
  for (std::uint64_t w : bits_)
    if (w) return true;
  return false;
}

int BaseMask::count() const {
  int n = 0;
  for (std::uint64_t w : bits_) n += __builtin_popcountll(w);
  return n;
}

bool BaseMask::first(int& x, int& y) const {
  for (int j = 0; j < h_; ++j) {
    const std::uint64_t* r = row(j);
    for (int k = 0; k < wpr_; ++k)
      if (r[k]) {
        x = k * 64 + __builtin_ctzll(r[k]);
        y = j;
        return true;
      }
  }
  return false;
}

Occupancy::Occupancy(const Topology& t)
    : topo_(t), wpr_((t.width() + 63) / 64), free_(t.nodes()),
      owner_(std::size_t(t.nodes()), kNoJob), free_bits_(std::size_t(wpr_) * t.height(), 0) {
  for (int y = 0; y < t.height(); ++y)
    for (int x = 0; x < t.width(); ++x) set_bit(x, y, true);
}

void Occupancy::set_bit(int x, int y, bool free) {
  std::uint64_t& w = free_bits_[std::size_t(y) * wpr_ + (x >> 6)];
  const std::uint64_t m = std::uint64_t(1) << (x & 63);
  w = free ? (w | m) : (w & ~m);
}

bool Occupancy::block_free(const Block& b) const {
  if (!topo_.block_fits(b)) return false;
  return busy_in(b) == 0;
}

int Occupancy::busy_in(const Block& b) const {
  int n = 0;
  topo_.for_each_node(b, [&](int x, int y) { n += owner(x, y) != kNoJob; });
  return n;
}

void Occupancy::assign(const Block& b, JobId job) {
  ALLOCLAB_CHECK(topo_.block_fits(b), "job %d: block (%d,%d) %dx%d outside the %dx%d machine", job,
                 b.x, b.y, b.w, b.h, width(), height());
  for_each_run(b, [&](int x0, int x1, int y) {
    JobId* o = owner_.data() + std::size_t(topo_.id(x0, y));
    for (int x = x0; x < x1; ++x, ++o)
      ALLOCLAB_CHECK(*o == kNoJob, "node (%d,%d) given to job %d is owned by job %d", x, y, job, *o);
    std::fill(owner_.data() + std::size_t(topo_.id(x0, y)), owner_.data() + std::size_t(topo_.id(x0, y)) + (x1 - x0), job);
    set_bits(x0, x1, y, false);
    free_ -= x1 - x0;
  });
}

void Occupancy::release(const Block& b, JobId job) {
  ALLOCLAB_CHECK(topo_.block_fits(b), "job %d: released block outside the machine", job);
  for_each_run(b, [&](int x0, int x1, int y) {
    JobId* o = owner_.data() + std::size_t(topo_.id(x0, y));
    for (int x = x0; x < x1; ++x, ++o) {
      ALLOCLAB_CHECK(*o == job, "node (%d,%d) released by job %d is owned by job %d", x, y, job, *o);
      *o = kNoJob;
    }
    set_bits(x0, x1, y, true);
    free_ += x1 - x0;
  });
}

// Calls f(x0, x1, y) for each maximal in-row run [x0, x1) of the block (two runs per row when
// the block wraps around the right edge of a torus).
template <class F>
void Occupancy::for_each_run(const Block& b, F&& f) const {
  const int W = width(), H = height();
  for (int j = 0; j < b.h; ++j) {
    int y = b.y + j;
    if (y >= H) y -= H;
    const int end = b.x + b.w;
    if (end <= W) f(b.x, end, y);
    else { f(b.x, W, y); f(0, end - W, y); }
  }
}

void Occupancy::set_bits(int x0, int x1, int y, bool free) {
  std::uint64_t* row = free_bits_.data() + std::size_t(y) * wpr_;
  for (int x = x0; x < x1;) {
    const int k = x >> 6, lo = x & 63;
    const int hi = std::min(64, lo + (x1 - x));
    const std::uint64_t m = (hi == 64 ? ~std::uint64_t(0) : ((std::uint64_t(1) << hi) - 1)) & (~std::uint64_t(0) << lo);
    row[k] = free ? (row[k] | m) : (row[k] & ~m);
    x += hi - lo;
  }
}

bool Occupancy::consistent() const {
  int f = 0;
  for (int y = 0; y < height(); ++y)
    for (int x = 0; x < width(); ++x) {
      const bool fr = owner(x, y) == kNoJob;
      f += fr;
      const bool bit = (free_row(y)[x >> 6] >> (x & 63)) & 1u;
      if (bit != fr) return false;
    }
  return f == free_;
}

namespace {

using Word = std::uint64_t;

// dst[i] &= src shifted down by k bits (bit i of the result = bit i+k of src), over n words;
// bits shifted in from beyond the last word are 0.
void and_shifted(Word* dst, const Word* src, int n, int k) {
  const int ws = k >> 6, bs = k & 63;
  for (int i = 0; i < n; ++i) {
    const int j = i + ws;
    Word v = 0;
    if (j < n) {
      v = src[j] >> bs;
      if (bs && j + 1 < n) v |= src[j + 1] << (64 - bs);
    }
    dst[i] &= v;
  }
}

// Turns the n-word row f into A with A[x] = AND_{i<p} f[x+i], in place, using O(log p)
// shift-ANDs (binary decomposition of p). cur/tmp are scratch rows of n words.
void window_and(Word* f, int n, int p, Word* cur, Word* tmp) {
  std::copy(f, f + n, cur);
  std::fill(f, f + n, ~Word(0));
  int offset = 0, len = 1;
  for (int rem = p; rem; rem >>= 1) {
    if (rem & 1) {
      and_shifted(f, cur, n, offset);
      offset += len;
    }
    if (rem > 1) {
      std::copy(cur, cur + n, tmp);
      and_shifted(cur, tmp, n, len);
      len *= 2;
    }
  }
}

}  // namespace

BaseMask Occupancy::free_bases(int p, int q) const {
  const int W = width(), H = height();
  BaseMask out(W, H);
  if (p < 1 || q < 1 || p > W || q > H) return out;
  const bool wrap = topo_.wraps();
  const int n = out.words_per_row();
  // 1. Horizontal: per row, the bases of a free run of length p. On a torus the row is
  //    doubled (bit x+W = bit x) so that runs crossing the right edge are seen.
  const int span = wrap ? 2 * W : W;
  const int sn = (span + 63) / 64;
  std::vector<Word> rows(std::size_t(n) * H), buf(static_cast<std::size_t>(sn)), cur(buf), tmp(buf);
  const int extra = n * 64 - W;
  for (int y = 0; y < H; ++y) {
    std::fill(buf.begin(), buf.end(), 0);
    const Word* fr = free_row(y);
    std::copy(fr, fr + wpr_, buf.begin());
    if (wrap)
      for (int x = 0; x < W; ++x)
        if ((fr[x >> 6] >> (x & 63)) & 1u) buf[std::size_t((x + W) >> 6)] |= Word(1) << ((x + W) & 63);
    if (p > 1) window_and(buf.data(), sn, p, cur.data(), tmp.data());
    Word* r = rows.data() + std::size_t(y) * n;
    std::copy(buf.begin(), buf.begin() + n, r);
    if (extra) r[n - 1] &= ~Word(0) >> extra;  // bases 0..W-1 only
  }
  // 2. Vertical: AND of q consecutive rows (modulo H on a torus; 0 past the top on a mesh),
  //    again by binary decomposition: acc[y] = AND rows[y .. y+q-1].
  std::vector<Word> vcur = rows, vtmp(rows.size()), acc(rows.size(), ~Word(0));
  auto and_rows = [&](Word* dst, const Word* src, int shift) {
    for (int y = 0; y < H; ++y) {
      int sy = y + shift;
      Word* d = dst + std::size_t(y) * n;
      if (sy >= H) {
        if (!wrap) { std::fill(d, d + n, 0); continue; }
        sy %= H;
      }
      const Word* s = src + std::size_t(sy) * n;
      for (int k = 0; k < n; ++k) d[k] &= s[k];
    }
  };
  int offset = 0, len = 1;
  for (int rem = q; rem; rem >>= 1) {
    if (rem & 1) {
      and_rows(acc.data(), vcur.data(), offset);
      offset += len;
    }
    if (rem > 1) {
      vtmp = vcur;
      and_rows(vcur.data(), vtmp.data(), len);
      len *= 2;
    }
  }
  for (int y = 0; y < H; ++y) std::copy(acc.begin() + std::ptrdiff_t(y) * n, acc.begin() + std::ptrdiff_t(y + 1) * n, out.row(y));
  return out;
}

}  // namespace alloclab
