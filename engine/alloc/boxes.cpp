// boxes.cpp — the 3D free-box query, 3D first fit and best fit (boxes.hpp).
#include "boxes.hpp"
#include "base_passes.hpp"
#include <algorithm>
#include <cstring>

namespace alloclab {

namespace {

// The lane of a packed layer: L bits a row (16, 32 or 64, the smallest that holds W) on a mesh
// of rows of at most 64 nodes; 0 (not packed: free_bases_of's layout) otherwise.
int lane_for(const Topology& t) {
  if (t.wraps() || t.width() > 64) return 0;
  return t.width() <= 16 ? 16 : t.width() <= 32 ? 32 : 64;
}

// Bits [0, n) of every L-bit lane of a word (1 <= n <= L).
template <int L>
constexpr std::uint64_t lanes(int n) {
  const std::uint64_t one = n == 64 ? ~std::uint64_t(0) : (std::uint64_t(1) << n) - 1;
  std::uint64_t m = 0;
  for (int i = 0; i < 64; i += L) m |= one << i;
  return m;
}

// free_bases_of on one layer of a mesh whose rows are one word (W <= L <= 64), into the packed
// layer `o` (P words, see boxes.hpp): the same passes, the same early exits and so the same
// count (one per row and pass, as free_bases_of processes one word a row), each pass on 64 / L
// rows a word. `f` is the layer's free bits (H words); `shifts` are the horizontal doubling
// shifts of p (ns of them). HT = H when fixed at compile time (unrolled loops), else 0.
template <int L, int HT>
Ops packed_layer(const std::uint64_t* f, int h, const int* shifts, int ns, int q, std::uint64_t* out) {
  constexpr int R = 64 / L;  // rows a word
  const int H = HT ? HT : h, P = (H + R - 1) / R;
  // With H fixed the layer is worked in a local array (registers), stored once at the end; the
  // "anything left" of each pass is ORed as it is written (a wide load of words just stored one
  // by one would stall).
  std::uint64_t local[HT ? (HT + R - 1) / R : 1];
  std::uint64_t* const o = HT ? local : out;
  Ops ops = Ops(H) * Ops(1 + ns);  // the copy in and each horizontal pass
  std::uint64_t any = 0;
  for (int i = 0; i < P; ++i) {
    std::uint64_t w = 0;
    for (int r = 0; r < R && i * R + r < H; ++r) w |= f[i * R + r] << (r * L);
    any |= o[i] = w;
  }
  for (int j = 0; j < ns; ++j) {  // x &= x + sh within each row (sh < p <= W: the bits of the next row masked off)
    const int sh = shifts[j];
    const std::uint64_t keep = lanes<L>(L - sh);
    any = 0;
    for (int i = 0; i < P; ++i) any |= o[i] &= (o[i] >> sh) & keep;
  }
  // Vertical passes (free_bases_of's on a mesh): row y &= row y+k, the top k rows cleared — the
  // packed layer shifted down by k·L bits (rows >= H are clear, so the top k rows meet 0).
  auto pass = [&](int k) {
    ops += Ops(H - k);
    return and_shifted_rows_inplace(o, P, 1, k * L) != 0;
  };
  auto vertical = [&] {
    int k = 1;
    for (; 2 * k <= q; k *= 2)
      if (!pass(k)) return;
    if (k < q) pass(q - k);
  };
  if (any && q > 1) vertical();
  if (HT) std::copy(o, o + P, out);
  return ops;
}

}  // namespace

void BoxQuery::start(const Occupancy& occ) {
  const Topology& t = occ.topology();
  lane_ = lane_for(t);
  stride_ = lane_ ? (t.height() * lane_ + 63) / 64 : t.height() * ((t.width() + 63) / 64);
  const std::size_t n = std::size_t(stride_) * std::size_t(t.depth());
  if (layers_.size() < n) layers_.resize(n);
  if (row_.size() < std::size_t(stride_)) row_.resize(std::size_t(stride_));
  done_.assign(std::size_t(t.depth()), 0);
}

const std::uint64_t* BoxQuery::layer(const Occupancy& occ, int z, Shape s, Ops& ops) {
  const Topology& t = occ.topology();
  std::uint64_t* dst = layers_.data() + std::size_t(z) * std::size_t(stride_);
  if (done_[std::size_t(z)]) return dst;
  done_[std::size_t(z)] = 1;
  const std::uint64_t* f = occ.free_row(0, z);
  if (lane_) {
    if (shifts_for_ != s.w) {  // free_bases_of's horizontal shifts for p = s.w
      int k = 1;
      nshifts_ = 0;
      for (; 2 * k <= s.w; k *= 2) shifts_[nshifts_++] = k;
      if (k < s.w) shifts_[nshifts_++] = s.w - k;
      shifts_for_ = s.w;
    }
    const int H = t.height(), ns = nshifts_;
    if (lane_ == 16 && H == 16) ops += packed_layer<16, 16>(f, H, shifts_, ns, s.h, dst);
    else if (lane_ == 32 && H == 32) ops += packed_layer<32, 32>(f, H, shifts_, ns, s.h, dst);
    else if (lane_ == 16) ops += packed_layer<16, 0>(f, H, shifts_, ns, s.h, dst);
    else if (lane_ == 32) ops += packed_layer<32, 0>(f, H, shifts_, ns, s.h, dst);
    else ops += packed_layer<64, 0>(f, H, shifts_, ns, s.h, dst);
    return dst;
  }
  const Topology plane(t.kind(), t.width(), t.height());
  ops += free_bases_of(f, plane, s.w, s.h, plane_, scratch_);
  std::memcpy(dst, plane_.row(0), std::size_t(stride_) * sizeof(std::uint64_t));
  return dst;
}

namespace {
bool fits(const Topology& t, Shape s) {
  return s.w >= 1 && s.h >= 1 && s.d >= 1 && s.w <= t.width() && s.h <= t.height() && s.d <= t.depth();
}
}  // namespace

bool BoxQuery::chain(const Occupancy& occ, int z, Shape s, bool empty_ends, Ops& ops) {
  const int D = occ.depth();
  const Ops n = Ops(occ.height()) * Ops((occ.width() + 63) / 64);  // the words of a layer's mask, as counted
  const std::size_t m = std::size_t(stride_);
  std::uint64_t* o = row_.data();
  std::memcpy(o, layer(occ, z, s, ops), m * sizeof(std::uint64_t));
  std::uint64_t any = 0;
  for (std::size_t i = 0; i < m; ++i) any |= o[i];
  ops += n;
  for (int k = 1; k < s.d && (any || !empty_ends); ++k) {
    const std::uint64_t* l = layer(occ, (z + k) % D, s, ops);
    any = 0;
    for (std::size_t i = 0; i < m; ++i) any |= o[i] &= l[i];
    ops += n;
    if (!any) break;
  }
  return any != 0;
}

Ops BoxQuery::free_boxes(const Occupancy& occ, Shape s, BaseMask& out) {
  const Topology& t = occ.topology();
  const int H = t.height(), D = t.depth();
  out.reset(t.width(), H * D);
  if (!fits(t, s)) return 0;
  start(occ);
  Ops ops = 0;
  const int bases = t.wraps() ? D : D - s.d + 1;  // layers a box may start in
  for (int z = 0; z < bases; ++z) {
    if (!chain(occ, z, s, false, ops)) continue;  // (out's rows are clear)
    const std::uint64_t* o = row_.data();
    std::uint64_t* r = out.row(z * H);
    if (!lane_) std::memcpy(r, o, std::size_t(stride_) * sizeof(std::uint64_t));
    else
      for (int y = 0; y < H; ++y) {
        const int bit = y * lane_;
        r[y] = (o[bit >> 6] >> (bit & 63)) & (lane_ == 64 ? ~std::uint64_t(0) : (std::uint64_t(1) << lane_) - 1);
      }
  }
  return ops;
}

std::optional<Block> BoxQuery::first_free_box(const Occupancy& occ, Shape s, Ops& ops) {
  const Topology& t = occ.topology();
  if (!fits(t, s)) return std::nullopt;
  start(occ);
  const int D = t.depth(), wpr = (t.width() + 63) / 64;
  const int bases = t.wraps() ? D : D - s.d + 1;
  for (int z = 0; z < bases; ++z) {
    if (!chain(occ, z, s, true, ops)) continue;
    const std::uint64_t* o = row_.data();
    for (int i = 0;; ++i)
      if (o[i]) {
        if (lane_) {  // the base's row is its index among the layer's mask words (one a row)
          const int bit = i * 64 + __builtin_ctzll(o[i]);
          ops += Ops(bit / lane_) + 1;
          return box_at(bit % lane_, bit / lane_, z, s);
        }
        ops += Ops(i) + 1;
        return box_at((i % wpr) * 64 + __builtin_ctzll(o[i]), i / wpr, z, s);
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
