// test_paired.cpp — the raw per-replication CSV and paired differences against a baseline,
// checked against differences and t-intervals worked out here from the per-replication rows.
#include <doctest/doctest.h>
#include <cmath>
#include "metrics/stats.hpp"
#include "sweep/paired.hpp"

using namespace alloclab;

namespace {
RawPoint point(long long p, std::vector<std::string> values, std::vector<double> util) {
  RawPoint pt{p, std::move(values), {}};
  for (std::size_t r = 0; r < util.size(); ++r) {
    RawReplication rr;
    rr.rep = int(r);
    rr.seed = 1000 + r;
    rr.results.utilization = util[r];
    rr.results.mean_response_time = 10 * util[r] + double(r);
    pt.reps.push_back(rr);
  }
  return pt;
}
SweepData data() {
  SweepData d;
  d.keys = {"strategy", "job_size"};
  d.points.push_back(point(0, {"ff", "normal:4,2"}, {0.5, 0.6, 0.7}));
  d.points.push_back(point(1, {"ff", "uniform:1-16"}, {0.4, 0.45, 0.5}));
  d.points.push_back(point(2, {"bl", "normal:4,2"}, {0.55, 0.62, 0.71}));
  d.points.push_back(point(3, {"bl", "uniform:1-16"}, {0.3, 0.5, 0.4}));
  return d;
}
}  // namespace

TEST_CASE("paired: raw CSV round trip (quoted values, exact numbers)") {
  SweepData d = data();
  d.points[0].reps[1].results.utilization = 0.1 + 0.2;  // not a short decimal
  std::string csv = raw_csv_header(d.keys, metric_set(kBaseRows)) + "\n";
  for (const RawPoint& p : d.points) csv += raw_csv_rows(p, metric_set(kBaseRows));
  CHECK(is_raw_header(raw_csv_header(d.keys, metric_set(kBaseRows))));
  CHECK(csv.find("0,ff,\"normal:4,2\",0,1000,") != std::string::npos);
  auto back = parse_raw_csv(csv);
  REQUIRE_MESSAGE(back, (back ? "" : back.error().message));
  REQUIRE(back->points.size() == 4);
  CHECK(back->keys == d.keys);
  CHECK(back->points[0].values == d.points[0].values);
  CHECK(back->points[0].reps[1].results.utilization == 0.1 + 0.2);
  CHECK(back->points[3].reps[2].seed == 1002);
  auto agg = aggregate_csv(*back, nullptr);
  REQUIRE(agg);
  CHECK(*agg == *aggregate_csv(d, nullptr));
  // a replication missing in the middle, or a point with two sets of values, is refused
  std::string bad = csv;
  bad.replace(bad.find("\n0,ff,\"normal:4,2\",1,"), 22, "\n0,ff,\"normal:4,2\",2,");
  CHECK(!parse_raw_csv(bad));
  CHECK(!parse_raw_csv("point,strategy,replications\n"));
}

