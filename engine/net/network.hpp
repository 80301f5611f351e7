// network.hpp — a cycle-accurate flit-level wormhole network for the mesh and the torus.
//
// Sections, in order (after the model's description below):
//   results             NetConfig, Delivered, ChannelUse, LinkState, NetStats
//   the network         Network's public interface: inject, step, skip_to, take_delivered
//   const views         what the UI and tests read (links, buffers, channels of a job, audit)
//   step structures     Flit, InVc, OutVc, Packet, channel events, the Router decision line
//   step functions      wake-ups and the hot path's declarations (defined in network.cpp)
//   state               wiring, VC and router state, source queues, packets, event lists
//
// What it models (the ProcSimity set-up of Bani-Ahmad 2013 and Al Shdefat 2019, with BookSim2's structure):
//   * One router per node, a link to each neighbour in each direction — ±x, ±y on a 2D machine,
//     and ±z on a 3D one: 4 or 6 link ports, routing.hpp — (wrap links on a torus),
//     plus an injection port (fed by an unbounded per-node source queue) and an ejection port.
//     On a torus side of 1 the "neighbour" is the node itself: no link (routing never needs it).
//     On a side of 2 the +x and -x links to the same neighbour are two separate channels.
//   * Packets of `packet_flits` flits (head … tail); wormhole switching: a packet holds an output
//     virtual channel from its head to its tail. Each input VC buffers `buffer_flits` flits.
//   * One flit per cycle per link direction; a link takes 1 cycle. Credit-based flow control,
//     two variants (key `flow_control`):
//       refill (default, ProcSimity's rule, which Bani-Ahmad 2013 and Al Shdefat 2019 use): a buffer slot may be
//         refilled in the cycle it empties. A flit leaving an input buffer returns its credit
//         upstream within the same cycle, so a 1-flit buffer streams one flit per cycle per link
//         while the downstream drains, and a blocked worm still holds one flit per buffer.
//       credit: the credit travels back on a reverse channel of 1 cycle (BookSim2's default), so
//         a buffer of B flits sustains B flits per 2 cycles: B = 1 halves a link's bandwidth.
//     Same-cycle credits keep the step's order independence by rounds: round 1 evaluates the
//     due routers from the state at the start of the cycle; the credits its moves free are
//     applied together after it, and the routers that can now use them (on an input and an
//     output port not used yet this cycle) form round 2, and so on until no credit is freed.
//     Within a round no router reads another's state, so the visiting order does not matter.
//     On a mesh (one VC per port) this is exactly simultaneous arbitration with same-cycle
//     refill; on a torus a VC whose credit came in a later round may find its port taken by
//     the other VC's flit in an earlier round (it goes the next cycle).
//   * A head flit spends `routing_delay` cycles at each router (also at the source and at the
//     destination, for the ejection decision) before it may claim an output VC; body flits are
//     forwarded as soon as they are at the front of their buffer and a credit is available.
//   * Routing: a row of the routing table (NetConfig::routing; by default XY dimension order on
//     the mesh, 1 VC, and shortest-way dimension order with dateline VCs on the torus, 2 VCs):
//     see routing.hpp. A head's route at a router is chosen when it reaches the front of its
//     input buffer; an adaptive function sees which of the router's output ports are free then.
//   * Allocation per router and cycle: separable, input first. Each input port offers one of its
//     VCs (round robin from the VC after the last winner), each output port grants one input port
//     (round robin from the port after the last winner). A head claims its output VC only in the
//     cycle it also wins the switch (so VC and switch allocation are one decision). An output VC
//     is released when the tail passes, so the next packet's head may follow the tail into the
//     downstream buffer. The ejection port is one channel held head to tail (1 flit/cycle).
//
// Two-phase step: each step first reads the channels written in the previous
// step (flits into input buffers, credits into output VCs), then evaluates every router from its
// own state only, writing flits and credits into the channels. No router reads another's state
// in the same cycle, so the result does not depend on the order routers are visited.
// Only routers that may move a flit are visited. A router is woken for cycle t by a body flit
// reaching the front of a buffer at t, by a credit at t that a waiting flit (or head) may use, by
// a head's routing delay ending at t (a timer wheel), by an injection, or — after its evaluation
// at t-1 — if one of its input VCs is eligible then (it lost arbitration or found its port taken,
// its next flit is here with a credit, or a tail released the output VC a routed head waits for).
// Whether an input VC is eligible changes only through these events, so a router not woken would
// move nothing: skipping it changes nothing (tests compare against full runs).
//
// Time. `inject()` between steps stamps the packet with `cycle()` = c; the next `step()`
// simulates cycle c. A tail ejected while simulating cycle t is delivered at t+1 (= cycle() after
// that step), so latency = delivered - created counts the cycles the packet was in the network.
//
// Zero-load latency (one packet alone; H = hop count ≥ 1, R = routing_delay, L = packet_flits,
// B = buffer_flits) — derived from the recurrence for flit departure times and tested exactly
// for H = 1..14, L ∈ {1,2,5,8}, R ∈ {0,1,3}, B ∈ {1,2,4} on mesh and torus:
//     refill, any B; credit, B >= 2:  T0 = H·(R+1) + R + L        (R=3, L=8: 4H + 11)
//     credit, B == 1:                 T0 = H·(R+1) + R + 2L - 1   (R=3, L=8: 4H + 18)
// The head needs R cycles at each of the H+1 routers and 1 cycle on each of the H links, then
// the tail follows one flit per cycle; with flow_control = credit and B = 1 the credit round
// trip (1 cycle link + 1 cycle credit) lets a link carry only one flit every 2 cycles.
//
// Latency of a packet = delivered - injected, where injected is the cycle its head reached the
// front of the source queue (entered the network: from then on it only waits for the network);
// the wait before that, behind the same node's earlier packets, is `source_wait` (queueing).
// Blocking of a packet = the cycles its head waited beyond the unavoidable minimum, summed over
// the routers on its path (the source router included): for every router,
// (cycle the head left) - (cycle it arrived + R), where at the source "arrived" is the cycle it
// reached the front of the source queue. Hence, checked at every ejection:
//     head ejection cycle = injected + H·(R+1) + R + blocked_cycles,
// and latency >= T0 + blocked_cycles (equal at zero load; under load the body can lose cycles
// the head did not, e.g. to the other VC of a torus link).
//
// Determinism: no globals, no randomness, no unordered containers; all state is in the object,
// which is a copyable value (a copy continues identically). Deliveries within one cycle are
// ordered by packet id.
#pragma once
#include <array>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>
#include "../core/check.hpp"
#include "../topology/topology.hpp"
#include "flow_control.hpp"
#include "routing.hpp"

