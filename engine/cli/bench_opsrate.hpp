// bench_opsrate.hpp — `alloclab bench opsrate`: counted operations against CPU time per decision.
#pragma once
#include "layer.hpp"
#include <iosfwd>
#include <string>
#include <vector>

namespace alloclab {

// Per strategy: counted operations per decision, CPU µs per decision and ops per µs on the same
// busy states and requests, then the spread (max / min of ops per µs). Arguments: [quick]
// [min_ms=MS] [strategy=ID,ID...]. Returns the exit status.
int bench_opsrate(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace alloclab
