// detmath.hpp — elementary functions computed the same way on every platform.
//
// libstdc++/glibc and emscripten's libc++/musl may round log() differently in the last bit,
// which would make native and wasm runs diverge. Everything random in alloclab goes through
// these functions instead. They use only IEEE-754 +, -, *, / and sqrt (all exactly rounded),
// so the same inputs give the same bits everywhere (build with -ffp-contract=off).
#pragma once
#include <cmath>
#include <cstdint>
#include <cstring>

namespace alloclab {

// Natural logarithm of x > 0, accurate to ~1 ulp. Range reduction by the exponent bits,
// then log(m) = 2·atanh(s), s = (m−1)/(m+1) with m in [sqrt(1/2), sqrt(2)).
inline double det_log(double x) {
  if (!(x > 0)) return x == 0 ? -HUGE_VAL : NAN;
  if (x == HUGE_VAL) return x;
  std::uint64_t bits;
  std::memcpy(&bits, &x, sizeof bits);
  int e = int((bits >> 52) & 0x7ff);
  if (e == 0) {  // subnormal: scale up by 2^54 exactly
    x *= 18014398509481984.0;
    std::memcpy(&bits, &x, sizeof bits);
    e = int((bits >> 52) & 0x7ff) - 54;
  }
  e -= 1022;  // x = m · 2^e with m in [0.5, 1)
  bits = (bits & 0x800fffffffffffffULL) | 0x3fe0000000000000ULL;
  double m;
  std::memcpy(&m, &bits, sizeof m);
  if (m < 0.70710678118654752440) { m *= 2; e -= 1; }
  const double s = (m - 1) / (m + 1), s2 = s * s;
  // atanh series: s + s^3/3 + s^5/5 + ... ; |s| < 0.1716 so 12 terms reach 1e-19 relative
  double term = s, sum = 0;
  for (int k = 1; k <= 25; k += 2) { sum += term / k; term *= s2; }
  const double ln2_hi = 6.93147180369123816490e-01, ln2_lo = 1.90821492927058770002e-10;
  return e * ln2_hi + (2 * sum + e * ln2_lo);
}

// sqrt is exactly rounded by IEEE-754 on every platform alloclab targets.
inline double det_sqrt(double x) { return std::sqrt(x); }

// log(1 + u) for u ≥ 0, accurate to a few ulp also where u is tiny (det_log(1 + u) would lose
// u's low bits): 2·atanh(v), v = u / (2 + u) ≤ 1/3, for u < 1; det_log(1 + u) above.
inline double det_log1p(double u) {
  if (!(u < 1)) return det_log(1 + u);
  const double v = u / (2 + u), v2 = v * v;
  double term = v, sum = 0;
  for (int k = 1; k <= 71; k += 2) { sum += term / k; term *= v2; }  // (1/9)^35 < 1e-33
  return 2 * sum;
}

// e^x, accurate to a few ulp: x = k·ln2 + r with |r| ≤ ln2/2 (k·ln2_hi exact), the Taylor
// series of e^r (27 terms: 0.35^27/27! < 1e-40), scaled by 2^k (exact, ldexp). Underflows to 0
// below −745, overflows to +inf above 709.8.
inline double det_exp(double x) {
  if (x != x) return x;
  if (x > 709.8) return HUGE_VAL;
  if (x < -745.2) return 0;
  const double ln2_hi = 6.93147180369123816490e-01, ln2_lo = 1.90821492927058770002e-10;
  const double k = std::floor(x * 1.44269504088896338700e+00 + 0.5);
  const double r = (x - k * ln2_hi) - k * ln2_lo;
  double term = 1, sum = 1;
  for (int j = 1; j <= 27; ++j) { term *= r / j; sum += term; }
  return std::ldexp(sum, int(k));
}

// Arc tangent of x, accurate to a few ulp. atan(x) = π/2 − atan(1/x) brings |x| to [0, 1], two
// halvings atan(x) = 2·atan(x / (1 + sqrt(1 + x²))) to [0, tan(π/16)] ≈ [0, 0.199], then the
// alternating series x − x³/3 + x⁵/5 − ... (ratio < 0.04 per term; 20 terms reach 1e-28).
inline double det_atan(double x) {
  if (x != x) return x;
  if (x < 0) return -det_atan(-x);
  const double half_pi_hi = 1.57079632679489655800e+00, half_pi_lo = 6.12323399573676603587e-17;
  const bool inverted = x > 1;
  if (inverted) {
    if (x == HUGE_VAL) return half_pi_hi;
    x = 1 / x;
  }
  for (int i = 0; i < 2; ++i) x = x / (1 + det_sqrt(1 + x * x));
  const double x2 = x * x;
  double term = x, sum = 0;
  for (int k = 0; k < 20; ++k) {
    sum += (k % 2 ? -term : term) / (2 * k + 1);
    term *= x2;
  }
  const double a = 4 * sum;
  return inverted ? half_pi_hi - a + half_pi_lo : a;
}

}  // namespace alloclab
