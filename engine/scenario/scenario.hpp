// scenario.hpp — a described, validated experiment, and the one parameter table that defines
// every key (type, default, range, help, Setup panel). The CLI arguments, scenario files, share
// links and the UI editor are all generated from params(); nothing else in the engine reads
// keys by name.
#pragma once
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>
#include "../alloc/strategy.hpp"
#include "../core/error.hpp"
#include "../net/flow_control.hpp"
#include "../sched/scheduler.hpp"
#include "../topology/topology.hpp"
#include "../workload/specs.hpp"
#include "../workload/trace.hpp"

namespace alloclab {

// Documented maxima (README "Limits").
inline constexpr int kMaxSide = 1024;
inline constexpr long long kMaxJobs = 100'000'000;
inline constexpr long long kDefaultJobs = 1000;  // measured synthetic jobs when `jobs` is not given
inline constexpr int kMaxReplications = 1000;
inline constexpr long long kMaxNetworkNodes = 256 * 256;  // network state is ~1 KiB per node
// Memory budget of one simulation (validate() refuses scenarios whose estimate exceeds it).
#ifdef __EMSCRIPTEN__
inline constexpr long long kMemoryBudget = 512LL << 20;  // the page's wasm heap
#else
inline constexpr long long kMemoryBudget = 1LL << 30;
#endif
// Jobs that may wait in the scheduler's queue at once (a saturated system fails the run
// with a message rather than exhausting memory): the budget at ~128 bytes per waiting job.
inline constexpr long long kMaxQueuedJobs = kMemoryBudget / 128;

enum class OnFail { Wait, Drop };

struct Scenario {
  TopologyKind topology = TopologyKind::Mesh;
  int width = 16, height = 16;
  std::string strategy = "ff";
  std::string scheduler = "fcfs";
  // Measured jobs (after warm-up). 0, the default, means kDefaultJobs synthetic jobs, or with a
  // trace every job of the trace after warm-up; a value > 0 caps a trace. Read it through
  // total_jobs() / measured_jobs().
  long long jobs = 0;
  long long warmup = 0;
  std::uint64_t seed = 1;
  ArrivalSpec arrival;
  SizeSpec job_size;
  ServiceSpec service;
  std::string trace;  // path or upload name; the parsed jobs are in trace_data
  SwfShape swf_shape = SwfShape::Square;  // SWF processor count → request shape
  bool swf_size_header = false;           // SWF: machine size from the log header
  double time_scale = 1;                  // trace times multiplied by this
  std::string pattern = "none";
  int packet_flits = 8, buffer_flits = 1, routing_delay = 3;
  FlowControl flow_control = FlowControl::Refill;  // net/network.hpp
  int comm_iterations = 1;  // iterations of the pattern per job
  double compute_time = 0;  // time between iterations
  StrategyParams strat;
  SchedParams sched;
  int replications = 1;
  double time_limit = 0;  // 0 = run until every job has departed
  double alloc_cost = 0;  // simulated time per counted allocation operation (0 = decisions take no time)
  OnFail on_fail = OnFail::Wait;
  int check = 0;  // 1: verify occupancy, job table and network after every event (slow; tests)

  // Loaded trace (set by whoever can read files: the CLI or the page). Not part of the link.
  std::shared_ptr<const Trace> trace_data;

