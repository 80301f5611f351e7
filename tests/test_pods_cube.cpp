// test_pods_cube.cpp — the cube pods (machine=tpu-v4, tpu-v5p; pod/pods.hpp, alloc/cube_grid.hpp,
// the cube-* policies, the cube-pod metrics): the catalogues and the 3D grid of cubes, the machine
// and ocs keys and their refusals, the legal positions with and without optical circuit switches,
// hand-worked placements that tell the four policies apart, a brute-force property test (a policy
// finds a place exactly when a legal position is free, and it is legal), long checked runs, trace
// mapping, and the metrics' covered chips worked by hand.
#include <doctest/doctest.h>
#include <map>
#include <memory>
#include <set>
#include "baselines.hpp"
#include "pod_fixtures.hpp"
#include "metrics/pod_meter.hpp"
#include "pod/pods.hpp"
#include "scenario/scenario.hpp"
#include "simulation.hpp"
#include "strategy_runs.hpp"

using namespace alloclab;

namespace {

const PodInfo& pod(std::string_view id) { return test::pod_row(id); }

Topology torus(const PodInfo& p) { return Topology(TopologyKind::Torus, p.width, p.height, p.depth); }

std::string refusal(std::string_view link) { return test::link_refusal(link); }

std::optional<Allocation> place(std::string_view id, const Occupancy& occ, Shape s, bool ocs) {
  StrategyParams sp;
  sp.ocs = ocs;
  auto st = test::make_strategy(id, occ.topology(), sp);
  Rng rng(1);
  return st->allocate(Request{99, s}, occ, rng);
}

Block one(const std::optional<Allocation>& a) {
  REQUIRE(a);
  REQUIRE(a->blocks.size() == 1);
  return a->blocks[0];
}

// Every legal placement of legal shape s on pod p (ocs=off: the boxes at cube corners; ocs=on a
// slice of whole cubes is any k free cubes: returned as the single "any cubes" answer when k are
// free) that is wholly free: the brute-force oracle.
bool legal_position_free(const PodInfo& p, bool ocs, const Occupancy& occ, Shape s) {
  auto free_box = [&](int x, int y, int z) {
    for (int k = 0; k < s.d; ++k)
      for (int j = 0; j < s.h; ++j)
        for (int i = 0; i < s.w; ++i)
          if (!occ.is_free((x + i) % p.width, (y + j) % p.height, (z + k) % p.depth)) return false;
    return true;
  };
  if (s.area() < kCubeChips) {
    for (int z = 0; z + s.d <= p.depth; z += s.d)
      for (int y = 0; y + s.h <= p.height; y += s.h)
        for (int x = 0; x + s.w <= p.width; x += s.w)
          if (free_box(x, y, z)) return true;
    return false;
  }
  if (ocs) {
    int free = 0;
    for (int z = 0; z < p.depth; z += 4)
      for (int y = 0; y < p.height; y += 4)
        for (int x = 0; x < p.width; x += 4) free += occ.block_free(Block{x, y, 4, 4, z, 4});
    return free >= s.area() / kCubeChips;
  }
  if (s.w > p.width || s.h > p.height || s.d > p.depth) return false;
  for (int z = 0; z < p.depth; z += 4)
    for (int y = 0; y < p.height; y += 4)
      for (int x = 0; x < p.width; x += 4)
        if (free_box(x, y, z)) return true;
  return false;
}

void busy(Occupancy& occ, Block b, JobId& id) { occ.assign(Allocation{{b}}, id++); }

}  // namespace

