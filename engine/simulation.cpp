// simulation.cpp — the event loop, job lifecycle and measurement of one replication.
//
// Sections, in order:
//   streams and kinds   random stream numbers, event kinds (tie-break order)
//   scheduler context   Simulation::Ctx (what a scheduler may see and do)
//   creation            create, schedule_next_arrival, advance_clock
//   decisions           decide, charge, schedule_pass, preview, explain, try_start, start_job
//   communication       begin_compute, begin_iteration, complete_iteration, network_cycle
//   backfilling         reservation, try_backfill, start_reserved, drop, overdue, wake_at, promise
//   events              on_arrival, on_departure, step, next_time, run
//   views and checks    running_job, check_invariants, audit
//   replications        replication_seed, allocation_rng, run_replication
#include "simulation.hpp"
#include <algorithm>
#include <chrono>
#include <cmath>
#include "core/check.hpp"
#include "metrics/dispersal.hpp"
#include "sched/profile.hpp"

namespace alloclab {

namespace {
constexpr std::size_t kRecent = 64;  // departures kept for the UI
// Random streams of one replication: the job stream is independent of the strategy's stream,
// so every strategy sees the same jobs (compare mode, sweeps).
constexpr std::uint64_t kWorkStream = 1, kAllocStream = 2, kCommStream = 3;
// Ring intervals [a, a + w) and [b, b + v) modulo n share a point (on a mesh nothing wraps).
bool axis_overlap(int a, int w, int b, int v, int n) { return (b - a + n) % n < w || (a - b + n) % n < v; }

// Two allocations share a node.
bool overlaps(const Topology& t, const Allocation& a, const Allocation& b) {
  for (const Block& p : a.blocks)
    for (const Block& q : b.blocks)
      if (axis_overlap(p.x, p.w, q.x, q.w, t.width()) && axis_overlap(p.y, p.h, q.y, q.h, t.height())) return true;
  return false;
}
}  // namespace

class Simulation::Ctx final : public SchedContext {
 public:
  explicit Ctx(Simulation& s) : s_(s) {}
  double now() const override { return s_.now_; }
  bool try_start(const QueuedJob& j) override { return s_.try_start(j); }
  // EASY's search for the head's reservation is allocator work: charged as time (not a decision)
  Reservation reservation(const QueuedJob& head) override {
    Reservation r = s_.reservation(head, nullptr);
    s_.charge(r.ops, false);
    return r;
  }
  bool try_backfill(const QueuedJob& j, const QueuedJob& head, Reservation& head_res) override {
    return s_.try_backfill(j, head, head_res);
  }
  bool reservation_holds(const Reservation& r) const override { return s_.reservation_holds(r); }
  bool departs_at(double t) const override { return s_.departs_at(t); }
  Reservation reserve(const QueuedJob& j, std::span<const Reservation> others, std::span<const TimeWindow> forbidden,
                      bool may_start_now) override {
    return s_.reserve(j, others, forbidden, may_start_now);
  }
  bool start_reserved(const QueuedJob& j, const Allocation& a) override { return s_.start_reserved(j, a); }
  long long surprises() const override { return s_.surprises_; }
  bool drops_failures() const override { return s_.sc_.on_fail == OnFail::Drop; }
  void drop(const QueuedJob& j) override { s_.drop(j); }
  void promise(const QueuedJob& j, double start) override { s_.promise(j, start); }
  void wake_at(double t) override { s_.wake_at(t); }

