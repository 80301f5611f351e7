// test_holdings.cpp — occupancy against job table (alloc/holdings.hpp) on hand-made states:
// agreement, a node the table gives a job that the occupancy does not, a busy node no running
// job holds.
#include <doctest/doctest.h>
#include "alloc/holdings.hpp"

using namespace alloclab;

TEST_CASE("holdings: occupancy and job table agree, and each kind of disagreement is seen") {
  const Topology mesh(TopologyKind::Mesh, 4, 4);
  Occupancy occ(mesh);
  std::map<JobId, JobRecord> running{
      {1, JobRecord{.id = 1, .shape = Shape{2, 2}, .alloc = Allocation{{Block{0, 0, 2, 2}}}}},
      {2, JobRecord{.id = 2, .shape = Shape{2, 1}, .alloc = Allocation{{Block{2, 0, 2, 1}}}}}};
  occ.assign(running[1].alloc, 1);
  occ.assign(running[2].alloc, 2);
  CHECK(holdings_match(occ, running));
  audit_holdings(occ, running, 6, 0);  // would abort on a violation
  running[2].alloc = Allocation{{Block{2, 1, 2, 1}}};  // the table says row 1, the occupancy row 0
  CHECK_FALSE(holdings_match(occ, running));
  running.erase(2);  // job 2's nodes are busy but nobody holds them
  CHECK_FALSE(holdings_match(occ, running));
  occ.release(Allocation{{Block{2, 0, 2, 1}}}, 2);
  CHECK(holdings_match(occ, running));
  CHECK(holdings_match(Occupancy(mesh), {}));
}
