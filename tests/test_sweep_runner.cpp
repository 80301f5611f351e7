// test_sweep_runner.cpp — SweepRunner, the one replication loop: slicing does not change
// results; per-replication seeds and results; rel_error stopping; run_scenario; and the page's
// Sweep mode (AppState, stepped across "frames" by a wall-clock budget) writes byte for byte
// the CSV `alloclab sweep` writes for the same points. Means and confidence intervals are checked
// against a direct two-pass computation (mean_ci below), not against Aggregate.
#include <doctest/doctest.h>
#include <cmath>
#include "app_state.hpp"
#include "cli_harness.hpp"
#include "sweep/axis.hpp"
#include "sweep/sweep_runner.hpp"

using namespace alloclab;

namespace {
SweepSpec spec_of(const std::vector<std::string>& words) {
  auto s = parse_sweep(Scenario{}, words);
  REQUIRE(s.ok());
  return *s;
}

// The mean of one metric over replications, and the 95% half-width t(0.975, n−1)·s/√n with the
// sample standard deviation s from a second pass over the values (0 for fewer than 2).
struct MeanCi {
  double mean = 0, hw = 0;
};
MeanCi mean_ci(const std::vector<Results>& rs, double Results::*m) {
  MeanCi c;
  const double n = double(rs.size());
  for (const Results& r : rs) c.mean += r.*m;
  c.mean /= n;
  if (rs.size() < 2) return c;
  double ss = 0;
  for (const Results& r : rs) ss += (r.*m - c.mean) * (r.*m - c.mean);
  c.hw = t975(std::int64_t(rs.size()) - 1) * std::sqrt(ss / (n - 1) / n);
  return c;
}
// The first n replications' results of point p.
std::vector<Results> first_results(const SweepRunner& r, long long p, int n) {
  std::vector<Results> out;
  for (int i = 0; i < n; ++i) out.push_back(r.replications(p)[std::size_t(i)].results);
  return out;
}
}  // namespace

TEST_CASE("sweep runner: any slicing gives the CLI's CSV; per-replication seeds and results") {
  const std::vector<std::string> words = {"strategy=ff,random", "arrival=poisson:0.01,0.03", "size=8x8", "jobs=120", "replications=3"};
  std::vector<std::string> args = {"sweep"};
  args.insert(args.end(), words.begin(), words.end());
  const test::CliOut cli = test::cli(args);
  REQUIRE(cli.code == 0);
  for (long long slice : {1LL, 7LL, 1000LL, 1LL << 40}) {
    auto r = SweepRunner::create(spec_of(words));
    REQUIRE(r.ok());
    CHECK(r->size() == 4);
    CHECK(r->replications_planned() == 12);
    long long calls = 0;
    while (r->advance(slice) == slice) ++calls;
    CHECK(r->finished());
    CHECK(r->status().ok());
    CHECK(r->points_done() == 4);
    CHECK(r->replications_done() == 12);
    CHECK(r->progress() == 1.0);
    CHECK(r->csv() == cli.out);
    if (slice == 1) CHECK(calls > 1000);  // really stepped an event at a time
  }
  auto r = SweepRunner::create(spec_of(words));
  REQUIRE(r->run().ok());
  for (long long p = 0; p < 4; ++p) {
    const auto reps = r->replications(p);
    REQUIRE(reps.size() == 3);
    for (int k = 0; k < 3; ++k) {
      CHECK(reps[std::size_t(k)].rep == k);
      CHECK(reps[std::size_t(k)].seed == replication_seed(r->scenario(p), k));
      auto direct = run_replication(r->scenario(p), k);
      REQUIRE(direct.ok());
      for (const MetricField& f : metric_fields()) CHECK_MESSAGE(reps[std::size_t(k)].results.*f.member == (*direct).*f.member, f.name);
    }
  }
  // replication 0 runs with the scenario's seed, others with derived ones, all distinct
  CHECK(r->replications(0)[0].seed == r->scenario(0).seed);
  CHECK(r->replications(0)[1].seed != r->replications(0)[2].seed);
  // strategies share job streams: point 0 (ff) and point 2 (random) at the same rate, same seeds
  CHECK(r->replications(0)[1].seed == r->replications(2)[1].seed);
}

