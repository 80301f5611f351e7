// dispersal.cpp — pairwise hop distances by per-dimension histograms.
#include "dispersal.hpp"
#include <vector>
#include "../core/detmath.hpp"

namespace alloclab {

namespace {

// Sum over unordered pairs of nodes of the distance along one dimension of length L, given
// cnt[c] = nodes with coordinate c. Ring distance min(d, L−d) when wrap.
double pair_sum(const std::vector<long long>& cnt, bool wrap) {
  const int L = int(cnt.size());
  std::vector<double> pc(std::size_t(L) + 1, 0), ps(std::size_t(L) + 1, 0);  // prefix count, prefix sum of c
  for (int c = 0; c < L; ++c) {
    pc[std::size_t(c) + 1] = pc[std::size_t(c)] + double(cnt[std::size_t(c)]);
    ps[std::size_t(c) + 1] = ps[std::size_t(c)] + double(cnt[std::size_t(c)]) * c;
  }
  double total = 0;
  for (int b = 0; b < L; ++b) {
    const double nb = double(cnt[std::size_t(b)]);
    if (nb == 0) continue;
    if (!wrap) {
      total += nb * (b * pc[std::size_t(b)] - ps[std::size_t(b)]);
      continue;
    }
    // a in [lo, b): distance b − a (d ≤ L/2); a in [0, lo): distance L − b + a
    int lo = b - L / 2;
    if (lo < 0) lo = 0;
    const double n_near = pc[std::size_t(b)] - pc[std::size_t(lo)], s_near = ps[std::size_t(b)] - ps[std::size_t(lo)];
    const double n_far = pc[std::size_t(lo)], s_far = ps[std::size_t(lo)];
    total += nb * (b * n_near - s_near) + nb * ((L - b) * n_far + s_far);
  }
  return total;
}

}  // namespace

double mean_pairwise_distance(const Topology& t, const Allocation& a) {
  std::vector<long long> cx(std::size_t(t.width()), 0), cy(std::size_t(t.height()), 0);
  long long n = 0;
  for (const Block& b : a.blocks)
    t.for_each_node(b, [&](int x, int y) {
      ++cx[std::size_t(x)];
      ++cy[std::size_t(y)];
      ++n;
    });
  if (n < 2) return 0;
  const double pairs = double(n) * double(n - 1) / 2;
  return (pair_sum(cx, t.wraps()) + pair_sum(cy, t.wraps())) / pairs;
}

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

double dispersal(const Topology& t, const Allocation& a) {
  const long long n = a.nodes();
  if (n < 2) return 1;
  return mean_pairwise_distance(t, a) / compact_pairwise_distance(n);
}

}  // namespace alloclab
