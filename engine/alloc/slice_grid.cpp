// slice_grid.cpp — the free-chip table (ChipSums), SliceGrid's free-position table and its domain levels.
#include "slice_grid.hpp"
#include <algorithm>

namespace alloclab {

void SliceGrid::build(const Occupancy& occ, Shape s, Ops& ops) {
  W_ = occ.width();
  H_ = occ.height();
  s_ = s;
  nx_ = s.w <= W_ ? W_ / s.w : 0;
  ny_ = s.h <= H_ ? H_ / s.h : 0;
  // domain levels: double the shorter side (width on a tie goes second: 1x1 -> 1x2 -> 2x2)
  levels_.assign(1, s);
  for (Shape d = s; d.w < W_ || d.h < H_;) {
    if (d.w >= W_) d.h *= 2;
    else if (d.h >= H_) d.w *= 2;
    else if (d.w < d.h) d.w *= 2;
    else d.h *= 2;
    levels_.push_back(d);
  }
  chips_.build(occ);
  ops += Ops(W_) * H_;
  // free legal positions, prefix sums
  const int pw = nx_ + 1;
  pos_.assign(std::size_t(pw) * std::size_t(ny_ + 1), 0);
  for (int j = 0; j < ny_; ++j) {
    int run = 0;
    for (int i = 0; i < nx_; ++i) {
      run += chips_.tile_free(s, i, j);
      pos_[std::size_t(j + 1) * pw + std::size_t(i + 1)] = pos_[std::size_t(j) * pw + std::size_t(i + 1)] + run;
    }
  }
  ops += Ops(nx_) * ny_;
}

void ChipSums::build(const Occupancy& occ) {
  W_ = occ.width();
  H_ = occ.height();
  const int cw = W_ + 1;
  v_.assign(std::size_t(cw) * std::size_t(H_ + 1), 0);
  for (int y = 0; y < H_; ++y) {
    const std::uint64_t* row = occ.free_row(y);
    int run = 0;
    for (int x = 0; x < W_; ++x) {
      run += int((row[x >> 6] >> (x & 63)) & 1u);
      v_[std::size_t(y + 1) * cw + std::size_t(x + 1)] = v_[std::size_t(y) * cw + std::size_t(x + 1)] + run;
    }
  }
}

int ChipSums::free_tiles(Shape s) const {
  const int nx = s.w <= W_ ? W_ / s.w : 0, ny = s.h <= H_ ? H_ / s.h : 0;
  int n = 0;
  for (int j = 0; j < ny; ++j)
    for (int i = 0; i < nx; ++i) n += tile_free(s, i, j);
  return n;
}

int SliceGrid::pos_sum(int i0, int j0, int i1, int j1) const {
  const std::size_t pw = std::size_t(nx_ + 1);
  return pos_[std::size_t(j1) * pw + std::size_t(i1)] - pos_[std::size_t(j0) * pw + std::size_t(i1)] -
         pos_[std::size_t(j1) * pw + std::size_t(i0)] + pos_[std::size_t(j0) * pw + std::size_t(i0)];
}

Block SliceGrid::domain(int k, int x, int y) const {
  const Shape d = levels_[std::size_t(k)];
  const int bx = x / d.w * d.w, by = y / d.h * d.h;
  return Block{bx, by, std::min(d.w, W_ - bx), std::min(d.h, H_ - by)};
}

DomainStat SliceGrid::stat(const Block& d) const {
  DomainStat st;
  st.block = d;
  st.chips = chips_.sum(d.x, d.y, d.x + d.w, d.y + d.h);
  // positions whose whole tile lies in d (d's base is a multiple of the slice's sides)
  const int i0 = d.x / s_.w, j0 = d.y / s_.h;
  const int i1 = std::min(nx_, (d.x + d.w) / s_.w), j1 = std::min(ny_, (d.y + d.h) / s_.h);
  st.positions = i1 > i0 && j1 > j0 ? pos_sum(i0, j0, i1, j1) : 0;
  return st;
}

std::optional<Block> SliceGrid::first(Ops& ops) const {
  for (int j = 0; j < ny_; ++j)
    for (int i = 0; i < nx_; ++i) {
      ++ops;
      if (free_at(i, j)) return position(i, j);
    }
  return std::nullopt;
}

}  // namespace alloclab
