// occupancy.cpp — the owner grid, its per-row free bits, and the word-parallel base query.
#include "occupancy.hpp"
#include "base_passes.hpp"
#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstring>
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
  Ops unused = 0;
  return first(x, y, unused);
}

bool BaseMask::first(int& x, int& y, Ops& ops) const {
  for (int j = 0; j < h_; ++j) {
    const std::uint64_t* r = row(j);
    for (int k = 0; k < wpr_; ++k)
      if (r[k]) {
        x = k * 64 + __builtin_ctzll(r[k]);
        y = j;
        ops += Ops(j) * wpr_ + k + 1;
        return true;
      }
  }
  ops += Ops(h_) * wpr_;
  return false;
}

Occupancy::Occupancy(const Topology& t)
    : topo_(t), wpr_((t.width() + 63) / 64), free_(t.nodes()),
      owner_(std::size_t(t.nodes()), kNoJob), free_bits_(std::size_t(wpr_) * t.height() * t.depth(), 0) {
  for (int r = 0; r < t.height() * t.depth(); ++r)
    for (int x = 0; x < t.width(); ++x) set_bit(x, r, true);
}

void Occupancy::set_bit(int x, int row, bool free) {
  std::uint64_t& w = free_bits_[std::size_t(row) * wpr_ + (x >> 6)];
  const std::uint64_t m = std::uint64_t(1) << (x & 63);
  w = free ? (w | m) : (w & ~m);
}

bool Occupancy::block_free(const Block& b) const {
  if (!topo_.block_fits(b)) return false;
  return busy_in(b) == 0;
}

int Occupancy::busy_in(const Block& b) const {
  int n = 0;
  topo_.for_each_node(b, [&](int x, int y, int z) { n += owner(x, y, z) != kNoJob; });
  return n;
}

