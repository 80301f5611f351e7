// scenario.hpp — a described, validated experiment, and the one parameter table that defines
// every key (type, default, range, help, Setup panel). The CLI arguments, scenario files, share
// links and the UI editor are all generated from params(); nothing else in the engine reads
// keys by name. A key is declared once, here: its field in Scenario, its row in declare_keys()
// just below it.
//
// Sections, in order:
//   limits              kMaxSide, kMaxJobs, kDefaultJobs, ... (docs/model/limits.md)
//   the row type        ParamType, ParamGroup (the Setup panels), ParamDef, Names
//   the scenario        struct Scenario (every field, with its default)
//   its keys            declare_keys (every key's row, in canonical order)
//   the codec           params, apply, validate, estimate_memory, canonical_link, parse_link,
//                       apply_file_text, split_value_list, url_encode / url_decode
#pragma once
#include <algorithm>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>
#include "../alloc/strategy.hpp"
#include "../core/error.hpp"
#include "../net/flow_control.hpp"
#include "../net/patterns.hpp"
#include "../net/routing.hpp"
#include "../pod/pods.hpp"
#include "../sched/scheduler.hpp"
#include "../topology/topology.hpp"
#include "../workload/count_shape.hpp"
#include "../workload/specs.hpp"
#include "../workload/trace.hpp"

namespace alloclab {

// Documented maxima (docs/model/limits.md).
inline constexpr int kMaxSide = 1024;
inline constexpr long long kMaxNodes = 1024 * 1024;  // W·H·D: the largest 2D machine's count, in 3D too
inline constexpr long long kMaxJobs = 100'000'000;
inline constexpr long long kDefaultJobs = 1000;  // measured synthetic jobs when `jobs` is not given
inline constexpr int kMaxReplications = 1000;
inline constexpr int kUnlimitedRestarts = -1;  // max_restarts: a killed job is always requeued
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


struct Scenario;

enum class ParamType { Enum, Int, UInt64, Real, Size, Spec, Path };

// The Setup panel a key is shown in; the panels appear in this order.
enum class ParamGroup { Scenario, Workload, Strategy, Scheduler, Network, Measurement };
struct ParamGroupInfo {
  ParamGroup group;
  std::string_view name;
  bool expanded;  // shown open when the page starts
};
std::span<const ParamGroupInfo> param_groups();

// One key. Rows are declared in declare_keys() below and built by the typed helpers in
// scenario.cpp (int / real / enum / id / spec / size / path / uint64 rows): each derives the
// range text, the parser (its errors name the key and the range), the canonical printer and the
// choices from one declaration.
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

// An enum key's names, each standing for a value of the field's type.
template <class T>
using Names = std::vector<std::pair<std::string_view, T>>;

// ---- the scenario and its keys

struct Scenario {
  // A pod machine (pod/pods.hpp) sets topology and size to its own; "none": they describe it.
  std::string machine = "none";  // (cube pods: whether optical circuit switches join the cubes is strat.ocs)
  TopologyKind topology = TopologyKind::Mesh;
  int width = 16, height = 16;
  int depth = 1;  // layers: 1 = the 2D machine, > 1 a 3D mesh or torus (size=WxHxD)
  // Set by the topology / size keys: a pod machine refuses a given topology or size not its own,
  // whichever key comes first.
  bool topology_set = false, size_set = false;
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
  std::vector<SliceCount> slices;  // pod machines: slices per job (empty: 1; pod/pods.hpp)
  ServiceSpec service;
  std::string trace;  // path or upload name; the parsed jobs are in trace_data
  // Pod machines: hosts fail after a mean time host_mtbf (0 = never) and are repaired after
  // host_repair (pod/host_failures.hpp).
  double host_mtbf = 0;
  ServiceSpec host_repair{ServiceSpec::Kind::Fixed, 100, 0};
  // What a job killed by a host failure keeps: it is given up (abandoned) at the kill after
  // max_restarts restarts (kUnlimitedRestarts: never), and with checkpoint = C > 0 it keeps its
  // work up to its last checkpoint (one every C of work done; 0: it restarts from scratch).
  int max_restarts = kUnlimitedRestarts;
  double checkpoint = 0;
  SwfShape swf_shape = SwfShape::Square;  // SWF processor count → request shape
  bool swf_size_header = false;           // SWF: machine size from the log header
  bool swf_3d_mesh2d = false;             // SWF log of a 3D machine: replayed on the 2D machine (else refused)
  double time_scale = 1;                  // trace times multiplied by this
  std::string pattern = "none";
  int packet_flits = 8, buffer_flits = 1, routing_delay = 3;
  FlowControl flow_control = FlowControl::Refill;  // net/network.hpp
  std::string routing = "auto";  // a routing function's id (net/routing.hpp); auto = the topology's default
  int comm_iterations = 1;  // iterations of the pattern per job
  double compute_time = 0;  // time between iterations
  long long allreduce_bytes = 65536;  // S, bytes per all-reduce (collective patterns)
  int flit_bytes = 16;                // bytes a flit carries (collective patterns: bytes -> packets)
  bool twist = false;                 // cube pods, ocs=on: k×k×2k and k×2k×2k slices wired as twisted tori (net/slice_net.hpp)
  StrategyParams strat;
  SchedParams sched;
  int replications = 1;
  double time_limit = 0;  // 0 = run until every job has departed
  double alloc_cost = 0;  // simulated time per counted allocation operation (0 = decisions take no time)
  OnFail on_fail = OnFail::Wait;
  int check = 0;  // 1: verify occupancy, job table and network after every event (slow; tests)

