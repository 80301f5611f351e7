// cube_grid.cpp — the per-cube free masks (CubeGrid), a sub-cube shape's positions and domains
// (SubCube), and the boxes of whole cubes on the fixed torus of cubes (CubeBoxes).
#include "cube_grid.hpp"
#include <algorithm>
#include "../core/check.hpp"
#include "../pod/pods.hpp"

namespace alloclab {

void CubeGrid::build(const Occupancy& occ, Ops& ops) {
  const Topology& t = occ.topology();
  nx_ = t.width() / 4, ny_ = t.height() / 4, nz_ = t.depth() / 4;
  mask_.assign(std::size_t(nx_) * std::size_t(ny_) * std::size_t(nz_), 0);
  // each machine row (y, z) gives every cube of its row of cubes one 4-bit row of its mask
  for (int z = 0; z < t.depth(); ++z)
    for (int y = 0; y < t.height(); ++y) {
      const std::uint64_t* row = occ.free_row(y, z);
      const int shift = (y & 3) * 4 + (z & 3) * 16;
      std::uint64_t* cubes = mask_.data() + (std::size_t(z >> 2) * std::size_t(ny_) + std::size_t(y >> 2)) * std::size_t(nx_);
      for (int cx = 0; cx < nx_; ++cx) {
        const int x = cx * 4;
        cubes[cx] |= ((row[x >> 6] >> (x & 63)) & 0xFu) << shift;
      }
    }
  ops += Ops(t.nodes() / 4);
}

int CubeGrid::free_cubes() const {
  int n = 0;
  for (std::uint64_t m : mask_) n += m == ~std::uint64_t(0);
  return n;
}

Block CubeGrid::cube_block(int c) const {
  const int cx = c % nx_, cy = c / nx_ % ny_, cz = c / (nx_ * ny_);
  return Block{cx * 4, cy * 4, 4, 4, cz * 4, 4};
}

std::uint64_t cube_mask(int x, int y, int z, Shape s) {
  std::uint64_t m = 0;
  for (int k = z; k < z + s.d; ++k)
    for (int j = y; j < y + s.h; ++j)
      for (int i = x; i < x + s.w; ++i) m |= std::uint64_t(1) << (i + 4 * j + 16 * k);
  return m;
}

SubCube::SubCube(Shape s) : s_(s) {
  ALLOCLAB_CHECK(4 % s.w == 0 && 4 % s.h == 0 && 4 % s.d == 0, "sub-cube shape %dx%dx%d has a side not dividing 4", s.w, s.h, s.d);
  for (int z = 0; z < 4; z += s.d)
    for (int y = 0; y < 4; y += s.h)
      for (int x = 0; x < 4; x += s.w) pos_.push_back({x, y, z, cube_mask(x, y, z, s)});
  levels_.assign(1, s);
  for (Shape d = s; d.w < 4 || d.h < 4 || d.d < 4;) {
    const int least = std::min({d.w, d.h, d.d});
    if (d.d == least) d.d *= 2;
    else if (d.h == least) d.h *= 2;
    else d.w *= 2;
    levels_.push_back(d);
  }
}

std::uint64_t SubCube::domain(int k, int x, int y, int z) const {
  const Shape d = levels_[std::size_t(k)];
  return cube_mask(x / d.w * d.w, y / d.h * d.h, z / d.d * d.d, d);
}

int SubCube::free_positions(std::uint64_t free, std::uint64_t inside) const {
  int n = 0;
  for (const Position& p : pos_) n += (p.mask & inside) == p.mask && (free & p.mask) == p.mask;
  return n;
}

Block SubCube::block(const CubeGrid& g, int c, const Position& p) const {
  const Block cube = g.cube_block(c);
  return Block{cube.x + p.x, cube.y + p.y, s_.w, s_.h, cube.z + p.z, s_.d};
}

void CubeBoxes::build(const CubeGrid& g, Shape s) {
  a = s.w / 4, b = s.h / 4, c = s.d / 4;
  if (fits(g)) free.build(g, [&](int cube) { return g.cube_free(cube) ? 1 : 0; });
}

long long CubeBoxes::faces(const CubeGrid& g, const CubeSums& v, int cx, int cy, int cz) const {
  long long n = 0;
  if (a < g.nx()) n += v.box((cx + g.nx() - 1) % g.nx(), cy, cz, 1, b, c) + v.box((cx + a) % g.nx(), cy, cz, 1, b, c);
  if (b < g.ny()) n += v.box(cx, (cy + g.ny() - 1) % g.ny(), cz, a, 1, c) + v.box(cx, (cy + b) % g.ny(), cz, a, 1, c);
  if (c < g.nz()) n += v.box(cx, cy, (cz + g.nz() - 1) % g.nz(), a, b, 1) + v.box(cx, cy, (cz + c) % g.nz(), a, b, 1);
  return n;
}

// The registry's machine check of the cube policies: a cube pod's torus.
std::string cube_pod_check(const Topology& t) {
  std::string ids;
  for (const PodInfo& p : pods()) {
    if (!p.cubes()) continue;
    if (t.wraps() && t.width() == p.width && t.height() == p.height && t.depth() == p.depth) return "";
    ids += (ids.empty() ? "" : " or ") + std::string(p.id);
  }
  return "the cube-pod policies place slices on a cube pod only (machine=" + ids + ")";
}

std::optional<Allocation> first_free_box(const CubeGrid& g, const CubeBoxes& bx, Ops& ops) {
  for (int cz = 0; cz < g.nz(); ++cz)
    for (int cy = 0; cy < g.ny(); ++cy)
      for (int cx = 0; cx < g.nx(); ++cx) {
        ++ops;
        if (bx.box_free(cx, cy, cz)) return Allocation{{bx.block(cx, cy, cz)}};
      }
  return std::nullopt;
}

}  // namespace alloclab

namespace alloclab {

std::optional<Allocation> most_contact_box(const CubeGrid& g, const CubeBoxes& bx, CubeSums& busy, Ops& ops) {
  busy.build(g, [&](int c) { return g.cube_free(c) ? 0 : 1; });
  ops += Ops(g.count());
  return best_free_box(g, bx, busy, [](long long s, long long best) { return s > best; }, ops);
}

}  // namespace alloclab
