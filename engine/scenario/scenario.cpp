// scenario.cpp — the parameter table and the codec built on it.
//
// Each key is declared once, where the table is, by a typed row helper (int_row, real_row,
// enum_row, id_row, spec_row and the size, uint64 and path rows): the declaration gives the
// field, the bounds or names, the Setup panel and the help; the helper derives the range text,
// the parser (errors name the key and the range), the canonical printer and the choices.
// Defaults are whatever a default-constructed Scenario holds, so "is this value the default?"
// is a comparison of canonical texts. Cross-key rules are rows' `check` hooks.
//
// Sections, in order:
//   row helpers         bad, bound_text; int_row, real_row, enum_row, spec_row, id_row,
//                       size_row, uint64_row, path_row (one declaration derives range text,
//                       parser, printer and choices)
//   the table           make_params (every key, in the order --help and the Setup panels show),
//                       param groups, params, find_param
//   applying            apply, apply_pair
//   validation          max_job_nodes, estimate_memory, validate
//   the link codec      split_value_list, url_encode / url_decode, canonical_link, parse_link
//   scenario files      apply_file_text
#include "scenario.hpp"
#include <algorithm>
#include <cctype>
#include <type_traits>
#include <utility>
#include "../core/text.hpp"
#include "../core/table.hpp"
#include "../net/patterns.hpp"
#include "../sched/scheduler.hpp"

