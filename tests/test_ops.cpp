// test_ops.cpp — counted operations per decision and release (Strategy::ops), the results
// that report them, and the allocator time they cost with alloc_cost.
#include <doctest/doctest.h>
#include <cmath>
#include <string>
#include "busy_states.hpp"

using namespace alloclab;
using namespace alloclab::test;

namespace {

// Operations one decision of `st` costs for request s.
Ops decision_ops(Strategy& st, const Occupancy& occ, Shape s, std::optional<Allocation>* out = nullptr) {
  const Ops o0 = st.ops();
  auto a = ask(st, occ, s);
  if (out) *out = a;
  return st.ops() - o0;
}

Results run(const std::string& link) {
  auto s = parse_link(link);
  REQUIRE_MESSAGE(s, link);
  auto r = run_replication(*s, 0);
  REQUIRE_MESSAGE(r, link);
  return *r;
}

}  // namespace

TEST_CASE("ops: ff on an 8x8 mesh, counted by hand") {
  // One 64-bit word per row (8 rows). A 2x2 query: copy the rows (8 words), one horizontal
  // shift-and-AND pass (8), one vertical pass over rows 0..6 (7): 23 words; then the words read
  // until the first free base.
  StrategyOn m("ff", Topology(TopologyKind::Mesh, 8, 8));
  std::optional<Allocation> a;
  CHECK(decision_ops(*m.st, m.occ, {2, 2}, &a) == 23 + 1);  // found in row 0, word 0
  REQUIRE(a);
  CHECK(a->blocks[0] == Block{0, 0, 2, 2});
  // rows 0..2 busy: the first base is in row 3, read as the 4th word
  m.busy(1, 0, 0, 7, 2);
  CHECK(decision_ops(*m.st, m.occ, {2, 2}, &a) == 23 + 4);
  CHECK(a->blocks[0] == Block{0, 3, 2, 2});
  // 1x1: only the copy (8), no pass; first free word is row 3's
  CHECK(decision_ops(*m.st, m.occ, {1, 1}) == 8 + 4);
  // 3x1: copy (8) + shifts 1 and 1 (3 = 2 + 1: two passes, 16) = 24, no vertical pass
  CHECK(decision_ops(*m.st, m.occ, {3, 1}) == 24 + 4);
  // a full machine: the horizontal pass leaves nothing and ends the query (8 + 8); the failed
  // scan reads all 8 words
  m.busy(2, 0, 3, 7, 7);
  CHECK(decision_ops(*m.st, m.occ, {2, 2}, &a) == 16 + 8);
  CHECK_FALSE(a);
  // FF keeps no state: a release costs nothing
  const Ops o0 = m.st->ops();
  m.st->released(2, Allocation{{Block{0, 3, 8, 5}}});
  CHECK(m.st->ops() == o0);
}

TEST_CASE("ops: qa (busy list) on an 8x8 mesh, counted by hand") {
  // One operation per busy-list entry read, per coverage moved by the sort (n·⌈log2(n+1)⌉ for
  // n coverages: 1 for one, 4 for two), two per row set up (last_covered and the row flag: a
  // 2x2 request on 8x8 has bases in rows 0..6, so 14), per coverage row applied to
  // last_covered, per row examined for the first gap; per orientation tried (a square request:
  // one).
  StrategyOn m("qa", Topology(TopologyKind::Mesh, 8, 8));
  std::optional<Allocation> a;
  CHECK(decision_ops(*m.st, m.occ, {2, 2}, &a) == 0 + 0 + 14 + 0 + 1);  // empty list; row 0 has room
  m.busy(1, 0, 0, 1, 1);                                      // 2x2 at the corner
  // 1 entry; sorted (1); set-up (14); its coverage rows 0..1 (2); row 0 has a gap after x = 1
  // (1 row examined)
  CHECK(decision_ops(*m.st, m.occ, {2, 2}, &a) == 1 + 1 + 14 + 2 + 1);
  REQUIRE(a);
  CHECK(a->blocks[0] == Block{2, 0, 2, 2});
  // A = bottom row (job 2), B = 3x2 at (0,1) (job 3): 2 entries, sorted (2 x 2 = 4), set-up
  // (14), coverage rows A: 0 (1), B: 0..2 (3); row 0 is covered up to x = 7 (no base), row 1
  // has one at x = 3 (2 rows examined)
  StrategyOn m2("qa", m.t);
  m2.busy(2, 0, 0, 7, 0);
  m2.busy(3, 0, 1, 2, 2);
  CHECK(decision_ops(*m2.st, m2.occ, {2, 2}, &a) == 2 + 4 + 14 + 4 + 2);
  REQUIRE(a);
  CHECK(a->blocks[0] == Block{3, 1, 2, 2});
  // releases: one operation per busy-list entry compared until the job's block is found
  Ops o0 = m2.st->ops();
  m2.st->released(3, Allocation{{Block{0, 1, 3, 2}}});  // second entry
  CHECK(m2.st->ops() - o0 == 2);
  o0 = m2.st->ops();
  m2.st->released(2, Allocation{{Block{0, 0, 8, 1}}});  // now the only entry
  CHECK(m2.st->ops() - o0 == 1);
}

