// base_passes.hpp — the word passes that the 2D free-base query (free_bases_of, occupancy.cpp)
// and the 3D free-box query's own layer code (boxes.cpp) share, so that both count the same work.
#pragma once
#include <cstdint>
#include "occupancy.hpp"

namespace alloclab {

// The vertical half of free_bases_of on a mesh, in place on its horizontal result `o` (H rows of
// n words; q >= 2): row y becomes the AND of rows y .. y+q-1 (0 where they pass the top), in
// doubling passes that stop once one leaves nothing; adds each pass's words to `ops`.
void mesh_vertical_passes(std::uint64_t* o, int H, int n, int q, Ops& ops);

}  // namespace alloclab
