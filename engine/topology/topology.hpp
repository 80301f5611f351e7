// topology.hpp — the machine: a W×H 2D mesh or 2D torus of processors.
// Node ids are row-major (id = y·W + x). On a torus every row and column is a ring, so hop
// distance takes the shorter way round and blocks may wrap around an edge.
#pragma once
#include <array>
#include <cstdlib>
#include "../core/geometry.hpp"

namespace alloclab {

enum class TopologyKind { Mesh, Torus };

struct Coord {
  int x = 0, y = 0;
  bool operator==(const Coord&) const = default;
};

class Topology {
 public:
  Topology() = default;
  Topology(TopologyKind k, int w, int h) : kind_(k), w_(w), h_(h) {}

  TopologyKind kind() const { return kind_; }
  bool wraps() const { return kind_ == TopologyKind::Torus; }
  int width() const { return w_; }
  int height() const { return h_; }
  int nodes() const { return w_ * h_; }

  int id(int x, int y) const { return y * w_ + x; }
  Coord coord(int id) const { return {id % w_, id / w_}; }
  bool contains(int x, int y) const { return x >= 0 && y >= 0 && x < w_ && y < h_; }

  // Hop distance along one dimension of length n (shorter way round on a torus).
  int axis_distance(int a, int b, int n) const {
    int d = std::abs(a - b);
    return wraps() && n - d < d ? n - d : d;
  }
  int distance(Coord a, Coord b) const {
    return axis_distance(a.x, b.x, w_) + axis_distance(a.y, b.y, h_);
  }

  // Neighbours in the order right, up, left, down; -1 where a mesh edge has none.
  // (On a torus of side 1 or 2 a neighbour may be the node itself or repeat.)
  std::array<int, 4> neighbours(int node) const {
    const Coord c = coord(node);
    std::array<int, 4> n{-1, -1, -1, -1};
    auto at = [&](int x, int y) -> int {
      if (wraps()) return id((x + w_) % w_, (y + h_) % h_);
      return contains(x, y) ? id(x, y) : -1;
    };
    n[0] = at(c.x + 1, c.y);
    n[1] = at(c.x, c.y + 1);
    n[2] = at(c.x - 1, c.y);
    n[3] = at(c.x, c.y - 1);
    return n;
  }

  // Whether a block lies inside the machine (on a torus: its base is a node and it is no
  // larger than the machine; it may wrap).
  bool block_fits(const Block& b) const {
    if (b.w < 1 || b.h < 1 || b.w > w_ || b.h > h_) return false;
    if (!contains(b.x, b.y)) return false;
    return wraps() || (b.x + b.w <= w_ && b.y + b.h <= h_);
  }
  // Inclusive end (upper-right) node of a block; wraps modulo the sides on a torus.
  Coord block_end(const Block& b) const { return {(b.x + b.w - 1) % w_, (b.y + b.h - 1) % h_}; }
  // Calls f(x, y) for every node of the block (wrapping on a torus), rows bottom to top.
  template <class F>
  void for_each_node(const Block& b, F&& f) const {
    for (int j = 0; j < b.h; ++j) {
      int y = b.y + j;
      if (y >= h_) y -= h_;
      for (int i = 0; i < b.w; ++i) {
        int x = b.x + i;
        if (x >= w_) x -= w_;
        f(x, y);
      }
    }
  }

 private:
  TopologyKind kind_ = TopologyKind::Mesh;
  int w_ = 16, h_ = 16;
};

}  // namespace alloclab
