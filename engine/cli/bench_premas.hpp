// bench_premas.hpp — `alloclab bench premas`: whole-run speed on the PReMAS trace shape.
#pragma once
#include "layer.hpp"
#include <iosfwd>
#include <string>
#include <vector>

namespace alloclab {

// Simulates, for each of ff, as, mbs and random, the workload of the PReMAS comparison trace
// generated synthetically (16×16 mesh, FCFS, sides U[1,16], exponential service mean 1000,
// exponential inter-arrival mean 500, 100,000 jobs by default) `repeats` times, strategies
// interleaved, and prints the best and median jobs/s of each plus a hash of its results (equal
// hashes = equal results). Words: jobs=N, repeats=R, strategy=a,b,... Returns the exit status.
int bench_premas(const std::vector<std::string>& words, std::ostream& out, std::ostream& err);

}  // namespace alloclab
