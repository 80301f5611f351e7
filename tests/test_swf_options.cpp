// test_swf_options.cpp — SWF replay keys: swf_shape (square / asff / row), time_scale,
// swf_size=header, and the skipped-record summary, on small SWF files written here.
#include <doctest/doctest.h>
#include <cstdio>
#include <fstream>
#include <sstream>
#include "cli_harness.hpp"
#include "simulation.hpp"

using namespace alloclab;

namespace {
// 18 fields: id submit wait run procs cpu mem reqprocs reqtime reqmem status uid gid exe queue part prev think
const char* kSwf =
    "; Version: 2.2\n"
    "; MaxNodes: 64\n"
    "; MaxProcs: 128\n"
    "1 100 0 50 12 -1 -1 12 60 -1 1 1 1 1 1 1 -1 -1\n"
    "2 110 0 20 7 -1 -1 7 -1 -1 1 1 1 1 1 1 -1 -1\n"
    "3 120 0 30 4 -1 -1 4 40 -1 5 1 1 1 1 1 -1 -1\n"      // cancelled
    "4 130 0 0 4 -1 -1 4 40 -1 1 1 1 1 1 1 -1 -1\n"       // run time 0
    "5 140 0 10 999 -1 -1 999 40 -1 1 1 1 1 1 1 -1 -1\n"  // too large for 16x16
    "6 150 0 10 20 -1 -1 20 40 -1 1 1 1 1 1 1 -1 -1\n";

using Out = test::CliOut;
using test::cli;
}  // namespace

TEST_CASE("swf_shape: square, row, asff shapes") {
  auto sq = parse_trace_swf(kSwf, "t.swf", 16, 16);
  REQUIRE(sq);
  REQUIRE(sq->jobs.size() == 3);
  CHECK(sq->jobs[0].shape == Shape{4, 3});
  CHECK(sq->jobs[1].shape == Shape{7, 1});
  CHECK(sq->jobs[2].shape == Shape{5, 4});
  CHECK(sq->skipped == 3);
  CHECK(sq->skipped_cancelled == 1);
  CHECK(sq->skipped_invalid == 1);
  CHECK(sq->skipped_too_large == 1);
  CHECK(sq->skipped_cancelled + sq->skipped_invalid + sq->skipped_too_large == sq->skipped);

  auto row = parse_trace_swf(kSwf, "t.swf", 16, 16, TraceOptions{SwfShape::Row, 1});
  REQUIRE(row);
  CHECK(row->jobs[0].shape == Shape{12, 1});
  CHECK(row->jobs[1].shape == Shape{7, 1});
  CHECK(row->jobs[2].shape == Shape{5, 4});  // 20 > width 16: most-square

  auto as = parse_trace_swf(kSwf, "t.swf", 16, 16, TraceOptions{SwfShape::Asff, 1});
  REQUIRE(as);
  for (std::size_t i = 0; i < sq->jobs.size(); ++i) CHECK(as->jobs[i].shape == sq->jobs[i].shape);
}

TEST_CASE("time_scale multiplies arrival, run and requested times") {
  auto t = parse_trace_swf(kSwf, "t.swf", 16, 16, TraceOptions{SwfShape::Square, 0.5});
  REQUIRE(t);
  CHECK(t->jobs[0].arrival == 0);
  CHECK(t->jobs[1].arrival == 5);     // (110 - 100) / 2
  CHECK(t->jobs[1].runtime == 10);
  CHECK(t->jobs[0].estimate == 30);
  CHECK(t->jobs[1].estimate == 10);   // no requested time: the run time
  auto c = parse_trace_csv("arrival,width,height,runtime\n2,1,1,4\n5,1,1,1\n", "t.csv", 4, 4, TraceOptions{SwfShape::Square, 3});
  REQUIRE(c);
  CHECK(c->jobs[0].arrival == 6);   // 2 * 3: CSV times as written, scaled
  CHECK(c->jobs[1].arrival == 15);  // 5 * 3
  CHECK(c->jobs[0].runtime == 12);
}

TEST_CASE("swf_size=header: MaxProcs (else MaxNodes) as the most-square machine") {
  auto m = swf_header_machine(kSwf, "t.swf");
  REQUIRE(m);
  CHECK(*m == Shape{16, 8});
  auto n = swf_header_machine("; MaxNodes: 36\n1 0 0 5 4 -1 -1 4 10 -1 1 1 1 1 1 1 -1 -1\n; MaxProcs: 99\n", "n.swf");
  REQUIRE(n);
  CHECK(*n == Shape{6, 6});  // header lines after the first record are not header
  CHECK_FALSE(swf_header_machine("; Version: 2\n", "x.swf"));
  CHECK_FALSE(swf_header_machine("; MaxProcs: 2053\n", "p.swf"));  // prime > 1024
}

TEST_CASE("SWF keys through the CLI: header size, skipped summary, asff validation") {
  const std::string path = "test_swf_options_tmp.swf";
  { std::ofstream f(path); f << kSwf; }
  Out r = cli({"run", "trace=" + path, "swf_size=header", "time_scale=2"});
  REQUIRE(r.code == 0);
  CHECK(r.out.find("size=16x8") != std::string::npos);
  CHECK(r.out.find("time_scale=2") != std::string::npos);
  CHECK(r.out.find("\"trace_records\": 6") != std::string::npos);
  CHECK(r.out.find("\"trace_skipped\": 3") != std::string::npos);
  CHECK(r.out.find("\"trace_skipped_cancelled\": 1") != std::string::npos);
  CHECK(r.out.find("\"trace_skipped_invalid\": 1") != std::string::npos);
  CHECK(r.out.find("\"trace_skipped_too_large\": 1") != std::string::npos);
  Out bad = cli({"run", "trace=" + path, "swf_shape=asff", "strategy=ff"});
  CHECK(bad.code == 2);
  CHECK(bad.out.empty());
  CHECK(bad.err.find("swf_shape") != std::string::npos);
  CHECK(cli({"run", "trace=" + path, "swf_shape=asff", "strategy=asff"}).code == 0);
  CHECK(cli({"run", "trace=" + path, "swf_shape=asff", "strategy=pald-ff"}).code == 0);
  Out row = cli({"run", "trace=" + path, "swf_shape=row"});
  CHECK(row.code == 0);
  CHECK(cli({"run", "trace=" + path, "time_scale=0"}).code == 2);
  // the same bytes every run
  CHECK(cli({"run", "trace=" + path, "swf_shape=row", "time_scale=0.5"}).out.substr(0, 200) ==
        cli({"run", "trace=" + path, "swf_shape=row", "time_scale=0.5"}).out.substr(0, 200));
  std::remove(path.c_str());
}