TEST_CASE("cube pods: catalogues — sub-cube shapes inside a cube, whole-cube shapes fit unrotated, the grid of cubes") {
  const PodInfo& v4 = pod("tpu-v4");
  const PodInfo& v5p = pod("tpu-v5p");
  CHECK(v4.cube_count() == 64);
  CHECK(v4.width * v4.height * v4.depth == 4096);
  CHECK(v5p.cube_count() == 140);
  CHECK(v5p.width * v5p.height * v5p.depth == 8960);
  CHECK((v5p.cubes_x() == 4 && v5p.cubes_y() == 5 && v5p.cubes_z() == 7));
  CHECK(legal_shapes_text(v5p) == "2x2x1, 2x2x2, 2x4x4, 4x4x4, 4x4x8, 4x8x8, 8x8x8, 8x8x16, 8x16x16, 16x16x16, 16x16x24");
  CHECK(legal_shapes_text(v4) == "2x2x1, 2x2x2, 2x2x4, 2x4x4, 4x4x4, 4x4x8, 4x8x8, 8x8x8, 8x8x16, 8x16x16, 16x16x16");
  for (const PodInfo* p : {&v4, &v5p}) {
    INFO(p->id);
    REQUIRE(p->mix.size() == p->shapes.size());
    for (std::size_t i = 0; i < p->shapes.size(); ++i) {
      const SliceShape& s = p->shapes[i];
      if (i) CHECK(p->shapes[i - 1].chips() < s.chips());
      // the default mix gives every shape the same share of chips: weight · chips is one constant
      CHECK(p->mix[i] * s.chips() == p->mix[0] * p->shapes[0].chips());
      if (whole_cubes(s)) {
        CHECK((s.x % 4 == 0 && s.y % 4 == 0 && s.z % 4 == 0));
        CHECK((s.x <= p->width && s.y <= p->height && s.z <= p->depth));
      } else {
        CHECK((4 % s.x == 0 && 4 % s.y == 0 && 4 % s.z == 0));
      }
    }
  }
  // the largest v5p slice: 96 of the 140 cubes
  CHECK(v5p.shapes.back().chips() / kCubeChips == 96);
  // traces: the smallest legal shape with enough chips
  const std::map<long long, std::string> want = {{1, "2x2x1"}, {5, "2x2x2"}, {9, "2x4x4"}, {33, "4x4x4"},
                                                 {100, "4x4x8"}, {4097, "16x16x24"}, {6144, "16x16x24"}};
  for (const auto& [chips, shape] : want) {
    const SliceShape* s = slice_for_chips(v5p, chips);
    REQUIRE(s);
    CHECK(shape_text(v5p, *s) == shape);
  }
  CHECK(slice_for_chips(v5p, 6145) == nullptr);
  CHECK(shape_text(v4, *slice_for_chips(v4, 9)) == "2x2x4");
}

