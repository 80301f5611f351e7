// sweep.cpp — `alloclab sweep` (the command-line front of SweepRunner, sweep/sweep_runner.hpp:
// words and files in, the runner's CSV rows out as points finish; --raw and --baseline from the
// runner's per-replication results, sweep/paired.hpp) and `alloclab merge`.
//
// Grammar: `alloclab sweep KEY=V1,V2,... [KEY=...] [replications=R] [rel_error=E]
//           [--shard I/N] [--preset NAME | FILE]`.
// - Value lists follow split_value_list() (scenario.hpp): ';' or ',' separated, so
//   `strategy=ff,bf` is two values and `arrival=poisson:0.01,0.02` two rates, while
//   `job_size=normal:4,2` stays one value. Single values are plain scenario keys.
// - Points are the cartesian product of the listed keys, the first listed key outermost;
//   point p is numbered from 0 in that order.
// - Each point runs up to R replications (replication r uses replication_seed(), see
//   simulation.hpp). With rel_error=E it stops after the first k ≥ 3 replications at which
//   the 95% half-width of both utilization and mean_response_time is within E of the mean
//   (R defaults to 50 then).
// - --shard I/N runs shard I of N (sweep/sweep_runner.hpp): with a fixed replication count the
//   (point, replication) units u = p·R + r with u mod N = I, else (rel_error, --baseline) the
//   points with p mod N = I. A shard that splits points writes its replications as raw rows
//   (the --raw format) after the line kShardMark; `alloclab merge` aggregates such files into
//   exactly the CSV a single run writes. Rows carry p (and r), so merge can always put shard
//   outputs back into the single-run bytes.
// CSV: point, the swept keys, replications, then <metric>_mean and <metric>_ci95 for every
// metric of the results table. Progress and an ETA go to stderr.
#include "sweep.hpp"
#include <algorithm>
#include <chrono>
#include <fstream>
#include <map>
#include <optional>
#include <ostream>
#include <sstream>
#include "../core/text.hpp"
#include "../sweep/paired.hpp"
#include "../sweep/sweep_data.hpp"

