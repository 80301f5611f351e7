// cube_grid.hpp — what the cube-pod placement policies share (cube_ff.cpp, cube_bf.cpp,
// cube_lfc.cpp, cube_pack.cpp) and the cube-pod metrics read (metrics/pod_meter.hpp): the free
// chips of a cube pod as one 64-bit mask per cube, the legal positions of a sub-cube slice inside
// a cube with the nested domains around them, and the free boxes of whole cubes on the fixed torus
// of cubes.
//
// The machine is the pod's 3D torus of chips, W×H×D with every side a multiple of 4; cube c =
// (cx, cy, cz) holds chips [4cx, 4cx+4) × [4cy, 4cy+4) × [4cz, 4cz+4), and cubes are numbered in
// node-id order (c = (cz·NY + cy)·NX + cx). Chip (x, y, z) of a cube is bit x + 4y + 16z of its
// mask (bit set = free). Legal positions are pod/pods.hpp's:
// - a sub-cube shape s (sides 1, 2 or 4) sits at bases that are multiples of s inside one cube;
//   its positions in a cube are listed in node-id order of their bases;
// - domains inside a cube: from s, each level doubles the smallest side (ties: z, then y, then
//   x) up to the whole cube: from 2x2x1, 2x2x2, 2x2x4, 2x4x4, 4x4x4 — every sub-cube shape of the
//   v4 and v5p catalogues, each domain one legal position of the next shape up (the 2D pods'
//   SliceGrid levels, slice_grid.hpp, in 3D and inside a cube);
// - a slice of a×b×c cubes on the fixed torus (ocs=off) is a box of cubes based at any cube,
//   wrapping; with ocs=on any k wholly free cubes.
//
// Counted work (the unit of every cube policy): one operation = one 4-chip row of a cube read
// into the masks (W·H·D / 4 per decision), one legal position or cube read, one domain or box
// compared.
#pragma once
#include <array>
#include <cstdint>
#include <optional>
#include <vector>
#include "multislice.hpp"
#include "strategy.hpp"

namespace alloclab {

class CubeGrid {
 public:
  // Reads the occupancy (sides multiples of 4); adds the work to ops. Valid until occ changes.
  void build(const Occupancy& occ, Ops& ops);
  int nx() const { return nx_; }
  int ny() const { return ny_; }
  int nz() const { return nz_; }
  int count() const { return int(mask_.size()); }
  std::uint64_t mask(int c) const { return mask_[std::size_t(c)]; }
  int free_chips(int c) const { return __builtin_popcountll(mask_[std::size_t(c)]); }
  bool cube_free(int c) const { return mask_[std::size_t(c)] == ~std::uint64_t(0); }
  int free_cubes() const;
  // The chips of cube c as a block.
  Block cube_block(int c) const;
  // Cube index of cube coordinates taken modulo the grid (the torus of cubes).
  int cube_at(int cx, int cy, int cz) const {
    cx %= nx_, cy %= ny_, cz %= nz_;
    return (cz * ny_ + cy) * nx_ + cx;
  }

 private:
  int nx_ = 0, ny_ = 0, nz_ = 0;
  std::vector<std::uint64_t> mask_;
};

// The chips of the box [x, x+w) × [y, y+h) × [z, z+d) inside a cube, as a mask.
std::uint64_t cube_mask(int x, int y, int z, Shape s);

// A sub-cube shape's legal positions inside a cube and its domain levels.
class SubCube {
 public:
  explicit SubCube(Shape s);
  Shape shape() const { return s_; }
  // Positions in node-id order of their bases: base (x, y, z) inside the cube and mask.
  struct Position {
    int x, y, z;
    std::uint64_t mask;
  };
  const std::vector<Position>& positions() const { return pos_; }
  // Domain levels: levels()[0] = the shape, back() = the cube (4x4x4).
  const std::vector<Shape>& levels() const { return levels_; }
  // The mask of the level-k domain containing base (x, y, z).
  std::uint64_t domain(int k, int x, int y, int z) const;
  // Free positions inside the chips `inside` of a cube whose free chips are `free`.
  int free_positions(std::uint64_t free, std::uint64_t inside = ~std::uint64_t(0)) const;
  // The block of position p of cube c.
  Block block(const CubeGrid& g, int c, const Position& p) const;