TEST_CASE("cube pods: machine and ocs keys; a policy, a shape or a pattern from elsewhere is refused by name") {
  auto s = parse_link("machine=tpu-v5p&strategy=cube-ff");
  REQUIRE(s);
  CHECK((s->width == 16 && s->height == 20 && s->depth == 28 && s->topology == TopologyKind::Torus));
  CHECK(validate(*s).ok());
  CHECK(s->strat.ocs);
  CHECK(canonical_link(*s).find("ocs") == std::string::npos);  // on: the default
  auto off = parse_link("machine=tpu-v4&strategy=cube-bf&ocs=off");
  REQUIRE(off);
  CHECK_FALSE(off->strat.ocs);
  CHECK(canonical_link(*off).find("ocs=off") != std::string::npos);
  CHECK(refusal("machine=tpu-v4&strategy=cube-ff&size=16x16x8") ==
        "size: machine=tpu-v4 is a 16x16x16 torus; size=16x16x8 conflicts with it (leave topology and size out, or use machine=none)");
  CHECK(refusal("size=16x16&ocs=off") ==
        "ocs: optical circuit switches join the cubes of a cube pod (machine=tpu-v4 or tpu-v5p); ocs=off needs one");
  CHECK(refusal("machine=tpu-v5e&strategy=pod-ff&ocs=off") ==
        "ocs: optical circuit switches join the cubes of a cube pod (machine=tpu-v4 or tpu-v5p); ocs=off needs one");
  CHECK(refusal("machine=tpu-v5p&strategy=pod-ff") ==
        "strategy: machine=tpu-v5p takes slices at legal positions only; 'pod-ff' places another generation's slices; use a pod "
        "policy: cube-ff, cube-bf, cube-lfc, cube-pack");
  CHECK(refusal("machine=tpu-v5p&strategy=ff3d") ==
        "strategy: machine=tpu-v5p takes slices at legal positions only; 'ff3d' places anywhere; use a pod policy: cube-ff, "
        "cube-bf, cube-lfc, cube-pack");
  CHECK(refusal("machine=tpu-v5e&strategy=cube-ff") ==
        "strategy: machine=tpu-v5e takes slices at legal positions only; 'cube-ff' places another generation's slices; use a pod "
        "policy: pod-ff, pod-bf, pod-lfc, pod-pack");
  CHECK(refusal("size=16x20x28&topology=torus&strategy=cube-ff") ==
        "strategy: strategy 'cube-ff' places slices on cube pods only (machine=tpu-v4 or tpu-v5p)");
  const std::string legal = "; legal shapes: 2x2x1, 2x2x2, 2x4x4, 4x4x4, 4x4x8, 4x8x8, 8x8x8, 8x8x16, 8x16x16, 16x16x16, "
                            "16x16x24 (a slice is not rotated)";
  for (const char* bad : {"3x3x3", "8x4x4", "2x2x4"})  // not in the list, rotated, v4's only
    CHECK(refusal(std::string("machine=tpu-v5p&strategy=cube-ff&job_size=slices:2x2x1=1/") + bad + "=1") ==
          std::string("job_size: ") + bad + " is not a legal slice of machine=tpu-v5p" + legal);
  CHECK(refusal("machine=tpu-v4&strategy=cube-ff&job_size=slices:2x2x4=1/16x16x16=2").empty());
  CHECK(refusal("machine=tpu-v5p&strategy=cube-ff&pattern=allreduce-ring").empty());  // test_allreduce_cubes.cpp
}

TEST_CASE("cube pods: legal positions — inside one cube below a cube; cube corners, wrapping, with ocs=off; any whole cubes with ocs=on") {
  const PodInfo& p = pod("tpu-v5p");
  auto v = [&](bool ocs, Shape s, std::vector<Block> blocks) { return slice_violation(p, ocs, s, Allocation{std::move(blocks)}); };
  for (bool ocs : {false, true}) {
    CHECK(v(ocs, {2, 2, 1}, {Block{2, 0, 2, 2, 3, 1}}).empty());
    CHECK(v(ocs, {2, 4, 4}, {Block{14, 16, 2, 4, 24, 4}}).empty());
    CHECK(v(ocs, {2, 2, 1}, {Block{1, 0, 2, 2, 0, 1}}) ==
          std::string("(slice 2x2x1) block (1,0,0) 2x2x1 is not at a multiple of its shape inside one cube: not a legal slice of "
                      "machine=tpu-v5p with ocs=") + (ocs ? "on" : "off"));
    CHECK_FALSE(v(ocs, {2, 4, 4}, {Block{0, 2, 2, 4, 0, 4}}).empty());  // would span two cubes along y
    CHECK_FALSE(v(ocs, {4, 2, 2}, {Block{0, 0, 4, 2, 0, 2}}).empty());  // not a legal shape (2x4x4 is not rotated)
  }
  // ocs=off: one block of the fixed torus at a cube corner, wrapping past the edge
  CHECK(v(false, {4, 4, 8}, {Block{12, 16, 4, 4, 24, 8}}).empty());  // z 24..31 wraps to 0..3
  CHECK(v(false, {16, 16, 24}, {Block{0, 4, 16, 16, 8, 24}}).empty());
  CHECK(v(false, {4, 4, 8}, {Block{2, 0, 4, 4, 0, 8}}) ==
        "(slice 4x4x8) block (2,0,0) 4x4x8 is not the requested shape at a cube corner: not a legal slice of machine=tpu-v5p with ocs=off");
  CHECK_FALSE(v(false, {4, 4, 8}, {Block{0, 0, 4, 4, 0, 4}, Block{8, 8, 4, 4, 8, 4}}).empty());
  // ocs=on: k distinct whole cubes anywhere
  CHECK(v(true, {4, 4, 8}, {Block{0, 0, 4, 4, 0, 4}, Block{8, 16, 4, 4, 24, 4}}).empty());
  CHECK(v(true, {4, 4, 8}, {Block{0, 0, 4, 4, 0, 4}, Block{0, 0, 4, 4, 0, 4}}) ==
        "(slice 4x4x8) cube (0,0,0) 4x4x4 is given twice: not a legal slice of machine=tpu-v5p with ocs=on");
  CHECK(v(true, {4, 4, 8}, {Block{0, 0, 4, 4, 0, 8}}) ==
        "(slice 4x4x8) with ocs=on a slice of k cubes is k whole cubes: not a legal slice of machine=tpu-v5p with ocs=on");
  CHECK_FALSE(v(true, {4, 4, 8}, {Block{0, 0, 4, 4, 0, 4}, Block{2, 0, 4, 4, 4, 4}}).empty());  // not a whole cube
}

