// test_real_logs.cpp — the two real logs shipped in assets/traces/ (SDSC Paragon 1996, LLNL
// T3D 1996), read as the CLI reads them (gzip inflated natively by zlib, in wasm by Node's
// zlib): record and job counts, first and last records, the Paragon's real mesh, the T3D's
// torus of 2-processor nodes (and the log refused on a 2D machine unless swf_3d=mesh2d); malformed, truncated and mislabelled gzip
// input fails with one error naming the file and runs nothing; and the fast number reader
// gives the doubles strtod gives.
#include <doctest/doctest.h>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include "cli/cli.hpp"
#include "cli/gzip.hpp"
#include "cli_harness.hpp"
#include "scenario/trace_load.hpp"
#include "workload/log_machines.hpp"
#include "workload/trace.hpp"

using namespace alloclab;

namespace {

const std::string kParagon = "assets/traces/SDSC-Par-1996-3.1-cln.swf.gz";
const std::string kT3d = "assets/traces/LLNL-T3D-1996-converted.swf.gz";

Scenario loaded(const std::string& path, const std::string& keys) {
  auto s = parse_link(keys);
  REQUIRE(s);
  auto text = read_trace_file(path);
  REQUIRE_MESSAGE(text, (text ? "" : text.error().message));
  Status st = load_trace_text(*s, path, *text);
  REQUIRE_MESSAGE(st, st.message());
  return *s;
}

// A log's counts: `records` data records read, `skipped` of them skipped, every one for a run
// time of 0 (invalid).
void check_counts(const Trace& t, long long records, long long skipped) {
  CHECK(t.records == records);
  CHECK(t.skipped == skipped);
  CHECK(t.skipped_invalid == skipped);
}

// A record read from a log: its arrival, shape (nodes) and run time.
void check_job(const TraceJob& j, double arrival, Shape shape, double runtime) {
  CHECK(j.arrival == arrival);
  CHECK(j.shape == shape);
  CHECK(j.runtime == runtime);
}

// The log machine recognised by the log's opening lines `header`: row `id`, `records` jobs.
void check_log_machine(const char* header, std::string_view id, long long records) {
  const LogMachine* m = find_log_machine(header);
  REQUIRE(m != nullptr);
  CHECK(m->id == id);
  CHECK(m->jobs == records);
}

std::string write_temp(const std::string& name, const std::string& bytes) {
  const std::string path = std::string("/tmp/alloclab-test-") + name;
  std::ofstream(path, std::ios::binary) << bytes;
  return path;
}

}  // namespace

TEST_CASE("real logs: the SDSC Paragon log replays on its 26x16 mesh with swf_size=header") {
  const Scenario s = loaded(kParagon, "swf_size=header");
  CHECK(s.width == 26);
  CHECK(s.height == 16);
  const Trace& t = *s.trace_data;
  check_counts(t, 32135, 7);
  REQUIRE(t.jobs.size() == 32128);
  // first record: "1 0 392395 19025 64 ..." (no requested time: the estimate is the run time)
  check_job(t.jobs.front(), 0, Shape{8, 8}, 19025);
  CHECK(t.jobs.front().estimate == 19025);
  check_job(t.jobs.back(), 32014059, Shape{4, 4}, 583);  // last record: "38719 32014059 -1 583 16 ..."
  // the largest jobs (320 nodes) fit the real mesh as 20x16
  int largest = 0;
  for (const TraceJob& j : t.jobs) largest = std::max(largest, j.shape.area());
  CHECK(largest == 320);
  check_log_machine("; Computer: Intel Paragon\n; Installation: San Diego Supercomputer Center (SDSC)\n1 0", "sdsc-paragon-1996",
                    t.records);
  // without swf_size=header the size key rules (jobs over 16x16 = 256 nodes are skipped)
  const Scenario g = loaded(kParagon, "size=16x16");
  CHECK(g.trace_data->skipped_too_large == 3);  // the three 320-node jobs
}

