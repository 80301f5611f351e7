// job_traffic.cpp — communication phases: a job's phases as events, injection of its pattern,
// delivery counting.
#include "job_traffic.hpp"
#include <cstdint>
#include "../core/check.hpp"

namespace alloclab {

JobTraffic::JobTraffic(const Topology& t, const PatternInfo& pattern, const NetConfig& cfg, Rng rng, int iterations,
                       double compute_time, CollectiveSize collective, SliceWiring wiring)
    : topo_(t), pattern_(&pattern), net_(t, cfg), rng_(rng), iterations_(iterations), compute_time_(compute_time), cfg_(cfg),
      size_(collective), wiring_(wiring) {}

void JobTraffic::begin_compute(JobRecord& r, double now, double extra, EventQueue& events) {
  const double at = compute_end(r, now, extra);
  if (at > now) events.push(at, EventKind::Iteration, r.id);
  else begin_iteration(r, now, events);
}

void JobTraffic::begin_iteration(JobRecord& r, double now, EventQueue& events) {
  if (inject(r, now)) complete_iteration(r, now, events);
}

void JobTraffic::complete_iteration(JobRecord& r, double now, EventQueue& events) {
  if (next_iteration(r)) {
    begin_compute(r, now, compute_time_, events);
    return;
  }
  r.end = now;
  events.push(now, EventKind::Departure, r.id);
}

bool JobTraffic::inject(JobRecord& r, double now) {
  // the network's clock catches up with an idle gap (never skips work); now is a whole cycle
  const auto c = std::int64_t(now);
  if (idle() && net_.cycle() < c) net_.skip_to(c);
  ALLOCLAB_CHECK(double(c) == now && net_.cycle() == c, "job %d communicates at time %g, network cycle %lld", r.id, now,
                 (long long)net_.cycle());
  if (collective()) {
    AllreducePlan plan = allreduce_plan(pattern_->collective, r.shape, size_.bytes, size_.flit_bytes, cfg_.packet_flits);
    if (plan.steps() == 0) {  // one chip: nothing to reduce
      r.packets_left = 0;
      return true;
    }
    if (wiring_.pod) {  // a cube pod: on the slice's own network, from this cycle (slice_net.hpp)
      const Topology st = slice_topology(wiring_, r.shape);
      NetConfig cfg = cfg_;
      cfg.routing = &default_routing(st);
      std::vector<int> nodes(std::size_t(st.nodes()));
      for (int i = 0; i < st.nodes(); ++i) nodes[std::size_t(i)] = i;  // chip (x, y, z) of the slice is node (x, y, z)
      const std::array<int, 5> key{st.width(), st.height(), st.depth(),
                                   (st.wraps_dim(0) ? 1 : 0) | (st.wraps_dim(1) ? 2 : 0) | (st.wraps_dim(2) ? 4 : 0),
                                   st.twisted() ? 1 : 0};
      auto [at, fresh] = slice_alone_.try_emplace(key, 0);
      if (fresh) at->second = allreduce_alone(plan, nodes, st, cfg);
      timing_[r.id] = CollectiveTime{now, plan.ideal, double(at->second)};
      ALLOCLAB_CHECK(!slice_nets_.count(r.id), "job %d starts an all-reduce while one is running", r.id);
      Network& net = slice_nets_.try_emplace(r.id, st, cfg).first->second;
      net.skip_to(c);
      const auto it = runs_.insert_or_assign(r.id, AllreduceRun(std::move(plan), std::move(nodes), r.id, net)).first;
      r.packets_left = it->second.packets();
      return false;
    }
    std::vector<int> nodes = logical_nodes(topo_, r.alloc, r.shape);
    auto [at, fresh] = alone_.try_emplace(nodes, 0);
    if (fresh) at->second = allreduce_alone(plan, nodes, topo_, cfg_);
    timing_[r.id] = CollectiveTime{now, plan.ideal, double(at->second)};
    const auto it = runs_.insert_or_assign(r.id, AllreduceRun(std::move(plan), std::move(nodes), r.id, net_)).first;
    r.packets_left = it->second.packets();
    return false;
  }
  msgs_.clear();
  pattern_messages(*pattern_, logical_nodes(topo_, r.alloc, r.shape), r.shape, rng_, msgs_);
  r.packets_left = (long long)msgs_.size();
  for (const auto& m : msgs_) net_.inject(m.first, m.second, r.id);
  return r.packets_left == 0;
}

bool JobTraffic::delivered(JobRecord& r, const Delivered& d) {
  ALLOCLAB_CHECK(r.packets_left > 0, "job %d received more packets than it sent", r.id);
  if (collective()) {
    const auto it = runs_.find(r.id);
    ALLOCLAB_CHECK(it != runs_.end(), "job %d: a packet with no all-reduce running", r.id);
    const auto own = slice_nets_.find(r.id);
    if (it->second.delivered(d, own != slice_nets_.end() ? own->second : net_)) {
      last_ = timing_.at(r.id);
      last_.time = double(d.delivered) - last_.time;
      runs_.erase(it);
      timing_.erase(r.id);
      if (own != slice_nets_.end()) slice_nets_.erase(own);
    }
  }
  return --r.packets_left == 0;
}

std::vector<Delivered> JobTraffic::cycle() {
  net_.step();
  std::vector<Delivered> out = net_.take_delivered();
  for (auto& [job, net] : slice_nets_) {
    ALLOCLAB_CHECK(net.cycle() == net_.cycle() - 1, "job %d's slice network is at cycle %lld, the machine's at %lld", job,
                   (long long)net.cycle(), (long long)net_.cycle() - 1);
    net.step();
    for (const Delivered& d : net.take_delivered()) out.push_back(d);
  }
  return out;
}

void JobTraffic::audit() const {
  net_.audit();
  for (const auto& [job, net] : slice_nets_) net.audit();
}

}  // namespace alloclab
