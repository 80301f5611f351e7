// bench_blind.hpp — `alloclab bench blind`: how often a contiguous strategy fails to place a job
// although a free block of the job's shape exists (its blind spots).
#pragma once
#include "layer.hpp"
#include <iosfwd>
#include <string>
#include <vector>

namespace alloclab {

// For every contiguous 2D strategy (or strategy=IDS): a churn of decisions on a mesh (or the
// strategy's torus) and, for each failed decision, whether a free block of the requested shape
// (requested orientation; either orientation) was there. Arguments: [csv] [strategy=IDS]
// [size=WxH] [job_size=SPEC] [occupancy=F] [decisions=N] (bench_blind.cpp). Returns the exit status.
int bench_blind(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace alloclab
