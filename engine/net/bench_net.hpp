// bench_net.hpp — throughput benchmark of the wormhole network (`alloclab bench net`).
#pragma once
#include <string>

namespace alloclab {

// All-to-all (every node s sends one packet to s+1, s+2, …) on a 16×16 mesh and torus and an
// 8×8×4 mesh and torus (3D, the same 256 nodes) with 8-flit packets, 1-flit buffers, routing
// delay 3, sent two ways: all queued at cycle 0 and drained, and in 255 drained waves (one shift
// at a time). Returns one text line per case with flit-hops simulated per second, then the 3D
// rates against the 2D ones per flit-hop and per switch move, with the share an equal cost per
// move would give. `repeat` runs each case that many times; the fastest run is reported (wall
// and CPU time).
std::string bench_net(int repeat = 3);

}  // namespace alloclab
