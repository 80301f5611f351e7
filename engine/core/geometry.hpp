// geometry.hpp — value types shared by the whole engine: shapes, blocks and allocations.
//
// Coordinates: x is the column (0 = left), y the row (0 = bottom), z the layer (0 = front) on a
// 3D machine. A 2D machine is a 3D one of depth 1: every shape and block has a depth d (default
// 1) and a block a layer z (default 0), declared last so that `Shape{w, h}` and
// `Block{x, y, w, h}` stay the 2D values they always were.
// A Block is stored as base (lower-left-front) + size so that a block on a torus that wraps
// around an edge needs no special case; Topology::block_end() gives the contract's inclusive
// end, which on a torus may be smaller than the base (x1 > x2 means the block wraps).
#pragma once
#include <cstdint>
#include <vector>

namespace alloclab {

using JobId = std::int32_t;
inline constexpr JobId kNoJob = -1;

struct Shape {
  int w = 1, h = 1;  // columns × rows
  int d = 1;         // layers (1 on a 2D machine)
  // Processors: w·h·d (the area when d = 1).
  int area() const { return w * h * d; }
  // Columns and rows swapped (the 2D rotation; the depth stays).
  Shape rotated() const { return {h, w, d}; }
  bool operator==(const Shape&) const = default;
};

struct Block {
  int x = 0, y = 0;  // base (lower-left) node
  int w = 1, h = 1;  // size in columns × rows (may wrap on a torus)
  int z = 0, d = 1;  // base layer and layers (0 and 1 on a 2D machine)
  // Processors: w·h·d (the area when d = 1).
  int area() const { return w * h * d; }
  Shape shape() const { return {w, h, d}; }
  bool operator==(const Block&) const = default;
};

// The nodes given to one job: one block for contiguous strategies, several otherwise.
struct Allocation {
  std::vector<Block> blocks;
  int nodes() const {
    int n = 0;
    for (const Block& b : blocks) n += b.area();
    return n;
  }
};

// Blocks taken as plain rectangles (no wrap-around), as the free- and busy-list strategies keep
// them on a mesh. These three look at x, y, w and h only: they serve the 2D strategies, which
// run on machines of depth 1.
// Do a and b share a node?
inline bool blocks_overlap(const Block& a, const Block& b) {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}
// Is every node of `in` inside `outer`?
inline bool block_contains(const Block& outer, const Block& in) {
  return outer.x <= in.x && outer.y <= in.y && in.x + in.w <= outer.x + outer.w && in.y + in.h <= outer.y + outer.h;
}
// The nodes a and b share (callers check blocks_overlap first).
inline Block block_intersection(const Block& a, const Block& b) {
  const int x0 = a.x > b.x ? a.x : b.x, y0 = a.y > b.y ? a.y : b.y;
  const int x1 = a.x + a.w < b.x + b.w ? a.x + a.w : b.x + b.w, y1 = a.y + a.h < b.y + b.h ? a.y + a.h : b.y + b.h;
  return Block{x0, y0, x1 - x0, y1 - y0};
}

}  // namespace alloclab