TEST_CASE("ops: every strategy counts work for its decisions; results report it") {
  for (const StrategyInfo& si : strategies()) {
    const bool torus_only = strategy_unsupported(si, Topology(TopologyKind::Mesh, 16, 16)) != "";
    const std::string link = si.dims == Dims::CubePods  // its own machines only: a v4 pod at about 25% offered load
                                 ? std::string("machine=tpu-v4&jobs=150&arrival=poisson:0.5&service=exponential:40&strategy=") + std::string(si.id)
                                 : std::string("size=16x16&jobs=150&arrival=poisson:0.02&service=exponential:40&strategy=") +
                                       std::string(si.id) + (torus_only ? "&topology=torus" : "");
    const Results r = run(link);
    CHECK_MESSAGE(r.mean_allocation_ops > 0, si.id);
    CHECK_MESSAGE(r.max_allocation_ops >= r.mean_allocation_ops, si.id);
    CHECK_MESSAGE(r.max_allocation_ops == std::floor(r.max_allocation_ops), si.id);
    CHECK_MESSAGE(r.mean_release_ops >= 0, si.id);
  }
  // busy-list and tree strategies pay for their bookkeeping on release
  CHECK(run("size=16x16&jobs=150&arrival=poisson:0.02&service=exponential:40&strategy=qa").mean_release_ops > 0);
  CHECK(run("size=16x16&jobs=150&arrival=poisson:0.02&service=exponential:40&strategy=buddy").mean_release_ops > 0);
  CHECK(run("size=16x16&jobs=150&arrival=poisson:0.02&service=exponential:40&strategy=ff").mean_release_ops == 0);
}

TEST_CASE("ops: counts are deterministic and grow with the machine as the papers say") {
  const std::string base = "jobs=200&arrival=poisson:0.001&service=exponential:100&job_size=uniform:1-8&strategy=";
  const Results a = run("size=32x32&" + base + "ibmat"), b = run("size=32x32&" + base + "ibmat");
  CHECK(a.mean_allocation_ops == b.mean_allocation_ops);
  // IBMAT builds a W·H coverage array per orientation: 4x the nodes, about 4x the work
  const Results big = run("size=64x64&" + base + "ibmat");
  CHECK(big.mean_allocation_ops > 3 * a.mean_allocation_ops);
  // IRAT probes one base: p·q work, independent of the machine
  const Results i1 = run("size=32x32&" + base + "irat"), i2 = run("size=64x64&" + base + "irat");
  CHECK(i2.mean_allocation_ops < 1.5 * i1.mean_allocation_ops);
}

TEST_CASE("alloc_cost: 0 is the model without allocation time; bad values are refused") {
  const std::string link = "size=16x16&jobs=300&arrival=poisson:0.03&service=exponential:40&strategy=bf&scheduler=easy";
  auto s0 = parse_link(link);
  auto s1 = parse_link(link + "&alloc_cost=0");
  REQUIRE(s0);
  REQUIRE(s1);
  CHECK(canonical_link(*s1) == canonical_link(*s0));  // the default: not even in the link
  auto sim = Simulation::create(*s1, 0);
  REQUIRE(sim);
  sim->record_jobs(true);
  bool never_busy = true;
  while (sim->step()) never_busy = never_busy && sim->allocator_free_at() <= sim->now();
  CHECK(never_busy);  // no decision takes time: no job start is ever delayed
  for (const char* bad : {"-1", "nan", "x", "inf", "1e10"}) {
    Scenario s;
    const Status st = apply(s, "alloc_cost", bad);
    CHECK_FALSE(st);
    CHECK(st.message().find("alloc_cost") != std::string::npos);
    CHECK(st.message().find("0 < C <= 1e9") != std::string::npos);
  }
  // conservative backfilling plans starts at reserved times: refused with allocation time
  auto cons = parse_link("scheduler=conservative&alloc_cost=0.1");
  REQUIRE(cons);
  const Status v = validate(*cons);
  CHECK_FALSE(v);
  CHECK(v.message().find("alloc_cost") != std::string::npos);
}