  Topology topo() const { return Topology(topology, width, height); }
  // Jobs a replication generates (warm-up + measured): warmup + jobs (jobs = 0: kDefaultJobs),
  // at most the loaded trace's jobs; a loaded trace with jobs = 0 is replayed whole.
  long long total_jobs() const {
    const long long asked = warmup + (jobs > 0 ? jobs : kDefaultJobs);
    if (!trace_data) return asked;
    const auto n = (long long)trace_data->jobs.size();
    return jobs > 0 && asked < n ? asked : n;
  }
  long long measured_jobs() const { return total_jobs() > warmup ? total_jobs() - warmup : 0; }
  int longer_side() const { return width > height ? width : height; }
  bool network() const;  // the pattern needs the network model (not pattern=none)
};

enum class ParamType { Enum, Int, UInt64, Real, Size, Spec, Path };

// The Setup panel a key is shown in; the panels appear in this order.
enum class ParamGroup { Scenario, Workload, Strategy, Scheduler, Network, Measurement };
struct ParamGroupInfo {
  ParamGroup group;
  std::string_view name;
  bool expanded;  // shown open when the page starts
};
std::span<const ParamGroupInfo> param_groups();

// One key. Rows are built by the typed helpers in scenario.cpp (int / real / enum / id / spec /
// size / path / uint64 rows): each derives the range text, the parser (its errors name the key
// and the range), the canonical printer and the choices from one declaration.
struct ParamDef {
  std::string_view key;
  ParamType type;
  ParamGroup group;
  std::string range;  // human-readable allowed values, shown in help, the UI and errors
  std::string_view help;
  long long min = 0, max = 0;  // Int: inclusive range
  // Parses `value` into the scenario; the Error names the key and the allowed range.
  std::function<Status(Scenario&, std::string_view value)> set;
  // Canonical text of the scenario's current value.
  std::function<std::string(const Scenario&)> get;
  // Enum: the choices (from the registries), in display order; empty function otherwise.
  std::function<std::vector<std::string>()> choices;
  // Enum, optional: a choice's one-line help, and why it cannot run in this scenario ("" = it can).
  std::function<std::string_view(std::string_view choice)> choice_help;
  std::function<std::string(const Scenario&, std::string_view choice)> choice_unavailable;
  // Optional cross-key check, run by validate() once every key is set.
  std::function<Status(const Scenario&)> check;
  // The default value depends on the machine size (job_size): canonical_link compares the
  // value with the default at the scenario's size.
  bool default_follows_size = false;
  // Optional: values other than the default's text that mean the default (jobs: 1000 without a
  // trace is what 0 means); canonical_link leaves such a key out.
  std::function<bool(const Scenario&)> means_default;
};

// The parameter table, in canonical order.
std::span<const ParamDef> params();
const ParamDef* find_param(std::string_view key);

// Applies one "key=value" (or key, value). Unknown keys are an error listing the known ones.
Status apply(Scenario& s, std::string_view key, std::string_view value);
Status apply_pair(Scenario& s, std::string_view key_eq_value);
// Cross-key checks run once all keys are set (sizes against the machine, strategy against the
// topology, memory budget). Parse a trace before calling validate when `trace` is set.
Status validate(const Scenario& s);

// Estimated peak memory of one simulation of the scenario, in bytes, by part (validate()
// compares the total with kMemoryBudget). Deliberately generous upper estimates:
//   machine   W·H·(5 occupancy + 32 strategy state + 200 running jobs' records), ×2 with EASY
//             (its reservation search works on copies)
//   network   pattern != none: W·H·(1 KiB + 80·buffer_flits) router state, plus 128 bytes per
//             packet that can be queued at once (all-to-all: W·H·(n−1), n = the largest job's
//             processors; one-to-all and random: W·H; near-neighbor: 4·W·H)
//   queue     batch arrivals or a trace: every job may wait at once, 128 bytes each
//   trace     the loaded trace's jobs × sizeof(TraceJob)
struct MemoryEstimate {
  long long machine = 0, network = 0, packets = 0, queue = 0, trace = 0;
  long long total() const { return machine + network + packets + queue + trace; }
};
MemoryEstimate estimate_memory(const Scenario& s);

// Canonical text of the scenario: only non-default keys, in table order, "k=v&k=v",
// values percent-encoded. The same text is the URL fragment and `alloclab link` output.
std::string canonical_link(const Scenario& s);
// Parses a link ("k=v&k=v", a leading '#' allowed, values percent-decoded).
Result<Scenario> parse_link(std::string_view link);
// Parses scenario-file text: one key=value per line, '#' comments, blank lines ignored.
Status apply_file_text(Scenario& s, std::string_view text, std::string_view source);

// A sweep/preset value list for one key: split on ';' when the text contains one, else on ','
// when every part is a valid value of that key on its own (so `job_size=normal:4,2` stays one
// value and `strategy=ff,bf` is two); a part without "name:" takes the previous part's, so
// `arrival=poisson:0.01,0.02` is two rates. Errors name the key and the bad value.
Result<std::vector<std::string>> split_value_list(std::string_view key, std::string_view text);

std::string url_encode(std::string_view s);
Result<std::string> url_decode(std::string_view s);

}  // namespace alloclab