  // Loaded trace (set by whoever can read files: the CLI or the page). Not part of the link.
  std::shared_ptr<const Trace> trace_data;

  Topology topo() const { return Topology(topology, width, height, depth); }
  // Jobs a replication generates (warm-up + measured): warmup + jobs (jobs = 0: kDefaultJobs),
  // at most the loaded trace's jobs; a loaded trace with jobs = 0 is replayed whole.
  long long total_jobs() const {
    const long long asked = warmup + (jobs > 0 ? jobs : kDefaultJobs);
    if (!trace_data) return asked;
    const auto n = (long long)trace_data->jobs.size();
    return jobs > 0 && asked < n ? asked : n;
  }
  long long measured_jobs() const { return total_jobs() > warmup ? total_jobs() - warmup : 0; }
  // The longest side (of W, H and D).
  int longer_side() const { return std::max({width, height, depth}); }
  // The size as the size key writes it: "WxH", or "WxHxD" on a 3D machine.
  std::string topo_size_text() const {
    return std::to_string(width) + "x" + std::to_string(height) + (depth > 1 ? "x" + std::to_string(depth) : "");
  }
  // The pod machine's row, or nullptr when machine=none.
  const PodInfo* pod() const {
    const PodInfo* p = find_pod(machine);
    return p && p->pod() ? p : nullptr;
  }
  bool network() const;  // the pattern needs the network model (not pattern=none)
};

// Every key of the Scenario, in canonical order (the order of --help, links and the Setup
// panels), each declared once here, beside the fields: its text, Setup panel, field, bounds or
// names, help and any cross-key check. `k` is the row builder of scenario.cpp (its int_row,
// real_row, enum_row, id_row, spec_row, size_row, uint64_row, path_row each append one row,
// deriving range text, parser, printer and choices from the declaration — id_row also each
// choice's help, from its registry row — and return it for its hooks; reloads_trace makes a
// row invalidate a loaded trace). params() is this table. A new key is a Scenario field, its
// row here, and the code that reads the field.
#define ALLOCLAB_KEY_FIELD(member) [](auto& s) -> auto& { return s.member; }
template <class K>
void declare_keys(K& k) {
  using G = ParamGroup;
  // A pod's topology and size are its own: the machine key sets them, and refuses a topology or
  // size given (in any order) that differs; canonical links leave them out on a pod.
  auto pod_conflict = [](const Scenario& s) -> std::string {
    const PodInfo* p = s.pod();
    if (!p) return {};
    const bool topo_bad = s.topology_set && s.topology != TopologyKind::Torus;
    const bool size_bad = s.size_set && (s.width != p->width || s.height != p->height || s.depth != p->depth);
    if (!topo_bad && !size_bad) return {};
    return "machine=" + std::string(p->id) + " is a " + std::to_string(p->width) + "x" + std::to_string(p->height) +
           (p->depth > 1 ? "x" + std::to_string(p->depth) : "") + " torus; " +
           (topo_bad ? "topology=mesh" : "size=" + s.topo_size_text()) +
           " conflicts with it (leave topology and size out, or use machine=none)";
  };
  auto is_pod_machine = [](const Scenario& s) {
    const PodInfo* p = s.pod();
    return p && s.topology == TopologyKind::Torus && s.width == p->width && s.height == p->height && s.depth == p->depth;
  };
  ParamDef& machine = k.id_row("machine", G::Scenario, pods, ALLOCLAB_KEY_FIELD(machine),
      "Accelerator pod: sets a fixed torus, its legal slice shapes (job_size=slices) and legal slice positions; none = topology and size describe the machine");
  machine.set = [set = machine.set, pod_conflict](Scenario& s, std::string_view v) -> Status {
    Scenario t = s;
    if (Status st = set(t, v); !st) return st;
    if (const PodInfo* p = t.pod()) {
      if (std::string why = pod_conflict(t); !why.empty()) return Error{"machine: " + why};
      t.topology = TopologyKind::Torus;
      t.width = p->width;
      t.height = p->height;
      t.depth = p->depth;
    }
    s = std::move(t);
    return {};
  };
  machine.check = [pod_conflict, is_pod_machine](const Scenario& s) -> Status {
    if (!s.pod()) return {};
    if (std::string why = pod_conflict(s); !why.empty()) return Error{"machine: " + why};
    if (!is_pod_machine(s)) return Error{"machine: " + s.machine + " needs its own torus and size (leave topology and size out)"};
    return {};
  };
  ParamDef& topology = k.enum_row("topology", G::Scenario, Names<TopologyKind>{{"mesh", TopologyKind::Mesh}, {"torus", TopologyKind::Torus}},
      ALLOCLAB_KEY_FIELD(topology), "Machine: mesh, or torus with wrap-around links in every dimension");
  ParamDef& size = k.size_row("size", G::Scenario, "Machine width x height (x depth) in processors: WxH a 2D machine, WxHxD a 3D one (columns x rows x layers)");
  for (ParamDef* p : {&topology, &size}) {
    const bool is_size = p == &size;
    p->set = [set = p->set, pod_conflict, is_size](Scenario& s, std::string_view v) -> Status {
      Scenario t = s;
      if (Status st = set(t, v); !st) return st;
      (is_size ? t.size_set : t.topology_set) = true;
      if (std::string why = pod_conflict(t); !why.empty()) return Error{std::string(is_size ? "size: " : "topology: ") + why};
      s = std::move(t);
      return {};
    };
    p->means_default = is_pod_machine;
  }

  ParamDef& strategy = k.id_row("strategy", G::Strategy, strategies, ALLOCLAB_KEY_FIELD(strategy), "Processor allocation strategy",
      "a strategy id (alloclab list)");
  // A pod holds slices at legal positions only: the strategies that place only there (a 2D pod:
  // Finds::Aligned; a cube pod: Finds::CubeSlices). The cube policies run on cube pods only.
  auto pod_unsupported = [](const Scenario& s, const StrategyInfo& si) -> std::string {
    const PodInfo* p = s.pod();
    const Finds want = p && p->cubes() ? Finds::CubeSlices : Finds::Aligned;
    if (!p) {
      if (si.finds != Finds::CubeSlices) return {};
      return "strategy '" + std::string(si.id) + "' places slices on cube pods only (machine=" + [] {
        std::string ids;
        for (const PodInfo& o : pods())
          if (o.cubes()) ids += (ids.empty() ? "" : " or ") + std::string(o.id);
        return ids;
      }() + ")";
    }
    if (si.finds == want) return {};
    std::string ids;
    for (const StrategyInfo& o : strategies())
      if (o.finds == want) ids += (ids.empty() ? "" : ", ") + std::string(o.id);
    return "machine=" + s.machine + " takes slices at legal positions only; '" + std::string(si.id) + "' " +
           (si.finds == Finds::Aligned || si.finds == Finds::CubeSlices ? "places another generation's slices"
                                                                         : "places anywhere") +
           "; use a pod policy: " + ids;
  };
  strategy.choice_unavailable = [pod_unsupported](const Scenario& s, std::string_view id) -> std::string {
    const StrategyInfo* si = find_strategy(id);
    if (!si) return {};
    if (std::string why = pod_unsupported(s, *si); !why.empty()) return why;
    return strategy_unsupported(*si, s.topo());
  };
  strategy.check = [pod_unsupported](const Scenario& s) -> Status {
    const StrategyInfo* si = find_strategy(s.strategy);
    if (!si) return Error{"strategy: unknown '" + s.strategy + "'"};
    if (std::string why = pod_unsupported(s, *si); !why.empty()) return Error{"strategy: " + why};
    if (std::string why = strategy_unsupported(*si, s.topo()); !why.empty()) return Error{"strategy: " + why};
    return {};
  };

  k.id_row("scheduler", G::Scheduler, schedulers, ALLOCLAB_KEY_FIELD(scheduler),
      "Job scheduling: first come first served, shortest service demand first, EASY backfilling, greedy (every waiting job that fits starts; Srisawat & Alexandridis 1999), or conservative backfilling");

  ParamDef& jobs = k.int_row("jobs", G::Measurement, 0, kMaxJobs, ALLOCLAB_KEY_FIELD(jobs),
      "Jobs measured (after warm-up); 0 (default) = 1000, or with a trace every job after warm-up; a number caps a trace");
  jobs.check = [](const Scenario& s) -> Status {
    if (s.warmup + s.jobs > kMaxJobs)
      return Error{"jobs: warmup + jobs = " + std::to_string(s.warmup + s.jobs) + " exceeds the limit " + std::to_string(kMaxJobs)};
    if (!s.trace_data && s.warmup + kDefaultJobs > kMaxJobs && s.jobs == 0)
      return Error{"jobs: warmup + 1000 (the default jobs) exceeds the limit " + std::to_string(kMaxJobs)};
    return {};
  };
  jobs.means_default = [](const Scenario& s) { return s.trace.empty() && s.jobs == kDefaultJobs; };
  k.int_row("warmup", G::Measurement, 0, kMaxJobs, ALLOCLAB_KEY_FIELD(warmup), "Jobs completed before measuring starts");
  k.uint64_row("seed", G::Scenario, &Scenario::seed,
      "Random seed (the job stream depends only on it and the workload keys)");
  ParamDef& ocs = k.enum_row("ocs", G::Scenario, Names<bool>{{"on", true}, {"off", false}}, ALLOCLAB_KEY_FIELD(strat.ocs),
      "Cube pods (machine=tpu-v4, tpu-v5p): on = optical circuit switches wire any free cubes into a slice; off = one "
      "fixed 3D torus, a slice of whole cubes is a contiguous block of it (wrapping)");
  ocs.check = [](const Scenario& s) -> Status {
    if (!s.strat.ocs && !(s.pod() && s.pod()->cubes()))
      return Error{"ocs: optical circuit switches join the cubes of a cube pod (machine=tpu-v4 or tpu-v5p); ocs=off needs one"};
    return {};
  };
  auto pod_ids = [] {
    std::string ids;
    for (const PodInfo& o : pods())
      if (o.pod()) ids += (ids.empty() ? "" : ", ") + std::string(o.id);
    return ids;
  };
  ParamDef& host_mtbf = k.real_row("host_mtbf", G::Scenario, {0, 1e15, "a time", 'T', "off"}, ALLOCLAB_KEY_FIELD(host_mtbf),
      "Pod machines: mean time between failures of one host (2x4 chips on tpu-v5e/v6e, 2x2x1 on tpu-v4/v5p), exponential, "
      "from its own random stream; a failed host's chips are unusable until repaired (host_repair) and a job on it is killed "
      "and requeued from scratch (0 = hosts never fail)");
  host_mtbf.check = [pod_ids](const Scenario& s) -> Status {
    if (s.host_mtbf <= 0) return {};
    if (!s.pod())
      return Error{"host_mtbf: hosts fail on pod machines only (machine=" + pod_ids() + "); use host_mtbf=0 or set machine"};
    if (s.scheduler == "conservative")
      return Error{"host_mtbf: scheduler=conservative promises every waiting job a start on reserved chips, which a host "
                   "failure breaks; use fcfs, ssd, easy, greedy or fcfs-departure with host failures (or host_mtbf=0)"};
    if (s.network())
      return Error{"host_mtbf: a killed job's packets in flight are not modelled; host failures run with pattern=none "
                   "(or use host_mtbf=0)"};
    return {};
  };
  ParamDef& host_repair = k.spec_row("host_repair", G::Scenario, "fixed:T, exponential:MEAN, uniform:A-B, T", ALLOCLAB_KEY_FIELD(host_repair),
      parse_repair, [](const Scenario& s) { return to_string(s.host_repair); },
      "Pod machines with host_mtbf > 0: the time a failed host takes to be repaired, fixed (T = fixed:T) or drawn per "
      "failure from the host-failure stream");
  host_repair.check = [pod_ids](const Scenario& s) -> Status {
    if (s.pod() || to_string(s.host_repair) == to_string(Scenario{}.host_repair)) return {};
    return Error{"host_repair: hosts fail and are repaired on pod machines only (machine=" + pod_ids() + "); leave host_repair out or set machine"};
  };
  ParamDef& max_restarts = k.int_row("max_restarts", G::Scenario, kUnlimitedRestarts, 1000000, ALLOCLAB_KEY_FIELD(max_restarts),
      "Pod machines with host failures: the most times a job killed by a host failure is requeued; at the kill after that "
      "it is given up (pod_jobs_abandoned: it leaves unfinished; -1 = always requeued; 0 = given up at its first kill)");
  max_restarts.range = "-1 (unlimited) or 0..1000000";
  max_restarts.set = [set = max_restarts.set, range = max_restarts.range](Scenario& s, std::string_view v) -> Status {
    if (set(s, v)) return {};
    return Error{"max_restarts: '" + std::string(v.substr(0, 64)) + "' is not valid; allowed: " + range};
  };
  max_restarts.check = [pod_ids](const Scenario& s) -> Status {
    if (s.pod() || s.max_restarts == kUnlimitedRestarts) return {};
    return Error{"max_restarts: jobs are killed by host failures on pod machines only (machine=" + pod_ids() + "); leave max_restarts out or set machine"};
  };
  ParamDef& checkpoint = k.real_row("checkpoint", G::Scenario, {0, 1e15, "a time", 'T', "off"}, ALLOCLAB_KEY_FIELD(checkpoint),
      "Pod machines with host failures: a job saves its work every T of work done; killed by a host failure, it restarts "
      "from its last checkpoint and runs only the rest of its service (0 = from scratch)");
  checkpoint.check = [pod_ids](const Scenario& s) -> Status {
    if (s.pod() || s.checkpoint <= 0) return {};
    return Error{"checkpoint: jobs are killed by host failures on pod machines only (machine=" + pod_ids() + "); leave checkpoint out or set machine"};
  };
  k.spec_row("arrival", G::Workload, "poisson:RATE, batch", ALLOCLAB_KEY_FIELD(arrival), parse_arrival,
      [](const Scenario& s) { return to_string(s.arrival); },
      "Job arrivals: Poisson with RATE jobs per time unit, or all at time 0");

  ParamDef& job_size = k.spec_row(
      "job_size", G::Workload, "uniform:A-B, uniform-decreasing, exponential:MEAN, normal:MU,SIGMA, fixed:WxH[xD], pow2:A-B, slices[:SHAPE=W/...]", ALLOCLAB_KEY_FIELD(job_size),
      parse_job_size,
      [](const Scenario& s) {
        return s.pod() && s.job_size.kind == SizeSpec::Kind::Default ? std::string("slices") : to_string(s.job_size, s.longer_side());
      },
      "Job side lengths, drawn per side and clamped to the machine (default uniform:1-L, L = longer side); pow2:A-B = a "
      "power-of-two partition of 2^k nodes, k uniform in A..B, power-of-two sides (as the Cray T3D allocated); on a pod "
      "machine, slices of its legal shapes (default: slices, every shape the same share of chips; slices:2x2=4/16x16=1 = weights)");
  job_size.default_follows_size = true;
  job_size.check = [](const Scenario& s) -> Status {
    const PodInfo* pod = s.pod();
    const bool slices = s.job_size.kind == SizeSpec::Kind::Slices;
    if (slices && !pod)
      return Error{"job_size: slices needs a pod machine (machine=" + [] {
        std::string ids;
        for (const PodInfo& p : pods())
          if (p.pod()) ids += (ids.empty() ? "" : " or ") + std::string(p.id);
        return ids;
      }() + ")"};
    if (pod && !slices && s.job_size.kind != SizeSpec::Kind::Default)
      return Error{"job_size: machine=" + s.machine + " takes slices of its legal shapes: job_size=slices (the default mix) or "
                   "slices:SHAPE=WEIGHT/...; legal shapes: " + legal_shapes_text(*pod)};
    if (slices)
      if (std::string why = slice_mix_error(*pod, s.job_size.slices); !why.empty()) return Error{"job_size: " + why};
    if (s.job_size.kind == SizeSpec::Kind::Uniform && s.job_size.b > s.longer_side())
      return Error{"job_size: uniform:" + format_number(s.job_size.a) + "-" + format_number(s.job_size.b) +
                   " exceeds the machine; allowed: 1 <= A <= B <= " + std::to_string(s.longer_side())};
    if (s.job_size.kind == SizeSpec::Kind::Pow2)
      for (long long k = (long long)s.job_size.a; k <= (long long)s.job_size.b; ++k)
        if (pow2_shape(1LL << k, s.width, s.height, s.depth).w == 0)
          return Error{"job_size: pow2:" + format_number(s.job_size.a) + "-" + format_number(s.job_size.b) + ": 2^" +
                       std::to_string(k) + " = " + std::to_string(1LL << k) + " nodes have no power-of-two box on the " +
                       s.topo_size_text() + " machine"};
    if (s.job_size.kind == SizeSpec::Kind::Fixed &&
        (s.job_size.a > s.width || s.job_size.b > s.height || s.job_size.c > s.depth))
      return Error{"job_size: " + to_string(s.job_size, s.longer_side()) + " does not fit the " + s.topo_size_text() +
                   " machine; allowed: at most " + s.topo_size_text() + " (width x height" +
                   (s.depth > 1 ? " x depth" : "") + ")"};
    return {};
  };
  ParamDef& slices = k.spec_row("slices", G::Workload, "N, N:W/M:W/...", ALLOCLAB_KEY_FIELD(slices), parse_slice_counts,
      [](const Scenario& s) { return slice_counts_text(s.slices); },
      "Pod machines: slices per job, each of the job's legal shape, placed all at once or not at all (multislice); N = every "
      "job N slices (default 1), 1:8/2:2/4:1 = counts drawn with these weights; generated streams only (a trace job is one slice)");
  slices.check = [](const Scenario& s) -> Status {
    if (s.slices.empty()) return {};
    const PodInfo* pod = s.pod();
    if (!pod) return Error{"slices: multislice jobs are placed on a pod machine (machine=tpu-v5e, tpu-v6e, tpu-v4 or tpu-v5p); use slices=1 or set machine"};
    if (!s.trace.empty()) return Error{"slices: a trace job maps to one slice; multislice jobs are for generated streams (use slices=1 with a trace)"};
    if (std::string why = slice_counts_error(*pod, s.slices, s.job_size.kind == SizeSpec::Kind::Slices ? s.job_size.slices : std::vector<SliceWeight>{});
        !why.empty())
      return Error{"slices: " + why};
    return {};
  };
  ParamDef& service = k.spec_row("service", G::Workload, "exponential:MEAN, uniform:A-B, fixed:T", ALLOCLAB_KEY_FIELD(service), parse_service,
      [](const Scenario& s) { return to_string(s.service); },
      "Job service demand: the execution time; with a pattern, the computation, split over the "
      "iterations, to which the communication adds (fixed:0 = communication only)");
  service.check = [](const Scenario& s) -> Status {
    if (!s.network() && s.service.kind == ServiceSpec::Kind::Fixed && s.service.a == 0 && !s.trace_data)
      return Error{"service: fixed:0 (jobs that only communicate) needs a pattern; allowed without one: fixed:T (T > 0)"};
    return {};
  };

  ParamDef& trace = k.path_row("trace", G::Workload, "a .swf or .csv file",
      "Job trace replacing arrival/job_size/service (CLI, scenario files, page upload)");
  trace.check = [](const Scenario& s) -> Status {
    if (!s.trace.empty() && !s.trace_data) return Error{"trace: '" + s.trace + "' was not loaded"};
    if (s.trace_data && (long long)s.trace_data->jobs.size() <= s.warmup)
      return Error{"trace: '" + s.trace + "' has " + std::to_string(s.trace_data->jobs.size()) +
                   " usable jobs, not more than warmup=" + std::to_string(s.warmup)};
    return {};
  };

  ParamDef& swf_shape = k.reloads_trace(k.enum_row(
      "swf_shape", G::Workload, Names<SwfShape>{{"square", SwfShape::Square}, {"asff", SwfShape::Asff}, {"row", SwfShape::Row}, {"cube", SwfShape::Cube}, {"pow2", SwfShape::Pow2}},
      ALLOCLAB_KEY_FIELD(swf_shape),
      "SWF processor count n -> request: most-square a x b = n (3D machine: most cube-like a x b x c = n); asff = the same, any "
      "w x h = n allowed (needs strategy asff or non-contiguous); row = n x 1 when n <= width; cube = the most cube-like box "
      "holding at least n (smallest longest side, then smallest volume); pow2 = a power-of-two partition (n rounded up to 2^k, "
      "power-of-two sides, as the Cray T3D allocated)"));
  swf_shape.check = [](const Scenario& s) -> Status {
    const StrategyInfo* si = find_strategy(s.strategy);
    if (!s.trace.empty() && s.swf_shape == SwfShape::Asff && si && si->contiguous && !si->any_shape)
      return Error{"swf_shape: asff lets a job take any w x h = n; it needs strategy=asff or a non-contiguous strategy (or use swf_shape=square), not '" +
                   s.strategy + "'"};
    return {};
  };
  k.reloads_trace(k.enum_row(
      "swf_size", G::Workload, Names<bool>{{"given", false}, {"header", true}}, ALLOCLAB_KEY_FIELD(swf_size_header),
      "SWF: machine size from `size` (given) or from the log's header (header): the real machine of a log alloclab knows "
      "(SDSC Paragon: a 26 x 16 mesh; LLNL Cray T3D: an 8 x 4 x 4 torus of 2-processor nodes), else MaxProcs/MaxNodes as the "
      "most-square W x H"));
  k.reloads_trace(k.enum_row(
      "swf_3d", G::Workload, Names<bool>{{"refuse", false}, {"mesh2d", true}}, ALLOCLAB_KEY_FIELD(swf_3d_mesh2d),
      "SWF log of a 3D machine (LLNL Cray T3D) on a 2D machine: refused (refuse; it replays on its own torus with "
      "swf_size=header, or on any size=WxHxD), or replayed on the 2D machine anyway, each job as a 2D request of its "
      "processor count (mesh2d)"));
  k.reloads_trace(k.real_row("time_scale", G::Workload, {1e-6, 1e6, "a factor", 'F'}, ALLOCLAB_KEY_FIELD(time_scale),
      "Trace replay: arrival, run and requested times multiplied by this factor"));

  ParamDef& pattern = k.id_row("pattern", G::Network, patterns, ALLOCLAB_KEY_FIELD(pattern),
      "Communication pattern of running jobs over the wormhole network (none = no network model)");
  pattern.check = [](const Scenario& s) -> Status {
    if (const PatternInfo* p = find_pattern(s.pattern); p && p->collective != CollectiveKind::None && !s.pod())
      return Error{"pattern: " + s.pattern + " is a slice collective and runs on pod machines only (machine=tpu-v5e, tpu-v6e, "
                   "tpu-v4 or tpu-v5p)"};
    if (s.network() && (long long)s.width * s.height * s.depth > kMaxNetworkNodes)
      return Error{"pattern: the network model is limited to " + std::to_string(kMaxNetworkNodes) +
                   " nodes; use a smaller size or pattern=none"};
    return {};
  };
  k.int_row("packet_flits", G::Network, 1, 1024, ALLOCLAB_KEY_FIELD(packet_flits), "Flits per packet");
  k.int_row("buffer_flits", G::Network, 1, 64, ALLOCLAB_KEY_FIELD(buffer_flits), "Flit buffer depth per input virtual channel");
  k.enum_row(
      "flow_control", G::Network, Names<FlowControl>{{"refill", FlowControl::Refill}, {"credit", FlowControl::Credit}}, ALLOCLAB_KEY_FIELD(flow_control),
      "Flit flow control: refill = a buffer slot may be refilled in the cycle it empties (ProcSimity; 1-flit buffers stream "
      "a flit per cycle); credit = credits return over a 1-cycle channel (a buffer of B flits passes B flits per 2 cycles)");
  ParamDef& routing = k.auto_id_row("routing", G::Network, routing_functions, ALLOCLAB_KEY_FIELD(routing),
      "the first routing function defined on the topology (xy on the mesh, dateline on the torus)",
      "Routing function of the network (alloclab list); auto = the topology's default");
  routing.choice_unavailable = [](const Scenario& s, std::string_view id) { return routing_unsupported(id, s.topo()); };
  routing.check = [](const Scenario& s) -> Status {
    if (std::string why = routing_unsupported(s.routing, s.topo()); !why.empty()) return Error{"routing: " + why};
    if (const PatternInfo* p = find_pattern(s.pattern);
        p && p->collective != CollectiveKind::None && s.pod() && s.pod()->cubes() && s.routing != "auto")
      return Error{"routing: on a cube pod a collective runs on its slice's own wiring and routes by its default "
                   "(xyz, dateline-xyz or twisted); leave routing=auto"};
    return {};
  };
  routing.means_default = [](const Scenario& s) { return s.routing == default_routing(s.topo()).id; };
  k.int_row("routing_delay", G::Network, 0, 100, ALLOCLAB_KEY_FIELD(routing_delay),
      "Cycles a head flit spends on the routing decision at each router");
  k.int_row("comm_iterations", G::Network, 1, 1000000, ALLOCLAB_KEY_FIELD(comm_iterations),
      "Iterations of the communication pattern each job runs (pattern != none)");
  k.real_row("compute_time", G::Network, {0, 1e12, "a time", 'T'}, ALLOCLAB_KEY_FIELD(compute_time),
      "Computation time between communication iterations (pattern != none)");
  k.int_row("allreduce_bytes", G::Network, 1, 1 << 22, ALLOCLAB_KEY_FIELD(allreduce_bytes),
      "Bytes S each all-reduce reduces (pattern allreduce-ring, allreduce-2d)");
  k.int_row("flit_bytes", G::Network, 1, 4096, ALLOCLAB_KEY_FIELD(flit_bytes),
      "Bytes a flit carries: a link moves flit_bytes per cycle each way (pattern allreduce-ring, allreduce-2d)");
  ParamDef& twist = k.enum_row("twist", G::Network, Names<bool>{{"off", false}, {"on", true}}, ALLOCLAB_KEY_FIELD(twist),
      "Cube pods with ocs=on, collective patterns: on = k×k×2k and k×2k×2k slices (4x4x8, 4x8x8, 8x8x16, 8x16x16) are "
      "wired as twisted tori, their short sides' wrap links shifted by k along the long sides (TPU v4, Jouppi et al. 2023)");
  twist.check = [](const Scenario& s) -> Status {
    if (s.twist && !(s.pod() && s.pod()->cubes() && s.strat.ocs))
      return Error{"twist: twisted tori are wired through the optical circuit switches of a cube pod; twist=on needs "
                   "machine=tpu-v4 or tpu-v5p with ocs=on"};
    return {};
  };
  k.int_row("max_blocks", G::Strategy, 0, 1 << 20, ALLOCLAB_KEY_FIELD(strat.max_blocks),
      "Cap on blocks per job for non-contiguous strategies (0 = none)");
  k.int_row("paging_k", G::Strategy, 0, 10, ALLOCLAB_KEY_FIELD(strat.paging_k), "Paging(k): pages of side 2^k processors (strategy paging)");
  k.enum_row(
      "paging_order", G::Strategy,
      Names<PagingOrder>{{"row-major", PagingOrder::RowMajor}, {"snake", PagingOrder::Snake}, {"shuffled", PagingOrder::Shuffled}}, ALLOCLAB_KEY_FIELD(strat.paging_order),
      "Paging: page indexing order (shuffled = Lo et al.'s shuffled row-major, bit-interleaved)");
  ParamDef& alloc_cost = k.real_row("alloc_cost", G::Strategy, {0, 1e9, "a time per operation", 'C', "off"}, ALLOCLAB_KEY_FIELD(alloc_cost),
      "Allocation time: each decision takes C x its counted operations on a single allocator; the job starts when it ends (0 = decisions take no time)");
  alloc_cost.check = [](const Scenario& s) -> Status {
    const SchedulerInfo* si = find_scheduler(s.scheduler);
    if (s.alloc_cost > 0 && si && !si->timed_decisions)
      return Error{"alloc_cost: scheduler '" + s.scheduler + "' plans starts at reserved times and cannot take allocation time; use alloc_cost=0 or another scheduler"};
    return {};
  };
  k.real_row("max_wait", G::Scheduler, {0, 1e15, "a time", 'T', "off"}, ALLOCLAB_KEY_FIELD(sched.max_wait),
      "Starvation threshold: once a job has waited this long no later job may pass it (Srisawat & Alexandridis 1999, sec.3.5)");
  k.real_row("time_limit", G::Measurement, {0, 1e15, "a time", 'T', "none"}, ALLOCLAB_KEY_FIELD(time_limit),
      "Stop the run at this time: no arrivals after it, unfinished jobs not processed (Jakimczuk et al. 2013, dynamic experiments)");
  k.enum_row("on_fail", G::Measurement, Names<OnFail>{{"wait", OnFail::Wait}, {"drop", OnFail::Drop}}, ALLOCLAB_KEY_FIELD(on_fail),
      "A job that cannot be allocated when tried: waits (default) or is dropped, not processed (Jakimczuk et al. 2013)");
  k.int_row("replications", G::Measurement, 1, kMaxReplications, ALLOCLAB_KEY_FIELD(replications),
      "Independent replications (seeds derived from seed); results are means with 95% CIs");
  k.int_row("check", G::Measurement, 0, 1, ALLOCLAB_KEY_FIELD(check),
      "1 = verify occupancy, job table and network buffers/credits after every event; a violation aborts naming node, job and time (slow)");
}
#undef ALLOCLAB_KEY_FIELD

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
