// run_metrics.cpp — accumulation of one replication's statistics and its Results.
#include "run_metrics.hpp"
#include <algorithm>
#include "../net/network.hpp"

namespace alloclab {

namespace {
constexpr double kSlowdownBound = 10;  // mean_bounded_slowdown: run times below this count as this
double bounded_slowdown(const JobRecord& r) {
  return std::max(1.0, (r.end - r.arrival) / std::max(r.end - r.start, kSlowdownBound));
}
}  // namespace

RunMetrics::RunMetrics(const Topology& t, long long warmup, const PodInfo* pod, bool ocs)
    : warmup_(warmup), nodes_(t.nodes()), dispersal_meter_(t), window_open_(warmup == 0) {
  util_.reset(0);
  jobs_in_sys_.reset(0);
  failed_share_.reset(0);
  if (pod) {
    pod_.emplace(*pod, nodes_, ocs);
    pod_->reset(0);
  }
}

void RunMetrics::advance(double t) {
  if (!window_open_) return;
  util_.advance(t, double(busy_requested_) / double(nodes_));
  jobs_in_sys_.advance(t, double(in_system_));
  failed_share_.advance(t, double(failed_chips_) / double(nodes_));
  if (pod_) pod_->advance(t);
}

void RunMetrics::arrived(JobId id) {
  ++in_system_;
  if (measured(id)) ++arrived_measured_;
}

void RunMetrics::decision(long long ops) {
  if (!window_open_) return;
  alloc_ops_.add(double(ops));
  max_alloc_ops_ = std::max(max_alloc_ops_, double(ops));
}

void RunMetrics::failed(int area, int free_nodes) {
  if (!window_open_) return;
  ++failures_;
  if (free_nodes >= area) ext_frag_.add(double(free_nodes) / double(nodes_));
}

void RunMetrics::dropped(JobId id) {
  --in_system_;
  if (measured(id)) ++dropped_;
}

void RunMetrics::started(JobId id, int area, bool first) {
  if (measured(id) && first) ++started_measured_;
  busy_requested_ += area;
  if (pod_) pod_->started(area);
}

void RunMetrics::killed(const JobRecord& r, double kept) {
  busy_requested_ -= r.chips();
  if (window_open_) {
    ++killed_;
    if (kept > 0) good_chip_time_ += double(r.chips()) * std::max(0.0, r.start + kept - std::max(r.held, window_start_));
  }
  if (pod_) pod_->departed(r.chips(), false, 0, 0);
}

void RunMetrics::abandoned(JobId id) {
  --in_system_;
  if (measured(id)) ++abandoned_;
}

void RunMetrics::departed(const JobRecord& r, long long release_ops, double now, long long departed) {
  if (window_open_) release_ops_.add(double(release_ops));
  if (window_open_) good_chip_time_ += double(r.chips()) * (r.end - std::max(r.held, window_start_));
  busy_requested_ -= r.chips();
  --in_system_;
  if (window_open_) ++window_departures_;
  if (measured(r.id)) {
    response_.add(r.end - r.arrival);
    wait_.add(r.start - r.arrival);
    service_.add(r.end - r.start);
    blocks_.add(double(r.alloc.blocks.size()));
    long long nodes = 0;  // r.alloc.nodes(), counted by the dispersal pass
    dispersal_.add(dispersal_meter_.dispersal(r.alloc, nodes));
    contiguous_.add(r.alloc.blocks.size() == 1 ? 1 : 0);
    bounded_slowdown_.add(bounded_slowdown(r));
    requested_nodes_ += r.chips();
    allocated_nodes_ += double(nodes);
  }
  if (pod_) pod_->departed(r.chips(), measured(r.id), r.start - r.arrival, bounded_slowdown(r));
  if (!window_open_ && departed >= warmup_) {
    window_open_ = true;
    window_start_ = now;
    util_.reset(now);
    jobs_in_sys_.reset(now);
    failed_share_.reset(now);
    if (pod_) pod_->reset(now);
  }
  window_end_ = now;
}

void RunMetrics::packet(JobId id, const Delivered& d) {
  if (!measured(id)) return;
  // latency from entering the network; the wait in the source queue behind the node's earlier
  // packets apart; Bani-Ahmad 2013's blocking: cycles the head waited at routers on its
  // path
  pkt_latency_.add(double(d.latency()));
  pkt_queueing_.add(double(d.source_wait));
  pkt_blocking_.add(double(d.blocked_cycles));
}

Results RunMetrics::results() const {
  Results r;
  r.jobs_completed = double(response_.count());
  r.utilization = util_.mean();
  r.mean_response_time = response_.mean();
  r.mean_wait_time = wait_.mean();
  r.mean_service_time = service_.mean();
  r.mean_jobs_in_system = jobs_in_sys_.mean();
  const double span = window_end_ - window_start_;
  r.throughput = span > 0 ? double(window_departures_) / span : 0;
  r.external_fragmentation = ext_frag_.mean();
  r.internal_fragmentation = requested_nodes_ > 0 ? (allocated_nodes_ - requested_nodes_) / requested_nodes_ : 0;
  r.mean_blocks_per_job = blocks_.mean();
  r.mean_dispersal = dispersal_.mean();
  r.contiguous_fraction = contiguous_.mean();
  r.makespan = window_end_;
  r.jobs_dropped = double(dropped_);
  r.mean_packet_latency = pkt_latency_.mean();
  r.mean_packet_blocking = pkt_blocking_.mean();
  r.mean_packet_queueing = pkt_queueing_.mean();
  r.network_cycles = double(net_cycles_);
  r.effectiveness = arrived_measured_ ? double(started_measured_) / double(arrived_measured_) : 0;
  r.unreliability = arrived_measured_ ? 1 - r.effectiveness : 0;
  r.completion_ratio = arrived_measured_ ? double(response_.count()) / double(arrived_measured_) : 0;
  r.allocation_failures = double(failures_);
  r.mean_bounded_slowdown = bounded_slowdown_.mean();
  r.mean_allocation_ops = alloc_ops_.mean();
  r.max_allocation_ops = max_alloc_ops_;
  r.mean_release_ops = release_ops_.mean();
  r.utilization_sd = util_.sd();
  if (pod_) {
    pod_->fill(r);
    r.pod_goodput = span > 0 ? good_chip_time_ / (double(nodes_) * span) : 0;
    r.pod_availability = 1 - failed_share_.mean();
    r.pod_jobs_killed = double(killed_);
    r.pod_jobs_abandoned = double(abandoned_);
  }
  return r;
}

}  // namespace alloclab
