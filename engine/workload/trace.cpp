// trace.cpp — CSV and SWF trace readers.
//
// SWF rules (documented in docs/model/workloads.md):
// - fields used: 2 submit time, 4 run time, 5 allocated processors (8 requested processors
//   when field 5 is missing), 9 requested time (the runtime estimate), 11 status.
// - skipped (counted in `skipped`): fewer than 18 fields is an error; run time ≤ 0, processor
//   count ≤ 0, status 5 (cancelled), or more processors than the machine has.
// - processor count n → shape: the most-square factorisation a×b = n that fits the machine
//   (sides as close as possible, the longer side along the longer machine side). If none fits
//   (e.g. a prime larger than both sides), n is rounded up to the smallest count ≤ W·H that
//   has a fitting factorisation and the job is counted in `reshaped`. On a 3D machine
//   (opt.depth > 1) the same with the most cube-like a×b×c = n; swf_shape=cube and pow2 shape
//   the count as a near-cube or a power-of-two partition instead (count_shape.hpp).
// - opt.procs_per_node > 1: a count of n processors asks for ceil(n / procs_per_node) nodes
//   (the too-large check compares processors with nodes × procs_per_node).
// - arrival = submit time minus the first kept record's submit time; records are sorted by
//   arrival (stable).
// - swf_shape (TraceOptions::shape): square (the rule above), asff (same shape; the
//   scenario insists on a strategy that may use any w×h = n), row (n×1 when n <= W).
// - time_scale multiplies submit, run and requested times (CSV arrival/runtime/estimate too).
// CSV rule: arrival times are taken as written (times the time_scale), only sorted (stable), so
// `--jobs-csv` start and end times line up with the input file; a first arrival at t > 0
// leaves the machine idle until then.
// - swf_header_machine: "; MaxProcs: N" (else "; MaxNodes: N", the archive's two header
//   fields for machine size) → most-square W×H with W >= H.
#include "trace.hpp"
#include <algorithm>
#include <cmath>
#include <cstdint>
#include "../core/text.hpp"
#include "count_shape.hpp"
#include "specs.hpp"

