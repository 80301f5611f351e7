// busy.hpp — the `alloclab place` busy-list parser ("x1,y1,x2,y2;...", 3D "x1,y1,z1,x2,y2,z2;..."), on its own so the
// fuzzer (tests/fuzz/fuzz_busy.cpp) and the tests can reach it; cli.cpp is its only user.
#pragma once
#include "layer.hpp"
#include <string_view>
#include <vector>
#include "../core/error.hpp"
#include "../core/geometry.hpp"
#include "../topology/topology.hpp"

namespace alloclab {

// busy="x1,y1,x2,y2;..." (inclusive corners; on a torus x1 > x2 or y1 > y2 wraps) → blocks,
// each inside `t` (Topology::block_fits); on a 3D machine (depth > 1) "x1,y1,z1,x2,y2,z2;...",
// boxes. Empty parts are ignored. Overlaps are not checked.
Result<std::vector<Block>> parse_busy(std::string_view text, const Topology& t);

}  // namespace alloclab