 private:
  Shape s_;
  std::vector<Position> pos_;
  std::vector<Shape> levels_;
};

// Sums over boxes of cubes on the torus of cubes (wrapping), of one value per cube, in O(1):
// prefix sums over the grid repeated twice along each axis.
class CubeSums {
 public:
  template <class F>
  void build(const CubeGrid& g, F&& value) {
    X_ = 2 * g.nx(), Y_ = 2 * g.ny(), Z_ = 2 * g.nz();
    p_.assign(std::size_t(X_ + 1) * std::size_t(Y_ + 1) * std::size_t(Z_ + 1), 0);
    for (int z = 0; z < Z_; ++z)
      for (int y = 0; y < Y_; ++y)
        for (int x = 0; x < X_; ++x)
          p_[at(x + 1, y + 1, z + 1)] = value(g.cube_at(x, y, z)) + p_[at(x, y + 1, z + 1)] + p_[at(x + 1, y, z + 1)] +
                                         p_[at(x + 1, y + 1, z)] - p_[at(x, y, z + 1)] - p_[at(x, y + 1, z)] -
                                         p_[at(x + 1, y, z)] + p_[at(x, y, z)];
  }
  // The sum over the a×b×c cubes based at cube (x, y, z) (0 <= x < NX, a <= NX, ...).
  long long box(int x, int y, int z, int a, int b, int c) const {
    const int x1 = x + a, y1 = y + b, z1 = z + c;
    return p_[at(x1, y1, z1)] - p_[at(x, y1, z1)] - p_[at(x1, y, z1)] - p_[at(x1, y1, z)] + p_[at(x, y, z1)] +
           p_[at(x, y1, z)] + p_[at(x1, y, z)] - p_[at(x, y, z)];
  }

 private:
  std::size_t at(int x, int y, int z) const {
    return (std::size_t(z) * std::size_t(Y_ + 1) + std::size_t(y)) * std::size_t(X_ + 1) + std::size_t(x);
  }
  int X_ = 0, Y_ = 0, Z_ = 0;
  std::vector<long long> p_;
};

// Boxes of whole cubes on the fixed torus of cubes (ocs=off): the request in cubes, its free
// bases, and the faces' neighbours.
struct CubeBoxes {
  int a = 0, b = 0, c = 0;  // the box in cubes
  CubeSums free;            // wholly free cubes
  // Whether the box fits the grid at all (each side at most the grid's).
  bool fits(const CubeGrid& g) const { return a <= g.nx() && b <= g.ny() && c <= g.nz(); }
  void build(const CubeGrid& g, Shape s);
  bool box_free(int cx, int cy, int cz) const { return free.box(cx, cy, cz, a, b, c) == (long long)a * b * c; }
  // The sum of `v` over the cubes just outside the box's six faces (a face along an axis the
  // box spans whole has no outside and counts nothing).
  long long faces(const CubeGrid& g, const CubeSums& v, int cx, int cy, int cz) const;
  // The slice's block: chips based at the cube's corner (wrapping).
  Block block(int cx, int cy, int cz) const {
    return Block{cx * 4, cy * 4, a * 4, b * 4, cz * 4, c * 4};
  }
};

// The frame every cube policy shares. Derived supplies
//   std::optional<Allocation> sub_cube(const CubeGrid&, const SubCube&, Ops&) const
//   std::optional<Allocation> fixed_torus(const CubeGrid&, const CubeBoxes&, Ops&) const   (ocs=off)
// and whole cubes with ocs=on take the first k wholly free cubes in index order (every wholly
// free cube is as good as another for them: the switches wire any cubes into the slice). A
// multislice request is placed one slice after another (multislice.hpp).
// No state between decisions and no random draws, so a failure repeats.
template <class Derived>
class CubePolicy : public StrategyBase<Derived> {
 public:
  explicit CubePolicy(bool ocs) : ocs_(ocs) {}
  std::optional<Allocation> allocate(const Request& req, const Occupancy& occ, Rng&) override {
    return place_slices(req, occ, scratch_, [&](const Occupancy& o) { return one_slice(req.shape, o); });
  }
  bool repeats_failures() const override { return true; }

