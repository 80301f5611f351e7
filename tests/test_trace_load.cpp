// test_trace_load.cpp — load_trace_text, the one trace loader of the CLI and the page: every
// trace key applied; errors leave the scenario alone; the page re-derives its trace from the
// text it keeps when a key changes (time_scale, swf_shape) and for a link naming that trace.
#include <doctest/doctest.h>
#include <cstdio>
#include <fstream>
#include "app_state.hpp"
#include "cli_harness.hpp"
#include "run_json.hpp"
#include "scenario/trace_load.hpp"
#include "sweep/sweep_runner.hpp"

using namespace alloclab;

namespace {
const char* kSwf =
    "; MaxProcs: 32\n"
    "1 0 0 100 8 -1 -1 8 200 -1 1 1 1 1 1 1 -1 -1\n"
    "2 10 0 50 4 -1 -1 4 100 -1 1 1 1 1 1 1 -1 -1\n"
    "3 30 0 70 6 -1 -1 6 100 -1 1 1 1 1 1 1 -1 -1\n"
    "4 40 0 20 2 -1 -1 2 100 -1 1 1 1 1 1 1 -1 -1\n";
const char* kCsv = "arrival,width,height,runtime\n0,2,2,10\n10,3,1,20\n30,1,4,5\n";
}  // namespace

TEST_CASE("load_trace_text: time_scale, swf_shape and swf_size applied; errors change nothing") {
  Scenario s;
  s.width = s.height = 16;
  REQUIRE(load_trace_text(s, "log.swf", kSwf).ok());
  CHECK(s.trace == "log.swf");
  REQUIRE(s.trace_data);
  REQUIRE(s.trace_data->jobs.size() == 4);
  CHECK(s.trace_data->jobs[2].arrival == 30);
  CHECK(s.trace_data->jobs[0].shape.h > 1);  // square: 8 processors as a most-square shape
  s.time_scale = 0.5;
  s.swf_shape = SwfShape::Row;
  REQUIRE(load_trace_text(s, "log.swf", kSwf).ok());
  CHECK(s.trace_data->jobs[2].arrival == 15);
  CHECK(s.trace_data->jobs[2].runtime == 35);
  for (const TraceJob& j : s.trace_data->jobs) CHECK(j.shape.h == 1);
  Scenario h;
  h.swf_size_header = true;
  REQUIRE(load_trace_text(h, "log.swf", kSwf).ok());
  CHECK(h.width * h.height == 32);
  Scenario bad = s;
  const auto before = bad.trace_data;
  CHECK_FALSE(load_trace_text(bad, "bad.csv", "arrival,width\n1,2\n").ok());
  CHECK(bad.trace == "log.swf");
  CHECK(bad.trace_data == before);
}

TEST_CASE("load_trace_text: the CLI's trace run is the engine loader's") {
  const std::string path = "alloclab_test_trace_load.csv";
  std::ofstream(path) << kCsv;
  const test::CliOut r = test::cli({"run", "size=8x8", "trace=" + path, "time_scale=0.5", "jobs=3"});
  std::remove(path.c_str());
  REQUIRE(r.code == 0);
  Scenario s;
  s.width = s.height = 8;
  s.jobs = 3;
  s.time_scale = 0.5;
  REQUIRE(load_trace_text(s, path, kCsv).ok());
  auto rep = run_scenario(s);
  REQUIRE(rep.ok());
  const std::string mine = run_json(s, *rep, RunTiming{});
  CHECK(r.out.substr(0, r.out.find("\"timing\"")) == mine.substr(0, mine.find("\"timing\"")));
}

TEST_CASE("page: a key changed after loading a trace re-derives it from the kept text") {
  app::AppState state;
  REQUIRE(state.load_link("size=16x16").ok());
  REQUIRE(state.load_trace("jobs.csv", kCsv).ok());
  REQUIRE(state.scenario().trace_data);
  CHECK(state.scenario().trace_data->jobs.back().arrival == 30);
  // time_scale: the arrivals follow the link (they kept the old times before)
  REQUIRE(state.set_param("time_scale", "0.5").ok());
  CHECK(state.scenario().trace_data->jobs.back().arrival == 15);
  CHECK(state.sim().scenario().trace_data->jobs.back().arrival == 15);
  CHECK(state.link().find("time_scale=0.5") != std::string::npos);
  // the machine's size too (a job taller than the machine is skipped)
  REQUIRE(state.set_param("size", "3x3").ok());
  CHECK(state.scenario().trace_data->jobs.size() == 2);
  REQUIRE(state.set_param("size", "16x16").ok());
  // swf_shape on an SWF log (failed with "trace ... was not loaded" before)
  REQUIRE(state.load_trace("log.swf", kSwf).ok());
  const Status st = state.set_param("swf_shape", "row");
  CHECK_MESSAGE(st.ok(), st.message());
  REQUIRE(state.scenario().trace_data);
  for (const TraceJob& j : state.scenario().trace_data->jobs) CHECK(j.shape.h == 1);
  CHECK(state.error().empty());
  // a link naming the trace the page holds runs it (no request for the file)
  const std::string link = state.link();
  REQUIRE(state.load_link("size=16x16&time_scale=2&trace=log.swf").ok());
  CHECK_FALSE(state.pending_trace());
  REQUIRE(state.scenario().trace_data);
  CHECK(state.scenario().trace_data->jobs[2].arrival == 60);
  // another trace name still asks for its file
  REQUIRE(state.load_link("size=16x16&trace=other.csv").ok());
  CHECK(state.pending_trace());
  CHECK_FALSE(state.scenario().trace_data);
  CHECK(!link.empty());
}
