// test_pods.cpp — accelerator pods (pod/pods.hpp, alloc/slice_grid.hpp, the pod-* policies): the
// catalogue and its legal positions, the machine key and its conflicts, job_size=slices, traces
// mapped to slices, hand-worked placements that tell the four policies apart, and long runs in
// which every placed slice is legal.
#include <doctest/doctest.h>
#include <map>
#include <memory>
#include "baselines.hpp"
#include "oracle.hpp"
#include "pod_fixtures.hpp"
#include "pod/pods.hpp"
#include "scenario/scenario.hpp"
#include "simulation.hpp"
#include "workload/trace.hpp"

using namespace alloclab;
using test::pod_occupancy;
using test::v5e;

namespace {

std::string refusal(std::string_view link) { return test::link_refusal(link); }

std::optional<Block> place(std::string_view id, const Occupancy& occ, Shape s) {
  auto st = test::make_strategy(id, occ.topology());
  Rng rng(1);
  auto a = st->allocate(Request{99, s}, occ, rng);
  if (!a) return std::nullopt;
  REQUIRE(a->blocks.size() == 1);
  return a->blocks[0];
}

}  // namespace

TEST_CASE("pods: catalogue rows — shapes divide the pod, ascending, one weight each; legal positions") {
  for (const PodInfo& p : pods()) {
    if (p.kind != PodKind::Torus2D) continue;  // (the cube pods: test_pods_cube.cpp)
    INFO(p.id);
    REQUIRE(p.mix.size() == p.shapes.size());
    for (std::size_t i = 0; i < p.shapes.size(); ++i) {
      const SliceShape& s = p.shapes[i];
      CHECK(s.z == 1);
      CHECK(p.width % s.x == 0);
      CHECK(p.height % s.y == 0);
      CHECK(p.mix[i] > 0);
      if (i) CHECK(p.shapes[i - 1].chips() < s.chips());
      // every aligned position inside is legal; a shifted one is not
      int legal = 0;
      for (int y = 0; y < p.height; ++y)
        for (int x = 0; x < p.width; ++x) {
          const bool ok = slice_legal(p, Block{x, y, s.x, s.y});
          CHECK(ok == (x % s.x == 0 && y % s.y == 0));
          legal += ok;
        }
      CHECK(legal == p.width / s.x * (p.height / s.y));
    }
  }
  const PodInfo& p = v5e();
  CHECK(legal_shapes_text(p) == "1x1, 2x2, 2x4, 4x4, 4x8, 8x8, 8x16, 16x16");
  CHECK_FALSE(slice_legal(p, Block{0, 0, 4, 2}));   // 2x4 is not rotated
  CHECK_FALSE(slice_legal(p, Block{0, 0, 3, 3}));   // not a legal shape
  CHECK_FALSE(slice_legal(p, Block{14, 0, 4, 4}));  // would wrap around the torus edge
  // traces: the smallest legal shape with enough chips
  const std::map<long long, std::string> want = {{1, "1x1"},  {2, "2x2"},  {4, "2x2"},   {5, "2x4"},    {9, "4x4"},
                                                 {17, "4x8"}, {33, "8x8"}, {65, "8x16"}, {129, "16x16"}, {256, "16x16"}};
  for (const auto& [chips, shape] : want) {
    const SliceShape* s = slice_for_chips(p, chips);
    REQUIRE(s);
    CHECK(to_string(*s) == shape);
  }
  CHECK(slice_for_chips(p, 257) == nullptr);
}

