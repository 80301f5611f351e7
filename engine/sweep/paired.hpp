// paired.hpp — per-replication sweep data: the `--raw` CSV (one row per point and replication),
// reading it back, and paired differences against a baseline point (`--baseline KEY=VALUE`).
//
// Common random numbers. Replication r of a point runs with the seed derived from the point's
// scenario seed and r (Simulation::create: r = 0 uses `seed` itself, r ≥ 1 a derived seed), and
// the workload draws from its own stream of that seed. Two points that differ only in keys that
// do not change the workload (strategy, scheduler, max_wait, ...) therefore see identical job
// streams in replication r, and the difference of their metrics in replication r measures the
// effect of the changed key alone. The paired columns are, per metric, the mean over
// replications r of (this point − the baseline point, replication r) and the Student-t 95%
// half-width of those differences (`pairs` = how many there are: the replications both points
// ran, which differ only with rel_error). The baseline's own rows show 0 and 0.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>
#include "../core/error.hpp"
#include "../metrics/results.hpp"

namespace alloclab {

// One replication's outcome.
struct RawReplication {
  int rep = 0;             // replication number r, from 0
  std::uint64_t seed = 0;  // the seed it ran with: `alloclab run seed=S` (one replication) repeats it
  Results results;
};

// One point of a sweep and the replications it ran.
struct RawPoint {
  long long point = 0;
  std::vector<std::string> values;  // the swept keys' values, as the parameter table prints them
  std::vector<RawReplication> reps;  // in replication order
};

// What a sweep produced: its swept keys, the metrics it holds and the points present
// (increasing point number).
struct SweepData {
  // The metrics measured, in table order: a sweep's metric_fields(pod) (the pod or cube-pod rows
  // when some point ran on such a machine), or a raw CSV's metric columns. Only these are printed
  // and judged: the others read 0 in `results` without having been measured.
  MetricSet metrics = metric_set(kBaseRows);
  std::vector<std::string> keys;
  std::vector<RawPoint> points;
};

// ---- the raw CSV: point, the swept keys, replication, seed, then the metrics `m` by their plain
// names (a sweep's: metric_set(pod), the pod metrics when some point ran on a pod machine)
std::string raw_csv_header(const std::vector<std::string>& keys, const MetricSet& m);  // without the newline
std::string raw_csv_rows(const RawPoint& p, const MetricSet& m);                       // each line ends in "\n"
// True when a CSV header line is a raw one (has the replication and seed columns).
bool is_raw_header(std::string_view header);
// Reads a raw CSV back (exactly: numbers are printed shortest round-trip). The metric columns
// are matched to the metric table by name, in any order, each at most once: SweepData::metrics
// lists those present (a CSV written before a metric existed lacks its column, and that metric
// is then not printed or judged, never read as 0). A column that names no metric is refused,
// naming it. Errors name the line.
Result<SweepData> parse_raw_csv(std::string_view text);

// ---- paired differences
struct Baseline {
  std::string key;    // a swept key
  std::string value;  // one of its values, as the parameter table prints it
  std::size_t axis = 0;
};
// Checks "KEY=VALUE" against the swept keys and each key's values (as printed): the key must be
// swept and the value (in any spelling the parameter table accepts) one of its values.
Result<Baseline> parse_baseline(std::string_view key_eq_value, const std::vector<std::string>& keys,
                                const std::vector<std::vector<std::string>>& values);
// The swept values of every key in `d`, in order of first appearance.
std::vector<std::vector<std::string>> swept_values(const SweepData& d);
// For each point of `d`, the index in d.points of its baseline point (same values but the
// baseline key's); an error names a point whose baseline point is missing.
Result<std::vector<std::size_t>> baseline_points(const SweepData& d, const Baseline& b);
// Per-metric mean and 95% half-width of (a − b) over the replications both ran, paired by
// replication number; `pairs` gets their number.
void paired_difference(const RawPoint& a, const RawPoint& b, Results& mean, Results& ci95, int& pairs);
// The verdict on one metric's paired difference d ± h (this point − the baseline) over `pairs`
// replications, read in the metric's direction (MetricField::better): Better / Worse when the
// 95% interval excludes 0 on the metric's good / bad side, Differs when it excludes 0 for a
// metric that is neither better nor worse, Same when every replication agreed (d and h within
// 1e-9 of the baseline mean `base`: sums taken in another order differ in the last bits), else
// NotEstablished.
enum class Verdict { Same, Better, Worse, Differs, NotEstablished };
Verdict paired_verdict(const MetricField& f, double d, double h, int pairs, double base);
// "same", "better", "worse", "differs", "not established at 95%".
const char* verdict_text(Verdict v);

// ",pairs,<metric>_diff_mean,<metric>_diff_ci95...,better,worse" and the matching cells of
// point a: the last two list the metrics (separated by ';') whose verdict is Better / Worse
// (over the metrics `m`, as the rest of the CSV).
std::string paired_header(const MetricSet& m);
std::string paired_cells(const RawPoint& a, const RawPoint& b, const MetricSet& m);

// The `alloclab sweep` CSV of `d` (point, the swept keys, replications, <metric>_mean,
// <metric>_ci95 ... for d.metrics), with the paired columns when `b` is given; each line ends in "\n".
Result<std::string> aggregate_csv(const SweepData& d, const Baseline* b);

}  // namespace alloclab