 protected:
  // One slice of shape s on `occ`.
  std::optional<Allocation> one_slice(Shape s, const Occupancy& occ) {
    Derived& d = static_cast<Derived&>(*this);
    grid_.build(occ, this->ops_);
    if (s.area() < 64) return d.sub_cube(grid_, SubCube(s), this->ops_);
    if (ocs_) return first_free_cubes(s.area() / 64);
    boxes_.build(grid_, s);
    if (!boxes_.fits(grid_)) return std::nullopt;
    return d.fixed_torus(grid_, boxes_, this->ops_);
  }
  // The first k wholly free cubes in index order (ocs=on), or nothing when fewer are free.
  std::optional<Allocation> first_free_cubes(int k) {
    Allocation a;
    for (int c = 0; c < grid_.count() && int(a.blocks.size()) < k; ++c) {
      ++this->ops_;
      if (grid_.cube_free(c)) a.blocks.push_back(grid_.cube_block(c));
    }
    if (int(a.blocks.size()) < k) return std::nullopt;
    return a;
  }

 private:
  bool ocs_;
  CubeGrid grid_;     // scratch, rebuilt per decision
  CubeBoxes boxes_;   // scratch
  std::optional<Occupancy> scratch_;  // multislice: the occupancy with the chosen slices
};

// The first free base of the box in cube-id order (z, y, x), or nothing.
std::optional<Allocation> first_free_box(const CubeGrid& g, const CubeBoxes& bx, Ops& ops);
// The free base whose faces' neighbours score best (better(score, best) true: take it; ties keep
// the first in cube-id order), or nothing.
template <class Better>
std::optional<Allocation> best_free_box(const CubeGrid& g, const CubeBoxes& bx, const CubeSums& v, Better better, Ops& ops) {
  std::optional<Block> best;
  long long best_score = 0;
  for (int cz = 0; cz < g.nz(); ++cz)
    for (int cy = 0; cy < g.ny(); ++cy)
      for (int cx = 0; cx < g.nx(); ++cx) {
        ++ops;
        if (!bx.box_free(cx, cy, cz)) continue;
        const long long score = bx.faces(g, v, cx, cy, cz);
        if (!best || better(score, best_score)) best = bx.block(cx, cy, cz), best_score = score;
      }
  if (!best) return std::nullopt;
  return Allocation{{*best}};
}
// The free base whose faces touch the most cubes that are not wholly free (`busy`: scratch),
// the first in cube-id order on ties: cube-bf's and cube-pack's rule on the fixed torus.
std::optional<Allocation> most_contact_box(const CubeGrid& g, const CubeBoxes& bx, CubeSums& busy, Ops& ops);
// Descends inside cube c from the whole cube to one free position of sub's shape: at each level,
// among the child domains holding a free position, the one `better` prefers (better(a, b) with
// {free positions, free chips} pairs; ties keep the first in node-id order). Needs a free position.
template <class Better>
Block descend_in_cube(const CubeGrid& g, const SubCube& sub, int c, Better better, Ops& ops) {
  const std::uint64_t free = g.mask(c);
  const auto& L = sub.levels();
  int bx = 0, by = 0, bz = 0;  // the current domain's base
  for (int k = int(L.size()) - 2; k >= 0; --k) {
    const Shape parent = L[std::size_t(k) + 1], child = L[std::size_t(k)];
    std::optional<std::array<int, 5>> pick;  // positions, chips, x, y, z
    for (int z = bz; z < bz + parent.d; z += child.d)
      for (int y = by; y < by + parent.h; y += child.h)
        for (int x = bx; x < bx + parent.w; x += child.w) {
          ++ops;
          const std::uint64_t m = sub.domain(k, x, y, z);
          const std::array<int, 5> st{sub.free_positions(free, m), __builtin_popcountll(free & m), x, y, z};
          if (st[0] > 0 && (!pick || better(st, *pick))) pick = st;
        }
    bx = (*pick)[2], by = (*pick)[3], bz = (*pick)[4];
  }
  return Block{g.cube_block(c).x + bx, g.cube_block(c).y + by, sub.shape().w, sub.shape().h, g.cube_block(c).z + bz, sub.shape().d};
}

}  // namespace alloclab
