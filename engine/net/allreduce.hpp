// allreduce.hpp — collective traffic on the flit network: bidirectional ring all-reduce of S bytes
// per job, along one dimension (pattern allreduce-ring) or dimension by dimension (allreduce-2d:
// x, y, and z on a cube pod), in steps: a chip sends its next chunk when it has received the
// previous one (docs/model/pods.md, "Collective traffic").
//
// The job's chips are its logical a×b(×c) grid (patterns.hpp: logical_nodes; on a 2D pod a slice
// is one block of exactly its shape, chip (x, y) on pod chip (x0+x, y0+y); on a cube pod chip
// (x, y, z) of the slice is node (x, y, z) of the slice's own network, slice_net.hpp). A ring is
// a line of the grid along x, y or z; each ring runs two streams, + (chip i sends to i+1, the
// last to the first) and − (i to i−1), each carrying half the data (bidirectional ring).
//   allreduce-ring: one all-reduce of S bytes in the rings along the grid's longest side (the
//     earlier dimension on a tie; every such ring reduces its own S bytes): reduce-scatter then
//     all-gather, 2(N−1) steps per stream, each message S/(2N) bytes.
//   allreduce-2d: reduce-scatter along x (a−1 steps of S/(2a) bytes), along y on the x-reduced
//     shard (b−1 steps of S/(2ab)), along z on the xy-reduced one (c−1 of S/(2abc)), then
//     all-gather along z, y and x (the same messages in reverse).
// A dimension of one chip has no steps. A message of m bytes is ⌈m / (flit_bytes · packet_flits)⌉
// packets (at least one); a stream's step s+1 message enters the network (the chip's source queue)
// in the cycle the last packet of its step-s message from its predecessor is delivered (a step
// starts when its receive is done), so streams of different chips and directions interleave.
//
// Which links a message uses is the network's routing (routing.hpp). On a 2D pod (shortest-way
// dimension order on the pod's torus) this gives each slice exactly the links the TPU docs give
// it: a wrap link only along an axis the slice spans (16 chips), since between two chips of an
// aligned slice narrower than the pod the direct way is never longer than the wrapped one (side
// ≤ 8 of 16), so a ring's closing message travels back across the slice. On a cube pod the
// slice's own network has exactly its links (slice_net.hpp). The collective patterns run on pod
// machines only.
//
// Ideal time of an all-reduce (bandwidth only; flit_bytes bytes per cycle per link direction, so
// a bidirectional ring moves 2·flit_bytes per cycle): 2(N−1)/N · S / (2·flit_bytes) cycles for a
// ring of N chips (allreduce-ring), and for allreduce-2d the x term plus 2(b−1)/b · (S/a) /
// (2·flit_bytes) plus 2(c−1)/c · (S/ab) / (2·flit_bytes).
#pragma once
#include <cstdint>
#include <map>
#include <vector>
#include "../core/geometry.hpp"
#include "network.hpp"
#include "patterns.hpp"

namespace alloclab {

// The steps of one stream of one all-reduce (every stream of the job has the same list).
struct AllreducePlan {
  Shape grid;                      // the logical a×b(×c) grid
  std::vector<std::uint8_t> dim;   // per step: 0 = x ring, 1 = y ring, 2 = z ring
  std::vector<int> packets;        // per step: packets per message
  double ideal = 0;                // cycles (see the header)
  int steps() const { return int(dim.size()); }
};

// The plan of a `kind` all-reduce of `bytes` bytes on an a×b(×c) grid, messages in packets of
// packet_flits flits of flit_bytes bytes.
AllreducePlan allreduce_plan(CollectiveKind kind, Shape grid, long long bytes, int flit_bytes, int packet_flits);

// One all-reduce in progress on a network: its streams, which step each is receiving, and the
// packets in flight (packet id -> the stream that receives it).
class AllreduceRun {
 public:
  // Starts it: every stream's step-0 message enters `net` tagged `tag`. `nodes`: the job's chips
  // in logical order (grid.w·grid.h of them).
  AllreduceRun(AllreducePlan plan, std::vector<int> nodes, std::int32_t tag, Network& net);
  // Packets the whole all-reduce delivers.
  long long packets() const { return total_; }
  // A packet of this run was delivered: the receiving stream's next message enters `net` when
  // its step is complete. True when the run is complete (every stream received every step).
  bool delivered(const Delivered& d, Network& net);
  bool done() const { return left_ == 0; }

 private:
  void send(int chip, int dir, int step, Network& net);
  int neighbour(int chip, int dim, int dir) const;

  AllreducePlan plan_;  // a copy: a run is a value (a Simulation copy continues on its own)
  std::vector<int> nodes_;
  std::int32_t tag_;
  std::vector<int> step_, got_;               // per stream (chip·2 + dir): step being received, its packets so far
  std::map<std::uint64_t, int> in_flight_;    // packet -> receiving stream
  long long total_ = 0, left_ = 0;
};

// Cycles the all-reduce takes alone on an idle network of topology t and config cfg (from the
// first message to the last delivery).
std::int64_t allreduce_alone(const AllreducePlan& plan, const std::vector<int>& nodes, const Topology& t, const NetConfig& cfg);

}  // namespace alloclab