TEST_CASE("real logs: the LLNL T3D log replays on its 8x4x4 torus of 2-processor nodes with swf_size=header") {
  const Scenario s = loaded(kT3d, "swf_size=header");
  CHECK(s.topology == TopologyKind::Torus);
  CHECK(s.width == 8);
  CHECK(s.height == 4);
  CHECK(s.depth == 4);
  const Trace& t = *s.trace_data;
  check_counts(t, 21323, 432);
  CHECK(t.reshaped == 0);   // every count is a power of two: an exact box of nodes
  REQUIRE(t.jobs.size() == 21323 - 432);
  check_job(t.jobs.front(), 0, Shape{4, 4, 4}, 13303);  // "1 0 -1 13303 128 ...": 128 processors = 64 nodes
  check_job(t.jobs.back(), 10018335, Shape{2, 1, 1}, 2);  // "21323 10018335 -1 2 4 ...": 4 processors = 2 nodes
  int largest = 0, smallest = 1 << 20;
  for (const TraceJob& j : t.jobs) {
    largest = std::max(largest, j.shape.area());
    smallest = std::min(smallest, j.shape.area());
  }
  CHECK(largest == 128);  // 256 processors: the whole torus
  CHECK(smallest == 1);   // 2 processors: one node
  check_log_machine("; LLNL Cray T3D, 1996\n; MaxProcs: 256\n1 0", "llnl-t3d-1996", t.records);
  // topology= given is kept (the T3D's sides as a mesh)
  CHECK(loaded(kT3d, "topology=mesh&swf_size=header").topology == TopologyKind::Mesh);
  // swf_shape=pow2 gives the same boxes (every count is already a power of two)
  const Scenario p = loaded(kT3d, "swf_size=header&swf_shape=pow2");
  CHECK(p.trace_data->jobs.front().shape == Shape{4, 4, 4});
  CHECK(p.trace_data->reshaped == 0);
  // a whole replay completes through the CLI with a 3D strategy, every usable record a job
  auto r = test::cli({"run", "trace=" + kT3d, "swf_size=header", "strategy=ff3d"});
  REQUIRE_MESSAGE(r.code == 0, r.err);
  CHECK(r.out.find("\"scenario\": \"topology=torus&size=8x4x4&strategy=ff3d&") != std::string::npos);
  CHECK(r.out.find("\"jobs_completed\": 20891,") != std::string::npos);
  CHECK(r.out.find("\"completion_ratio\": 1,") != std::string::npos);
  // a 2D-only strategy is refused on it by name
  auto f = test::cli({"run", "trace=" + kT3d, "swf_size=header", "strategy=ff"});
  CHECK(f.code == 2);
  CHECK(f.out.empty());
}

TEST_CASE("real logs: the LLNL T3D log is refused on a 2D machine unless swf_3d=mesh2d; any 3D size replays it") {
  auto s = parse_link("size=16x16");
  REQUIRE(s);
  auto text = read_trace_file(kT3d);
  REQUIRE(text);
  const Scenario before = *s;
  Status st = load_trace_text(*s, kT3d, *text);
  REQUIRE_FALSE(st);
  CHECK(st.message() == "trace " + kT3d +
                            ": the log comes from the LLNL Cray T3D, a 3D torus, 8 x 4 x 4 = 128 nodes of 2 processors (256); it is "
                            "refused on the 2D 16x16 machine: swf_size=header replays it on its own torus, size=WxHxD on another "
                            "3D machine, swf_3d=mesh2d on the 2D machine anyway");
  CHECK(!s->trace_data);
  CHECK(s->width == before.width);
  const Scenario m = loaded(kT3d, "swf_size=header&swf_3d=mesh2d");
  CHECK(m.width == 16);  // MaxProcs 256, the most-square 2D machine
  CHECK(m.height == 16);
  CHECK(m.depth == 1);
  CHECK(m.topology == TopologyKind::Mesh);
  const Trace& t = *m.trace_data;
  CHECK(t.records == 21323);
  CHECK(t.skipped == 432);  // run time 0
  REQUIRE(t.jobs.size() == 21323 - 432);
  CHECK(t.jobs.front().shape == Shape{16, 8});
  CHECK(t.jobs.back().shape == Shape{2, 2});
  // a 3D size given: one processor a node, counts shaped in 3D
  const Scenario g = loaded(kT3d, "size=8x8x4&topology=torus");
  CHECK(g.depth == 4);
  CHECK(g.trace_data->jobs.front().shape == Shape{8, 4, 4});  // 128 processors
  CHECK(g.trace_data->skipped_too_large == 0);                // 256 = 8x8x4
  // the CLI refuses it on its default 2D machine: one line on stderr, nothing on stdout
  auto r = test::cli({"run", "trace=" + kT3d});
  CHECK(r.code == 2);
  CHECK(r.out.empty());
  CHECK(r.err.find("3D torus") != std::string::npos);
}

