// bench_ops.hpp — `alloclab bench ops`: counted operations per decision vs machine size.
#pragma once
#include "layer.hpp"
#include <iosfwd>
#include <string>
#include <vector>
#include "../core/geometry.hpp"
#include "../core/rng.hpp"

namespace alloclab {

class Occupancy;

// The benches' busy state: submeshes with sides U[1,4] assigned (as jobs 0, 1, ...) at random
// bases of `occ` until `target` of its nodes are busy or random placement stops finding room.
// Returns the blocks in assignment order.
std::vector<Block> fill_busy_submeshes(Occupancy& occ, double target, Rng& rng);

// The benches' `strategy=ID,ID...` value: appends its ids to `only`; false if one is unknown
// (alloclab list) or none is given.
bool parse_strategy_ids(const std::string& list, std::vector<std::string>& only);

// Mean / max counted operations per allocation decision (alloc/strategy.hpp) for every
// strategy, on square machines of side 16..max_side at three occupancies, with the fitted
// log-log growth exponent per strategy. `csv`: one row per (strategy, occupancy, side) instead
// of the table. Arguments: [csv] [max=SIDE] [strategy=ID,ID...]. Returns the exit status.
int bench_ops(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace alloclab