namespace {

// Owner runs are short (a block's width): four owners per 16-byte load or store, the last
// group overlapping the one before it, so a run of n >= 4 takes ceil(n / 4) of them and no
// one-by-one tail (a shorter run: its first, second and last owner, which may coincide).
static_assert(sizeof(JobId) == 4);
using Ids4 = std::uint32_t __attribute__((vector_size(16)));

Ids4 load4(const JobId* p) {
  Ids4 v;
  std::memcpy(&v, p, 16);
  return v;
}

// The runs below take G = groups(n) as a template argument, so that a block's rows, all of one
// length, run without branches on it: 0 for n < 4 (single loads and stores), 1..4 for the
// ceil(n / 4) groups of n <= 16 (unrolled), 5 for longer runs (a loop).
constexpr int groups(int n) { return n < 4 ? 0 : n <= 16 ? (n + 3) / 4 : 5; }

// Lanes with a bit set where o[0 .. n-1] (n >= 1) differ from jj's owner: zero iff all are it.
template <int G>
Ids4 owners_differ(const JobId* o, int n, Ids4 jj) {
  if constexpr (G == 0) {
    const Ids4 v = {std::uint32_t(o[0]), std::uint32_t(o[n > 1]), std::uint32_t(o[n - 1]), jj[0]};
    return v ^ jj;
  } else {
    Ids4 diff = load4(o + n - 4) ^ jj;
    if constexpr (G == 5) {
      for (int i = 0; i < n - 4; i += 4) diff |= load4(o + i) ^ jj;
    } else {
      for (int g = 0; g < G - 1; ++g) diff |= load4(o + 4 * g) ^ jj;
    }
    return diff;
  }
}

// o[0 .. n-1] = jj's owner (n >= 1).
template <int G>
void fill_owners(JobId* o, int n, Ids4 jj) {
  if constexpr (G == 0) {
    o[0] = JobId(jj[0]);
    o[n > 1] = JobId(jj[0]);
    o[n - 1] = JobId(jj[0]);
  } else {
    // (a loop up to n - 4 for every G: GCC turns it into a call to memset for kNoJob)
    if constexpr (G == 5) {
      for (int i = 0; i < n - 4; i += 4) std::memcpy(o + i, &jj, 16);
    } else {
      for (int g = 0; g < G - 1; ++g) std::memcpy(o + 4 * g, &jj, 16);
    }
    std::memcpy(o + n - 4, &jj, 16);
  }
}

Ids4 splat(JobId job) {
  const std::uint32_t j = std::uint32_t(job);
  return Ids4{j, j, j, j};
}

bool all_owned(const JobId* o, int n, JobId job) {
  const Ids4 diff = n < 4 ? owners_differ<0>(o, n, splat(job)) : owners_differ<5>(o, n, splat(job));
  return (diff[0] | diff[1] | diff[2] | diff[3]) == 0;
}

void fill_owners(JobId* o, int n, JobId job) {
  if (n < 4) fill_owners<0>(o, n, splat(job));
  else fill_owners<5>(o, n, splat(job));
}

// change_block's two passes over a block whose rows each lie in one bit word: rows
// r = z·H + y (wrapping on a torus), owners own[r·W], free bits bits[r·wpr] under mask m. Returns
// false, having changed nothing, when a node is not free (Assign) or not the job's (release).
template <bool Assign, int G>
bool change_rows(const Block& b, JobId job, JobId* own, std::uint64_t* bits, std::uint64_t m, int H, int D,
                 std::size_t W, std::size_t wpr) {
  const int n = b.w;
  auto rows = [&](auto&& f) {
    for (int k = 0, z = b.z; k < b.d; ++k, ++z) {
      if (z == D) z = 0;
      for (int j = 0, y = b.y; j < b.h; ++j, ++y) {
        if (y == H) y = 0;
        f(std::size_t(z) * std::size_t(H) + std::size_t(y));
      }
    }
  };
  if constexpr (Assign) {  // the free bits mirror the owners
    std::uint64_t busy = 0;
    rows([&](std::size_t r) { busy |= ~bits[r * wpr] & m; });
    if (busy) return false;
  } else {
    const Ids4 jj = splat(job);
    Ids4 diff = {};
    rows([&](std::size_t r) { diff |= owners_differ<G>(own + r * W, n, jj); });
    if (diff[0] | diff[1] | diff[2] | diff[3]) return false;
  }
  const Ids4 after = splat(Assign ? job : kNoJob);
  rows([&](std::size_t r) {
    fill_owners<G>(own + r * W, n, after);
    if (Assign) bits[r * wpr] &= ~m;
    else bits[r * wpr] |= m;
  });
  return true;
}

// A block whose rows each lie in one bit word (no wrap in x): every layer and row in two tight
// passes, first checking every node, then changing them all (change_rows). Returns false,
// changing nothing, for another block or on a violation (the row-by-row path then names the
// first bad node). `owners` and `bits` are the whole machine's.
template <bool Assign>
bool change_block(const Block& b, JobId job, JobId* owners, std::uint64_t* free_bits, int W, int H, int D, int wpr) {
  if (b.x + b.w > W || (b.x >> 6) != ((b.x + b.w - 1) >> 6)) return false;
  JobId* const own = owners + b.x;
  std::uint64_t* const bits = free_bits + (b.x >> 6);
  const std::uint64_t m = (b.w == 64 ? ~std::uint64_t(0) : (std::uint64_t(1) << b.w) - 1) << (b.x & 63);
  const std::size_t w = std::size_t(W), n = std::size_t(wpr);
  switch (groups(b.w)) {
    case 0: return change_rows<Assign, 0>(b, job, own, bits, m, H, D, w, n);
    case 1: return change_rows<Assign, 1>(b, job, own, bits, m, H, D, w, n);
    case 2: return change_rows<Assign, 2>(b, job, own, bits, m, H, D, w, n);
    case 3: return change_rows<Assign, 3>(b, job, own, bits, m, H, D, w, n);
    case 4: return change_rows<Assign, 4>(b, job, own, bits, m, H, D, w, n);
    default: return change_rows<Assign, 5>(b, job, own, bits, m, H, D, w, n);
  }
}

}  // namespace

