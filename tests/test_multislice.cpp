// test_multislice.cpp — multislice jobs on pod machines (key slices; alloc/multislice.hpp): the
// key and its refusals, hand-worked all-or-nothing placements on the cube pods (with and without
// optical circuit switches) and on the 2D pods for every policy, each slice legal on its own and
// no chip twice, checked runs of mixed counts under FCFS and EASY, and the by-size metrics
// counting a job's total chips.
#include <doctest/doctest.h>
#include <set>
#include <string>
#include "pod_fixtures.hpp"
#include "replication.hpp"
#include "strategy_runs.hpp"

using namespace alloclab;

namespace {

const PodInfo& pod(std::string_view id) { return test::pod_row(id); }

std::string refusal(std::string_view link) { return test::link_refusal(link); }

std::optional<Allocation> place(std::string_view id, const Occupancy& occ, Shape s, int slices, bool ocs) {
  StrategyParams sp;
  sp.ocs = ocs;
  auto st = test::make_strategy(id, occ.topology(), sp);
  Rng rng(1);
  return st->allocate(Request{99, s, slices}, occ, rng);
}

// Every chip of the blocks, each once (a chip twice fails the check).
std::set<int> chips_of(const Topology& t, const Allocation& a) {
  std::set<int> ids;
  for (const Block& b : a.blocks)
    t.for_each_node(b, [&](int x, int y, int z) { CHECK(ids.insert(t.id(x, y, z)).second); });
  return ids;
}

// The cube index (in node-id order of the cubes) of a 4x4x4 block of pod p.
int cube_of(const PodInfo& p, const Block& b) { return ((b.z / 4) * p.cubes_y() + b.y / 4) * p.cubes_x() + b.x / 4; }

constexpr const char* kCubePolicies[] = {"cube-ff", "cube-bf", "cube-lfc", "cube-pack"};
constexpr const char* kPodPolicies[] = {"pod-ff", "pod-bf", "pod-lfc", "pod-pack"};

}  // namespace

TEST_CASE("multislice: the slices key — counts and mixes, canonical text, refusals naming the key") {
  auto s = parse_link("machine=tpu-v4&strategy=cube-ff&job_size=slices:4x4x4=1&slices=2");
  REQUIRE(s);
  CHECK(validate(*s).ok());
  CHECK(canonical_link(*s) == "machine=tpu-v4&strategy=cube-ff&job_size=slices:4x4x4%3D1&slices=2");
  auto m = parse_link("machine=tpu-v5e&strategy=pod-ff&job_size=slices:2x2=4/8x8=1&slices=1:8/2:2/4:1");
  REQUIRE(m);
  CHECK(validate(*m).ok());
  REQUIRE(m->slices.size() == 3);
  CHECK(m->slices[2] == SliceCount{4, 1});
  CHECK(canonical_link(*m).find("slices=1:8/2:2/4:1") != std::string::npos);
  // 1 and 1:W are the default: nothing in the link
  auto one = parse_link("machine=tpu-v4&slices=1:5");
  REQUIRE(one);
  CHECK(one->slices.empty());
  CHECK(canonical_link(*one) == "machine=tpu-v4");

  CHECK(refusal("slices=2").find("slices: multislice jobs are placed on a pod machine") == 0);
  CHECK(refusal("machine=tpu-v4&slices=0").find("slices: '0' is not valid") == 0);
  CHECK(refusal("machine=tpu-v4&slices=65").find("1 <= N <= 64") != std::string::npos);
  CHECK(refusal("machine=tpu-v4&slices=1:2/1:3").find("1 is given twice") != std::string::npos);
  CHECK(refusal("machine=tpu-v4&slices=2:0").find("must be a number 0 < W") != std::string::npos);
  // the default v5e mix holds 16x16: two of them are more than the pod
  CHECK(refusal("machine=tpu-v5e&strategy=pod-bf&slices=2") ==
        "slices: 2 slices of 16x16 ask 512 chips, more than machine=tpu-v5e has (256); lower the count or leave that shape "
        "out of job_size=slices:...");
  CHECK(refusal("machine=tpu-v5e&strategy=pod-bf&job_size=slices:8x16=1&slices=2").empty());
  CHECK(refusal("machine=tpu-v4&strategy=cube-bf&job_size=slices:8x16x16=1&slices=3").find("3 slices of 8x16x16 ask 6144 chips") != std::string::npos);
  CHECK(refusal("machine=tpu-v4&strategy=cube-bf&job_size=slices:2x2x1=1&slices=2&trace=t.csv").find("slices: a trace job maps to one slice") == 0);
}

