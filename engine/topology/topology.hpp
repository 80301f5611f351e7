// topology.hpp — the machine: a W×H×D mesh or torus of processors (D = 1: the 2D machine).
// Node ids: id = (z·H + y)·W + x, so a machine of depth 1 numbers its nodes row-major exactly
// as the 2D machine does. On a torus every line along an axis is a ring, so hop distance takes
// the shorter way round and blocks may wrap around an edge (in every dimension).
//
// A collective's slice network on a cube pod (net/slice_net.hpp) is a Topology of its own
// wiring (Topology::wired): a torus may have wrap links in some dimensions only (a mesh line
// elsewhere), and a twisted torus's short-side wrap links land k chips along each long side
// (k×k×2k, k×2k×2k). The machine's own topologies never have either.
#pragma once
#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>
#include <type_traits>
#include "../core/geometry.hpp"

namespace alloclab {

enum class TopologyKind { Mesh, Torus };

struct Coord {
  int x = 0, y = 0;
  int z = 0;  // layer (0 on a 2D machine)
  bool operator==(const Coord&) const = default;
};

class Topology {
 public:
  Topology() = default;
  Topology(TopologyKind k, int w, int h, int d = 1) : kind_(k), w_(w), h_(h), d_(d) {}
  // A slice's own wiring: wrap links in the dimensions of `wrap_dims` (bit 0 x, 1 y, 2 z; none:
  // a mesh), twisted (twistable() shapes only, every dimension wrapping): the wrap link leaving
  // a short side (k chips) lands k chips further along every long side (2k chips).
  static Topology wired(int w, int h, int d, unsigned wrap_dims, bool twisted) {
    Topology t(wrap_dims ? TopologyKind::Torus : TopologyKind::Mesh, w, h, d);
    t.wrap_dims_ = std::uint8_t(wrap_dims & 7u);
    t.twisted_ = twisted;
    return t;
  }
  // k×k×2k or k×2k×2k (k ≥ 1, in this orientation): the shapes a torus can be twisted in.
  static bool twistable(int w, int h, int d) {
    return (w == h && d == 2 * w) || (h == d && h == 2 * w);
  }

  TopologyKind kind() const { return kind_; }
  bool wraps() const { return kind_ == TopologyKind::Torus; }
  int width() const { return w_; }
  int height() const { return h_; }
  int depth() const { return d_; }
  // 2 for a machine of depth 1, else 3.
  int dims() const { return d_ == 1 ? 2 : 3; }
  int nodes() const { return w_ * h_ * d_; }
  // Whether dimension `dim` (0 x, 1 y, 2 z) has wrap links; a twisted torus (wired()).
  bool wraps_dim(int dim) const { return wraps() && (wrap_dims_ >> dim & 1u); }
  bool twisted() const { return twisted_; }
  // The side along dimension `dim`.
  int side(int dim) const { return dim == 0 ? w_ : dim == 1 ? h_ : d_; }

  int id(int x, int y, int z = 0) const { return (z * h_ + y) * w_ + x; }
  Coord coord(int id) const {
    if (d_ == 1) return {id % w_, id / w_, 0};
    const int row = id / w_;
    return {id % w_, row % h_, row / h_};
  }
  bool contains(int x, int y, int z = 0) const {
    return x >= 0 && y >= 0 && z >= 0 && x < w_ && y < h_ && z < d_;
  }

  // Hop distance along one dimension of length n (shorter way round on a torus).
  int axis_distance(int a, int b, int n) const {
    int d = std::abs(a - b);
    return wraps() && n - d < d ? n - d : d;
  }
  // Hop distance; on a twisted torus the one ignoring the twist (its routing walks its routes).
  int distance(Coord a, Coord b) const {
    if (wrap_dims_ != 7u)
      return dim_distance(a.x, b.x, 0) + dim_distance(a.y, b.y, 1) + dim_distance(a.z, b.z, 2);
    return axis_distance(a.x, b.x, w_) + axis_distance(a.y, b.y, h_) + axis_distance(a.z, b.z, d_);
  }

