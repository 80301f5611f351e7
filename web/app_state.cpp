// app_state.cpp — scenario loading, playback, the per-frame time budget, the chart history,
// the background batches (replications, sweeps) and the compare runs (see app_state.hpp).
//
// Sections, in order: run_paced (steps within a wall-time budget); modes; history; batch;
// state (loading, links, traces, reset, mode, stepping, replications, first difference,
// compare, sweep, advance per frame, work_batches).
#include "app_state.hpp"
#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <memory>
#include "alloc/strategy.hpp"
#include "core/text.hpp"
#include "scenario/trace_load.hpp"
#include "sweep/axis.hpp"
#include "sweep/sweep_data.hpp"

namespace alloclab::app {

namespace {
using Clock = std::chrono::steady_clock;
double ms_since(Clock::time_point t0) { return std::chrono::duration<double, std::milli>(Clock::now() - t0).count(); }

// Calls `step` (which returns false when there is nothing more to do) up to `want` times
// within `budget_ms` of wall time counted from `t0`. Steps go in chunks whose size follows the
// measured cost of the latest steps, so that the clock is read about every 0.2 ms whether a
// step is a job event (a microsecond) or a network cycle of a busy 128x128 machine (a few
// milliseconds); a chunk is started only when it is predicted to end within the budget. The
// first step always runs (progress), so a frame overruns the budget by less than one step.
// `spent()` is the wall time the simulations have measured in their allocators' decisions so
// far, in seconds (Simulation::allocation_seconds: read after every step at no cost, since the
// decisions are timed anyway): a chunk of cheap steps also ends as soon as its decisions took
// 0.2 ms, so a few costly decisions among them (Best Fit at 1024x1024: up to ~10^7 counted
// operations) cannot carry a chunk of 256 steps far past the budget.
// Returns the steps taken and sets `out_of_time` when the budget, not `want` or `step`, ended
// the loop.
template <class Step, class Spent>
long long run_paced(Step&& step, Spent&& spent, long long want, Clock::time_point t0, double budget_ms, bool& out_of_time) {
  constexpr double kChunkMs = 0.2;
  long long done = 0, chunk = 1;
  double per_est = 0;  // ms per step: the latest chunk's, decaying slowly from a costlier one
  out_of_time = false;
  while (done < want) {
    const auto c0 = Clock::now();
    const double s0 = spent();
    const long long n = std::min(chunk, want - done);
    long long k = 0;
    bool more = true;
    while (k < n && (more = step())) {
      ++k;
      if ((spent() - s0) * 1e3 > kChunkMs) break;  // costly decisions: read the clock now
    }
    done += k;
    if (!more) break;
    per_est = std::max(ms_since(c0) / double(std::max<long long>(k, 1)), per_est * 0.5);
    const double per = per_est;
    const double left = budget_ms - ms_since(t0);
    if (left <= 0 || left < per) { out_of_time = true; break; }  // the next step would overrun
    chunk = per <= 0 ? 256 : std::clamp<long long>((long long)(std::min(kChunkMs, left) / per), 1, 256);
  }
  return done;
}
double nothing_timed() { return 0.0; }  // steps whose decisions are not read (batches)
}  // namespace

// ---------------------------------------------------------------- modes

// ---------------------------------------------------------------- history

void History::add(const Simulation& sim) {
  const double t = sim.now();
  if (!s_.empty() && t < s_.back().t + min_dt_) return;
  if (!s_.empty() && t == s_.back().t) return;
  const Occupancy& occ = sim.occupancy();
  const Results r = sim.results();
  float latency = s_.empty() ? 0.0f : s_.back().latency;
  if (const Network* net = sim.network()) {
    const NetStats ns = net->stats();
    if (ns.packets_delivered < packets_) packets_ = 0, latency_sum_ = 0;  // a new run
    if (ns.packets_delivered > packets_)
      latency = float(double(ns.total_latency - latency_sum_) / double(ns.packets_delivered - packets_));
    packets_ = ns.packets_delivered;
    latency_sum_ = ns.total_latency;
  }
  s_.push_back(Sample{t, float(job_chips(sim)) / float(occ.topology().nodes()), float(sim.queue_length()),
                      float(r.mean_response_time), latency, float(r.mean_packet_latency)});
  if (s_.size() >= kMax) {
    std::size_t k = 0;
    for (std::size_t i = 0; i < s_.size(); i += 2) s_[k++] = s_[i];
    s_.resize(k);
    min_dt_ = (s_.back().t - s_.front().t) / double(kMax / 2);
  }
}

double History::largest_gap() const {
  if (s_.size() < 2 || s_.back().t <= s_.front().t) return 0;
  double g = 0;
  for (std::size_t i = 1; i < s_.size(); ++i) g = std::max(g, s_[i].t - s_[i - 1].t);
  return g / (s_.back().t - s_.front().t);
}

// ---------------------------------------------------------------- batch

void Batch::start(Result<SweepSpec> spec, std::vector<Label> labels) {
  runner_.reset();
  labels_.clear();
  error_.clear();
  if (!spec) { error_ = spec.error().message; return; }
  auto r = SweepRunner::create(std::move(*spec));
  if (!r) { error_ = r.error().message; return; }
  runner_.emplace(std::move(*r));
  labels_ = std::move(labels);
}

void Batch::work(double ms) {
  if (!running()) return;
  bool out_of_time = false;
  run_paced([&] { return runner_->step(); }, nothing_timed, 1LL << 40, Clock::now(), ms, out_of_time);
  if (!runner_->status().ok()) {
    error_ = runner_->status().message();
    if (runner_->size() > 1) error_ = "point " + std::to_string(runner_->failed_point()) + ": " + error_;
  }
}

// ---------------------------------------------------------------- state

AppState::AppState() : scenario_() {
  auto s = Simulation::create(scenario_, 0);
  if (s) sim_.emplace(std::move(*s));
  else error_ = s.error().message;  // cannot happen: the default scenario is valid
}

void AppState::after_load() {
  ++generation_;
  // the Gantt window draws finished jobs from the run's record (bounded: big runs keep none)
  sim_->record_jobs(scenario_.warmup + scenario_.jobs <= kGanttRecordJobs);
  carry_ = 0;
  events_ = 0;
  history_.clear();
  history_.add(*sim_);
  pin_.clear();
  if (mode_ == Mode::Compare) restart_compare();
}

Status AppState::load(const Scenario& s) {
  if (Status st = validate(s); !st) { error_ = st.message(); return st; }
  pending_trace_.reset();  // another scenario replaces the link that waited for its trace
  auto sim = Simulation::create(s, 0);
  if (!sim) { error_ = sim.error().message; return sim.error(); }
  scenario_ = s;
  sim_.emplace(std::move(*sim));
  link_changed_ = true;
  error_.clear();
  after_load();
  return {};
}

Status AppState::rederive_trace(Scenario& s) const {
  if (s.trace.empty() || !trace_text_ || s.trace != trace_name_) return {};
  return load_trace_text(s, s.trace, *trace_text_);
}

std::string AppState::share_link() const { return link() + page_link_part(page_settings()); }

Status AppState::load_link(std::string_view link) {
  auto split = split_page_keys(link);
  if (!split) { error_ = split.error().message; return split.error(); }
  auto s = parse_link(split->scenario);
  if (!s) { error_ = s.error().message; return s.error(); }
  if (!split->page.empty()) {
    PageSettings p = page_settings();
    if (Status st = apply_page_keys(p, *s, split->page); !st) { error_ = st.message(); return st; }
    Status st = load_link_scenario(*s);
    if (!st) return st;
    compare_ids_ = p.compare_ids;
    sweep_settings_ = p.sweep;
    if (p.mode != mode_) set_mode(p.mode);
    else if (mode_ == Mode::Compare) restart_compare();
    link_changed_ = true;
    return st;
  }
  return load_link_scenario(*s);
}

Status AppState::load_link_scenario(Scenario s) {
  pending_trace_.reset();
  if (!s.trace.empty() && !s.trace_data) {
    if (s.trace == trace_name_ && trace_text_) {  // the trace file the page holds: re-derive it
      if (Status st = rederive_trace(s); !st) { error_ = st.message(); return st; }
      return load(s);
    }
    // the file lives on the sender's computer: run the rest, ask for the file
    Scenario rest = s;
    rest.trace.clear();
    if (Status st = load(rest); !st) return st;
    pending_trace_ = s;
    error_ = "This link replays the trace file '" + s.trace +
             "', which is not part of a link: choose that file with 'Choose trace file...' (Workload panel) to run it. "
             "Until then the rest of the scenario runs with the synthetic workload.";
    return {};
  }
  return load(s);
}

Status AppState::set_param(std::string_view key, std::string_view value) {
  Scenario s = scenario_;
  if (key == "trace" && value.empty()) {
    s.trace.clear();
    s.trace_data.reset();
  } else if (Status st = apply(s, key, value); !st) {
    return st;
  }
  // a loaded trace follows every key (time_scale, swf_shape, swf_size, the machine's size)
  if (Status st = rederive_trace(s); !st) return st;
  if (Status st = validate(s); !st) return st;
  return load(s);
}

Status AppState::load_trace(std::string_view name, std::string_view text, bool shipped_log) {
  // into the scenario of a link that named a trace, if one is waiting for its file
  Scenario s = pending_trace_ ? *pending_trace_ : scenario_;
  if (shipped_log)
    if (Status st = apply(s, "swf_size", "header"); !st) { error_ = st.message(); return st; }
  if (Status st = load_trace_text(s, name, text); !st) { error_ = st.message(); return st; }
  if (shipped_log)
    if (const StrategyInfo* row = find_strategy(s.strategy))
      if (const StrategyInfo* run = strategy_for_machine(*row, s.topo())) s.strategy = std::string(run->id);
  if (s.jobs > (long long)s.trace_data->jobs.size()) s.jobs = std::max<long long>(1, (long long)s.trace_data->jobs.size() - s.warmup);
  if (Status st = load(s); !st) return st;
  trace_name_ = std::string(name);  // kept so that later key changes re-derive the trace
  trace_text_ = std::make_shared<const std::string>(text);
  return {};
}

void AppState::reset() {
  auto sim = Simulation::create(scenario_, 0);
  if (!sim) { error_ = sim.error().message; return; }
  sim_.emplace(std::move(*sim));
  after_load();
}

void AppState::set_mode(Mode m) {
  if (m == mode_) return;
  mode_ = m;
  link_changed_ = true;
  if (m == Mode::Compare) restart_compare();
  else compare_.clear(), compare_paired_ = Batch(), compare_paired_key_.clear();
  if (m == Mode::Explain) playback_.pause();
}

bool AppState::step_sim() {
  if (sim_->done()) return false;
  const bool more = sim_->step();
  ++events_;
  if (!sim_->status().ok()) { error_ = sim_->status().message(); playback_.pause(); return false; }
  return more;
}

void AppState::step_once() {
  playback_.pause();
  step_sim();
  history_.add(*sim_);
}

void AppState::start_replications() {
  SweepSpec spec;
  spec.base = scenario_;
  spec.max_replications = scenario_.replications;
  replications_.start(std::move(spec), {Batch::Label{scenario_.strategy, 0}});
}

Status AppState::first_difference() {
  std::vector<Scenario> runs;
  for (const std::string& id : compare_ids_) {
    Scenario s = scenario_;
    s.strategy = id;
    if (Status st = validate(s); !st) { error_ = "first difference: " + st.message(); return st; }
    runs.push_back(std::move(s));
  }
  auto d = alloclab::first_difference(runs);
  if (!d) { error_ = "first difference: " + d.error().message; return d.error(); }
  first_diff_runs_ = runs;
  if (d->found) {
    compare_.clear();
    compare_err_.assign(runs.size(), "");
    for (Simulation& sim : d->stopped) compare_.emplace_back(std::move(sim));
    d->stopped.clear();
    playback_.pause();
  }
  first_diff_ = std::move(*d);
  return {};
}

std::string AppState::first_diff_json() const {
  return first_diff_ ? first_difference_json(first_diff_runs_, *first_diff_) : std::string();
}

void AppState::restart_compare() {
  first_diff_.reset();
  compare_.clear();
  compare_err_.clear();
  compare_carry_ = 0;
  for (const std::string& id : compare_ids_) {
    Scenario s = scenario_;
    s.strategy = id;
    std::optional<Simulation> run;
    std::string err;
    if (Status st = validate(s); !st) err = st.message();
    else if (auto sim = Simulation::create(s, 0); !sim) err = sim.error().message;
    else run.emplace(std::move(*sim));
    compare_.push_back(std::move(run));
    compare_err_.push_back(std::move(err));
  }
  // the paired replications (only when something they depend on changed: the lock-step runs
  // restart on every repeat)
  std::string ids;
  for (const std::string& id : compare_ids_) ids += (ids.empty() ? "" : ",") + id;
  const std::string key = scenario_.replications > 1 ? link() + "|" + ids : std::string();
  if (key == compare_paired_key_) return;
  compare_paired_key_ = key;
  if (key.empty()) {
    compare_paired_ = Batch();
    return;
  }
  SweepSpec spec;
  spec.base = scenario_;
  spec.axes.push_back(SweepAxis{"strategy", compare_ids_});
  spec.max_replications = scenario_.replications;
  compare_paired_.start(std::move(spec));
}

std::string paired_csv(const Batch& paired, const std::vector<std::string>& ids) {
  const SweepRunner* r = paired.runner();
  if (!r || ids.empty()) return "";
  auto b = parse_baseline("strategy=" + ids[0], r->spec());
  if (!b) return "";
  auto csv = aggregate_csv(sweep_data(*r), &*b);
  return csv ? *csv : "";
}

std::vector<std::string> AppState::sweep_words() const {
  std::string ids, values;
  for (const std::string& id : sweep_settings_.ids) {
    const StrategyInfo* si = find_strategy(id);
    if (!si || !strategy_unsupported(*si, scenario_.topo()).empty()) continue;
    ids += (ids.empty() ? "" : ",") + id;
  }
  for (const std::string& v : sweep_settings_.values) values += (values.empty() ? "" : ";") + v;
  return {"strategy=" + ids, sweep_settings_.key + "=" + values,
          "replications=" + std::to_string(std::clamp(sweep_settings_.replications, 1, kMaxReplications))};
}

void AppState::start_sweep() {
  Scenario base = scenario_;
  base.trace.clear();
  base.trace_data.reset();
  // labels in point order: strategies outermost, then the values (as the words list them)
  std::vector<Batch::Label> labels;
  const std::vector<std::string> words = sweep_words();
  const auto ids = split_on(words[0].substr(9), ',');
  for (const std::string& id : ids)
    for (const std::string& v : sweep_settings_.values) labels.push_back(Batch::Label{id, axis_x(v)});
  swept_key_ = sweep_settings_.key;
  sweep_.start(parse_sweep(base, words), std::move(labels));
}

// Lock-step by simulated time: always step the run that is furthest behind.
void AppState::advance_compare(double dt, double budget) {
  if (!playback_.playing()) return;
  bool any = false, all_done = true;
  for (const auto& r : compare_) if (r) { any = true; all_done = all_done && r->done(); }
  if (!any) return;
  if (all_done) {
    if (playback_.repeat()) restart_compare();
    return;
  }
  compare_carry_ += playback_.speed() * double(compare_.size()) * std::clamp(dt, 0.0, 0.1);
  long long want = playback_.max_speed() ? (1LL << 40) : (long long)compare_carry_;
  compare_carry_ -= double(playback_.max_speed() ? 0 : want);
  const auto t0 = Clock::now();
  bool out_of_time = false;
  run_paced([&] {
    Simulation* behind = nullptr;
    for (auto& r : compare_)
      if (r && !r->done() && (!behind || r->now() < behind->now())) behind = &*r;
    if (!behind) return false;
    behind->step();
    return true;
  }, [&] {
    double seconds = 0;
    for (const auto& r : compare_) if (r) seconds += r->allocation_seconds();
    return seconds;
  }, want, t0, budget, out_of_time);
  if (out_of_time) compare_carry_ = 0;
}

void AppState::advance(double dt) {
  const auto t0 = Clock::now();
  last_sim_ms_ = 0;
  const bool batch = replications_.running() || sweep_.running() || compare_paired_.running();
  const double budget_ms = playback_.budget_ms();
  const double own = batch ? budget_ms * 0.5 : budget_ms;
  if (mode_ == Mode::Compare) {
    advance_compare(dt, own);
  } else if (mode_ == Mode::Run && playback_.playing()) {
    if (sim_->done()) {
      if (playback_.repeat() && sim_->status().ok()) reset();
    } else {
      // Events owed this frame; a long stall (tab in background) must not pile up work.
      carry_ += playback_.speed() * std::clamp(dt, 0.0, 0.1);
      long long want = playback_.max_speed() ? (1LL << 40) : (long long)carry_;
      carry_ -= double(playback_.max_speed() ? 0 : want);
      bool out_of_time = false;
      // the history is offered every event (it keeps one per min_dt_), so that a frame that
      // runs far ahead, as "Run to end" does, still leaves samples all along its stretch
      run_paced([&] { const bool more = step_sim(); history_.add(*sim_); return more; },
                [&] { return sim_->allocation_seconds(); }, want, t0, own, out_of_time);
      if (out_of_time) carry_ = 0;
      history_.add(*sim_);
    }
  }
  if (const double left = budget_ms - ms_since(t0); batch && left > 0) work_batches(left);
  last_sim_ms_ = ms_since(t0);
}

// The running batches share `ms`: replications half (all when no sweep runs), the sweep half
// of what is left (all without a paired compare), the paired compare the rest.
void AppState::work_batches(double ms) {
  const auto t0 = Clock::now();
  if (replications_.running()) replications_.work(sweep_.running() ? ms * 0.5 : ms);
  if (sweep_.running()) sweep_.work(compare_paired_.running() ? (ms - ms_since(t0)) * 0.5 : ms - ms_since(t0));
  if (compare_paired_.running()) compare_paired_.work(ms - ms_since(t0));
}

}  // namespace alloclab::app
