// bench_ops.hpp — `alloclab bench ops`: counted operations per decision vs machine size.
#pragma once
#include "layer.hpp"
#include <iosfwd>
#include <string>
#include <vector>

namespace alloclab {

// Mean / max counted operations per allocation decision (alloc/strategy.hpp) for every
// strategy, on square machines of side 16..max_side at three occupancies, with the fitted
// log-log growth exponent per strategy. `csv`: one row per (strategy, occupancy, side) instead
// of the table. Arguments: [csv] [max=SIDE] [strategy=ID,ID...]. Returns the exit status.
int bench_ops(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace alloclab
