// test_bench_blind.cpp — `alloclab bench blind`: under each strategy's own churn, a strategy
// that promises to find a block whenever one is free (its Finds column) never fails while one is
// there, and one that promises nothing (the Quad-tree) does; bad arguments are refused by name.
#include <doctest/doctest.h>
#include <sstream>
#include <string>
#include "cli_harness.hpp"

using namespace alloclab::test;

namespace {
struct Row {
  std::string strategy, finds;
  long long decisions = 0, failures = 0, blind_requested = 0, blind_either = 0;
};
std::vector<Row> rows(const std::string& csv) {
  std::vector<Row> out;
  std::istringstream in(csv);
  std::string line;
  std::getline(in, line);  // header
  while (std::getline(in, line)) {
    std::istringstream f(line);
    Row r;
    std::string topo, cell;
    std::getline(f, r.strategy, ',');
    std::getline(f, topo, ',');
    std::getline(f, r.finds, ',');
    for (long long* v : {&r.decisions, &r.failures, &r.blind_requested, &r.blind_either}) {
      std::getline(f, cell, ',');
      *v = std::stoll(cell);
    }
    out.push_back(r);
  }
  return out;
}
}  // namespace

TEST_CASE("bench blind: recognition-complete strategies have no blind failures, the Quad-tree has some") {
  const CliOut o = cli({"bench", "blind", "csv", "decisions=3000", "size=24x24", "strategy=ff,as,bl,qtree"});
  REQUIRE(o.code == 0);
  CHECK(o.err.empty());
  const auto rs = rows(o.out);
  REQUIRE(rs.size() == 4);
  for (const Row& r : rs) {
    CAPTURE(r.strategy);
    CHECK(r.decisions == 3000);
    CHECK(r.failures > 100);  // the churn does reach full machines
    CHECK(r.blind_requested <= r.blind_either);
    if (r.finds == "requested") CHECK(r.blind_requested == 0);
    if (r.finds == "either") CHECK(r.blind_either == 0);
  }
  CHECK(rs[0].strategy == "ff");
  CHECK(rs[0].blind_either > 0);  // FF looks at the requested orientation only
  CHECK(rs[3].strategy == "qtree");
  CHECK(rs[3].blind_requested > 0);
}

TEST_CASE("bench blind: bad arguments are refused naming what is allowed") {
  const CliOut a = cli({"bench", "blind", "strategy=mbs"});
  CHECK(a.code == 2);
  CHECK(a.err.find("'mbs' is not a contiguous 2D strategy") != std::string::npos);
  const CliOut b = cli({"bench", "blind", "occupancy=2"});
  CHECK(b.code == 2);
  CHECK(b.err.find("occupancy=F (0.1..0.95)") != std::string::npos);
  const CliOut c = cli({"bench", "blind", "size=8x"});
  CHECK(c.code == 2);
}