TEST_CASE("pods: machine key sets the torus and size; a conflicting topology or size is refused in any order") {
  auto s = parse_link("machine=tpu-v5e&strategy=pod-bf");
  REQUIRE(s);
  CHECK(s->topology == TopologyKind::Torus);
  CHECK(s->width == 16);
  CHECK(s->height == 16);
  CHECK(validate(*s).ok());
  CHECK(canonical_link(*s) == "machine=tpu-v5e&strategy=pod-bf");  // no topology, size or job_size
  CHECK(refusal("machine=tpu-v5e&size=16x16&topology=torus&strategy=pod-ff").empty());
  for (const char* bad : {"machine=tpu-v5e&size=32x32", "size=32x32&machine=tpu-v5e", "topology=mesh&machine=tpu-v6e",
                          "machine=tpu-v6e&topology=mesh"}) {
    INFO(bad);
    const std::string why = refusal(bad);
    CHECK(why.find("is a 16x16 torus") != std::string::npos);
    CHECK(why.find("conflicts") != std::string::npos);
  }
  // a strategy that places anywhere is refused, naming the pod policies
  const std::string why = refusal("machine=tpu-v5e&strategy=ff");
  CHECK(why.find("strategy: machine=tpu-v5e takes slices at legal positions only") == 0);
  CHECK(why.find("pod-ff, pod-bf, pod-lfc, pod-pack") != std::string::npos);
  CHECK(refusal("machine=tpu-v7").find("machine: 'tpu-v7' is not valid; allowed: none, tpu-v5e, tpu-v6e") == 0);
}

TEST_CASE("pods: job_size=slices — legal shapes only, weights, printing, refusals") {
  auto s = parse_link("machine=tpu-v5e&strategy=pod-ff&job_size=slices:2x2%3D4/16x16%3D0.5");
  REQUIRE(s);
  CHECK(validate(*s).ok());
  CHECK(canonical_link(*s) == "machine=tpu-v5e&strategy=pod-ff&job_size=slices:2x2%3D4/16x16%3D0.5");
  // the default on a pod is the catalogue's mix, printed as slices and left out of links
  auto d = parse_link("machine=tpu-v5e&strategy=pod-ff&job_size=slices");
  REQUIRE(d);
  CHECK(canonical_link(*d) == "machine=tpu-v5e&strategy=pod-ff");
  CHECK(refusal("machine=tpu-v5e&strategy=pod-ff&job_size=slices:4x2=1") ==
        "job_size: 4x2 is not a legal slice of machine=tpu-v5e; legal shapes: 1x1, 2x2, 2x4, 4x4, 4x8, 8x8, 8x16, 16x16 "
        "(a slice is not rotated)");
  CHECK(refusal("machine=tpu-v5e&strategy=pod-ff&job_size=uniform:1-4").find(
            "job_size: machine=tpu-v5e takes slices of its legal shapes") == 0);
  CHECK(refusal("job_size=slices").find("job_size: slices needs a pod machine (machine=tpu-v5e or tpu-v6e or tpu-v4 or tpu-v5p)") == 0);
  for (const char* bad : {"slices:", "slices:2x2", "slices:2x2=0", "slices:2x2=1/2x2=3", "slices:2x2=1//4x4=1", "slices:2y2=1"}) {
    INFO(bad);
    CHECK_FALSE(parse_job_size(bad));
  }
  // a sweep value list keeps a mix whole (its parts are separated by '/', not ',')
  auto parts = split_value_list("job_size", "slices:2x2=1/4x4=1,slices:16x16=1");
  REQUIRE(parts);
  CHECK(parts->size() == 2);
}

TEST_CASE("pods: slice draws follow the weights") {
  const PodInfo& p = v5e();
  Rng rng(11);
  std::map<int, int> count;  // by chips
  const int n = 383000;
  for (int i = 0; i < n; ++i) ++count[sample_slice(p, {}, rng).area()];
  // default mix ∝ 256 / chips over 383 (= 256 + 64 + 32 + 16 + 8 + 4 + 2 + 1): every shape the same chip share
  for (const SliceShape& s : p.shapes) {
    const double expect = n * (256.0 / s.chips()) / 383;
    INFO(to_string(s), " drawn ", count[s.chips()], " expected ", expect);
    CHECK(std::abs(count[s.chips()] - expect) < 5 * std::sqrt(expect) + 1);
  }
  auto mix = parse_slice_mix("2x4=3/8x8=1");
  REQUIRE(mix);
  int eight = 0;
  for (int i = 0; i < 40000; ++i) {
    const Shape s = sample_slice(p, *mix, rng);
    CHECK((s == Shape{2, 4} || s == Shape{8, 8}));
    eight += s == Shape{2, 4};
  }
  CHECK(std::abs(eight - 30000) < 500);
}

