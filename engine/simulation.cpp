// simulation.cpp — the event loop of one replication and the wiring of its parts.
//
// Sections: creation (Simulation, create) · event loop (step, observe_pod, next_time, run,
// advance_clock) · events (arrival, departure, network cycle; the communication phases are
// job_traffic.hpp's) · host failures (host_outages.hpp) · scheduler passes (the scheduler's
// actions: job_starts.hpp) · checks (audit).
#include "simulation.hpp"
#include <algorithm>
#include <cmath>
#include "alloc/holdings.hpp"
#include "core/check.hpp"

namespace alloclab {

// [SECTION] creation
Simulation::Simulation(const Scenario& s, std::uint64_t seed)
    : sc_(s), topo_(s.topo()), occ_(topo_),
      alloc_(find_strategy(s.strategy)->make(topo_, s.strat), Rng(derive_seed(seed, kAllocStream)), s.strategy,
             s.alloc_cost, s.check),
      sched_(find_scheduler(s.scheduler)->make(s.sched)), jobs_(s, Rng(derive_seed(seed, kWorkStream))),
      metrics_(topo_, s.warmup, s.pod(), s.strat.ocs) {
  if (const PatternInfo* p = find_pattern(s.pattern); p->network())
    traffic_.emplace(topo_, *p,
                     NetConfig{s.packet_flits, s.buffer_flits, s.routing_delay, s.flow_control, routing_for(s.routing, topo_)},
                     Rng(derive_seed(seed, kCommStream)), s.comm_iterations, s.compute_time,
                     CollectiveSize{s.allreduce_bytes, s.flit_bytes},
                     SliceWiring{s.pod() && s.pod()->cubes() ? s.pod() : nullptr, s.strat.ocs, s.twist});
  if (const PodInfo* pod = s.pod()) outages_.emplace(s, *pod, Rng(derive_seed(seed, kFailStream)));
}

Result<Simulation> Simulation::create(const Scenario& s, int rep) {
  if (Status st = validate(s); !st) return st.error();
  Simulation sim(s, replication_seed(s, rep));
  sim.schedule_next_arrival();
  if (sim.outages_) sim.outages_->start(sim.events_);
  sim.observe_pod();
  return sim;
}

// [SECTION] event loop
bool Simulation::step() {
  if (done_) return false;
  const bool net_busy = traffic_ && !traffic_->idle();
  const double next_cycle = traffic_ ? double(traffic_->now_cycle() + 1) : HUGE_VAL;
  // Nothing left: the run ends (at the time limit if any). Host events alone keep it going only
  // while jobs wait for a host to be repaired.
  const bool nothing_left = events_.job_events() == 0 && !(outages_ && outages_->keeps_going(sched_->size()));
  if (nothing_left && !net_busy) {
    if (sc_.time_limit > 0) {
      advance_clock(std::max(now_, sc_.time_limit));
      metrics_.stop(now_);
    }
    if (sched_->size() > 0) status_ = never_placed(sched_->queue().front());
    done_ = true;
    return false;
  }
  if (!net_busy && events_.job_events() == 0 && sched_->size() > 0 && !outages_->fits_healthy_machine(*sched_->front(), sc_, topo_)) {
    status_ = never_placed(*sched_->front());  // (nothing runs, jobs wait, hosts are down: they would wait for ever)
    done_ = true;
    return false;
  }
  if (sc_.time_limit > 0 && !events_.empty() && events_.next_time() > sc_.time_limit &&
      (!net_busy || next_cycle > sc_.time_limit)) {  // the window ends here
    advance_clock(sc_.time_limit);
    metrics_.stop(sc_.time_limit);
    done_ = true;
    return false;
  }
  if (net_busy && (events_.empty() || events_.next_time() >= next_cycle)) {
    network_cycle();  // the network moves before job events at the same time
  } else {
    const Event e = events_.pop();
    if (e.kind == EventKind::Departure && outages_ && outages_->given_up(e.job)) return true;  // a given-up run's: nothing happens, not even time
    advance_clock(e.time);
    bool acted = true;  // (a skipped event runs no scheduler pass)
    if (e.kind == EventKind::Departure) acted = on_departure(e.job);
    else if (e.kind == EventKind::HostRepair) outages_->on_repair(e.job, parts()), starts_.changed = true;
    else if (e.kind == EventKind::HostFailure) acted = on_host_failure(e.job);
    else if (e.kind == EventKind::Arrival) on_arrival(e.job);
    else if (e.kind == EventKind::Iteration) traffic_->begin_iteration(running_.at(e.job), now_, events_);  // (a wake-up only runs the scheduler)
    if (!acted) return true;
  }
  schedule_pass();
  if (starts_.changed) observe_pod();
  if (sc_.check) audit();
  return true;
}

Error Simulation::never_placed(const QueuedJob& q) const {
  return Error{job_text(q) + " can never be placed by strategy '" + sc_.strategy + "' on this machine"};
}

void Simulation::observe_pod() {
  starts_.changed = false;
  if (!metrics_.pod()) return;
  const QueuedJob* head = sched_->front();
  metrics_.pod_state(occ_, head ? &head->shape : nullptr);
}

double Simulation::next_time() const {
  double t = events_.next_time();
  if (traffic_ && !traffic_->idle()) t = std::min(t, double(traffic_->now_cycle() + 1));
  return t;
}

Status Simulation::run() {
  while (step()) {
  }
  return status_;
}

void Simulation::advance_clock(double t) {
  ALLOCLAB_CHECK(t >= now_, "time went backwards: %g < %g", t, now_);
  metrics_.advance(t);
  now_ = t;
}

// [SECTION] events
void Simulation::schedule_next_arrival() {
  if (const QueuedJob* q = jobs_.draw(sc_)) events_.push(q->arrival, EventKind::Arrival, q->id);
}

void Simulation::on_arrival(JobId id) {
  const QueuedJob q = jobs_.arrive(id);
  ++next_id_;
  metrics_.arrived(id);
  if (metrics_.pod()) metrics_.pod_arrival(id, q.shape, occ_);
  sched_->enqueue(q);
  starts_.changed = true;
  if ((long long)sched_->size() > kMaxQueuedJobs && !done_) {  // saturated: stop before memory runs out
    status_ = Error{"more than " + std::to_string(kMaxQueuedJobs) + " jobs waiting at time " + format_number(now_) +
                    ": the machine cannot keep up with the arrivals (lower the arrival rate or jobs)"};
    done_ = true;
    return;
  }
  schedule_next_arrival();
}

bool Simulation::on_departure(JobId id) {
  if (outages_ && outages_->stale_departure(id, running_, now_)) return false;
  JobRecord r = running_.remove(id);
  occ_.release(r.alloc, id);
  starts_.changed = true;
  const long long release_ops = alloc_.released(id, r.alloc);
  ++departed_;
  metrics_.departed(r, release_ops, now_, departed_);
  if (r.end != r.start + r.estimate) ++starts_.surprises;
  if (r.end > r.start + r.estimate) starts_.checker.promises_broken();
  running_.departed(std::move(r), metrics_.measured(id));
  return true;
}

void Simulation::network_cycle() {
  advance_clock(double(traffic_->now_cycle() + 1));
  metrics_.network_cycle();
  for (const Delivered& d : traffic_->cycle()) {
    JobRecord* r = running_.find(d.tag);
    ALLOCLAB_CHECK(r, "packet %llu delivered for job %d which is not running", (unsigned long long)d.packet, d.tag);
    metrics_.packet(d.tag, d);
    if (!traffic_->delivered(*r, d)) continue;
    if (const CollectiveTime& c = traffic_->last_collective(); traffic_->collective()) metrics_.collective(r->id, c.time, c.ideal, c.alone);
    traffic_->complete_iteration(*r, now_, events_);
  }
}

// [SECTION] host failures (host_outages.hpp)
bool Simulation::fail_host(int h, double at, double repair) { return outages_ && outages_->set_failure(h, at, repair, now_, events_); }

bool Simulation::on_host_failure(int h) {
  HostOutages::Failure f = outages_->on_failure(h, parts());
  if (f.killed < 0) return false;
  starts_.surprises += f.killed;  // their departures are not at their estimated ends
  if (f.error && !done_) status_ = std::move(*f.error), done_ = true;
  starts_.checker.promises_broken();  // reservations made before rest on chips that are gone now
  starts_.changed = true;
  return true;
}

// [SECTION] scheduler passes
void Simulation::schedule_pass() {
  if (now_ < alloc_.free_at()) {  // busy (only with alloc_cost > 0): one pass when it is free
    events_.wake_at(alloc_.free_at(), now_);
    return;
  }
  JobStarts ctx(sc_, parts(), traffic_ ? &*traffic_ : nullptr, starts_);
  sched_->schedule(ctx);
}

// [SECTION] checks
bool Simulation::check_invariants() const { return holdings_match(occ_, running_.all(), failed_blocks(), kFailedHost); }

void Simulation::audit() const {
  audit_holdings(occ_, running_.all(), metrics_.busy_requested(), now_, failed_blocks(), kFailedHost);
  ALLOCLAB_CHECK(departed_ + (long long)running_.size() <= next_id_ && metrics_.in_system() >= (long long)running_.size(),
                 "%lld departed + %zu running > %lld arrived (in system %lld) at time %g", departed_, running_.size(), next_id_,
                 metrics_.in_system(), now_);
  ALLOCLAB_CHECK(metrics_.in_system() == (long long)running_.size() + (long long)sched_->size(),
                 "in system %lld != %zu running + %zu queued at time %g", metrics_.in_system(), running_.size(), sched_->size(), now_);
  if (traffic_) traffic_->audit();
  if (const auto res = sched_->reservations(); !res.empty()) {  // conservative: the profile is consistent
    ProfileView v;
    plan_into(v, topo_, occ_, alloc_, running_, now_);
    const std::string clash = profile_clash(v, res);
    ALLOCLAB_CHECK(clash.empty(), "schedule checker: at time %g %s", now_, clash.c_str());
  }
}

}  // namespace alloclab
