// bench_alloc.hpp — `alloclab bench alloc`: allocation decision times per strategy.
#pragma once
#include "layer.hpp"
#include <iosfwd>
#include <string>
#include <vector>

namespace alloclab {

// Prints p50/p99 decision time per registered mesh strategy on 64×64 and 256×256 meshes at 50%
// and 80% occupancy, beside a naive O(W·H·p·q) reference scan. Arguments: `quick` (fewer
// samples), `strategy=IDS`, `cell=LxL-P`, `repeats=R` (bench_alloc.cpp). Returns the exit status
// (2 with a message on `err` for a bad argument).
int bench_alloc(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
// The same for the strategies defined in 3D, on 16×16×16 and 32×32×32 meshes at 50% and 80%
// occupancy (`bench alloc3d`; same arguments, cells 16x16x16-50 ... 32x32x32-80).
int bench_alloc3d(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace alloclab
