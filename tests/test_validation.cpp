// test_validation.cpp — the simulator against queueing theory, and its determinism.
//
// (a) 1×1 jobs on a 4×4 mesh with Poisson arrivals and exponential service are an M/M/16
//     queue (FCFS: the head waits only when all 16 nodes are busy): the mean response time
//     must be within 2% of the Erlang-C value at ρ = 0.875 (λ = 14, μ = 1), for several seeds.
// (b) Little's law L = X·W holds for ff and random at moderate load: exactly (to rounding) with
//     warmup = 0, where both sides cover the same window (simulation.hpp).
// (c) The same scenario gives identical results twice; copies of a simulation stay in step.
#include <doctest/doctest.h>
#include <algorithm>
#include <cmath>
#include <tuple>
#include "simulation.hpp"
#include "sweep/sweep_runner.hpp"

using namespace alloclab;

namespace {

double erlang_c_response(double lambda, double mu, int c) {
  const double a = lambda / mu;
  double term = 1, sum = 0;  // a^k / k!
  for (int k = 0; k < c; ++k) {
    sum += term;
    term *= a / (k + 1);
  }
  const double last = term * c / (c - a);  // a^c/c! · c/(c−a)
  const double C = last / (sum + last);
  return C / (c * mu - lambda) + 1 / mu;
}

Scenario scenario(std::string_view link) {
  auto s = parse_link(link);
  REQUIRE_MESSAGE(s, (s ? "" : s.error().message));
  return *s;
}

Results run(const Scenario& s) {
  auto sim = Simulation::create(s, 0);
  REQUIRE_MESSAGE(sim, (sim ? "" : sim.error().message));
  REQUIRE(sim->run().ok());
  CHECK(sim->check_invariants());
  return sim->results();
}

}  // namespace

TEST_CASE("M/M/16: mean response time within 2% of Erlang C at rho = 0.875") {
  const double expect = erlang_c_response(14, 1, 16);
  CHECK(expect == doctest::Approx(1.25424).epsilon(0.0001));  // C(16, 14) = 0.50848
  for (std::uint64_t seed : {1, 2, 3}) {
    Scenario s = scenario("size=4x4&job_size=fixed:1x1&arrival=poisson:14&service=exponential:1&jobs=1000000&warmup=20000");
    s.seed = seed;
    const Results r = run(s);
    const double err = std::fabs(r.mean_response_time - expect) / expect;
    MESSAGE("seed ", seed, ": W = ", r.mean_response_time, " Erlang C = ", expect, " error = ", err * 100, "%");
    CHECK(err < 0.02);
    CHECK(r.utilization == doctest::Approx(0.875).epsilon(0.02));
  }
}

TEST_CASE("Little's law: L = X * W to rounding for ff and random at moderate load (warmup 0)") {
  for (const char* strat : {"ff", "random"}) {
    Scenario s = scenario("size=16x16&arrival=poisson:0.012&service=exponential:100&jobs=20000");
    s.strategy = strat;
    const Results r = run(s);
    const double lw = r.throughput * r.mean_response_time;
    MESSAGE(std::string(strat), ": L = ", r.mean_jobs_in_system, " X*W = ", lw);
    CHECK(r.mean_jobs_in_system == doctest::Approx(lw).epsilon(1e-9));
  }
}

TEST_CASE("determinism: same scenario, same results; a copied simulation stays in step") {
  Scenario s = scenario("size=24x20&strategy=random&arrival=poisson:0.02&jobs=3000&seed=99");
  const std::string a = results_json(*run_scenario(s)), b = results_json(*run_scenario(s));
  CHECK(a == b);
  auto sim = Simulation::create(s, 0);
  REQUIRE(sim);
  for (int i = 0; i < 1000; ++i) sim->step();
  Simulation copy = *sim;
  REQUIRE(sim->run().ok());
  REQUIRE(copy.run().ok());
  CHECK(results_json(Report{1, sim->results(), {}}) == results_json(Report{1, copy.results(), {}}));
}

TEST_CASE("the job stream does not depend on the strategy") {
  Scenario s = scenario("size=16x16&jobs=200&seed=5&arrival=batch");
  std::vector<std::tuple<JobId, double, int, int>> stream_ff, stream_random;
  for (const char* strat : {"ff", "random"}) {
    s.strategy = strat;
    auto sim = Simulation::create(s, 0);
    REQUIRE(sim);
    sim->record_jobs(true);
    REQUIRE(sim->run().ok());
    std::vector<std::tuple<JobId, double, int, int>> jobs;
    for (const JobRecord& j : sim->recorded()) jobs.emplace_back(j.id, j.service, j.shape.w, j.shape.h);
    std::sort(jobs.begin(), jobs.end());
    (std::string(strat) == "ff" ? stream_ff : stream_random) = jobs;
  }
  CHECK(stream_ff.size() == 200);
  CHECK(stream_ff == stream_random);
}