TEST_CASE("sweep runner: rel_error stops a point early; cap 50 unless replications is given") {
  SweepSpec s = spec_of({"size=8x8", "jobs=500", "rel_error=0.2"});
  CHECK(s.max_replications == 50);
  auto r = SweepRunner::create(s);
  REQUIRE(r->run().ok());
  const int k = r->aggregate(0).count();
  CHECK(k >= 3);
  CHECK(k < 50);
  // the bound (half-width / mean of utilization and of mean response time) holds at k and at
  // no earlier allowed stop
  auto met = [&](int n) {
    const std::vector<Results> rs = first_results(*r, 0, n);
    const MeanCi u = mean_ci(rs, &Results::utilization), w = mean_ci(rs, &Results::mean_response_time);
    REQUIRE(u.mean > 0);
    REQUIRE(w.mean > 0);
    return u.hw / u.mean <= 0.2 && w.hw / w.mean <= 0.2;
  };
  CHECK(met(k));
  for (int n = 3; n < k; ++n) CHECK_FALSE(met(n));
  SweepSpec tight = spec_of({"size=8x8", "jobs=100", "rel_error=0.0001", "replications=5"});
  CHECK(tight.max_replications == 5);
  auto t = SweepRunner::create(tight);
  REQUIRE(t->run().ok());
  CHECK(t->aggregate(0).count() == 5);
}

TEST_CASE("sweep runner: errors name the point; cancel keeps finished points; shards") {
  auto bad = SweepRunner::create(spec_of({"size=8x8", "job_size=fixed:8x8,fixed:9x9"}));
  CHECK_FALSE(bad.ok());
  auto never = parse_sweep(Scenario{}, {"size=8x8", "strategy=ff", "job_size=fixed:4x4"});
  REQUIRE(never.ok());
  auto r = SweepRunner::create(spec_of({"size=8x8", "jobs=50", "strategy=ff,bf,mbs", "replications=2"}));
  REQUIRE(r.ok());
  while (r->points_done() < 1) REQUIRE(r->step());
  r->step();
  r->cancel();
  CHECK(r->cancelled());
  CHECK_FALSE(r->running());
  CHECK_FALSE(r->step());
  CHECK(r->point_done(0));
  CHECK_FALSE(r->point_done(1));
  SweepSpec sh = spec_of({"size=8x8", "jobs=50", "strategy=ff,bf,mbs"});
  sh.shard = 1;
  sh.shards = 2;
  auto s = SweepRunner::create(sh);
  REQUIRE(s->run().ok());
  CHECK(s->points_todo() == 1);
  CHECK(s->point_done(1));
  CHECK_FALSE(s->point_done(0));
  CHECK(s->csv().find("\n1,bf,") != std::string::npos);
}

TEST_CASE("sweep runner: shards split (point, replication) units, each run by exactly one shard") {
  for (int n : {1, 2, 3, 4, 7, 16}) {
    SweepSpec sp = spec_of({"size=8x8", "jobs=40", "strategy=ff,bf,mbs", "replications=5"});
    std::vector<int> runs(15, 0);  // per (p, r): p*5 + r
    long long planned = 0;
    for (int i = 0; i < n; ++i) {
      SweepSpec one = sp;
      one.shard = i;
      one.shards = n;
      auto r = SweepRunner::create(one);
      REQUIRE(r.ok());
      REQUIRE(r->run().ok());
      planned += r->replications_planned();
      CHECK(r->replications_done() == r->replications_planned());
      for (long long p = 0; p < 3; ++p)
        for (const ReplicationResult& rr : r->replications(p)) {
          ++runs[std::size_t(p * 5 + rr.rep)];
          CHECK((p * 5 + rr.rep) % n == i);  // unit p·R + r, R = 5
          CHECK(rr.seed == replication_seed(r->scenario(p), rr.rep));
        }
    }
    CHECK(planned == 15);
    for (int u = 0; u < 15; ++u) CHECK_MESSAGE(runs[std::size_t(u)] == 1, "unit " << u << " with " << n << " shards");
  }
}

