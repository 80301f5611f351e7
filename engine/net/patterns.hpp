// patterns.hpp — communication patterns of running jobs (key `pattern`), Bani-Ahmad 2013 and Al Shdefat 2019.
//
// A job requesting a×b×c (c = 1 on a 2D machine) runs a·b·c processes on a logical a×b×c
// grid; process i sits at logical (i mod a, (i div a) mod b, i div ab). The mapping of
// processes to the allocated nodes (logical_nodes) lays the grid along a block in one of six
// orientations: logical x, y, z along the block's x, y, z (as requested), or along y, x, z (the
// 2D rotation), or x, z, y; z, y, x; y, z, x; z, x, y — tried in that order:
//   * one block that holds the grid in some orientation (the first that does): process
//     (x, y, z) on the node at offsets (x, y, z) along the block's axes so laid, e.g. upright
//     (w ≥ a, h ≥ b) process (x, y) on node (x0+x, y0+y), rotated (w ≥ b, h ≥ a) on
//     (x0+y, y0+x). Either way every near-neighbour message travels exactly one hop, whatever
//     the block's orientation, and over-allocated nodes (e.g. a buddy block) idle;
//   * otherwise (non-contiguous, or a single block of another shape): the blocks in allocation
//     order, each laid along the request — in the first orientation under which there is no
//     pair of axes where the request is strictly longer along one and the block strictly
//     shorter — and its nodes listed logical x fastest, then y, then z, go to processes 0, 1,
//     2, …; nodes past a·b·c take no part. In 2D: each block's nodes in its own row order
//     (bottom row first, x ascending), or column order when the block is oriented against the
//     request (taller than wide for a wider-than-tall request, or the reverse). So a logical
//     row runs along a block's longer side and a block shaped like the request holds whole
//     logical rows.
// - one-to-all: one processor, chosen uniformly with the pattern stream, sends to all others.
// - all-to-all: every processor sends to every other (logical order, sender-major).
// - near-neighbor: every processor sends to its left, right, down and up neighbours in the
//   logical grid (no wrap), then in 3D to its front (z − 1) and back (z + 1) ones, in that order.
// - random: every processor sends to one other chosen uniformly.
// One message = one packet of packet_flits flits.
//
// The patterns are rows of one table (patterns()), the key's choices and `alloclab list` read
// it; adding a pattern is one function in patterns.cpp and one row.
#pragma once
#include <span>
#include <string_view>
#include <utility>
#include <vector>
#include "../core/geometry.hpp"
#include "../core/rng.hpp"
#include "../topology/topology.hpp"

namespace alloclab {

// Appends the (source, destination) node pairs of one iteration to `out`; `nodes` are the job's
// nodes in logical order (at least 2), `request` its logical grid.
using PatternFn = void (*)(const std::vector<int>& nodes, Shape request, Rng& rng, std::vector<std::pair<int, int>>& out);

// A collective pattern: one all-reduce per iteration, sent step by step (allreduce.hpp).
enum class CollectiveKind : std::uint8_t { None, Ring, Dimensionwise };

struct PatternInfo {
  std::string_view id;
  PatternFn messages;  // nullptr: no message list (pattern none, or a collective)
  std::string_view help;
  // Packets that may be queued at once per machine node when jobs have up to n processors on a
  // machine of `dims` dimensions (the memory estimate, scenario.hpp; a collective: messages, each
  // of its packets per message).
  long long (*queued_per_node)(long long n, int dims);
  CollectiveKind collective = CollectiveKind::None;  // allreduce.hpp; runs on pod machines only
  bool network() const { return messages != nullptr || collective != CollectiveKind::None; }
};

// The table, in the order `alloclab list` and the UI show it; "none" first.
std::span<const PatternInfo> patterns();
const PatternInfo* find_pattern(std::string_view id);

// The job's nodes (ids) in logical order.
std::vector<int> logical_nodes(const Topology& t, const Allocation& a, Shape request);

// Appends the (source, destination) node pairs of one iteration of pattern p (none: nothing).
void pattern_messages(const PatternInfo& p, const std::vector<int>& nodes, Shape request, Rng& rng,
                      std::vector<std::pair<int, int>>& out);

}  // namespace alloclab