namespace alloclab {

namespace {

Error bad(std::string_view key, std::string_view value, std::string_view allowed) {
  return Error{std::string(key) + ": '" + std::string(value) + "' is not valid; allowed: " + std::string(allowed)};
}

std::string join(const std::vector<std::string>& v) {
  std::string s;
  for (const auto& x : v) s += (s.empty() ? "" : ", ") + x;
  return s;
}

// A bound as written in a range text: 1e-6, 1e6, 1e15, 0.5, 100.
std::string bound_text(double x) {
  std::string s = format_number(x);
  if (const auto e = s.find('e'); e != std::string::npos) {  // 1e-06 -> 1e-6, 1e+15 -> 1e15
    std::string exp = s.substr(e + 1);
    const bool neg = !exp.empty() && exp[0] == '-';
    if (!exp.empty() && (exp[0] == '-' || exp[0] == '+')) exp.erase(0, 1);
    while (exp.size() > 1 && exp[0] == '0') exp.erase(0, 1);
    return s.substr(0, e) + "e" + (neg ? "-" : "") + exp;
  }
  std::size_t zeros = 0;  // 1000000 -> 1e6
  while (zeros < s.size() && s[s.size() - 1 - zeros] == '0') ++zeros;
  if (zeros >= 6 && zeros + 1 == s.size()) return s.substr(0, 1) + "e" + std::to_string(zeros);
  return s;
}

// An accessor for one Scenario field, usable on const and non-const scenarios.
#define FIELD(member) [](auto& s) -> auto& { return s.member; }

ParamDef row(std::string_view key, ParamType type, ParamGroup group, std::string range, std::string_view help) {
  ParamDef p;
  p.key = key;
  p.type = type;
  p.group = group;
  p.range = std::move(range);
  p.help = help;
  return p;
}

// Integer in [lo, hi]; "lo..hi" (two values: "lo, hi").
template <class F>
ParamDef int_row(std::string_view key, ParamGroup g, long long lo, long long hi, F field, std::string_view help) {
  ParamDef p = row(key, ParamType::Int, g,
                   hi == lo + 1 ? std::to_string(lo) + ", " + std::to_string(hi) : std::to_string(lo) + ".." + std::to_string(hi), help);
  p.min = lo;
  p.max = hi;
  p.set = [key, lo, hi, field, range = p.range](Scenario& s, std::string_view v) -> Status {
    long long x;
    if (!parse_int64(v, x) || x < lo || x > hi) return bad(key, v, range);
    field(s) = static_cast<std::remove_reference_t<decltype(field(s))>>(x);
    return {};
  };
  p.get = [field](const Scenario& s) { return std::to_string(field(s)); };
  return p;
}

// A real quantity: `noun` ("a time") with symbol `sym` in [lo, hi]. With `zero` ("off"), 0 is
// the special value named so and lo is 0: "0 (off) or a time 0 < T <= 1e15".
struct RealBounds {
  double lo, hi;
  std::string_view noun;
  char sym;
  std::string_view zero = {};
};
template <class F>
ParamDef real_row(std::string_view key, ParamGroup g, RealBounds b, F field, std::string_view help) {
  const std::string S(1, b.sym);
  std::string range = b.zero.empty()
                          ? std::string(b.noun) + " " + bound_text(b.lo) + " <= " + S + " <= " + bound_text(b.hi)
                          : "0 (" + std::string(b.zero) + ") or " + std::string(b.noun) + " 0 < " + S + " <= " + bound_text(b.hi);
  ParamDef p = row(key, ParamType::Real, g, std::move(range), help);
  p.set = [key, b, field, range = p.range](Scenario& s, std::string_view v) -> Status {
    double x;
    if (!parse_double(v, x) || !(x >= b.lo) || !(x <= b.hi)) return bad(key, v, range);
    field(s) = x;
    return {};
  };
  p.get = [field](const Scenario& s) { return format_number(field(s)); };
  return p;
}

// One of a fixed list of names, each standing for a value of the field's type.
template <class T>
using Names = std::vector<std::pair<std::string_view, T>>;
template <class T, class F>
ParamDef enum_row(std::string_view key, ParamGroup g, Names<T> names, F field, std::string_view help) {
  std::vector<std::string> ids;
  for (const auto& n : names) ids.emplace_back(n.first);
  ParamDef p = row(key, ParamType::Enum, g, join(ids), help);
  p.set = [key, names, field, range = p.range](Scenario& s, std::string_view v) -> Status {
    for (const auto& n : names)
      if (n.first == v) { field(s) = n.second; return {}; }
    return bad(key, v, range);
  };
  p.get = [names, field](const Scenario& s) {
    for (const auto& n : names)
      if (n.second == field(s)) return std::string(n.first);
    return std::string(names.front().first);
  };
  p.choices = [ids] { return ids; };
  return p;
}

// An id from a registry (strategies, schedulers, patterns) held as text. The range text is the
// ids, or `summary` when the list is too long for a line; errors list every id.
template <class F>
ParamDef id_row(std::string_view key, ParamGroup g, std::vector<std::string> (*ids)(), F field, std::string_view help,
                std::string_view summary = {}) {
  ParamDef p = row(key, ParamType::Enum, g, summary.empty() ? join(ids()) : std::string(summary), help);
  p.set = [key, ids, field](Scenario& s, std::string_view v) -> Status {
    const auto all = ids();
    if (std::find(all.begin(), all.end(), v) == all.end()) return bad(key, v, join(all));
    field(s) = std::string(v);
    return {};
  };
  p.get = [field](const Scenario& s) { return field(s); };
  p.choices = ids;
  return p;
}

// A distribution spec: its grammar, parser and printer are owned by workload/specs.*.
template <class F, class Parse, class Print>
ParamDef spec_row(std::string_view key, ParamGroup g, std::string_view forms, F field, Parse parse, Print print, std::string_view help) {
  ParamDef p = row(key, ParamType::Spec, g, std::string(forms), help);
  p.set = [field, parse](Scenario& s, std::string_view v) -> Status {
    auto r = parse(v);
    if (!r) return r.error();
    field(s) = *r;
    return {};
  };
  p.get = print;
  return p;
}

// Changing the row's value invalidates a loaded trace (it is re-read with the new options).
ParamDef reloads_trace(ParamDef p) {
  p.set = [set = std::move(p.set)](Scenario& s, std::string_view v) -> Status {
    Status st = set(s, v);
    if (st) s.trace_data.reset();
    return st;
  };
  return p;
}

std::vector<std::string> strategy_ids() { return ids_of(strategies()); }
std::vector<std::string> scheduler_ids() { return ids_of(schedulers()); }
std::vector<std::string> pattern_ids() { return ids_of(patterns()); }

ParamDef size_row() {
  const std::string range = "WxH, each side 1.." + std::to_string(kMaxSide);
  ParamDef p = row("size", ParamType::Size, ParamGroup::Scenario, range, "Machine width x height in processors (columns x rows)");
  p.min = 1;
  p.max = kMaxSide;
  p.set = [range](Scenario& s, std::string_view v) -> Status {
    const auto x = v.find('x');
    long long w, h;
    if (x == std::string_view::npos || !parse_int64(v.substr(0, x), w) || !parse_int64(v.substr(x + 1), h) || w < 1 ||
        h < 1 || w > kMaxSide || h > kMaxSide)
      return bad("size", v, range);
    s.width = int(w);
    s.height = int(h);
    return {};
  };
  p.get = [](const Scenario& s) { return std::to_string(s.width) + "x" + std::to_string(s.height); };
  return p;
}

ParamDef uint64_row(std::string_view key, ParamGroup g, std::uint64_t Scenario::*field, std::string_view help) {
  ParamDef p = row(key, ParamType::UInt64, g, "0..18446744073709551615", help);
  p.set = [key, field, range = p.range](Scenario& s, std::string_view v) -> Status {
    unsigned long long x;
    if (!parse_uint64(v, x)) return bad(key, v, range);
    s.*field = x;
    return {};
  };
  p.get = [field](const Scenario& s) { return std::to_string(s.*field); };
  return p;
}

constexpr std::size_t kMaxPath = 4096;
ParamDef path_row(std::string_view key, ParamGroup g, std::string_view what, std::string_view help) {
  ParamDef p = row(key, ParamType::Path, g, "path to " + std::string(what), help);
  p.set = [key](Scenario& s, std::string_view v) -> Status {
    if (v.size() > kMaxPath) return bad(key, v.substr(0, 40), "a path of at most " + std::to_string(kMaxPath) + " characters");
    if (s.trace != v) s.trace_data.reset();
    s.trace = std::string(v);
    return {};
  };
  p.get = [](const Scenario& s) { return s.trace; };
  return p;
}

std::vector<ParamDef> make_params() {
  using G = ParamGroup;
  std::vector<ParamDef> t;
  t.push_back(enum_row<TopologyKind>("topology", G::Scenario, {{"mesh", TopologyKind::Mesh}, {"torus", TopologyKind::Torus}},
                                     FIELD(topology), "Machine: 2D mesh, or 2D torus with wrap-around links"));
  t.push_back(size_row());

  ParamDef strategy = id_row("strategy", G::Strategy, strategy_ids, FIELD(strategy), "Processor allocation strategy",
                             "a strategy id (alloclab list)");
  strategy.choice_help = [](std::string_view id) -> std::string_view {
    const StrategyInfo* si = find_strategy(id);
    return si ? si->help : std::string_view{};
  };
  strategy.choice_unavailable = [](const Scenario& s, std::string_view id) -> std::string {
    const StrategyInfo* si = find_strategy(id);
    return si ? strategy_unsupported(*si, s.topo()) : std::string{};
  };
  strategy.check = [](const Scenario& s) -> Status {
    const StrategyInfo* si = find_strategy(s.strategy);
    if (!si) return Error{"strategy: unknown '" + s.strategy + "'"};
    if (std::string why = strategy_unsupported(*si, s.topo()); !why.empty()) return Error{"strategy: " + why};
    return {};
  };
  t.push_back(std::move(strategy));

  ParamDef scheduler = id_row("scheduler", G::Scheduler, scheduler_ids, FIELD(scheduler),
                              "Job scheduling: first come first served, shortest service demand first, EASY backfilling, greedy (every waiting job that fits starts; seed 001), or conservative backfilling");
  scheduler.choice_help = [](std::string_view id) -> std::string_view {
    const SchedulerInfo* si = find_scheduler(id);
    return si ? si->help : std::string_view{};
  };
  t.push_back(std::move(scheduler));

  ParamDef jobs = int_row("jobs", G::Measurement, 0, kMaxJobs, FIELD(jobs),
                          "Jobs measured (after warm-up); 0 (default) = 1000, or with a trace every job after warm-up; a number caps a trace");
  jobs.check = [](const Scenario& s) -> Status {
    if (s.warmup + s.jobs > kMaxJobs)
      return Error{"jobs: warmup + jobs = " + std::to_string(s.warmup + s.jobs) + " exceeds the limit " + std::to_string(kMaxJobs)};
    if (!s.trace_data && s.warmup + kDefaultJobs > kMaxJobs && s.jobs == 0)
      return Error{"jobs: warmup + 1000 (the default jobs) exceeds the limit " + std::to_string(kMaxJobs)};
    return {};
  };
  jobs.means_default = [](const Scenario& s) { return s.trace.empty() && s.jobs == kDefaultJobs; };
  t.push_back(std::move(jobs));
  t.push_back(int_row("warmup", G::Measurement, 0, kMaxJobs, FIELD(warmup), "Jobs completed before measuring starts"));
  t.push_back(uint64_row("seed", G::Scenario, &Scenario::seed,
                         "Random seed (the job stream depends only on it and the workload keys)"));
  t.push_back(spec_row("arrival", G::Workload, "poisson:RATE, batch", FIELD(arrival), parse_arrival,
                       [](const Scenario& s) { return to_string(s.arrival); },
                       "Job arrivals: Poisson with RATE jobs per time unit, or all at time 0"));

  ParamDef job_size = spec_row(
      "job_size", G::Workload, "uniform:A-B, uniform-decreasing, exponential:MEAN, normal:MU,SIGMA, fixed:WxH", FIELD(job_size),
      parse_job_size, [](const Scenario& s) { return to_string(s.job_size, s.longer_side()); },
      "Job side lengths, drawn per side and clamped to the machine (default uniform:1-L, L = longer side)");
  job_size.default_follows_size = true;
  job_size.check = [](const Scenario& s) -> Status {
    if (s.job_size.kind == SizeSpec::Kind::Uniform && s.job_size.b > s.longer_side())
      return Error{"job_size: uniform:" + format_number(s.job_size.a) + "-" + format_number(s.job_size.b) +
                   " exceeds the machine; allowed: 1 <= A <= B <= " + std::to_string(s.longer_side())};
    if (s.job_size.kind == SizeSpec::Kind::Fixed && (s.job_size.a > s.width || s.job_size.b > s.height))
      return Error{"job_size: fixed:" + format_number(s.job_size.a) + "x" + format_number(s.job_size.b) + " does not fit the " +
                   std::to_string(s.width) + "x" + std::to_string(s.height) + " machine"};
    return {};
  };
  t.push_back(std::move(job_size));
  ParamDef service = spec_row("service", G::Workload, "exponential:MEAN, uniform:A-B, fixed:T", FIELD(service), parse_service,
                              [](const Scenario& s) { return to_string(s.service); },
                              "Job service demand: the execution time; with a pattern, the computation, split over the "
                              "iterations, to which the communication adds (fixed:0 = communication only)");
  service.check = [](const Scenario& s) -> Status {
    if (!s.network() && s.service.kind == ServiceSpec::Kind::Fixed && s.service.a == 0 && !s.trace_data)
      return Error{"service: fixed:0 (jobs that only communicate) needs a pattern; allowed without one: fixed:T (T > 0)"};
    return {};
  };
  t.push_back(std::move(service));

  ParamDef trace = path_row("trace", G::Workload, "a .swf or .csv file",
                            "Job trace replacing arrival/job_size/service (CLI, scenario files, page upload)");
  trace.check = [](const Scenario& s) -> Status {
    if (!s.trace.empty() && !s.trace_data) return Error{"trace: '" + s.trace + "' was not loaded"};
    if (s.trace_data && (long long)s.trace_data->jobs.size() <= s.warmup)
      return Error{"trace: '" + s.trace + "' has " + std::to_string(s.trace_data->jobs.size()) +
                   " usable jobs, not more than warmup=" + std::to_string(s.warmup)};
    return {};
  };
  t.push_back(std::move(trace));

  ParamDef swf_shape = reloads_trace(enum_row<SwfShape>(
      "swf_shape", G::Workload, {{"square", SwfShape::Square}, {"asff", SwfShape::Asff}, {"row", SwfShape::Row}}, FIELD(swf_shape),
      "SWF processor count n -> request: most-square a x b = n; asff = most-square, any w x h = n allowed (needs strategy asff or non-contiguous); row = n x 1 when n <= width"));
  swf_shape.check = [](const Scenario& s) -> Status {
    const StrategyInfo* si = find_strategy(s.strategy);
    if (!s.trace.empty() && s.swf_shape == SwfShape::Asff && si && si->contiguous && !si->any_shape)
      return Error{"swf_shape: asff lets a job take any w x h = n; it needs strategy=asff or a non-contiguous strategy (or use swf_shape=square), not '" +
                   s.strategy + "'"};
    return {};
  };
  t.push_back(std::move(swf_shape));
  t.push_back(reloads_trace(enum_row<bool>(
      "swf_size", G::Workload, {{"given", false}, {"header", true}}, FIELD(swf_size_header),
      "SWF: machine size from `size` (given) or from the log's MaxProcs/MaxNodes header as the most-square W x H (header)")));
  t.push_back(reloads_trace(real_row("time_scale", G::Workload, {1e-6, 1e6, "a factor", 'F'}, FIELD(time_scale),
                                     "Trace replay: arrival, run and requested times multiplied by this factor")));

  ParamDef pattern = id_row("pattern", G::Network, pattern_ids, FIELD(pattern),
                            "Communication pattern of running jobs over the wormhole network (none = no network model)");
  pattern.choice_help = [](std::string_view id) -> std::string_view {
    const PatternInfo* p = find_pattern(id);
    return p ? p->help : std::string_view{};
  };
  pattern.check = [](const Scenario& s) -> Status {
    if (s.network() && (long long)s.width * s.height > kMaxNetworkNodes)
      return Error{"pattern: the network model is limited to " + std::to_string(kMaxNetworkNodes) +
                   " nodes; use a smaller size or pattern=none"};
    return {};
  };
  t.push_back(std::move(pattern));
  t.push_back(int_row("packet_flits", G::Network, 1, 1024, FIELD(packet_flits), "Flits per packet"));
  t.push_back(int_row("buffer_flits", G::Network, 1, 64, FIELD(buffer_flits), "Flit buffer depth per input virtual channel"));
  t.push_back(enum_row<FlowControl>(
      "flow_control", G::Network, {{"refill", FlowControl::Refill}, {"credit", FlowControl::Credit}}, FIELD(flow_control),
      "Flit flow control: refill = a buffer slot may be refilled in the cycle it empties (ProcSimity; 1-flit buffers stream "
      "a flit per cycle); credit = credits return over a 1-cycle channel (a buffer of B flits passes B flits per 2 cycles)"));
  t.push_back(int_row("routing_delay", G::Network, 0, 100, FIELD(routing_delay),
                      "Cycles a head flit spends on the routing decision at each router"));
  t.push_back(int_row("comm_iterations", G::Network, 1, 1000000, FIELD(comm_iterations),
                      "Iterations of the communication pattern each job runs (pattern != none)"));
  t.push_back(real_row("compute_time", G::Network, {0, 1e12, "a time", 'T'}, FIELD(compute_time),
                       "Computation time between communication iterations (pattern != none)"));
  t.push_back(int_row("max_blocks", G::Strategy, 0, 1 << 20, FIELD(strat.max_blocks),
                      "Cap on blocks per job for non-contiguous strategies (0 = none)"));
  t.push_back(int_row("paging_k", G::Strategy, 0, 10, FIELD(strat.paging_k), "Paging(k): pages of side 2^k processors (strategy paging)"));
  t.push_back(enum_row<PagingOrder>(
      "paging_order", G::Strategy,
      {{"row-major", PagingOrder::RowMajor}, {"snake", PagingOrder::Snake}, {"shuffled", PagingOrder::Shuffled}}, FIELD(strat.paging_order),
      "Paging: page indexing order (shuffled = Lo et al.'s shuffled row-major, bit-interleaved)"));
  ParamDef alloc_cost = real_row("alloc_cost", G::Strategy, {0, 1e9, "a time per operation", 'C', "off"}, FIELD(alloc_cost),
                                 "Allocation time: each decision takes C x its counted operations on a single allocator; the job starts when it ends (0 = decisions take no time)");
  alloc_cost.check = [](const Scenario& s) -> Status {
    const SchedulerInfo* si = find_scheduler(s.scheduler);
    if (s.alloc_cost > 0 && si && !si->timed_decisions)
      return Error{"alloc_cost: scheduler '" + s.scheduler + "' plans starts at reserved times and cannot take allocation time; use alloc_cost=0 or another scheduler"};
    return {};
  };
  t.push_back(std::move(alloc_cost));
  t.push_back(real_row("max_wait", G::Scheduler, {0, 1e15, "a time", 'T', "off"}, FIELD(sched.max_wait),
                       "Starvation threshold: once a job has waited this long no later job may pass it (seed 001 3.5)"));
  t.push_back(real_row("time_limit", G::Measurement, {0, 1e15, "a time", 'T', "none"}, FIELD(time_limit),
                       "Stop the run at this time: no arrivals after it, unfinished jobs not processed (seed 004 dynamic)"));
  t.push_back(enum_row<OnFail>("on_fail", G::Measurement, {{"wait", OnFail::Wait}, {"drop", OnFail::Drop}}, FIELD(on_fail),
                               "A job that cannot be allocated when tried: waits (default) or is dropped, not processed (seed 004)"));
  t.push_back(int_row("replications", G::Measurement, 1, kMaxReplications, FIELD(replications),
                      "Independent replications (seeds derived from seed); results are means with 95% CIs"));
  t.push_back(int_row("check", G::Measurement, 0, 1, FIELD(check),
                      "1 = verify occupancy, job table and network buffers/credits after every event; a violation aborts naming node, job and time (slow)"));
  return t;
}
#undef FIELD

constexpr ParamGroupInfo kGroups[] = {
    {ParamGroup::Scenario, "Scenario", true},   {ParamGroup::Workload, "Workload", true},
    {ParamGroup::Strategy, "Strategy", true},   {ParamGroup::Scheduler, "Scheduler", true},
    {ParamGroup::Network, "Network", false},    {ParamGroup::Measurement, "Measurement", false},
};

}  // namespace

bool Scenario::network() const {
  const PatternInfo* p = find_pattern(pattern);
  return p && p->network();
}

std::span<const ParamGroupInfo> param_groups() { return kGroups; }

std::span<const ParamDef> params() {
  static const std::vector<ParamDef> table = make_params();  // immutable after first use
  return table;
}

const ParamDef* find_param(std::string_view key) {
  for (const ParamDef& p : params())
    if (p.key == key) return &p;
  return nullptr;
}

Status apply(Scenario& s, std::string_view key, std::string_view value) {
  const ParamDef* p = find_param(key);
  if (!p) {
    std::string known;
    for (const ParamDef& q : params()) known += (known.empty() ? "" : ", ") + std::string(q.key);
    std::string k(key.substr(0, 64));
    return Error{"unknown key '" + k + "'; known keys: " + known};
  }
  return p->set(s, value);
}

Status apply_pair(Scenario& s, std::string_view kv) {
  const auto eq = kv.find('=');
  if (eq == std::string_view::npos || eq == 0)
    return Error{"'" + std::string(kv.substr(0, 64)) + "' is not key=value"};
  return apply(s, kv.substr(0, eq), kv.substr(eq + 1));
}

namespace {
// Processors of the largest job the scenario can produce (before allocation rounding).
long long max_job_nodes(const Scenario& s) {
  const long long W = s.width, H = s.height;
  if (s.trace_data) {
    long long m = 0;
    for (const TraceJob& j : s.trace_data->jobs) m = std::max(m, (long long)j.shape.area());
    return m;
  }
  switch (s.job_size.kind) {
    case SizeSpec::Kind::Uniform: {
      const long long b = (long long)s.job_size.b;
      return std::min(b, W) * std::min(b, H);
    }
    case SizeSpec::Kind::Fixed: return std::min((long long)s.job_size.a, W) * std::min((long long)s.job_size.b, H);
    default: return W * H;
  }
}

std::string mib(long long bytes) { return std::to_string((bytes + (1 << 20) - 1) >> 20) + " MiB"; }
}  // namespace

MemoryEstimate estimate_memory(const Scenario& s) {
  MemoryEstimate m;
  const long long N = (long long)s.width * s.height;
  const SchedulerInfo* sched = find_scheduler(s.scheduler);
  m.machine = N * (5 + 32 + 200) * (sched && sched->plans_on_copy ? 2 : 1);
  if (s.network()) {
    m.network = N * (1024 + 80LL * s.buffer_flits);
    const long long n = std::max(1LL, max_job_nodes(s));
    m.packets = N * find_pattern(s.pattern)->queued_per_node(n) * 128;
  }
  const long long jobs = s.total_jobs();
  if (s.trace_data) {
    m.trace = (long long)s.trace_data->jobs.size() * (long long)sizeof(TraceJob);
    m.queue = std::min(jobs, (long long)s.trace_data->jobs.size()) * 128;
  } else if (s.arrival.kind == ArrivalSpec::Kind::Batch) {
    m.queue = jobs * 128;
  }
  return m;
}

Status validate(const Scenario& s) {
  for (const ParamDef& p : params())
    if (p.check)
      if (Status st = p.check(s); !st) return st;
  if (const MemoryEstimate m = estimate_memory(s); m.total() > kMemoryBudget) {
    // name the largest part and what shrinks it
    std::string what;
    long long biggest = 0;
    auto part = [&](long long v, const char* text) { if (v > biggest) { biggest = v; what = text; } };
    part(m.machine, "the machine (use a smaller size)");
    part(m.network, "the network model (use a smaller size, smaller buffer_flits or pattern=none)");
    part(m.packets, "packets queued by the pattern (use smaller jobs (job_size), another pattern or pattern=none)");
    part(m.queue, "jobs waiting at once with batch arrivals or a trace (use fewer jobs or arrival=poisson:RATE)");
    part(m.trace, "the trace (use a shorter trace)");
    return Error{"scenario: estimated memory " + mib(m.total()) + " exceeds the budget of " + mib(kMemoryBudget) +
                 "; the largest part is " + what + ": " + mib(biggest)};
  }
  return {};
}

Result<std::vector<std::string>> split_value_list(std::string_view key, std::string_view text) {
  Scenario probe;
  if (text.find(';') != std::string_view::npos) {
    auto parts = split_on(text, ';');
    for (const auto& p : parts)
      if (Status st = apply(probe, key, p); !st) return st.error();
    return parts;
  }
  if (text.find(',') != std::string_view::npos) {
    auto parts = split_on(text, ',');
    for (std::size_t i = 1; i < parts.size(); ++i) {
      const auto c = parts[i - 1].find(':');
      if (c != std::string::npos && parts[i].find(':') == std::string::npos) parts[i] = parts[i - 1].substr(0, c + 1) + parts[i];
    }
    bool all = true;
    for (const auto& p : parts) all = all && apply(probe, key, p).ok();
    if (all) return parts;
  }
  if (Status st = apply(probe, key, text); !st) return st.error();
  return std::vector<std::string>{std::string(text)};
}

std::string url_encode(std::string_view s) {
  static const char* hex = "0123456789ABCDEF";
  std::string o;
  for (unsigned char c : s) {
    if (std::isalnum(c) || c == '-' || c == '_' || c == '.' || c == '~' || c == ':' || c == ',' || c == '/')
      o += char(c);
    else {
      o += '%';
      o += hex[c >> 4];
      o += hex[c & 15];
    }
  }
  return o;
}

Result<std::string> url_decode(std::string_view s) {
  std::string o;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '%') {
      auto hv = [](char c) { return std::isdigit((unsigned char)c) ? c - '0' : (c >= 'a' && c <= 'f') ? c - 'a' + 10 : (c >= 'A' && c <= 'F') ? c - 'A' + 10 : -1; };
      if (i + 2 >= s.size()) return Error{"link: truncated %-escape"};
      const int a = hv(s[i + 1]), b = hv(s[i + 2]);
      if (a < 0 || b < 0) return Error{"link: bad %-escape"};
      o += char(a * 16 + b);
      i += 2;
    } else if (s[i] == '+') {
      o += ' ';
    } else {
      o += s[i];
    }
  }
  return o;
}