TEST_CASE("sweep runner: run_scenario is the one-point runner (raw engine errors)") {
  Scenario s;
  s.width = s.height = 8;
  s.jobs = 100;
  s.replications = 3;
  auto rep = run_scenario(s);
  REQUIRE(rep.ok());
  CHECK(rep->replications == 3);
  std::vector<Results> rs;
  for (int k = 0; k < 3; ++k) rs.push_back(*run_replication(s, k));
  int varied = 0;
  for (const MetricField& f : metric_fields()) {
    const MeanCi c = mean_ci(rs, f.member);
    CHECK_MESSAGE(rep->mean.*f.member == doctest::Approx(c.mean).epsilon(1e-12), f.name);
    CHECK_MESSAGE(rep->ci95.*f.member == doctest::Approx(c.hw).epsilon(1e-9), f.name);
    varied += c.hw > 0;
  }
  CHECK(varied >= 5);  // the replications differ: the half-widths are not all 0
  s.strategy = "no-such-strategy";
  auto bad = run_scenario(s);
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.error().message.rfind("point", 0) != 0);
}

TEST_CASE("page sweep: the CSV of the Sweep mode, run across frames, equals alloclab sweep byte for byte") {
  app::AppState state;
  REQUIRE(state.load_link("size=16x16&jobs=150&service=exponential:50").ok());
  state.set_sweep_settings({{"ff", "bf", "mbs"}, "arrival", {"poisson:0.01", "poisson:0.025", "poisson:0.04"}, 2});
  state.start_sweep();
  REQUIRE(state.sweep().running());
  int frames = 0;
  while (state.sweep().running()) {
    state.work_batches(0.05);  // a twentieth of a millisecond per frame: many frames
    ++frames;
  }
  CHECK(frames > 3);
  REQUIRE(state.sweep().error().empty());
  REQUIRE(state.sweep().finished());
  CHECK(state.sweep().labels().size() == 9);
  CHECK(state.sweep().labels()[4].series == "bf");
  CHECK(state.sweep().labels()[4].x == 0.025);
  std::vector<std::string> args = {"sweep", "size=16x16", "jobs=150", "service=exponential:50"};
  for (const std::string& w : state.sweep_words()) args.push_back(w);
  CHECK(args[4] == "strategy=ff,bf,mbs");
  CHECK(args[5] == "arrival=poisson:0.01;poisson:0.025;poisson:0.04");
  const test::CliOut cli = test::cli(args);
  REQUIRE(cli.code == 0);
  CHECK(state.sweep().csv() == cli.out);
  CHECK(cli.out.rfind("point,strategy,arrival,replications,", 0) == 0);
}

TEST_CASE("page sweep: any numeric key on the x-axis (the service mean), equal to alloclab sweep") {
  app::AppState state;
  REQUIRE(state.load_link("size=16x16&jobs=100&arrival=poisson:0.03").ok());
  auto values = axis_values(state.scenario(), "service", "20, 60 100");
  REQUIRE(values.ok());
  state.set_sweep_settings({{"ff", "mbs"}, "service", *values, 2});
  state.start_sweep();
  while (state.sweep().running()) state.work_batches(0.5);
  REQUIRE(state.sweep().finished());
  REQUIRE(state.sweep().labels().size() == 6);
  CHECK(state.sweep().labels()[0].x == 20);
  CHECK(state.sweep().labels()[5].x == 100);
  std::vector<std::string> args = {"sweep", "size=16x16", "jobs=100", "arrival=poisson:0.03"};
  for (const std::string& w : state.sweep_words()) args.push_back(w);
  CHECK(args[5] == "service=exponential:20;exponential:60;exponential:100");
  const test::CliOut cli = test::cli(args);
  REQUIRE(cli.code == 0);
  CHECK(state.sweep().csv() == cli.out);
  CHECK(cli.out.rfind("point,strategy,service,replications,", 0) == 0);
}

TEST_CASE("page replications: Run replications is the runner over the current scenario") {
  app::AppState state;
  REQUIRE(state.load_link("size=16x16&jobs=100&replications=4").ok());
  state.start_replications();
  while (state.replications().running()) state.work_batches(0.1);
  REQUIRE(state.replications().finished());
  CHECK(state.replications().tasks_done() == 4);
  auto rep = run_scenario(state.scenario());
  REQUIRE(rep.ok());
  CHECK(state.replications().runner()->report(0).mean.utilization == rep->mean.utilization);
  CHECK(results_json(state.replications().runner()->report(0)) == results_json(*rep));
}
