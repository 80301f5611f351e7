// simulation.cpp — the event loop, job lifecycle and measurement of one replication.
#include "simulation.hpp"
#include "core/check.hpp"

namespace alloclab {

namespace {
constexpr std::size_t kRecent = 64;  // departures kept for the UI
// Random streams of one replication: the job stream is independent of the strategy's stream,
// so every strategy sees the same jobs (compare mode, sweeps).
constexpr std::uint64_t kWorkStream = 1, kAllocStream = 2;
}  // namespace

class Simulation::Ctx final : public SchedContext {
 public:
  explicit Ctx(Simulation& s) : s_(s) {}
  double now() const override { return s_.now_; }
  bool try_start(const QueuedJob& j) override { return s_.try_start(j); }

 private:
  Simulation& s_;
};

Simulation::Simulation(const Scenario& s, std::uint64_t seed)
    : sc_(s), topo_(s.topo()), occ_(topo_),
      strategy_(find_strategy(s.strategy)->make(topo_, s.strat)),
      sched_(find_scheduler(s.scheduler)->make()),
      work_rng_(derive_seed(seed, kWorkStream)), alloc_rng_(derive_seed(seed, kAllocStream)) {}

Simulation::Simulation(const Simulation& o)
    : sc_(o.sc_), topo_(o.topo_), occ_(o.occ_), strategy_(o.strategy_->clone()), sched_(o.sched_->clone()),
      work_rng_(o.work_rng_), alloc_rng_(o.alloc_rng_), events_(o.events_), pending_(o.pending_),
      running_(o.running_), recent_(o.recent_), records_(o.records_), record_(o.record_), now_(o.now_),
      next_arrival_time_(o.next_arrival_time_), total_jobs_(o.total_jobs_), next_id_(o.next_id_),
      departed_(o.departed_), generated_(o.generated_), in_system_(o.in_system_),
      busy_requested_(o.busy_requested_), window_open_(o.window_open_), done_(o.done_), status_(o.status_),
      util_(o.util_), jobs_in_sys_(o.jobs_in_sys_), window_start_(o.window_start_), window_end_(o.window_end_),
      window_departures_(o.window_departures_), failures_(o.failures_), response_(o.response_), wait_(o.wait_),
      service_(o.service_), blocks_(o.blocks_), ext_frag_(o.ext_frag_), requested_nodes_(o.requested_nodes_),
      allocated_nodes_(o.allocated_nodes_) {}

Simulation& Simulation::operator=(const Simulation& o) {
  if (this != &o) {
    Simulation tmp(o);
    *this = std::move(tmp);
  }
  return *this;
}

Result<Simulation> Simulation::create(const Scenario& s, int rep) {
  if (Status st = validate(s); !st) return st.error();
  const std::uint64_t seed = rep == 0 ? s.seed : derive_seed(s.seed, std::uint64_t(rep) + 1000);
  Simulation sim(s, seed);
  sim.total_jobs_ = s.warmup + s.jobs;
  if (s.trace_data) sim.total_jobs_ = std::min<long long>(sim.total_jobs_, (long long)s.trace_data->jobs.size());
  sim.window_open_ = s.warmup == 0;
  sim.util_.reset(0);
  sim.jobs_in_sys_.reset(0);
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
  pending_[id] = q;
  events_.push(Event{q.arrival, 1, id});
}

void Simulation::advance_clock(double t) {
  ALLOCLAB_CHECK(t >= now_, "time went backwards: %g < %g", t, now_);
  if (window_open_) {
    util_.advance(t, double(busy_requested_) / double(topo_.nodes()));
    jobs_in_sys_.advance(t, double(in_system_));
  }
  now_ = t;
}

bool Simulation::try_start(const QueuedJob& q) {
  auto a = strategy_->allocate(Request{q.id, q.shape}, occ_, alloc_rng_);
  if (!a) {
    if (window_open_) {
      ++failures_;
      if (occ_.free_count() >= q.shape.area()) ext_frag_.add(double(occ_.free_count()) / double(topo_.nodes()));
    }
    return false;
  }
  ALLOCLAB_CHECK(!a->blocks.empty() && a->nodes() >= q.shape.area(),
                 "strategy %s gave job %d %d nodes for a %dx%d request", sc_.strategy.c_str(), q.id, a->nodes(),
                 q.shape.w, q.shape.h);
  occ_.assign(*a, q.id);
  strategy_->allocated(q.id, *a);
  JobRecord r;
  r.id = q.id;
  r.arrival = q.arrival;
  r.start = now_;
  r.service = q.service;
  r.estimate = q.estimate;
  r.end = now_ + q.service;
  r.shape = q.shape;
  r.alloc = std::move(*a);
  busy_requested_ += q.shape.area();
  events_.push(Event{r.end, 0, r.id});
  running_.emplace(r.id, std::move(r));
  return true;
}

void Simulation::on_arrival(JobId id) {
  auto it = pending_.find(id);
  ALLOCLAB_CHECK(it != pending_.end(), "arrival of unknown job %d", id);
  const QueuedJob q = it->second;
  pending_.erase(it);
  ++next_id_;
  ++in_system_;
  sched_->enqueue(q);
  schedule_next_arrival();
}

void Simulation::on_departure(JobId id) {
  auto it = running_.find(id);
  ALLOCLAB_CHECK(it != running_.end(), "departure of job %d which is not running", id);
  JobRecord r = std::move(it->second);
  running_.erase(it);
  occ_.release(r.alloc, id);
  strategy_->released(id, r.alloc);
  busy_requested_ -= r.shape.area();
  --in_system_;
  ++departed_;
  if (window_open_) ++window_departures_;
  if (measured(id)) {
    response_.add(r.end - r.arrival);
    wait_.add(r.start - r.arrival);
    service_.add(r.end - r.start);
    blocks_.add(double(r.alloc.blocks.size()));
    requested_nodes_ += r.shape.area();
    allocated_nodes_ += r.alloc.nodes();
    if (record_) records_.push_back(r);
  }
  if (!window_open_ && departed_ >= sc_.warmup) {
    window_open_ = true;
    window_start_ = now_;
    util_.reset(now_);
    jobs_in_sys_.reset(now_);
  }
  window_end_ = now_;
  recent_.push_back(std::move(r));
  if (recent_.size() > kRecent) recent_.pop_front();
}

bool Simulation::step() {
  if (done_) return false;
  if (events_.empty()) {
    if (sched_->size() > 0) {
      const QueuedJob h = sched_->queue().front();
      status_ = Error{"job " + std::to_string(h.id) + " (" + std::to_string(h.shape.w) + "x" +
                      std::to_string(h.shape.h) + ") can never be placed by strategy '" + sc_.strategy +
                      "' on this machine"};
    }
    done_ = true;
    return false;
  }
  const Event e = events_.top();
  events_.pop();
  advance_clock(e.time);
  if (e.kind == 0) on_departure(e.job);
  else on_arrival(e.job);
  Ctx ctx(*this);
  sched_->schedule(ctx);
  return true;
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

Results Simulation::results() const {
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
  r.makespan = window_end_;
  r.allocation_failures = double(failures_);
  return r;
}

Result<Report> run_scenario(const Scenario& s) {
  Report rep;
  rep.replications = s.replications;
  std::vector<RunningStat> acc(metric_fields().size());
  for (int k = 0; k < s.replications; ++k) {
    auto sim = Simulation::create(s, k);
    if (!sim) return sim.error();
    if (Status st = sim->run(); !st) return st.error();
    const Results r = sim->results();
    std::size_t i = 0;
    for (const MetricField& f : metric_fields()) acc[i++].add(r.*f.member);
  }
  std::size_t i = 0;
  for (const MetricField& f : metric_fields()) {
    rep.mean.*f.member = acc[i].mean();
    rep.ci95.*f.member = ci95_halfwidth(acc[i]);
    ++i;
  }
  if (s.trace_data) {
    rep.has_trace = true;
    rep.trace_records = s.trace_data->records;
    rep.trace_skipped = s.trace_data->skipped;
    rep.trace_reshaped = s.trace_data->reshaped;
    rep.trace_jobs = (long long)s.trace_data->jobs.size();
  }
  return rep;
}

}  // namespace alloclab