// Locals only in the loop (the owner stores are ints and could alias members or blocks);
// rows of one bit word (W <= 64, the common case) have a loop of their own. Node blocks of any
// layer (z < D, d = 1) are changed here; row z·H + y holds node (x, y, z).
template <bool Assign, bool OneWord>
std::size_t Occupancy::change_nodes(const Block* b, std::size_t i, std::size_t n, JobId job) {
  JobId* const own = owner_.data();
  std::uint64_t* const bits = free_bits_.data();
  const unsigned W = unsigned(topo_.width()), H = unsigned(topo_.height()), D = unsigned(topo_.depth());
  const std::size_t wpr = std::size_t(wpr_);
  const JobId before = Assign ? kNoJob : job, after = Assign ? job : kNoJob;
  const std::size_t i0 = i;
  static_assert(offsetof(Block, h) == offsetof(Block, w) + sizeof(int) && sizeof(int) == 4);
  std::uint64_t one_by_one;  // the bytes of w = 1, h = 1 (one compare for both)
  {
    const int wh[2] = {1, 1};
    std::memcpy(&one_by_one, wh, 8);
  }
  for (; i < n; ++i) {
    const Block c = b[i];
    std::uint64_t wh;
    std::memcpy(&wh, &c.w, 8);
    if (wh != one_by_one || unsigned(c.x) >= W || unsigned(c.y) >= H || c.d != 1 || unsigned(c.z) >= D) break;
    const std::size_t row = std::size_t(c.z) * H + unsigned(c.y);
    JobId& o = own[row * W + unsigned(c.x)];
    if (o != before) break;
    o = after;
    std::uint64_t& w = OneWord ? bits[row] : bits[row * wpr + unsigned(c.x >> 6)];
    if (Assign) w &= std::rotl(~std::uint64_t(1), c.x & 63);  // clears bit x
    else w |= std::uint64_t(1) << (c.x & 63);
  }
  free_ += Assign ? -int(i - i0) : int(i - i0);
  return i;
}

std::size_t Occupancy::assign_nodes(const Block* b, std::size_t i, std::size_t n, JobId job) {
  return wpr_ == 1 ? change_nodes<true, true>(b, i, n, job) : change_nodes<true, false>(b, i, n, job);
}

std::size_t Occupancy::release_nodes(const Block* b, std::size_t i, std::size_t n, JobId job) {
  return wpr_ == 1 ? change_nodes<false, true>(b, i, n, job) : change_nodes<false, false>(b, i, n, job);
}

void Occupancy::assign(const Block& b, JobId job) {
  if (b.w == 1 && b.h == 1 && b.d == 1 && topo_.contains(b.x, b.y, b.z)) {  // one node (non-contiguous strategies)
    JobId& o = owner_[std::size_t(topo_.id(b.x, b.y, b.z))];
    ALLOCLAB_CHECK(o == kNoJob, "node (%d,%d,%d) given to job %d is owned by job %d", b.x, b.y, b.z, job, o);
    o = job;
    set_bit(b.x, b.z * height() + b.y, false);
    --free_;
    return;
  }
  ALLOCLAB_CHECK(topo_.block_fits(b), "job %d: block (%d,%d,%d) %dx%dx%d outside the %dx%dx%d machine", job,
                 b.x, b.y, b.z, b.w, b.h, b.d, width(), height(), depth());
  if (change_block<true>(b, job, owner_.data(), free_bits_.data(), width(), height(), depth(), wpr_)) {
    free_ -= b.area();
    return;
  }
  for_each_layer(b, [&](int row0) { assign_layer(b, row0, job); });  // (reports a violation)
}

// Each row of the block one run in one bit word (no wrap in x): every layer and row in two tight
// passes, first checking every node, then changing them all. Returns false, changing nothing,
// for another block or on a violation (the row-by-row path then names the first bad node).

