// test_stats.cpp — the Student-t quantile behind every confidence interval (metrics/stats.hpp)
// against reference values derived a second, independent way (test_student_t.cpp's come from the
// incomplete beta function; these from integrating the density), at df 1, 2, 7, 30, 31 (the
// first beyond the old table), 100 and 1000 (beyond the series, the Cornish-Fisher expansion).
//
// The references t(0.975, df) were computed with mpmath at 40 significant digits by integrating
// the Student-t density Γ((n+1)/2) / (√(nπ) Γ(n/2)) · (1 + t²/n)^(−(n+1)/2) from x to ∞
// (mpmath.quad) and solving P(T > x) = 0.025 for x (mpmath.findroot); each root was checked
// with the regularized incomplete beta function, P(T > x) = I_{n/(n+x²)}(n/2, 1/2) / 2 = 0.025,
// and df 1 and 2 with the closed forms tan(0.475π) and 0.95 / √(2 · 0.975 · 0.025).
#include <doctest/doctest.h>
#include <cmath>
#include "metrics/stats.hpp"

using namespace alloclab;

TEST_CASE("stats: t(0.975, df) against values from integrating the t density, to 1e-9") {
  struct Ref {
    std::int64_t df;
    double t;
  };
  const Ref refs[] = {
      {1, 12.706204736174704646},  {2, 4.3026527297494638523},   {7, 2.3646242515927853417},
      {30, 2.0422724563012383100}, {31, 2.0395134463964084879},  {100, 1.9839715185235522866},
      {1000, 1.9623390808264084850},
  };
  for (const Ref& r : refs) {
    const double got = t975(r.df);
    CHECK_MESSAGE(std::fabs(got - r.t) <= 1e-9 * r.t, "df ", r.df, ": t975 = ", got, ", reference ", r.t);
  }
  CHECK(t975(0) == 0);  // no interval from one sample
}
