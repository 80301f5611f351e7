// sweep.hpp — `alloclab sweep` (every combination of listed key values, R replications each,
// CSV of means and 95% half-widths) and `alloclab merge` (shard outputs → one CSV).
#pragma once
#include "layer.hpp"
#include <iosfwd>
#include <string>
#include <vector>

namespace alloclab {

int cmd_sweep(const std::vector<std::string>& words, std::ostream& out, std::ostream& err);
int cmd_merge(const std::vector<std::string>& words, std::ostream& out, std::ostream& err);

}  // namespace alloclab
