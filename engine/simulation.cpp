// simulation.cpp — the event loop of one replication and the wiring of its parts.
//
// Sections: creation (Simulation, create) · event loop (step, observe_pod, next_time, run,
// advance_clock) · events (arrival, departure, network cycle, compute and communication phases,
// host failures: host_outages.hpp) · scheduler actions (the SchedContext calls, decide, charge,
// start_job, plan_into) · checks (audit).
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
    else if (e.kind == EventKind::HostRepair) outages_->on_repair(e.job, parts()), pod_changed_ = true;
    else if (e.kind == EventKind::HostFailure) acted = on_host_failure(e.job);
    else if (e.kind == EventKind::Arrival) on_arrival(e.job);
    else if (e.kind == EventKind::Iteration) begin_iteration(running_.at(e.job));  // (a wake-up only runs the scheduler)
    if (!acted) return true;
  }
  schedule_pass();
  if (pod_changed_) observe_pod();
  if (sc_.check) audit();
  return true;
}

Error Simulation::never_placed(const QueuedJob& q) const {
  return Error{job_text(q) + " can never be placed by strategy '" + sc_.strategy + "' on this machine"};
}

void Simulation::observe_pod() {
  pod_changed_ = false;
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
  std::optional<QueuedJob> q = jobs_.next(sc_);
  if (!q) return;
  ALLOCLAB_CHECK(!pending_, "job %d generated while job %d has not arrived", q->id, pending_ ? pending_->id : kNoJob);
  pending_ = q;
  events_.push(q->arrival, EventKind::Arrival, q->id);
}

void Simulation::on_arrival(JobId id) {
  ALLOCLAB_CHECK(pending_ && pending_->id == id, "arrival of unknown job %d", id);
  const QueuedJob q = *pending_;
  pending_.reset();
  ++next_id_;
  metrics_.arrived(id);
  if (metrics_.pod()) metrics_.pod_arrival(id, q.shape, occ_);
  sched_->enqueue(q);
  pod_changed_ = true;
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
  pod_changed_ = true;
  const long long release_ops = alloc_.released(id, r.alloc);
  ++departed_;
  metrics_.departed(r, release_ops, now_, departed_);
  if (r.end != r.start + r.estimate) ++surprises_;
  if (r.end > r.start + r.estimate) checker_.estimate_failed(now_);
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
    if (traffic_->delivered(*r, d)) {
      if (traffic_->collective()) {
        const CollectiveTime& c = traffic_->last_collective();
        metrics_.collective(r->id, c.time, c.ideal, c.alone);
      }
      complete_iteration(*r);
    }
  }
}

// The next compute phase (after `extra`: the allocator's time, or compute_time between
// iterations), then the iteration's messages at the next cycle boundary.
void Simulation::begin_compute(JobRecord& r, double extra) {
  const double at = traffic_->compute_end(r, now_, extra);
  if (at > now_) events_.push(at, EventKind::Iteration, r.id);
  else begin_iteration(r);
}

void Simulation::begin_iteration(JobRecord& r) {
  if (traffic_->inject(r, now_)) complete_iteration(r);
}

void Simulation::complete_iteration(JobRecord& r) {
  if (traffic_->next_iteration(r)) {
    begin_compute(r, traffic_->compute_time());
    return;
  }
  r.end = now_;
  events_.push(now_, EventKind::Departure, r.id);
}

// [SECTION] host failures (host_outages.hpp)
bool Simulation::fail_host(int h, double at, double repair) { return outages_ && outages_->set_failure(h, at, repair, now_, events_); }

bool Simulation::on_host_failure(int h) {
  HostOutages::Failure f = outages_->on_failure(h, parts());
  if (f.killed < 0) return false;
  surprises_ += f.killed;          // their departures are not at their estimated ends
  if (f.error && !done_) status_ = std::move(*f.error), done_ = true;
  checker_.estimate_failed(now_);  // reservations made before rest on chips that are gone now
  pod_changed_ = true;
  return true;
}

// [SECTION] scheduler actions
void Simulation::schedule_pass() {
  if (now_ < alloc_.free_at()) {  // busy (only with alloc_cost > 0): one pass when it is free
    wake_at(alloc_.free_at());
    return;
  }
  sched_->schedule(*this);
}

const ProfileView& Simulation::plan() {
  plan_into(plan_);
  return plan_;
}

std::optional<Allocation> Simulation::decide(const QueuedJob& q) {
  if (q.id == watch_) {  // first difference: the decision as Explain shows it
    watched_ = explain(q);
    watched_reserved_ = false;
  }
  return alloc_.decide(Request{q.id, q.shape, q.slices}, occ_);
}

