// bench_alloc.hpp — `alloclab bench alloc`: allocation decision times per strategy.
#pragma once
#include "layer.hpp"
#include <iosfwd>

namespace alloclab {

// Prints p50/p99 decision time per registered mesh strategy on 64×64 and 256×256 meshes at 50%
// and 80% occupancy, beside a naive O(W·H·p·q) reference scan. `quick` uses fewer samples.
void bench_alloc(std::ostream& out, bool quick);

}  // namespace alloclab
