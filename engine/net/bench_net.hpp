// bench_net.hpp — throughput benchmark of the wormhole network (`alloclab bench net`).
#pragma once
#include <string>

namespace alloclab {

// All-to-all (every node s sends one packet to s+1, s+2, …, all queued at cycle 0) on a
// 16×16 mesh and torus and an 8×8×4 mesh and torus (3D, the same 256 nodes) with 8-flit packets, 1-flit buffers, routing delay 3; runs each
// until drained and returns one text line per case with flit-hops simulated per second.
// `repeat` runs each case that many times; the fastest run is reported (wall and CPU time).
std::string bench_net(int repeat = 3);

}  // namespace alloclab
