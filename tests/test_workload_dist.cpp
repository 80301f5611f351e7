// test_workload_dist.cpp — every workload distribution (engine/workload/specs.hpp) against the
// distribution README "Workloads" documents: job sides (default uniform:1-L, uniform:A-B,
// uniform-decreasing, exponential:MEAN and normal:MU,SIGMA rounded, fixed:WxH; each clamped to
// its side of the machine, the two sides independent) by Pearson's chi-square test of the counts
// against the exact probabilities; service times (exponential, uniform, fixed) and Poisson
// inter-arrival times by the Kolmogorov–Smirnov test against the exact CDF.
//
// Significance and power. Every test rejects at significance 0.001 (a correct sampler with a
// random seed fails once in 1000 runs; the seeds here are fixed, so the outcome is the same on
// every run and platform).
//  * Chi-square, n = 100 000 draws, df <= 63: power >= 0.99 against any alternative whose
//    noncentrality n·Σ(q−p)²/p is >= 87 (df 3: 38), i.e. Σ(q−p)²/p >= 8.7e-4. For example the
//    uniform-decreasing weights 0.38/0.22/0.2/0.2 instead of 0.4/0.2/0.2/0.2 give 3e-3, and moving
//    1% of the probability between two side values of probability 1/16 gives 3.2e-3.
//  * KS, n = 50 000 draws: critical value 1.9495/√n = 0.0087; power >= 0.99 against any
//    alternative whose CDF differs by >= 0.016 somewhere, e.g. an exponential mean 5% off
//    (0.018) or a uniform range end moved by 2% of its width.
// (Values computed with mpmath: the asymptotic Kolmogorov distribution, the noncentral chi-square
// distribution as a Poisson mixture.) Critical values of chi-square come from the
// Wilson–Hilferty approximation, which is at most 2% above the exact value for df >= 3
// (conservative).
#include <doctest/doctest.h>
#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <string>
#include <vector>
#include "workload/specs.hpp"

using namespace alloclab;