namespace alloclab {

// [SECTION] results

struct NetConfig {
  int packet_flits = 8, buffer_flits = 1, routing_delay = 3;
  FlowControl flow = FlowControl::Refill;
  const RoutingInfo* routing = nullptr;  // a row of routing_functions() defined on the topology;
                                         // nullptr = its default (default_routing)
};

// A packet whose tail flit was ejected.
struct Delivered {
  std::uint64_t packet;            // id returned by inject()
  std::int32_t tag;                // owner (job id) given to inject()
  int src, dst;
  std::int64_t created, delivered;  // created = inject() time; delivered = the cycle after the tail's ejection
  std::int64_t blocked_cycles;     // see the header comment (source queue wait not included)
  std::int64_t source_wait = 0;    // cycles spent in the source queue behind earlier packets
  // Latency as the papers define it: from entering the network to delivery.
  std::int64_t injected() const { return created + source_wait; }
  std::int64_t latency() const { return delivered - injected(); }
};

// One link a job's packets occupy now (Network::channels_of): the link leaving `node` through
// `port` (a link port, routing.hpp) carries `flits` of the job's flits (on the wire, or waiting in the
// input buffer at its far end), and/or a packet of the job `held` its virtual channel (the worm
// passes through it, even where no flit of it is on the link at this moment).
struct ChannelUse {
  int node = 0, port = 0;
  int flits = 0;
  bool held = false;
  bool operator==(const ChannelUse&) const = default;
};

// What a link did during the last step (for the UI): carried a flit, or did not although a flit
// at its router was ready to take it (no credit, VC held by another packet, lost arbitration).
enum class LinkState : std::uint8_t { Idle, Busy, Blocked };

struct NetStats {
  std::uint64_t packets_injected = 0, packets_delivered = 0;
  std::int64_t flits_injected = 0, flits_ejected = 0;
  std::int64_t flits_queued = 0;    // in source queues, not yet in the network
  std::int64_t flits_buffered = 0;  // in router input buffers
  std::int64_t flits_on_links = 0;  // on a link between two routers
  std::int64_t flits_in_flight = 0; // queued + buffered + on links = injected - ejected
  std::uint64_t flit_hops = 0;      // flits carried over links (not counting injection/ejection)
  // Over delivered packets: latency from injection (Delivered::latency), blocking, source wait.
  std::int64_t total_latency = 0, total_blocking = 0, total_queueing = 0;
  double mean_latency = 0, mean_blocking = 0, mean_queueing = 0;
};

// [SECTION] the network

class Network {
 public:
  // Config values must be ≥ 1 (routing_delay ≥ 0, packet_flits ≤ 65535, buffer_flits ≤ 255, its count is a byte);
  // the caller validates.
  Network(const Topology& t, const NetConfig& c);

