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

namespace {
// A synthetic log in the shape of the Archive's 2D-mesh machines (e.g. the SDSC Intel Paragon):
// a MaxProcs header, power-of-two and odd processor counts, a few primes larger than a side
// (reshaped), cancelled records and requests larger than the machine (skipped).
struct MeshLog {
  std::string text;
  long long records = 0, cancelled = 0, too_large = 0, kept = 0;
};
MeshLog mesh_log() {
  MeshLog m;
  m.text = "; Version: 2.2\n; Computer: synthetic 2D mesh\n; MaxNodes: 400\n; MaxProcs: 400\n";
  const int procs[] = {1, 2, 4, 8, 16, 32, 64, 23, 3, 5, 128, 400, 500};
  for (int i = 1; i <= 1200; ++i) {
    const int p = procs[i % 13], status = i % 50 == 0 ? 5 : 1;
    m.text += std::to_string(i) + " " + std::to_string(5000 + 37 * i) + " 0 " + std::to_string(10 + i * 53 % 900) + " " +
              std::to_string(p) + " -1 -1 " + std::to_string(p) + " 2000 -1 " + std::to_string(status) + " 1 1 1 1 1 -1 -1\n";
    ++m.records;
    if (status == 5) ++m.cancelled;
    else if (p > 400) ++m.too_large;
    else ++m.kept;
  }
  return m;
}
long long field(const std::string& out, const std::string& name) {
  const auto at = out.find("\"" + name + "\": ");
  REQUIRE_MESSAGE(at != std::string::npos, name);
  return std::stoll(out.substr(at + name.size() + 4));
}
}  // namespace

TEST_CASE("a trace without `jobs` is replayed whole; `jobs` caps it; warmup counts its first jobs") {
  const MeshLog log = mesh_log();
  const std::string path = "test_swf_mesh_tmp.swf";
  { std::ofstream f(path); f << log.text; }
  Out all = cli({"run", "trace=" + path, "swf_size=header"});
  REQUIRE(all.code == 0);
  CHECK(all.out.find("\"scenario\": \"size=20x20&trace=") != std::string::npos);  // no jobs key: the link stays minimal
  CHECK(all.out.find("jobs=") == std::string::npos);
  CHECK(field(all.out, "trace_records") == log.records);
  CHECK(field(all.out, "trace_skipped_cancelled") == log.cancelled);
  CHECK(field(all.out, "trace_skipped_too_large") == log.too_large);
  CHECK(field(all.out, "trace_jobs") == log.kept);
  CHECK(field(all.out, "trace_reshaped") > 0);  // 23 processors: prime > 20, rounded up to 24 = 6x4
  CHECK(log.kept > 1000);
  CHECK(field(all.out, "jobs_completed") == log.kept);  // every usable record, not 1000
  Out capped = cli({"run", "trace=" + path, "swf_size=header", "jobs=100"});
  REQUIRE(capped.code == 0);
  CHECK(field(capped.out, "jobs_completed") == 100);
  CHECK(capped.out.find("jobs=100") != std::string::npos);
  Out warm = cli({"run", "trace=" + path, "swf_size=header", "warmup=200"});
  REQUIRE(warm.code == 0);
  CHECK(field(warm.out, "jobs_completed") == log.kept - 200);
  Out warm_capped = cli({"run", "trace=" + path, "swf_size=header", "warmup=200", "jobs=300"});
  REQUIRE(warm_capped.code == 0);
  CHECK(field(warm_capped.out, "jobs_completed") == 300);
  Out row = cli({"run", "trace=" + path, "swf_size=header", "swf_shape=row", "strategy=mfa"});
  REQUIRE(row.code == 0);
  CHECK(field(row.out, "jobs_completed") == log.kept);
  CHECK(cli({"run", "trace=" + path, "swf_size=header", "warmup=5000"}).code == 2);  // warm-up longer than the trace
  // A synthetic workload without `jobs` still measures 1000 jobs.
  CHECK(field(cli({"run", "size=8x8"}).out, "jobs_completed") == 1000);
  std::remove(path.c_str());
}