namespace alloclab {

namespace {

// The fields of `line` between `sep`s, each trimmed of spaces and tabs (and a trailing '\r'),
// into `out` (cleared first; its capacity is reused from line to line).
void split(std::string_view line, char sep, std::vector<std::string_view>& out) {
  out.clear();
  std::size_t start = 0;
  for (std::size_t i = 0; i <= line.size(); ++i)
    if (i == line.size() || line[i] == sep) {
      std::string_view f = line.substr(start, i - start);
      while (!f.empty() && (f.front() == ' ' || f.front() == '\t')) f.remove_prefix(1);
      while (!f.empty() && (f.back() == ' ' || f.back() == '\t' || f.back() == '\r')) f.remove_suffix(1);
      out.push_back(f);
      start = i + 1;
    }
}

std::vector<std::string_view> split(std::string_view line, char sep) {
  std::vector<std::string_view> out;
  split(line, sep, out);
  return out;
}

bool is_ws(char c) { return c == ' ' || c == '\t' || c == '\r'; }

// The first `max` whitespace-separated fields of `line` into f[0..); returns how many fields
// the line has in all (counted past `max`).
std::size_t split_ws(std::string_view line, std::string_view* f, std::size_t max) {
  std::size_t n = 0, i = 0;
  const std::size_t size = line.size();
  const char* p = line.data();
  while (i < size) {
    while (i < size && is_ws(p[i])) ++i;
    const std::size_t s = i;
    while (i < size && !is_ws(p[i])) ++i;
    if (i > s) {
      if (n < max) f[n] = std::string_view(p + s, i - s);
      ++n;
    }
  }
  return n;
}

std::vector<std::string_view> split_ws(std::string_view line) {
  std::vector<std::string_view> out(split_ws(line, nullptr, 0));
  split_ws(line, out.data(), out.size());
  return out;
}

// parse_double (the scenario codec's number rule: strtod over [0-9.eE+-], the whole field,
// finite), with a fast path for the fields logs are made of: [+-]digits[.digits] with at most
// 19 digits whose value is below 2^53 and at most 22 decimals. Such a number is an exact
// integer divided by an exact power of ten, and one IEEE division rounds it correctly — the
// same double strtod returns (Clinger's fast path); anything else goes to parse_double.
bool parse_field(std::string_view f, double& out) {
  static constexpr double kPow10[23] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
                                        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
  const char* p = f.data();
  const char* const end = p + f.size();
  bool neg = false;
  if (p < end && (*p == '-' || *p == '+')) neg = *p++ == '-';
  std::uint64_t m = 0;
  int digits = 0, decimals = 0;
  for (; p < end && unsigned(*p - '0') < 10; ++p, ++digits) m = m * 10 + unsigned(*p - '0');
  if (p < end && *p == '.')
    for (++p; p < end && unsigned(*p - '0') < 10; ++p, ++digits, ++decimals) m = m * 10 + unsigned(*p - '0');
  if (p != end || digits == 0 || digits > 19 || decimals > 22 || m > (std::uint64_t(1) << 53)) return parse_double(f, out);
  const double v = double(m) / kPow10[decimals];
  out = neg ? -v : v;
  return true;
}

// True when parse_field would accept `f` (for the SWF fields alloclab does not use, which
// must still be numbers): [+-]digits[.digits] of at most 64 characters without converting it,
// anything else through parse_double.
bool valid_field(std::string_view f) {
  const char* p = f.data();
  const char* const end = p + f.size();
  if (p < end && (*p == '-' || *p == '+')) ++p;
  const char* const first = p;
  while (p < end && unsigned(*p - '0') < 10) ++p;
  const char* dot = p;
  if (p < end && *p == '.')
    for (++p; p < end && unsigned(*p - '0') < 10;) ++p;
  const bool any_digit = dot > first || p > dot + 1;
  double unused;
  return (p == end && any_digit && f.size() <= 64) || parse_double(f, unused);
}

Error line_error(std::string_view source, long long line, const std::string& what) {
  return Error{"trace " + std::string(source) + " line " + std::to_string(line) + ": " + what};
}

// Sorts by arrival (stable); relative_to_first: arrivals then count from the first one (SWF).
void sort_by_arrival(Trace& t, bool relative_to_first) {
  const auto by_arrival = [](const TraceJob& a, const TraceJob& b) { return a.arrival < b.arrival; };
  if (!std::is_sorted(t.jobs.begin(), t.jobs.end(), by_arrival)) std::stable_sort(t.jobs.begin(), t.jobs.end(), by_arrival);
  if (relative_to_first && !t.jobs.empty()) {
    const double t0 = t.jobs.front().arrival;
    for (TraceJob& j : t.jobs) j.arrival -= t0;
  }
}

}  // namespace

Shape most_square_shape(long long n, int W, int H) {
  if (n < 1 || n > (long long)W * H) return {0, 0};
  const int lo = std::min(W, H), hi = std::max(W, H);
  for (long long a = (long long)std::sqrt(double(n)) + 1; a >= 1; --a) {
    if (a * a > n || n % a) continue;
    const long long b = n / a;  // a ≤ b
    if (a <= lo && b <= hi) return W >= H ? Shape{int(b), int(a)} : Shape{int(a), int(b)};
  }
  return {0, 0};
}

Result<Trace> parse_trace_csv(std::string_view text, std::string_view source, int W, int H, const TraceOptions& opt) {
  Trace t;
  t.jobs.reserve(std::min<std::size_t>(std::size_t(std::count(text.begin(), text.end(), '\n')) + 1, kMaxTraceJobs));
  int ci[6] = {-1, -1, -1, -1, -1, -1};  // arrival, width, height, runtime, estimate, depth
  bool header = false;
  std::string err;
  long long err_line = 0;
  std::vector<std::string_view> f;
  for_each_line(text, [&](std::string_view line, long long no) {
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line.empty() || line.front() == '#') return true;
    split(line, ',', f);
    if (!header) {
      static constexpr std::string_view names[6] = {"arrival", "width", "height", "runtime", "estimate", "depth"};
      for (std::size_t i = 0; i < f.size(); ++i)
        for (int k = 0; k < 6; ++k)
          if (f[i] == names[k]) ci[k] = int(i);
      for (int k = 0; k < 4; ++k)
        if (ci[k] < 0) {
          err = "header must name arrival,width,height,runtime (missing '" + std::string(names[k]) + "')";
          err_line = no;
          return false;
        }
      header = true;
      return true;
    }
    double v[6] = {0, 0, 0, 0, -1, 1};
    for (int k = 0; k < 6; ++k) {
      if (ci[k] < 0) continue;
      if (std::size_t(ci[k]) >= f.size() || !parse_field(f[std::size_t(ci[k])], v[k])) {
        err = "expected a number in column " + std::to_string(ci[k] + 1);
        err_line = no;
        return false;
      }
    }
    ++t.records;
    if (v[0] < 0 || v[3] <= 0 || v[1] < 1 || v[2] < 1 || v[5] < 1 || v[1] != std::floor(v[1]) || v[2] != std::floor(v[2]) ||
        v[5] != std::floor(v[5])) {
      ++t.skipped;
      ++t.skipped_invalid;
      return true;
    }
    if (v[1] > W || v[2] > H || v[5] > opt.depth) {
      ++t.skipped;
      ++t.skipped_too_large;
      return true;
    }
    if ((long long)t.jobs.size() >= kMaxTraceJobs) {
      err = "more than " + std::to_string(kMaxTraceJobs) + " jobs (the trace limit)";
      err_line = no;
      return false;
    }
    const double k = opt.time_scale;
    t.jobs.push_back(TraceJob{v[0] * k, Shape{int(v[1]), int(v[2]), int(v[5])}, v[3] * k, (v[4] > 0 ? v[4] : v[3]) * k});
    return true;
  });
  if (!err.empty()) return line_error(source, err_line, err);
  if (!header) return Error{"trace " + std::string(source) + ": empty file (expected a header line arrival,width,height,runtime)"};
  sort_by_arrival(t, false);
  return t;
}

