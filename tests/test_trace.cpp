// test_trace.cpp — CSV and SWF trace readers, the processor-count → shape rule, trace runs.
#include <doctest/doctest.h>
#include "simulation.hpp"
#include "sweep/sweep_runner.hpp"

using namespace alloclab;

TEST_CASE("most-square shape") {
  CHECK(most_square_shape(12, 16, 16) == Shape{4, 3});
  CHECK(most_square_shape(16, 16, 16) == Shape{4, 4});
  CHECK(most_square_shape(7, 16, 16) == Shape{7, 1});
  CHECK(most_square_shape(17, 16, 16) == Shape{0, 0});  // prime larger than a side
  CHECK(most_square_shape(32, 4, 16) == Shape{4, 8});   // tall machine: longer side vertical
}

TEST_CASE("CSV trace: header in any order, optional estimate, skips and errors") {
  auto t = parse_trace_csv("runtime,height,width,arrival\n5,2,3,10\n4,1,1,0\n7,99,1,3\n", "t.csv", 16, 16);
  REQUIRE(t);
  CHECK(t->records == 3);
  CHECK(t->skipped == 1);  // 1x99 does not fit
  REQUIRE(t->jobs.size() == 2);
  CHECK(t->jobs[0].arrival == 0);  // sorted by arrival
  CHECK(t->jobs[1].shape == Shape{3, 2});
  CHECK(t->jobs[1].arrival == 10);
  CHECK(t->jobs[1].estimate == 5);
  auto bad = parse_trace_csv("arrival,width,height,runtime\n1,2,x,4\n", "b.csv", 16, 16);
  REQUIRE_FALSE(bad);
  CHECK(bad.error().message.find("b.csv line 2") != std::string::npos);
  auto nohdr = parse_trace_csv("arrival,width,runtime\n", "h.csv", 16, 16);
  REQUIRE_FALSE(nohdr);
  CHECK(nohdr.error().message.find("height") != std::string::npos);
}

TEST_CASE("SWF trace: fields, skipped records, reshaping") {
  const char* swf =
      "; MaxProcs: 256\n"
      ";  comment\n"
      "1 100 0 50 12 -1 -1 12 60 -1 1 1 1 1 1 -1 -1 -1\n"
      "2 110 0 -1 4 -1 -1 4 60 -1 0 1 1 1 1 -1 -1 -1\n"      // run time -1: skipped
      "3 120 0 30 4 -1 -1 4 60 -1 5 1 1 1 1 -1 -1 -1\n"      // cancelled: skipped
      "4 130 0 30 17 -1 -1 17 -1 -1 1 1 1 1 1 -1 -1 -1\n"    // 17 procs: reshaped to 18 = 6x3
      "5 140 0 30 -1 -1 -1 8 40 -1 1 1 1 1 1 -1 -1 -1\n";    // allocated missing: requested 8
  auto t = parse_trace_swf(swf, "x.swf", 16, 16);
  REQUIRE_MESSAGE(t, (t ? "" : t.error().message));
  CHECK(t->records == 5);
  CHECK(t->skipped == 2);
  CHECK(t->reshaped == 1);
  REQUIRE(t->jobs.size() == 3);
  CHECK(t->jobs[0].arrival == 0);
  CHECK(t->jobs[0].shape == Shape{4, 3});
  CHECK(t->jobs[0].estimate == 60);
  CHECK(t->jobs[1].shape == Shape{6, 3});
  CHECK(t->jobs[1].estimate == 30);  // no requested time: the run time
  CHECK(t->jobs[2].shape == Shape{4, 2});
  auto bad = parse_trace_swf("1 2 3\n", "y.swf", 16, 16);
  REQUIRE_FALSE(bad);
  CHECK(bad.error().message.find("y.swf line 1") != std::string::npos);
}

TEST_CASE("a trace drives the simulation") {
  Scenario s;
  REQUIRE(apply(s, "trace", "t.csv").ok());
  auto t = parse_trace_csv("arrival,width,height,runtime\n0,16,16,10\n1,16,16,10\n2,1,1,1\n", "t.csv", 16, 16);
  REQUIRE(t);
  s.trace_data = std::make_shared<const Trace>(*t);
  auto rep = run_scenario(s);
  REQUIRE_MESSAGE(rep, (rep ? "" : rep.error().message));
  CHECK(rep->mean.jobs_completed == 3);
  CHECK(rep->mean.makespan == 21);  // FCFS: the 1x1 waits behind the second full-machine job
  CHECK(rep->trace_jobs == 3);
}

TEST_CASE("CSV times are taken as written; SWF submit times count from the first record") {
  // CSV: the first job arrives at 100 and starts then; --jobs-csv times line up with the file.
  auto c = parse_trace_csv("arrival,width,height,runtime\n150,2,2,5\n100,16,16,10\n", "t.csv", 16, 16);
  REQUIRE(c);
  REQUIRE(c->jobs.size() == 2);
  CHECK(c->jobs[0].arrival == 100);  // sorted, not shifted
  CHECK(c->jobs[1].arrival == 150);
  Scenario s;
  REQUIRE(apply(s, "trace", "t.csv").ok());
  s.trace_data = std::make_shared<const Trace>(*c);
  auto sim = Simulation::create(s, 0);
  REQUIRE(sim);
  sim->record_jobs(true);
  REQUIRE(sim->run().ok());
  REQUIRE(sim->recorded().size() == 2);
  CHECK(sim->recorded()[0].start == 100);
  CHECK(sim->recorded()[0].end == 110);
  CHECK(sim->recorded()[1].arrival == 150);
  CHECK(sim->results().makespan == 155);
  // SWF: submit times 1000 and 1300 become 0 and 300 (the Archive's logs start at arbitrary epochs).
  auto w = parse_trace_swf("1 1000 0 50 4 -1 -1 4 60 -1 1 1 1 1 1 -1 -1 -1\n2 1300 0 50 4 -1 -1 4 60 -1 1 1 1 1 1 -1 -1 -1\n", "x.swf", 16, 16);
  REQUIRE(w);
  REQUIRE(w->jobs.size() == 2);
  CHECK(w->jobs[0].arrival == 0);
  CHECK(w->jobs[1].arrival == 300);
}