// The block's nodes in the layer whose rows start at row0 (= z·H); the block fits the machine.
void Occupancy::assign_layer(const Block& b, int row0, JobId job) {
  // Members in locals: the owner stores (ints) could otherwise alias them and force reloads.
  JobId* const own = owner_.data() + std::size_t(row0) * std::size_t(width());
  std::uint64_t* const bits = free_bits_.data() + std::size_t(row0) * std::size_t(wpr_);
  const int W = width(), H = height(), wpr = wpr_;
  int taken = 0;
  for_each_run(b, [&](int x0, int x1, int y) {  // rows of this layer
    std::uint64_t* row = bits + std::size_t(y) * wpr;
    // the free bits mirror the owners: a run is free iff all its bits are set
    bool all_free = true;
    for_each_word(x0, x1, [&](int k, std::uint64_t m) { all_free = all_free && (row[k] & m) == m; });
    JobId* o = own + std::size_t(y) * W + x0;
    const int n = x1 - x0;
    if (!all_free)
      for (int i = 0; i < n; ++i)
        ALLOCLAB_CHECK(o[i] == kNoJob, "node (%d,%d,%d) given to job %d is owned by job %d", x0 + i, y, row0 / H, job, o[i]);
    for_each_word(x0, x1, [&](int k, std::uint64_t m) { row[k] &= ~m; });
    fill_owners(o, n, job);
    taken += n;
  });
  free_ -= taken;
}

Occupancy Occupancy::free_bits_copy(const Occupancy& o) {
  Occupancy c(o.topo_, 0);
  c.wpr_ = o.wpr_;
  c.free_ = o.free_;
  c.free_bits_ = o.free_bits_;
  return c;
}

void Occupancy::take(const Block& b) {
  ALLOCLAB_CHECK(owner_.empty(), "take() on an occupancy with owners (use assign)");
  ALLOCLAB_CHECK(topo_.block_fits(b), "block (%d,%d,%d) %dx%dx%d taken outside the %dx%dx%d machine", b.x, b.y, b.z,
                 b.w, b.h, b.d, width(), height(), depth());
  const int wpr = wpr_;
  for_each_layer(b, [&](int row0) {
    std::uint64_t* const bits = free_bits_.data() + std::size_t(row0) * std::size_t(wpr);
    for_each_run(b, [&](int x0, int x1, int y) {
      std::uint64_t* row = bits + std::size_t(y) * wpr;
      for_each_word(x0, x1, [&](int k, std::uint64_t m) {
        ALLOCLAB_CHECK((row[k] & m) == m, "block (%d,%d,%d) %dx%dx%d taken over a busy node in row %d of layer %d", b.x,
                       b.y, b.z, b.w, b.h, b.d, y, row0 / height());
        row[k] &= ~m;
      });
    });
  });
  free_ -= b.area();
}

void Occupancy::release(const Block& b, JobId job) {
  if (b.w == 1 && b.h == 1 && b.d == 1 && topo_.contains(b.x, b.y, b.z)) {
    JobId& o = owner_[std::size_t(topo_.id(b.x, b.y, b.z))];
    ALLOCLAB_CHECK(o == job, "node (%d,%d,%d) released by job %d is owned by job %d", b.x, b.y, b.z, job, o);
    o = kNoJob;
    set_bit(b.x, b.z * height() + b.y, true);
    ++free_;
    return;
  }
  ALLOCLAB_CHECK(topo_.block_fits(b), "job %d: released block outside the machine", job);
  if (change_block<false>(b, job, owner_.data(), free_bits_.data(), width(), height(), depth(), wpr_)) {
    free_ += b.area();
    return;
  }
  for_each_layer(b, [&](int row0) { release_layer(b, row0, job); });  // (reports a violation)
}

