// cli.cpp — the `alloclab` commands, one table of rows (name, usage, summary, handler) that the
// dispatcher, --help and the unknown-command error read; `bench` has its own table of subcommands.
//
// Every command first builds a Scenario from key=value arguments (and scenario files given as
// plain paths), loads the trace if one is named, validates, and only then produces output: a
// bad input prints one line on stderr, nothing on stdout, and returns 2.
//
// Sections, in order:
//   arguments and files Args, read_file, read_trace_file, load_trace, parse_args, write_file
//   commands            cmd_run, cmd_place, cmd_link, cmd_gantt, cmd_diff, cmd_list, bench_jobs
//   the command tables  kBenchCommands, kHelpTopics, kCommands, kAliases; run_subcommand (bench,
//                       help), help_line, print_help (its keys: key_reference.cpp) and cli_main
//                       read them
#include "cli.hpp"
#include <chrono>
#include <fstream>
#include <ostream>
#include <sstream>
#include "../run_json.hpp"
#include "../version.hpp"
#include "../net/bench_net.hpp"
#include "../net/patterns.hpp"
#include "../net/routing.hpp"
#include "../simulation.hpp"
#include "../sweep/sweep_runner.hpp"
#include "../scenario/trace_load.hpp"
#include "bench_alloc.hpp"
#include "bench_blind.hpp"
#include "bench_ops.hpp"
#include "bench_opsrate.hpp"
#include "bench_premas.hpp"
#include "bench_shards.hpp"
#include "bench_sweep.hpp"
#include "bench_trace.hpp"
#include "gzip.hpp"
#include "plot.hpp"
#include "gantt.hpp"
#include "key_reference.hpp"
#include "../decision_json.hpp"
#include "../first_difference.hpp"
#include "../core/text.hpp"
#include "busy.hpp"
#include "../core/check.hpp"
#include "sweep.hpp"

