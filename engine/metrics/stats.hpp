// stats.hpp — running statistics, time-weighted averages and Student-t confidence intervals.
#pragma once
#include <cmath>
#include <cstdint>
#include "../core/detmath.hpp"

namespace alloclab {

// Mean and variance by Welford's update (numerically stable, order-dependent only on input order).
class RunningStat {
 public:
  void add(double x) {
    ++n_;
    sum_ += x;
    const double d = x - mean_;
    mean_ += d / double(n_);
    m2_ += d * (x - mean_);
  }
  std::int64_t count() const { return n_; }
  // The mean as sum / count (exact for integer data, unlike the running update).
  double mean() const { return n_ ? sum_ / double(n_) : 0; }
  double variance() const { return n_ > 1 ? m2_ / double(n_ - 1) : 0; }

 private:
  std::int64_t n_ = 0;
  double mean_ = 0, m2_ = 0, sum_ = 0;
};

// Integral of a piecewise-constant quantity over time; mean = integral / elapsed.
class TimeAverage {
 public:
  void reset(double t) { t0_ = last_ = t; area_ = area2_ = 0; }
  // The quantity held `value` from the last update until t.
  void advance(double t, double value) {
    if (t > last_) area_ += (t - last_) * value, area2_ += (t - last_) * value * value;
    last_ = t;
  }
  double mean() const { return last_ > t0_ ? area_ / (last_ - t0_) : 0; }
  // The standard deviation over time: sqrt(time-average of value² − mean²) (0 for an empty span).
  double sd() const {
    if (!(last_ > t0_)) return 0;
    const double m = mean(), v = area2_ / (last_ - t0_) - m * m;
    return v > 0 ? std::sqrt(v) : 0;
  }
  double elapsed() const { return last_ - t0_; }

