// slice_grid.hpp — what the accelerator-pod placement policies share (pod_ff.cpp, pod_bf.cpp,
// pod_lfc.cpp, pod_pack.cpp): the legal positions of a slice and the nested domains around them.
//
// Legal positions (pod/pods.hpp): a w×h slice sits at (i·w, j·h), inside the machine, never
// rotated and never wrapping around a torus edge. On a pod machine every legal shape divides the
// pod's sides; on any other machine (the policies run everywhere, so the registry's tests apply
// to them) the positions are the same rule: the whole w×h tiles that fit, from the origin.
//
// Domains: the aligned blocks around a position, from the slice's own shape up to the whole
// machine, each level doubling the shorter side of the one below (the longer side's doubling
// waits; once a side covers the machine only the other grows): from a 1x1 slice on the 16x16
// pod, 1x1, 1x2, 2x2, 2x4, 4x4, 4x8, 8x8, 8x16, 16x16 — the pod's slice catalogue (plus 1x2),
// each domain exactly one legal position of the next larger shape. A domain at level k is the
// level's block containing the position, aligned to the level's shape and cut at the machine's
// edge. This is Kueue's topology hierarchy (block, rack, host) made of the pod's own geometry.
//
// Counted work (the unit of every pod policy): one operation = one chip summed into the free-chip
// table (W·H per decision), one legal position read, or one domain whose free chips or free
// positions are compared.
#pragma once
#include <optional>
#include <vector>
#include "multislice.hpp"
#include "strategy.hpp"

namespace alloclab {

// The free chips of an occupancy as 2D prefix sums: the free chips of any rectangle in O(1).
// (The pod metrics read the same table: metrics/pod_meter.hpp.)
class ChipSums {
 public:
  // W·H work (the caller counts it).
  void build(const Occupancy& occ);
  int width() const { return W_; }
  int height() const { return H_; }
  // Free chips in [x0, x1) × [y0, y1).
  int sum(int x0, int y0, int x1, int y1) const {
    const std::size_t cw = std::size_t(W_ + 1);
    return v_[std::size_t(y1) * cw + std::size_t(x1)] - v_[std::size_t(y0) * cw + std::size_t(x1)] -
           v_[std::size_t(y1) * cw + std::size_t(x0)] + v_[std::size_t(y0) * cw + std::size_t(x0)];
  }
  // Whether the w×h tile at legal position (i, j) — base (i·w, j·h) — is wholly free.
  bool tile_free(Shape s, int i, int j) const { return sum(i * s.w, j * s.h, (i + 1) * s.w, (j + 1) * s.h) == s.w * s.h; }
  // Wholly free legal positions of shape s: the whole s tiles from the origin.
  int free_tiles(Shape s) const;

 private:
  int W_ = 0, H_ = 0;
  std::vector<int> v_;  // (W+1)·(H+1) prefix sums of free chips
};

// Free chips and free legal positions of one domain.
struct DomainStat {
  Block block;
  int positions = 0;  // free legal positions of the slice inside it
  int chips = 0;      // free chips inside it
};

class SliceGrid {
 public:
  // Reads the occupancy for slices of shape s; adds the work to ops. Valid until occ changes.
  void build(const Occupancy& occ, Shape s, Ops& ops);
  int positions_x() const { return nx_; }  // legal positions per row and per column
  int positions_y() const { return ny_; }
  bool free_at(int i, int j) const { return pos_sum(i, j, i + 1, j + 1) == 1; }
  Block position(int i, int j) const { return Block{i * s_.w, j * s_.h, s_.w, s_.h}; }
  // Domain levels: levels()[0] is the slice shape, back() covers the machine.
  const std::vector<Shape>& levels() const { return levels_; }
  // The domain of level k containing chip (x, y), cut at the machine's edge.
  Block domain(int k, int x, int y) const;
  DomainStat stat(const Block& d) const;
  // The first free legal position in row-major order (rows from y = 0, x ascending).
  std::optional<Block> first(Ops& ops) const;
  // Descends from the whole machine: at each level, among the child domains holding a free
  // position, the one `better` prefers (better(a, b) true: a over b; ties keep the first in
  // row-major order), down to one position. nullopt when no position is free.
  template <class Better>
  std::optional<Block> descend(Better better, Ops& ops) const {
    if (nx_ == 0 || ny_ == 0 || pos_sum(0, 0, nx_, ny_) == 0) return std::nullopt;
    Block d = domain(int(levels_.size()) - 1, 0, 0);
    for (int k = int(levels_.size()) - 2; k >= 0; --k) {
      std::optional<DomainStat> pick;
      for_each_child(d, k, [&](const Block& c) {
        const DomainStat st = stat(c);
        ++ops;
        if (st.positions > 0 && (!pick || better(st, *pick))) pick = st;
      });
      d = pick->block;  // a domain with a free position has a child with one
    }
    return d;
  }

 private:
  template <class F>
  void for_each_child(const Block& d, int k, F&& f) const {
    const Shape c = levels_[std::size_t(k)];
    for (int y = d.y; y < d.y + d.h; y += c.h)
      for (int x = d.x; x < d.x + d.w; x += c.w) f(domain(k, x, y));
  }
  int pos_sum(int i0, int j0, int i1, int j1) const;   // free positions in [i0, i1) × [j0, j1)
  int W_ = 0, H_ = 0, nx_ = 0, ny_ = 0;
  Shape s_;
  std::vector<Shape> levels_;
  ChipSums chips_;
  std::vector<int> pos_;    // (nx+1)·(ny+1) prefix sums of free legal positions
};

// The frame every pod policy shares: build the grid for the request, let the policy choose a
// legal position (Derived::choose(const SliceGrid&, Ops&) -> std::optional<Block>), place one
// block there or nothing; a multislice request, one slice after another (multislice.hpp). No
// state between decisions and no random draws, so a failure repeats.
template <class Derived>
class SlicePolicy : public StrategyBase<Derived> {
 public:
  std::optional<Allocation> allocate(const Request& req, const Occupancy& occ, Rng&) override {
    return place_slices(req, occ, scratch_, [&](const Occupancy& o) -> std::optional<Allocation> {
      grid_.build(o, req.shape, this->ops_);
      if (auto b = static_cast<const Derived&>(*this).choose(grid_, this->ops_)) return Allocation{{*b}};
      return std::nullopt;
    });
  }
  bool repeats_failures() const override { return true; }

 private:
  SliceGrid grid_;                    // scratch, rebuilt per decision
  std::optional<Occupancy> scratch_;  // multislice: the occupancy with the chosen slices
};

}  // namespace alloclab
