// bench_trace.cpp — `alloclab bench trace` (see bench_trace.hpp). The generated texts: N jobs
// drawn from a fixed seed, arrivals increasing by up to 100 s with two decimals, sides 1..32,
// run times up to 10^4 s with two decimals and estimates at or above them; CSV with the
// header arrival,width,height,runtime,estimate (about 25 bytes a line), SWF with 18 fields a
// line laid out like the archive's logs (about 100 bytes). Times are the best of R parses in
// thread CPU time (cpu_clock.hpp: a shared machine's load does not count); MB = 10^6 bytes.
#include "bench_trace.hpp"
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <ostream>
#include "../core/rng.hpp"
#include "../workload/specs.hpp"
#include "../workload/trace.hpp"
#include "cli.hpp"
#include "cpu_clock.hpp"

namespace alloclab {

namespace {

std::uint64_t trace_hash(const Trace& t) {
  std::uint64_t h = 1469598103934665603ull;
  auto mix = [&h](const void* p, std::size_t n) {
    const unsigned char* b = static_cast<const unsigned char*>(p);
    for (std::size_t i = 0; i < n; ++i) h = (h ^ b[i]) * 1099511628211ull;
  };
  for (const TraceJob& j : t.jobs) {
    mix(&j.arrival, sizeof j.arrival);
    mix(&j.shape.w, sizeof j.shape.w);
    mix(&j.shape.h, sizeof j.shape.h);
    mix(&j.runtime, sizeof j.runtime);
    mix(&j.estimate, sizeof j.estimate);
  }
  mix(&t.records, sizeof t.records);
  mix(&t.skipped, sizeof t.skipped);
  return h;
}

// The best of `repeats` parses of `text` as `name` on a W×H machine; prints one line.
bool time_parse(std::ostream& out, std::ostream& err, const char* label, const std::string& text, const std::string& name, int W,
                int H, long long repeats, double extra_s = 0) {
  double best = 1e300;
  std::uint64_t h = 0;
  std::size_t jobs = 0;
  for (long long r = 0; r < repeats; ++r) {
    const double t0 = cpu_now_us();
    auto t = parse_trace(text, name, W, H);
    const double dt = (cpu_now_us() - t0) * 1e-6;
    if (!t) { err << "alloclab: bench trace: " << t.error().message << "\n"; return false; }
    best = std::min(best, dt);
    h = trace_hash(*t);
    jobs = t->jobs.size();
  }
  char line[320];
  std::snprintf(line, sizeof line, "  %-28s %9.2f MB in %8.2f ms: %8.1f MB/s (%zu jobs%s); trace hash %016llx\n", label,
                double(text.size()) / 1e6, best * 1e3, double(text.size()) / 1e6 / best, jobs, extra_s > 0 ? ", parse only" : "",
                (unsigned long long)h);
  out << line;
  if (extra_s > 0) {
    std::snprintf(line, sizeof line, "  %-28s %9s    in %8.2f ms (read + inflate + parse)\n", "", "", (extra_s + best) * 1e3);
    out << line;
  }
  return true;
}

}  // namespace

int bench_trace(const std::vector<std::string>& words, std::ostream& out, std::ostream& err) {
  long long jobs = 100000, repeats = 5;
  std::string file;
  for (const std::string& w : words) {
    if (w.rfind("jobs=", 0) == 0 && parse_int64(w.substr(5), jobs) && jobs >= 1 && jobs <= 5000000) continue;
    if (w.rfind("repeats=", 0) == 0 && parse_int64(w.substr(8), repeats) && repeats >= 1 && repeats <= 100) continue;
    if (w.rfind("file=", 0) == 0 && w.size() > 5) { file = w.substr(5); continue; }
    err << "alloclab: bench trace: '" << w.substr(0, 64)
        << "' is not valid; allowed: jobs=N (1..5000000), repeats=R (1..100), file=PATH\n";
    return 2;
  }
  Rng rng(1);
  std::string csv = "arrival,width,height,runtime,estimate\n", swf = "; MaxProcs: 1024\n";
  csv.reserve(std::size_t(jobs) * 32);
  swf.reserve(std::size_t(jobs) * 96);
  double t = 0;
  char line[256];
  for (long long i = 0; i < jobs; ++i) {
    t += double(rng.next_u64() % 10000) / 100;
    const int w = int(rng.next_u64() % 32) + 1, h = int(rng.next_u64() % 32) + 1;
    const double run = double(rng.next_u64() % 1000000 + 1) / 100;
    const double est = run + double(rng.next_u64() % 100000) / 100;
    std::snprintf(line, sizeof line, "%.2f,%d,%d,%.2f,%.2f\n", t, w, h, run, est);
    csv += line;
    std::snprintf(line, sizeof line, "%6lld %10.0f %6d %8.2f %5d %8.2f %5d %5d %8.0f %5d %2d %4d %3d %3d %3d %2d %3d %3d\n", i + 1, t,
                  int(rng.next_u64() % 5000), run, w * h, run * 0.9, -1, w * h, est, -1, 1, int(i % 97), 1, 1, int(i % 34), 2, -1, -1);
    swf += line;
  }
  out << "bench trace: parse speed, best of " << repeats << " (" << jobs << " generated jobs)\n";
  if (!time_parse(out, err, "csv (generated)", csv, "bench.csv", 32, 32, repeats)) return 2;
  if (!time_parse(out, err, "swf (generated)", swf, "bench.swf", 32, 32, repeats)) return 2;
  if (!file.empty()) {
    const double t0 = cpu_now_us();
    auto text = read_trace_file(file);
    const double read_s = (cpu_now_us() - t0) * 1e-6;
    if (!text) { err << "alloclab: bench trace: " << text.error().message << "\n"; return 2; }
    if (!time_parse(out, err, file.size() > 28 ? file.substr(file.size() - 28).c_str() : file.c_str(), *text, file, 1024, 1024,
                    repeats, read_s))
      return 2;
  }
  return 0;
}

}  // namespace alloclab
