// specs.cpp — parsing, printing and sampling of the workload distributions.
//
// Choices (documented in docs/model/workloads.md):
// - Job sides are drawn independently for width and height and clamped to the machine's
//   width and height, so every request fits the machine in its requested orientation.
// - exponential:MEAN and normal:MU,SIGMA sides are rounded to the nearest integer, then clamped.
// - uniform-decreasing follows Al Shdefat 2019 §4.1: with probabilities P1..P4 = 0.4, 0.2, 0.2, 0.2 a
//   side falls in [1, I1], [I1+1, I2], [I2+1, I3], [I3+1, I4] with I = L/8, L/4, L/2, L
//   (integer division, L = that dimension's side); an empty range (small machines) moves its
//   probability to the next non-empty one.
#include "specs.hpp"
#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include "../core/check.hpp"
#include "count_shape.hpp"

namespace alloclab {

std::string format_number(double v) {
  if (v == 0) return "0";
  char buf[64];
  if (v == std::floor(v) && std::fabs(v) < 1e15) {  // integers print as integers
    std::snprintf(buf, sizeof buf, "%.0f", v);
    return buf;
  }
  for (int prec = 1; prec <= 17; ++prec) {
    std::snprintf(buf, sizeof buf, "%.*g", prec, v);
    if (std::strtod(buf, nullptr) == v) break;
  }
  return buf;
}

bool parse_double(std::string_view s, double& out) {
  if (s.empty() || s.size() > 64) return false;
  const std::string t(s);
  for (char c : t)
    if (!(std::isdigit((unsigned char)c) || c == '.' || c == 'e' || c == 'E' || c == '-' || c == '+')) return false;
  char* end = nullptr;
  errno = 0;
  const double v = std::strtod(t.c_str(), &end);
  if (end != t.c_str() + t.size() || errno == ERANGE || !std::isfinite(v)) return false;
  out = v;
  return true;
}

bool parse_int64(std::string_view s, long long& out) {
  if (s.empty() || s.size() > 20) return false;
  const std::string t(s);
  for (std::size_t i = 0; i < t.size(); ++i)
    if (!(std::isdigit((unsigned char)t[i]) || (i == 0 && t[i] == '-'))) return false;
  char* end = nullptr;
  errno = 0;
  const long long v = std::strtoll(t.c_str(), &end, 10);
  if (end != t.c_str() + t.size() || errno == ERANGE) return false;
  out = v;
  return true;
}

bool parse_uint64(std::string_view s, unsigned long long& out) {
  if (s.empty() || s.size() > 20) return false;
  for (char c : s)
    if (!std::isdigit((unsigned char)c)) return false;
  const std::string t(s);
  char* end = nullptr;
  errno = 0;
  const unsigned long long v = std::strtoull(t.c_str(), &end, 10);
  if (end != t.c_str() + t.size() || errno == ERANGE) return false;
  out = v;
  return true;
}

namespace {

// Splits "name:rest" → name, rest (rest empty if no colon).
void split_colon(std::string_view text, std::string_view& name, std::string_view& rest) {
  const auto c = text.find(':');
  name = text.substr(0, c);
  rest = c == std::string_view::npos ? std::string_view{} : text.substr(c + 1);
}

// "A-B" (both numbers, A ≤ B).
bool parse_range(std::string_view s, double& a, double& b) {
  // the separator is the first '-' that is not a sign at position 0 or after an 'e'
  for (std::size_t i = 1; i < s.size(); ++i)
    if (s[i] == '-' && s[i - 1] != 'e' && s[i - 1] != 'E')
      return parse_double(s.substr(0, i), a) && parse_double(s.substr(i + 1), b) && a <= b;
  return false;
}

bool parse_pair(std::string_view s, char sep, double& a, double& b) {
  const auto i = s.find(sep);
  if (i == std::string_view::npos) return false;
  return parse_double(s.substr(0, i), a) && parse_double(s.substr(i + 1), b);
}

}  // namespace

Result<ArrivalSpec> parse_arrival(std::string_view text) {
  std::string_view name, rest;
  split_colon(text, name, rest);
  ArrivalSpec s;
  if (name == "batch" && rest.empty()) { s.kind = ArrivalSpec::Kind::Batch; s.rate = 0; return s; }
  if (name == "poisson" && parse_double(rest, s.rate) && s.rate > 0 && s.rate <= 1e9) return s;
  return Error{"arrival: '" + std::string(text) + "' is not valid; allowed: poisson:RATE (0 < RATE <= 1e9 jobs per time unit) or batch"};
}

Result<SizeSpec> parse_job_size(std::string_view text) {
  std::string_view name, rest;
  split_colon(text, name, rest);
  SizeSpec s;
  bool ok = false;
  if (name == "uniform") {
    s.kind = SizeSpec::Kind::Uniform;
    ok = parse_range(rest, s.a, s.b) && s.a >= 1 && s.a == std::floor(s.a) && s.b == std::floor(s.b);
  } else if (name == "uniform-decreasing" && rest.empty()) {
    s.kind = SizeSpec::Kind::UniformDecreasing;
    ok = true;
  } else if (name == "exponential") {
    s.kind = SizeSpec::Kind::Exponential;
    ok = parse_double(rest, s.a) && s.a > 0 && s.a <= 1e6;
  } else if (name == "normal") {
    s.kind = SizeSpec::Kind::Normal;
    ok = parse_pair(rest, ',', s.a, s.b) && s.b >= 0 && std::fabs(s.a) <= 1e6 && s.b <= 1e6;
  } else if (name == "slices") {
    s.kind = SizeSpec::Kind::Slices;
    if (text.find(':') == std::string_view::npos || !rest.empty()) {  // "slices:" alone is not a mix
      auto mix = parse_slice_mix(rest);
      if (!mix) return mix.error();
      s.slices = std::move(*mix);
      ok = true;
    }
  } else if (name == "pow2") {
    s.kind = SizeSpec::Kind::Pow2;
    ok = parse_range(rest, s.a, s.b) && s.a >= 0 && s.b <= 20 && s.a == std::floor(s.a) && s.b == std::floor(s.b);
  } else if (name == "fixed") {
    s.kind = SizeSpec::Kind::Fixed;
    const auto x2 = rest.rfind('x');
    const bool three = x2 != std::string_view::npos && rest.find('x') != x2;
    ok = parse_pair(three ? rest.substr(0, x2) : rest, 'x', s.a, s.b) && s.a >= 1 && s.b >= 1 && s.a == std::floor(s.a) &&
         s.b == std::floor(s.b) && s.a <= 1024 && s.b <= 1024 &&
         (!three || (parse_double(rest.substr(x2 + 1), s.c) && s.c >= 1 && s.c == std::floor(s.c) && s.c <= 1024));
  }
  if (ok) return s;
  return Error{"job_size: '" + std::string(text) +
               "' is not valid; allowed: uniform:A-B (integers 1 <= A <= B), uniform-decreasing, "
               "exponential:MEAN (> 0), normal:MU,SIGMA (SIGMA >= 0), fixed:WxH or fixed:WxHxD, pow2:A-B (2^A..2^B nodes, integers "
               "0 <= A <= B <= 20), slices[:SHAPE=WEIGHT/...] (pod machines)"};
}

Result<ServiceSpec> parse_service(std::string_view text) {
  std::string_view name, rest;
  split_colon(text, name, rest);
  ServiceSpec s;
  bool ok = false;
  if (name == "exponential") {
    s.kind = ServiceSpec::Kind::Exponential;
    ok = parse_double(rest, s.a) && s.a > 0 && s.a <= 1e12;
  } else if (name == "uniform") {
    s.kind = ServiceSpec::Kind::Uniform;
    ok = parse_range(rest, s.a, s.b) && s.a > 0 && s.b <= 1e12;
  } else if (name == "fixed") {
    s.kind = ServiceSpec::Kind::Fixed;
    ok = parse_double(rest, s.a) && s.a >= 0 && s.a <= 1e12;  // 0: only with a pattern (validate)
  }
  if (ok) return s;
  return Error{"service: '" + std::string(text) +
               "' is not valid; allowed: exponential:MEAN (> 0), uniform:A-B (0 < A <= B), fixed:T (> 0; 0 with a pattern)"};
}

Result<ServiceSpec> parse_repair(std::string_view text) {
  double t;
  if (parse_double(text, t) && t > 0 && t <= 1e12) return ServiceSpec{ServiceSpec::Kind::Fixed, t, 0};
  auto s = parse_service(text);
  if (s && !(s->kind == ServiceSpec::Kind::Fixed && s->a == 0)) return s;
  return Error{"host_repair: '" + std::string(text.substr(0, 200)) +
               "' is not valid; allowed: fixed:T or T (0 < T <= 1e12), exponential:MEAN (> 0), uniform:A-B (0 < A <= B)"};
}

std::string to_string(const ArrivalSpec& s) {
  if (s.kind == ArrivalSpec::Kind::Batch) return "batch";
  return "poisson:" + format_number(s.rate);
}

std::string to_string(const SizeSpec& s, int longer_side) {
  switch (s.kind) {
    case SizeSpec::Kind::Default: return "uniform:1-" + std::to_string(longer_side);
    case SizeSpec::Kind::Uniform: return "uniform:" + format_number(s.a) + "-" + format_number(s.b);
    case SizeSpec::Kind::UniformDecreasing: return "uniform-decreasing";
    case SizeSpec::Kind::Exponential: return "exponential:" + format_number(s.a);
    case SizeSpec::Kind::Normal: return "normal:" + format_number(s.a) + "," + format_number(s.b);
    case SizeSpec::Kind::Fixed:
      return "fixed:" + format_number(s.a) + "x" + format_number(s.b) + (s.c != 1 ? "x" + format_number(s.c) : "");
    case SizeSpec::Kind::Slices: return slice_mix_text(s.slices);
    case SizeSpec::Kind::Pow2: return "pow2:" + format_number(s.a) + "-" + format_number(s.b);
  }
  return {};
}

std::string to_string(const ServiceSpec& s) {
  switch (s.kind) {
    case ServiceSpec::Kind::Exponential: return "exponential:" + format_number(s.a);
    case ServiceSpec::Kind::Uniform: return "uniform:" + format_number(s.a) + "-" + format_number(s.b);
    case ServiceSpec::Kind::Fixed: return "fixed:" + format_number(s.a);
  }
  return {};
}

double sample_interarrival(const ArrivalSpec& s, Rng& rng) {
  if (s.kind == ArrivalSpec::Kind::Batch) return 0;
  return rng.exponential(1 / s.rate);
}

namespace {

int clamp_side(double v, int side) {
  long long r = std::llround(v);
  if (r < 1) r = 1;
  if (r > side) r = side;
  return int(r);
}

int uniform_decreasing_side(int L, Rng& rng) {
  const int I[5] = {0, L / 8, L / 4, L / 2, L};
  static constexpr double P[4] = {0.4, 0.2, 0.2, 0.2};
  const double u = rng.uniform01();
  double acc = 0, carry = 0;
  for (int i = 0; i < 4; ++i) {
    const double p = P[i] + carry;
    if (I[i + 1] <= I[i]) { carry = p; continue; }  // empty range: pass its share on
    carry = 0;
    acc += p;
    if (u < acc || i == 3) return int(rng.uniform_int(I[i] + 1, I[i + 1]));
  }
  return L;
}

}  // namespace

namespace {

// Width and height, in the 2D machine's draw order.
Shape sample_plane(const SizeSpec& s, int W, int H, int D, Rng& rng) {
  switch (s.kind) {
    case SizeSpec::Kind::Default: {
      const int L = std::max({W, H, D});
      return {clamp_side(double(rng.uniform_int(1, L)), W), clamp_side(double(rng.uniform_int(1, L)), H)};
    }
    case SizeSpec::Kind::Uniform: {
      const long long a = (long long)s.a, b = (long long)s.b;
      return {clamp_side(double(rng.uniform_int(a, b)), W), clamp_side(double(rng.uniform_int(a, b)), H)};
    }
    case SizeSpec::Kind::UniformDecreasing: {
      const int w = uniform_decreasing_side(W, rng);
      const int h = uniform_decreasing_side(H, rng);
      return {w, h};
    }
    case SizeSpec::Kind::Exponential: {
      const double w = rng.exponential(s.a), h = rng.exponential(s.a);
      return {clamp_side(w, W), clamp_side(h, H)};
    }
    case SizeSpec::Kind::Normal: {
      const double w = rng.normal(s.a, s.b), h = rng.normal(s.a, s.b);
      return {clamp_side(w, W), clamp_side(h, H)};
    }
    case SizeSpec::Kind::Fixed: return {clamp_side(s.a, W), clamp_side(s.b, H)};
    case SizeSpec::Kind::Slices: ALLOCLAB_CHECK(false, "job_size=slices is drawn by sample_slice (the pod's catalogue)"); break;
    case SizeSpec::Kind::Pow2: break;  // one draw, in sample_shape
  }
  return {1, 1};
}

// The depth of a job on a 3D machine, drawn after width and height.
int sample_depth(const SizeSpec& s, int W, int H, int D, Rng& rng) {
  switch (s.kind) {
    case SizeSpec::Kind::Default: return clamp_side(double(rng.uniform_int(1, std::max({W, H, D}))), D);
    case SizeSpec::Kind::Uniform: return clamp_side(double(rng.uniform_int((long long)s.a, (long long)s.b)), D);
    case SizeSpec::Kind::UniformDecreasing: return uniform_decreasing_side(D, rng);
    case SizeSpec::Kind::Exponential: return clamp_side(rng.exponential(s.a), D);
    case SizeSpec::Kind::Normal: return clamp_side(rng.normal(s.a, s.b), D);
    case SizeSpec::Kind::Fixed: return clamp_side(s.c, D);
    case SizeSpec::Kind::Slices:
    case SizeSpec::Kind::Pow2: break;
  }
  return 1;
}

}  // namespace

Shape sample_shape(const SizeSpec& s, int W, int H, Rng& rng, int D) {
  if (s.kind == SizeSpec::Kind::Pow2) {
    const Shape p = pow2_shape(1LL << rng.uniform_int((long long)s.a, (long long)s.b), W, H, D);
    ALLOCLAB_CHECK(p.w > 0, "job_size=pow2: a power of two with no box on the machine (validate() refuses it)");
    return p;
  }
  Shape sh = sample_plane(s, W, H, D, rng);
  if (D > 1) sh.d = sample_depth(s, W, H, D, rng);
  return sh;
}

double sample_service(const ServiceSpec& s, Rng& rng) {
  switch (s.kind) {
    case ServiceSpec::Kind::Exponential: return rng.exponential(s.a);
    case ServiceSpec::Kind::Uniform: return rng.uniform_real(s.a, s.b);
    case ServiceSpec::Kind::Fixed: return s.a;
  }
  return 1;
}

}  // namespace alloclab