TEST_CASE("pod policies: hand-worked placements tell them apart (2x2 slices on the 16x16 pod)") {
  SUBCASE("one busy chip at (0,0): first fit moves right, the others stay beside it") {
    Occupancy occ = pod_occupancy();
    occ.assign(Block{0, 0, 1, 1}, 0);
    CHECK(place("pod-ff", occ, {2, 2}) == Block{2, 0, 2, 2});
    // bf and lfc descend into the tightest half, quarter, ... down to the 2x4 holding the chip;
    // pack takes the one position whose 2x4 is already broken
    CHECK(place("pod-bf", occ, {2, 2}) == Block{0, 2, 2, 2});
    CHECK(place("pod-lfc", occ, {2, 2}) == Block{0, 2, 2, 2});
    CHECK(place("pod-pack", occ, {2, 2}) == Block{0, 2, 2, 2});
  }
  SUBCASE("scattered free chips: bf counts slices that fit, lfc counts free chips") {
    Occupancy occ = pod_occupancy();
    JobId id = 0;
    // left half: a busy chip at every even (x, y) but (0, 0): one free 2x2 position, 97 free chips
    for (int y = 0; y < 16; y += 2)
      for (int x = 0; x < 8; x += 2)
        if (x || y) occ.assign(Block{x, y, 1, 1}, id++);
    // right half: rows 2..15 busy: four free 2x2 positions, 16 free chips
    occ.assign(Block{8, 2, 8, 14}, id++);
    CHECK(place("pod-ff", occ, {2, 2}) == Block{0, 0, 2, 2});
    CHECK(place("pod-bf", occ, {2, 2}) == Block{0, 0, 2, 2});   // 1 slice fits on the left, 4 on the right
    CHECK(place("pod-lfc", occ, {2, 2}) == Block{8, 0, 2, 2});  // 16 free chips on the right, 97 on the left
    CHECK(place("pod-pack", occ, {2, 2}) == Block{8, 0, 2, 2}); // no free 2x4 either way; the emptier neighbourhood
  }
  SUBCASE("a free 4x4 in a full half: bf and lfc go into it, pack keeps it whole") {
    Occupancy occ = pod_occupancy();
    occ.assign(Block{0, 4, 8, 12}, 0);
    occ.assign(Block{4, 0, 4, 4}, 1);  // left half: only the 4x4 at (0,0) free
    JobId id = 2;
    for (int y = 0; y < 16; y += 4)  // right half: one busy chip at the top of every 2x4
      for (int x = 8; x < 16; x += 2) occ.assign(Block{x, y + 3, 1, 1}, id++);
    CHECK(place("pod-ff", occ, {2, 2}) == Block{0, 0, 2, 2});
    CHECK(place("pod-bf", occ, {2, 2}) == Block{0, 0, 2, 2});   // 4 slices fit on the left, 16 on the right
    CHECK(place("pod-lfc", occ, {2, 2}) == Block{0, 0, 2, 2});  // 16 free chips on the left, 112 on the right
    CHECK(place("pod-pack", occ, {2, 2}) == Block{8, 0, 2, 2}); // breaks no free 2x4 (the left one would break a 4x4)
  }
}

