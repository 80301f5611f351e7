// test_ffwp.cpp — First Fit with static partitions: partition choice by size class, the
// fallback order, validity and FF's completeness (requested orientation), a long simulation.
#include <doctest/doctest.h>
#include "baselines.hpp"

using namespace alloclab;

namespace {
std::optional<Block> place(const Occupancy& occ, Shape s) {
  auto st = test::make_strategy("ffwp", occ.topology());
  return test::place_contiguous(*st, occ, s);
}
}  // namespace

TEST_CASE("ffwp: each size class starts in its own partition (16x16)") {
  // L = columns 0..7 (all rows), M = columns 8..15 rows 0..7, S = columns 8..15 rows 8..15
  Occupancy occ(Topology(TopologyKind::Mesh, 16, 16));
  CHECK(place(occ, {2, 2}) == Block{8, 8, 2, 2});    // small: ≤ 4x4
  CHECK(place(occ, {4, 4}) == Block{8, 8, 4, 4});
  CHECK(place(occ, {5, 2}) == Block{8, 0, 5, 2});    // medium: fits 8x8
  CHECK(place(occ, {8, 8}) == Block{8, 0, 8, 8});
  CHECK(place(occ, {3, 12}) == Block{0, 0, 3, 12});  // large: the left half
  CHECK(place(occ, {12, 3}) == Block{0, 0, 12, 3});  // fits no partition: whole machine
}

TEST_CASE("ffwp: fallback order small -> medium -> large -> whole machine") {
  Occupancy occ(Topology(TopologyKind::Mesh, 16, 16));
  occ.assign(Block{8, 8, 8, 8}, 0);  // S full
  CHECK(place(occ, {2, 2}) == Block{8, 0, 2, 2});  // spills into M
  occ.assign(Block{8, 0, 8, 8}, 1);  // M full
  CHECK(place(occ, {2, 2}) == Block{0, 0, 2, 2});  // then L
  // medium falls back to L, then S
  Occupancy o2(Topology(TopologyKind::Mesh, 16, 16));
  o2.assign(Block{8, 0, 8, 8}, 0);  // M full
  CHECK(place(o2, {6, 6}) == Block{0, 0, 6, 6});
  o2.assign(Block{0, 0, 8, 16}, 1);  // L full
  CHECK(place(o2, {6, 6}) == Block{8, 8, 6, 6});
  // free columns 6..9 only: no partition holds a 4x4, the last pass straddles L and M
  Occupancy o3(Topology(TopologyKind::Mesh, 16, 16));
  o3.assign(Block{0, 0, 6, 16}, 0);
  o3.assign(Block{10, 0, 6, 16}, 1);
  CHECK(place(o3, {4, 4}) == Block{6, 0, 4, 4});
}

TEST_CASE("ffwp: long simulations end with invariants intact") {
  CHECK(test::long_run("ffwp", "size=32x32&jobs=2000&arrival=poisson:0.05&service=exponential:20&seed=6") == 2000);
  CHECK(test::long_run("ffwp", "size=20x20&topology=torus&jobs=2000&arrival=batch&seed=7") == 2000);
}