TEST_CASE("paired: a raw CSV's metric columns are read by name; only the metrics it holds are printed and judged") {
  // columns in another order than the table's, and only two of them
  const std::string two = "point,strategy,replication,seed,utilization,jobs_completed\n"
                          "0,ff,0,7,0.5,10\n0,ff,1,8,0.7,12\n1,bl,0,7,0.4,9\n1,bl,1,8,0.5,11\n";
  auto d = parse_raw_csv(two);
  REQUIRE_MESSAGE(d, (d ? "" : d.error().message));
  REQUIRE(d->metrics.size() == 2);
  CHECK(d->metrics[0]->name == "jobs_completed");  // table order, whatever the CSV's
  CHECK(d->metrics[1]->name == "utilization");
  CHECK(d->points[0].reps[1].results.utilization == 0.7);
  CHECK(d->points[0].reps[1].results.jobs_completed == 12);
  auto agg = aggregate_csv(*d, nullptr);
  REQUIRE(agg);
  CHECK(agg->substr(0, agg->find('\n')) == "point,strategy,replications,jobs_completed_mean,jobs_completed_ci95,utilization_mean,utilization_ci95");
  CHECK(agg->find("0,ff,2,11,") != std::string::npos);
  auto b = parse_baseline("strategy=bl", d->keys, swept_values(*d));
  REQUIRE(b);
  auto paired = aggregate_csv(*d, &*b);
  REQUIRE(paired);
  CHECK(paired->find("mean_wait_time") == std::string::npos);  // not measured: neither a column nor a verdict
  CHECK(paired->find(",pairs,jobs_completed_diff_mean,jobs_completed_diff_ci95,utilization_diff_mean,utilization_diff_ci95,better,worse\n") !=
        std::string::npos);
  // a cube-pod CSV written before the host-failure rows existed: those are not printed as 0
  MetricSet older;
  for (const MetricField* f : metric_set(kCubePodRows))
    if (f->name.find("goodput") == std::string::npos && f->name.find("availability") == std::string::npos &&
        f->name.find("killed") == std::string::npos)
      older.push_back(f);
  REQUIRE(older.size() == metric_set(kCubePodRows).size() - 3);
  SweepData cube = data();
  for (RawPoint& p : cube.points)
    for (RawReplication& r : p.reps) r.results.pod_utilization_size_512 = 0.25;
  std::string csv = raw_csv_header(cube.keys, older) + "\n";
  for (const RawPoint& p : cube.points) csv += raw_csv_rows(p, older);
  auto back = parse_raw_csv(csv);
  REQUIRE(back);
  CHECK(back->metrics == older);
  auto cagg = aggregate_csv(*back, nullptr);
  REQUIRE(cagg);
  CHECK(cagg->find("pod_utilization_size_512_mean") != std::string::npos);
  CHECK(cagg->find("pod_availability") == std::string::npos);
  CHECK(cagg->find("pod_goodput") == std::string::npos);
  // a column that names no metric is refused, naming it; so is a metric twice, or none at all
  auto unknown = parse_raw_csv("point,strategy,replication,seed,utilization,goodput\n0,ff,0,7,0.5,0.4\n");
  REQUIRE(!unknown);
  CHECK(unknown.error().message.find("column 6 'goodput' is not a metric") != std::string::npos);
  auto twice = parse_raw_csv("point,strategy,replication,seed,utilization,utilization\n0,ff,0,7,0.5,0.4\n");
  REQUIRE(!twice);
  CHECK(twice.error().message.find("'utilization' appears twice") != std::string::npos);
  CHECK(!parse_raw_csv("point,strategy,replication,seed\n0,ff,0,7\n"));
}

TEST_CASE("paired: differences equal the mean and t-interval of per-replication differences") {
  const SweepData d = data();
  std::vector<std::vector<std::string>> vals = swept_values(d);
  auto b = parse_baseline("strategy=bl", d.keys, vals);
  REQUIRE(b);
  CHECK(b->axis == 0);
  auto part = baseline_points(d, *b);
  REQUIRE(part);
  CHECK((*part)[0] == 2);
  CHECK((*part)[1] == 3);
  CHECK((*part)[3] == 3);
  Results m, c;
  int pairs = 0;
  paired_difference(d.points[1], d.points[3], m, c, pairs);
  // ff − bl, uniform: 0.1, −0.05, 0.1 → mean 0.05, sd 0.0866, t(2) = 4.3027
  CHECK(pairs == 3);
  CHECK(m.utilization == doctest::Approx(0.05));
  const double sd = std::sqrt(((0.05 * 0.05) + (0.1 * 0.1) + (0.05 * 0.05)) / 2);
  CHECK(c.utilization == doctest::Approx(4.3027 * sd / std::sqrt(3.0)));
  CHECK(m.mean_response_time == doctest::Approx(0.5));  // 10 × utilization difference; r cancels
  paired_difference(d.points[3], d.points[3], m, c, pairs);  // the baseline's own row
  CHECK(m.utilization == 0);
  CHECK(c.utilization == 0);
  auto csv = aggregate_csv(d, &*b);
  REQUIRE(csv);
  CHECK(csv->find(",pairs,jobs_completed_diff_mean,jobs_completed_diff_ci95,utilization_diff_mean,") != std::string::npos);
  // unequal replication counts (rel_error): paired over the replications both ran
  SweepData e = d;
  e.points[3].reps.pop_back();
  paired_difference(e.points[1], e.points[3], m, c, pairs);
  CHECK(pairs == 2);
  CHECK(m.utilization == doctest::Approx(0.025));
}

TEST_CASE("paired: a baseline that is not a swept key or value is refused, naming it") {
  const SweepData d = data();
  const auto vals = swept_values(d);
  auto a = parse_baseline("strategy=qtree", d.keys, vals);
  REQUIRE(!a);
  CHECK(a.error().message.find("'qtree'") != std::string::npos);
  CHECK(a.error().message.find("ff, bl") != std::string::npos);
  auto k = parse_baseline("scheduler=fcfs", d.keys, vals);
  REQUIRE(!k);
  CHECK(k.error().message.find("'scheduler' is not swept") != std::string::npos);
  CHECK(!parse_baseline("strategy", d.keys, vals));
  CHECK(!parse_baseline("=bl", d.keys, vals));
  // a missing baseline point (e.g. a shard without it) is an error naming the point
  SweepData s = d;
  s.points.erase(s.points.begin() + 3);
  auto b = parse_baseline("strategy=bl", s.keys, swept_values(s));
  REQUIRE(b);
  auto part = baseline_points(s, *b);
  REQUIRE(!part);
  CHECK(part.error().message.find("point 1 ") != std::string::npos);
}