 private:
  Simulation& s_;
};

Simulation::Simulation(const Scenario& s, std::uint64_t seed)
    : sc_(s), topo_(s.topo()), occ_(topo_),
      strategy_(find_strategy(s.strategy)->make(topo_, s.strat)),
      sched_(find_scheduler(s.scheduler)->make(s.sched)),
      work_rng_(derive_seed(seed, kWorkStream)), alloc_rng_(derive_seed(seed, kAllocStream)),
      comm_rng_(derive_seed(seed, kCommStream)), pattern_(find_pattern(s.pattern)),
      metrics_(topo_, s.warmup), replays_(strategy_->repeats_failures()) {
  if (pattern_->network())
    net_.emplace(topo_, NetConfig{s.packet_flits, s.buffer_flits, s.routing_delay, s.flow_control,
                                  routing_for(s.routing, topo_)});
}

Result<Simulation> Simulation::create(const Scenario& s, int rep) {
  if (Status st = validate(s); !st) return st.error();
  Simulation sim(s, replication_seed(s, rep));
  sim.total_jobs_ = s.total_jobs();
  sim.schedule_next_arrival();
  return sim;
}

void Simulation::schedule_next_arrival() {
  if (generated_ >= total_jobs_) return;
  const JobId id = JobId(generated_++);
  QueuedJob q;
  q.id = id;
  if (sc_.trace_data) {
    const TraceJob& t = sc_.trace_data->jobs[std::size_t(id)];
    q.arrival = t.arrival;
    q.shape = t.shape;
    q.service = t.runtime;
    q.estimate = t.estimate;
  } else {
    // fixed draw order per job: inter-arrival, width, height, service
    next_arrival_time_ += sample_interarrival(sc_.arrival, work_rng_);
    q.arrival = next_arrival_time_;
    q.shape = sample_shape(sc_.job_size, sc_.width, sc_.height, work_rng_);
    q.service = sample_service(sc_.service, work_rng_);
    q.estimate = q.service;
  }
  if (sc_.time_limit > 0 && q.arrival > sc_.time_limit) {  // the window is over: stop the stream
    total_jobs_ = generated_ - 1;
    return;
  }
  ALLOCLAB_CHECK(!pending_, "job %d generated while job %d has not arrived", id, pending_ ? pending_->id : kNoJob);
  pending_ = q;
  events_.push(Event{q.arrival, EventKind::Arrival, id});
}

void Simulation::advance_clock(double t) {
  ALLOCLAB_CHECK(t >= now_, "time went backwards: %g < %g", t, now_);
  metrics_.advance(t);
  now_ = t;
}

std::optional<Allocation> Simulation::decide(const QueuedJob& q) {
  if (q.id == watch_) {  // first difference: the decision as Explain shows it
    watched_ = explain(q);
    watched_reserved_ = false;
  }
  const bool repeat = failed_.valid && failed_.job == q.id && failed_.shape == q.shape;
  if (repeat && !sc_.check) {  // the same failure again: its count, without the search
    strategy_->repeat_failure(failed_.ops);
    decision_ops_ = failed_.ops;
    return std::nullopt;
  }
  auto call = [&] {  // the strategy's decision, timed unless told not to, and its count
    const long long o0 = strategy_->ops();
    std::optional<Allocation> a;
    if (!time_decisions_) {
      a = strategy_->allocate(Request{q.id, q.shape}, occ_, alloc_rng_);
    } else {
      const auto t0 = std::chrono::steady_clock::now();
      a = strategy_->allocate(Request{q.id, q.shape}, occ_, alloc_rng_);
      alloc_seconds_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    }
    decision_ops_ = strategy_->ops() - o0;
    return a;
  };
  if (!replay_on_ || !replays_) return call();  // never valid: nothing to remember
  const Rng rng0 = alloc_rng_;
  std::optional<Allocation> a = call();
  const bool same_rng = alloc_rng_ == rng0;
  if (repeat)  // check=1: the replay must be what the strategy does
    ALLOCLAB_CHECK(!a && decision_ops_ == failed_.ops && same_rng,
                   "strategy %s says it repeats failures, but job %d's repeated decision %s (%lld ops, was %lld)%s",
                   sc_.strategy.c_str(), q.id, a ? "succeeded" : "failed", decision_ops_, failed_.ops,
                   same_rng ? "" : " and drew random numbers");
  failed_.valid = !a && same_rng;
  failed_.job = q.id;
  failed_.shape = q.shape;
  failed_.ops = decision_ops_;
  return a;
}

// One decision of `ops` operations: statistics (in the window), and the allocator's time —
// it starts when the previous decision ended (or now) and lasts alloc_cost × ops.
void Simulation::charge(long long ops, bool decision) {
  if (decision) metrics_.decision(ops);
  alloc_free_ = std::max(alloc_free_, now_) + sc_.alloc_cost * double(ops);
}

void Simulation::schedule_pass() {
  if (now_ < alloc_free_) {  // busy (only with alloc_cost > 0): one pass when it is free
    wake_at(alloc_free_);
    return;
  }
  Ctx ctx(*this);
  sched_->schedule(ctx);
}

std::optional<Allocation> Simulation::preview(const QueuedJob& q) const {
  ClonePtr<Strategy> strat = strategy_;
  Rng rng = alloc_rng_;
  return strat->allocate(Request{q.id, q.shape}, occ_, rng);
}

Explanation Simulation::explain(const QueuedJob& q) const {
  Explanation e = strategy_->explain(Request{q.id, q.shape}, occ_, alloc_rng_);
  ClonePtr<Strategy> strat = strategy_;  // the decision's operations, on a copy
  Rng rng = alloc_rng_;
  const long long o0 = strat->ops();
  (void)strat->allocate(Request{q.id, q.shape}, occ_, rng);
  e.ops = strat->ops() - o0;
  return e;
}

bool Simulation::try_start(const QueuedJob& q) {
  auto a = decide(q);
  if (!a) {
    charge(decision_ops_);
    metrics_.failed(q.shape.area(), occ_.free_count());
    if (sc_.on_fail == OnFail::Drop) {  // a job that cannot be allocated is not processed (Jakimczuk et al. 2013)
      metrics_.dropped(q.id);
      return true;  // it leaves the queue
    }
    return false;
  }
  start_job(q, std::move(*a), decision_ops_);
  return true;
}

void Simulation::start_job(const QueuedJob& q, Allocation a, long long decided_ops) {
  ALLOCLAB_CHECK(!a.blocks.empty() && a.nodes() >= q.shape.area(),
                 "strategy %s gave job %d %d nodes for a %dx%d request", sc_.strategy.c_str(), q.id, a.nodes(),
                 q.shape.w, q.shape.h);
  if (sc_.check) {
    const std::string v = checker_.started(q.id, now_, overdue());
    ALLOCLAB_CHECK(v.empty(), "schedule checker (scheduler %s, strategy %s): %s", sc_.scheduler.c_str(), sc_.strategy.c_str(), v.c_str());
  }
  occ_.assign(a, q.id);
  failed_.valid = false;
  const long long o0 = strategy_->ops();
  strategy_->allocated(q.id, a);
  metrics_.started(q.id, q.shape.area());
  const long long ops = std::max(0LL, decided_ops) + (strategy_->ops() - o0);
  charge(ops, decided_ops >= 0);
  JobRecord r;
  r.id = q.id;
  r.arrival = q.arrival;
  r.start = std::max(now_, alloc_free_);  // now_ unless the decision took simulated time
  r.alloc_ops = ops;
  r.service = q.service;
  r.estimate = q.estimate;
  r.end = r.start + q.service;
  r.shape = q.shape;
  r.alloc = std::move(a);
  if (net_) {
    r.end = -1;  // known when the last iteration's packets have arrived
    const double start = r.start;
    JobRecord& rr = running_.emplace(r.id, std::move(r)).first->second;
    begin_compute(rr, start - now_);  // the allocator's time first (0 unless alloc_cost > 0)
    return;
  }
  events_.push(Event{r.end, EventKind::Departure, r.id});
  running_.emplace(r.id, std::move(r));
}

void Simulation::begin_compute(JobRecord& r, double extra) {
  // The iteration's share of the demand (plus compute_time between iterations), then its
  // messages, which enter the network at the next cycle boundary.
  const double at = std::ceil(now_ + extra + r.service / double(sc_.comm_iterations));
  if (at > now_) events_.push(Event{at, EventKind::Iteration, r.id});
  else begin_iteration(r);
}

void Simulation::begin_iteration(JobRecord& r) {
  // the network's clock catches up with an idle gap (never skips work); now_ is a whole cycle
  const auto c = std::int64_t(now_);
  if (net_->idle() && net_->cycle() < c) net_->skip_to(c);
  ALLOCLAB_CHECK(double(c) == now_ && net_->cycle() == c, "job %d communicates at time %g, network cycle %lld", r.id, now_,
                 (long long)net_->cycle());
  msgs_.clear();
  pattern_messages(*pattern_, logical_nodes(topo_, r.alloc, r.shape), r.shape, comm_rng_, msgs_);
  r.packets_left = (long long)msgs_.size();
  for (const auto& m : msgs_) net_->inject(m.first, m.second, r.id);
  if (r.packets_left == 0) complete_iteration(r);
}

void Simulation::complete_iteration(JobRecord& r) {
  ++r.iteration;
  if (r.iteration < sc_.comm_iterations) {
    begin_compute(r, sc_.compute_time);
    return;
  }
  r.end = now_;
  events_.push(Event{now_, EventKind::Departure, r.id});
}

void Simulation::network_cycle() {
  advance_clock(double(net_->cycle() + 1));
  net_->step();
  metrics_.network_cycle();
  for (const Delivered& d : net_->take_delivered()) {
    auto it = running_.find(d.tag);
    ALLOCLAB_CHECK(it != running_.end(), "packet %llu delivered for job %d which is not running",
                   (unsigned long long)d.packet, d.tag);
    JobRecord& r = it->second;
    metrics_.packet(r.id, d);
    ALLOCLAB_CHECK(r.packets_left > 0, "job %d received more packets than it sent", r.id);
    if (--r.packets_left == 0) complete_iteration(r);
  }
}

Reservation Simulation::reservation(const QueuedJob& head, const JobRecord* extra) const {
  Occupancy occ = occ_;
  ClonePtr<Strategy> strat = strategy_;
  const long long ops0 = strat->ops();
  Rng rng = alloc_rng_;
  std::vector<std::pair<double, const JobRecord*>> ends;
  auto est_end = [&](const JobRecord& r) { return std::max(now_, r.start + r.estimate); };
  for (const auto& kv : running_) ends.emplace_back(est_end(kv.second), &kv.second);
  if (extra) {
    occ.assign(extra->alloc, extra->id);
    strat->allocated(extra->id, extra->alloc);
    ends.emplace_back(est_end(*extra), extra);
  }
  std::sort(ends.begin(), ends.end(), [](const auto& a, const auto& b) {
    return a.first != b.first ? a.first < b.first : a.second->id < b.second->id;
  });
  const Request req{head.id, head.shape};
  Reservation res;
  res.id = head.id;
  auto found = [&](double t, Allocation a) {
    res.start = t;
    res.end = t + head.estimate;
    res.alloc = std::move(a);
    res.ops = strat->ops() - ops0;
    return res;
  };
  if (auto a = strat->allocate(req, occ, rng)) return found(now_, std::move(*a));
  for (std::size_t i = 0; i < ends.size();) {
    const double t = ends[i].first;
    for (; i < ends.size() && ends[i].first == t; ++i) {
      occ.release(ends[i].second->alloc, ends[i].second->id);
      strat->released(ends[i].second->id, ends[i].second->alloc);
    }
    if (auto a = strat->allocate(req, occ, rng)) return found(t, std::move(*a));
  }
  res.ops = strat->ops() - ops0;
  return res;
}

bool Simulation::reservation_holds(const Reservation& r) const {
  if (!std::isfinite(r.start) || r.start < now_ || r.alloc.blocks.empty()) return false;
  std::vector<char> on(std::size_t(topo_.nodes()), 0);
  for (const Block& b : r.alloc.blocks) topo_.for_each_node(b, [&](int x, int y) { on[std::size_t(topo_.id(x, y))] = 1; });
  for (const auto& kv : running_) {
    const JobRecord& j = kv.second;
    if (std::max(now_, j.start + j.estimate) <= r.start) continue;
    bool clash = false;
    for (const Block& b : j.alloc.blocks) topo_.for_each_node(b, [&](int x, int y) { clash = clash || on[std::size_t(topo_.id(x, y))]; });
    if (clash) return false;
  }
  return true;
}

bool Simulation::departs_at(double t) const {
  for (const auto& kv : running_)
    if (kv.second.end == t) return true;  // (-1 while a communicating job's end is not known)
  return false;
}

bool Simulation::try_backfill(const QueuedJob& j, const QueuedJob& head, Reservation& head_res) {
  auto a = decide(j);
  if (!a) {
    charge(decision_ops_);
    return false;
  }
  if (now_ + j.estimate > head_res.start && overlaps(topo_, *a, head_res.alloc)) {  // on the head's nodes at its time
    JobRecord r;
    r.id = j.id;
    r.start = now_;
    r.estimate = j.estimate;
    r.alloc = *a;
    Reservation moved = reservation(head, &r);
    charge(moved.ops, false);  // the head's search with this job placed: allocator time too
    if (moved.start > head_res.start) {
      charge(decision_ops_);  // decided, not applied: the work was done
      return false;
    }
    head_res = std::move(moved);
  }
  start_job(j, std::move(*a), decision_ops_);
  return true;
}

Reservation Simulation::reserve(const QueuedJob& j, std::span<const Reservation> others, std::span<const TimeWindow> forbidden,
                                bool may_start_now) {
  ProfileView v{&topo_, &occ_, strategy_.get(), &alloc_rng_, now_, {}};
  v.running.reserve(running_.size());
  for (const auto& kv : running_) v.running.push_back(Holding{kv.first, kv.second.start + kv.second.estimate, &kv.second.alloc});
  SlotSearch s = earliest_slot(v, others, j, forbidden, may_start_now);
  charge(s.ops);  // the search is the allocation decision of a reservation scheduler
  if (s.strategy_failed_now) metrics_.failed(j.shape.area(), occ_.free_count());  // as try_start counts it
  return std::move(s.res);
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

void Simulation::drop(const QueuedJob& j) { metrics_.dropped(j.id); }

bool Simulation::overdue() const {
  for (const auto& kv : running_) {  // a job's end is known at its start unless its network decides it
    const JobRecord& r = kv.second;
    if (r.end >= 0 ? r.end > r.start + r.estimate : r.start + r.estimate <= now_) return true;
  }
  return false;
}

void Simulation::wake_at(double t) {
  if (t > now_ && std::isfinite(t) && wakes_.insert(t).second) events_.push(Event{t, EventKind::Wake, kNoJob});
}

void Simulation::promise(const QueuedJob& j, double start) {
  if (!sc_.check) return;
  const std::string v = checker_.promised(j.id, start, now_, overdue());
  ALLOCLAB_CHECK(v.empty(), "schedule checker (scheduler %s, strategy %s): %s", sc_.scheduler.c_str(), sc_.strategy.c_str(), v.c_str());
}

void Simulation::on_arrival(JobId id) {
  ALLOCLAB_CHECK(pending_ && pending_->id == id, "arrival of unknown job %d", id);
  const QueuedJob q = *pending_;
  pending_.reset();
  ++next_id_;
  metrics_.arrived(id);
  sched_->enqueue(q);
  if ((long long)sched_->size() > kMaxQueuedJobs && !done_) {  // saturated: stop before memory runs out
    status_ = Error{"more than " + std::to_string(kMaxQueuedJobs) + " jobs waiting at time " + format_number(now_) +
                    ": the machine cannot keep up with the arrivals (lower the arrival rate or jobs)"};
    done_ = true;
    return;
  }
  schedule_next_arrival();
}

void Simulation::on_departure(JobId id) {
  auto it = running_.find(id);
  ALLOCLAB_CHECK(it != running_.end(), "departure of job %d which is not running", id);
  JobRecord r = std::move(it->second);
  running_.erase(it);
  occ_.release(r.alloc, id);
  failed_.valid = false;
  const long long o0 = strategy_->ops();
  strategy_->released(id, r.alloc);
  ++departed_;
  metrics_.departed(r, strategy_->ops() - o0, now_, departed_);
  if (r.end != r.start + r.estimate) ++surprises_;
  if (r.end > r.start + r.estimate) checker_.estimate_failed(now_);
  if (record_ && metrics_.measured(id)) records_.push_back(r);
  recent_.push_back(std::move(r));
  if (recent_.size() > kRecent) recent_.pop_front();
}

bool Simulation::step() {
  if (done_) return false;
  if (events_.empty() && (!net_ || net_->idle())) {
    if (sc_.time_limit > 0) {
      advance_clock(std::max(now_, sc_.time_limit));
      metrics_.stop(now_);
    }
    if (sched_->size() > 0) {
      const QueuedJob h = sched_->queue().front();
      status_ = Error{"job " + std::to_string(h.id) + " (" + std::to_string(h.shape.w) + "x" +
                      std::to_string(h.shape.h) + ") can never be placed by strategy '" + sc_.strategy +
                      "' on this machine"};
    }
    done_ = true;
    return false;
  }
  if (sc_.time_limit > 0 && !events_.empty() && events_.top().time > sc_.time_limit &&
      (!net_ || net_->idle() || double(net_->cycle() + 1) > sc_.time_limit)) {  // the window ends here
    advance_clock(sc_.time_limit);
    metrics_.stop(sc_.time_limit);
    done_ = true;
    return false;
  }
  if (net_ && !net_->idle() && (events_.empty() || events_.top().time >= double(net_->cycle() + 1))) {
    network_cycle();  // the network moves before job events at the same time
    schedule_pass();
    if (sc_.check) audit();
    return true;
  }
  const Event e = events_.top();
  events_.pop();
  advance_clock(e.time);
  if (e.kind == EventKind::Departure) on_departure(e.job);
  else if (e.kind == EventKind::Arrival) on_arrival(e.job);
  else if (e.kind == EventKind::Wake) wakes_.erase(e.time);
  else begin_iteration(running_.at(e.job));
  schedule_pass();
  if (sc_.check) audit();
  return true;
}

double Simulation::next_time() const {
  double t = events_.empty() ? HUGE_VAL : events_.top().time;
  if (net_ && !net_->idle()) t = std::min(t, double(net_->cycle() + 1));
  return t;
}

Status Simulation::run() {
  while (step()) {
  }
  return status_;
}

const JobRecord* Simulation::running_job(JobId id) const {
  auto it = running_.find(id);
  return it == running_.end() ? nullptr : &it->second;
}

bool Simulation::check_invariants() const {
  if (!occ_.consistent()) return false;
  long long owned = 0;
  for (const auto& kv : running_) {
    const JobId id = kv.first;  // (clang 14 cannot capture structured bindings)
    const JobRecord& r = kv.second;
    for (const Block& b : r.alloc.blocks) {
      bool ok = true;
      topo_.for_each_node(b, [&](int x, int y) { ok = ok && occ_.owner(x, y) == id; });
      if (!ok) return false;
    }
    owned += r.alloc.nodes();
  }
  return owned == occ_.busy_count();
}

void Simulation::audit() const {
  const int W = topo_.width(), N = topo_.nodes();
  ALLOCLAB_CHECK(occ_.consistent(), "occupancy bit words / free count disagree with the owner array at time %g", now_);
  // holder[n] = the running job whose allocation contains node n, from the job table
  std::vector<JobId> holder(std::size_t(N), kNoJob);
  long long requested = 0;
  for (const auto& kv : running_) {
    const JobId id = kv.first;
    const JobRecord& r = kv.second;
    ALLOCLAB_CHECK(r.id == id, "job table entry %d holds job %d at time %g", id, r.id, now_);
    ALLOCLAB_CHECK(!r.alloc.blocks.empty() && r.alloc.nodes() >= r.shape.area(),
                   "running job %d has %d nodes for a %dx%d request at time %g", id, r.alloc.nodes(), r.shape.w,
                   r.shape.h, now_);
    for (const Block& b : r.alloc.blocks) {
      ALLOCLAB_CHECK(b.w >= 1 && b.h >= 1 && topo_.block_fits(b), "job %d holds block (%d,%d) %dx%d outside the machine at time %g",
                     id, b.x, b.y, b.w, b.h, now_);
      topo_.for_each_node(b, [&](int x, int y) {
        JobId& h = holder[std::size_t(topo_.id(x, y))];
        ALLOCLAB_CHECK(h == kNoJob, "node (%d,%d) owned twice: by job %d and job %d at time %g", x, y, h, id, now_);
        h = id;
        ALLOCLAB_CHECK(occ_.owner(x, y) == id, "node (%d,%d) is held by job %d in the job table but occupancy says %d at time %g",
                       x, y, id, occ_.owner(x, y), now_);
      });
    }
    requested += r.shape.area();
  }
  int busy = 0;
  for (int n = 0; n < N; ++n) {
    const JobId o = occ_.owner(n);
    if (o == kNoJob) continue;
    ++busy;
    ALLOCLAB_CHECK(holder[std::size_t(n)] == o, "node (%d,%d) is busy (owner job %d) but no running job holds it at time %g",
                   n % W, n / W, o, now_);
  }
  ALLOCLAB_CHECK(busy == occ_.busy_count() && occ_.free_count() + busy == N,
                 "busy count %d, counted %d, free %d on %d nodes at time %g", occ_.busy_count(), busy, occ_.free_count(), N, now_);
  ALLOCLAB_CHECK(requested == metrics_.busy_requested(), "running jobs request %lld nodes, counter says %lld at time %g", requested,
                 metrics_.busy_requested(), now_);
  ALLOCLAB_CHECK(departed_ + (long long)running_.size() <= next_id_ && metrics_.in_system() >= (long long)running_.size(),
                 "%lld departed + %zu running > %lld arrived (in system %lld) at time %g", departed_, running_.size(), next_id_,
                 metrics_.in_system(), now_);
  ALLOCLAB_CHECK(metrics_.in_system() == (long long)running_.size() + (long long)sched_->size(),
                 "in system %lld != %zu running + %zu queued at time %g", metrics_.in_system(), running_.size(), sched_->size(), now_);
  if (net_) net_->audit();
  if (const auto res = sched_->reservations(); !res.empty()) {  // conservative: the profile is consistent
    ProfileView v{&topo_, &occ_, strategy_.get(), &alloc_rng_, now_, {}};
    for (const auto& kv : running_) v.running.push_back(Holding{kv.first, kv.second.start + kv.second.estimate, &kv.second.alloc});
    const std::string clash = profile_clash(v, res);
    ALLOCLAB_CHECK(clash.empty(), "schedule checker: at time %g %s", now_, clash.c_str());
  }
}

std::uint64_t replication_seed(const Scenario& s, int rep) {
  return rep == 0 ? s.seed : derive_seed(s.seed, std::uint64_t(rep) + 1000);
}

Rng allocation_rng(const Scenario& s, int rep) { return Rng(derive_seed(replication_seed(s, rep), kAllocStream)); }

Result<Results> run_replication(const Scenario& s, int rep, double* allocation_seconds) {
  auto sim = Simulation::create(s, rep);
  if (!sim) return sim.error();
  if (Status st = sim->run(); !st) return st.error();
  if (allocation_seconds) *allocation_seconds += sim->allocation_seconds();
  return sim->results();
}

}  // namespace alloclab