  // Queue a packet src→dst (src != dst) at the source's injection queue; `tag` is the owner.
  std::uint64_t inject(int src, int dst, std::int32_t tag);
  // Advance one cycle (read channels, evaluate routers, write channels).
  void step();
  std::int64_t cycle() const { return cycle_; }
  // Nothing queued or in flight (no packets, no credits on the wires).
  bool idle() const { return packets_in_network_ == 0 && credited_.empty(); }
  // Move the clock to `cycle`: steps while there is work, then jumps (never skips work).
  void skip_to(std::int64_t cycle);
  // Packets whose tail was ejected since the last call, by delivery cycle then packet id.
  std::vector<Delivered> take_delivered();

  // [SECTION] const views for the UI and tests. Ports are numbered as in routing.hpp: link
  // ports 0 .. link_ports()-1 (4 on a 2D machine, 6 on a 3D one), then the local port.
  const Topology& topology() const { return topology_; }
  const NetConfig& config() const { return config_; }
  int vcs() const { return vcs_; }
  int link_ports() const { return link_ports_; }
  int ports() const { return link_ports_ + 1; }
  // Whether the link leaving `node` through link port `port` exists (no link off a mesh edge or
  // to itself).
  bool has_link(int node, int port) const { return link_to_[link_index(node, port)] >= 0; }
  // Cumulative flits carried by each link, indexed node*link_ports() + port.
  std::span<const std::uint64_t> link_flits() const { return link_flits_; }
  // What the link (node, port) did in the last step; computed on demand from the router state.
  LinkState link_state(int node, int port) const;
  // The states of a node's links at once (entries 0 .. link_ports()-1), in one pass over its
  // input VCs (views that draw every link use this rather than link_state() per port).
  std::array<LinkState, kMaxLinkPorts> link_states(int node) const;
  // Whether some packet currently holds a VC of the link (node, port).
  bool link_held(int node, int port) const;
  // Flits in the node's router input buffers (counted on demand: O(ports × VCs), so a view
  // that draws part of the machine pays for that part only).
  int buffered_flits(int node) const;
  // The links a packet tagged `tag` (a job) occupies now, by node then port: O(network) per call
  // and nothing on the step's hot path (packets keep their tag, input VCs their packet).
  std::vector<ChannelUse> channels_of(std::int32_t tag) const;
  // Packets waiting in (or being injected from) each node's source queue.
  int queued_packets(int node) const { return int(queue_[node].size() - queue_head_[node]); }
  NetStats stats() const;