 private:
  double t0_ = 0, last_ = 0, area_ = 0, area2_ = 0;
};

// [SECTION] Student t
// P(|T| < t) for Student's t with df degrees of freedom, by the finite series for integer df
// (Abramowitz & Stegun 26.7.3-4): with θ = atan(t/√df), s = sin θ, c = cos²θ = df/(df + t²),
//   even df = 2m:    A = s · Σ_{k<m} a_k c^k,                 a_0 = 1, a_k = a_{k−1}·(2k−1)/(2k)
//   odd  df = 2m+1:  A = (2/π)(θ + s·√c · Σ_{k<m} b_k c^k),   b_0 = 1, b_k = b_{k−1}·(2k)/(2k+1)
// Also returns its derivative 2·f(t) (f the density), whose constant is the series' next
// coefficient: 2m·a_m·c^(m+½)/√df (even), 2·c^(m+1)/(π·a_m·√df) (odd).
// c^k is e^(−k·ℓ), ℓ = log(1 + t²/df), not a running product: c is close to 1 when df is large,
// and its rounding error, multiplied k times, would cost ~k ulp (t is then ~df/8 times as
// sensitive to c as to itself). Only +, −, ×, ÷, sqrt and the det_ functions: the same bits on
// every platform. O(df) operations.
struct StudentTwoSided {
  double central = 0;     // P(|T| < t)
  double derivative = 0;  // d/dt P(|T| < t) = 2 f(t)
};

// A series coefficient a_k or b_k kept as an unevaluated sum hi + lo (double-double), multiplied
// by p/q (small integers) with Dekker's exact product: the k roundings of a running product would
// otherwise add up to ~√k ulp in every later term.
struct ExactRatioProduct {
  double hi = 1, lo = 0;
  static void two_prod(double a, double b, double& p, double& e) {
    const double split = 134217729.0;  // 2^27 + 1
    p = a * b;
    const double ca = split * a, ah = ca - (ca - a), al = a - ah;
    const double cb = split * b, bh = cb - (cb - b), bl = b - bh;
    e = ((ah * bh - p) + ah * bl + al * bh) + al * bl;
  }
  void times_ratio(double p, double q) {
    double ph, pe;
    two_prod(hi, p, ph, pe);
    pe += lo * p;                        // (ph, pe) = (hi + lo)·p
    const double h = ph / q;
    double qh, qe;
    two_prod(h, q, qh, qe);              // h·q exactly
    const double l = (((ph - qh) - qe) + pe) / q;
    hi = h + l;
    lo = l - (hi - h);
  }
  double value() const { return hi + lo; }
};

// A sum of many terms with its rounding errors carried along (Neumaier's variant of Kahan's
// summation): error ~1 ulp instead of ~√(terms) ulp.
struct CompensatedSum {
  double sum = 0, err = 0;
  void add(double x) {
    const double t = sum + x;
    err += (sum >= x || sum <= -x) ? (sum - t) + x : (x - t) + sum;
    sum = t;
  }
  double value() const { return sum + err; }
};

inline StudentTwoSided student_t_two_sided(double t, std::int64_t df) {
  const double pi = 3.14159265358979311600e+00, n = double(df);
  const double r = n + t * t, s = t / det_sqrt(r), ell = det_log1p(t * t / n);
  const std::int64_t m = df / 2;
  ExactRatioProduct coef;
  CompensatedSum sum;
  StudentTwoSided out;
  if (df % 2 == 0) {
    for (std::int64_t k = 0; k < m; ++k) {
      sum.add(coef.value() * det_exp(-double(k) * ell));
      coef.times_ratio(double(2 * k + 1), double(2 * k + 2));
    }
    out.central = s * sum.value();
    out.derivative = 2 * double(m) * coef.value() * det_exp(-(double(m) + 0.5) * ell) / det_sqrt(n);
  } else {
    double a = 1;  // a_k of the even series, for the density's constant
    for (std::int64_t k = 0; k < m; ++k) {
      sum.add(coef.value() * det_exp(-double(k) * ell));
      coef.times_ratio(double(2 * k + 2), double(2 * k + 3));
      a *= double(2 * k + 1) / double(2 * k + 2);
    }
    out.central = 2 / pi * (det_atan(t / det_sqrt(n)) + t * det_sqrt(n) / r * sum.value());
    out.derivative = 2 * det_exp(-double(m + 1) * ell) / (pi * a * det_sqrt(n));
  }
  return out;
}

// The t with P(|T| < t) = level (0 < level < 1) for 1 ≤ df ≤ kStudentSeriesMaxDf, to a few ulp.
// Newton's method from t = 0: P(|T| < t) is concave for t ≥ 0, so the iterates rise
// monotonically to the root; it stops when a step no longer moves t up.
inline constexpr std::int64_t kStudentSeriesMaxDf = 499;
inline double t_two_sided_quantile(double level, std::int64_t df) {
  if (df < 1 || df > kStudentSeriesMaxDf || !(level > 0 && level < 1)) return 0;
  double t = 0;
  for (int i = 0; i < 200; ++i) {
    const StudentTwoSided a = student_t_two_sided(t, df);
    const double next = t + (level - a.central) / a.derivative;
    if (!(next > t)) break;
    t = next;
  }
  return t;
}

// Two-sided 95% Student-t quantile t_{0.975, df} (0 for df < 1): the series above up to
// kStudentSeriesMaxDf degrees of freedom, beyond it the Cornish-Fisher expansion in 1/df to the
// fifth order around z = Φ⁻¹(0.975) (Abramowitz & Stegun 26.7.5; its error is below 0.2 ulp
// from df = 500 on and falls as df⁻⁶).
inline double t975(std::int64_t df) {
  if (df < 1) return 0;
  if (df <= kStudentSeriesMaxDf) return t_two_sided_quantile(0.95, df);
  const double z = 1.95996398454005423552, z2 = z * z, n = double(df);
  const double g1 = z * (z2 + 1) / 4;
  const double g2 = z * ((5 * z2 + 16) * z2 + 3) / 96;
  const double g3 = z * (((3 * z2 + 19) * z2 + 17) * z2 - 15) / 384;
  const double g4 = z * ((((79 * z2 + 776) * z2 + 1482) * z2 - 1920) * z2 - 945) / 92160;
  const double g5 = z * (((((27 * z2 + 339) * z2 + 930) * z2 - 1782) * z2 - 765) * z2 + 17955) / 368640;
  return z + (g1 + (g2 + (g3 + (g4 + g5 / n) / n) / n) / n) / n;
}

// Half-width of the 95% confidence interval of the mean of s's samples (0 with < 2 samples);
// `t` is t975(s.count() − 1), for callers that take it once for many statistics of one count.
inline double ci95_halfwidth(const RunningStat& s, double t) {
  if (s.count() < 2) return 0;
  return t * det_sqrt(s.variance() / double(s.count()));
}
inline double ci95_halfwidth(const RunningStat& s) { return ci95_halfwidth(s, t975(s.count() - 1)); }

}  // namespace alloclab
