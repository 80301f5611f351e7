// sweep_runner.hpp — the one replication loop: points (scenarios) × replications, run a slice
// at a time, with per-(point, replication) Results, their seeds, per-point aggregates and the
// `alloclab sweep` CSV. `alloclab run` (run_scenario), `alloclab sweep`, the page's Sweep mode
// and its "Run replications" all go through SweepRunner.
//
// Points. A SweepSpec is a base scenario plus swept keys (axes); the points are the cartesian
// product of the axes' values, the first axis outermost, numbered from 0 in that order. With
// no axes there is one point: the base scenario.
//
// Replications. Point p runs replications r = 0, 1, ... of its scenario; replication r runs
// with replication_seed(scenario, r) (simulation.hpp). With rel_error = 0 every point runs
// exactly max_replications; with rel_error = E > 0 a point stops after the first k ≥ 3
// replications at which the 95% half-width of both utilization and mean_response_time is
// within E·|mean| (or at max_replications).
//
// Shards. The unit of work is a (point, replication) pair when every point runs the same
// number R of replications (rel_error = 0, and shard_points not set): unit u = p·R + r
// belongs to shard u mod shards. Numbered point-major, a point's replications go to
// consecutive shards (a costly point is spread) and each shard takes every N-th unit of the
// point list, so it samples the whole point space evenly: points differ in cost far more
// than replications of one point do, and their costs change smoothly along the axes, so every
// shard gets nearly the same mix (`alloclab bench shards`, 16 shards of seed003-one-to-all on
// a loaded machine: max/mean 1.25–1.28, where the replication-major order u = r·P + p gave
// 1.44–1.53; no cost model is needed, and none is guessed). With
// rel_error > 0 (a point's count is known only as it runs) or shard_points, whole points are
// the unit: point p belongs to shard p mod shards. A shard's point holds only its own
// replications (raw rows; `alloclab merge` reassembles the points). Points run in increasing
// p, one replication at a time, so the finished points are always a prefix of the shard's
// points (points_done()).
//
// Stepping. step() does one unit of work: one event of the current replication (creating the
// replication's Simulation first, or recording it when it ends). A front end calls step() as
// often as its budget allows (the page: within a wall-clock budget per frame) or advance(N)
// for at most N units, or run() to the end. Nothing but step() changes results, so the numbers
// do not depend on how the work was sliced.
//
// Results (const API, for raw per-replication output and paired comparisons):
//   replications(p)  the finished replications of point p in order: {rep, seed, results,
//                    allocation_seconds}; replication r of point p of one spec always has the
//                    same seed and, the strategy aside, the same job stream as replication r of
//                    any other point with the same workload keys (paired differences).
//   aggregate(p)     their Aggregate (mean, 95% half-width); report(p) as a run Report.
//   csv_header(), csv_row(p), csv()  the `alloclab sweep` CSV, byte for byte: columns point,
//                    the axes' keys, replications, then <metric>_mean and <metric>_ci95 for
//                    every metric_fields() entry; values printed by the parameter table and
//                    format_number().
#pragma once
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>
#include "../core/error.hpp"
#include "../metrics/results.hpp"
#include "../scenario/scenario.hpp"
#include "../simulation.hpp"

namespace alloclab {

struct SweepAxis {
  std::string key;
  std::vector<std::string> values;  // texts the parameter table accepts for `key`
};

struct SweepSpec {
  Scenario base;                // every key that is not swept
  std::vector<SweepAxis> axes;  // swept keys, first outermost
  int max_replications = 1;     // R: every point's count, or the cap with rel_error
  double rel_error = 0;         // > 0: stop a point early (see the file header)
  int shard = 0, shards = 1;    // run this shard's units (see the file header)
  bool shard_points = false;    // shard whole points even with a fixed replication count

  // Whether shards split points into their replications (fixed counts, not shard_points).
  bool shards_by_replication() const { return rel_error <= 0 && !shard_points; }
  // Whether replication r of point p is this shard's.
  bool unit_in_shard(long long p, int r) const;
  // The replication of point p this shard runs after r (r = -1: its first), or
  // max_replications when there is none.
  int next_replication(long long p, int r) const;
  // How many replications of point p this shard runs (rel_error > 0: the cap).
  int shard_replications(long long p) const;