  // For tests: evaluate every router every cycle instead of only the woken ones. The wake-ups
  // are an optimisation, so the results must be identical either way.
  void set_exhaustive(bool on) { exhaustive_ = on; }

  // Full O(network) audit of the invariants (tests call it every cycle): per-link credit
  // conservation (credits + downstream buffered + flit on the wire + credit on the wire = B),
  // buffer bounds, VC ownership, and flits injected = ejected + queued + buffered + on links.
  void audit() const;

 private:
  // [SECTION] step structures
  // The byte-sized fields of the step's structures are Byte (char8_t), not std::uint8_t: an
  // unsigned char may alias any object, so each store through one made the compiler reload every
  // vector's data pointer and every member it had read before; a char8_t aliases nothing else.
  using Byte = char8_t;
  enum : Byte { kHead = 1, kTail = 2 };  // Flit::marks
  struct Flit {
    std::uint32_t pkt;  // slot in packets_
    Byte marks;         // kHead | kTail (a 1-flit packet has both; a body flit neither)
    bool head() const { return marks & kHead; }
    bool tail() const { return marks & kTail; }
  };
  enum : Byte { kIdle, kRouting, kActive };  // input VC states
  // 8 bytes, so that the input VCs of a router (14 on a 3D torus) take 112 bytes. `pkt` is the
  // packet routing or active at the VC; with 1-flit buffers (the default) the one flit the VC
  // holds is always that packet's (the next packet's head arrives only after the tail has left,
  // and a head reaching an idle VC starts routing at once), so the buffer is `marks` alone.
  struct InVc {
    std::uint32_t pkt = 0;  // not idle: the packet routing or active here (injection VC: the source queue's front)
    Byte marks = 0;         // 1-flit buffers: the held flit's marks (kHead, kTail)
    Byte count = 0;         // flits held (buffer_flits ≤ 255); injection VC: 1 while packets wait
    Byte state = kIdle;
    Byte target = 0;        // its route, output VC bit q*V + v (while not idle; the last one kept after)
  };
  static_assert(sizeof(InVc) == 8, "an input VC and its 1-flit buffer fit in 8 bytes");
  // 4 bytes: credits fit 16 bits (buffer_flits ≤ 255), and the input VC holding it is one of
  // the same router's (its bit p*vcs + v). With 1-flit buffers (the default) the credit is the
  // router's out_credit bit alone and `credits` stays 0 (the hot path then never reads an OutVc
  // for a body flit).
  static constexpr Byte kNoOwner = Byte(0xFF);
  struct OutVc {
    std::int16_t credits = 0;
    Byte owner = kNoOwner;  // bit p*vcs + v of the input VC holding it, kNoOwner = free
  };
  static_assert(sizeof(OutVc) == 4, "an output VC is 4 bytes");
  // A packet's head is at one router at a time, so the cycle its routing there ends is the
  // packet's.
  struct Packet {
    std::uint64_t id = 0;
    std::int32_t tag = 0, src = 0, dst = 0, hops = 0;
    std::int64_t created = 0, hop_arrival = 0, blocked = 0, source_wait = 0;
    std::int64_t route_ready = 0;  // while its head is routing: the first cycle it may leave
  };
  struct FlitEvent {
    std::int32_t in_vc, node;  // destination input VC (global index) and its router
    Flit f;
  };