namespace alloclab {

namespace {

struct Args {
  Scenario sc;
  std::vector<std::string> extra;  // non key=value words the command interprets
  std::string jobs_csv;
};

Result<std::string> read_file(const std::string& path, std::size_t limit) {
  std::ifstream f(path, std::ios::binary);
  if (!f) return Error{"cannot read file '" + path + "'"};
  f.seekg(0, std::ios::end);
  const std::streamoff n = f.tellg();
  if (n < 0) return Error{"cannot read file '" + path + "'"};
  if (std::size_t(n) > limit) return Error{"file '" + path + "' is larger than the limit of " + std::to_string(limit >> 20) + " MiB"};
  f.seekg(0);
  std::string s(std::size_t(n), '\0');
  f.read(s.data(), n);
  if (!f) return Error{"cannot read file '" + path + "'"};
  return s;
}

}  // namespace

Result<std::string> read_trace_file(const std::string& path) {
  auto bytes = read_file(path, kMaxTraceBytes);
  if (!bytes) return Error{"trace: " + bytes.error().message};
  if (is_gzip(*bytes)) return gunzip(*bytes, path, kMaxTraceBytes);
  if (path.size() > 3 && path.compare(path.size() - 3, 3, ".gz") == 0)
    return Error{"trace " + path + ": not gzip data (the name ends in .gz, but the file does not start with the gzip magic bytes 1f 8b)"};
  return bytes;
}

namespace {

// Loads the named trace into the scenario: the file's text (inflated when gzip) through the
// engine's load_trace_text (the page's path too).
Status load_trace(Scenario& sc) {
  if (sc.trace.empty() || sc.trace_data) return {};
  auto text = read_trace_file(sc.trace);
  if (!text) return text.error();
  return load_trace_text(sc, sc.trace, *text);
}

// Parses the words after the command: key=value pairs, --jobs-csv FILE, scenario files, and
// (for `place`) the busy=/job= pairs, which are returned in `extra`.
Result<Args> parse_args(const std::vector<std::string>& words, bool place) {
  Args a;
  for (std::size_t i = 0; i < words.size(); ++i) {
    const std::string& w = words[i];
    if (w == "--jobs-csv") {
      if (i + 1 >= words.size()) return Error{"--jobs-csv needs a file name"};
      a.jobs_csv = words[++i];
      continue;
    }
    if (w.rfind("--", 0) == 0) return Error{"unknown option '" + w + "'"};
    if (place && (w.rfind("busy=", 0) == 0 || w.rfind("job=", 0) == 0)) {
      a.extra.push_back(w);
      continue;
    }
    if (w.find('=') == std::string::npos) {  // a scenario file
      auto text = read_file(w, 1 << 20);
      if (!text) return text.error();
      if (Status st = apply_file_text(a.sc, *text, w); !st) return st.error();
      continue;
    }
    if (Status st = apply_pair(a.sc, w); !st) return st.error();
  }
  if (Status st = load_trace(a.sc); !st) return st.error();
  if (Status st = validate(a.sc); !st) return st.error();
  return a;
}

int cmd_run(const std::vector<std::string>& words, std::ostream& out, std::ostream& err) {
  auto a = parse_args(words, false);
  if (!a) { err << "alloclab: " << a.error().message << "\n"; return 2; }
  std::vector<JobRecord> rows;
  if (!a->jobs_csv.empty()) {  // every measured job is kept in memory until the run ends
    const long long per_job = (long long)sizeof(JobRecord) + 64, n = a->sc.measured_jobs();
    if (n * per_job > kMemoryBudget) {
      err << "alloclab: --jobs-csv: recording " << n << " jobs needs about " << ((n * per_job) >> 20)
          << " MiB, over the memory budget of " << (kMemoryBudget >> 20) << " MiB; use jobs <= " << kMemoryBudget / per_job
          << " or drop --jobs-csv\n";
      return 2;
    }
  }
  if (!a->jobs_csv.empty()) {
    // jobs CSV comes from replication 0
    auto sim = Simulation::create(a->sc, 0);
    if (!sim) { err << "alloclab: " << sim.error().message << "\n"; return 2; }
    sim->record_jobs(true);
    if (Status st = sim->run(); !st) { err << "alloclab: " << st.message() << "\n"; return 2; }
    rows = sim->recorded();
  }
  auto json = run_json_timed(a->sc);  // timing covers the replications, not the --jobs-csv run
  if (!json) { err << "alloclab: " << json.error().message << "\n"; return 2; }
  if (!a->jobs_csv.empty()) {
    std::sort(rows.begin(), rows.end(), [](const JobRecord& x, const JobRecord& y) { return x.id < y.id; });
    std::ostringstream csv;
    csv << "id,arrival,start,end,width,height,nodes,blocks,alloc_ops\n";
    for (const JobRecord& j : rows)
      csv << j.id << ',' << format_number(j.arrival) << ',' << format_number(j.start) << ',' << format_number(j.end)
          << ',' << j.shape.w << ',' << j.shape.h << ',' << j.alloc.nodes() << ',' << j.alloc.blocks.size() << ',' << j.alloc_ops << '\n';
    const std::string tmp = a->jobs_csv + ".tmp";
    {
      std::ofstream f(tmp, std::ios::binary);
      f << csv.str();
      if (!f) { err << "alloclab: --jobs-csv: cannot write '" << a->jobs_csv << "'\n"; return 2; }
    }
    if (std::rename(tmp.c_str(), a->jobs_csv.c_str()) != 0) {
      std::remove(tmp.c_str());
      err << "alloclab: --jobs-csv: cannot write '" << a->jobs_csv << "'\n";
      return 2;
    }
  }
  out << *json << "\n";
  return 0;
}

int cmd_place(const std::vector<std::string>& words, std::ostream& out, std::ostream& err) {
  std::vector<std::string> rest;
  bool explain = false;  // --explain: the strategy's steps too
  for (const std::string& w : words) {
    if (w == "--explain") explain = true;
    else rest.push_back(w);
  }
  auto a = parse_args(rest, true);
  if (!a) { err << "alloclab: " << a.error().message << "\n"; return 2; }
  std::string busy, job;
  for (const std::string& w : a->extra) {
    if (w.rfind("busy=", 0) == 0) busy = w.substr(5);
    else job = w.substr(4);
  }
  // job=PxQ, or PxQxR on a 3D machine (depth > 1)
  const Topology t = a->sc.topo();
  const bool d3 = t.depth() > 1;
  const std::vector<std::string> sides = split_on(job, 'x');
  const int side[3] = {t.width(), t.height(), t.depth()};
  long long v[3] = {1, 1, 1};
  bool ok = !job.empty() && int(sides.size()) == (d3 ? 3 : 2);
  for (std::size_t k = 0; ok && k < sides.size(); ++k) ok = parse_int64(sides[k], v[k]) && v[k] >= 1 && v[k] <= side[k];
  if (!ok) {
    err << "alloclab: job: '" << job.substr(0, 64) << "' is not valid; allowed: " << (d3 ? "PxQxR" : "PxQ") << " with 1 <= P <= "
        << t.width() << (d3 ? ", " : " and ") << "1 <= Q <= " << t.height();
    if (d3) err << " and 1 <= R <= " << t.depth();
    err << "\n";
    return 2;
  }
  auto blocks = parse_busy(busy, t);
  if (!blocks) { err << "alloclab: " << blocks.error().message << "\n"; return 2; }
  Occupancy occ(t);
  auto strat = find_strategy(a->sc.strategy)->make(t, a->sc.strat);
  JobId id = 0;
  for (const Block& b : *blocks) {
    if (!occ.block_free(b)) { err << "alloclab: busy: blocks overlap at block " << block_json(t, b) << "\n"; return 2; }
    occ.assign(b, id);
    strat->allocated(id, Allocation{{b}});
    ++id;
  }
  Rng rng = allocation_rng(a->sc);
  const Request req{id, Shape{int(v[0]), int(v[1]), int(v[2])}};
  const Explanation e = explain ? strat->explain(req, occ, rng) : Explanation{};  // before allocate: the same stream
  const auto alloc = strat->allocate(req, occ, rng);
  std::string steps;  // (appended: operator+ on a temporary trips GCC 12's false -Wrestrict warning)
  if (explain) steps.append(", \"steps\": ").append(steps_json(e));
  if (!alloc) { out << "{\"allocated\": false, \"blocks\": []" << steps << "}\n"; return 0; }
  for (const Block& b : alloc->blocks)  // a strategy's answer must be free nodes of the machine
    ALLOCLAB_CHECK(t.block_fits(b) && occ.block_free(b), "strategy %s placed job %d on busy or outside block (%d,%d,%d) %dx%dx%d",
                   a->sc.strategy.c_str(), id, b.x, b.y, b.z, b.w, b.h, b.d);
  out << "{\"allocated\": true, \"blocks\": " << blocks_json(t, *alloc, ", ") << steps << "}\n";
  return 0;
}

int cmd_link(const std::vector<std::string>& words, std::ostream& out, std::ostream& err) {
  auto a = parse_args(words, false);
  if (!a) { err << "alloclab: " << a.error().message << "\n"; return 2; }
  out << canonical_link(a->sc) << "\n";
  return 0;
}

// Writes `text` to `path` atomically (a temporary file renamed), or names what failed.
Status write_file(const std::string& path, const std::string& text) {
  const std::string tmp = path + ".tmp";
  {
    std::ofstream f(tmp, std::ios::binary);
    f << text;
    if (!f) return Error{"cannot write '" + path + "'"};
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    std::remove(tmp.c_str());
    return Error{"cannot write '" + path + "'"};
  }
  return {};
}

// `alloclab gantt [key=value ...] [FILE ...] [--out F.svg]`: the measured jobs of replication 0.
int cmd_gantt(const std::vector<std::string>& words, std::ostream& out, std::ostream& err) {
  std::vector<std::string> rest;
  std::string out_path;
  for (std::size_t i = 0; i < words.size(); ++i) {
    if (words[i] == "--out") {
      if (i + 1 >= words.size()) { err << "alloclab: gantt: --out needs a file name\n"; return 2; }
      out_path = words[++i];
    } else if (words[i] == "--jobs-csv") {
      err << "alloclab: gantt: unknown option '--jobs-csv'; allowed: --out FILE.svg\n";
      return 2;
    } else {
      rest.push_back(words[i]);
    }
  }
  auto a = parse_args(rest, false);
  if (!a) { err << "alloclab: gantt: " << a.error().message << "\n"; return 2; }
  if ((std::size_t)a->sc.jobs > kGanttMaxJobs) {
    err << "alloclab: gantt: jobs=" << a->sc.jobs << " is too many to draw; allowed: jobs <= " << kGanttMaxJobs << "\n";
    return 2;
  }
  auto sim = Simulation::create(a->sc, 0);
  if (!sim) { err << "alloclab: gantt: " << sim.error().message << "\n"; return 2; }
  sim->record_jobs(true);
  if (Status st = sim->run(); !st) { err << "alloclab: gantt: " << st.message() << "\n"; return 2; }
  const Scenario& sc = a->sc;
  const std::string title = "Schedule: " + sc.scheduler + ", " + sc.strategy + " on " + sc.topo_size_text() +
                            (sc.topo().wraps() ? " torus" : " mesh") + ", " + std::to_string(sim->recorded().size()) + " jobs";
  auto svg = gantt_svg(sim->recorded(), title, sc.topo().nodes());
  if (!svg) { err << "alloclab: " << svg.error().message << "\n"; return 2; }
  if (out_path.empty()) { out << *svg; return 0; }
  if (Status st = write_file(out_path, *svg); !st) { err << "alloclab: gantt: " << st.message() << "\n"; return 2; }
  return 0;
}

// `alloclab diff A-LINK B-LINK`: the first job whose start or blocks differ, as JSON.
int cmd_diff(const std::vector<std::string>& words, std::ostream& out, std::ostream& err) {
  if (words.size() != 2) {
    err << "alloclab: diff: needs exactly two links (usage: alloclab diff A-LINK B-LINK)\n";
    return 2;
  }
  std::vector<Scenario> runs;
  for (std::size_t i = 0; i < 2; ++i) {
    std::string link = words[i];
    if (const auto h = link.find('#'); h != std::string::npos) link = link.substr(h + 1);
    const char* name = i == 0 ? "A" : "B";
    if (link.empty()) { err << "alloclab: diff: link " << name << " is empty\n"; return 2; }
    auto s = parse_link(link);
    if (!s) { err << "alloclab: diff: link " << name << ": " << s.error().message << "\n"; return 2; }
    if (Status st = load_trace(*s); !st) { err << "alloclab: diff: link " << name << ": " << st.message() << "\n"; return 2; }
    if (Status st = validate(*s); !st) { err << "alloclab: diff: link " << name << ": " << st.message() << "\n"; return 2; }
    runs.push_back(std::move(*s));
  }
  auto d = first_difference(runs);
  if (!d) { err << "alloclab: diff: " << d.error().message << "\n"; return 2; }
  out << first_difference_json(runs, *d) << "\n";
  return 0;
}

int cmd_list(std::ostream& out) {
  out << "strategies:\n";
  for (const StrategyInfo& s : strategies()) {
    std::string where = s.torus ? "mesh, torus" : "mesh only";
    out << "  " << s.id << std::string(s.id.size() < 10 ? 10 - s.id.size() : 1, ' ') << s.help << " [";
    if (s.dims == Dims::CubePods)  // one block per slice, or k whole cubes with ocs=on
      out << "cube pods only: machine=tpu-v4, tpu-v5p]\n";
    else
      out << (s.contiguous ? "contiguous" : "non-contiguous") << "; " << where << "; " << (s.dims == Dims::Two ? "2D" : "2D, 3D")
          << "]\n";
  }
  out << "schedulers:\n";
  for (const SchedulerInfo& s : schedulers())
    out << "  " << s.id << std::string(s.id.size() < 10 ? 10 - s.id.size() : 1, ' ') << s.help << "\n";
  auto pad = [](std::string_view id, std::size_t w) { return std::string(id.size() < w ? w - id.size() : 1, ' '); };
  out << "patterns:\n";
  for (const PatternInfo& p : patterns()) out << "  " << p.id << pad(p.id, 15) << p.help << "\n";
  out << "routing functions (key routing; auto, the default, is the first one defined on the topology):\n";
  for (const RoutingInfo& r : routing_functions()) {
    const int d = r.dims;
    const Topology mesh(TopologyKind::Mesh, 2, 2, d == 3 ? 2 : 1), torus(TopologyKind::Torus, 2, 2, d == 3 ? 2 : 1);
    const bool mesh_default = &default_routing(mesh) == &r, torus_default = &default_routing(torus) == &r;
    const std::string_view dd = d == 3 ? "3D " : "";
    out << "  " << r.id << pad(r.id, 12) << r.help << " [" << r.vcs << (r.vcs == 1 ? " VC" : " VCs") << "; "
        << (r.minimal ? "minimal" : "non-minimal") << "; " << (r.adaptive ? "adaptive" : "deterministic") << "; " << dd
        << (r.mesh && r.torus ? "mesh, torus" : r.mesh ? "mesh" : "torus");
    if (mesh_default || torus_default)
      out << (mesh_default && torus_default ? "; default on " : "; default on the ") << dd
          << (mesh_default && torus_default ? "mesh and torus" : mesh_default ? "mesh" : "torus");
    out << "]\n";
  }
  out << "distributions:\n"
         "  arrival   poisson:RATE (exponential inter-arrival times), batch (all jobs at time 0)\n"
         "  job_size  uniform:A-B, uniform-decreasing (Al Shdefat 2019: P=.4,.2,.2,.2 over L/8,L/4,L/2,L),\n"
         "            exponential:MEAN, normal:MU,SIGMA, fixed:WxH  (per side, clamped to the machine)\n"
         "  service   exponential:MEAN, uniform:A-B, fixed:T\n";
  out << "metrics (the `results` object; --baseline's better/worse columns read each one's direction):\n";
  for (const MetricField& f : metric_fields())
    out << "  " << f.name << pad(f.name, 24) << f.help << " [" << better_text(f.better) << "]\n";
  return 0;
}

// `alloclab bench [jobs=N]`: single long runs, jobs simulated per second.
int bench_jobs(const std::vector<std::string>& words, std::ostream& out, std::ostream& err) {
  long long jobs = 100000;
  for (const std::string& w : words) {
    if (w.rfind("jobs=", 0) == 0 && parse_int64(w.substr(5), jobs) && jobs >= 1 && jobs <= 10000000) continue;
    err << "alloclab: bench: '" << w << "' is not valid; allowed: jobs=N (1..10000000)\n";
    return 2;
  }
  struct Case { const char* link; };
  // Loads chosen near saturation so the queue is busy and allocation is exercised.
  const Case cases[] = {
      {"size=16x16&strategy=ff&arrival=poisson:0.03&service=exponential:100"},
      {"size=16x16&strategy=random&arrival=poisson:0.03&service=exponential:100"},
      {"size=256x256&strategy=ff&arrival=poisson:0.03&service=exponential:100"},
      {"size=256x256&strategy=random&arrival=poisson:0.03&service=exponential:100"},
      // a TPU v5p pod (140 cubes, 8960 chips) at 40% offered load (25.15 chips per default slice)
      {"machine=tpu-v5p&ocs=on&strategy=cube-pack&arrival=poisson:1.425&service=exponential:100"},
      {"machine=tpu-v5p&ocs=on&strategy=cube-bf&arrival=poisson:1.425&service=exponential:100"},
      {"machine=tpu-v5p&ocs=off&strategy=cube-bf&arrival=poisson:1.425&service=exponential:100"},
  };
  out << "bench: jobs simulated per second (" << jobs << " jobs per case)\n";
  for (const Case& c : cases) {
    auto s = parse_link(c.link);
    if (!s) { err << "alloclab: bench: " << s.error().message << "\n"; return 2; }
    s->jobs = jobs;
    auto sim = Simulation::create(*s, 0);
    if (!sim) { err << "alloclab: bench: " << sim.error().message << "\n"; return 2; }
    const auto t0 = std::chrono::steady_clock::now();
    if (Status st = sim->run(); !st) { err << "alloclab: bench: " << st.message() << "\n"; return 2; }
    const double dt = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    char line[256];
    std::snprintf(line, sizeof line, "  %-70s %12.0f jobs/s  (%.3f s, utilization %.3f)\n", c.link, double(jobs) / dt, dt,
                  sim->results().utilization);
    out << line;
  }
  return 0;
}


// A command that takes no arguments: refuses any, naming the command.
template <int (*Run)(std::ostream& out, std::ostream& err)>
int no_arguments(const char* name, const std::vector<std::string>& words, std::ostream& out, std::ostream& err) {
  if (!words.empty()) { err << "alloclab: " << name << ": takes no arguments\n"; return 2; }
  return Run(out, err);
}

int list_all(std::ostream& out, std::ostream&) { return cmd_list(out); }
int net_bench(std::ostream& out, std::ostream&) {
  out << bench_net();
  return 0;
}

// [SECTION] the command tables: dispatch, --help and the unknown-command errors read them

// `alloclab bench SUB ...`; the row named "" runs when the first word is no subcommand.
const CliCommand kBenchCommands[] = {
    {.name = "", .usage = "[jobs=N]", .summary = "jobs simulated per second", .run = bench_jobs},
    {.name = "alloc", .usage = "[quick] [strategy=IDS] [cell=LxL-P] [repeats=R]",
     .summary = "allocation decision times (p50 / p99)", .run = bench_alloc},
    {.name = "alloc3d", .usage = "[quick] [strategy=IDS] [cell=LxLxL-P] [repeats=R]",
     .summary = "3D strategies' decision times (p50 / p99) on 16^3 and 32^3 meshes", .run = bench_alloc3d},
    {.name = "blind", .usage = "[csv] [strategy=IDS] [size=WxH] [job_size=SPEC] [occupancy=F] [decisions=N]",
     .summary = "contiguous strategies' failures while a free block of the job's shape existed", .run = bench_blind},
    {.name = "ops", .usage = "[csv] [max=SIDE] [strategy=IDS]", .summary = "counted operations per decision vs machine side",
     .run = bench_ops},
    {.name = "opsrate", .usage = "[quick] [min_ms=MS] [strategy=IDS]",
     .summary = "counted operations vs CPU time per decision: ops per us per strategy and their spread", .run = bench_opsrate},
    {.name = "net", .usage = "", .summary = "network flit-hops simulated per second",
     .run = [](const std::vector<std::string>& w, std::ostream& o, std::ostream& e) {
       return no_arguments<net_bench>("bench net", w, o, e);
     }},
    {.name = "sweep", .usage = "", .summary = "a fixed 36-run sweep: jobs per second",
     .run = [](const std::vector<std::string>& w, std::ostream& o, std::ostream& e) {
       return no_arguments<bench_sweep>("bench sweep", w, o, e);
     }},
    {.name = "premas", .usage = "[jobs=N] [repeats=R] [strategy=IDS]",
     .summary = "whole runs on the PReMAS trace shape: jobs per second", .run = bench_premas},
    {.name = "trace", .usage = "[jobs=N] [repeats=R] [file=PATH]", .summary = "CSV and SWF trace reading speed (MB/s)",
     .run = bench_trace},
    {.name = "shards", .usage = "[shards=N] [repeats=R] [--preset NAME] [KEY=V ...]",
     .summary = "each sweep shard's time in turn (least of R rounds): max/mean load balance", .run = bench_shards},
};

// The names of a table's rows, "a, b, c" (an unnamed default row left out).
std::string command_names(std::span<const CliCommand> table) {
  std::string s;
  for (const CliCommand& c : table)
    if (!c.name.empty()) s += (s.empty() ? "" : ", ") + std::string(c.name);
  return s;
}

// `alloclab COMMAND SUB ...` for a command with a table of subcommands: the row named by the
// first word, else the unnamed row (with every word) when the first word is a key=value or
// there is none; an unknown word is refused naming every row.
int run_subcommand(std::string_view command, std::span<const CliCommand> table, const std::vector<std::string>& words,
                   std::ostream& out, std::ostream& err) {
  const std::string first = words.empty() ? std::string() : words[0];
  for (const CliCommand& c : table)
    if (!c.name.empty() && c.name == first) return c.run(std::vector<std::string>(words.begin() + 1, words.end()), out, err);
  for (const CliCommand& c : table)
    if (c.name.empty() && (first.empty() || first.find('=') != std::string::npos)) return c.run(words, out, err);
  err << "alloclab: " << command << ": unknown subcommand '" << first.substr(0, 64) << "'; allowed: " << command_names(table)
      << (table.front().name.empty() ? " (or none)" : "") << "\n";
  return 2;
}

int cmd_bench(const std::vector<std::string>& words, std::ostream& out, std::ostream& err) {
  return run_subcommand("bench", kBenchCommands, words, out, err);
}

int help_text(const std::vector<std::string>& words, std::ostream& out, std::ostream& err);

// `alloclab help [TOPIC]`.
const CliCommand kHelpTopics[] = {
    {.name = "", .usage = "| --help", .summary = "this text: commands and every key", .run = help_text},
    {.name = "keys", .usage = "[--markdown [--check FILE]]", .summary = "the keys alone; as Markdown (docs/guide/keys.md)",
     .run = cmd_help_keys},
};
std::span<const CliCommand> help_topics() { return kHelpTopics; }

int cmd_help(const std::vector<std::string>& words, std::ostream& out, std::ostream& err) {
  return run_subcommand("help", kHelpTopics, words, out, err);
}

int cmd_version(const std::vector<std::string>& words, std::ostream& out, std::ostream& err) {
  if (!words.empty()) { err << "alloclab: version: takes no arguments\n"; return 2; }
  out << "alloclab " << kVersion << "\n";
  return 0;
}

const CliCommand kCommands[] = {
    {.name = "run", .usage = "[key=value ...] [FILE ...] [--jobs-csv OUT]", .summary = "simulate; print JSON results",
     .run = cmd_run},
    {.name = "place", .usage = "[key=value ...] busy=\"x1,y1,x2,y2;...\" job=PxQ [--explain] (3D: busy=\"x1,y1,z1,x2,y2,z2;...\" job=PxQxR)",
     .summary = "one allocation decision (--explain: the strategy's steps)",
     .run = cmd_place},
    {.name = "link", .usage = "[key=value ...]", .summary = "print the canonical share link", .run = cmd_link},
    {.name = "sweep", .usage = "KEY=V1,V2 ... [replications=R] [rel_error=E] [--shard I/N] [--preset NAME]",
     .summary = "every combination; CSV of means and 95% CIs", .run = cmd_sweep},
    {.name = "merge", .usage = "SHARD.csv ...", .summary = "shard outputs -> the single-run CSV", .run = cmd_merge},
    {.name = "plot",
     .usage = "CSV --x KEY --y METRIC [--series KEY[,KEY]] [--where KEY=VALUE] [--title T] [--logy] [--out FILE.svg]",
     .summary = "SVG line chart of a sweep CSV with 95% CI bars", .run = cmd_plot},
    {.name = "gantt", .usage = "[key=value ...] [FILE ...] [--out FILE.svg]",
     .summary = "SVG Gantt chart of the run's measured jobs", .run = cmd_gantt},
    {.name = "diff", .usage = "A-LINK B-LINK", .summary = "first job whose start or blocks differ (JSON)", .run = cmd_diff},
    {.name = "list", .usage = "", .summary = "strategies, schedulers, patterns, routing, distributions, metrics",
     .run = [](const std::vector<std::string>& w, std::ostream& o, std::ostream& e) {
       return no_arguments<list_all>("list", w, o, e);
     }},
    {.name = "bench", .usage = "[SUBCOMMAND] ...", .summary = "benchmarks, one per line below", .run = cmd_bench,
     .subcommands = bench_commands},
    {.name = "version", .usage = "| --version", .summary = "print the version", .run = cmd_version},
    {.name = "help", .usage = "[TOPIC]", .summary = "help, one line per topic below", .run = cmd_help,
     .subcommands = help_topics},
};

// Other spellings of a command.
constexpr std::pair<std::string_view, std::string_view> kAliases[] = {
    {"--help", "help"}, {"-h", "help"}, {"--version", "version"}};

// One help line: "  alloclab NAME USAGE" and the summary at column 62 (on the next line when
// the usage reaches it).
void help_line(std::ostream& out, std::string_view name, const CliCommand& c) {
  std::string left("  alloclab ");
  left.append(name);
  if (!c.usage.empty()) left.append(" ").append(c.usage);
  constexpr std::size_t kColumn = 62;
  if (left.size() + 1 > kColumn) left.append("\n").append(kColumn, ' ');
  else left.append(kColumn - left.size(), ' ');
  out << left << c.summary << "\n";
}

void print_help(std::ostream& out) {
  out << "alloclab " << kVersion << " - processor allocation on 2D meshes and tori\n\n"
         "usage:\n";
  for (const CliCommand& c : kCommands) {
    help_line(out, c.name, c);
    if (c.subcommands)
      for (const CliCommand& sub : c.subcommands())
        help_line(out, sub.name.empty() ? c.name : std::string(c.name) + " " + std::string(sub.name), sub);
  }
  out << "\n"
         "A FILE argument is a scenario file: key=value lines, '#' comments.\n"
         "Coordinates: x = column (0 left), y = row (0 bottom); blocks are [x1,y1,x2,y2] inclusive.\n\n"
         "keys:\n";
  print_keys_text(out);
}

int help_text(const std::vector<std::string>& words, std::ostream& out, std::ostream& err) {
  if (!words.empty()) {
    err << "alloclab: help: unknown topic '" << words[0].substr(0, 64) << "'; allowed: " << command_names(kHelpTopics)
        << " (or none)\n";
    return 2;
  }
  print_help(out);
  return 0;
}

}  // namespace

std::span<const CliCommand> cli_commands() { return kCommands; }
std::span<const CliCommand> bench_commands() { return kBenchCommands; }

int cli_main(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  std::string_view name = args.empty() ? std::string_view("help") : std::string_view(args[0]);
  for (const auto& [alias, command] : kAliases)
    if (name == alias) name = command;
  const std::vector<std::string> rest(args.empty() ? args.end() : args.begin() + 1, args.end());
  for (const CliCommand& c : kCommands)
    if (c.name == name) return c.run(rest, out, err);
  err << "alloclab: unknown command '" << std::string(name.substr(0, 64)) << "'; commands: " << command_names(kCommands)
      << "\n";
  return 2;
}

}  // namespace alloclab