// ---------------------------------------------------------------- through the CLI
#include <fstream>
#include <map>
#include <sstream>
#include "cli_harness.hpp"
#include "core/text.hpp"

namespace {
using test::cli;
const std::vector<std::string> kSweep = {"sweep", "strategy=ff,bf,mbs", "arrival=poisson:0.01,0.03", "size=8x8", "jobs=150", "replications=4"};
std::vector<std::string> with(std::vector<std::string> a, std::initializer_list<std::string> more) {
  a.insert(a.end(), more);
  return a;
}
std::map<std::string, std::string> row_of(const std::vector<std::vector<std::string>>& t, std::size_t i) {
  std::map<std::string, std::string> m;
  for (std::size_t c = 0; c < t[0].size(); ++c) m[t[0][c]] = t[i][c];
  return m;
}
std::string write(const std::string& name, const std::string& text) {
  std::ofstream(name) << text;
  return name;
}
}  // namespace

TEST_CASE("sweep --raw: one row per (point, replication); its aggregate is the plain sweep; run seed=S repeats a row") {
  auto raw = cli(with(kSweep, {"--raw"}));
  REQUIRE_MESSAGE(raw.code == 0, raw.err);
  const auto t = parse_csv(raw.out);
  REQUIRE(t.size() == 1 + 6 * 4);
  CHECK(raw.out.rfind("point,strategy,arrival,replication,seed,jobs_completed,utilization,", 0) == 0);
  auto plain = cli(kSweep);
  REQUIRE(plain.code == 0);
  const std::string f = write("alloclab_test_raw.csv", raw.out);
  auto agg = cli({"merge", "--aggregate", f});
  CHECK(agg.code == 0);
  CHECK(agg.out == plain.out);
  // replication 0 runs with the seed key itself; every point shares replication r's seed
  for (std::size_t i = 1; i < t.size(); ++i) {
    const auto r = row_of(t, i);
    CHECK(r.at("seed") == row_of(t, 1 + std::stoul(r.at("replication"))).at("seed"));
  }
  CHECK(row_of(t, 1).at("seed") == "1");
  // point 4 (mbs, poisson:0.01), replication 2: alloclab run with its seed gives its metrics
  const auto r = row_of(t, 1 + 4 * 4 + 2);
  REQUIRE(r.at("point") == "4");
  REQUIRE(r.at("replication") == "2");
  auto run = cli({"run", "strategy=" + r.at("strategy"), "arrival=" + r.at("arrival"), "size=8x8", "jobs=150", "seed=" + r.at("seed")});
  REQUIRE_MESSAGE(run.code == 0, run.err);
  for (const MetricField& m : metric_fields(false)) {  // no pod: the rows before the pod rows
    const std::string want = "\"" + std::string(m.name) + "\": " + r.at(std::string(m.name));
    const std::size_t at = run.out.find(want);
    const bool found = at != std::string::npos && (run.out[at + want.size()] == ',' || run.out[at + want.size()] == '}');
    CHECK_MESSAGE(found, m.name);
  }
  std::remove(f.c_str());
}