  // The decision state of one router with P link ports (4 in 2D, 6 in 3D; port P is the local
  // one), in one 64-byte line in 2D and 3D so that evaluating a router reads a single cache
  // line: bit i = p*vcs + v names input VC (p, v) in the input masks and output VC (q, v) in
  // the output masks. These duplicate InVc/OutVc facts (audit() checks they agree)
  // that the allocation needs; InVc/OutVc keep the rest (buffers, counts, owners, routes).
  // `target_free` and `target_credit` carry each output VC's state to the input VCs routed to it
  // (via `wanted_by`), so a router finds its eligible input VCs with a few mask operations and
  // no per-VC loop; an input VC's own target is its InVc's route (target_of), read when it moves.
  template <int P>
  struct alignas(64) Router {
    static constexpr int kPorts = P + 1;  // link ports and the local one
    std::int64_t busy_cycle = -1;  // the last cycle a flit crossed this switch, and what it used
    std::uint32_t used = 0;        // then: bits 0..15 the input VCs of the input ports that sent a
                                   // flit, bits 16 + q the output ports q (link_state() reads the
                                   // link ports); a later refill round must not reuse these ports
    std::uint16_t live = 0;           // input VCs holding a flit
    std::uint16_t active = 0;         // input VCs in state kActive (their packet owns the output VC)
    std::uint16_t routed = 0;         // input VCs in state kRouting whose routing delay has ended
    std::uint16_t out_free = 0;       // output VCs with no owner
    std::uint16_t out_credit = 0;     // output VCs with a credit; the ejection port's bits are always set
    std::uint16_t target_free = 0;    // input VCs whose target output VC is free
    std::uint16_t target_credit = 0;  // input VCs whose target output VC has a credit
    std::uint16_t preferred_vc = 0;   // per input port, the bit of the VC it offers first: the one
                                      // after its last winner
    std::uint16_t wanted_by[kPorts * 2] = {};  // per output VC: the input VCs whose target it is
    Byte last_winner[kPorts] = {};             // per output port: the input port that last won

    // The input VCs that may move a flit now: the VC holds a flit whose head has finished
    // routing (or whose packet is active), and its output VC is free (head) or its own (body),
    // with a credit (the ejection port's credit bits are always set).
    unsigned eligible() const {
      const unsigned a = active;
      return unsigned(live) & (a | unsigned(routed)) & (a | unsigned(target_free)) & unsigned(target_credit);
    }
  };
  static_assert(sizeof(Router<4>) == 64 && sizeof(Router<6>) == 64, "a router's decision state is one cache line");
  static_assert(Router<6>::kPorts * 2 <= 16, "the Router masks hold one bit per VC");
  // The routers of the machine's dimension: routers<4>() in 2D, routers<6>() in 3D (the other
  // vector is empty).
  template <int P>
  std::vector<Router<P>>& routers() {
    if constexpr (P == 4) return routers2_; else return routers3_;
  }
  template <int P>
  const std::vector<Router<P>>& routers() const { return const_cast<Network*>(this)->routers<P>(); }
  // Calls f.template operator()<P>() with P = link_ports_ (4 or 6): the way into the functions
  // specialised on the router's shape.
  template <class F>
  decltype(auto) by_ports(F&& f) const {
    return link_ports_ == 4 ? f.template operator()<4>() : f.template operator()<6>();
  }
  // What an adaptive routing function sees (routing.hpp, free_ports): bit q = some output VC of
  // link port q is free and has a credit.
  template <int P>
  unsigned free_link_ports(const Router<P>& r) const {
    const unsigned ready = unsigned(r.out_free) & unsigned(r.out_credit);
    unsigned ports = 0;
    for (int q = 0; q < P; ++q) ports |= unsigned((ready >> (q * vcs_) & ((1u << vcs_) - 1)) != 0) << q;
    return ports;
  }