namespace alloclab {

namespace {

// First line of a shard file holding raw replications of a plain sweep: merge aggregates them.
constexpr const char* kShardMark = "# alloclab sweep shard of replications: alloclab merge gives the sweep CSV";

Result<std::string> read_text(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  if (!f) return Error{"cannot read file '" + path + "'"};
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

}  // namespace

Result<std::vector<std::string>> sweep_file_words(const std::string& path) {
  auto text = read_text(path);
  if (!text) return text.error();
  return sweep_text_words(*text);
}

std::vector<std::string> sweep_text_words(const std::string& text) {
  std::vector<std::string> kv;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    if (const auto h = line.find('#'); h != std::string::npos) line = line.substr(0, h);
    std::string t;
    for (char c : line)
      if (!std::isspace((unsigned char)c)) t += c;
    if (!t.empty()) kv.push_back(t);
  }
  return kv;
}

std::string preset_path(const std::string& name) {
  const char* env = std::getenv("ALLOCLAB_ASSETS");
  return std::string(env ? env : "assets") + "/scenarios/" + name + ".txt";
}

int cmd_sweep(const std::vector<std::string>& words, std::ostream& out, std::ostream& err) {
  auto fail = [&](const std::string& m) { err << "alloclab: sweep: " << m << "\n"; return 2; };
  std::vector<std::string> kv;  // all key=value words, files expanded, in order
  int shard = 0, shards = 1;
  bool raw = false;
  std::string baseline;
  for (std::size_t i = 0; i < words.size(); ++i) {
    const std::string& w = words[i];
    if (w == "--raw") {
      raw = true;
      continue;
    }
    if (w == "--baseline") {
      if (i + 1 >= words.size()) return fail("--baseline needs KEY=VALUE (e.g. --baseline strategy=bl)");
      baseline = words[++i];
      continue;
    }
    if (w == "--shard") {
      if (i + 1 >= words.size()) return fail("--shard needs I/N");
      const auto parts = split_on(words[++i], '/');
      long long a, b;
      if (parts.size() != 2 || !parse_int64(parts[0], a) || !parse_int64(parts[1], b) || b < 1 || a < 0 || a >= b || b > 1000000)
        return fail("--shard '" + words[i] + "' is not valid; allowed: I/N with 0 <= I < N");
      shard = int(a);
      shards = int(b);
      continue;
    }
    std::string file;
    if (w == "--preset") {
      if (i + 1 >= words.size()) return fail("--preset needs a name");
      const std::string name = words[++i];
      if (name.find('/') != std::string::npos || name.find("..") != std::string::npos) return fail("--preset: bad name '" + name + "'");
      file = preset_path(name);
    } else if (w.rfind("--", 0) == 0) {
      return fail("unknown option '" + w + "'");
    } else if (w.find('=') == std::string::npos) {
      file = w;
    }
    if (!file.empty()) {
      auto words_of = sweep_file_words(file);
      if (!words_of) return fail(words_of.error().message);
      kv.insert(kv.end(), words_of->begin(), words_of->end());
      continue;
    }
    kv.push_back(w);
  }
  auto spec = parse_sweep(Scenario{}, kv);
  if (!spec) return fail(spec.error().message);
  if (raw && !baseline.empty())
    return fail("--raw and --baseline do not go together: run once with --raw, then alloclab merge --baseline KEY=VALUE RAW.csv");
  spec->shard = shard;
  spec->shards = shards;
  spec->shard_points = !baseline.empty();  // paired rows need whole points
  // a shard that splits points prints raw replications (merge aggregates them)
  const bool split = shards > 1 && spec->shards_by_replication() && !raw;
  if (split) raw = true;
  if (spec->points() > SweepRunner::kMaxPoints) return fail("more than " + std::to_string(SweepRunner::kMaxPoints) + " points");
  bool trace = !spec->base.trace.empty();
  for (const SweepAxis& a : spec->axes) trace = trace || a.key == "trace";
  if (trace) return fail("trace sweeps are not supported; run traces with alloclab run");
  auto runner = SweepRunner::create(*spec);
  if (!runner) return fail(runner.error().message);
  const std::vector<SweepAxis>& axes = spec->axes;
  const std::vector<std::string> keys = swept_keys(*spec);
  const std::vector<std::vector<std::string>> values = swept_values(*spec);  // as the parameter table prints them
  std::optional<Baseline> bl;
  long long stride = 1, bidx = 0, bsize = 1;  // the baseline axis in point numbers
  if (!baseline.empty()) {
    auto b = parse_baseline(baseline, keys, values);
    if (!b) return fail(b.error().message);
    bl = *b;
    for (std::size_t k = bl->axis + 1; k < axes.size(); ++k) stride *= (long long)axes[k].values.size();
    const auto& vs = values[bl->axis];
    bidx = (long long)(std::find(vs.begin(), vs.end(), bl->value) - vs.begin());
    bsize = (long long)vs.size();
  }
  // the baseline point of p: p with the baseline axis at the baseline value
  auto partner = [&](long long p) { return p + (bidx - (p / stride) % bsize) * stride; };
  std::map<long long, RawPoint> ran;  // --baseline: every point run so far
  std::vector<std::pair<long long, std::string>> rows;  // --baseline: the shard's rows, printed at the end
  if (split) out << kShardMark << ", replications=" << spec->max_replications << "\n";
  const MetricSet metrics = metric_set(runner->pod());  // the metrics the sweep's machines measure
  out << (raw ? raw_csv_header(keys, metrics) : runner->csv_header() + (bl ? paired_header(metrics) : std::string())) << "\n";
  // rows as points finish (they finish in point order), with progress and an ETA on stderr
  const auto t0 = std::chrono::steady_clock::now();
  const long long todo = runner->points_todo();
  long long printed = 0;
  for (long long p = 0; printed < todo; ++p) {
    if (!runner->in_shard(p)) continue;
    while (!runner->point_done(p) && runner->step()) {
    }
    if (!runner->status().ok()) return fail("point " + std::to_string(runner->failed_point()) + ": " + runner->status().message());
    if (raw) out << raw_csv_rows(raw_point(*runner, p), metrics) << std::flush;
    else if (bl) rows.emplace_back(p, runner->csv_row(p)), ran.emplace(p, raw_point(*runner, p));
    else out << runner->csv_row(p) << "\n" << std::flush;
    ++printed;
    const double el = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    char msg[160];
    std::snprintf(msg, sizeof msg, "[sweep] %lld/%lld points, %d replications at point %lld, %.1f s elapsed, ETA %.1f s\n", printed,
                  todo, runner->aggregate(p).count(), p, el, el / double(printed) * double(todo - printed));
    err << msg << std::flush;
  }
  if (bl) {
    // A baseline point in another shard is run here too (same scenario, same seeds, so the
    // same replications); only this shard's rows are printed.
    for (const auto& [p, row] : rows) {
      const long long q = partner(p);
      if (ran.count(q)) continue;
      SweepSpec one;
      one.base = runner->scenario(q);
      one.max_replications = spec->max_replications;
      one.rel_error = spec->rel_error;
      auto r = SweepRunner::create(std::move(one));
      if (!r) return fail("point " + std::to_string(q) + ": " + r.error().message);
      if (Status st = r->run(); !st) return fail("point " + std::to_string(q) + ": " + st.message());
      RawPoint rp = raw_point(*runner, q);  // its swept values (no replications yet)
      rp.reps = raw_point(*r, 0).reps;
      ran.emplace(q, std::move(rp));
    }
    for (const auto& [p, row] : rows) out << row << paired_cells(ran.at(p), ran.at(partner(p)), metrics) << "\n";
  }
  return 0;
}

int cmd_merge(const std::vector<std::string>& words, std::ostream& out, std::ostream& err) {
  auto fail = [&](const std::string& m) { err << "alloclab: merge: " << m << "\n"; return 2; };
  std::vector<std::string> files;
  bool aggregate = false;
  std::string baseline;
  for (std::size_t i = 0; i < words.size(); ++i) {
    if (words[i] == "--aggregate") {
      aggregate = true;
    } else if (words[i] == "--baseline") {
      if (i + 1 >= words.size()) return fail("--baseline needs KEY=VALUE");
      baseline = words[++i];
      aggregate = true;
    } else if (words[i].rfind("--", 0) == 0) {
      return fail("unknown option '" + words[i] + "'; options: --aggregate, --baseline KEY=VALUE");
    } else {
      files.push_back(words[i]);
    }
  }
  if (files.empty()) return fail("give the shard CSV files to merge");
  std::string header;
  bool raw = false;
  int marked = -1;  // whether the files start with kShardMark (-1: no file read yet)
  long long reps_each = -1;  // their replications per point
  std::map<std::pair<long long, long long>, std::string> rows;  // (point, replication or 0) -> line
  std::size_t rep_col = 0;
  for (const std::string& path : files) {
    auto text = read_text(path);
    if (!text) return fail(text.error().message);
    std::istringstream in(*text);
    std::string line;
    long long no = 0;
    const bool mark = text->rfind(kShardMark, 0) == 0;
    if (marked >= 0 && int(mark) != marked) return fail(path + ": a shard of replications merged with a shard of points (run every shard with the same words)");
    marked = mark;
    if (mark) {  // "..., replications=R": every point must come back with replications 0..R-1
      std::getline(in, line);
      long long r = 0;
      const auto at = line.rfind("replications=");
      if (at == std::string::npos || !parse_int64(line.substr(at + 13), r) || r < 1 || (reps_each >= 0 && r != reps_each))
        return fail(path + ": the first line does not give the same replications=R as the other shards");
      reps_each = r;
    }
    while (std::getline(in, line)) {
      ++no;
      if (line.empty()) continue;
      if (no == 1) {
        if (header.empty()) {
          header = line;
          raw = is_raw_header(header);
          if (raw) {  // the replication column: before "seed" (older CSVs may lack later metrics)
            const auto h = parse_csv(header)[0];
            for (std::size_t i = 1; i + 1 < h.size(); ++i)
              if (h[i] == "replication" && h[i + 1] == "seed") { rep_col = i; break; }
          }
        } else if (line != header) {
          return fail(path + ": header differs from " + files[0] + "'s");
        }
        continue;
      }
      long long p, r = 0;
      if (!parse_int64(line.substr(0, line.find(',')), p) || p < 0) return fail(path + " line " + std::to_string(no) + ": no point number");
      if (raw) {
        const auto f = parse_csv(line);
        if (f.empty() || f[0].size() <= rep_col || !parse_int64(f[0][rep_col], r) || r < 0)
          return fail(path + " line " + std::to_string(no) + ": no replication number");
      }
      if (!rows.emplace(std::make_pair(p, r), line).second)
        return fail(path + " line " + std::to_string(no) + ": point " + std::to_string(p) + (raw ? " replication " + std::to_string(r) : "") +
                    " appears twice");
    }
  }
  if (header.empty()) return fail("no header found");
  long long expect = 0;
  for (const auto& [pr, line] : rows) {
    if (pr.first == expect - 1) continue;  // a further replication of the same point
    if (pr.first != expect++) return fail("point " + std::to_string(expect - 1) + " is missing (a shard file not given?)");
  }
  std::string merged = header + "\n";
  for (const auto& [pr, line] : rows) merged += line + "\n";
  if (marked == 1) {
    std::map<long long, long long> count;  // per point: replications 0..k-1 present
    for (const auto& kv : rows) {
      long long& k = count[kv.first.first];
      if (kv.first.second != k++) break;
    }
    for (const auto& [p, k] : count)
      if (k != reps_each)
        return fail("point " + std::to_string(p) + " has not all of its " + std::to_string(reps_each) +
                    " replications (a shard file not given?)");
    if (!baseline.empty()) return fail("--baseline needs the raw rows of alloclab sweep --raw, not shards of a plain sweep");
    aggregate = true;  // the plain sweep's CSV
  }
  if (!aggregate) {
    out << merged;
    return 0;
  }
  if (!raw) return fail("--aggregate and --baseline need raw CSVs (written by alloclab sweep --raw)");
  auto data = parse_raw_csv(merged);
  if (!data) return fail(data.error().message);
  std::optional<Baseline> b;
  if (!baseline.empty()) {
    auto pb = parse_baseline(baseline, data->keys, swept_values(*data));
    if (!pb) return fail(pb.error().message);
    b = *pb;
  }
  auto csv = aggregate_csv(*data, b ? &*b : nullptr);
  if (!csv) return fail(csv.error().message);
  out << *csv;
  return 0;
}

}  // namespace alloclab