TEST_CASE("sweep --baseline: paired columns are the mean and t-interval of the per-replication differences of --raw") {
  auto raw = cli(with(kSweep, {"--raw"}));
  auto base = cli(with(kSweep, {"--baseline", "strategy=bf"}));
  REQUIRE(raw.code == 0);
  REQUIRE_MESSAGE(base.code == 0, base.err);
  const auto rt = parse_csv(raw.out), bt = parse_csv(base.out);
  REQUIRE(bt.size() == 7);
  // per-replication values: (strategy, arrival) -> replication -> row
  std::map<std::pair<std::string, std::string>, std::vector<std::map<std::string, std::string>>> reps;
  for (std::size_t i = 1; i < rt.size(); ++i) {
    const auto r = row_of(rt, i);
    reps[{r.at("strategy"), r.at("arrival")}].push_back(r);
  }
  int checked = 0;
  for (std::size_t i = 1; i < bt.size(); ++i) {
    const auto b = row_of(bt, i);
    CHECK(b.at("pairs") == "4");
    const auto& mine = reps.at({b.at("strategy"), b.at("arrival")});
    const auto& theirs = reps.at({"bf", b.at("arrival")});
    for (const char* m : {"utilization", "mean_response_time", "mean_wait_time"}) {
      double sum = 0, sq = 0;
      std::vector<double> d;
      for (std::size_t r = 0; r < 4; ++r) d.push_back(std::stod(mine[r].at(m)) - std::stod(theirs[r].at(m)));
      for (double x : d) sum += x;
      const double mean = sum / 4;
      for (double x : d) sq += (x - mean) * (x - mean);
      const double hw = 3.18244630528370959 * std::sqrt(sq / 3) / 2;  // t(0.975, 3) · s / √4
      CHECK(std::stod(b.at(std::string(m) + "_diff_mean")) == doctest::Approx(mean).epsilon(1e-9));
      CHECK(std::stod(b.at(std::string(m) + "_diff_ci95")) == doctest::Approx(hw).epsilon(1e-9));
      if (b.at("strategy") == "bf") {
        CHECK(b.at(std::string(m) + "_diff_mean") == "0");
        CHECK(b.at(std::string(m) + "_diff_ci95") == "0");
      }
      ++checked;
    }
  }
  CHECK(checked == 18);
  // the same columns from the raw rows afterwards
  const std::string f = write("alloclab_test_raw_b.csv", raw.out);
  auto later = cli({"merge", "--baseline", "strategy=bf", f});
  CHECK(later.code == 0);
  CHECK(later.out == base.out);
  std::remove(f.c_str());
}

TEST_CASE("sweep --baseline and --raw with --shard: merge reassembles the single-run bytes") {
  for (const char* opt : {"--raw", "--baseline"}) {
    auto args = std::string(opt) == "--raw" ? with(kSweep, {"--raw"}) : with(kSweep, {"--baseline", "strategy=mbs"});
    auto whole = cli(args);
    REQUIRE(whole.code == 0);
    std::vector<std::string> m = {"merge"};
    for (int i = 0; i < 4; ++i) {
      auto part = cli(with(args, {"--shard", std::to_string(i) + "/4"}));
      REQUIRE_MESSAGE(part.code == 0, part.err);
      m.push_back(write("alloclab_test_pshard_" + std::to_string(i) + ".csv", part.out));
    }
    auto merged = cli(m);
    CHECK(merged.code == 0);
    CHECK_MESSAGE(merged.out == whole.out, opt);
    for (std::size_t i = 1; i < m.size(); ++i) std::remove(m[i].c_str());
  }
}

TEST_CASE("sweep --baseline with rel_error pairs the replications both points ran; bad baselines exit 2") {
  auto r = cli({"sweep", "strategy=ff,mbs", "size=8x8", "jobs=200", "rel_error=0.3", "arrival=poisson:0.01,0.03", "--baseline", "strategy=ff"});
  REQUIRE_MESSAGE(r.code == 0, r.err);
  const auto t = parse_csv(r.out);
  for (std::size_t i = 1; i < t.size(); ++i) {
    const auto row = row_of(t, i);
    const auto base = row_of(t, 1 + (i - 1) % 2);  // ff at the same arrival
    CHECK(std::stoi(row.at("pairs")) == std::min(std::stoi(row.at("replications")), std::stoi(base.at("replications"))));
  }
  auto v = cli(with(kSweep, {"--baseline", "strategy=qtree"}));
  CHECK(v.code == 2);
  CHECK(v.err.find("'qtree'") != std::string::npos);
  CHECK(v.out.empty());
  auto k = cli(with(kSweep, {"--baseline", "scheduler=fcfs"}));
  CHECK(k.code == 2);
  CHECK(k.err.find("scheduler") != std::string::npos);
  CHECK(cli(with(kSweep, {"--baseline"})).code == 2);
  CHECK(cli(with(kSweep, {"--baseline", "strategy"})).code == 2);
  CHECK(cli(with(kSweep, {"--baseline", "strategy=bf", "--raw"})).code == 2);
  // another spelling of a swept value is the same value
  CHECK(cli(with(kSweep, {"--baseline", "arrival=poisson:0.010"})).code == 0);
  // merge --aggregate needs raw rows
  auto plain = cli(kSweep);
  const std::string f = write("alloclab_test_plain.csv", plain.out);
  CHECK(cli({"merge", "--aggregate", f}).code == 2);
  std::remove(f.c_str());
}
