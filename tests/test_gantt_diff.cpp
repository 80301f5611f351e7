// test_gantt_diff.cpp — `alloclab gantt` (SVG of the schedule) and `alloclab diff` / the
// engine's first_difference (the first job on which two runs differ, and both decisions).
#include <doctest/doctest.h>
#include <string>
#include "cli_harness.hpp"
#include "first_difference.hpp"

using namespace alloclab;
using alloclab::test::cli;

namespace {
int count(const std::string& s, const std::string& what) {
  int n = 0;
  for (auto p = s.find(what); p != std::string::npos; p = s.find(what, p + 1)) ++n;
  return n;
}
}  // namespace

TEST_CASE("gantt: one bar per measured job in the job's colour, a wait line when it waited, deterministic") {
  auto r = cli({"gantt", "size=8x8", "jobs=40", "arrival=poisson:0.05", "scheduler=easy"});
  REQUIRE(r.code == 0);
  CHECK(r.err.empty());
  CHECK(r.out.rfind("<svg", 0) == 0);
  CHECK(count(r.out, "<rect x=") == 40);
  CHECK(count(r.out, "data-job=") == 40);
  CHECK(r.out.find("fill=\"#" ) != std::string::npos);
  CHECK(count(r.out, "stroke-width=\"0.8\"") > 0);  // some jobs waited under this load
  CHECK(r.out.find("Schedule: easy, ff on 8x8 mesh, 40 jobs") != std::string::npos);
  CHECK(cli({"gantt", "size=8x8", "jobs=40", "arrival=poisson:0.05", "scheduler=easy"}).out == r.out);
}

TEST_CASE("gantt and diff: bad input is one line on stderr and exit 2") {
  auto a = cli({"gantt", "scheduler=nope"});
  CHECK(a.code == 2);
  CHECK(a.out.empty());
  CHECK(count(a.err, "\n") == 1);
  CHECK(a.err.find("scheduler") != std::string::npos);
  CHECK(cli({"gantt", "--out"}).code == 2);
  CHECK(cli({"gantt", "jobs=100000"}).code == 2);
  auto b = cli({"diff", "size=8x8"});
  CHECK(b.code == 2);
  CHECK(b.err.find("two links") != std::string::npos);
  auto c = cli({"diff", "size=8x8&strategy=zz", "size=8x8"});
  CHECK(c.code == 2);
  CHECK(c.err.find("link A") != std::string::npos);
  CHECK(count(c.err, "\n") == 1);
  CHECK(cli({"diff", "size=8x8", "#sizes8x8"}).code == 2);
  CHECK(cli({"diff", "size=8x8", ""}).code == 2);
}

TEST_CASE("first difference: identical runs have none; FCFS and EASY first differ at the first backfilled job") {
  // job 0 holds half the machine until 10; job 1 needs all of it; job 2 fits beside job 0:
  // EASY backfills job 2 at 2, FCFS starts it at 15. The first difference is job 2 at time 2.
  const char* csv =
      "arrival,width,height,runtime\n"
      "0,4,2,10\n"
      "1,4,4,5\n"
      "2,4,2,5\n";
  std::vector<Scenario> runs;
  for (const char* sched : {"fcfs", "easy"}) {
    auto s = parse_link(std::string("size=4x4&trace=t.csv&scheduler=") + sched);
    REQUIRE(s);
    auto t = parse_trace_csv(csv, "t.csv", 4, 4);
    REQUIRE(t);
    s->trace_data = std::make_shared<const Trace>(*t);
    runs.push_back(*s);
  }
  auto same = first_difference(std::vector<Scenario>{runs[0], runs[0]});
  REQUIRE(same);
  CHECK(!same->found);
  CHECK(same->jobs_compared == 3);
  auto d = first_difference(runs);
  REQUIRE(d);
  REQUIRE(d->found);
  CHECK(d->job == 2);
  CHECK(d->time == 2);
  REQUIRE(d->sides.size() == 2);
  CHECK(d->sides[0].waiting);         // FCFS: job 2 waits behind job 1 at time 2
  CHECK(d->sides[0].start == 15);
  REQUIRE(d->sides[0].decision);
  CHECK(d->sides[0].decision->decision);  // the strategy could place it: the scheduler held it
  CHECK(d->sides[1].started_now);     // EASY: backfilled at 2
  REQUIRE(d->sides[1].decision);
  REQUIRE(d->sides[1].decision->decision);
  CHECK(d->sides[1].decision->decision->blocks == d->sides[1].alloc.blocks);
  CHECK(d->stopped[0].now() == 2);
  CHECK(d->stopped[1].running_job(2) != nullptr);
  CHECK(d->stopped[0].running_job(2) == nullptr);
  const std::string js = first_difference_json(runs, *d);
  CHECK(js.rfind("{\"job\": 2, \"time\": 2, \"runs\": [", 0) == 0);
  CHECK(js.find("\"state\": \"waiting\"") != std::string::npos);
  CHECK(js.find("\"state\": \"started\"") != std::string::npos);
}

TEST_CASE("diff CLI: the first job, time and both decisions as JSON") {
  auto r = cli({"diff", "size=8x8&jobs=200&arrival=poisson:0.05&scheduler=easy",
                "https://example.org/index.html#size=8x8&jobs=200&arrival=poisson:0.05&scheduler=conservative"});
  REQUIRE(r.code == 0);
  CHECK(r.out.rfind("{\"job\": ", 0) == 0);
  CHECK(count(r.out, "\"decision\": ") == 2);
  CHECK(r.out.find("scheduler=conservative") != std::string::npos);
  auto same = cli({"diff", "size=8x8&jobs=30", "size=8x8&jobs=30"});
  CHECK(same.out == "{\"identical\": true, \"jobs\": 30}\n");
}
