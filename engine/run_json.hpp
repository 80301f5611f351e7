// run_json.hpp — the text of one `alloclab run` result, shared by the CLI and the web page so
// both print byte-identical "scenario" and "results" (docs/guide/cli.md, docs/guide/page.md).
#pragma once
#include <string>
#include "metrics/results.hpp"
#include "scenario/scenario.hpp"

namespace alloclab {

// Measured cost of a run; reported under "timing" only (never part of the deterministic text).
struct RunTiming {
  double wall_seconds = 0;
  double cpu_seconds = 0;
};

// {"scenario": "<canonical link>", "results": {...}, "timing": {...}} without a trailing newline.
std::string run_json(const Scenario& s, const Report& r, const RunTiming& t);

// `alloclab run` and window.alloclab.runJson(link): every replication of a validated scenario
// (run_scenario), timed (wall and CPU seconds), as run_json text; or the engine's error.
Result<std::string> run_json_timed(const Scenario& s);

}  // namespace alloclab