  // [SECTION] step functions
  int iv_index(int node, int port, int vc) const { return (node * (link_ports_ + 1) + port) * vcs_ + vc; }
  std::size_t link_index(int node, int port) const { return std::size_t(node) * std::size_t(link_ports_) + std::size_t(port); }
  // Evaluate `node` in cycle t (the current one) if `cond`; without a branch on `cond`, which
  // is unpredictable (always writing the slot past the list's end, counting it only if new).
  void wake_now(int node, std::int64_t t, bool cond = true) {
    const std::int64_t old = listed_for_[std::size_t(node)];
    const bool add = cond & (old != t);
    due_now_[due_now_count_] = node;
    due_now_count_ += add;
    listed_for_[std::size_t(node)] = add ? t : old;
  }
  // Evaluate `node` in cycle t+1.
  void wake_next(int node, std::int64_t t) {
    const std::int64_t old = listed_for_[std::size_t(node)];
    const bool add = old != t + 1;
    due_next_[due_next_count_] = node;
    due_next_count_ += add;
    listed_for_[std::size_t(node)] = add ? t + 1 : old;
  }
  // The hot path is specialised on V = vcs_ (1 or 2), so that VC indexing needs no
  // multiplication, on P = link_ports_ (4 or 6), the router's shape, and on S = whether buffers
  // hold 1 flit (the default: a VC's buffer is its `marks` and a credit is one bit).
  template <int V, int P, bool S>
  void step_cycle(std::int64_t t);  // step(): wake-ups, phase 1 (read the channels), phase 2
  template <int V, int P, bool S>
  [[gnu::always_inline]] inline void accept(const FlitEvent& e, std::int64_t t);
  template <int P>
  [[gnu::noinline]] void arrive_head(int node, int iv, std::uint32_t pkt, std::int64_t t);  // accept's head case
  template <int P>
  void start_routing(int node, int iv, std::uint32_t pkt, std::int64_t from);
  // Late = a refill round after the first: ports used earlier this cycle are excluded.
  template <int V, int P, bool S, bool Late>
  [[gnu::always_inline]] inline void evaluate(int node, std::int64_t t);
  // Refill flow control: applies the credits freed in the last round and evaluates the routers
  // that can use them, round after round, until a round frees none.
  template <int V, int P, bool S>
  void refill_rounds(std::int64_t t);
  // The credits returned so far become the ones to apply (applying_, and the half of returned_
  // whose offset this returns); the moves from now on fill credited_ and the other half.
  std::size_t take_credits() {
    applying_.swap(credited_);
    const std::size_t from = returning_;
    returning_ = from == 0 ? std::size_t(nodes_) : 0;
    return from;
  }
  // Applies the credits returned to router n (returned_[from + n], then cleared) and returns the
  // output VCs (bits) that had none before — only those can let a waiting flit go — and in
  // `waiting` the input VCs routed to them.
  template <int V, int P, bool S>
  [[gnu::always_inline]] inline unsigned apply_credits(int n, std::size_t from, std::int64_t t, unsigned& waiting);
  template <int V, int P, bool S>
  [[gnu::always_inline]] inline void move(int node, Router<P>& r, int i, std::int64_t t);  // i = port*V + vc
  // move's rarer cases, out of line: see network.cpp.
  [[gnu::noinline]] Flit source_flit(int node, int iv);  // iv: node's injection VC
  template <int P>
  [[gnu::noinline]] void claim(int node, int iv, int ov, std::uint32_t pkt, std::int64_t t);
  [[gnu::noinline]] void eject(int node, const Flit& f, std::int64_t t);
  template <int P>
  [[gnu::noinline]] void release(int node, int iv, int ov, std::int64_t t);
  template <int P>
  void init_routers();  // the constructor's router set-up
  template <int P>
  std::array<LinkState, kMaxLinkPorts> link_states_of(int node) const;
  template <int P>
  void audit_routers() const;  // audit(), for routers of P link ports
  int vc_bit(int node, int iv) const { return iv - node * (link_ports_ + 1) * vcs_; }  // p*vcs + v
  // The output port input VC `s` is routed to (its target's port; kept after it goes idle).
  template <int V>
  static unsigned out_port_of(const InVc& s) { return unsigned(s.target) >> (V - 1); }
  unsigned out_port_of(const InVc& s) const { return unsigned(s.target) >> (vcs_ - 1); }
  template <int P>
  int vc_bit(int node, int iv) const { return iv - node * (P + 1) * vcs_; }
  template <int V, int P>
  static int vc_bit(int node, int iv) { return iv - node * (P + 1) * V; }
  template <int V, int P>
  static int iv_index(int node, int port, int vc) { return (node * (P + 1) + port) * V + vc; }
  // The link port at the other end of link port p's link (opposite_port), without its branch: in
  // 2D the x and y pairs only, p ^ 2; in 3D also the z pair, 4 ^ 1 (2 >> (p >> 2) is 2, then 1).
  template <int P>
  static constexpr int opposite(int p) {
    if constexpr (P == 4) return p ^ 2; else return p ^ (2 >> (p >> 2));
  }