std::string canonical_link(const Scenario& s) {
  const Scenario d;
  Scenario dflt = d;
  // job_size's default depends on the size, so compare against a default at this size
  dflt.width = s.width;
  dflt.height = s.height;
  std::string out;
  for (const ParamDef& p : params()) {
    const std::string v = p.get(s);
    if (v == p.get(p.default_follows_size ? dflt : d) || (p.means_default && p.means_default(s))) continue;
    if (!out.empty()) out += '&';
    out += std::string(p.key) + "=" + url_encode(v);
  }
  return out;
}

Result<Scenario> parse_link(std::string_view link) {
  if (link.size() > 65536) return Error{"link: longer than 65536 characters"};
  if (!link.empty() && link.front() == '#') link.remove_prefix(1);
  Scenario s;
  std::size_t start = 0;
  while (start <= link.size()) {
    std::size_t end = link.find('&', start);
    if (end == std::string_view::npos) end = link.size();
    const std::string_view part = link.substr(start, end - start);
    if (!part.empty()) {
      const auto eq = part.find('=');
      if (eq == std::string_view::npos || eq == 0)
        return Error{"link: '" + std::string(part.substr(0, 64)) + "' is not key=value"};
      auto k = url_decode(part.substr(0, eq));
      if (!k) return k.error();
      auto v = url_decode(part.substr(eq + 1));
      if (!v) return v.error();
      if (Status st = apply(s, *k, *v); !st) return st.error();
    }
    if (end == link.size()) break;
    start = end + 1;
  }
  return s;
}

Status apply_file_text(Scenario& s, std::string_view text, std::string_view source) {
  Status result;
  for_each_line(text, [&](std::string_view line, long long no) {
    if (const auto h = line.find('#'); h != std::string_view::npos) line = line.substr(0, h);
    line = trim_space(line);
    if (line.empty()) return true;
    // spaces around '=' are allowed in files
    const auto eq = line.find('=');
    Status st = eq == std::string_view::npos ? apply_pair(s, line)
                                             : apply(s, trim_space(line.substr(0, eq)), trim_space(line.substr(eq + 1)));
    if (!st) result = Error{std::string(source) + " line " + std::to_string(no) + ": " + st.message()};
    return bool(st);
  });
  return result;
}

}  // namespace alloclab