namespace {

constexpr long long kDraws = 100000;  // chi-square tests
constexpr int kKsDraws = 50000;       // Kolmogorov–Smirnov tests

// Upper 0.001 point of chi-square with df degrees of freedom (Wilson–Hilferty; exact for df 1, 2).
double chi2_critical(int df) {
  if (df == 1) return 10.827566170662733;  // z(0.9995)^2
  if (df == 2) return 13.815510557964274;  // -2 ln 0.001
  const double k = df, z = 3.090232306167813;  // z(0.999)
  const double c = 1 - 2 / (9 * k) + z * std::sqrt(2 / (9 * k));
  return k * c * c * c;
}

// Pearson's chi-square of counts `obs` against probabilities `p` (same cells; probabilities sum
// to 1). Cells expected to hold fewer than 5 are pooled with the next (the last with the
// previous). Checks that no draw fell in a cell of probability 0, and the statistic.
void chi_square_test(const std::vector<long long>& obs, const std::vector<double>& p, const std::string& what) {
  REQUIRE(obs.size() == p.size());
  long long n = 0;
  double psum = 0;
  for (std::size_t i = 0; i < obs.size(); ++i) {
    n += obs[i];
    psum += p[i];
    if (p[i] == 0) CHECK_MESSAGE(obs[i] == 0, what, ": ", obs[i], " draws in cell ", i, " of probability 0");
  }
  REQUIRE(psum == doctest::Approx(1).epsilon(1e-12));
  std::vector<double> eo, ee;  // pooled observed and expected
  double o = 0, e = 0;
  for (std::size_t i = 0; i < obs.size(); ++i) {
    if (p[i] == 0) continue;
    o += double(obs[i]);
    e += p[i] * double(n);
    if (e >= 5) eo.push_back(o), ee.push_back(e), o = e = 0;
  }
  if (e > 0) {
    REQUIRE(!eo.empty());
    eo.back() += o, ee.back() += e;
  }
  double x2 = 0;
  for (std::size_t i = 0; i < eo.size(); ++i) x2 += (eo[i] - ee[i]) * (eo[i] - ee[i]) / ee[i];
  const int df = int(eo.size()) - 1;
  if (df < 1) return;  // one cell: nothing to test beyond the zero cells
  CHECK_MESSAGE(x2 < chi2_critical(df), what, ": chi-square ", x2, " >= ", chi2_critical(df), " (", df, " df)");
}

// Kolmogorov–Smirnov: sup |F_n − F| of the samples against the CDF, below 1.9495/√n.
void ks_test(std::vector<double> xs, const std::function<double(double)>& cdf, const std::string& what) {
  std::sort(xs.begin(), xs.end());
  const double n = double(xs.size());
  double d = 0;
  for (std::size_t i = 0; i < xs.size(); ++i) {
    const double f = cdf(xs[i]);
    d = std::max({d, double(i + 1) / n - f, f - double(i) / n});
  }
  const double crit = 1.9494746035043753 / std::sqrt(n);
  CHECK_MESSAGE(d < crit, what, ": KS D = ", d, " >= ", crit);
}

// ---- the documented distributions of one side on a machine side of length `side`: index k = P(side k)
using Pmf = std::vector<double>;  // index 0 unused (probability 0)

// An integer uniform on a..b, clamped to [1, side].
Pmf uniform_side(long long a, long long b, int side) {
  Pmf p(std::size_t(side) + 1, 0.0);
  for (long long v = a; v <= b; ++v) p[std::size_t(std::clamp<long long>(v, 1, side))] += 1.0 / double(b - a + 1);
  return p;
}
// uniform-decreasing on a side of length L: [1, L/8], [L/8+1, L/4], [L/4+1, L/2], [L/2+1, L]
// with probabilities 0.4, 0.2, 0.2, 0.2, uniform inside each; an empty interval (small L)
// passes its probability on to the next.
Pmf uniform_decreasing_side(int L) {
  Pmf p(std::size_t(L) + 1, 0.0);
  const int edge[5] = {0, L / 8, L / 4, L / 2, L};
  const double w[4] = {0.4, 0.2, 0.2, 0.2};
  double carry = 0;
  for (int i = 0; i < 4; ++i) {
    const int lo = edge[i] + 1, hi = edge[i + 1];
    if (hi < lo) { carry += w[i]; continue; }
    for (int k = lo; k <= hi; ++k) p[std::size_t(k)] = (w[i] + carry) / double(hi - lo + 1);
    carry = 0;
  }
  return p;
}
// A continuous value with CDF F rounded to the nearest integer and clamped to [1, side].
Pmf rounded_side(const std::function<double(double)>& F, int side) {
  Pmf p(std::size_t(side) + 1, 0.0);
  for (int k = 1; k <= side; ++k) {
    const double lo = k == 1 ? 0.0 : F(k - 0.5), hi = k == side ? 1.0 : F(k + 0.5);
    p[std::size_t(k)] = hi - lo;
  }
  return p;
}
double normal_cdf(double x, double mu, double sigma) { return 0.5 * std::erfc(-(x - mu) / (sigma * std::sqrt(2.0))); }
double exponential_cdf(double x, double mean) { return x <= 0 ? 0 : -std::expm1(-x / mean); }

// Draws kDraws shapes and tests each side's distribution and their independence (the joint
// counts over cells of width classes × height classes against the product of the marginals).
void test_shapes(const std::string& spec, int W, int H, const Pmf& pw, const Pmf& ph, std::uint64_t seed) {
  auto s = parse_job_size(spec);
  REQUIRE_MESSAGE(s, spec);
  Rng rng(seed);
  std::vector<long long> cw(std::size_t(W) + 1, 0), ch(std::size_t(H) + 1, 0);
  // classes for the joint test: quartiles of each marginal (cells of about equal probability)
  auto classes = [](const Pmf& p) {
    std::vector<int> c(p.size(), 0);
    double acc = 0;
    for (std::size_t k = 1; k < p.size(); ++k) {
      c[k] = std::min(3, int(acc * 4));
      acc += p[k];
    }
    return c;
  };
  const std::vector<int> kw = classes(pw), kh = classes(ph);
  std::vector<long long> joint(16, 0);
  for (long long i = 0; i < kDraws; ++i) {
    const Shape sh = sample_shape(*s, W, H, rng);
    REQUIRE(sh.w >= 1);
    REQUIRE(sh.w <= W);
    REQUIRE(sh.h >= 1);
    REQUIRE(sh.h <= H);
    ++cw[std::size_t(sh.w)];
    ++ch[std::size_t(sh.h)];
    ++joint[std::size_t(kw[std::size_t(sh.w)] * 4 + kh[std::size_t(sh.h)])];
  }
  const std::string where = spec + " on " + std::to_string(W) + "x" + std::to_string(H);
  chi_square_test(cw, pw, where + ", widths");
  chi_square_test(ch, ph, where + ", heights");
  std::vector<double> pj(16, 0.0);
  for (std::size_t a = 1; a < pw.size(); ++a)
    for (std::size_t b = 1; b < ph.size(); ++b) pj[std::size_t(kw[a] * 4 + kh[b])] += pw[a] * ph[b];
  chi_square_test(joint, pj, where + ", width class x height class (independence)");
}

std::vector<double> draw_service(const std::string& spec, std::uint64_t seed) {
  auto s = parse_service(spec);
  REQUIRE_MESSAGE(s, spec);
  Rng rng(seed);
  std::vector<double> xs;
  for (int i = 0; i < kKsDraws; ++i) xs.push_back(sample_service(*s, rng));
  return xs;
}

}  // namespace