Result<Trace> parse_trace_swf(std::string_view text, std::string_view source, int W, int H, const TraceOptions& opt) {
  Trace t;
  t.jobs.reserve(std::min<std::size_t>(std::size_t(std::count(text.begin(), text.end(), '\n')) + 1, kMaxTraceJobs));
  std::string err;
  long long err_line = 0;
  const int D = std::max(1, opt.depth);
  const long long nodes = (long long)W * H * D, per_node = std::max(1, opt.procs_per_node);
  // The request of a count of n nodes under the swf_shape rule; cached by n as counts appear.
  const auto rule = [&](long long n) {
    switch (opt.shape) {
      case SwfShape::Cube: return near_cube_shape(n, W, H, D);
      case SwfShape::Pow2: return pow2_shape(n, W, H, D);
      default: return exact_shape(n, W, H, D);
    }
  };
  std::vector<Shape> shapes;  // rule(n) by n ({-1,-1}: not yet)
  if (nodes <= (1 << 20)) shapes.assign(std::size_t(nodes) + 1, Shape{-1, -1});
  auto square = [&](long long n) {
    if (shapes.empty()) return rule(n);
    Shape& c = shapes[std::size_t(n)];
    if (c.w < 0) c = rule(n);
    return c;
  };
  std::string_view f[18];
  for_each_line(text, [&](std::string_view line, long long no) {
    const std::size_t nf = split_ws(line, f, 18);
    if (nf == 0 || f[0].front() == ';') return true;
    if (nf < 18) {
      err = "an SWF record has 18 fields, found " + std::to_string(nf);
      err_line = no;
      return false;
    }
    double v[18];  // fields used: 2 submit, 4 run time, 5 processors, 8 requested processors, 9 requested time, 11 status
    constexpr bool kUsed[18] = {false, true, false, true, true, false, false, true, true, false, true, false, false, false, false, false, false, false};
    for (int k = 0; k < 18; ++k)
      if (kUsed[k] ? !parse_field(f[std::size_t(k)], v[k]) : !valid_field(f[std::size_t(k)])) {
        err = "field " + std::to_string(k + 1) + " is not a number";
        err_line = no;
        return false;
      }
    ++t.records;
    const double submit = v[1], run = v[3], req_time = v[8], status = v[10];
    const double procs_d = v[4] > 0 ? v[4] : v[7];  // compared as a double: a huge count must not overflow a cast
    if (run <= 0 || procs_d < 1 || status == 5 || submit < 0 || procs_d > double(nodes * per_node)) {
      ++t.skipped;
      if (status == 5) ++t.skipped_cancelled;
      else if (run <= 0 || procs_d < 1 || submit < 0) ++t.skipped_invalid;
      else ++t.skipped_too_large;
      return true;
    }
    const long long procs = ((long long)procs_d + per_node - 1) / per_node;  // nodes; fractional counts round down first
    Shape s = opt.shape == SwfShape::Row && procs <= W ? Shape{int(procs), 1} : square(procs);
    if (s.w == 0) {
      ++t.reshaped;
      for (long long n = procs + 1; n <= nodes && s.w == 0; ++n) s = square(n);
    } else if (s.area() > procs) {
      ++t.reshaped;  // cube, pow2: the box holds more than the count
    }
    if ((long long)t.jobs.size() >= kMaxTraceJobs) {
      err = "more than " + std::to_string(kMaxTraceJobs) + " jobs (the trace limit)";
      err_line = no;
      return false;
    }
    const double k = opt.time_scale;
    t.jobs.push_back(TraceJob{submit * k, s, run * k, (req_time > 0 ? req_time : run) * k});
    return true;
  });
  if (!err.empty()) return line_error(source, err_line, err);
  sort_by_arrival(t, true);
  return t;
}