TEST_CASE("alloc_cost: response time grows with C on a fixed job stream") {
  for (const char* sched : {"fcfs", "ssd", "easy", "greedy"}) {
    const std::string link = std::string("size=32x32&jobs=400&arrival=poisson:0.05&service=exponential:20&strategy=qa&scheduler=") + sched;
    double prev = -1;
    for (const char* c : {"0", "0.001", "0.01", "0.1", "0.5"}) {
      const Results r = run(link + "&alloc_cost=" + c);
      CHECK_MESSAGE(r.mean_response_time > prev, sched, " C=", c);
      prev = r.mean_response_time;
    }
  }
}

TEST_CASE("alloc_cost: a job starts when its decision's time has passed; one allocator") {
  // Two 4x4 jobs arriving together on an empty 8x8 mesh: the scheduler's pass decides job 0,
  // then job 1 on the single allocator. Each start = the previous decision's end + C x its ops.
  const auto rec = run_recorded("size=8x8&jobs=2&arrival=batch&job_size=fixed:4x4&service=fixed:10&strategy=ff&alloc_cost=0.5");
  REQUIRE(rec.size() == 2);
  const JobRecord& j0 = rec[0].id == 0 ? rec[0] : rec[1];
  const JobRecord& j1 = rec[0].id == 0 ? rec[1] : rec[0];
  CHECK(j0.alloc_ops > 0);
  CHECK(j0.start == doctest::Approx(0.5 * double(j0.alloc_ops)));
  CHECK(j1.start == doctest::Approx(j0.start + 0.5 * double(j1.alloc_ops)));
  CHECK(j0.end == doctest::Approx(j0.start + 10));
}

TEST_CASE("alloc_cost: EASY's searches for the head's reservation cost allocator time") {
  // 4x4 mesh, FF, EASY, C = 0.01. Job 0 (4x4) fills the machine until 10; job 1 (4x4) waits
  // alone at t = 1 (no reservation: nothing could pass it); job 2 (1x1) arrives at t = 2. That
  // pass tries the head (fails: x1), searches the head's reservation on a copy (fails now: x1,
  // fits after job 0's estimated end: x2) and tries to backfill job 2 (fails: x3). The allocator
  // is then busy until 2 + C·(x1 + x1 + x2 + x3); before, the search was free.
  StrategyOn m("ff", Topology(TopologyKind::Mesh, 4, 4));
  m.busy(0, 0, 0, 3, 3);
  const Ops x1 = decision_ops(*m.st, m.occ, {4, 4});
  const Ops x3 = decision_ops(*m.st, m.occ, {1, 1});
  Occupancy empty(m.t);
  const Ops x2 = decision_ops(*m.st, empty, {4, 4});
  REQUIRE(x1 > 0);
  REQUIRE(x2 > 0);
  REQUIRE(x3 > 0);
  auto s = parse_link("size=4x4&trace=t.csv&scheduler=easy&strategy=ff&alloc_cost=0.01");
  REQUIRE(s);
  auto tr = parse_trace_csv("arrival,width,height,runtime\n0,4,4,10\n1,4,4,5\n2,1,1,5\n", "t.csv", 4, 4);
  REQUIRE(tr);
  s->trace_data = std::make_shared<const Trace>(*tr);
  auto sim = Simulation::create(*s, 0);
  REQUIRE(sim);
  while (sim->now() < 2 && sim->step()) {  // up to and including the t = 2 arrival and its pass
  }
  REQUIRE(sim->now() == 2);
  CHECK(sim->allocator_free_at() == doctest::Approx(2 + 0.01 * double(x1 + x1 + x2 + x3)));
}