  // Number of points (the product of the axes' sizes; 1 without axes).
  long long points() const;
  // The scenario of point p: base with p's value of every axis applied (not validated).
  Result<Scenario> point(long long p) const;
};

// The `alloclab sweep` grammar on top of `base`: each word is key=value. A value that
// split_value_list() splits into several makes the key an axis (in the order given); a single
// value is applied to the base. `rel_error=E` (0 < E < 1) sets rel_error, and then
// max_replications defaults to 50 unless `replications` is given. Errors name the key.
Result<SweepSpec> parse_sweep(const Scenario& base, const std::vector<std::string>& pairs);

// One finished replication of one point.
struct ReplicationResult {
  int rep = 0;                    // replication number r (0-based)
  std::uint64_t seed = 0;         // replication_seed(point scenario, r)
  Results results;
  double allocation_seconds = 0;  // measured time inside the strategy (timing only, never results)
};

class SweepRunner {
 public:
  // Enumerates and validates every point (an error names the point: "point P: ..."); no
  // simulation runs yet. At most kMaxPoints points.
  static constexpr long long kMaxPoints = 1000000;
  static Result<SweepRunner> create(SweepSpec spec);

  // One unit of work (see the file header). False when there is nothing more to do: all of
  // the shard's points are finished, or the run failed (status()) or was cancelled.
  bool step();
  // Up to `max_units` calls of step(); returns how many did work.
  long long advance(long long max_units);
  // Runs to the end; the first failure, if any.
  Status run();
  // Stops; finished points keep their results, the replication in progress is dropped.
  void cancel();

  bool running() const { return running_; }
  bool finished() const { return !running_ && status_.ok() && !cancelled_; }
  bool cancelled() const { return cancelled_; }
  // The first failure (a replication that cannot finish), as the engine reported it;
  // failed_point() is its point (-1 when none).
  const Status& status() const { return status_; }
  long long failed_point() const { return failed_point_; }

  // ---- progress
  long long points_done() const { return points_done_; }    // finished points of the shard
  long long points_todo() const { return (long long)order_.size(); }  // points in the shard
  long long replications_done() const { return reps_done_; }
  long long replications_planned() const;  // points_todo × max_replications (an upper bound with rel_error)
  double progress() const;                  // 0..1, the running replication counted by departures
  // The point and replication running now (-1 when none).
  long long current_point() const { return running_ && idx_ < order_.size() ? order_[idx_] : -1; }
  int current_replication() const { return running_ ? rep_ : -1; }

  // ---- results (any point p in 0..size()-1; points outside the shard stay empty)
  const SweepSpec& spec() const { return spec_; }
  std::size_t size() const { return points_.size(); }
  bool in_shard(long long p) const { return spec_.next_replication(p, -1) < spec_.max_replications; }
  const Scenario& scenario(long long p) const { return points_[std::size_t(p)].scenario; }
  bool point_done(long long p) const { return points_[std::size_t(p)].done; }
  std::span<const ReplicationResult> replications(long long p) const { return points_[std::size_t(p)].reps; }
  const Aggregate& aggregate(long long p) const { return points_[std::size_t(p)].agg; }
  // The point's replications as a run Report (means, half-widths, allocation time, trace summary).
  Report report(long long p) const;

  // Some point runs on a pod machine: the CSVs print the pod metrics too (metric_fields(pod)).
  int pod() const { return pod_; }  // MetricRows

  // ---- the `alloclab sweep` CSV
  std::string csv_header() const;     // without the newline
  std::string csv_row(long long p) const;  // without the newline
  // Header and the rows of every finished point in point order, each line ending in "\n".
  std::string csv() const;

 private:
  struct Point {
    Scenario scenario;
    std::vector<ReplicationResult> reps;
    Aggregate agg;
    bool done = false;
  };
  explicit SweepRunner(SweepSpec spec) : spec_(std::move(spec)) {}
  bool point_complete(const Point& pt) const;

  SweepSpec spec_;
  std::vector<Point> points_;
  std::vector<long long> order_;  // the shard's points in order
  std::size_t idx_ = 0;           // index into order_ of the point running
  int rep_ = 0;                   // its replication running
  std::optional<Simulation> sim_;
  long long points_done_ = 0, reps_done_ = 0, failed_point_ = -1;
  bool running_ = false, cancelled_ = false;
  int pod_ = kBaseRows;
  Status status_;
};

// All replications of a validated scenario, aggregated (a one-point SweepRunner run to the end).
Result<Report> run_scenario(const Scenario& s);

}  // namespace alloclab
