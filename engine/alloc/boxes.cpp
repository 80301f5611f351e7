// boxes.cpp — the 3D free-box query, 3D first fit and best fit (boxes.hpp).
#include "boxes.hpp"
#include "base_passes.hpp"
#include <algorithm>
#include <cstring>

namespace alloclab {

void BoxQuery::start(const Occupancy& occ) {
  const std::size_t n = std::size_t(occ.height()) * std::size_t((occ.width() + 63) / 64);
  if (layers_.size() < n * std::size_t(occ.depth())) layers_.resize(n * std::size_t(occ.depth()));
  done_.assign(std::size_t(occ.depth()), 0);
}

namespace {

// free_bases_of on one layer of a mesh whose rows are one word (W <= 64), written straight into
// `o`: its in-register path with the same passes, the same early exits and so the same count.
// `shifts` are the horizontal doubling shifts of p (ns of them). HT = H when fixed at compile time
// (the common heights: unrolled loops), else 0.
template <int HT>
Ops mesh_layer_one_word(const std::uint64_t* f, int h, const int* shifts, int ns, int q, std::uint64_t* o) {
  const int H = HT ? HT : h;
  Ops ops = Ops(H) * Ops(1 + ns);  // the copy in and each horizontal pass
  // Pass by pass over all rows (one shift for every row: the loop vectorises).
  std::copy(f, f + H, o);
  for (int j = 0; j < ns; ++j) {
    const int sh = shifts[j];
    for (int y = 0; y < H; ++y) o[y] &= o[y] >> sh;
  }
  std::uint64_t any = 0;
  for (int y = 0; y < H; ++y) any |= o[y];
  if (any && q > 1) mesh_vertical_passes(o, H, 1, q, ops);
  return ops;
}

}  // namespace

const std::uint64_t* BoxQuery::layer(const Occupancy& occ, int z, Shape s, Ops& ops) {
  const Topology& t = occ.topology();
  const std::size_t n = std::size_t(t.height()) * std::size_t((t.width() + 63) / 64);
  std::uint64_t* dst = layers_.data() + std::size_t(z) * n;
  if (!done_[std::size_t(z)]) {
    if (t.width() <= 64 && !t.wraps()) {
      if (shifts_for_ != s.w) {  // free_bases_of's horizontal shifts for p = s.w
        int k = 1;
        nshifts_ = 0;
        for (; 2 * k <= s.w; k *= 2) shifts_[nshifts_++] = k;
        if (k < s.w) shifts_[nshifts_++] = s.w - k;
        shifts_for_ = s.w;
      }
      const std::uint64_t* f = occ.free_row(0, z);
      switch (t.height()) {
        case 8: ops += mesh_layer_one_word<8>(f, 8, shifts_, nshifts_, s.h, dst); break;
        case 16: ops += mesh_layer_one_word<16>(f, 16, shifts_, nshifts_, s.h, dst); break;
        case 32: ops += mesh_layer_one_word<32>(f, 32, shifts_, nshifts_, s.h, dst); break;
        default: ops += mesh_layer_one_word<0>(f, t.height(), shifts_, nshifts_, s.h, dst); break;
      }
      done_[std::size_t(z)] = 1;
      return dst;
    }
    const Topology plane(t.kind(), t.width(), t.height());
    ops += free_bases_of(occ.free_row(0, z), plane, s.w, s.h, plane_, scratch_);
    std::memcpy(dst, plane_.row(0), n * sizeof(std::uint64_t));
    done_[std::size_t(z)] = 1;
  }
  return dst;
}

namespace {
bool fits(const Topology& t, Shape s) {
  return s.w >= 1 && s.h >= 1 && s.d >= 1 && s.w <= t.width() && s.h <= t.height() && s.d <= t.depth();
}
}  // namespace

Ops BoxQuery::free_boxes(const Occupancy& occ, Shape s, BaseMask& out) {
  const Topology& t = occ.topology();
  const int H = t.height(), D = t.depth();
  out.reset(t.width(), H * D);
  if (!fits(t, s)) return 0;
  start(occ);
  Ops ops = 0;
  const std::size_t n = std::size_t(H) * std::size_t(out.words_per_row());
  const int bases = t.wraps() ? D : D - s.d + 1;  // layers a box may start in
  for (int z = 0; z < bases; ++z) {
    std::uint64_t* o = out.row(z * H);
    std::memcpy(o, layer(occ, z, s, ops), n * sizeof(std::uint64_t));
    ops += Ops(n);
    for (int k = 1; k < s.d; ++k) {
      const std::uint64_t* l = layer(occ, (z + k) % D, s, ops);
      std::uint64_t any = 0;
      for (std::size_t i = 0; i < n; ++i) any |= o[i] &= l[i];
      ops += Ops(n);
      if (!any) break;  // nothing left in this layer
    }
  }
  return ops;
}

std::optional<Block> BoxQuery::first_free_box(const Occupancy& occ, Shape s, Ops& ops) {
  const Topology& t = occ.topology();
  if (!fits(t, s)) return std::nullopt;
  start(occ);
  const int W = t.width(), H = t.height(), D = t.depth(), wpr = (W + 63) / 64;
  const std::size_t n = std::size_t(H) * std::size_t(wpr);
  if (row_.size() < n) row_.resize(n);
  const int bases = t.wraps() ? D : D - s.d + 1;
  for (int z = 0; z < bases; ++z) {
    std::uint64_t* o = row_.data();
    std::memcpy(o, layer(occ, z, s, ops), n * sizeof(std::uint64_t));
    std::uint64_t any = 0;
    for (std::size_t i = 0; i < n; ++i) any |= o[i];
    ops += Ops(n);
    for (int k = 1; k < s.d && any; ++k) {
      const std::uint64_t* l = layer(occ, (z + k) % D, s, ops);
      any = 0;
      for (std::size_t i = 0; i < n; ++i) any |= o[i] &= l[i];
      ops += Ops(n);
    }
    if (!any) continue;
    for (std::size_t i = 0; i < n; ++i)
      if (o[i]) {
        ops += Ops(i) + 1;
        const int y = int(i) / wpr, x = (int(i) % wpr) * 64 + __builtin_ctzll(o[i]);
        return box_at(x, y, z, s);
      }
  }
  return std::nullopt;
}

std::vector<Shape> box_orientations(Shape s, const Topology& t) {
  const Shape all[6] = {{s.w, s.h, s.d}, {s.h, s.w, s.d}, {s.w, s.d, s.h}, {s.d, s.w, s.h}, {s.h, s.d, s.w}, {s.d, s.h, s.w}};
  std::vector<Shape> out;
  for (const Shape& o : all)
    if (fits(t, o) && std::find(out.begin(), out.end(), o) == out.end()) out.push_back(o);
  return out;
}

// ---- BoxContact

BoxContact::BoxContact(const Occupancy& occ)
    : t_(occ.topology()), W_(t_.width()), H_(t_.height()), D_(t_.depth()),
      p_(std::size_t(W_ + 1) * std::size_t(H_ + 1) * std::size_t(D_ + 1), 0) {
  const std::size_t sx = 1, sy = std::size_t(W_ + 1), sz = sy * std::size_t(H_ + 1);
  for (int z = 0; z < D_; ++z)
    for (int y = 0; y < H_; ++y) {
      const std::uint64_t* fr = occ.free_row(y, z);
      for (int x = 0; x < W_; ++x) {
        const int busy = !((fr[x >> 6] >> (x & 63)) & 1u);
        const std::size_t i = std::size_t(z + 1) * sz + std::size_t(y + 1) * sy + std::size_t(x + 1) * sx;
        p_[i] = busy + p_[i - sx] + p_[i - sy] + p_[i - sz] - p_[i - sx - sy] - p_[i - sx - sz] - p_[i - sy - sz] +
                p_[i - sx - sy - sz];
      }
    }
}

long long BoxContact::sum(int x0, int x1, int y0, int y1, int z0, int z1) const {
  const std::size_t sy = std::size_t(W_ + 1), sz = sy * std::size_t(H_ + 1);
  auto at = [&](int x, int y, int z) -> long long { return p_[std::size_t(z) * sz + std::size_t(y) * sy + std::size_t(x)]; };
  return at(x1, y1, z1) - at(x0, y1, z1) - at(x1, y0, z1) - at(x1, y1, z0) + at(x0, y0, z1) + at(x0, y1, z0) +
         at(x1, y0, z0) - at(x0, y0, z0);
}

long long BoxContact::face(const Block& b, int axis, int c) const {
  const int lo[3] = {b.x, b.y, b.z}, len[3] = {b.w, b.h, b.d}, n[3] = {W_, H_, D_};
  const int u = axis == 0 ? 1 : 0, v = axis == 2 ? 1 : 2;  // the other two axes
  if (c < 0 || c >= n[axis]) {
    if (!t_.wraps()) return (long long)len[u] * len[v];  // off the mesh edge
    c = (c + n[axis]) % n[axis];
  }
  long long total = 0;
  for_each_ring_range(lo[u], len[u], n[u], [&](int u0, int u1) {
    for_each_ring_range(lo[v], len[v], n[v], [&](int v0, int v1) {
      int r0[3], r1[3];
      r0[axis] = c, r1[axis] = c + 1;
      r0[u] = u0, r1[u] = u1 + 1;
      r0[v] = v0, r1[v] = v1 + 1;
      total += sum(r0[0], r1[0], r0[1], r1[1], r0[2], r1[2]);
    });
  });
  return total;
}

int BoxContact::contact(const Block& b) const {
  return int(face(b, 0, b.x - 1) + face(b, 0, b.x + b.w) + face(b, 1, b.y - 1) + face(b, 1, b.y + b.h) +
             face(b, 2, b.z - 1) + face(b, 2, b.z + b.d));
}

std::optional<Block> best_contact_box(const BoxContact& c, const BaseMask& m, const Topology& t, Shape s, Ops& ops) {
  const int H = t.height();
  const int most = 2 * (s.w * s.h + s.h * s.d + s.w * s.d);
  std::optional<Block> best;
  int best_score = -1;
  for (int r = 0; r < m.height() && best_score < most; ++r) {
    const std::uint64_t* row = m.row(r);
    for (int k = 0; k < m.words_per_row() && best_score < most; ++k)
      for (std::uint64_t w = row[k]; w && best_score < most; w &= w - 1) {
        const Block b = box_at(k * 64 + __builtin_ctzll(w), r % H, r / H, s);
        ++ops;
        const int score = c.contact(b);
        if (score > best_score) best_score = score, best = b;
      }
  }
  return best;
}

}  // namespace alloclab