// The block's nodes in the layer whose rows start at row0 (= z·H); the block fits the machine.
void Occupancy::release_layer(const Block& b, int row0, JobId job) {
  JobId* const own = owner_.data() + std::size_t(row0) * std::size_t(width());
  std::uint64_t* const bits = free_bits_.data() + std::size_t(row0) * std::size_t(wpr_);
  const int W = width(), H = height(), wpr = wpr_;
  int given = 0;
  for_each_run(b, [&](int x0, int x1, int y) {
    JobId* o = own + std::size_t(y) * W + x0;
    const int n = x1 - x0;
    if (!all_owned(o, n, job))
      for (int i = 0; i < n; ++i)
        ALLOCLAB_CHECK(o[i] == job, "node (%d,%d,%d) released by job %d is owned by job %d", x0 + i, y, row0 / H, job, o[i]);
    fill_owners(o, n, kNoJob);
    std::uint64_t* row = bits + std::size_t(y) * wpr;
    for_each_word(x0, x1, [&](int k, std::uint64_t m) { row[k] |= m; });
    given += n;
  });
  free_ += given;
}

// Bits [lo, lo + n) of a word set (lo + n <= 64, n >= 1).
std::uint64_t Occupancy::row_mask(int lo, int n) {
  return (n == 64 ? ~std::uint64_t(0) : (std::uint64_t(1) << n) - 1) << lo;
}

// Calls f(k, mask) for each word k of a row that bits [x0, x1) touch, with those bits set in mask.
template <class F>
void Occupancy::for_each_word(int x0, int x1, F&& f) {
  for (int x = x0; x < x1;) {
    const int k = x >> 6, lo = x & 63;
    const int hi = std::min(64, lo + (x1 - x));
    f(k, (hi == 64 ? ~std::uint64_t(0) : ((std::uint64_t(1) << hi) - 1)) & (~std::uint64_t(0) << lo));
    x += hi - lo;
  }
}

// Calls f(row0) for each layer of the block (wrapping on a torus), row0 = z·H its first row.
template <class F>
void Occupancy::for_each_layer(const Block& b, F&& f) const {
  if (b.d == 1 && b.z == 0) return f(0);
  for (int k = 0, z = b.z; k < b.d; ++k, ++z) {
    if (z == depth()) z = 0;
    f(z * height());
  }
}

// Calls f(x0, x1, y) for each maximal in-row run [x0, x1) of the block in one layer (two runs
// per row when the block wraps around the right edge of a torus).
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

bool Occupancy::consistent() const {
  int f = 0;
  for (int z = 0; z < depth(); ++z)
    for (int y = 0; y < height(); ++y)
      for (int x = 0; x < width(); ++x) {
        const bool fr = owner(x, y, z) == kNoJob;
        f += fr;
        const bool bit = (free_row(y, z)[x >> 6] >> (x & 63)) & 1u;
        if (bit != fr) return false;
      }
  return f == free_;
}

namespace {

using Word = std::uint64_t;

// The same for rows of N words and shifts below 64, every pass of a row done in registers:
// d[i] &= d[i] >> sh | d[i+1] << (64-sh) for each shift in turn. Returns the OR of the results.
template <int N>
Word row_windows(Word* d, int rows, const int* shifts, int ns) {
  Word any = 0;
  for (int r = 0; r < rows; ++r, d += N) {
    Word t[N + 1];
    for (int i = 0; i < N; ++i) t[i] = d[i];
    t[N] = 0;
    for (int j = 0; j < ns; ++j) {
      const int sh = shifts[j];
      for (int i = 0; i < N; ++i) t[i] &= (t[i] >> sh) | (t[i + 1] << (64 - sh));
    }
    for (int i = 0; i < N; ++i) any |= d[i] = t[i];
  }
  return any;
}

// The vertical half of free_bases_of on a mesh, in place on its horizontal result `o` (H rows of
// n words; q >= 2): row y becomes the AND of rows y .. y+q-1 (0 where they pass the top), in
// doubling passes that stop once one leaves nothing; adds each pass's words to `ops`.
void mesh_vertical_passes(std::uint64_t* o, int H, int n, int q, Ops& ops) {
  const std::size_t osize = std::size_t(H) * std::size_t(n);
  auto pass = [&](int k) {
    // rows y < H-k: row y &= row y+k (not yet rewritten: ascending); the top k rows: 0
    const std::size_t m = std::size_t(H - k) * n, off = std::size_t(k) * n;
    ops += Ops(m);
    Word any = 0;
    for (std::size_t i = 0; i < m; ++i) any |= o[i] &= o[i + off];
    std::fill(o + m, o + osize, 0);
    return any != 0;
  };
  int k = 1;
  for (; 2 * k <= q; k *= 2)
    if (!pass(k)) return;
  if (k < q) pass(q - k);
}

}  // namespace