void Simulation::charge(long long ops, bool decision) {
  if (decision) metrics_.decision(ops);
  alloc_.charge(now_, ops);
}

bool Simulation::try_start(const QueuedJob& q) {
  auto a = decide(q);
  if (!a) {
    charge(alloc_.last_ops());
    metrics_.failed(q.chips(), occ_.free_count());
    if (sc_.on_fail == OnFail::Drop) {  // a job that cannot be allocated is not processed
      metrics_.dropped(q.id);
      pod_changed_ = true;
      return true;  // it leaves the queue
    }
    return false;
  }
  start_job(q, std::move(*a), alloc_.last_ops());
  return true;
}

bool Simulation::try_start_if(const QueuedJob& q, const std::function<bool(const Allocation&)>& admit) {
  auto a = decide(q);
  if (!a || !admit(*a)) {
    charge(alloc_.last_ops());  // decided, not applied: the work was done
    return false;
  }
  start_job(q, std::move(*a), alloc_.last_ops());
  return true;
}

bool Simulation::start_reserved(const QueuedJob& j, const Allocation& a) {
  for (const Block& b : a.blocks)
    if (!occ_.block_free(b)) return false;
  if (j.id == watch_) {
    watched_ = explain(j);
    watched_reserved_ = true;
  }
  start_job(j, a, -1);
  return true;
}

void Simulation::start_job(const QueuedJob& q, Allocation a, long long decided_ops) {
  ALLOCLAB_CHECK(!a.blocks.empty() && a.nodes() >= q.chips(),
                 "strategy %s gave job %d %d nodes for a %dx%dx%d request (%d slices)", sc_.strategy.c_str(), q.id, a.nodes(),
                 q.shape.w, q.shape.h, q.shape.d, q.slices);
  if (sc_.check) {
    const std::string v = checker_.started(q.id, now_, running_.overdue(now_));
    ALLOCLAB_CHECK(v.empty(), "schedule checker (scheduler %s, strategy %s): %s", sc_.scheduler.c_str(), sc_.strategy.c_str(), v.c_str());
  }
  if (const PodInfo* pod = sc_.pod()) {  // a pod holds legal slices only
    const std::string v = slice_violation(*pod, sc_.strat.ocs, q.shape, a, q.slices);
    ALLOCLAB_CHECK(v.empty(), "strategy %s gave job %d %s", sc_.strategy.c_str(), q.id, v.c_str());
  }
  occ_.assign(a, q.id);  // (checks that every chip is free: none is given twice)
  pod_changed_ = true;
  const long long bookkeeping = alloc_.allocated(q.id, a);
  metrics_.started(q.id, q.chips(), q.restarts == 0);
  const long long ops = std::max(0LL, decided_ops) + bookkeeping;
  charge(ops, decided_ops >= 0);
  const double start = std::max(now_, alloc_.free_at());  // now_ unless the decision took simulated time
  JobRecord& job = running_.add(JobRecord{.id = q.id, .arrival = q.arrival, .start = start,
                                          .end = traffic_ ? -1 : start + q.service,  // with a network: at its last iteration
                                          .service = q.service, .estimate = q.estimate, .shape = q.shape, .slices = q.slices,
                                          .held = now_, .restarts = q.restarts, .alloc = std::move(a), .alloc_ops = ops});
  if (traffic_) begin_compute(job, job.start - now_);  // the allocator's time first (0 unless alloc_cost > 0)
  else events_.push(job.end, EventKind::Departure, job.id);
}

void Simulation::searched(const QueuedJob& j, long long ops, bool decision, bool failed_now) {
  charge(ops, decision);
  if (failed_now) metrics_.failed(j.chips(), occ_.free_count());  // as try_start counts it
}

void Simulation::plan_into(ProfileView& v) const {
  v.topo = &topo_;
  v.occ = &occ_;
  v.strat = &alloc_.strategy();
  v.rng = &alloc_.rng();
  v.now = now_;
  running_.holdings(v.running);
}

void Simulation::promise(const QueuedJob& j, double start) {
  if (!sc_.check) return;
  const std::string v = checker_.promised(j.id, start, now_, running_.overdue(now_));
  ALLOCLAB_CHECK(v.empty(), "schedule checker (scheduler %s, strategy %s): %s", sc_.scheduler.c_str(), sc_.strategy.c_str(), v.c_str());
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
    plan_into(v);
    const std::string clash = profile_clash(v, res);
    ALLOCLAB_CHECK(clash.empty(), "schedule checker: at time %g %s", now_, clash.c_str());
  }
}

}  // namespace alloclab
