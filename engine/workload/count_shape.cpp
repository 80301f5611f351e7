// count_shape.cpp — the count-to-box rules of count_shape.hpp.
#include "count_shape.hpp"
#include <algorithm>
#include <array>
#include <cmath>
#include "trace.hpp"

namespace alloclab {

namespace {

// A box of sorted sides s[0] ≥ s[1] ≥ s[2] in the machine's orientation (see count_shape.hpp),
// or {0, 0, 0} when it does not fit (if the sorted assignment does not fit, no orientation does).
Shape orient(std::array<long long, 3> s, int W, int H, int D) {
  const std::array<int, 3> dim{W, H, D};
  std::array<int, 3> idx{0, 1, 2};
  std::stable_sort(idx.begin(), idx.end(), [&](int a, int b) { return dim[std::size_t(a)] > dim[std::size_t(b)]; });
  std::array<int, 3> out{};
  for (std::size_t k = 0; k < 3; ++k) {
    const auto i = std::size_t(idx[k]);
    if (s[k] > dim[i]) return {0, 0, 0};
    out[i] = int(s[k]);
  }
  return {out[0], out[1], out[2]};
}

// The machine's sides, longest first.
std::array<long long, 3> sorted_sides(int W, int H, int D) {
  std::array<long long, 3> m{W, H, D};
  std::sort(m.begin(), m.end(), std::greater<>());
  return m;
}

// The smallest integer c with c³ ≥ n.
long long cube_root_up(long long n) {
  auto c = (long long)std::cbrt(double(n));
  while (c * c * c < n) ++c;
  while (c > 1 && (c - 1) * (c - 1) * (c - 1) >= n) --c;
  return std::max(1LL, c);
}

}  // namespace

Shape exact_shape(long long n, int W, int H, int D) {
  if (D == 1) {
    const Shape s = most_square_shape(n, W, H);
    return s.w == 0 ? Shape{0, 0, 0} : s;
  }
  if (n < 1 || n > (long long)W * H * D) return {0, 0, 0};
  const auto m = sorted_sides(W, H, D);
  std::array<long long, 3> best{0, 0, 0};  // sorted sides c ≥ b ≥ a
  long long best_surface = 0;
  for (long long a = 1; a * a * a <= n; ++a) {
    if (n % a || a > m[2]) continue;
    const long long r = n / a;
    for (long long b = a; b * b <= r; ++b) {
      if (r % b || b > m[1]) continue;
      const long long c = r / b;  // a ≤ b ≤ c
      if (c > m[0]) continue;
      const long long surface = a * b + b * c + c * a;
      if (best[0] == 0 || c < best[0] || (c == best[0] && surface < best_surface)) {
        best = {c, b, a};
        best_surface = surface;
      }
    }
  }
  return best[0] == 0 ? Shape{0, 0, 0} : orient(best, W, H, D);
}

Shape near_cube_shape(long long n, int W, int H, int D) {
  if (n < 1 || n > (long long)W * H * D) return {0, 0, 0};
  const auto m = sorted_sides(W, H, D);
  for (long long c = std::min(cube_root_up(n), m[0]); c <= m[0]; ++c) {  // c: the longest side
    std::array<long long, 3> best{0, 0, 0};
    long long best_volume = 0, best_surface = 0;
    for (long long b = 1; b <= std::min(c, m[1]); ++b) {
      const long long a = std::max(1LL, (n + b * c - 1) / (b * c));  // the fewest layers that hold n
      if (a > b || a > m[2]) continue;
      const long long volume = a * b * c, surface = a * b + b * c + c * a;
      if (best[0] == 0 || volume < best_volume || (volume == best_volume && surface < best_surface)) {
        best = {c, b, a};
        best_volume = volume;
        best_surface = surface;
      }
    }
    if (best[0] != 0) return orient(best, W, H, D);
  }
  return {0, 0, 0};
}

Shape pow2_shape(long long n, int W, int H, int D) {
  if (n < 1) return {0, 0, 0};
  const long long cap = (long long)W * H * D;
  long long m = 1;
  while (m < n) m *= 2;
  for (; m <= cap; m *= 2)
    if (const Shape s = exact_shape(m, W, H, D); s.w != 0) return s;
  return {0, 0, 0};
}

}  // namespace alloclab
