// bench_sweep.hpp — `alloclab bench sweep`: times one fixed small sweep end to end (the
// experiment path: sweep parsing, replications, aggregation, CSV) and reports jobs/s.
#pragma once
#include "layer.hpp"
#include <iosfwd>

namespace alloclab {

// Runs the fixed sweep and prints wall time, jobs/s and a hash of the CSV (equal hashes =
// equal results, so a speed-up can be checked for changed output at a glance).
int bench_sweep(std::ostream& out, std::ostream& err);

}  // namespace alloclab