  // [SECTION] state
  Topology topology_;
  NetConfig config_;
  const RoutingInfo* routing_ = nullptr;  // the routing function (config_.routing or the topology's default)
  int vcs_ = 1, nodes_ = 0;
  int link_ports_ = 4;  // 2·dimensions; the local port is link_ports_
  std::int64_t cycle_ = 0;

  // Wiring, indexed node*link_ports_ + port (link_index()): the neighbour m that the link leaving through `port` enters
  // (through port opposite_port(port)), -1 where there is no link. Links come in pairs, so m is
  // also the router feeding input port `port` (from its output port opposite_port(port)); the
  // constructor checks it. 4 bytes per link: the whole table stays in the L1 cache.
  std::vector<std::int32_t> link_to_;
  // Ring slot k (0 ≤ k < B) of input VC iv's buffer; with 1-flit buffers, its one flit.
  Flit slot(int iv, int k) const {
    const InVc& s = in_vcs_[std::size_t(iv)];
    return config_.buffer_flits == 1 ? Flit{s.pkt, s.marks}
                                     : deep_buffers_[std::size_t(iv) * std::size_t(config_.buffer_flits) + std::size_t(k)];
  }
  // The ring's first slot (always 0 with 1-flit buffers).
  int ring_head(int iv) const { return config_.buffer_flits == 1 ? 0 : int(ring_head_[std::size_t(iv)]); }

  // Router state, flat: input and output VCs indexed (node*(link_ports_+1) + port)*vcs + vc.
  std::vector<InVc> in_vcs_;
  std::vector<Flit> deep_buffers_;  // buffers of B > 1 flits, iv*B + k (empty when B is 1: InVc::marks)
  std::vector<Byte> ring_head_;     // B > 1: per input VC, its ring's first slot (empty when B is 1)
  std::vector<OutVc> out_vcs_;
  std::vector<Router<4>> routers2_;      // per node, on a 2D machine (else empty)
  std::vector<Router<6>> routers3_;      // per node, on a 3D machine (else empty)
  std::vector<Coord> coords_;           // per node: its coordinates (routing without division)

  // Source queues: packet slots, consumed from queue_head_; source_next_flit_ = next flit of the front.
  std::vector<std::vector<std::uint32_t>> queue_;
  std::vector<std::uint32_t> queue_head_;
  std::vector<std::uint16_t> source_next_flit_;

  std::vector<Packet> packets_;
  std::vector<std::uint32_t> free_slots_;