TEST_CASE("multislice: 2 slices of 4x4x4 on a v4 pod — one free cube waits, two free cubes are both taken (every policy, ocs on and off)") {
  const PodInfo& v4 = pod("tpu-v4");
  const Topology t(TopologyKind::Torus, v4.width, v4.height, v4.depth);
  for (bool ocs : {true, false})
    for (const char* id : kCubePolicies) {
      INFO(id, " ocs=", ocs);
      // every cube busy but cube 5 (and, second, cube 42): each busy cube holds one 2x2x1 host
      Occupancy occ(t);
      JobId j = 0;
      for (int c = 0; c < v4.cube_count(); ++c)
        if (c != 5 && c != 42) {
          const int cx = c % 4, cy = c / 4 % 4, cz = c / 16;
          occ.assign(Allocation{{Block{cx * 4, cy * 4, 2, 2, cz * 4, 1}}}, j++);
        }
      occ.assign(Allocation{{Block{(42 % 4) * 4, (42 / 4 % 4) * 4, 2, 2, (42 / 16) * 4, 1}}}, j++);
      const int free_before = occ.free_count();
      CHECK_FALSE(place(id, occ, {4, 4, 4}, 2, ocs));  // one free cube: all or nothing
      CHECK(occ.free_count() == free_before);
      CHECK(place(id, occ, {4, 4, 4}, 1, ocs));  // one slice fits
      occ.release(Allocation{{Block{(42 % 4) * 4, (42 / 4 % 4) * 4, 2, 2, (42 / 16) * 4, 1}}}, j - 1);
      auto a = place(id, occ, {4, 4, 4}, 2, ocs);
      REQUIRE(a);
      REQUIRE(a->blocks.size() == 2);
      std::set<int> cubes{cube_of(v4, a->blocks[0]), cube_of(v4, a->blocks[1])};
      CHECK(cubes == std::set<int>{5, 42});  // different cubes, the two free ones
      CHECK(slice_violation(v4, ocs, {4, 4, 4}, *a, 2).empty());
      CHECK(chips_of(t, *a).size() == 128);
      CHECK_FALSE(place(id, occ, {4, 4, 4}, 3, ocs));
    }
}

TEST_CASE("multislice: sub-cube slices stay inside cubes, slices of k cubes with ocs=on are k whole cubes each") {
  const PodInfo& v4 = pod("tpu-v4");
  const Topology t(TopologyKind::Torus, v4.width, v4.height, v4.depth);
  Occupancy occ(t);  // only cube 0 and cube 63 free, each busy cube wholly
  JobId j = 0;
  for (int c = 1; c < 63; ++c) occ.assign(Allocation{{Block{(c % 4) * 4, (c / 4 % 4) * 4, 4, 4, (c / 16) * 4, 4}}}, j++);
  for (const char* id : kCubePolicies) {
    INFO(id);
    // 2x4x4 is half a cube: four fit in the two free cubes, five do not
    auto four = place(id, occ, {2, 4, 4}, 4, true);
    REQUIRE(four);
    CHECK(four->blocks.size() == 4);
    CHECK(slice_violation(v4, true, {2, 4, 4}, *four, 4).empty());
    CHECK(chips_of(t, *four).size() == 128);
    CHECK_FALSE(place(id, occ, {2, 4, 4}, 5, true));
    // 4x4x8 (2 cubes): one slice with ocs=on, as the two free cubes; two slices do not fit
    auto pair = place(id, occ, {4, 4, 8}, 1, true);
    REQUIRE(pair);
    CHECK(pair->blocks.size() == 2);
    CHECK_FALSE(place(id, occ, {4, 4, 8}, 2, true));
  }
  // legality of a multislice placement is per slice: two 2x4x4 halves of one cube pass, a slice
  // twice as the same half is caught by the chips (not by the shape rule), a wrong count is refused
  const Allocation halves{{Block{0, 0, 2, 4, 0, 4}, Block{2, 0, 2, 4, 0, 4}}};
  CHECK(slice_violation(v4, true, {2, 4, 4}, halves, 2).empty());
  CHECK(slice_violation(v4, true, {2, 4, 4}, halves, 3).find("2 blocks, not 3 x 1") != std::string::npos);
  const Allocation straddle{{Block{0, 0, 2, 4, 0, 4}, Block{1, 0, 2, 4, 0, 4}}};
  CHECK(slice_violation(v4, true, {2, 4, 4}, straddle, 2).find("slice 2 of 2") == 0);
}

TEST_CASE("multislice: 2D v5e pod — two 8x8 slices need two free 8x8 positions, every pod policy") {
  const PodInfo& v5e = test::v5e();
  for (const char* id : kPodPolicies) {
    INFO(id);
    Occupancy occ = test::pod_occupancy();
    // quadrants (0,0) and (8,8) busy by one chip each; (8,0) free; (0,8) free
    occ.assign(Allocation{{Block{3, 3, 1, 1}}}, 1);
    occ.assign(Allocation{{Block{12, 12, 1, 1}}}, 2);
    auto a = place(id, occ, {8, 8}, 2, true);
    REQUIRE(a);
    CHECK(slice_violation(v5e, true, {8, 8}, *a, 2).empty());
    CHECK(std::set<std::pair<int, int>>{{a->blocks[0].x, a->blocks[0].y}, {a->blocks[1].x, a->blocks[1].y}} ==
          std::set<std::pair<int, int>>{{8, 0}, {0, 8}});
    occ.assign(Allocation{{Block{0, 15, 1, 1}}}, 3);  // now one free 8x8: the pair waits
    CHECK_FALSE(place(id, occ, {8, 8}, 2, true));
    CHECK(place(id, occ, {8, 8}, 1, true));
  }
}

