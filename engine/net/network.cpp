// network.cpp — the wormhole network's step: read channels, evaluate routers, write channels.
// The model and its timing are documented in network.hpp. Reading order: construction and
// injection, the step (phase 1: read channels; phase 2: evaluate), a flit's move and one
// router's evaluation, then the views and the audit.
//
// Sections, in order:
//   construction        Network::Network (routers, ports, VCs, channels from the routing row)
//   injection           inject, start_routing (a packet's head takes a route)
//   one cycle           step, read_and_evaluate (phase 1: read the channels), accept,
//                       move (a flit across a link or into ejection; its rarer cases source_flit,
//                       claim, eject, release), evaluate (phase 2 per router)
//   refill and skipping refill_rounds, skip_to (idle jumps)
//   views               take_delivered, link_states, link_held, channels_of, stats
//   invariants          audit
#include "network.hpp"
#include <algorithm>
#include <bit>
#include "../core/check.hpp"

namespace alloclab {

// [SECTION] construction and injection

Network::Network(const Topology& t, const NetConfig& c) : topology_(t), config_(c) {
  ALLOCLAB_CHECK(c.packet_flits >= 1 && c.packet_flits <= 65535 && c.buffer_flits >= 1 && c.buffer_flits <= 255 &&
                     c.routing_delay >= 0,
                 "bad NetConfig (packet_flits %d, buffer_flits %d, routing_delay %d)", c.packet_flits,
                 c.buffer_flits, c.routing_delay);
  static_assert([] {
    for (int p = 0; p < 6; ++p)
      if (opposite<6>(p) != opposite_port(p) || (p < 4 && opposite<4>(p) != opposite_port(p))) return false;
    return true;
  }(), "opposite<P> pairs the link ports as opposite_port does");
  routing_ = c.routing ? c.routing : &default_routing(t);
  ALLOCLAB_CHECK(routing_defined_on(*routing_, t), "routing '%.*s' is not defined on the %dD %s", int(routing_->id.size()),
                 routing_->id.data(), t.dims(), t.wraps() ? "torus" : "mesh");
  vcs_ = routing_->vcs;
  ALLOCLAB_CHECK(vcs_ == 1 || vcs_ == 2, "routing '%.*s' needs %d VCs; the network supports 1 or 2",
                 int(routing_->id.size()), routing_->id.data(), vcs_);
  nodes_ = t.nodes();
  link_ports_ = 2 * t.dims();  // ±x, ±y (and ±z in 3D)
  const int P = link_ports_;
  const std::size_t vcs = std::size_t(nodes_) * std::size_t(P + 1) * std::size_t(vcs_);
  link_to_.assign(std::size_t(nodes_) * std::size_t(P), -1);
  for (int n = 0; n < nodes_; ++n) {
    const auto nb = t.neighbours6(n);  // +x, +y, -x, -y, +z, -z: the link ports' order
    for (int q = 0; q < P; ++q) {
      const int m = nb[std::size_t(q)];
      if (m < 0 || m == n) continue;  // mesh edge, or a torus side of 1
      link_to_[link_index(n, q)] = m;  // the link n --q--> m enters m through opposite_port(q)
    }
  }
  for (int n = 0; n < nodes_; ++n)  // every link has its reverse: m's neighbour that way is n
    for (int q = 0; q < P; ++q) {
      const int m = link_to_[link_index(n, q)];
      ALLOCLAB_CHECK(m < 0 || link_to_[link_index(m, opposite_port(q))] == n, "link %d --%d--> %d has no reverse link", n,
                     q, m);
    }
  in_vcs_.assign(vcs, InVc{});
  if (config_.buffer_flits > 1) {
    deep_buffers_.assign(vcs * std::size_t(config_.buffer_flits), Flit{});
    ring_head_.assign(vcs, 0);
  }
  out_vcs_.assign(vcs, OutVc{});
  by_ports([&]<int Q>() { init_routers<Q>(); });
  coords_.resize(std::size_t(nodes_));
  for (int n = 0; n < nodes_; ++n) coords_[std::size_t(n)] = t.coord(n);
  queue_.assign(std::size_t(nodes_), {});
  queue_head_.assign(std::size_t(nodes_), 0);
  source_next_flit_.assign(std::size_t(nodes_), 0);
  listed_for_.assign(std::size_t(nodes_), -1);
  due_now_.assign(std::size_t(nodes_) + 1, 0);
  due_next_.assign(std::size_t(nodes_) + 1, 0);
  std::size_t wheel = 1;
  while (wheel < std::size_t(config_.routing_delay) + 2) wheel *= 2;
  timers_.assign(wheel, {});
  timer_mask_ = std::int64_t(wheel) - 1;
  link_flits_.assign(std::size_t(nodes_) * std::size_t(P), 0);
  refill_ = config_.flow == FlowControl::Refill;
  flit_ch_.reserve(std::size_t(nodes_) * std::size_t(P));  // bounds: see FixedList
  returned_.assign(2 * std::size_t(nodes_), 0);
  credited_.reserve(std::size_t(nodes_) + 1);  // each router once, and push_if's slot
  applying_.reserve(std::size_t(nodes_) + 1);
}

template <int P>
void Network::init_routers() {
  constexpr int kPorts = P + 1;
  auto& routers = this->routers<P>();
  routers.assign(std::size_t(nodes_), Router<P>{});
  for (int n = 0; n < nodes_; ++n) {
    Router<P>& r = routers[std::size_t(n)];
    r.out_free = std::uint16_t((1u << (kPorts * vcs_)) - 1);
    r.out_credit = std::uint16_t(((1u << vcs_) - 1) << (P * vcs_));  // ejection: no credits needed
    for (int q = 0; q < P; ++q)
      if (has_link(n, q))
        for (int v = 0; v < vcs_; ++v) {
          if (config_.buffer_flits > 1) out_vcs_[std::size_t(iv_index(n, q, v))].credits = std::int16_t(config_.buffer_flits);
          r.out_credit |= std::uint16_t(1u << (q * vcs_ + v));
        }
    for (int p = 0; p < kPorts; ++p) {
      // The first search starts at VC 0 (the injection port, whose last winner counts as VC 0,
      // prefers VC 1, which it never uses, and so falls back to VC 0).
      r.preferred_vc |= std::uint16_t(1u << (p * vcs_ + (p == P ? vcs_ - 1 : 0)));
      r.last_winner[p] = Byte(P);
    }
    // Every target starts as output VC 0 (bit 0), so `wanted_by`, `target_free` and `target_credit` start consistent.
    r.wanted_by[0] = std::uint16_t((1u << (kPorts * vcs_)) - 1);
    r.target_free = r.wanted_by[0];
    r.target_credit = (r.out_credit & 1u) ? r.wanted_by[0] : 0;
  }
}

std::uint64_t Network::inject(int src, int dst, std::int32_t tag) {
  ALLOCLAB_CHECK(src >= 0 && src < nodes_ && dst >= 0 && dst < nodes_ && src != dst,
                 "inject: bad endpoints %d -> %d (tag %d, cycle %lld)", src, dst, int(tag), (long long)cycle_);
  std::uint32_t slot;
  if (!free_slots_.empty()) {
    slot = free_slots_.back();
    free_slots_.pop_back();
  } else {
    slot = std::uint32_t(packets_.size());
    packets_.emplace_back();
  }
  Packet& p = packets_[slot];
  p.id = next_id_++;
  p.tag = tag;
  p.src = src;
  p.dst = dst;
  p.hops = route_hops(*routing_, topology_, topology_.coord(src), topology_.coord(dst));
  p.created = p.hop_arrival = cycle_;
  p.blocked = p.source_wait = 0;

  auto& q = queue_[src];
  if (queue_head_[src] == q.size()) {  // empty: reclaim the consumed prefix
    q.clear();
    queue_head_[src] = 0;
  } else if (queue_head_[src] >= 4096 && 2 * std::size_t(queue_head_[src]) >= q.size()) {
    // never empty under sustained traffic: drop the consumed prefix anyway (bounded memory)
    q.erase(q.begin(), q.begin() + std::ptrdiff_t(queue_head_[src]));
    queue_head_[src] = 0;
  }
  q.push_back(slot);
  ++packets_in_network_;
  ++stats_.packets_injected;
  stats_.flits_injected += config_.packet_flits;
  stats_.flits_queued += config_.packet_flits;
  const int inj = iv_index(src, link_ports_, 0);  // the local port's VC 0
  in_vcs_[inj].count = 1;  // the injection VC "holds a flit" while its queue is not empty
  by_ports([&]<int P>() {
    routers<P>()[std::size_t(src)].live |= std::uint16_t(1u << (P * vcs_));
    if (q.size() - queue_head_[src] == 1) {
      ALLOCLAB_CHECK(in_vcs_[inj].state == kIdle, "inject: idle source queue at node %d has a busy injection VC", src);
      start_routing<P>(src, inj, slot, cycle_);
      wake_next(src, cycle_ - 1);  // evaluated in the next step (cycle_) even if routing_delay is 0
    }
  });
  return p.id;
}

// The head of packet `pkt` is at the front of input VC `iv` from cycle `from`: its route is
// fixed now and it may leave R cycles later.
template <int P>
void Network::start_routing(int node, int iv, std::uint32_t pkt, std::int64_t from) {
  const int local = vc_bit<P>(node, iv);  // port * vcs + vc (no division: vcs is 1 or 2)
  const int port = local >> (vcs_ - 1), vc = local & (vcs_ - 1);
  Packet& p = packets_[pkt];
  Router<P>& r = routers<P>()[std::size_t(node)];
  const RouteChoice rc =
      routing_->route(topology_, coords_[std::size_t(node)], coords_[std::size_t(p.dst)], port, vc,
                      routing_->adaptive ? free_link_ports(r) : kAllPortsFree);
  ALLOCLAB_CHECK(rc.port == P || (unsigned(rc.port) < unsigned(P) && has_link(node, rc.port)),
                 "route: packet %llu at node %d sent to missing link %d", (unsigned long long)p.id, node, rc.port);
  if (port == P) {  // the packet enters the network now (reaches the front of the source queue)
    p.source_wait = from - p.created;
    p.hop_arrival = from;
  }
  InVc& s = in_vcs_[iv];
  s.state = kRouting;
  const std::int64_t ready = p.route_ready = from + config_.routing_delay;
  s.pkt = pkt;
  const unsigned tg = unsigned(rc.port * vcs_ + rc.vc), bit = 1u << local;
  r.wanted_by[s.target] &= std::uint16_t(~bit);  // its previous target
  r.wanted_by[tg] |= std::uint16_t(bit);
  s.target = Byte(tg);
  r.target_free = std::uint16_t((r.target_free & ~bit) | ((r.out_free >> tg & 1u) << local));
  r.target_credit = std::uint16_t((r.target_credit & ~bit) | ((r.out_credit >> tg & 1u) << local));
  // Mark the head routed and wake the router when the delay ends. With no delay the router is
  // already due in cycle `from` and the head may go then: `from` is the current cycle, or the
  // next one when a tail left this cycle (the router has already chosen this cycle's moves).
  if (config_.routing_delay > 0)
    timers_[std::size_t(ready & timer_mask_)].push_back(node * 16 + local);
  else
    r.routed |= std::uint16_t(1u << local);
}

// [SECTION] the step

void Network::step() {
  const std::int64_t t = cycle_;
  const bool single = config_.buffer_flits == 1;
  if (link_ports_ == 4) {
    if (vcs_ == 1) single ? step_cycle<1, 4, true>(t) : step_cycle<1, 4, false>(t);
    else single ? step_cycle<2, 4, true>(t) : step_cycle<2, 4, false>(t);
  } else {
    if (vcs_ == 1) single ? step_cycle<1, 6, true>(t) : step_cycle<1, 6, false>(t);
    else single ? step_cycle<2, 6, true>(t) : step_cycle<2, 6, false>(t);
  }
  cycle_ = t + 1;
}

template <int V, int P, bool S>
void Network::step_cycle(std::int64_t t) {
  auto& routers = this->routers<P>();
  // Routers due now: those that moved a flit in t-1 (already listed), those whose head finishes
  // routing now, and — in phase 1 — those receiving a flit or a credit.
  due_now_.swap(due_next_);
  due_now_count_ = due_next_count_;
  due_next_count_ = 0;
  auto& timer = timers_[std::size_t(t & timer_mask_)];
  for (const std::int32_t e : timer) {
    routers[std::size_t(e >> 4)].routed |= std::uint16_t(1u << (e & 15));
    wake_now(e >> 4, t);
  }
  timer.clear();
  if (exhaustive_)
    for (int n = 0; n < nodes_; ++n) wake_now(n, t);

  // Phase 1 — read the channels written in the previous cycle: credits (flow_control = credit;
  // refill applies its credits within the cycle), then flits.
  if (!refill_) {
    const std::size_t from = take_credits();
    for (const std::int32_t n : applying_) {
      // Wake the router only if a credit may let a flit go: the VC had none (with credits left
      // nothing waited for this one), and the owner's next flit is waiting or, for a free VC, some
      // head might want it.
      const Router<P>& r = routers[std::size_t(n)];
      bool wake = false;
      unsigned waiting;
      for (unsigned m = apply_credits<V, P, S>(n, from, t, waiting); m; m &= m - 1) {
        const Byte owner = out_vcs_[std::size_t(n * (P + 1) * V + std::countr_zero(m))].owner;
        wake |= owner != kNoOwner ? bool(r.live >> owner & 1u) : r.live != 0;
      }
      wake_now(n, t, wake);
    }
    applying_.clear();
  }
  {
    // The events name input VCs and routers all over the network (not in the L1 cache on a large
    // one): each is fetched a few events ahead.
    constexpr std::size_t kAhead = 4;
    const FlitEvent* ev = flit_ch_.begin();
    const std::size_t n = flit_ch_.size();
    for (std::size_t k = 0; k < n; ++k) {
      if (k + kAhead < n) {
        __builtin_prefetch(&in_vcs_[std::size_t(ev[k + kAhead].in_vc)], 1);
        __builtin_prefetch(&routers[std::size_t(ev[k + kAhead].node)], 1);
      }
      accept<V, P, S>(ev[k], t);
    }
  }
  flit_ch_.clear();

  // Phase 2 — every due router evaluates from its own state, writing the channels.
  const std::size_t first_delivery = delivered_.size();
  for (std::size_t k = 0; k < due_now_count_; ++k) evaluate<V, P, S, false>(due_now_[k], t);
  due_now_count_ = 0;
  // Refill: the credits freed now are applied within the cycle (credit: they stay on the
  // reverse channels, credited_, until the next cycle's phase 1).
  if (refill_ && !credited_.empty()) refill_rounds<V, P, S>(t);
  // Deliveries of one cycle are ordered by packet id, not by the order routers were visited.
  if (delivered_.size() - first_delivery > 1)
    std::sort(delivered_.begin() + std::ptrdiff_t(first_delivery), delivered_.end(),
              [](const Delivered& a, const Delivered& b) { return a.packet < b.packet; });
  stats_.flits_on_links = std::int64_t(flit_ch_.size());
  ALLOCLAB_CHECK(stats_.flits_injected == stats_.flits_ejected + stats_.flits_queued + stats_.flits_buffered + stats_.flits_on_links,
                 "flit conservation broken at cycle %lld: injected %lld, ejected %lld, queued %lld, buffered %lld, "
                 "on links %lld",
                 (long long)t, (long long)stats_.flits_injected, (long long)stats_.flits_ejected, (long long)stats_.flits_queued,
                 (long long)stats_.flits_buffered, (long long)stats_.flits_on_links);
}

// A flit arrives from a link into input VC e.in_vc at cycle t.
template <int V, int P, bool S>
void Network::accept(const FlitEvent& e, std::int64_t t) {
  InVc& s = in_vcs_[e.in_vc];
  const int node = e.node;
  const int B = S ? 1 : config_.buffer_flits;
  ALLOCLAB_CHECK(s.count < B, "buffer overflow at node %d input VC %d (packet %llu) at cycle %lld", node, e.in_vc,
                 (unsigned long long)packets_[e.f.pkt].id, (long long)t);
  if (S) {  // 1-flit buffers (the default): the flit is its packet's (s.pkt) with these marks
    s.marks = e.f.marks;
  } else {
    int k = ring_head_[std::size_t(e.in_vc)] + s.count;
    if (k >= B) k -= B;
    deep_buffers_[std::size_t(e.in_vc) * std::size_t(B) + std::size_t(k)] = e.f;
  }
  ++s.count;
  Router<P>& r = routers<P>()[std::size_t(node)];
  const int bit = vc_bit<V, P>(node, e.in_vc);
  r.live |= std::uint16_t(1u << bit);
  ++stats_.flits_buffered;
  if (e.f.head()) {
    arrive_head<P>(node, e.in_vc, e.f.pkt, t);
  } else {
    ALLOCLAB_CHECK(s.state != kIdle && (!S || s.pkt == e.f.pkt),
                   "body flit of packet %llu reached input VC %d at node %d (state %d) at cycle %lld",
                   (unsigned long long)packets_[e.f.pkt].id, e.in_vc, node, int(s.state), (long long)t);
    // Only a body flit arriving at the front of its buffer can change what the router does
    // now, if its output VC has a credit (else the credit wakes the router).
    wake_now(node, t, (s.count == 1) & bool(r.target_credit >> bit & 1u));
  }
}

// The head of packet `pkt` has arrived in input VC iv of `node` at cycle t (accept's head case):
// it starts routing at once if the VC is idle (else when the packet ahead of it leaves). Only
// without routing delay may the router use it this cycle (else its timer wakes the router).
template <int P>
void Network::arrive_head(int node, int iv, std::uint32_t pkt, std::int64_t t) {
  packets_[pkt].hop_arrival = t;
  const InVc& s = in_vcs_[std::size_t(iv)];
  if (s.state == kIdle) {
    ALLOCLAB_CHECK(s.count == 1, "head of packet %llu reached idle input VC %d at node %d holding %d flits, cycle %lld",
                   (unsigned long long)packets_[pkt].id, iv, node, int(s.count), (long long)t);
    start_routing<P>(node, iv, pkt, t);
  }
  wake_now(node, t, (s.count == 1) & (config_.routing_delay == 0));
}

// [SECTION] one router: a flit's move, then separable input-first allocation

// The front flit of input VC i = port*V + vc of `node` crosses the switch at cycle t.
// The common case — a body flit from a link buffer onto a link — stays inline; a flit leaving
// its source queue, a head claiming its output VC, an ejection and a tail's release are out of
// line (few registers stay live across them in the router's allocation loop).
template <int V, int P, bool S>
void Network::move(int node, Router<P>& r, int i, std::int64_t t) {
  const int base = node * (P + 1) * V;  // node's first VC (input and output VCs alike)
  const int iv = base + i, port = i / V;
  InVc& s = in_vcs_[std::size_t(iv)];
  const unsigned in_bit = 1u << i;
  const int ob = s.target;  // output VC q*V + v
  const int q = ob / V, ov = base + ob;
  const unsigned out_bit = 1u << ob;

  Flit f;
  if (port == P) {
    f = source_flit(node, iv);
  } else {
    const int B = config_.buffer_flits;
    if (S) {  // the one flit, its packet's
      f = Flit{s.pkt, s.marks};
      s.count = 0;
      r.live &= std::uint16_t(~in_bit);
    } else {
      Byte& head = ring_head_[std::size_t(iv)];
      f = deep_buffers_[std::size_t(iv) * std::size_t(B) + std::size_t(head)];
      if (++head == B) head = 0;
      if (--s.count == 0) r.live &= std::uint16_t(~in_bit);
    }
    --stats_.flits_buffered;
    // the freed slot, back upstream — to output VC (opposite port, vc) of the neighbour on that
    // side — within this cycle (refill) or the next (credit)
    const int up = link_to_[std::size_t(node) * P + std::size_t(port)];
    std::uint16_t& back = returned_[returning_ + std::size_t(up)];
    credited_.push_if(up, back == 0);
    back = std::uint16_t(back | 1u << (opposite<P>(port) * V + (i & (V - 1))));
  }

  if (f.head()) {
    claim<P>(node, iv, ov, f.pkt, t);
  } else {  // its packet holds the output VC (audit() checks which input VC owns it)
    ALLOCLAB_CHECK(s.state == kActive && !(r.out_free & out_bit), "body flit of packet %llu at node %d without its VC, cycle %lld",
                   (unsigned long long)packets_[f.pkt].id, node, (long long)t);
  }

  if (q != P) {
    ALLOCLAB_CHECK(r.out_credit & out_bit, "no credit at node %d port %d vc %d, cycle %lld", node, q, ob & (V - 1), (long long)t);
    // the last credit (with 1-flit buffers the bit is the only count)
    if (S || --out_vcs_[std::size_t(ov)].credits == 0) {
      r.out_credit &= std::uint16_t(~out_bit);
      r.target_credit &= std::uint16_t(~r.wanted_by[ob]);
    }
    const std::size_t l = std::size_t(node) * P + std::size_t(q);
    const int down = link_to_[l];  // enters input VC (opposite port, vc) there
    flit_ch_.push(FlitEvent{iv_index<V, P>(down, opposite<P>(q), ob & (V - 1)), down, f});
    ++link_flits_[l];
  } else if (f.marks) {
    eject(node, f, t);
  } else {  // a body flit leaves: only the count (its head and tail are checked against the packet)
    ++stats_.flits_ejected;
  }

  if (f.tail()) release<P>(node, iv, ov, t);
}

// The next flit of node's source queue enters the switch (move's injection case).
Network::Flit Network::source_flit(int node, int iv) {
  const std::uint32_t pkt = in_vcs_[std::size_t(iv)].pkt;  // the front of the source queue (start_routing)
  const int seq = source_next_flit_[node]++;
  --stats_.flits_queued;
  return Flit{pkt, Byte((seq == 0 ? kHead : 0) | (seq == config_.packet_flits - 1 ? kTail : 0))};
}

// The head of packet `pkt` at input VC iv takes output VC ov at cycle t (move's head case).
template <int P>
void Network::claim(int node, int iv, int ov, std::uint32_t pkt, std::int64_t t) {
  InVc& s = in_vcs_[iv];
  OutVc& o = out_vcs_[ov];
  Packet& pk = packets_[pkt];
  ALLOCLAB_CHECK(s.state == kRouting && o.owner == kNoOwner, "head of packet %llu at node %d: VC state %d, owner %d, cycle %lld",
                 (unsigned long long)pk.id, node, int(s.state), int(o.owner), (long long)t);
  Router<P>& r = routers<P>()[std::size_t(node)];
  const unsigned in_bit = 1u << vc_bit<P>(node, iv);
  const int ob = vc_bit<P>(node, ov);
  o.owner = Byte(vc_bit<P>(node, iv));
  s.state = kActive;
  r.routed &= std::uint16_t(~in_bit);
  r.active |= std::uint16_t(in_bit);
  r.out_free &= std::uint16_t(~(1u << ob));
  r.target_free &= std::uint16_t(~r.wanted_by[ob]);
  pk.blocked += t - (pk.hop_arrival + config_.routing_delay);
}

// The head or tail flit f leaves the network at its destination `node` in cycle t (move's
// ejection case; a body flit only counts, in move).
void Network::eject(int node, const Flit& f, std::int64_t t) {
  Packet& pk = packets_[f.pkt];
  ALLOCLAB_CHECK(node == pk.dst, "packet %llu ejected at node %d, bound for %d", (unsigned long long)pk.id, node, pk.dst);
  ++stats_.flits_ejected;
  if (f.head())
    ALLOCLAB_CHECK(t == pk.created + pk.source_wait + std::int64_t(pk.hops) * (config_.routing_delay + 1) +
                            config_.routing_delay + pk.blocked,
                   "packet %llu: head ejected at %lld, created %lld, source wait %lld, %d hops, blocked %lld",
                   (unsigned long long)pk.id, (long long)t, (long long)pk.created, (long long)pk.source_wait, pk.hops,
                   (long long)pk.blocked);
  if (f.tail()) {
    delivered_.push_back(Delivered{pk.id, pk.tag, pk.src, pk.dst, pk.created, t + 1, pk.blocked, pk.source_wait});
    ++stats_.packets_delivered;
    stats_.total_latency += t + 1 - pk.created - pk.source_wait;
    stats_.total_blocking += pk.blocked;
    stats_.total_queueing += pk.source_wait;
    --packets_in_network_;
    free_slots_.push_back(f.pkt);
  }
}

// The tail has left input VC iv at cycle t: release output VC ov; the next packet's head (if
// any) starts routing (move's tail case).
template <int P>
void Network::release(int node, int iv, int ov, std::int64_t t) {
  InVc& s = in_vcs_[iv];
  Router<P>& r = routers<P>()[std::size_t(node)];
  const unsigned in_bit = 1u << vc_bit<P>(node, iv);
  const int ob = vc_bit<P>(node, ov);
  out_vcs_[ov].owner = kNoOwner;
  s.state = kIdle;
  r.out_free |= std::uint16_t(1u << ob);
  r.target_free |= r.wanted_by[ob];
  r.active &= std::uint16_t(~in_bit);
  if (vc_bit<P>(node, iv) / vcs_ == P) {
    source_next_flit_[node] = 0;
    ++queue_head_[node];
    if (queue_head_[node] < queue_[node].size()) {
      start_routing<P>(node, iv, queue_[node][queue_head_[node]], t + 1);
    } else {
      s.count = 0;
      r.live &= std::uint16_t(~in_bit);
    }
  } else if (s.count > 0) {
    const Flit next = slot(iv, ring_head(iv));
    ALLOCLAB_CHECK(next.head(), "a body flit of packet %llu follows a tail at node %d", (unsigned long long)packets_[next.pkt].id,
                   node);
    start_routing<P>(node, iv, next.pkt, t + 1);
  }
}

// V = VCs per port, a template parameter so the VC loops unroll (1 on a mesh, 2 on a torus);
// P = link ports (4 in 2D, 6 in 3D; the local port is P).
// The decision reads only the router's Router line and works on bit masks (bit i = p*V + v):
// which VCs are ready is unpredictable, so there are no data-dependent branches beyond the
// loops over set bits, and the request stage costs a few instructions per waiting VC.
namespace {

// Round robin over the N = P + 1 input ports: kRoundRobin<N>[last][requests] = the first
// requesting port after `last` (requests: bit p = port p asks; nonzero).
template <int N>
constexpr auto kRoundRobin = [] {
  std::array<std::array<unsigned char, (1u << N)>, N> w{};
  for (int last = 0; last < N; ++last)
    for (unsigned rq = 1; rq < (1u << N); ++rq)
      for (int k = 1; k <= N; ++k) {
        const int p = (last + k) % N;
        if (rq >> p & 1u) {
          w[std::size_t(last)][rq] = static_cast<unsigned char>(p);
          break;
        }
      }
  return w;
}();

// With 2 VCs per port (bit p*2 + v): the swap of each port's two VC bits (up to 7 ports).
constexpr unsigned partner(unsigned m) { return ((m & 0x1555u) << 1) | ((m >> 1) & 0x1555u); }

}  // namespace

template <int V, int P, bool S, bool Late>
void Network::evaluate(int node, std::int64_t t) {
  constexpr int N = P + 1;  // ports
  static_assert(N * V <= 16, "the Router masks hold one bit per VC");
  // bit q*N + p: input port p asks for output port q
  using Requests = std::conditional_t<N * N <= 32, std::uint32_t, std::uint64_t>;
  Router<P>& r = routers<P>()[std::size_t(node)];
  const InVc* vc = &in_vcs_[std::size_t(node * N * V)];  // the router's input VCs, by bit

  unsigned avail = r.eligible();
  // A later refill round: input and output ports that carried a flit earlier in this cycle are
  // taken (one flit per port per cycle). Their masks count only if busy_cycle is now, chosen
  // by a mask, not a branch (whether the router moved earlier this cycle is unpredictable, and
  // the conditional form `busy_cycle == t ? used : 0` compiles to a branch).
  const unsigned used = Late ? r.used & (0u - unsigned(r.busy_cycle == t)) : 0u;
  const unsigned busy_out = used >> 16;
  if constexpr (Late) avail &= ~used;  // (avail has no bits from 16 up)
  // Records the output ports and the input ports' VCs that carried flits, with the earlier ones
  // of this cycle (`used`); older ones are forgotten.
  auto mark_busy = [&](unsigned out_ports, unsigned in_vcs) {
    r.busy_cycle = t;
    r.used = used | in_vcs | out_ports << 16;
  };

  if ((avail & (avail - 1)) == 0) {
    // At most one VC can go (nearly every evaluation): unless its output port is taken, it is
    // offered and wins the port, which records its input port as the last winner, and the input
    // port prefers its other VC next — what the stages below would do (each port prefers exactly
    // one of its VCs: if the winner was preferred the bits flip, else the other one stays).
    if (avail) {
      const int i = std::countr_zero(avail), q = int(out_port_of<V>(vc[i]));
      if (!(busy_out >> q & 1u)) {
        const unsigned port_vcs = V == 2 ? 3u << (i & ~1) : avail;  // both VCs of its input port
        if constexpr (V == 2) r.preferred_vc = std::uint16_t((r.preferred_vc & ~port_vcs) | (port_vcs ^ avail));
        r.last_winner[q] = Byte(i / V);
        move<V, P, S>(node, r, i, t);
        mark_busy(1u << q, port_vcs);
      }
    }
  } else {
    // Taken output ports: each eligible VC routed through one is dropped.
    if constexpr (Late)
      for (unsigned m = avail; m; m &= m - 1) {
        const int i = std::countr_zero(m);
        avail &= ~((busy_out >> out_port_of<V>(vc[i]) & 1u) << i);
      }
    // Input stage: each input port offers one eligible VC, the one after its last winner if
    // that one can go, else the other (on the injection port only VC 0 is ever used).
    unsigned offered = avail;
    if constexpr (V == 2) {
      const unsigned first = avail & r.preferred_vc;
      offered = first | (avail & ~unsigned(r.preferred_vc) & ~partner(first));
    }
    Requests requests = 0;  // bit q*N + p: input port p asks for output port q
    unsigned qmask = 0;     // bit q: some input port asks for output port q
    for (unsigned m = offered; m; m &= m - 1) {
      const int i = std::countr_zero(m);
      const unsigned q = out_port_of<V>(vc[i]), p = unsigned(i) / V;
      requests |= Requests(1) << (q * N + p);
      qmask |= 1u << q;
    }
    // Output stage: each requested output port grants the first asking input port after its
    // last winner (round robin), and that flit moves. Every requested output port grants one.
    const unsigned granted = qmask;
    unsigned won = 0;  // the input VCs that move
    while (qmask) {
      const int q = std::countr_zero(qmask);
      qmask &= qmask - 1;
      const int p = kRoundRobin<N>[r.last_winner[q]][unsigned(requests >> (q * N)) & ((1u << N) - 1)];
      r.last_winner[q] = Byte(p);
      const int i = V == 2 ? 2 * p + int(offered >> (2 * p + 1) & 1u) : p;
      won |= 1u << i;
      move<V, P, S>(node, r, i, t);
    }
    if (granted) {
      unsigned ports_in = won;  // both VCs of each input port that moved
      if constexpr (V == 2) {
        // Each input port that won now prefers the VC after its winner: where the winner was
        // the preferred VC, both of the port's bits flip (a winner not preferred leaves them).
        const unsigned flip = won & r.preferred_vc;
        r.preferred_vc = std::uint16_t(r.preferred_vc ^ (flip | partner(flip)));
        ports_in |= partner(won);
      }
      mark_busy(granted, ports_in);
    }
  }

  // Evaluate again next cycle if an input VC is eligible now, after the moves: one that lost
  // arbitration (or found its port taken), a moved VC whose next flit is here with a credit, or a
  // waiting head whose output VC a tail released. Anything else that makes a VC eligible is an
  // arrival, a credit or a timer, and wakes the router itself.
  if (r.eligible()) wake_next(node, t);
}

template <int V, int P, bool S>
unsigned Network::apply_credits(int n, std::size_t from, std::int64_t t, unsigned& waiting) {
  Router<P>& r = routers<P>()[std::size_t(n)];
  const unsigned back = returned_[from + std::size_t(n)];
  returned_[from + std::size_t(n)] = 0;
  unsigned first = back;  // the output VCs whose credit count goes from 0 to 1
  if (S) {
    ALLOCLAB_CHECK((r.out_credit & back) == 0, "credit overflow at node %d (output VCs %x) at cycle %lld", n, back,
                   (long long)t);
  } else {
    for (unsigned m = back; m; m &= m - 1) {
      const int b = std::countr_zero(m);
      OutVc& o = out_vcs_[std::size_t(n * (P + 1) * V + b)];
      ALLOCLAB_CHECK(o.credits < config_.buffer_flits, "credit overflow at node %d output VC %d at cycle %lld", n, b,
                     (long long)t);
      if (++o.credits != 1) first &= ~(1u << b);  // with credits left nothing waited for this one
    }
  }
  r.out_credit = std::uint16_t(r.out_credit | first);
  // The input VCs routed to them (nearly always one output VC: no loop then).
  unsigned w = first ? r.wanted_by[std::countr_zero(first)] : 0u;
  if (first & (first - 1))
    for (unsigned m = first & (first - 1); m; m &= m - 1) w |= r.wanted_by[std::countr_zero(m)];
  r.target_credit = std::uint16_t(r.target_credit | w);
  waiting = w;
  return first;
}

template <int V, int P, bool S>
void Network::refill_rounds(std::int64_t t) {
  auto& routers = this->routers<P>();
  while (!credited_.empty()) {
    // The last round's credits, router by router: each is applied, and the router evaluated again
    // this cycle if a flit waits for an output VC that got one. Evaluating a router reads and
    // writes its own state only (and the channels: the credits it frees go to the other half of
    // returned_, the next round), so this is the same as applying every credit first.
    const std::size_t from = take_credits();
    for (const std::int32_t n : applying_) {
      unsigned waiting;
      apply_credits<V, P, S>(n, from, t, waiting);
      if (waiting & routers[std::size_t(n)].live) evaluate<V, P, S, true>(n, t);
    }
    applying_.clear();
  }
}

void Network::skip_to(std::int64_t cycle) {
  while (cycle_ < cycle && !idle()) step();
  if (cycle > cycle_) {
    cycle_ = cycle;
    // Idle: routers listed for the next cycle (a last wake-up after the final move) have nothing
    // to do, and the cycle they were listed for is skipped: forget them, or a later wake-up with
    // an older stamp would list them twice.
    due_next_count_ = 0;
  }
}

std::vector<Delivered> Network::take_delivered() {
  std::vector<Delivered> out;
  out.swap(delivered_);
  return out;
}

// [SECTION] views and audit

LinkState Network::link_state(int node, int port) const { return link_states(node)[std::size_t(port)]; }

std::array<LinkState, kMaxLinkPorts> Network::link_states(int node) const {
  return by_ports([&]<int P>() { return link_states_of<P>(node); });
}

template <int P>
std::array<LinkState, kMaxLinkPorts> Network::link_states_of(int node) const {
  const Router<P>& r = routers<P>()[std::size_t(node)];
  const unsigned busy = r.busy_cycle == cycle_ - 1 ? r.used >> 16 : 0u;
  // Blocked: a flit ready in the last cycle that wanted the link is still at the front of its
  // buffer (an input VC of this router whose route leaves through that port).
  unsigned blocked = 0;
  for (int p = 0; p <= P; ++p)
    for (int v = 0; v < vcs_; ++v) {
      const InVc& s = in_vcs_[std::size_t(iv_index(node, p, v))];
      if (s.count > 0 && out_port_of(s) < unsigned(P) && (s.state == kActive || packets_[s.pkt].route_ready <= cycle_ - 1))
        blocked |= 1u << out_port_of(s);
    }
  std::array<LinkState, kMaxLinkPorts> out{};
  for (int p = 0; p < P; ++p)
    out[std::size_t(p)] = (busy >> p & 1u) ? LinkState::Busy : (blocked >> p & 1u) ? LinkState::Blocked : LinkState::Idle;
  return out;
}

int Network::buffered_flits(int node) const {
  int here = 0;
  for (int i = 0; i < link_ports_ * vcs_; ++i) here += in_vcs_[std::size_t(iv_index(node, 0, 0) + i)].count;
  return here;
}

bool Network::link_held(int node, int port) const {
  for (int v = 0; v < vcs_; ++v)
    if (out_vcs_[iv_index(node, port, v)].owner != kNoOwner) return true;
  return false;
}

std::vector<ChannelUse> Network::channels_of(std::int32_t tag) const {
  // Collect (link, flits, held) facts, then merge them per link. The flits on an input VC's
  // buffer and wire belong to the link that feeds it: (upstream node, opposite port).
  std::vector<ChannelUse> facts;
  const int V = vcs_, B = config_.buffer_flits;
  auto feeding = [&](int node, int port) {  // the link into input port `port` of `node`
    return ChannelUse{link_to_[link_index(node, port)], opposite_port(port), 0, false};
  };
  // Only routers with an active input VC (it owns its target output VC) or a flit in a link
  // port's buffer can hold a channel of the job: the Router masks say which, so an idle router
  // costs one cache line.
  by_ports([&]<int P>() {
    const unsigned link_vcs = (1u << (P * V)) - 1;  // the link ports' input VCs (bit p*V + v)
    for (int n = 0; n < nodes_; ++n) {
      const Router<P>& r = routers<P>()[std::size_t(n)];
      const int base = n * (P + 1) * V;
      for (unsigned m = r.active; m; m &= m - 1) {  // output VC (q, v) held by its active owner
        const InVc& s = in_vcs_[std::size_t(base + std::countr_zero(m))];
        const int q = int(out_port_of(s));
        if (q < P && packets_[s.pkt].tag == tag) facts.push_back({n, q, 0, true});
      }
      for (unsigned m = r.live & link_vcs; m; m &= m - 1) {  // input VC (p, v): its buffered flits
        const int i = std::countr_zero(m), iv = base + i;
        const InVc& s = in_vcs_[std::size_t(iv)];
        int mine = 0;
        for (int k = 0, at = ring_head(iv); k < s.count; ++k, at = at + 1 == B ? 0 : at + 1)
          mine += packets_[slot(iv, at).pkt].tag == tag;
        if (mine > 0) {
          ChannelUse u = feeding(n, i / V);
          u.flits = mine;
          facts.push_back(u);
        }
      }
    }
  });
  for (const FlitEvent& e : flit_ch_)
    if (packets_[e.f.pkt].tag == tag) {
      const int local = vc_bit(e.node, e.in_vc);
      ChannelUse u = feeding(e.node, local / V);
      u.flits = 1;
      facts.push_back(u);
    }
  std::sort(facts.begin(), facts.end(),
            [](const ChannelUse& a, const ChannelUse& b) { return a.node != b.node ? a.node < b.node : a.port < b.port; });
  std::vector<ChannelUse> out;
  for (const ChannelUse& f : facts) {
    if (out.empty() || out.back().node != f.node || out.back().port != f.port) {
      out.push_back(f);
    } else {
      out.back().flits += f.flits;
      out.back().held = out.back().held || f.held;
    }
  }
  return out;
}

NetStats Network::stats() const {
  NetStats s = stats_;
  s.flit_hops = 0;  // the links' counts are the only record (nothing more on the step's hot path)
  for (const std::uint64_t f : link_flits_) s.flit_hops += f;
  s.flits_in_flight = s.flits_queued + s.flits_buffered + s.flits_on_links;
  if (s.packets_delivered) {
    s.mean_latency = double(s.total_latency) / double(s.packets_delivered);
    s.mean_blocking = double(s.total_blocking) / double(s.packets_delivered);
    s.mean_queueing = double(s.total_queueing) / double(s.packets_delivered);
  }
  return s;
}

void Network::audit() const {
  by_ports([&]<int P>() { audit_routers<P>(); });
}

template <int P>
void Network::audit_routers() const {
  constexpr int kPorts = P + 1;
  const int V = vcs_, B = config_.buffer_flits;
  ALLOCLAB_CHECK(due_next_count_ <= std::size_t(nodes_), "%zu routers listed for the next cycle on %d nodes", due_next_count_, nodes_);
  for (std::size_t k = 0; k < due_next_count_; ++k)
    ALLOCLAB_CHECK(listed_for_[std::size_t(due_next_[k])] == cycle_, "router %d listed for cycle %lld with stamp %lld", due_next_[k],
                   (long long)cycle_, (long long)listed_for_[std::size_t(due_next_[k])]);
  // Flits and credits on the wires, by destination.
  std::vector<int> wire_flits(in_vcs_.size(), 0), wire_credits(out_vcs_.size(), 0);
  for (const FlitEvent& e : flit_ch_) ++wire_flits[e.in_vc];
  // Credits are on the wires between steps only with flow_control = credit (refill applies them
  // within the cycle); credited_ lists each router with returned credits once.
  ALLOCLAB_CHECK(refill_ ? credited_.empty() : credited_.size() <= std::size_t(nodes_), "%zu routers credited between steps",
                 credited_.size());
  ALLOCLAB_CHECK(applying_.empty(), "%zu routers left with credits to apply", applying_.size());
  std::vector<int> listed(std::size_t(nodes_), 0);
  for (const std::int32_t n : credited_) ++listed[std::size_t(n)];
  for (int n = 0; n < nodes_; ++n) {
    const unsigned back = returned_[returning_ + std::size_t(n)], other = returned_[(returning_ ^ std::size_t(nodes_)) + std::size_t(n)];
    ALLOCLAB_CHECK(listed[std::size_t(n)] == (back != 0 ? 1 : 0) && other == 0,
                   "router %d with returned credits %x (%x applied) listed %d times", n, back, other, listed[std::size_t(n)]);
    for (int b = 0; b < kPorts * V; ++b) wire_credits[std::size_t(n * kPorts * V + b)] = back >> b & 1;
  }
  for (const FlitEvent& e : flit_ch_)
    ALLOCLAB_CHECK(e.node == e.in_vc / (kPorts * V), "flit event for input VC %d names node %d", e.in_vc, e.node);
  std::int64_t buffered = 0, queued = 0;
  for (int n = 0; n < nodes_; ++n) {
    const Router<P>& r = routers<P>()[std::size_t(n)];
    // Credits of output VC bit b: with 1-flit buffers the out_credit bit is the count.
    auto credits = [&](int b) { return B == 1 ? int(r.out_credit >> b & 1u) : int(out_vcs_[std::size_t(n * kPorts * V + b)].credits); };
    int here = 0;
    for (int p = 0; p < kPorts; ++p)
      for (int v = 0; v < V; ++v) {
        const int iv = iv_index(n, p, v);
        const InVc& s = in_vcs_[iv];
        if (p == P) {
          ALLOCLAB_CHECK(s.count == (v == 0 && queued_packets(n) > 0 ? 1 : 0), "node %d injection VC count %d", n, int(s.count));
          ALLOCLAB_CHECK((s.count == 0) == (s.state == kIdle), "node %d injection VC state %d", n, int(s.state));
        } else {
          ALLOCLAB_CHECK(int(s.count) <= B, "node %d input VC %d holds %d flits (buffer %d)", n, iv, int(s.count), B);
          ALLOCLAB_CHECK(wire_flits[iv] <= 1, "node %d input VC %d receives %d flits in one cycle", n, iv, wire_flits[iv]);
          ALLOCLAB_CHECK(s.state != kIdle || s.count == 0, "node %d input VC %d idle with %d flits", n, iv, int(s.count));
          if (B > 1)
            ALLOCLAB_CHECK(int(ring_head_[std::size_t(iv)]) < B, "node %d input VC %d ring head %d (buffer %d)", n, iv,
                           int(ring_head_[std::size_t(iv)]), B);
          else  // the one flit of a routing VC is its packet's head
            ALLOCLAB_CHECK(s.state != kRouting || (s.count == 1 && (s.marks & kHead)), "node %d input VC %d routes without its head", n, iv);
          here += s.count;
        }
        if (s.state == kActive) {
          const OutVc& o = out_vcs_[std::size_t(n * kPorts * V + s.target)];
          ALLOCLAB_CHECK(o.owner == Byte(p * V + v), "node %d input VC %d is active but does not own its output VC", n, iv);
        }
        if (p < P && has_link(n, p)) {  // output VC (n, p, v) feeds a link
          const OutVc& o = out_vcs_[iv];
          const int down = iv_index(link_to_[link_index(n, p)], opposite_port(p), v);
          ALLOCLAB_CHECK(o.credits >= 0 && o.credits <= B && (B > 1 || o.credits == 0), "node %d port %d vc %d has %d credits", n, p, v, o.credits);
          const int total = credits(p * V + v) + in_vcs_[down].count + wire_flits[down] + wire_credits[iv];
          ALLOCLAB_CHECK(total == B, "credit conservation broken on link node %d port %d vc %d: %d != %d at cycle %lld", n,
                         p, v, total, B, (long long)cycle_);
        }
        if (out_vcs_[iv].owner != kNoOwner) {
          ALLOCLAB_CHECK(out_vcs_[iv].owner < kPorts * V, "node %d output VC %d: owner bit %d", n, iv, int(out_vcs_[iv].owner));
          const InVc& h = in_vcs_[std::size_t(n * kPorts * V + out_vcs_[iv].owner)];
          ALLOCLAB_CHECK(h.state == kActive && h.target == p * V + v, "node %d output VC %d has a stale owner", n, iv);
        }
      }
    // The Router masks agree with the VC states (bit i = p*V + v, for input and output VCs).
    unsigned active = 0, routed = 0, out_free = 0, out_credit = 0;
    for (int i = 0; i < kPorts * V; ++i) {
      const int iv = n * kPorts * V + i, p = i / V;
      const InVc& s = in_vcs_[std::size_t(iv)];
      const OutVc& o = out_vcs_[std::size_t(iv)];
      active |= unsigned(s.state == kActive) << i;
      routed |= unsigned(s.state == kRouting &&
                         (config_.routing_delay == 0 || packets_[s.pkt].route_ready < cycle_))
                << i;
      out_free |= unsigned(o.owner == kNoOwner) << i;
      out_credit |= unsigned(p == P || (has_link(n, p) && credits(i) > 0)) << i;
    }
    for (int i = 0; i < kPorts * V; ++i) {
      const unsigned tg = in_vcs_[std::size_t(n * kPorts * V + i)].target;
      ALLOCLAB_CHECK(tg < unsigned(kPorts * V) && (r.wanted_by[tg] >> i & 1u) && bool(r.target_free >> i & 1u) == bool(out_free >> tg & 1u) &&
                         bool(r.target_credit >> i & 1u) == bool(out_credit >> tg & 1u),
                     "node %d input VC %d: target %u not mirrored in wanted_by/target_free/target_credit at cycle %lld", n, i, tg, (long long)cycle_);
    }
    for (int p = 0; p < kPorts; ++p)  // evaluate's VC preference update relies on this
      ALLOCLAB_CHECK(std::popcount(unsigned(r.preferred_vc) >> (p * V) & ((1u << V) - 1)) == 1,
                     "node %d input port %d prefers %x (one VC expected)", n, p, unsigned(r.preferred_vc) >> (p * V) & 3u);
    for (int o = 0, seen = 0; o < kPorts * V; ++o) {
      ALLOCLAB_CHECK((seen & r.wanted_by[o]) == 0 && r.wanted_by[o] < (1u << (kPorts * V)), "node %d: input VCs listed twice in wanted_by", n);
      seen |= r.wanted_by[o];
    }
    ALLOCLAB_CHECK(r.active == active && r.routed == routed && r.out_free == out_free && r.out_credit == out_credit,
                   "node %d: router masks (active %x routed %x free %x credit %x) disagree with its VCs (%x %x %x %x) "
                   "at cycle %lld",
                   n, unsigned(r.active), unsigned(r.routed), unsigned(r.out_free), unsigned(r.out_credit), active, routed,
                   out_free, out_credit, (long long)cycle_);
    for (int i = 0; i < kPorts * V; ++i)
      ALLOCLAB_CHECK(bool(r.live >> i & 1u) == (in_vcs_[n * kPorts * V + i].count > 0), "node %d live mask bit %d wrong", n, i);
    const int q = queued_packets(n);
    if (q > 0) queued += std::int64_t(q) * config_.packet_flits - source_next_flit_[n];
    buffered += here;
  }
  ALLOCLAB_CHECK(buffered == stats_.flits_buffered && queued == stats_.flits_queued &&
                     std::int64_t(flit_ch_.size()) == stats_.flits_on_links,
                 "flit counters disagree with the state at cycle %lld", (long long)cycle_);
  ALLOCLAB_CHECK(stats_.flits_injected == stats_.flits_ejected + buffered + queued + std::int64_t(flit_ch_.size()),
                 "flit conservation broken at cycle %lld", (long long)cycle_);
}

}  // namespace alloclab
