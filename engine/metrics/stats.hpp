// stats.hpp — running statistics, time-weighted averages and Student-t confidence intervals.
#pragma once
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
  void reset(double t) { t0_ = last_ = t; area_ = 0; }
  // The quantity held `value` from the last update until t.
  void advance(double t, double value) {
    if (t > last_) area_ += (t - last_) * value;
    last_ = t;
  }
  double mean() const { return last_ > t0_ ? area_ / (last_ - t0_) : 0; }
  double elapsed() const { return last_ - t0_; }

 private:
  double t0_ = 0, last_ = 0, area_ = 0;
};

// Two-sided 95% Student-t quantile t_{0.975, df} (table to 30, then the Cornish-Fisher series).
inline double t975(std::int64_t df) {
  static constexpr double table[31] = {0,      12.7062, 4.3027, 3.1824, 2.7764, 2.5706, 2.4469, 2.3646,
                                       2.3060, 2.2622,  2.2281, 2.2010, 2.1788, 2.1604, 2.1448, 2.1314,
                                       2.1199, 2.1098,  2.1009, 2.0930, 2.0860, 2.0796, 2.0739, 2.0687,
                                       2.0639, 2.0595,  2.0555, 2.0518, 2.0484, 2.0452, 2.0423};
  if (df < 1) return 0;
  if (df <= 30) return table[df];
  const double z = 1.959963984540054, n = double(df);
  const double z3 = z * z * z, z5 = z3 * z * z;
  return z + (z3 + z) / (4 * n) + (5 * z5 + 16 * z3 + 3 * z) / (96 * n * n);
}

// Half-width of the 95% confidence interval of the mean of s's samples (0 with < 2 samples).
inline double ci95_halfwidth(const RunningStat& s) {
  if (s.count() < 2) return 0;
  return t975(s.count() - 1) * det_sqrt(s.variance() / double(s.count()));
}

}  // namespace alloclab