TEST_CASE("cube policies: hand-worked placements of a 2x2x1 slice tell the four apart (TPU v4, 64 cubes)") {
  const PodInfo& v4 = pod("tpu-v4");
  JobId id = 0;
  // state A: cube 0 (x 0..3) has its 2x2x1 at the origin busy (15 free positions, 60 free chips);
  // cube 1 (x 4..7) its 2x4x4 half at x = 4 (8 positions, 32 chips); every other cube is free.
  Occupancy a(torus(v4));
  busy(a, Block{0, 0, 2, 2, 0, 1}, id);
  busy(a, Block{4, 0, 2, 4, 0, 4}, id);
  for (bool ocs : {true, false}) {
    // ff: the first cube with a free position, its first position: cube 0, base (2,0,0)
    CHECK(one(place("cube-ff", a, {2, 2, 1}, ocs)) == Block{2, 0, 2, 2, 0, 1});
    // bf: the cube fitting the fewest more slices (cube 1: 8 < 15 < 16), then from the cube down:
    // the 2x4x4 half at x = 6 (the other has none), its first 2x2x4 (y = 0; a tie), first 2x2x2, (6,0,0)
    CHECK(one(place("cube-bf", a, {2, 2, 1}, ocs)) == Block{6, 0, 2, 2, 0, 1});
    // lfc: the fewest free chips (cube 1: 32), the same descent
    CHECK(one(place("cube-lfc", a, {2, 2, 1}, ocs)) == Block{6, 0, 2, 2, 0, 1});
    // pack: the position breaking the smallest free domain: (0,0,1) beside the busy 2x2x1 breaks
    // none (its 2x2x2 is partly busy); cube 1's positions would break a free 2x4x4
    CHECK(one(place("cube-pack", a, {2, 2, 1}, ocs)) == Block{0, 0, 2, 2, 1, 1});
  }
  // state B: A plus cube 3 (x 12..15) with one chip busy at the base of each 2x2x1 position but
  // (12,0,0) and (14,2,3): 2 positions, 50 free chips (scattered)
  Occupancy b = a;
  for (int z = 0; z < 4; ++z)
    for (int y = 0; y < 4; y += 2)
      for (int x = 12; x < 16; x += 2)
        if (!((x == 12 && y == 0 && z == 0) || (x == 14 && y == 2 && z == 3))) busy(b, Block{x, y, 1, 1, z, 1}, id);
  // bf: cube 3 fits the fewest more slices (2), its first half (x = 12: a tie at 1 position and 25 chips)
  CHECK(one(place("cube-bf", b, {2, 2, 1}, true)) == Block{12, 0, 2, 2, 0, 1});
  // lfc: cube 1 still has the fewest free chips (32 < 50)
  CHECK(one(place("cube-lfc", b, {2, 2, 1}, true)) == Block{6, 0, 2, 2, 0, 1});
  // pack: (0,0,1) and cube 3's two positions break no free domain; cube 3 is the fuller (50 < 60)
  CHECK(one(place("cube-pack", b, {2, 2, 1}, true)) == Block{12, 0, 2, 2, 0, 1});
  CHECK(one(place("cube-ff", b, {2, 2, 1}, true)) == Block{2, 0, 2, 2, 0, 1});
}

