// patterns.hpp — communication patterns of running jobs (key `pattern`), seeds 002/003.
//
// A job's processors are put in a fixed logical order: its allocation's blocks in order, each
// block row by row from the bottom, x ascending (Topology::for_each_node). Logical processor i
// of a job requesting a×b sits at (i mod a, i div a) of the job's logical a×b grid; nodes past
// a·b (over-allocation, e.g. 2D buddy) take no part.
// - one-to-all: one processor, chosen uniformly with the pattern stream, sends to all others.
// - all-to-all: every processor sends to every other (logical order, sender-major).
// - near-neighbor: every processor sends to its left, right, down and up neighbours in the
//   logical grid (no wrap), in that order.
// - random: every processor sends to one other chosen uniformly.
// One message = one packet of packet_flits flits.
#pragma once
#include <string_view>
#include <utility>
#include <vector>
#include "../core/geometry.hpp"
#include "../core/rng.hpp"
#include "../topology/topology.hpp"

namespace alloclab {

enum class Pattern { None, OneToAll, AllToAll, NearNeighbor, Random };

Pattern pattern_from_id(std::string_view id);  // "none", "one-to-all", ... (validated elsewhere)

// The job's nodes (ids) in logical order.
std::vector<int> logical_nodes(const Topology& t, const Allocation& a, Shape request);

// Appends the (source, destination) node pairs of one iteration of the pattern.
void pattern_messages(Pattern p, const std::vector<int>& nodes, Shape request, Rng& rng,
                      std::vector<std::pair<int, int>>& out);

}  // namespace alloclab
