// traffic_heat.cpp — see traffic_heat.hpp. Ports: 0 = +x (east), 1 = +y (north), 2 = -x,
// 3 = -y; link index node*4 + port (Network::link_flits()).
#include "traffic_heat.hpp"
#include <algorithm>
#include <cmath>
#include <cstdint>

namespace alloclab::app {
namespace {

constexpr int kNodesPerBand = 4096;    // a band's work: ~0.2 ms of wasm
constexpr double kFullUpdateS = 0.1;   // the whole map at most this often

// The veil over the jobs (so the heat stands out): every texel is the veil with its colour on
// top, composed here, so the GPU blends one layer over the canvas instead of two.
constexpr int kVeilR = 8, kVeilG = 10, kVeilB = 14, kVeilA = 130;
constexpr std::uint32_t kVeil = IM_COL32(kVeilR, kVeilG, kVeilB, kVeilA);

// Colour (r, g, b, a) over the veil, as one straight-alpha texel.
std::uint32_t over_veil(float r, float g, float b, float a) {
  const float va = float(kVeilA) / 255.0f * (1.0f - a), oa = a + va;
  auto ch = [&](float c, int v) { return int((c * a + float(v) * va) / oa + 0.5f); };
  return IM_COL32(ch(r, kVeilR), ch(g, kVeilG), ch(b, kVeilB), int(oa * 255.0f + 0.5f));
}

// Heat colour for a load in flits/cycle (0..1): the bare veil at 0, then blue → yellow → red.
std::uint32_t heat(float load) {
  if (load <= 0.002f) return kVeil;
  const float v = std::sqrt(std::min(load, 1.0f));
  const float r = std::min(1.0f, v * 2.0f), g = v < 0.5f ? v * 1.6f : 0.8f - (v - 0.5f) * 1.6f;
  const int a = int(110 + 145 * v);
  return over_veil(float(int(40 + 215 * r)), float(int(60 + 180 * std::max(0.0f, g))), float(int(200 * (1 - v))), float(a) / 255.0f);
}

}  // namespace

void TrafficHeat::shutdown() { texture_.release(); }

void TrafficHeat::update_rows(const Network& net, int W, int H, int y0, int y1) {
  const int tw = 2 * W;
  const auto flits = net.link_flits();
  const std::int64_t cycle = net.cycle();
  // current load: moving average of the flits per cycle since the row's last update
  for (int y = y0; y < y1; ++y) {
    const double cycles = double(std::max<std::int64_t>(1, cycle - row_cycle_[std::size_t(y)]));
    row_cycle_[std::size_t(y)] = cycle;
    for (std::size_t i = std::size_t(y) * std::size_t(W) * 4; i < std::size_t(y + 1) * std::size_t(W) * 4; ++i) {
      const float rate = float(double(flits[i] - prev_flits_[i]) / cycles);
      load_[i] = 0.6f * load_[i] + 0.4f * rate;
      prev_flits_[i] = flits[i];
    }
  }
  // blocked = a flit waits in one of the node's buffers for that link (one pass per node)
  for (int n = y0 * W; n < y1 * W; ++n) {
    const auto st = net.link_states(n);
    std::uint8_t bits = 0;
    for (int p = 0; p < 4; ++p)
      if (st[std::size_t(p)] == LinkState::Blocked) bits = std::uint8_t(bits | (1u << p));
    blocked_[std::size_t(n)] = bits;
  }
  const auto buffered = net.buffered_flits();
  const std::uint32_t red = IM_COL32(255, 40, 40, 255);
  auto link = [&](int node, int port) -> std::uint32_t { return (blocked_[std::size_t(node)] >> port & 1u) ? red : 0u; };
  for (int y = y0; y < y1; ++y) {
    const std::size_t row_low = std::size_t(2 * (H - 1 - y) + 1), row_high = row_low - 1;  // texture row 0 = top
    std::fill_n(pixels_.data() + row_high * std::size_t(tw), 2 * std::size_t(tw), kVeil);
    for (int x = 0; x < W; ++x) {
      const int n = y * W + x;
      std::uint32_t* lo = pixels_.data() + row_low * std::size_t(tw) + std::size_t(2 * x);
      std::uint32_t* hi = pixels_.data() + row_high * std::size_t(tw) + std::size_t(2 * x);
      if (buffered[std::size_t(n)] > 0) lo[0] = over_veil(255, 255, 255, float(std::min(255, 120 + 20 * buffered[std::size_t(n)])) / 255.0f);
      // east: this node's +x and the neighbour's -x (the neighbour across the wrap on a torus)
      const int e = y * W + (x + 1) % W, nn = ((y + 1) % H) * W + x;
      const float le = std::max(load_[std::size_t(n) * 4 + 0], x + 1 < W || net.has_link(n, 0) ? load_[std::size_t(e) * 4 + 2] : 0.0f);
      const float ln = std::max(load_[std::size_t(n) * 4 + 1], y + 1 < H || net.has_link(n, 1) ? load_[std::size_t(nn) * 4 + 3] : 0.0f);
      const std::uint32_t be = link(n, 0) | (x + 1 < W || net.has_link(n, 0) ? link(e, 2) : 0u);
      const std::uint32_t bn = link(n, 1) | (y + 1 < H || net.has_link(n, 1) ? link(nn, 3) : 0u);
      lo[1] = be ? be : heat(le);
      hi[0] = bn ? bn : heat(ln);
    }
  }
}

void TrafficHeat::draw(ImDrawList* dl, const CanvasGeom& g, const Network& net) {
  const int W = g.W, H = g.H, tw = 2 * W, th = 2 * H;
  const auto flits = net.link_flits();
  // Texels of 2 px or more stay crisp; smaller ones are filtered (no moire at fractional scales).
  texture_.set_linear(g.cell < 4.0f);
  const double now = ImGui::GetTime();
  if (!texture_.ready() || texture_.width() != tw || texture_.height() != th || prev_flits_.size() != flits.size()) {
    // a new map: all rows at once, loads from zero
    prev_flits_.assign(flits.begin(), flits.end());
    load_.assign(flits.size(), 0.0f);
    row_cycle_.assign(std::size_t(H), net.cycle());
    blocked_.assign(std::size_t(W) * std::size_t(H), 0);
    pixels_.assign(std::size_t(tw) * std::size_t(th), kVeil);
    update_rows(net, W, H, 0, H);
    texture_.upload(pixels_.data(), tw, th);
    next_row_ = 0;
    last_update_ = now;
  } else {
    const int rows = std::clamp(kNodesPerBand / std::max(1, W), 1, H), bands = (H + rows - 1) / rows;
    if (next_row_ >= H) next_row_ = 0;
    if (net.cycle() != row_cycle_[std::size_t(next_row_)] && now - last_update_ >= kFullUpdateS / bands) {
      last_update_ = now;
      const int y0 = next_row_, y1 = std::min(H, y0 + rows);
      update_rows(net, W, H, y0, y1);
      // node rows [y0, y1) are texture rows [2 (H - y1), 2 (H - y0))
      texture_.upload_rows(pixels_.data(), 2 * (H - y1), 2 * (y1 - y0));
      next_row_ = y1;
    }
  }
  const ImVec2 end(g.origin.x + float(W) * g.cell, g.origin.y + float(H) * g.cell);
  dl->AddImage(texture_.id(), g.origin, end);  // the veil is in the texels
}

}  // namespace alloclab::app