BaseMask Occupancy::free_bases(int p, int q) const {
  BaseMask out;
  (void)free_bases(p, q, out);
  return out;
}

// Windows of length `len` ANDed in place: W_len(x) = AND F[x .. x+len-1]. Doubling gives
// W_{2k}(x) = W_k(x) & W_k(x+k); the final step covers any p with one overlapping pair,
// W_p(x) = W_k(x) & W_k(x+p-k) for the largest power of two k <= p (AND is idempotent). So
// ceil(log2 p) in-place passes per direction, no copies; a pass that leaves nothing set ends
// the query early (the result is then all zero).
Ops Occupancy::free_bases(int p, int q, BaseMask& out) const {
  ALLOCLAB_CHECK(topo_.depth() == 1, "free_bases(%d, %d) on a machine of depth %d (a 2D query)", p, q, topo_.depth());
  return free_bases_of(free_bits_.data(), topo_, p, q, out, scratch_);
}

Ops free_bases_of(const std::uint64_t* free_bits, const Topology& topo, int p, int q, BaseMask& out,
                  std::vector<std::uint64_t>& scratch_) {
  const int W = topo.width(), H = topo.height(), wpr_ = (W + 63) / 64;
  out.reset(W, H);
  if (p < 1 || q < 1 || p > W || q > H) return 0;
  Ops ops = 0;  // words processed, one per word per pass
  const bool wrap = topo.wraps();
  const int n = out.words_per_row();
  Word* const o = out.row(0);
  const std::size_t osize = std::size_t(n) * H;
  auto windows = [&ops](Word* d, int words, int rows, int len) -> bool {
    int k = 1;
    for (; 2 * k <= len; k *= 2) {
      ops += Ops(words) * rows;
      if (!and_shifted_rows_inplace(d, words, rows, k)) return false;
    }
    if (k < len) {
      ops += Ops(words) * rows;
      if (!and_shifted_rows_inplace(d, words, rows, len - k)) return false;
    }
    return true;
  };
  // 1. Horizontal: per row, the bases of a free run of length p. On a torus each row is doubled
  //    (bit x+W = bit x) so runs crossing the right edge are seen.
  if (!wrap) {
    std::copy(free_bits, free_bits + osize, o);  // bits >= W are 0: no base past the edge
    ops += Ops(osize);
    if (n <= 4 && p < 128) {
      // Every shift is below 64 bits: all passes on one row at a time, in registers.
      int shifts[16], ns = 0, k = 1;
      for (; 2 * k <= p; k *= 2) shifts[ns++] = k;
      if (k < p) shifts[ns++] = p - k;
      ops += Ops(ns) * Ops(osize);
      Word any = 0;
      switch (n) {
        case 1: any = row_windows<1>(o, H, shifts, ns); break;
        case 2: any = row_windows<2>(o, H, shifts, ns); break;
        case 3: any = row_windows<3>(o, H, shifts, ns); break;
        default: any = row_windows<4>(o, H, shifts, ns); break;
      }
      if (!any) return ops;
    } else if (!windows(o, n, H, p)) {
      return ops;
    }
  } else {
    const int sn = (2 * W + 63) / 64;
    scratch_.assign(std::size_t(sn) * H, 0);
    ops += Ops(sn) * H;
    for (int y = 0; y < H; ++y) {
      Word* r = scratch_.data() + std::size_t(y) * sn;
      const Word* fr = free_bits + std::size_t(y) * wpr_;
      std::copy(fr, fr + wpr_, r);
      // OR the row in again shifted up by W bits
      const int ws = W >> 6, bs = W & 63;
      for (int k = 0; k < wpr_; ++k) {
        r[k + ws] |= fr[k] << bs;
        if (bs && k + ws + 1 < sn) r[k + ws + 1] |= fr[k] >> (64 - bs);
      }
    }
    if (!windows(scratch_.data(), sn, H, p)) return ops;
    ops += Ops(osize);
    const int extra = n * 64 - W;
    for (int y = 0; y < H; ++y) {
      const Word* r = scratch_.data() + std::size_t(y) * sn;
      Word* d = o + std::size_t(y) * n;
      std::copy(r, r + n, d);
      if (extra) d[n - 1] &= ~Word(0) >> extra;
    }
  }
  // 2. Vertical: V[y] = AND rows[y .. y+q-1] (modulo H on a torus; 0 past the top on a mesh),
  //    the same way over whole rows.
  if (q == 1) return ops;
  if (!wrap) {
    mesh_vertical_passes(o, H, n, q, ops);
    return ops;
  }
  // Torus: rows wrap, so each pass reads the previous result whole (ping-pong with scratch).
  scratch_.resize(osize);
  Word* a = o;
  Word* b = scratch_.data();
  auto pass = [&](int k) {
    ops += Ops(osize);
    for (int y = 0; y < H; ++y) {
      const Word* s0 = a + std::size_t(y) * n;
      const Word* s1 = a + std::size_t((y + k) % H) * n;
      Word* d = b + std::size_t(y) * n;
      for (int i = 0; i < n; ++i) d[i] = s0[i] & s1[i];
    }
    std::swap(a, b);
  };
  int k = 1;
  for (; 2 * k <= q; k *= 2) pass(k);
  if (k < q) pass(q - k);
  if (a != o) std::copy(a, a + osize, o);
  return ops;
}

