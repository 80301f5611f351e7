// host_outages.cpp — what host failures do to a run (host_outages.hpp).
#include "host_outages.hpp"
#include <algorithm>
#include <cstdio>
#include "core/check.hpp"
#include "alloc/strategy.hpp"

namespace alloclab {

void HostOutages::start(EventQueue& events) {
  hosts_.start([&events](double t, int h) { events.push(t, EventKind::HostFailure, h); });
}

bool HostOutages::set_failure(int h, double at, double repair, double now, EventQueue& events) {
  if (!(at >= now) || !hosts_.set_failure(h, at, repair)) return false;
  events.push(at, EventKind::HostFailure, h);
  return true;
}

std::string job_text(const QueuedJob& q) {
  const Shape& s = q.shape;
  return "job " + std::to_string(q.id) + " (" + std::to_string(s.w) + "x" + std::to_string(s.h) +
         (s.d > 1 ? "x" + std::to_string(s.d) : std::string()) + ")";
}

HostOutages::Failure HostOutages::on_failure(int h, const RunParts& run) {
  Failure out;
  if (!hosts_.due(h, run.now)) return out;
  const double back = hosts_.fail(h, run.now);
  const Block b = hosts_.block(h);
  std::vector<JobId> victims;  // every job with a chip on the host, in id order
  run.topo.for_each_node(b, [&](int x, int y, int z) {
    if (const JobId o = run.occ.owner(x, y, z); o != kNoJob) victims.push_back(o);
  });
  std::sort(victims.begin(), victims.end());
  victims.erase(std::unique(victims.begin(), victims.end()), victims.end());
  for (JobId j : victims)
    if (std::optional<Error> e = kill(j, run); e && !out.error) out.error = std::move(e);
  const Allocation held{{b}};
  run.occ.assign(held, kFailedHost);
  (void)run.alloc.allocated(kFailedHost, held);  // (ends a failure the allocator would replay)
  run.metrics.failed_chips(hosts_.failed_chips());
  run.events.push(back, EventKind::HostRepair, h);
  out.killed = int(victims.size());
  return out;
}

void HostOutages::on_repair(int h, const RunParts& run) {
  const Allocation held{{hosts_.block(h)}};
  run.occ.release(held, kFailedHost);
  (void)run.alloc.released(kFailedHost, held);
  if (const std::optional<double> next = hosts_.repair(h, run.now)) run.events.push(*next, EventKind::HostFailure, h);
  run.metrics.failed_chips(hosts_.failed_chips());
}

bool HostOutages::stale_departure(JobId id, const RunningJobs& running, double now) const {
  if (kills_ == 0) return false;
  const JobRecord* k = running.find(id);
  return !k || k->end != now;
}

// The killed run keeps the work up to its last checkpoint (checkpoint = 0: none, it restarts from
// scratch: its whole service again); its estimate shrinks by the same work (to the rest of its
// service if that leaves nothing). At the kill after max_restarts restarts the job is given up.
std::optional<Error> HostOutages::kill(JobId id, const RunParts& run) {
  JobRecord r = run.running.remove(id);
  ALLOCLAB_CHECK(r.end < 0 || r.end >= run.now, "job %d killed at time %g after its end %g", id, run.now, r.end);
  run.occ.release(r.alloc, id);
  (void)run.alloc.released(id, r.alloc);
  ++kills_;
  if (max_restarts_ != kUnlimitedRestarts && r.restarts >= max_restarts_) {
    run.metrics.killed(r);
    run.metrics.abandoned(id);
    given_up_.insert(id);
    return std::nullopt;
  }
  const double kept = checkpointed_work(run.now - r.start, checkpoint_);  // (the run's start may be ahead: alloc_cost)
  run.metrics.killed(r, kept);
  const QueuedJob q{.id = id, .arrival = r.arrival, .service = r.service - kept,
                    .estimate = r.estimate - kept > 0 ? r.estimate - kept : r.service - kept, .shape = r.shape,
                    .slices = r.slices, .restarts = r.restarts + 1};
  run.sched.enqueue(q);
  if (max_restarts_ != kUnlimitedRestarts) return std::nullopt;
  const double stretch = checkpoint_ > 0 ? std::min(q.service, checkpoint_) : q.service;
  const int hosts = hosts_of(hosts_.pod(), r.alloc);
  const double p = run_survival(hosts, stretch, hosts_.mtbf());
  if (p * kMaxExpectedRuns >= 1) return std::nullopt;
  char odds[64];
  std::snprintf(odds, sizeof odds, "%.3g (about %.3g runs expected)", p, 1 / p);
  return Error{job_text(q) + " cannot be expected to finish: a host failure killed it at time " + format_number(run.now) + ", and its " +
               std::to_string(hosts) + " hosts all stay up through " +
               (checkpoint_ > 0 && stretch < q.service ? "the " + format_number(stretch) + " of work to its next checkpoint"
                                                       : "a run of " + format_number(stretch)) +
               " with probability " + odds + " at host_mtbf=" + format_number(hosts_.mtbf()) +
               "; give such jobs up (max_restarts=N), keep their work (checkpoint=T) or raise host_mtbf"};
}

bool HostOutages::fits_healthy_machine(const QueuedJob& head, const Scenario& s, const Topology& topo) {
  if (head.id == fit_checked_) return true;  // (checked once per head: it fitted)
  fit_checked_ = head.id;
  Occupancy healthy(topo);
  Rng rng(0);  // (a throw-away stream: the run's own does not move)
  return find_strategy(s.strategy)->make(topo, s.strat)->allocate(request_of(head), healthy, rng).has_value();
}

std::vector<Block> HostOutages::failed_blocks() const {
  std::vector<Block> out;
  for (int h : hosts_.failed_list()) out.push_back(hosts_.block(h));  // (increasing, as before)
  return out;
}

}  // namespace alloclab
