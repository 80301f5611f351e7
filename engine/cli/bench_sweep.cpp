// bench_sweep.cpp — `alloclab bench sweep`: 3 strategies (ff, bf, pald-ff) × 4 loads × 3
// replications on a 16×16 mesh, 1000 jobs per replication (36 runs, 36000 measured jobs),
// through cmd_sweep exactly as `alloclab sweep` runs it. The set-up is fixed so numbers from
// different commits compare; the CSV hash (FNV-1a 64) shows whether results changed.
#include "bench_sweep.hpp"
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <ostream>
#include <sstream>
#include <string>
#include <vector>
#include "sweep.hpp"

namespace alloclab {

int bench_sweep(std::ostream& out, std::ostream& err) {
  const std::vector<std::string> words = {"sweep", "size=16x16", "strategy=ff,bf,pald-ff", "arrival=poisson:0.01,0.02,0.03,0.04",
                                          "service=exponential:100", "jobs=1000", "replications=3"};
  const long long runs = 3 * 4 * 3, jobs = runs * 1000;
  std::ostringstream csv, progress;
  const auto t0 = std::chrono::steady_clock::now();
  const int code = cmd_sweep(std::vector<std::string>(words.begin() + 1, words.end()), csv, progress);
  const double dt = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (code != 0) {
    err << progress.str();
    return code;
  }
  std::uint64_t h = 1469598103934665603ull;
  for (unsigned char c : csv.str()) h = (h ^ c) * 1099511628211ull;
  std::string cmd;
  for (const auto& w : words) cmd += (cmd.empty() ? "" : " ") + w;
  char line[256];
  out << "bench sweep: alloclab " << cmd << "\n";
  std::snprintf(line, sizeof line, "  %lld runs, %lld measured jobs in %.3f s: %.0f jobs/s (%.1f ms per run); CSV hash %016llx\n", runs,
                jobs, dt, double(jobs) / dt, dt * 1000 / double(runs), (unsigned long long)h);
  out << line;
  return 0;
}

}  // namespace alloclab
