// dispersal.cpp — pairwise hop distances by per-dimension histograms.
#include "dispersal.hpp"
#include <algorithm>
#include "../core/detmath.hpp"

namespace alloclab {

namespace {

// Sum over unordered pairs of nodes of the distance along one dimension of length L, given
// cnt[c] = nodes with coordinate c. Ring distance min(d, L−d) when wrap. pc, ps: scratch of
// L + 1 entries (prefix count, prefix sum of c).
long long pair_sum(const long long* cnt, int L, bool wrap, long long* pc, long long* ps) {
  long long total = 0;
  if (!wrap) {
    long long n = 0, s = 0;  // count and coordinate sum of the nodes left of b
    for (int b = 0; b < L; ++b) {  // no test for empty columns: they add 0 (integers, exact)
      const long long nb = cnt[b];
      total += nb * (b * n - s);
      n += nb;
      s += nb * b;
    }
    return total;
  }
  pc[0] = ps[0] = 0;
  for (int c = 0; c < L; ++c) {
    pc[c + 1] = pc[c] + cnt[c];
    ps[c + 1] = ps[c] + cnt[c] * c;
  }
  for (int b = 0; b < L; ++b) {
    const long long nb = cnt[b];
    if (nb == 0) continue;
    // a in [lo, b): distance b − a (d ≤ L/2); a in [0, lo): distance L − b + a
    int lo = b - L / 2;
    if (lo < 0) lo = 0;
    const long long n_near = pc[b] - pc[lo], s_near = ps[b] - ps[lo];
    const long long n_far = pc[lo], s_far = ps[lo];
    total += nb * (b * n_near - s_near) + nb * ((L - b) * n_far + s_far);
  }
  return total;
}

// Sum over pairs of positions 0..w−1 of |i − j|: (w³ − w) / 6.
long long line_pairs(long long w) { return (w * w * w - w) / 6; }

// One block of n ≥ 2 nodes whose ring distances are its line distances (a mesh, or no side past
// half its ring): along x, (h·d)² copies of a line of w, and likewise along y and z (d = 1 in 2D).
// The mean pairwise distance, or -1 when the block wraps far enough for the histograms to be needed.
double one_block_mean(const Block& b, long long n, int W, int H, int D, bool wrap) {
  if (wrap && ((b.w - 1) > W / 2 || (b.h - 1) > H / 2 || (b.d - 1) > D / 2)) return -1;
  const long long hd = (long long)b.h * b.d, wd = (long long)b.w * b.d, wh = (long long)b.w * b.h;
  const long long s = hd * hd * line_pairs(b.w) + wd * wd * line_pairs(b.h) + wh * wh * line_pairs(b.d);
  return double(s) / (double(n) * double(n - 1) / 2);
}

}  // namespace

DispersalMeter::DispersalMeter(const Topology& t)
    : topo_(t), cx_(std::size_t(t.width()), 0), cy_(std::size_t(t.height()), 0), cz_(std::size_t(t.depth()), 0),
      pc_(std::size_t(std::max({t.width(), t.height(), t.depth()})) + 1, 0), ps_(pc_.size(), 0) {}

double DispersalMeter::mean_pairwise_distance(const Allocation& a) {
  long long n = 0;
  return mean_pairwise_distance(a, n);
}

// The mean over pairs, and the node count in `n` (one pass over the blocks for both).
double DispersalMeter::mean_pairwise_distance(const Allocation& a, long long& n) {
  if (topo_.depth() > 1) return mean_pairwise_distance_3d(a, n);
  const int W = topo_.width(), H = topo_.height();
  const bool wrap = topo_.wraps();
  long long sx = 0, sy = 0;
  n = 0;
  if (a.blocks.size() == 1) {  // one block: along x, h² copies of a line of w (no wrap distance)
    const Block& b = a.blocks[0];
    n = (long long)b.w * b.h;
    if (n < 2) return 0;
    if (const double m = one_block_mean(b, n, W, H, 1, wrap); m >= 0) return m;
  }
  long long* const cx = cx_.data();
  long long* const cy = cy_.data();
  const Block* const blocks = a.blocks.data();
  const std::size_t nb = a.blocks.size();
  std::size_t i = 0;
  for (; i < nb; ++i) {  // leading one-node blocks (non-contiguous strategies): a tight loop
    const Block b = blocks[i];
    if (b.w != 1 || b.h != 1) break;
    ++cx[std::size_t(b.x)];
    ++cy[std::size_t(b.y)];
  }
  n = (long long)i;
  for (; i < nb; ++i) {
    const Block& b = blocks[i];
    if (b.w == 1 && b.h == 1) {  // one node
      ++cx[std::size_t(b.x)];
      ++cy[std::size_t(b.y)];
      ++n;
      continue;
    }
    for (int i = 0, x = b.x; i < b.w; ++i, ++x) cx[std::size_t(x >= W ? x - W : x)] += b.h;
    for (int j = 0, y = b.y; j < b.h; ++j, ++y) cy[std::size_t(y >= H ? y - H : y)] += b.w;
    n += (long long)b.w * b.h;
  }
  if (n >= 2) {
    sx = pair_sum(cx, W, wrap, pc_.data(), ps_.data());
    sy = pair_sum(cy, H, wrap, pc_.data(), ps_.data());
  }
  std::fill(cx_.begin(), cx_.end(), 0);
  std::fill(cy_.begin(), cy_.end(), 0);
  if (n < 2) return 0;
  return (double(sx) + double(sy)) / (double(n) * double(n - 1) / 2);
}

// The 3D machine: three histograms, every block through them; one block that does not wrap
// has the closed form (one_block_mean).
double DispersalMeter::mean_pairwise_distance_3d(const Allocation& a, long long& n) {
  const int W = topo_.width(), H = topo_.height(), D = topo_.depth();
  const bool wrap = topo_.wraps();
  if (a.blocks.size() == 1) {
    const Block& b = a.blocks[0];
    n = (long long)b.w * b.h * b.d;
    if (n < 2) return 0;
    if (const double m = one_block_mean(b, n, W, H, D, wrap); m >= 0) return m;
  }
  n = 0;
  for (const Block& b : a.blocks) {
    const long long layer = (long long)b.w * b.h;
    for (int i = 0, x = b.x; i < b.w; ++i, ++x) cx_[std::size_t(x >= W ? x - W : x)] += (long long)b.h * b.d;
    for (int j = 0, y = b.y; j < b.h; ++j, ++y) cy_[std::size_t(y >= H ? y - H : y)] += (long long)b.w * b.d;
    for (int k = 0, z = b.z; k < b.d; ++k, ++z) cz_[std::size_t(z >= D ? z - D : z)] += layer;
    n += layer * b.d;
  }
  long long s = 0;
  if (n >= 2)
    s = pair_sum(cx_.data(), W, wrap, pc_.data(), ps_.data()) + pair_sum(cy_.data(), H, wrap, pc_.data(), ps_.data()) +
        pair_sum(cz_.data(), D, wrap, pc_.data(), ps_.data());
  std::fill(cx_.begin(), cx_.end(), 0);
  std::fill(cy_.begin(), cy_.end(), 0);
  std::fill(cz_.begin(), cz_.end(), 0);
  if (n < 2) return 0;
  return double(s) / (double(n) * double(n - 1) / 2);
}

double DispersalMeter::dispersal(const Allocation& a) {
  long long n = 0;
  return dispersal(a, n);
}

double DispersalMeter::dispersal(const Allocation& a, long long& n) {
  const double m = mean_pairwise_distance(a, n);
  if (n < 2) return 1;
  if (compact_.size() <= std::size_t(n)) compact_.resize(std::size_t(n) + 1, 0);
  double& c = compact_[std::size_t(n)];
  if (c == 0) c = topo_.depth() > 1 ? compact_pairwise_distance_3d(n) : compact_pairwise_distance(n);
  return m / c;
}

double mean_pairwise_distance(const Topology& t, const Allocation& a) { return DispersalMeter(t).mean_pairwise_distance(a); }

double compact_pairwise_distance(long long n) {
  if (n < 2) return 0;
  long long w = (long long)det_sqrt(double(n));
  while (w * w < n) ++w;
  const long long rows = (n + w - 1) / w;
  Allocation a;
  const long long full = n / w, rest = n % w;
  if (full) a.blocks.push_back(Block{0, 0, int(w), int(full)});
  if (rest) a.blocks.push_back(Block{0, int(full), int(rest), 1});
  return mean_pairwise_distance(Topology(TopologyKind::Mesh, int(w), int(rows)), a);
}

double compact_pairwise_distance_3d(long long n) {
  if (n < 2) return 0;
  long long c = 1;
  while (c * c * c < n) ++c;
  const long long per_layer = c * c, layers = (n + per_layer - 1) / per_layer;
  Allocation a;
  const long long full = n / per_layer, rest = n % per_layer;
  if (full) a.blocks.push_back(Block{0, 0, int(c), int(c), 0, int(full)});
  if (rest >= c) a.blocks.push_back(Block{0, 0, int(c), int(rest / c), int(full), 1});
  if (rest % c) a.blocks.push_back(Block{0, int(rest / c), int(rest % c), 1, int(full), 1});
  return mean_pairwise_distance(Topology(TopologyKind::Mesh, int(c), int(c), int(layers)), a);
}

double dispersal(const Topology& t, const Allocation& a) { return DispersalMeter(t).dispersal(a); }

}  // namespace alloclab
