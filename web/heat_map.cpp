// heat_map.cpp — see heat_map.hpp. Ports: 0 = +x (east), 1 = +y (north), 2 = -x, 3 = -y, and
// on a 3D machine 4 = +z, 5 = -z; link index node·link_ports() + port (Network::link_flits()).
#include "heat_map.hpp"
#include <algorithm>
#include <cmath>

namespace alloclab::app {
namespace {

constexpr int kVeilR = 8, kVeilG = 10, kVeilB = 14, kVeilA = 130;
static_assert(HeatMap::kVeil == texel_rgba(kVeilR, kVeilG, kVeilB, kVeilA));

// Colour (r, g, b, a) over the veil, as one straight-alpha texel.
std::uint32_t over_veil(float r, float g, float b, float a) {
  const float va = float(kVeilA) / 255.0f * (1.0f - a), oa = a + va;
  auto ch = [&](float c, int v) { return int((c * a + float(v) * va) / oa + 0.5f); };
  return texel_rgba(ch(r, kVeilR), ch(g, kVeilG), ch(b, kVeilB), int(oa * 255.0f + 0.5f));
}

}  // namespace

// The bare veil at 0, then blue → yellow → red.
std::uint32_t HeatMap::heat(float load) {
  if (load <= 0.002f) return kVeil;
  const float v = std::sqrt(std::min(load, 1.0f));
  const float r = std::min(1.0f, v * 2.0f), g = v < 0.5f ? v * 1.6f : 0.8f - (v - 0.5f) * 1.6f;
  const int a = int(110 + 145 * v);
  return over_veil(float(int(40 + 215 * r)), float(int(60 + 180 * std::max(0.0f, g))), float(int(200 * (1 - v))), float(a) / 255.0f);
}

HeatMap::Rows HeatMap::update(const Network& net, int W, int H, int D, double now) {
  const LayerAtlas a = LayerAtlas::of(W, H, D);
  const int R = H * D;  // node rows
  const auto flits = net.link_flits();
  if (pixels_.empty() || !(a == atlas_) || prev_flits_.size() != flits.size()) {
    // a new map: all rows at once, loads from zero
    atlas_ = a;
    prev_flits_.assign(flits.begin(), flits.end());
    load_.assign(flits.size(), 0.0f);
    row_cycle_.assign(std::size_t(R), net.cycle());
    blocked_.assign(std::size_t(W) * std::size_t(R), 0);
    pixels_.assign(std::size_t(width()) * std::size_t(height()), kVeil);
    next_row_ = 0;
    last_update_ = now;
    return update_rows(net, 0, R);
  }
  const int rows = std::clamp(kNodesPerBand / std::max(1, W), 1, R), bands = (R + rows - 1) / rows;
  if (next_row_ >= R) next_row_ = 0;
  if (net.cycle() == row_cycle_[std::size_t(next_row_)] || now - last_update_ < kFullUpdateS / bands) return {};
  last_update_ = now;
  const int r0 = next_row_, r1 = std::min(R, r0 + rows);
  next_row_ = r1;
  return update_rows(net, r0, r1);
}

HeatMap::Rows HeatMap::update_rows(const Network& net, int r0, int r1) {
  const LayerAtlas& a = atlas_;
  const int W = a.W, H = a.H, lp = net.link_ports(), tw = width();
  const auto flits = net.link_flits();
  const std::int64_t cycle = net.cycle();
  // current load: moving average of the flits per cycle since the row's last update
  for (int r = r0; r < r1; ++r) {
    const double cycles = double(std::max<std::int64_t>(1, cycle - row_cycle_[std::size_t(r)]));
    row_cycle_[std::size_t(r)] = cycle;
    for (std::size_t i = std::size_t(r) * std::size_t(W) * std::size_t(lp); i < std::size_t(r + 1) * std::size_t(W) * std::size_t(lp); ++i) {
      const float rate = float(double(flits[i] - prev_flits_[i]) / cycles);
      load_[i] = 0.6f * load_[i] + 0.4f * rate;
      prev_flits_[i] = flits[i];
    }
  }
  // blocked = a flit waits in one of the node's buffers for that link (one pass per node)
  for (int n = r0 * W; n < r1 * W; ++n) {
    const auto st = net.link_states(n);
    std::uint8_t bits = 0;
    for (int p = 0; p < lp; ++p)
      if (st[std::size_t(p)] == LinkState::Blocked) bits = std::uint8_t(bits | (1u << p));
    blocked_[std::size_t(n)] = bits;
  }
  auto link = [&](int node, int port) -> std::uint32_t { return (blocked_[std::size_t(node)] >> port & 1u) ? kBlocked : 0u; };
  auto load = [&](int node, int port) { return load_[std::size_t(node) * std::size_t(lp) + std::size_t(port)]; };
  int t0 = height(), t1 = 0;
  for (int r = r0; r < r1; ++r) {
    const int y = r % H, z = r / H;
    const std::size_t row_high = std::size_t(2 * a.texel_y(y, z)), row_low = row_high + 1;  // texture row 0 = top
    t0 = std::min(t0, int(row_high));
    t1 = std::max(t1, int(row_low) + 1);
    const std::size_t col0 = std::size_t(2 * a.texel_x(0, z));
    std::fill_n(pixels_.data() + row_high * std::size_t(tw) + col0, 2 * std::size_t(W), kVeil);
    std::fill_n(pixels_.data() + row_low * std::size_t(tw) + col0, 2 * std::size_t(W), kVeil);
    for (int x = 0; x < W; ++x) {
      const int n = r * W + x;
      std::uint32_t* lo = pixels_.data() + row_low * std::size_t(tw) + col0 + std::size_t(2 * x);
      std::uint32_t* hi = pixels_.data() + row_high * std::size_t(tw) + col0 + std::size_t(2 * x);
      if (const int b = net.buffered_flits(n); b > 0) lo[0] = over_veil(255, 255, 255, float(std::min(255, 120 + 20 * b)) / 255.0f);
      // east: this node's +x and the neighbour's -x (the neighbour across the wrap on a torus);
      // north likewise with +y / -y, and in 3D up with +z / -z
      const int e = z * H * W + y * W + (x + 1) % W, nn = z * H * W + ((y + 1) % H) * W + x;
      const bool has_e = x + 1 < W || net.has_link(n, 0), has_n = y + 1 < H || net.has_link(n, 1);
      const float le = std::max(load(n, 0), has_e ? load(e, 2) : 0.0f);
      const float ln = std::max(load(n, 1), has_n ? load(nn, 3) : 0.0f);
      const std::uint32_t be = link(n, 0) | (has_e ? link(e, 2) : 0u);
      const std::uint32_t bn = link(n, 1) | (has_n ? link(nn, 3) : 0u);
      lo[1] = be ? be : heat(le);
      hi[0] = bn ? bn : heat(ln);
      if (lp == 6) {
        const int D = a.D, u = ((z + 1) % D) * H * W + y * W + x;
        const bool has_u = z + 1 < D ? true : net.has_link(n, 4);
        const float lu = std::max(load(n, 4), has_u ? load(u, 5) : 0.0f);
        const std::uint32_t bu = link(n, 4) | (has_u ? link(u, 5) : 0u);
        hi[1] = bu ? bu : heat(lu);
      }
    }
  }
  return Rows{t0, t1 - t0};
}

}  // namespace alloclab::app
