// sweep_runner.cpp — SweepSpec parsing and enumeration, the stepped replication loop and the
// sweep CSV (see sweep_runner.hpp).
#include "sweep_runner.hpp"
#include <algorithm>
#include "../core/text.hpp"
#include "../workload/specs.hpp"

namespace alloclab {

// ---------------------------------------------------------------- spec

long long SweepSpec::points() const {
  long long n = 1;
  for (const SweepAxis& a : axes) {
    n *= (long long)a.values.size();
    if (n > SweepRunner::kMaxPoints) return n;  // create() reports it; no overflow past here
  }
  return n;
}

bool SweepSpec::unit_in_shard(long long p, int r) const {
  if (!shards_by_replication()) return p % shards == shard;
  return (p * max_replications + r) % shards == shard;
}

int SweepSpec::next_replication(long long p, int r) const {
  for (++r; r < max_replications; ++r)
    if (unit_in_shard(p, r)) return r;
  return max_replications;
}

int SweepSpec::shard_replications(long long p) const {
  int n = 0;
  for (int r = next_replication(p, -1); r < max_replications; r = next_replication(p, r)) ++n;
  return n;
}

Result<Scenario> SweepSpec::point(long long p) const {
  Scenario s = base;
  long long rest = p;
  for (std::size_t k = axes.size(); k-- > 0;) {
    const SweepAxis& a = axes[k];
    const std::string& v = a.values[std::size_t(rest % (long long)a.values.size())];
    rest /= (long long)a.values.size();
    if (Status st = apply(s, a.key, v); !st) return st.error();
  }
  return s;
}

Result<SweepSpec> parse_sweep(const Scenario& base, const std::vector<std::string>& pairs) {
  SweepSpec spec;
  spec.base = base;
  bool reps_given = false;
  for (const std::string& w : pairs) {
    const auto eq = w.find('=');
    if (eq == std::string::npos || eq == 0) return Error{"'" + w + "' is not key=value"};
    const std::string key = w.substr(0, eq), val = w.substr(eq + 1);
    if (key == "rel_error") {
      if (!parse_double(val, spec.rel_error) || spec.rel_error <= 0 || spec.rel_error >= 1)
        return Error{"rel_error: '" + val + "' is not valid; allowed: 0 < E < 1"};
      continue;
    }
    if (key == "replications") reps_given = true;
    auto vals = split_value_list(key, val);
    if (!vals) return vals.error();
    for (const SweepAxis& a : spec.axes)
      if (a.key == key) return Error{"key '" + key + "' given twice"};
    if (vals->size() == 1) {
      if (Status st = apply(spec.base, key, (*vals)[0]); !st) return st.error();
    } else {
      spec.axes.push_back(SweepAxis{key, std::move(*vals)});
    }
  }
  spec.max_replications = spec.rel_error > 0 && !reps_given ? 50 : spec.base.replications;
  return spec;
}

// ---------------------------------------------------------------- runner

Result<SweepRunner> SweepRunner::create(SweepSpec spec) {
  if (spec.shards < 1 || spec.shard < 0 || spec.shard >= spec.shards) return Error{"shard: need 0 <= I < N"};
  if (spec.max_replications < 1) return Error{"replications: need at least 1"};
  const long long n = spec.points();
  if (n > kMaxPoints) return Error{"more than " + std::to_string(kMaxPoints) + " points"};
  SweepRunner r(std::move(spec));
  r.points_.resize(std::size_t(n));
  for (long long p = 0; p < n; ++p) {
    auto s = r.spec_.point(p);
    if (!s) return s.error();
    if (Status st = validate(*s); !st) return Error{"point " + std::to_string(p) + ": " + st.message()};
    r.pod_ = std::max(r.pod_, metric_rows(s->pod()));
    r.points_[std::size_t(p)].scenario = std::move(*s);
    if (r.in_shard(p)) r.order_.push_back(p);
  }
  r.running_ = !r.order_.empty();
  if (r.running_) r.rep_ = r.spec_.next_replication(r.order_[0], -1);
  return r;
}

bool SweepRunner::point_complete(const Point& pt) const {
  const int k = pt.agg.count();
  if (k >= spec_.max_replications) return true;
  return spec_.rel_error > 0 && k >= 3 && pt.agg.relative_error(&Results::utilization) <= spec_.rel_error &&
         pt.agg.relative_error(&Results::mean_response_time) <= spec_.rel_error;
}

bool SweepRunner::step() {
  if (!running_) return false;
  const long long p = order_[idx_];
  Point& pt = points_[std::size_t(p)];
  if (!sim_) {  // start replication rep_ of point p
    auto s = Simulation::create(pt.scenario, rep_);
    if (!s) {
      status_ = s.error();
      failed_point_ = p;
      running_ = false;
      return false;
    }
    sim_.emplace(std::move(*s));
    return true;
  }
  if (sim_->step()) return true;
  if (!sim_->status().ok()) {  // a job that can never be placed, ...
    status_ = sim_->status();
    failed_point_ = p;
    running_ = false;
    sim_.reset();
    return false;
  }
  ReplicationResult rr;
  rr.rep = rep_;
  rr.seed = replication_seed(pt.scenario, rep_);
  rr.results = sim_->results();
  rr.allocation_seconds = sim_->allocation_seconds();
  sim_.reset();
  pt.agg.add(rr.results);
  pt.reps.push_back(rr);
  ++reps_done_;
  rep_ = spec_.next_replication(p, rep_);
  if (rep_ >= spec_.max_replications || point_complete(pt)) {
    pt.done = true;
    ++points_done_;
    if (++idx_ >= order_.size()) running_ = false;
    else rep_ = spec_.next_replication(order_[idx_], -1);
  }
  return running_;
}

long long SweepRunner::advance(long long max_units) {
  long long k = 0;
  while (k < max_units && step()) ++k;
  return k;
}

Status SweepRunner::run() {
  while (step()) {
  }
  return status_;
}

void SweepRunner::cancel() {
  if (!running_) return;
  running_ = false;
  cancelled_ = true;
  sim_.reset();
}

long long SweepRunner::replications_planned() const {
  long long n = 0;
  for (long long p : order_) n += spec_.shard_replications(p);
  return n;
}

double SweepRunner::progress() const {
  if (order_.empty()) return 0;
  if (finished()) return 1;
  // finished points count whole; the running point by its replications (of the cap)
  double part = 0;
  if (sim_ && sim_->total_jobs() > 0) part = std::min(1.0, double(sim_->departures()) / double(sim_->total_jobs()));
  double cur = 0;
  if (idx_ < order_.size())
    cur = (double(points_[std::size_t(order_[idx_])].agg.count()) + part) / double(std::max(1, spec_.shard_replications(order_[idx_])));
  return std::min(1.0, (double(points_done_) + std::min(cur, 1.0)) / double(order_.size()));
}

Report SweepRunner::report(long long p) const {
  const Point& pt = points_[std::size_t(p)];
  const Scenario& s = pt.scenario;
  Report rep;
  rep.pod = metric_rows(s.pod());
  rep.replications = pt.agg.count();
  rep.mean = pt.agg.mean();
  rep.ci95 = pt.agg.ci95();
  for (const ReplicationResult& r : pt.reps) rep.allocation_seconds += r.allocation_seconds;
  if (s.trace_data) {
    rep.has_trace = true;
    rep.trace_records = s.trace_data->records;
    rep.trace_skipped = s.trace_data->skipped;
    rep.trace_reshaped = s.trace_data->reshaped;
    rep.trace_skipped_cancelled = s.trace_data->skipped_cancelled;
    rep.trace_skipped_invalid = s.trace_data->skipped_invalid;
    rep.trace_skipped_too_large = s.trace_data->skipped_too_large;
    rep.trace_jobs = (long long)s.trace_data->jobs.size();
  }
  return rep;
}

// ---------------------------------------------------------------- CSV

std::string SweepRunner::csv_header() const {
  // appended piecewise (a chain of operator+ trips GCC 12's false -Wrestrict warning)
  std::string h = "point";
  for (const SweepAxis& a : spec_.axes) {
    h += ',';
    h += csv_field(a.key);
  }
  h += ",replications";
  for (const MetricField& f : metric_fields(pod_)) {
    h += ',';
    h += f.name;
    h += "_mean,";
    h += f.name;
    h += "_ci95";
  }
  return h;
}

std::string SweepRunner::csv_row(long long p) const {
  const Point& pt = points_[std::size_t(p)];
  std::string row = std::to_string(p);
  for (const SweepAxis& a : spec_.axes) {
    row += ',';
    row += csv_field(find_param(a.key)->get(pt.scenario));
  }
  row += ',';
  row += std::to_string(pt.agg.count());
  const Results m = pt.agg.mean(), c = pt.agg.ci95();
  for (const MetricField& f : metric_fields(pod_)) {
    row += ',';
    row += format_number(m.*f.member);
    row += ',';
    row += format_number(c.*f.member);
  }
  return row;
}

std::string SweepRunner::csv() const {
  std::string o = csv_header() + "\n";
  for (long long p : order_)
    if (points_[std::size_t(p)].done) o += csv_row(p) + "\n";
  return o;
}

// ---------------------------------------------------------------- run_scenario

Result<Report> run_scenario(const Scenario& s) {
  if (Status st = validate(s); !st) return st.error();  // the engine's message, without "point 0: "
  SweepSpec spec;
  spec.base = s;
  spec.max_replications = s.replications;
  auto r = SweepRunner::create(std::move(spec));
  if (!r) return r.error();
  if (Status st = r->run(); !st) return st.error();
  Report rep = r->report(0);
  rep.replications = s.replications;
  return rep;
}

}  // namespace alloclab
