// test_sweep.cpp — sweeps: value lists, point order, CSV shape, and shard + merge == single run.
#include <doctest/doctest.h>
#include <cstdio>
#include <fstream>
#include <sstream>
#include "cli_harness.hpp"

using namespace alloclab;

namespace {
using Out = test::CliOut;
using test::cli;
std::vector<std::string> lines(const std::string& s) {
  std::vector<std::string> v;
  std::istringstream in(s);
  for (std::string l; std::getline(in, l);) v.push_back(l);
  return v;
}
// The sweep `args` run as n shards (--shard i/n), each required to succeed, seen by `check` and
// written to the file PREFIX_i.csv; returns the file names in shard order.
template <class Check>
std::vector<std::string> shard_files(const std::vector<std::string>& args, int n, const std::string& prefix, Check&& check) {
  std::vector<std::string> files;
  for (int i = 0; i < n; ++i) {
    auto a = args;
    a.push_back("--shard");
    a.push_back(std::to_string(i) + "/" + std::to_string(n));
    Out part = cli(a);
    REQUIRE_MESSAGE(part.code == 0, part.err);
    check(part.out);
    files.push_back(prefix + "_" + std::to_string(i) + ".csv");
    std::ofstream(files.back()) << part.out;
  }
  return files;
}
}  // namespace

TEST_CASE("sweep: cartesian product, first key outermost, CSV with means and CIs") {
  Out r = cli({"sweep", "strategy=ff,random", "arrival=poisson:0.01,0.02,0.04", "size=8x8", "jobs=200", "replications=2"});
  REQUIRE(r.code == 0);
  auto l = lines(r.out);
  REQUIRE(l.size() == 7);
  CHECK(l[0].rfind("point,strategy,arrival,replications,jobs_completed_mean,jobs_completed_ci95,utilization_mean", 0) == 0);
  CHECK(l[1].rfind("0,ff,poisson:0.01,2,200,0,", 0) == 0);
  CHECK(l[3].rfind("2,ff,poisson:0.04,2,", 0) == 0);
  CHECK(l[4].rfind("3,random,poisson:0.01,2,", 0) == 0);
  CHECK(r.err.find("ETA") != std::string::npos);
}

TEST_CASE("sweep: values with commas stay whole; ';' separates such values") {
  Out one = cli({"sweep", "job_size=normal:4,2", "size=8x8", "jobs=50"});
  REQUIRE(one.code == 0);
  CHECK(lines(one.out).size() == 2);
  Out two = cli({"sweep", "job_size=normal:4,2;normal:3,1", "size=8x8", "jobs=50"});
  REQUIRE(two.code == 0);
  auto l = lines(two.out);
  REQUIRE(l.size() == 3);
  CHECK(l[1].find("\"normal:4,2\"") != std::string::npos);
}

TEST_CASE("sweep: shards merged give byte-identical output to a single run") {
  const std::vector<std::string> args = {"sweep", "strategy=ff,bf,as", "arrival=poisson:0.01,0.03", "size=8x8", "jobs=150", "replications=2"};
  Out whole = cli(args);
  REQUIRE(whole.code == 0);
  const auto files = shard_files(args, 4, "alloclab_test_shard", [](const std::string&) {});
  std::vector<std::string> m = {"merge", files[3], files[1], files[0], files[2]};
  Out merged = cli(m);
  CHECK(merged.code == 0);
  CHECK(merged.out == whole.out);
  Out missing = cli({"merge", files[0], files[1]});
  CHECK(missing.code == 2);
  for (const auto& f : files) std::remove(f.c_str());
}

TEST_CASE("sweep: shards by (point, replication) merge into the single-run bytes; a missing shard is an error") {
  const std::vector<std::string> args = {"sweep", "strategy=ff,mbs", "arrival=poisson:0.01,0.03", "size=8x8", "jobs=120", "replications=5"};
  Out whole = cli(args);
  REQUIRE(whole.code == 0);
  for (int n : {2, 3, 7, 25}) {  // fewer and more shards than replications, and more than units
    // a shard holds replications, not whole points, as soon as points are split
    const auto files = shard_files(args, n, "alloclab_test_rshard", [](const std::string& out) {
      CHECK(out.rfind("# alloclab sweep shard of replications", 0) == 0);
    });
    std::vector<std::string> m = {"merge"};
    for (int i = n; i-- > 0;) m.push_back(files[std::size_t(i)]);
    Out merged = cli(m);
    CHECK_MESSAGE(merged.code == 0, merged.err);
    CHECK_MESSAGE(merged.out == whole.out, n);
    m.pop_back();  // shard 0 left out: some point lacks replications
    Out missing = cli(m);
    CHECK(missing.code == 2);
    CHECK(missing.err.find("a shard file not given?") != std::string::npos);
    for (const auto& f : files) std::remove(f.c_str());
  }
  // rel_error sweeps shard whole points (plain rows), and merge still gives the single run
  const std::vector<std::string> rel = {"sweep", "size=8x8", "jobs=150", "rel_error=0.5", "arrival=poisson:0.01,0.02"};
  Out rwhole = cli(rel);
  REQUIRE(rwhole.code == 0);
  const auto rfiles = shard_files(rel, 2, "alloclab_test_eshard", [](const std::string& out) {
    CHECK(out.rfind("point,", 0) == 0);
  });
  Out rmerged = cli({"merge", rfiles[0], rfiles[1]});
  CHECK(rmerged.out == rwhole.out);
  for (const auto& f : rfiles) std::remove(f.c_str());
}

TEST_CASE("sweep: rel_error stops replications early; bad input exits 2") {
  Out r = cli({"sweep", "size=8x8", "jobs=300", "rel_error=0.5", "arrival=poisson:0.01"});
  REQUIRE(r.code == 0);
  auto l = lines(r.out);
  REQUIRE(l.size() == 2);
  CHECK(l[1].rfind("0,5,", 0) == 0);  // 5 replications reach a 50% relative half-width here (< 50 maximum)
  CHECK(cli({"sweep", "strategy=ff,nope"}).code == 2);
  CHECK(cli({"sweep", "rel_error=2"}).code == 2);
  CHECK(cli({"sweep", "--shard", "3/3"}).code == 2);
}
