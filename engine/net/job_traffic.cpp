// job_traffic.cpp — communication phases: injection of a job's pattern, delivery counting.
#include "job_traffic.hpp"
#include <cstdint>
#include "../core/check.hpp"

namespace alloclab {

JobTraffic::JobTraffic(const Topology& t, const PatternInfo& pattern, const NetConfig& cfg, Rng rng, int iterations,
                       double compute_time, CollectiveSize collective)
    : topo_(t), pattern_(&pattern), net_(t, cfg), rng_(rng), iterations_(iterations), compute_time_(compute_time), cfg_(cfg),
      size_(collective) {}

bool JobTraffic::inject(JobRecord& r, double now) {
  // the network's clock catches up with an idle gap (never skips work); now is a whole cycle
  const auto c = std::int64_t(now);
  if (net_.idle() && net_.cycle() < c) net_.skip_to(c);
  ALLOCLAB_CHECK(double(c) == now && net_.cycle() == c, "job %d communicates at time %g, network cycle %lld", r.id, now,
                 (long long)net_.cycle());
  if (collective()) {
    std::vector<int> nodes = logical_nodes(topo_, r.alloc, r.shape);
    AllreducePlan plan = allreduce_plan(pattern_->collective, r.shape, size_.bytes, size_.flit_bytes, cfg_.packet_flits);
    if (plan.steps() == 0) {  // one chip: nothing to reduce
      r.packets_left = 0;
      return true;
    }
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
    if (it->second.delivered(d, net_)) {
      last_ = timing_.at(r.id);
      last_.time = double(d.delivered) - last_.time;
      runs_.erase(it);
      timing_.erase(r.id);
    }
  }
  return --r.packets_left == 0;
}

std::vector<Delivered> JobTraffic::cycle() {
  net_.step();
  return net_.take_delivered();
}

}  // namespace alloclab
