// bench_shards.hpp — `alloclab bench shards`: load balance of a sharded sweep on one machine.
#pragma once
#include "layer.hpp"
#include <iosfwd>
#include <string>
#include <vector>

namespace alloclab {

// Runs each of N shards of a sweep in turn (the sweep's words, or --preset NAME, plus
// shards=N, default 16) and prints every shard's time and max/mean, for the shards by
// (point, replication) that `alloclab sweep --shard` uses and, for comparison, by whole points.
// Returns the exit status.
int bench_shards(const std::vector<std::string>& words, std::ostream& out, std::ostream& err);

}  // namespace alloclab
