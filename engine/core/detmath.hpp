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

}  // namespace alloclab
