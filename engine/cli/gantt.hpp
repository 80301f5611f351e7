// gantt.hpp — `alloclab gantt`: the schedule of a run's measured window as an SVG Gantt chart
// (time × jobs), written as plain text like `alloclab plot`.
//
// One row per measured job, in arrival (id) order, top to bottom; the row's height is
// proportional to the nodes the job requested. A bar from start to end in the job's colour (the
// mesh view's, core/colour.hpp) and a thin line from arrival to start (its wait). Every number is
// printed with fixed precision, so the SVG is a pure function of the run (same natively and in
// wasm).
#pragma once
#include <iosfwd>
#include <string>
#include <vector>
#include "../core/error.hpp"
#include "../simulation.hpp"
#include "layer.hpp"

namespace alloclab {

inline constexpr std::size_t kGanttMaxJobs = 5000;  // rows drawn at most (bigger runs: an error)

// The SVG of `jobs` (measured jobs, any order; at most kGanttMaxJobs) under `title`.
Result<std::string> gantt_svg(const std::vector<JobRecord>& jobs, const std::string& title, int machine_nodes);

}  // namespace alloclab
