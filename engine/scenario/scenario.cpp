// scenario.cpp — the parameter table (kParams) and the codec built on it.
//
// Each row owns its key completely: how to parse a value into the typed Scenario, how to print
// it canonically, its range and help. Defaults are whatever a default-constructed Scenario
// holds, so "is this value the default?" is a comparison of canonical texts.
#include "scenario.hpp"
#include <algorithm>
#include <cctype>
#include "../core/text.hpp"
#include "../sched/scheduler.hpp"

namespace alloclab {

namespace {

Error bad(std::string_view key, std::string_view value, std::string_view allowed) {
  return Error{std::string(key) + ": '" + std::string(value) + "' is not valid; allowed: " + std::string(allowed)};
}

Status set_int(std::string_view key, std::string_view v, long long lo, long long hi, std::string_view range, long long& out) {
  long long x;
  if (!parse_int64(v, x) || x < lo || x > hi) return bad(key, v, range);
  out = x;
  return {};
}

template <int Scenario::*F>
Status set_int_field(Scenario& s, std::string_view key, std::string_view v, long long lo, long long hi, std::string_view range) {
  long long x = 0;
  if (Status st = set_int(key, v, lo, hi, range, x); !st) return st;
  s.*F = int(x);
  return {};
}

std::vector<std::string> strategy_ids() {
  std::vector<std::string> v;
  for (const StrategyInfo& s : strategies()) v.emplace_back(s.id);
  return v;
}
std::vector<std::string> scheduler_ids() {
  std::vector<std::string> v;
  for (const SchedulerInfo& s : schedulers()) v.emplace_back(s.id);
  return v;
}
std::vector<std::string> topology_ids() { return {"mesh", "torus"}; }
std::vector<std::string> pattern_ids() { return {"none", "one-to-all", "all-to-all", "near-neighbor", "random"}; }

std::string join(const std::vector<std::string>& v) {
  std::string s;
  for (const auto& x : v) s += (s.empty() ? "" : ", ") + x;
  return s;
}

// clang-format off
const ParamDef kParams[] = {
  {"topology", ParamType::Enum, "mesh, torus", "Machine: 2D mesh, or 2D torus with wrap-around links", 0, 0,
   [](Scenario& s, std::string_view v) -> Status {
     if (v == "mesh") s.topology = TopologyKind::Mesh;
     else if (v == "torus") s.topology = TopologyKind::Torus;
     else return bad("topology", v, "mesh, torus");
     return {};
   },
   [](const Scenario& s) -> std::string { return s.topology == TopologyKind::Mesh ? "mesh" : "torus"; },
   topology_ids},
  {"size", ParamType::Size, "WxH, each side 1..1024", "Machine width x height in processors (columns x rows)", 1, kMaxSide,
   [](Scenario& s, std::string_view v) -> Status {
     const auto x = v.find('x');
     long long w, h;
     if (x == std::string_view::npos || !parse_int64(v.substr(0, x), w) || !parse_int64(v.substr(x + 1), h) ||
         w < 1 || h < 1 || w > kMaxSide || h > kMaxSide)
       return bad("size", v, "WxH, each side 1..1024");
     s.width = int(w); s.height = int(h);
     return {};
   },
   [](const Scenario& s) { return std::to_string(s.width) + "x" + std::to_string(s.height); }, nullptr},
  {"strategy", ParamType::Enum, "a strategy id (alloclab list)", "Processor allocation strategy", 0, 0,
   [](Scenario& s, std::string_view v) -> Status {
     if (!find_strategy(v)) return bad("strategy", v, join(strategy_ids()));
     s.strategy = std::string(v);
     return {};
   },
   [](const Scenario& s) { return s.strategy; }, strategy_ids},
  {"scheduler", ParamType::Enum, "fcfs, ssd, easy, greedy, conservative", "Job scheduling: first come first served, shortest service demand first, EASY backfilling, greedy (every waiting job that fits starts; seed 001), or conservative backfilling", 0, 0,
   [](Scenario& s, std::string_view v) -> Status {
     if (!find_scheduler(v)) return bad("scheduler", v, join(scheduler_ids()));
     s.scheduler = std::string(v);
     return {};
   },
   [](const Scenario& s) { return s.scheduler; }, scheduler_ids},
  {"jobs", ParamType::Int, "1..100000000", "Jobs measured (after warm-up); with a trace, at most the trace's jobs", 1, kMaxJobs,
   [](Scenario& s, std::string_view v) { return set_int("jobs", v, 1, kMaxJobs, "1..100000000", s.jobs); },
   [](const Scenario& s) { return std::to_string(s.jobs); }, nullptr},
  {"warmup", ParamType::Int, "0..100000000", "Jobs completed before measuring starts", 0, kMaxJobs,
   [](Scenario& s, std::string_view v) { return set_int("warmup", v, 0, kMaxJobs, "0..100000000", s.warmup); },
   [](const Scenario& s) { return std::to_string(s.warmup); }, nullptr},
  {"seed", ParamType::UInt64, "0..18446744073709551615", "Random seed (the job stream depends only on it and the workload keys)", 0, 0,
   [](Scenario& s, std::string_view v) -> Status {
     unsigned long long x;
     if (!parse_uint64(v, x)) return bad("seed", v, "an unsigned 64-bit integer");
     s.seed = x;
     return {};
   },
   [](const Scenario& s) { return std::to_string(s.seed); }, nullptr},
  {"arrival", ParamType::Spec, "poisson:RATE, batch", "Job arrivals: Poisson with RATE jobs per time unit, or all at time 0", 0, 0,
   [](Scenario& s, std::string_view v) -> Status {
     auto r = parse_arrival(v);
     if (!r) return r.error();
     s.arrival = *r;
     return {};
   },
   [](const Scenario& s) { return to_string(s.arrival); }, nullptr},
  {"job_size", ParamType::Spec, "uniform:A-B, uniform-decreasing, exponential:MEAN, normal:MU,SIGMA, fixed:WxH",
   "Job side lengths, drawn per side and clamped to the machine (default uniform:1-L, L = longer side)", 0, 0,
   [](Scenario& s, std::string_view v) -> Status {
     auto r = parse_job_size(v);
     if (!r) return r.error();
     s.job_size = *r;
     return {};
   },
   [](const Scenario& s) { return to_string(s.job_size, s.longer_side()); }, nullptr},
  {"service", ParamType::Spec, "exponential:MEAN, uniform:A-B, fixed:T", "Job service (execution) time", 0, 0,
   [](Scenario& s, std::string_view v) -> Status {
     auto r = parse_service(v);
     if (!r) return r.error();
     s.service = *r;
     return {};
   },
   [](const Scenario& s) { return to_string(s.service); }, nullptr},
  {"trace", ParamType::Path, "path to a .swf or .csv file", "Job trace replacing arrival/job_size/service (CLI, scenario files, page upload)", 0, 0,
   [](Scenario& s, std::string_view v) -> Status {
     if (v.size() > 4096) return bad("trace", v.substr(0, 40), "a path of at most 4096 characters");
     if (s.trace != v) s.trace_data.reset();
     s.trace = std::string(v);
     return {};
   },
   [](const Scenario& s) { return s.trace; }, nullptr},
  {"swf_shape", ParamType::Enum, "square, asff, row",
   "SWF processor count n -> request: most-square a x b = n; asff = most-square, any w x h = n allowed (needs strategy asff or non-contiguous); row = n x 1 when n <= width", 0, 0,
   [](Scenario& s, std::string_view v) -> Status {
     if (v == "square") s.swf_shape = SwfShape::Square;
     else if (v == "asff") s.swf_shape = SwfShape::Asff;
     else if (v == "row") s.swf_shape = SwfShape::Row;
     else return bad("swf_shape", v, "square, asff, row");
     s.trace_data.reset();
     return {};
   },
   [](const Scenario& s) -> std::string { return s.swf_shape == SwfShape::Square ? "square" : s.swf_shape == SwfShape::Asff ? "asff" : "row"; },
   [] { return std::vector<std::string>{"square", "asff", "row"}; }},
  {"swf_size", ParamType::Enum, "given, header", "SWF: machine size from `size` (given) or from the log's MaxProcs/MaxNodes header as the most-square W x H (header)", 0, 0,
   [](Scenario& s, std::string_view v) -> Status {
     if (v == "given") s.swf_size_header = false;
     else if (v == "header") s.swf_size_header = true;
     else return bad("swf_size", v, "given, header");
     s.trace_data.reset();
     return {};
   },
   [](const Scenario& s) -> std::string { return s.swf_size_header ? "header" : "given"; },
   [] { return std::vector<std::string>{"given", "header"}; }},
  {"time_scale", ParamType::Real, "a factor 1e-6..1e6", "Trace replay: arrival, run and requested times multiplied by this factor", 0, 0,
   [](Scenario& s, std::string_view v) -> Status {
     double x;
     if (!parse_double(v, x) || !(x >= 1e-6) || x > 1e6) return bad("time_scale", v, "a factor 1e-6 <= F <= 1e6");
     s.time_scale = x;
     s.trace_data.reset();
     return {};
   },
   [](const Scenario& s) { return format_number(s.time_scale); }, nullptr},
  {"pattern", ParamType::Enum, "none, one-to-all, all-to-all, near-neighbor, random",
   "Communication pattern of running jobs over the wormhole network (none = no network model)", 0, 0,
   [](Scenario& s, std::string_view v) -> Status {
     const auto ids = pattern_ids();
     if (std::find(ids.begin(), ids.end(), v) == ids.end()) return bad("pattern", v, join(ids));
     s.pattern = std::string(v);
     return {};
   },
   [](const Scenario& s) { return s.pattern; }, pattern_ids},
  {"packet_flits", ParamType::Int, "1..1024", "Flits per packet", 1, 1024,
   [](Scenario& s, std::string_view v) { return set_int_field<&Scenario::packet_flits>(s, "packet_flits", v, 1, 1024, "1..1024"); },
   [](const Scenario& s) { return std::to_string(s.packet_flits); }, nullptr},
  {"buffer_flits", ParamType::Int, "1..64", "Flit buffer depth per input virtual channel", 1, 64,
   [](Scenario& s, std::string_view v) { return set_int_field<&Scenario::buffer_flits>(s, "buffer_flits", v, 1, 64, "1..64"); },
   [](const Scenario& s) { return std::to_string(s.buffer_flits); }, nullptr},
  {"routing_delay", ParamType::Int, "0..100", "Cycles a head flit spends on the routing decision at each router", 0, 100,
   [](Scenario& s, std::string_view v) { return set_int_field<&Scenario::routing_delay>(s, "routing_delay", v, 0, 100, "0..100"); },
   [](const Scenario& s) { return std::to_string(s.routing_delay); }, nullptr},
  {"comm_iterations", ParamType::Int, "1..1000000", "Iterations of the communication pattern each job runs (pattern != none)", 1, 1000000,
   [](Scenario& s, std::string_view v) { return set_int_field<&Scenario::comm_iterations>(s, "comm_iterations", v, 1, 1000000, "1..1000000"); },
   [](const Scenario& s) { return std::to_string(s.comm_iterations); }, nullptr},
  {"compute_time", ParamType::Real, "0 or a time > 0", "Computation time between communication iterations (pattern != none)", 0, 0,
   [](Scenario& s, std::string_view v) -> Status {
     double x;
     if (!parse_double(v, x) || x < 0 || x > 1e12) return bad("compute_time", v, "a time 0 <= T <= 1e12");
     s.compute_time = x;
     return {};
   },
   [](const Scenario& s) { return format_number(s.compute_time); }, nullptr},
  {"max_blocks", ParamType::Int, "0..1048576", "Cap on blocks per job for non-contiguous strategies (0 = none)", 0, 1 << 20,
   [](Scenario& s, std::string_view v) -> Status {
     long long x;
     if (Status st = set_int("max_blocks", v, 0, 1 << 20, "0..1048576", x); !st) return st;
     s.strat.max_blocks = int(x);
     return {};
   },
   [](const Scenario& s) { return std::to_string(s.strat.max_blocks); }, nullptr},
  {"paging_k", ParamType::Int, "0..10", "Paging(k): pages of side 2^k processors (strategy paging)", 0, 10,
   [](Scenario& s, std::string_view v) -> Status {
     long long x;
     if (Status st = set_int("paging_k", v, 0, 10, "0..10", x); !st) return st;
     s.strat.paging_k = int(x);
     return {};
   },
   [](const Scenario& s) { return std::to_string(s.strat.paging_k); }, nullptr},
  {"paging_order", ParamType::Enum, "row-major, snake, shuffled", "Paging: page indexing order (shuffled = Lo et al.'s shuffled row-major, bit-interleaved)", 0, 0,
   [](Scenario& s, std::string_view v) -> Status {
     if (v == "row-major") s.strat.paging_order = PagingOrder::RowMajor;
     else if (v == "snake") s.strat.paging_order = PagingOrder::Snake;
     else if (v == "shuffled") s.strat.paging_order = PagingOrder::Shuffled;
     else return bad("paging_order", v, "row-major, snake, shuffled");
     return {};
   },
   [](const Scenario& s) -> std::string {
     switch (s.strat.paging_order) {
       case PagingOrder::Snake: return "snake";
       case PagingOrder::Shuffled: return "shuffled";
       default: return "row-major";
     }
   },
   [] { return std::vector<std::string>{"row-major", "snake", "shuffled"}; }},
  {"max_wait", ParamType::Real, "0 (off) or a time > 0", "Starvation threshold: once a job has waited this long no later job may pass it (seed 001 3.5)", 0, 0,
   [](Scenario& s, std::string_view v) -> Status {
     double x;
     if (!parse_double(v, x) || x < 0 || x > 1e15) return bad("max_wait", v, "0 (off) or a time 0 < T <= 1e15");
     s.sched.max_wait = x;
     return {};
   },
   [](const Scenario& s) { return format_number(s.sched.max_wait); }, nullptr},
  {"time_limit", ParamType::Real, "0 (none) or a time > 0", "Stop the run at this time: no arrivals after it, unfinished jobs not processed (seed 004 dynamic)", 0, 0,
   [](Scenario& s, std::string_view v) -> Status {
     double x;
     if (!parse_double(v, x) || x < 0 || x > 1e15) return bad("time_limit", v, "0 (none) or a time 0 < T <= 1e15");
     s.time_limit = x;
     return {};
   },
   [](const Scenario& s) { return format_number(s.time_limit); }, nullptr},
  {"on_fail", ParamType::Enum, "wait, drop", "A job that cannot be allocated when tried: waits (default) or is dropped, not processed (seed 004)", 0, 0,
   [](Scenario& s, std::string_view v) -> Status {
     if (v == "wait") s.on_fail = OnFail::Wait;
     else if (v == "drop") s.on_fail = OnFail::Drop;
     else return bad("on_fail", v, "wait, drop");
     return {};
   },
   [](const Scenario& s) -> std::string { return s.on_fail == OnFail::Wait ? "wait" : "drop"; },
   [] { return std::vector<std::string>{"wait", "drop"}; }},
  {"replications", ParamType::Int, "1..1000", "Independent replications (seeds derived from seed); results are means with 95% CIs", 1, kMaxReplications,
   [](Scenario& s, std::string_view v) { return set_int_field<&Scenario::replications>(s, "replications", v, 1, kMaxReplications, "1..1000"); },
   [](const Scenario& s) { return std::to_string(s.replications); }, nullptr},
  {"check", ParamType::Int, "0, 1", "1 = verify occupancy, job table and network buffers/credits after every event; a violation aborts naming node, job and time (slow)", 0, 1,
   [](Scenario& s, std::string_view v) { return set_int_field<&Scenario::check>(s, "check", v, 0, 1, "0, 1"); },
   [](const Scenario& s) { return std::to_string(s.check); }, nullptr},
};
// clang-format on

}  // namespace

std::span<const ParamDef> params() { return kParams; }

const ParamDef* find_param(std::string_view key) {
  for (const ParamDef& p : kParams)
    if (p.key == key) return &p;
  return nullptr;
}

Status apply(Scenario& s, std::string_view key, std::string_view value) {
  const ParamDef* p = find_param(key);
  if (!p) {
    std::string known;
    for (const ParamDef& q : kParams) known += (known.empty() ? "" : ", ") + std::string(q.key);
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
  m.machine = N * (5 + 32 + 200) * (s.scheduler == "easy" || s.scheduler == "conservative" ? 2 : 1);
  if (s.pattern != "none") {
    m.network = N * (1024 + 80LL * s.buffer_flits);
    const long long n = std::max(1LL, max_job_nodes(s));
    long long packets = N;
    if (s.pattern == "all-to-all") packets = N * (n - 1);
    else if (s.pattern == "near-neighbor") packets = 4 * N;
    m.packets = packets * 128;
  }
  const long long jobs = s.warmup + s.jobs;
  if (s.trace_data) {
    m.trace = (long long)s.trace_data->jobs.size() * (long long)sizeof(TraceJob);
    m.queue = std::min(jobs, (long long)s.trace_data->jobs.size()) * 128;
  } else if (s.arrival.kind == ArrivalSpec::Kind::Batch) {
    m.queue = jobs * 128;
  }
  return m;
}

Status validate(const Scenario& s) {
  const Topology t = s.topo();
  const StrategyInfo* si = find_strategy(s.strategy);
  if (!si) return Error{"strategy: unknown '" + s.strategy + "'"};
  if (std::string why = strategy_unsupported(*si, t); !why.empty()) return Error{"strategy: " + why};
  if (s.job_size.kind == SizeSpec::Kind::Uniform && s.job_size.b > s.longer_side())
    return Error{"job_size: uniform:" + format_number(s.job_size.a) + "-" + format_number(s.job_size.b) +
                 " exceeds the machine; allowed: 1 <= A <= B <= " + std::to_string(s.longer_side())};
  if (s.job_size.kind == SizeSpec::Kind::Fixed && (s.job_size.a > s.width || s.job_size.b > s.height))
    return Error{"job_size: fixed:" + format_number(s.job_size.a) + "x" + format_number(s.job_size.b) +
                 " does not fit the " + std::to_string(s.width) + "x" + std::to_string(s.height) + " machine"};
  if (s.pattern != "none" && (long long)s.width * s.height > kMaxNetworkNodes)
    return Error{"pattern: the network model is limited to " + std::to_string(kMaxNetworkNodes) +
                 " nodes; use a smaller size or pattern=none"};
  if (s.warmup + s.jobs > kMaxJobs)
    return Error{"jobs: warmup + jobs = " + std::to_string(s.warmup + s.jobs) + " exceeds the limit 100000000"};
  if (!s.trace.empty() && s.swf_shape == SwfShape::Asff && si->contiguous && s.strategy != "asff")
    return Error{"swf_shape: asff lets a job take any w x h = n; it needs strategy=asff or a non-contiguous strategy (or use swf_shape=square), not '" + s.strategy + "'"};
  if (!s.trace.empty() && !s.trace_data)
    return Error{"trace: '" + s.trace + "' was not loaded"};
  if (s.trace_data && (long long)s.trace_data->jobs.size() <= s.warmup)
    return Error{"trace: '" + s.trace + "' has " + std::to_string(s.trace_data->jobs.size()) +
                 " usable jobs, not more than warmup=" + std::to_string(s.warmup)};
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
  for (const ParamDef& p : kParams) {
    const std::string v = p.get(s);
    if (v == p.get(p.key == "size" ? d : dflt)) continue;
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
  long long no = 0;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    ++no;
    std::string_view line = text.substr(start, end - start);
    start = end + 1;
    if (const auto h = line.find('#'); h != std::string_view::npos) line = line.substr(0, h);
    while (!line.empty() && std::isspace((unsigned char)line.front())) line.remove_prefix(1);
    while (!line.empty() && std::isspace((unsigned char)line.back())) line.remove_suffix(1);
    if (line.empty()) continue;
    // spaces around '=' are allowed in files
    const auto eq = line.find('=');
    auto trim = [](std::string_view v) {
      while (!v.empty() && std::isspace((unsigned char)v.front())) v.remove_prefix(1);
      while (!v.empty() && std::isspace((unsigned char)v.back())) v.remove_suffix(1);
      return v;
    };
    Status st = eq == std::string_view::npos ? apply_pair(s, line) : apply(s, trim(line.substr(0, eq)), trim(line.substr(eq + 1)));
    if (!st)
      return Error{std::string(source) + " line " + std::to_string(no) + ": " + st.message()};
  }
  return {};
}

}  // namespace alloclab