TEST_CASE("pod-pack: counted work by hand, the parent domain's statistic included") {
  // 4x4 mesh, chip (0,0) busy, 2x2 slices: domain levels 2x2, 2x4, 4x4 (top = 2).
  Occupancy occ(Topology(TopologyKind::Mesh, 4, 4));
  occ.assign(Block{0, 0, 1, 1}, 0);
  auto st = test::make_strategy("pod-pack", occ.topology());
  Rng rng(1);
  std::optional<Allocation> a;
  const Ops ops = test::ops_during(*st, [&] { a = st->allocate(Request{99, {2, 2}}, occ, rng); });
  REQUIRE(a);
  CHECK(a->blocks == std::vector<Block>{{0, 2, 2, 2}});
  // build: 16 chips summed + 4 positions read                                            20
  // position (0,0): read (1), not free                                                    1
  // position (1,0), base (2,0): read (1); walk up: the 2x4 at (2,0) all free (1), the 4x4
  //   not (1), level 1; parent 2x4 read again (1)                                          4
  // position (0,1), base (0,2): read (1); the 2x4 at (0,0) holds the busy chip (1), level 0;
  //   parent (1); the smallest level so far: chosen                                        3
  // position (1,1), base (2,2): as (1,0)                                                   4
  CHECK(ops == 32);
}

TEST_CASE("pod policies: placements are exactly the request at an aligned base, found whenever one is free") {
  for (const StrategyInfo& si : strategies()) {
    if (si.finds != Finds::Aligned) continue;
    Rng rng(23);
    for (TopologyKind k : {TopologyKind::Torus, TopologyKind::Mesh})
      for (Shape m : {Shape{16, 16}, Shape{12, 7}, Shape{5, 9}}) {
        const Topology t(k, m.w, m.h);
        test::random_events(si.id, t, rng, 800, 8, si.finds, [&](const Strategy&, const Occupancy&) {});
        Occupancy occ(t);
        auto st = test::make_strategy(si.id, t);
        for (int e = 0; e < 400; ++e) {
          const Shape s{1 + int(rng.below(std::uint64_t(m.w))), 1 + int(rng.below(std::uint64_t(m.h)))};
          auto a = st->allocate(Request{e, s}, occ, rng);
          INFO(si.id, " ", m.w, "x", m.h, " request ", s.w, "x", s.h);
          CHECK(bool(a) == test::exists_free_aligned(occ, s.w, s.h));
          if (!a) continue;
          REQUIRE(a->blocks.size() == 1);
          const Block b = a->blocks[0];
          CHECK((b.w == s.w && b.h == s.h && b.x % s.w == 0 && b.y % s.h == 0));
          CHECK((b.x + b.w <= m.w && b.y + b.h <= m.h));  // never wraps
          test::check_allocation(occ, *a, s);
          occ.assign(*a, e);
          if (rng.below(3) == 0) occ = Occupancy(t);  // start over now and then
        }
      }
  }
}

TEST_CASE("pods: long runs place only legal slices (asserted per start), every policy, both generations") {
  for (const char* machine : {"tpu-v5e", "tpu-v6e"})
    for (const char* id : {"pod-ff", "pod-bf", "pod-lfc", "pod-pack"}) {
      INFO(machine, " ", id);
      const std::string link = std::string("machine=") + machine + "&jobs=600&arrival=poisson:0.05&service=exponential:100";
      CHECK(test::long_run(id, link) == 600);
      CHECK(test::long_run(id, link + "&scheduler=easy&job_size=slices:1x1=1/2x4=1/8x8=1/16x16=1") == 600);
    }
}

TEST_CASE("pods: a trace's jobs become the smallest legal slice with enough chips") {
  const std::vector<Shape> want = {{1, 1}, {2, 2}, {2, 4}, {4, 4}, {8, 16}, {16, 16}};
  CHECK(test::trace_slices("machine=tpu-v5e&strategy=pod-ff&trace=t.csv",
                           "arrival,width,height,runtime\n0,1,1,5\n1,3,1,5\n2,5,1,5\n3,3,3,5\n4,10,10,5\n5,16,16,5\n") == want);
}