TEST_CASE("cube policies: hand-worked slices of whole cubes — a box of the fixed torus (ocs=off), any free cubes (ocs=on)") {
  const PodInfo& v4 = pod("tpu-v4");  // 4x4x4 cubes
  JobId id = 0;
  Occupancy occ(torus(v4));
  busy(occ, Block{4, 4, 1, 1, 4, 1}, id);    // cube (1,1,1): one chip busy, 63 free
  busy(occ, Block{12, 4, 1, 1, 4, 1}, id);   // cube (3,1,1): one chip busy, 63 free
  busy(occ, Block{0, 8, 4, 4, 12, 4}, id);   // cube (0,2,3): wholly busy
  const Shape s{4, 4, 8};                    // 1x1x2 cubes; its box touches 10 cubes
  // ff: the first free base in cube-id order (z, y, x): (0,0,0)
  CHECK(one(place("cube-ff", occ, s, false)) == Block{0, 0, 4, 4, 0, 8});
  // bf: the most face neighbours not wholly free. Base (0,1,0) (cubes (0,1,0), (0,1,1)) touches
  // (1,1,1) on its +x face and, wrapping, (3,1,1) on its -x face: 2, and no base touches 3 (the
  // busy cube and the partial ones are never beside one box); (0,1,0) is the first with 2.
  CHECK(one(place("cube-bf", occ, s, false)) == Block{0, 4, 4, 4, 0, 8});
  CHECK(one(place("cube-pack", occ, s, false)) == Block{0, 4, 4, 4, 0, 8});
  // lfc: the fewest free chips around: base (0,2,0) touches the busy cube (0,2,3) below it
  // (wrapping in z): 9 free cubes = 576 chips, less than (0,1,0)'s 8 · 64 + 2 · 63 = 638
  CHECK(one(place("cube-lfc", occ, s, false)) == Block{0, 8, 4, 4, 0, 8});
  // ocs=on: the first two wholly free cubes, cubes 0 and 1, whatever the policy
  for (const char* id2 : {"cube-ff", "cube-bf", "cube-lfc", "cube-pack"}) {
    auto a = place(id2, occ, s, true);
    REQUIRE(a);
    CHECK(a->blocks == std::vector<Block>{Block{0, 0, 4, 4, 0, 4}, Block{4, 0, 4, 4, 0, 4}});
  }
  // the whole pod (64 cubes) fits nowhere while a chip is busy, with or without switches
  for (bool ocs : {false, true}) CHECK_FALSE(place("cube-bf", occ, {16, 16, 16}, ocs));
}

TEST_CASE("cube policies: a place exactly when a legal position is free (brute force), always legal, both pods, ocs on and off") {
  Rng rng(29);
  for (const char* machine : {"tpu-v4", "tpu-v5p"}) {
    const PodInfo& p = pod(machine);
    for (const StrategyInfo& si : strategies()) {
      if (si.finds != Finds::CubeSlices) continue;
      for (bool ocs : {false, true}) {
        INFO(machine, " ", si.id, " ocs ", ocs);
        REQUIRE(strategy_unsupported(si, torus(p)).empty());
        Occupancy occ(torus(p));
        int found = 0, missed = 0;
        for (int e = 0; e < 300; ++e) {
          // a random legal shape, the small ones more often (they fragment the cubes)
          const std::size_t n = p.shapes.size();
          const std::size_t pick = rng.below(3) ? std::size_t(rng.below(4)) : std::size_t(rng.below(n));
          const Shape s = p.shapes[pick].shape();
          auto a = place(si.id, occ, s, ocs);
          CHECK(bool(a) == legal_position_free(p, ocs, occ, s));
          if (!a) {
            ++missed;
            occ = Occupancy(torus(p));  // start over
            continue;
          }
          ++found;
          CHECK(slice_violation(p, ocs, s, *a) == "");
          for (const Block& b : a->blocks) CHECK(occ.block_free(b));
          occ.assign(*a, e);
        }
        CHECK(found > 100);
        CHECK(missed > 3);
      }
    }
  }
}

