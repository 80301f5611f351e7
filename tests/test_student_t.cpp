// test_student_t.cpp — the Student-t quantile behind every 95% half-width (metrics/stats.hpp) and
// the det_ elementary functions it uses (core/detmath.hpp), against values computed with mpmath
// at 30 digits (the t quantiles: the root of the regularized incomplete beta I_{df/(df+t²)}(df/2, 1/2)
// = 0.05).
#include <doctest/doctest.h>
#include <cmath>
#include <utility>
#include "metrics/stats.hpp"

using namespace alloclab;

namespace {
// |got − want| in units in the last place of want.
double ulps(double got, double want) { return std::fabs(got - want) / (std::nextafter(want, HUGE_VAL) - want); }
}  // namespace

TEST_CASE("student t: t975 to a few ulp of the exact quantile") {
  const std::pair<int, double> exact[] = {
      {1, 12.706204736174704646},  {2, 4.30265272974946385232},  {3, 3.18244630528370959272},
      {4, 2.7764451051977943578},  {7, 2.36462425159278534168},  {9, 2.26215716279820554261},
      {10, 2.2281388519862747484}, {29, 2.04522964213270429819}, {30, 2.04227245630123830996},
      {99, 1.9842169515864174951}, {100, 1.9839715185235522866}, {498, 1.96473898296728907216},
      {499, 1.96472939098768907166}, {500, 1.96471983746736779336}, {999, 1.96234146113344997866}};
  for (const auto& row : exact) {
    const int df = row.first;  // not a structured binding: CAPTURE's lambda cannot take one (clang 14)
    const double want = row.second;
    CAPTURE(df);
    CHECK(ulps(t975(df), want) <= 16);
  }
  // The old 4-decimal table gave 2.3646 for 7 degrees of freedom: 0.000024 off.
  CHECK(std::fabs(t975(7) - 2.36462425159278534168) < 1e-14);
  CHECK(t975(0) == 0);
  CHECK(t975(-3) == 0);
}

TEST_CASE("student t: decreasing in df, above the normal quantile, continuous where the expansion takes over") {
  const double z = 1.95996398454005423552;
  double prev = t975(1);
  for (std::int64_t df = 2; df <= 1200; ++df) {
    const double t = t975(df);
    CAPTURE(df);
    REQUIRE(t < prev);
    REQUIRE(t > z);
    prev = t;
  }
  // the series (≤ kStudentSeriesMaxDf) and the expansion (above) meet without a jump larger than
  // the quantile's own step from one df to the next
  const std::int64_t k = kStudentSeriesMaxDf;
  const double step = t975(k - 1) - t975(k), jump = t975(k) - t975(k + 1);
  CHECK(jump > 0.5 * step);
  CHECK(jump < 1.5 * step);
  CHECK(t975(1000000) > z);
  CHECK(t975(1000000) - z < 1e-5);
}

TEST_CASE("student t: P(|T| < t) at the quantile is the level, for any level") {
  for (std::int64_t df : {1, 2, 5, 6, 40, 41}) {
    for (double level : {0.5, 0.8, 0.95, 0.99}) {
      CAPTURE(df);
      CAPTURE(level);
      const double t = t_two_sided_quantile(level, df);
      CHECK(std::fabs(student_t_two_sided(t, df).central - level) < 4e-16);
    }
  }
  // df = 2 in closed form: P(|T| < t) = t / sqrt(2 + t²)
  CHECK(std::fabs(student_t_two_sided(3.0, 2).central - 3.0 / std::sqrt(11.0)) < 1e-16);
  // df = 1 (Cauchy): the 0.5 quantile is tan(π/4) = 1
  CHECK(ulps(t_two_sided_quantile(0.5, 1), 1.0) <= 4);
  CHECK(t_two_sided_quantile(1.0, 5) == 0);  // refused: level must be inside (0, 1)
  CHECK(t_two_sided_quantile(0.95, kStudentSeriesMaxDf + 1) == 0);
}

TEST_CASE("student t: half-widths use the exact quantile") {
  RunningStat s;
  for (double x : {1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 64.0, 128.0}) s.add(x);
  const double sd_mean = std::sqrt(s.variance() / 8);
  CHECK(ci95_halfwidth(s) == t975(7) * sd_mean);
  CHECK(ci95_halfwidth(s, 2.0) == 2.0 * sd_mean);
  RunningStat one;
  one.add(5);
  CHECK(ci95_halfwidth(one) == 0);
}

TEST_CASE("detmath: atan, exp and log1p to a few ulp") {
  const std::pair<double, double> atans[] = {{0.05, 0.04995839572194276141}, {0.3, 0.291456794477867091996},
                                             {1, 0.785398163397448309616}, {7.5, 1.43824479449822259796}};
  for (const auto& row : atans) {
    const double x = row.first, want = row.second;
    CAPTURE(x);
    CHECK(ulps(det_atan(x), want) <= 2);
    CHECK(ulps(-det_atan(-x), want) <= 2);
  }
  const std::pair<double, double> exps[] = {{-700, 9.85967654375977085671e-305}, {-1, 0.367879441171442321596},
                                            {0.25, 1.28402541668774148407}, {30, 10686474581524.462147}};
  for (const auto& row : exps) {
    const double x = row.first, want = row.second;
    CAPTURE(x);
    CHECK(ulps(det_exp(x), want) <= 2);
  }
  CHECK(det_exp(0) == 1);
  CHECK(det_exp(-800) == 0);
  CHECK(det_exp(800) == HUGE_VAL);
  const std::pair<double, double> logs[] = {{1e-12, 9.999999999995e-13}, {0.01, 0.00995033085316808284822},
                                            {2, 1.0986122886681096914}};
  for (const auto& row : logs) {
    const double x = row.first, want = row.second;
    CAPTURE(x);
    CHECK(ulps(det_log1p(x), want) <= 2);
  }
}