  // The 2D neighbours in the order right, up, left, down (the ports of the 2D network's
  // routers); -1 where a mesh edge has none. Within the node's layer.
  // (On a torus of side 1 or 2 a neighbour may be the node itself or repeat.)
  std::array<int, 4> neighbours(int node) const {
    if (wired_specially()) {
      const std::array<int, 6> n6 = wired_neighbours6(node);
      return {n6[0], n6[1], n6[2], n6[3]};
    }
    const Coord c = coord(node);
    std::array<int, 4> n{-1, -1, -1, -1};
    auto at = [&](int x, int y) -> int {
      if (wraps()) return id((x + w_) % w_, (y + h_) % h_, c.z);
      return contains(x, y) ? id(x, y, c.z) : -1;
    };
    n[0] = at(c.x + 1, c.y);
    n[1] = at(c.x, c.y + 1);
    n[2] = at(c.x - 1, c.y);
    n[3] = at(c.x, c.y - 1);
    return n;
  }
  // All six neighbours in the order +x, +y, -x, -y, +z, -z (the first four as neighbours());
  // -1 where a mesh edge has none (on a machine of depth 1: +z and -z on a mesh; on a torus of
  // depth 1 they are the node itself).
  std::array<int, 6> neighbours6(int node) const {
    if (wired_specially()) return wired_neighbours6(node);
    const Coord c = coord(node);
    const std::array<int, 4> p = neighbours(node);
    std::array<int, 6> n{p[0], p[1], p[2], p[3], -1, -1};
    auto at = [&](int z) -> int {
      if (wraps()) return id(c.x, c.y, (z + d_) % d_);
      return z >= 0 && z < d_ ? id(c.x, c.y, z) : -1;
    };
    n[4] = at(c.z + 1);
    n[5] = at(c.z - 1);
    return n;
  }

  // Whether a block lies inside the machine (on a torus: its base is a node and it is no
  // larger than the machine; it may wrap).
  bool block_fits(const Block& b) const {
    if (b.w < 1 || b.h < 1 || b.d < 1 || b.w > w_ || b.h > h_ || b.d > d_) return false;
    if (!contains(b.x, b.y, b.z)) return false;
    return wraps() || (b.x + b.w <= w_ && b.y + b.h <= h_ && b.z + b.d <= d_);
  }
  // Inclusive end (upper-right-back) node of a block; wraps modulo the sides on a torus.
  Coord block_end(const Block& b) const {
    return {(b.x + b.w - 1) % w_, (b.y + b.h - 1) % h_, (b.z + b.d - 1) % d_};
  }
  // Calls f(x, y, z) for every node of the block (wrapping on a torus): layers front to back,
  // rows bottom to top, x ascending. A callback taking (x, y) is given the block's base layer
  // only: that form is for code that runs on machines of depth 1 (the 2D strategies).
  template <class F>
  void for_each_node(const Block& b, F&& f) const {
    if constexpr (std::is_invocable_v<F&, int, int, int>) {
      for (int k = 0; k < b.d; ++k) {
        int z = b.z + k;
        if (z >= d_) z -= d_;
        for_each_in_layer(b, [&](int x, int y) { f(x, y, z); });
      }
    } else {
      for_each_in_layer(b, f);
    }
  }

 private:
  bool wired_specially() const { return twisted_ || (wraps() && wrap_dims_ != 7u); }
  int dim_distance(int a, int b, int dim) const {
    const int n = side(dim), d = std::abs(a - b);
    return wraps_dim(dim) && n - d < d ? n - d : d;
  }
  // neighbours6 of a wired() topology: per dimension a ring or a line, and on a twisted torus a
  // short side's wrap link shifted by k along each long side.
  std::array<int, 6> wired_neighbours6(int node) const {
    const Coord c = coord(node);
    const int k = std::min(w_, std::min(h_, d_));
    std::array<int, 6> n{};
    constexpr int plus[3] = {0, 1, 4}, minus[3] = {2, 3, 5};
    for (int dim = 0; dim < 3; ++dim) {
      const int len = side(dim);
      for (const int s : {+1, -1}) {
        int p[3] = {c.x, c.y, c.z};
        p[dim] += s;
        const bool wrapped = p[dim] < 0 || p[dim] >= len;
        int& slot = n[std::size_t(s > 0 ? plus[dim] : minus[dim])];
        if (wrapped && !wraps_dim(dim)) {
          slot = -1;
          continue;
        }
        p[dim] = (p[dim] + len) % len;
        if (wrapped && twisted_ && len == k && k < std::max(w_, std::max(h_, d_)))
          for (int o = 0; o < 3; ++o)
            if (side(o) == 2 * k) p[o] = (p[o] + k) % side(o);  // the twist: +k and −k are one shift mod 2k
        slot = id(p[0], p[1], p[2]);
      }
    }
    return n;
  }

  template <class F>
  void for_each_in_layer(const Block& b, F&& f) const {
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

  TopologyKind kind_ = TopologyKind::Mesh;
  int w_ = 16, h_ = 16, d_ = 1;
  std::uint8_t wrap_dims_ = 7;  // wired(): the dimensions with wrap links (a torus); else all
  bool twisted_ = false;        // wired(): a twisted torus
};

}  // namespace alloclab