TEST_CASE("gzip traces: the .swf.gz replays exactly as the same log uncompressed") {
  auto text = read_trace_file(kParagon);
  REQUIRE(text);
  const std::string plain = write_temp("paragon.swf", *text);
  auto a = test::cli({"run", "trace=" + kParagon, "swf_size=header", "jobs=2000"});
  auto b = test::cli({"run", "trace=" + plain, "swf_size=header", "jobs=2000"});
  REQUIRE(a.code == 0);
  REQUIRE(b.code == 0);
  auto results = [](const std::string& o) { return o.substr(o.find("\"results\""), o.find("\"timing\"") - o.find("\"results\"")); };
  CHECK(results(a.out) == results(b.out));
  std::remove(plain.c_str());
}

TEST_CASE("gzip traces: corrupt, truncated and mislabelled input is one error naming the file, and nothing runs") {
  std::ifstream in(kParagon, std::ios::binary);
  const std::string gz((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  REQUIRE(gz.size() > 100000);
  REQUIRE(is_gzip(gz));
  struct Case { const char* name; std::string bytes; std::string message; };
  std::string corrupt = gz;
  for (std::size_t i = 1000; i < 1064; ++i) corrupt[i] = char(corrupt[i] ^ 0x5a);
  std::string bad_crc = gz;
  bad_crc[gz.size() - 6] = char(bad_crc[gz.size() - 6] ^ 1);  // the CRC-32 in the trailer
  const Case cases[] = {
      {"truncated.swf.gz", gz.substr(0, gz.size() / 2), ": truncated gzip data (the file ends inside the compressed stream)"},
      {"trailer-cut.swf.gz", gz.substr(0, gz.size() - 4), ": truncated gzip data (the file ends inside the compressed stream)"},
      {"corrupt.swf.gz", corrupt, ": corrupt gzip data (bad header, compressed data or checksum)"},
      {"crc.swf.gz", bad_crc, ": corrupt gzip data (bad header, compressed data or checksum)"},
      {"plain.swf.gz", "; MaxProcs: 4\n1 0 0 10 1 -1 -1 1 10 -1 1 1 1 1 1 -1 -1 -1\n",
       ": not gzip data (the name ends in .gz, but the file does not start with the gzip magic bytes 1f 8b)"},
  };
  for (const Case& c : cases) {
    CAPTURE(c.name);
    const std::string path = write_temp(c.name, c.bytes);
    auto r = test::cli({"run", "trace=" + path, "swf_size=header"});
    CHECK(r.code == 2);
    CHECK(r.out.empty());
    CHECK(r.err == "alloclab: trace " + path + c.message + "\n");
    std::remove(path.c_str());
  }
  auto small = gunzip(gz, "x", 1000);  // the output limit
  REQUIRE_FALSE(small);
  CHECK(small.error().message == "trace x: decompresses to more than 0 MiB (the trace limit)");
}

TEST_CASE("trace numbers: the fast reader gives strtod's doubles and refuses what parse_double refuses") {
  const char* fields[] = {"0", "-0", "0.1", "1.", ".5", "+7", "123456789012345.67", "9007199254740993", "9007199254740992",
                          "1e5", "2.5E-3", "0.000000000000000000000001", "99999999999999999999", "3.14159265358979323846",
                          "00012.50", "4.35"};
  for (const char* f : fields) {
    CAPTURE(f);
    const std::string csv = std::string("arrival,width,height,runtime,estimate\n") + f + ",1,1,1," + f + "\n";
    auto t = parse_trace_csv(csv, "n.csv", 4, 4);
    REQUIRE(t);
    const double want = std::strtod(f, nullptr);
    REQUIRE(t->jobs.size() == (want >= 0 ? 1u : 0u));
    if (want >= 0) {
      CHECK(t->jobs[0].arrival == want);
      CHECK(std::signbit(t->jobs[0].arrival) == std::signbit(want));
    }
  }
  // every SWF field must be a number, used or not (the same line errors as before)
  const std::string rec = "1 0 0 10 1 -1 -1 1 10 -1 1 1 1 1 1 -1 -1 ";
  const std::string long_field(65, '1');  // parse_double's 64-character limit
  for (const std::string& bad : {std::string("x"), std::string("1.2.3"), std::string("-"), std::string("."), std::string("1e"), long_field}) {
    CAPTURE(bad);
    auto t = parse_trace_swf(rec + bad + "\n", "b.swf", 4, 4);
    REQUIRE_FALSE(t);
    CHECK(t.error().message == "trace b.swf line 1: field 18 is not a number");
  }
}
