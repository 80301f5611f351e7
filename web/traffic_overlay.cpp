// traffic_overlay.cpp — the network traffic overlay (see traffic_overlay.hpp), drawn from the
// engine's const view of the wormhole network (Simulation::network()): each directed link as
// a half-segment from its node's centre towards the neighbour (offset to one side so the two
// directions of a channel stay apart; a wrap-around link is a stub at the edge), coloured by
// its cumulative flit count relative to the busiest link (dark blue → yellow → red), bright
// when it carried a flit in the last cycle, a red cross when Blocked; a white dot per router
// holding flits (size grows with them). Bounded: only when cells are ≥ 4 px and the machine
// has at most 128×128 nodes.
#include "traffic_overlay.hpp"
#include <algorithm>
#include <cmath>

namespace alloclab::app {

bool traffic_available(const Simulation& sim) { return sim.network() != nullptr; }

void draw_traffic_overlay(ImDrawList* dl, const CanvasGeom& g, const Simulation& sim, JobId) {
  const Network* net = sim.network();
  if (!net || g.cell < 4.0f || g.W * g.H > 128 * 128) return;
  const auto flits = net->link_flits();
  std::uint64_t top = 1;
  for (std::uint64_t f : flits) top = std::max(top, f);
  const float half = g.cell * 0.5f, off = g.cell * 0.12f, thick = std::max(1.0f, g.cell * 0.1f);
  const int dx[4] = {1, 0, -1, 0}, dy[4] = {0, -1, 0, 1};  // screen directions of ports right, up, left, down
  for (int y = 0; y < g.H; ++y)
    for (int x = 0; x < g.W; ++x) {
      const int node = y * g.W + x;
      const ImVec2 a = g.node_min(x, y);
      const ImVec2 c(a.x + half, a.y + half);
      for (int p = 0; p < 4; ++p) {
        if (!net->has_link(node, p)) continue;
        const std::uint64_t f = flits[std::size_t(node) * 4 + std::size_t(p)];
        const LinkState s = net->link_state(node, p);
        if (f == 0 && s == LinkState::Idle) continue;
        const float load = std::sqrt(float(f) / float(top));
        const float r = std::min(1.0f, load * 2.0f), gr = load < 0.5f ? load * 1.6f : 0.8f - (load - 0.5f) * 1.6f;
        const int alpha = s == LinkState::Busy ? 255 : 170;
        const ImU32 col = IM_COL32(int(40 + 215 * r), int(60 + 180 * std::max(0.0f, gr)), int(200 * (1 - load)), alpha);
        // offset perpendicular to the direction so that the two directions do not overlap
        const ImVec2 o(-float(dy[p]) * off, float(dx[p]) * off);
        const ImVec2 p0(c.x + o.x, c.y + o.y), p1(c.x + o.x + float(dx[p]) * half, c.y + o.y + float(dy[p]) * half);
        dl->AddLine(p0, p1, col, s == LinkState::Busy ? thick * 1.6f : thick);
        if (s == LinkState::Blocked) {
          const float k = std::max(2.0f, g.cell * 0.12f);
          const ImVec2 m((p0.x + p1.x) * 0.5f, (p0.y + p1.y) * 0.5f);
          dl->AddLine(ImVec2(m.x - k, m.y - k), ImVec2(m.x + k, m.y + k), IM_COL32(255, 60, 60, 255), 2.0f);
          dl->AddLine(ImVec2(m.x - k, m.y + k), ImVec2(m.x + k, m.y - k), IM_COL32(255, 60, 60, 255), 2.0f);
        }
      }
      const int b = net->buffered_flits()[std::size_t(node)];
      if (b > 0) dl->AddCircleFilled(c, std::min(half * 0.6f, 1.5f + std::sqrt(float(b))), IM_COL32(255, 255, 255, 220), 8);
    }
}

}  // namespace alloclab::app