TEST_CASE("workload: the documented side distributions, pmfs sum to 1 (the oracle itself)") {
  // hand-worked: uniform-decreasing on 32 — 0.4/4 on 1..4, 0.2/4 on 5..8, 0.2/8 on 9..16, 0.2/16 on 17..32
  const Pmf ud = uniform_decreasing_side(32);
  CHECK(ud[1] == doctest::Approx(0.1));
  CHECK(ud[5] == doctest::Approx(0.05));
  CHECK(ud[9] == doctest::Approx(0.025));
  CHECK(ud[32] == doctest::Approx(0.0125));
  // on 4: [1, 0] is empty, its 0.4 goes to [1, 1]
  const Pmf ud4 = uniform_decreasing_side(4);
  CHECK(ud4[1] == doctest::Approx(0.6));
  CHECK(ud4[2] == doctest::Approx(0.2));
  CHECK(ud4[3] == doctest::Approx(0.1));
  // uniform:3-12 clamped to 10: 10 takes 10, 11, 12
  const Pmf u = uniform_side(3, 12, 10);
  CHECK(u[2] == 0);
  CHECK(u[10] == doctest::Approx(0.3));
}

TEST_CASE("workload: job side distributions (chi-square, 100 000 draws each, significance 0.001)") {
  // heights clamped to 10 (10 takes 10..16)
  test_shapes("uniform:1-16", 16, 10, uniform_side(1, 16, 16), uniform_side(1, 16, 10), 1);
  test_shapes("uniform:3-12", 10, 20, uniform_side(3, 12, 10), uniform_side(3, 12, 20), 2);
  test_shapes("uniform-decreasing", 32, 12, uniform_decreasing_side(32), uniform_decreasing_side(12), 3);
  test_shapes("uniform-decreasing", 4, 64, uniform_decreasing_side(4), uniform_decreasing_side(64), 4);
  auto ex = [](double x) { return exponential_cdf(x, 4); };
  test_shapes("exponential:4", 16, 16, rounded_side(ex, 16), rounded_side(ex, 16), 5);
  auto nw = [](double x) { return normal_cdf(x, 20, 6); };
  test_shapes("normal:20,6", 64, 24, rounded_side(nw, 64), rounded_side(nw, 24), 6);
  auto ns = [](double x) { return normal_cdf(x, 5, 2); };
  test_shapes("normal:5,2", 12, 12, rounded_side(ns, 12), rounded_side(ns, 12), 7);
}

TEST_CASE("workload: the default job size is uniform:1-L on both sides, L the longer side") {
  Rng rng(8);
  std::vector<long long> cw(17, 0), ch(11, 0);
  for (long long i = 0; i < kDraws; ++i) {
    const Shape sh = sample_shape(SizeSpec{}, 16, 10, rng);
    ++cw[std::size_t(sh.w)];
    ++ch[std::size_t(sh.h)];
  }
  chi_square_test(cw, uniform_side(1, 16, 16), "default on 16x10, widths");
  chi_square_test(ch, uniform_side(1, 16, 10), "default on 16x10, heights");
}

TEST_CASE("workload: fixed sizes are exact and clamped") {
  Rng rng(9);
  auto f = parse_job_size("fixed:3x5");
  REQUIRE(f);
  auto big = parse_job_size("fixed:40x2");
  REQUIRE(big);
  for (int i = 0; i < 100; ++i) {
    CHECK(sample_shape(*f, 16, 16, rng) == Shape{3, 5});
    CHECK(sample_shape(*big, 16, 16, rng) == Shape{16, 2});
  }
}

TEST_CASE("workload: service times and Poisson inter-arrival times (Kolmogorov-Smirnov, 50 000 draws)") {
  ks_test(draw_service("exponential:100", 11), [](double x) { return exponential_cdf(x, 100); }, "service exponential:100");
  ks_test(draw_service("uniform:5-50", 12), [](double x) { return std::clamp((x - 5) / 45, 0.0, 1.0); }, "service uniform:5-50");
  for (double x : draw_service("fixed:3", 13)) REQUIRE(x == 3);
  for (double rate : {0.05, 2.0}) {
    auto a = parse_arrival("poisson:" + format_number(rate));
    REQUIRE(a);
    Rng rng(14);
    std::vector<double> xs;
    for (int i = 0; i < kKsDraws; ++i) xs.push_back(sample_interarrival(*a, rng));
    ks_test(xs, [rate](double x) { return exponential_cdf(x, 1 / rate); }, "inter-arrival poisson:" + format_number(rate));
  }
  auto batch = parse_arrival("batch");
  REQUIRE(batch);
  Rng rng(15);
  for (int i = 0; i < 100; ++i) REQUIRE(sample_interarrival(*batch, rng) == 0);
}