TEST_CASE("replications: means and confidence intervals over derived seeds") {
  Scenario s = scenario("size=8x8&jobs=500&replications=8&arrival=poisson:0.05");
  auto rep = run_scenario(s);
  REQUIRE(rep);
  CHECK(rep->replications == 8);
  CHECK(rep->mean.jobs_completed == 500);
  CHECK(rep->ci95.mean_response_time > 0);
  CHECK(rep->ci95.jobs_completed == 0);
  // replication 0 is the plain single run
  s.replications = 1;
  auto one = run_scenario(s);
  REQUIRE(one);
  CHECK(one->ci95.mean_response_time == 0);
}

TEST_CASE("warm-up: measured jobs exclude the warm-up jobs") {
  Scenario s = scenario("size=8x8&jobs=300&warmup=100&arrival=poisson:0.05");
  const Results r = run(s);
  CHECK(r.jobs_completed == 300);
}

TEST_CASE("batch arrivals: all jobs arrive at time 0 and the run drains") {
  Scenario s = scenario("size=8x8&jobs=50&arrival=batch&service=fixed:10&job_size=fixed:8x8");
  const Results r = run(s);
  CHECK(r.jobs_completed == 50);
  CHECK(r.makespan == doctest::Approx(500));
  CHECK(r.mean_wait_time == doctest::Approx(245));  // 0,10,...,490
  CHECK(r.utilization == doctest::Approx(1.0));
}

TEST_CASE("time_limit: effectiveness = allocated / arrived in the window (Jakimczuk et al. 2013); completion_ratio = completed / arrived") {
  // One job at a time on the whole machine, 10 time units each, arrivals every 5 from t = 5 (CSV
  // times as written). Window T = 100: 20 jobs arrive (t = 5..100; t = 105 is after the window);
  // jobs start at 5, 15, ..., 95 (10 allocated; the next start would be 105) and end at 15, ...,
  // 95 (9 completed; the tenth is still running at 100).
  auto t = parse_trace_csv("arrival,width,height,runtime\n"
                           "5,4,4,10\n10,4,4,10\n15,4,4,10\n20,4,4,10\n25,4,4,10\n30,4,4,10\n35,4,4,10\n"
                           "40,4,4,10\n45,4,4,10\n50,4,4,10\n55,4,4,10\n60,4,4,10\n65,4,4,10\n70,4,4,10\n"
                           "75,4,4,10\n80,4,4,10\n85,4,4,10\n90,4,4,10\n95,4,4,10\n100,4,4,10\n105,4,4,10\n",
                           "t.csv", 4, 4);
  REQUIRE(t);
  Scenario s = scenario("size=4x4&trace=t.csv&time_limit=100");
  s.trace_data = std::make_shared<const Trace>(*t);
  const Results r = run(s);
  CHECK(r.jobs_completed == 9);
  CHECK(r.effectiveness == doctest::Approx(10.0 / 20));
  CHECK(r.unreliability == doctest::Approx(10.0 / 20));
  CHECK(r.completion_ratio == doctest::Approx(9.0 / 20));
  CHECK(r.makespan == 100);
  // A window shorter than every job: nothing completes, but jobs were allocated (E > 0).
  s.time_limit = 8;
  const Results short_window = run(s);
  CHECK(short_window.completion_ratio == 0);
  CHECK(short_window.effectiveness == doctest::Approx(1.0 / 1));  // one arrival (t = 5), started at 5
}

TEST_CASE("Jakimczuk et al. 2013 static experiment, both readings: tried once and dropped vs retried until the time limit") {
  // 8x8 torus, 10 jobs of 8x8 (the whole machine), 5 time units each, all given at t = 0.
  // Tried once: the first is allocated, nine fail and are dropped: E = 1/10.
  Scenario once = scenario("topology=torus&size=8x8&arrival=batch&jobs=10&job_size=fixed:8x8&service=fixed:5&on_fail=drop&strategy=itat");
  const Results a = run(once);
  CHECK(a.effectiveness == doctest::Approx(0.1));
  CHECK(a.jobs_dropped == 9);
  // Retried as processors free up (on_fail=wait), within a limit of 22: jobs start at 0, 5,
  // 10, 15, 20 (5 allocated), 4 complete by 22: E = 5/10, completion_ratio = 4/10.
  Scenario retry = scenario("topology=torus&size=8x8&arrival=batch&jobs=10&job_size=fixed:8x8&service=fixed:5&time_limit=22&strategy=itat");
  const Results b = run(retry);
  CHECK(b.effectiveness == doctest::Approx(0.5));
  CHECK(b.unreliability == doctest::Approx(0.5));
  CHECK(b.completion_ratio == doctest::Approx(0.4));
  CHECK(b.jobs_dropped == 0);
}

TEST_CASE("on_fail=drop: jobs that cannot be placed when tried are not processed") {
  Scenario s = scenario("size=8x8&arrival=batch&jobs=10&job_size=fixed:8x8&service=fixed:5&on_fail=drop");
  const Results r = run(s);
  CHECK(r.jobs_completed == 1);  // the first takes the machine; the other nine fail at t = 0
  CHECK(r.jobs_dropped == 9);
  CHECK(r.effectiveness == doctest::Approx(0.1));
  Scenario w = scenario("size=8x8&arrival=batch&jobs=10&job_size=fixed:8x8&service=fixed:5");
  CHECK(run(w).effectiveness == 1);
}