bool is_swf_path(std::string_view path) {
  if (path.size() >= 3 && (path.substr(path.size() - 3) == ".gz" || path.substr(path.size() - 3) == ".GZ")) path.remove_suffix(3);
  return path.size() >= 4 && (path.substr(path.size() - 4) == ".swf" || path.substr(path.size() - 4) == ".SWF");
}

Result<Trace> parse_trace(std::string_view text, std::string_view path, int W, int H, const TraceOptions& opt) {
  if (text.size() > kMaxTraceBytes) return Error{"trace " + std::string(path) + ": larger than 512 MiB (the trace limit)"};
  return is_swf_path(path) ? parse_trace_swf(text, path, W, H, opt) : parse_trace_csv(text, path, W, H, opt);
}

Result<Shape> swf_header_machine(std::string_view text, std::string_view source) {
  long long procs = -1, nodes = -1;
  for_each_line(text, [&](std::string_view line, long long) {
    std::size_t i = 0;
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
    if (i >= line.size()) return true;
    if (line[i] != ';') return false;  // the header ends at the first record
    line.remove_prefix(i + 1);
    const auto c = line.find(':');
    if (c == std::string_view::npos) return true;
    auto f = split(line.substr(0, c), ' ');
    std::string_view name = f.empty() ? std::string_view() : f.back();
    auto v = split_ws(line.substr(c + 1));
    long long n;
    if (v.empty() || !parse_int64(v[0], n)) return true;
    if (name == "MaxProcs") procs = n;
    else if (name == "MaxNodes") nodes = n;
    return true;
  });
  const long long n = procs > 0 ? procs : nodes;
  if (n <= 0) return Error{"trace " + std::string(source) + ": swf_size=header needs a '; MaxProcs: N' or '; MaxNodes: N' header line"};
  const Shape s = most_square_shape(n, 1024, 1024);
  if (s.w == 0) return Error{"trace " + std::string(source) + ": swf_size=header: " + std::to_string(n) + " processors have no W x H factorisation with sides <= 1024"};
  return s;
}

}  // namespace alloclab