namespace {

// The in-place doubling passes free_bases runs for a window of len (1, 2, 4, ..., then the rest).
int doubling_passes(int len) {
  int k = 1, c = 0;
  for (; 2 * k <= len; k *= 2) ++c;
  return c + (k < len);
}

}  // namespace

// Mirrors the passes of free_bases above, all of them run.
Ops Occupancy::free_bases_ops_found(int p, int q) const {
  const int W = width(), H = height(), n = (W + 63) / 64;
  const Ops osize = Ops(n) * H;
  Ops ops = 0;
  if (!topo_.wraps()) {
    ops = osize * (1 + doubling_passes(p));
    if (q == 1) return ops;
    int k = 1;
    for (; 2 * k <= q; k *= 2) ops += Ops(H - k) * n;
    if (k < q) ops += Ops(H - (q - k)) * n;
    return ops;
  }
  const Ops dsize = Ops((2 * W + 63) / 64) * H;  // the doubled rows
  ops = dsize * (1 + doubling_passes(p)) + osize;
  if (q == 1) return ops;
  return ops + osize * doubling_passes(q);
}

Ops free_bases_ops_failed(int W, int H, int p, int q, int tallest, int run) {
  const int n = (W + 63) / 64;
  const Ops osize = Ops(n) * H;
  Ops ops = osize;  // the copy in
  if (n <= 4 && p < 128) {  // in registers: every horizontal pass runs
    ops += Ops(doubling_passes(p)) * osize;
    if (tallest == 0) return ops;  // nothing left after them: no vertical pass
  } else {  // a horizontal pass that leaves nothing ends the query
    int k = 1;
    for (; 2 * k <= p; k *= 2) {
      ops += osize;
      if (run < 2 * k) return ops;
    }
    if (k < p) {
      ops += osize;
      if (run < p) return ops;
    }
  }
  int k = 1;
  for (; 2 * k <= q; k *= 2) {
    ops += Ops(H - k) * n;
    if (tallest < 2 * k) return ops;  // no base 2k high: this pass left nothing
  }
  if (k < q) ops += Ops(H - (q - k)) * n;
  return ops;
}

}  // namespace alloclab
