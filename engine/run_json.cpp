// run_json.cpp — assembles the `alloclab run` JSON object (see run_json.hpp).
#include "run_json.hpp"
#include <chrono>
#include <ctime>
#include "core/text.hpp"
#include "sweep/sweep_runner.hpp"
#include "workload/specs.hpp"

namespace alloclab {

std::string run_json(const Scenario& s, const Report& r, const RunTiming& t) {
  const double jobs_total = double(s.total_jobs()) * s.replications;
  // appended piecewise (a chain of operator+ trips GCC 12's false -Wrestrict warning)
  std::string o = "{\"scenario\": ";
  o += json_string(canonical_link(s));
  o += ", \"results\": ";
  o += results_json(r);
  o += ", \"timing\": {\"wall_seconds\": ";
  o += format_number(t.wall_seconds);
  o += ", \"cpu_seconds\": ";
  o += format_number(t.cpu_seconds);
  o += ", \"jobs_per_second\": ";
  o += format_number(t.wall_seconds > 0 ? jobs_total / t.wall_seconds : 0);
  o += ", \"total_allocation_time\": ";
  o += format_number(r.allocation_seconds);
  o += "}}";
  return o;
}

Result<std::string> run_json_timed(const Scenario& s) {
  const auto w0 = std::chrono::steady_clock::now();
  const std::clock_t c0 = std::clock();
  auto rep = run_scenario(s);
  if (!rep) return rep.error();
  RunTiming t;
  t.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - w0).count();
  t.cpu_seconds = double(std::clock() - c0) / CLOCKS_PER_SEC;
  return run_json(s, *rep, t);
}

}  // namespace alloclab