  // A list with a capacity fixed at construction, for the step's event lists: each cycle moves at
  // most one flit through each link port (link_ports_ per node), so it writes at most link_ports_·nodes
  // flits; the credit lists name each router at most once. Adding is a store and a count: no growth
  // check and no pointer store (after a vector's push_back the compiler reloads every other vector's data pointer).
  template <class T>
  class FixedList {
   public:
    FixedList() = default;
    FixedList(const FixedList& o) : v_(o.v_), p_(v_.data()), n_(o.n_), cap_(o.cap_) {}
    FixedList& operator=(const FixedList& o) {
      v_ = o.v_;
      p_ = v_.data();
      n_ = o.n_;
      cap_ = o.cap_;
      return *this;
    }
    // A move hands the storage over (a network moved into its simulation must not hold two
    // copies of its event lists at once: they are a quarter of its memory).
    FixedList(FixedList&& o) noexcept : v_(std::move(o.v_)), p_(v_.data()), n_(o.n_), cap_(o.cap_) { o.forget(); }
    FixedList& operator=(FixedList&& o) noexcept {
      v_ = std::move(o.v_);
      p_ = v_.data();
      n_ = o.n_;
      cap_ = o.cap_;
      o.forget();
      return *this;
    }
    void reserve(std::size_t capacity) {
      v_.assign(capacity, T{});
      p_ = v_.data();
      n_ = 0;
      cap_ = capacity;
    }
    void push(const T& x) {
      ALLOCLAB_CHECK(n_ < cap_, "network event list overflow (%zu entries)", n_);
      p_[n_++] = x;
    }
    // Adds x if `cond`, without a branch on it (the slot past the end is always written, so the
    // list needs room for one more than it ever holds).
    void push_if(const T& x, bool cond) {
      ALLOCLAB_CHECK(n_ < cap_, "network event list overflow (%zu entries)", n_);
      p_[n_] = x;
      n_ += cond;
    }
    void clear() { n_ = 0; }
    bool empty() const { return n_ == 0; }
    std::size_t size() const { return n_; }
    const T* begin() const { return p_; }
    const T* end() const { return p_ + n_; }
    void swap(FixedList& o) {
      v_.swap(o.v_);
      std::swap(p_, o.p_);
      std::swap(n_, o.n_);
      std::swap(cap_, o.cap_);
    }
   private:
    void forget() {
      v_.clear();
      p_ = nullptr;
      n_ = cap_ = 0;
    }
    std::vector<T> v_;  // the storage; p_ = v_.data()
    T* p_ = nullptr;
    std::size_t n_ = 0, cap_ = 0;
  };

  // Channels: the flits written in the last evaluate phase, read at the start of the next step.
  FixedList<FlitEvent> flit_ch_;
  // Credits: returned_[returning_ + n] = the output VCs of router n (bit q*vcs + v) a move freed a
  // buffer slot for, in the current refill round (refill: applied after it) or cycle (credit: on
  // the reverse channels, applied at the start of the next); credited_ = the routers whose mask is
  // not empty, each once. A bit per output VC suffices: an input port moves at most one flit per
  // cycle, so an output VC gets at most one credit per round or cycle. returned_ has two halves
  // (returning_ = 0 or nodes_): the moves write one while the credits of the last round are read
  // from the other, for the routers in applying_.
  std::vector<std::uint16_t> returned_;
  std::size_t returning_ = 0;
  FixedList<std::int32_t> credited_, applying_;
  bool refill_ = true;

  // Wake-up lists: routers to evaluate in the current cycle and in the next; listed_for_ = the last
  // cycle a router was listed for (no duplicates); timers_[c & timer_mask_] = input VCs (as
  // node*16 + p*vcs + v) whose head's routing delay ends in cycle c (never more than routing_delay + 1 cycles
  // ahead; the wheel has a power-of-two size above that, so no division).
  // The lists have room for every node plus one (a node is listed at most once per cycle).
  std::vector<std::int32_t> due_now_, due_next_;
  std::size_t due_now_count_ = 0, due_next_count_ = 0;
  std::vector<std::int64_t> listed_for_;
  std::vector<std::vector<std::int32_t>> timers_;
  std::int64_t timer_mask_ = 0;

  std::vector<std::uint64_t> link_flits_;

  std::vector<Delivered> delivered_;
  bool exhaustive_ = false;
  std::uint64_t next_id_ = 0;
  std::int64_t packets_in_network_ = 0;
  NetStats stats_;
};

}  // namespace alloclab
