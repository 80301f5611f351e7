// job_traffic.cpp — communication phases: injection of a job's pattern, delivery counting.
#include "job_traffic.hpp"
#include <cstdint>
#include "../core/check.hpp"

namespace alloclab {

JobTraffic::JobTraffic(const Topology& t, const PatternInfo& pattern, const NetConfig& cfg, Rng rng, int iterations,
                       double compute_time)
    : topo_(t), pattern_(&pattern), net_(t, cfg), rng_(rng), iterations_(iterations), compute_time_(compute_time) {}

bool JobTraffic::inject(JobRecord& r, double now) {
  // the network's clock catches up with an idle gap (never skips work); now is a whole cycle
  const auto c = std::int64_t(now);
  if (net_.idle() && net_.cycle() < c) net_.skip_to(c);
  ALLOCLAB_CHECK(double(c) == now && net_.cycle() == c, "job %d communicates at time %g, network cycle %lld", r.id, now,
                 (long long)net_.cycle());
  msgs_.clear();
  pattern_messages(*pattern_, logical_nodes(topo_, r.alloc, r.shape), r.shape, rng_, msgs_);
  r.packets_left = (long long)msgs_.size();
  for (const auto& m : msgs_) net_.inject(m.first, m.second, r.id);
  return r.packets_left == 0;
}

bool JobTraffic::delivered(JobRecord& r) {
  ALLOCLAB_CHECK(r.packets_left > 0, "job %d received more packets than it sent", r.id);
  return --r.packets_left == 0;
}

std::vector<Delivered> JobTraffic::cycle() {
  net_.step();
  return net_.take_delivered();
}

}  // namespace alloclab