TEST_CASE("cube pods: long runs place only legal slices (asserted per start), every policy, both pods, ocs on and off") {
  for (const char* machine : {"tpu-v4", "tpu-v5p"})
    for (const char* ocs : {"on", "off"})
      for (const char* id : {"cube-ff", "cube-bf", "cube-lfc", "cube-pack"}) {
        INFO(machine, " ocs=", ocs, " ", id);
        const std::string link = std::string("machine=") + machine + "&ocs=" + ocs + "&jobs=300&arrival=poisson:0.2&service=exponential:50";
        CHECK(test::long_run(id, link) == 300);
      }
}

TEST_CASE("cube pods: a trace's jobs become the smallest legal slice with enough chips") {
  // 1, 6, 64 and 256 chips
  const std::vector<Shape> want = {{2, 2, 1}, {2, 2, 2}, {4, 4, 4}, {4, 8, 8}};
  CHECK(test::trace_slices("machine=tpu-v5p&strategy=cube-ff&trace=t.csv",
                           "arrival,width,height,runtime\n0,1,1,5\n1,3,2,5\n2,8,8,5\n3,16,16,5\n") == want);
}

TEST_CASE("cube pods: metrics — covered chips by hand, ocs on and off; the cube rows printed for cube pods only") {
  const PodInfo& v4 = pod("tpu-v4");
  JobId id = 0;
  Occupancy occ(torus(v4));
  busy(occ, Block{0, 0, 1, 1, 0, 1}, id);  // cube (0,0,0)
  busy(occ, Block{0, 0, 1, 1, 8, 1}, id);  // cube (0,0,2)
  // 62 wholly free cubes, 4094 free chips. A 4x4x8 slice (1x1x2 cubes): with ocs=on every free
  // cube is covered; on the fixed torus the cubes (0,0,1) and (0,0,3) lie in no free box (each
  // box along z through them holds (0,0,0) or (0,0,2)): 60 cubes covered.
  for (bool ocs : {true, false}) {
    PodMeter m(v4, 4096, ocs);
    m.reset(0);
    m.arrival(occ, {4, 4, 8});
    m.arrival(occ, {2, 2, 1});  // 1024 positions less the two with a busy chip: 1022 · 4 chips
    m.observe(occ, nullptr);
    m.advance(1);
    Results r;
    m.fill(r);
    const double covered = ocs ? 62 * 64 : 60 * 64;
    CHECK(r.pod_fragmentation_arrival == doctest::Approx(((1 - covered / 4094) + (1 - 1022.0 * 4 / 4094)) / 2));
    CHECK(r.pod_free_64_chip_blocks == 62);
    // the largest shape with a free position: not 16x16x16 (64 cubes); 8x16x16 (32 cubes) has one
    // either way (ocs=off: the 2x4x4 cubes at x = 1, 2)
    CHECK(r.pod_fragmentation_largest > 0);
    CHECK(r.pod_fragmentation_largest < 1);
  }
  // printed rows: a cube pod prints the size rows up to 6144; a 2D pod stops before them
  CHECK(metric_fields(metric_rows(&v4)).back().name == "pod_bounded_slowdown_size_6144");
  CHECK(metric_fields(metric_rows(find_pod("tpu-v5e"))).back().name == "pod_jobs_abandoned");
  CHECK(metric_fields(metric_rows(nullptr)).size() == kPodMetricsBegin);
  const Results r = test::run_checked("machine=tpu-v5p&strategy=cube-pack&jobs=400&arrival=poisson:0.3&service=exponential:40").results();
  CHECK(r.pod_utilization_size_6144 + r.pod_utilization_size_4096 + r.pod_utilization_size_512 > 0);
}