TEST_CASE("multislice: checked runs of mixed counts place every slice legally (asserted per start), all or nothing") {
  for (const char* sched : {"fcfs", "easy"}) {
    for (const char* ocs : {"on", "off"})
      for (const char* id : kCubePolicies) {
        INFO(sched, " ocs=", ocs, " ", id);
        const std::string link = std::string("machine=tpu-v4&ocs=") + ocs + "&strategy=" + id + "&scheduler=" + sched +
                                 "&job_size=slices:2x2x1=8/2x4x4=2/4x4x4=2/4x4x8=1&slices=1:4/2:2/3:1&jobs=300"
                                 "&arrival=poisson:0.3&service=exponential:50&check=1";
        Simulation sim = test::run_checked(link);
        CHECK(sim.departures() == 300);
        CHECK(sim.occupancy().free_count() == 4096);
      }
    for (const char* id : kPodPolicies) {
      INFO(sched, " ", id);
      const std::string link = std::string("machine=tpu-v5e&strategy=") + id + "&scheduler=" + sched +
                               "&job_size=slices:1x1=8/2x4=4/4x4=2/8x8=1&slices=1:4/2:2/4:1&jobs=300"
                               "&arrival=poisson:0.3&service=exponential:20&check=1";
      Simulation sim = test::run_checked(link);
      CHECK(sim.departures() == 300);
    }
  }
  // every job holds exactly its slices' chips, and the counts drawn follow the mix (all three occur)
  auto s = parse_link("machine=tpu-v5p&strategy=cube-pack&job_size=slices:2x2x1=16/2x4x4=4/4x4x4=2/8x8x8=1&slices=1:4/2:2/3:1&jobs=400&arrival=poisson:0.5");
  REQUIRE(s);
  REQUIRE(validate(*s).ok());
  auto sim = Simulation::create(*s, 0);
  REQUIRE(sim);
  sim->record_jobs(true);
  REQUIRE(sim->run().ok());
  std::set<int> counts;
  for (const JobRecord& r : sim->recorded()) {
    counts.insert(r.slices);
    CHECK(r.alloc.nodes() == r.chips());
    CHECK(slice_violation(pod("tpu-v5p"), true, r.shape, r.alloc, r.slices).empty());
  }
  CHECK(counts == std::set<int>{1, 2, 3});
}

TEST_CASE("multislice: slices=1 draws nothing more (the job stream is unchanged), a mix draws one number per job") {
  auto fixed = parse_link("machine=tpu-v4&strategy=cube-ff&jobs=50&slices=2&job_size=slices:2x2x1=1/4x4x4=1");
  auto plain = parse_link("machine=tpu-v4&strategy=cube-ff&jobs=50&job_size=slices:2x2x1=1/4x4x4=1");
  auto mixed = parse_link("machine=tpu-v4&strategy=cube-ff&jobs=50&slices=1:1/2:1&job_size=slices:2x2x1=1/4x4x4=1");
  REQUIRE((fixed && plain && mixed));
  auto a = run_replication(*plain, 0), b = run_replication(*fixed, 0), c = run_replication(*mixed, 0);
  REQUIRE((a && b && c));
  // a fixed count draws nothing: the same arrivals and services (mean service equal), twice the chips
  CHECK(a->mean_service_time == doctest::Approx(b->mean_service_time));
  // a mix draws a count per job: the later draws move (other services)
  CHECK(a->mean_service_time != doctest::Approx(c->mean_service_time));
  CHECK(b->utilization > a->utilization);
}

TEST_CASE("multislice: metrics by slice size count a job's total chips") {
  // one job of 2 slices of 4x4x4 on a v4 pod, fixed service 100: 128 chips for the whole run
  auto s = parse_link("machine=tpu-v4&strategy=cube-ff&job_size=slices:4x4x4=1&slices=2&jobs=1&arrival=batch&service=fixed:100");
  REQUIRE(s);
  REQUIRE(validate(*s).ok());
  auto r = run_replication(*s, 0);
  REQUIRE(r);
  CHECK(r->utilization == doctest::Approx(128.0 / 4096));
  CHECK(r->pod_utilization_size_128 == doctest::Approx(128.0 / 4096));
  CHECK(r->pod_utilization_size_64 == 0);
  CHECK(r->pod_wait_size_128 == 0);
}
