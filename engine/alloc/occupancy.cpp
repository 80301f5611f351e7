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

// For every row r of `rows` (n words each, H rows): dst[r][i] &= src[r] shifted down by k bits
// (bit i of the result = bit i+k of src); bits from beyond the row are 0.
inline void and_shifted_rows(Word* dst, const Word* src, int n, int H, int k) {
  const int ws = k >> 6, bs = k & 63;
  for (int r = 0; r < H; ++r) {
    Word* d = dst + std::size_t(r) * n;
    const Word* sr = src + std::size_t(r) * n;
    if (bs == 0) {
      for (int i = 0; i < n; ++i) d[i] &= i + ws < n ? sr[i + ws] : 0;
    } else {
      for (int i = 0; i < n; ++i) {
        const int j = i + ws;
        Word v = j < n ? sr[j] >> bs : 0;
        if (j + 1 < n) v |= sr[j + 1] << (64 - bs);
        d[i] &= v;
      }
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
  // 1. Horizontal: per row, the bases of a free run of length p: A[x] = AND_{i<p} F[x+i], by
  //    binary decomposition of p (O(log p) shift-ANDs over all rows at once). On a torus each
  //    row is doubled (bit x+W = bit x) so runs crossing the right edge are seen.
  const int span = wrap ? 2 * W : W;
  const int sn = (span + 63) / 64;
  const std::size_t hsize = std::size_t(sn) * H;
  scratch_.resize(3 * hsize + 3 * std::size_t(n) * H);
  Word* cur = scratch_.data();       // F windows of length `len`
  Word* acc = cur + hsize;           // AND of the windows chosen so far
  Word* tmp = acc + hsize;
  for (int y = 0; y < H; ++y) {
    Word* r = cur + std::size_t(y) * sn;
    std::fill(r, r + sn, 0);
    const Word* fr = free_row(y);
    std::copy(fr, fr + wpr_, r);
    if (wrap)
      for (int x = 0; x < W; ++x)
        if ((fr[x >> 6] >> (x & 63)) & 1u) r[(x + W) >> 6] |= Word(1) << ((x + W) & 63);
  }
  std::fill(acc, acc + hsize, ~Word(0));
  {
    int offset = 0, len = 1;
    for (int rem = p; rem; rem >>= 1) {
      if (rem & 1) {
        and_shifted_rows(acc, cur, sn, H, offset);
        offset += len;
      }
      if (rem > 1) {
        std::copy(cur, cur + hsize, tmp);
        and_shifted_rows(cur, tmp, sn, H, len);
        len *= 2;
      }
    }
  }
  // keep bases 0..W-1, in rows of n words
  Word* rows = tmp + hsize;
  const int extra = n * 64 - W;
  for (int y = 0; y < H; ++y) {
    Word* d = rows + std::size_t(y) * n;
    std::copy(acc + std::size_t(y) * sn, acc + std::size_t(y) * sn + n, d);
    if (extra) d[n - 1] &= ~Word(0) >> extra;
  }
  // 2. Vertical: V[y] = AND rows[y .. y+q-1] (modulo H on a torus; 0 past the top on a mesh),
  //    again by binary decomposition of q.
  Word* vcur = rows;
  Word* vacc = rows + std::size_t(n) * H;
  Word* vtmp = vacc + std::size_t(n) * H;
  std::fill(vacc, vacc + std::size_t(n) * H, ~Word(0));
  auto and_rows = [&](Word* dst, const Word* src, int shift) {
    for (int y = 0; y < H; ++y) {
      int sy = y + shift;
      Word* d = dst + std::size_t(y) * n;
      if (sy >= H) {
        if (!wrap) { std::fill(d, d + n, 0); continue; }
        sy %= H;
      }
      const Word* sr = src + std::size_t(sy) * n;
      for (int k = 0; k < n; ++k) d[k] &= sr[k];
    }
  };
  int offset = 0, len = 1;
  for (int rem = q; rem; rem >>= 1) {
    if (rem & 1) {
      and_rows(vacc, vcur, offset);
      offset += len;
    }
    if (rem > 1) {
      std::copy(vcur, vcur + std::size_t(n) * H, vtmp);
      and_rows(vcur, vtmp, len);
      len *= 2;
    }
  }
  for (int y = 0; y < H; ++y) std::copy(vacc + std::size_t(y) * n, vacc + std::size_t(y + 1) * n, out.row(y));
  return out;
}

}  // namespace alloclab
