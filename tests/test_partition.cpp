// test_partition.cpp — the recursive-partitioning driver (alloc/partition.hpp) on its own, with
// First Fit and a halving split: the fast path, the up-front and capped failures, the order of
// the pieces and the skip rule (a shape containing one that failed is not searched again).
#include <doctest/doctest.h>
#include <vector>
#include "alloc/fit.hpp"
#include "alloc/partition.hpp"

using namespace alloclab;

namespace {
std::pair<Shape, Shape> halve(Shape s) {  // the longest side in two (ties: the columns)
  if (s.w >= s.h) return {Shape{s.w - s.w / 2, s.h}, Shape{s.w / 2, s.h}};
  return {Shape{s.w, s.h - s.h / 2}, Shape{s.w, s.h / 2}};
}
auto ff = [](const Occupancy& o, Shape s) { return find_ff(o, s); };
struct Step {
  Shape s;
  PartitionEvent ev;
};
}  // namespace

TEST_CASE("partition: the whole request first, failures up front and by the cap") {
  const Topology mesh(TopologyKind::Mesh, 4, 4);
  Occupancy occ(mesh);
  occ.assign(Block{1, 1, 2, 2}, 9);  // the centre is busy: a ring of 12 free nodes
  auto whole = partition_allocate(occ, Shape{4, 1}, 0, ff, halve);
  REQUIRE(whole);
  CHECK(whole->blocks == std::vector<Block>{Block{0, 0, 4, 1}});
  CHECK_FALSE(partition_allocate(occ, Shape{13, 1}, 0, ff, halve));  // 13 > 12 free nodes
  std::vector<Step> steps;
  auto seen = [&](Shape s, PartitionEvent ev, const std::optional<Block>&) { steps.push_back(Step{s, ev}); };
  CHECK_FALSE(partition_allocate_traced(occ, Shape{3, 4}, 1, ff, halve, seen));  // would need pieces
  REQUIRE(steps.size() == 2);
  CHECK(steps[0].ev == PartitionEvent::NoPlace);
  CHECK(steps[1].ev == PartitionEvent::Capped);
  CHECK(occ.owner(0, 0) == kNoJob);  // the input is never changed
}

TEST_CASE("partition: pieces in order, on nodes free and disjoint, failed shapes skipped") {
  const Topology mesh(TopologyKind::Mesh, 4, 4);
  Occupancy occ(mesh);
  occ.assign(Block{1, 1, 2, 2}, 9);
  std::vector<Step> steps;
  auto seen = [&](Shape s, PartitionEvent ev, const std::optional<Block>&) { steps.push_back(Step{s, ev}); };
  // 3x4 → 3x2 (no place) → 2x2 (no place) → 1x2 at (0,0), 1x2 at (3,0); 1x2 at (0,2); the
  // second 3x2 and its 2x2 contain the failed 2x2: skipped, not searched; 1x2 at (3,2); then
  // 1x2 finds no place (1x1 at (1,0), (2,0)) and the last 1x2 is skipped (1x1 at (1,3), (2,3))
  const auto a = partition_allocate_traced(occ, Shape{3, 4}, 0, ff, halve, seen);
  REQUIRE(a);
  REQUIRE(a->blocks.size() == 8);
  CHECK(a->blocks[0] == Block{0, 0, 1, 2});
  CHECK(a->blocks[1] == Block{3, 0, 1, 2});
  CHECK(a->blocks[2] == Block{0, 2, 1, 2});
  CHECK(a->blocks[3] == Block{3, 2, 1, 2});
  CHECK(a->blocks[7] == Block{2, 3, 1, 1});
  CHECK(a->nodes() == 12);
  std::vector<int> seen_node(16, 0);
  for (const Block& b : a->blocks)
    mesh.for_each_node(b, [&](int x, int y) {
      CHECK(occ.owner(x, y) == kNoJob);
      CHECK(seen_node[std::size_t(mesh.id(x, y))]++ == 0);
    });
  std::vector<Shape> skipped;
  for (const Step& s : steps)
    if (s.ev == PartitionEvent::Skipped) skipped.push_back(s.s);
  CHECK(skipped == std::vector<Shape>{Shape{3, 2}, Shape{2, 2}, Shape{1, 2}});
}
