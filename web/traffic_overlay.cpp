// traffic_overlay.cpp — the network traffic overlay (see traffic_overlay.hpp), drawn from the
// engine's const view of the wormhole network (Simulation::network()): each directed link as
// a half-segment from its node's centre towards the neighbour (offset to one side so the two
// directions of a channel stay apart; a wrap-around link is a stub at the edge), coloured by
// its cumulative flit count relative to the busiest link (dark blue → yellow → red), bright
// when it carried a flit in the last cycle, a red cross when Blocked; a white dot per router
// holding flits (size grows with them). The pinned job's channels (Network::channels_of) go on
// top: a bright magenta arrow on each link carrying its flits, a thin magenta line on each link
// whose VC it holds without a flit there, and a legend line in the canvas's top-left corner.
// Bounded: only when cells are ≥ 4 px and the machine has at most 128×128 nodes.
#include "traffic_overlay.hpp"
#include <algorithm>
#include <cmath>
#include <cstdio>

namespace alloclab::app {

bool traffic_available(const Simulation& sim) { return sim.network() != nullptr; }

namespace {

// The on-screen half-segment of the link leaving node (x, y) through `port`: from the node's
// centre towards the neighbour, offset to one side so the two directions of a channel stay apart.
struct Segment {
  ImVec2 p0, p1;
};
Segment link_segment(const CanvasGeom& g, int x, int y, int port) {
  static constexpr int dx[4] = {1, 0, -1, 0}, dy[4] = {0, -1, 0, 1};  // screen directions of right, up, left, down
  const float half = g.cell * 0.5f, off = g.cell * 0.12f;
  const ImVec2 a = g.node_min(x, y);
  const ImVec2 c(a.x + half, a.y + half);
  const ImVec2 o(-float(dy[port]) * off, float(dx[port]) * off);
  return {ImVec2(c.x + o.x, c.y + o.y), ImVec2(c.x + o.x + float(dx[port]) * half, c.y + o.y + float(dy[port]) * half)};
}

}  // namespace

// The pinned job's channels over the heat map, and the legend line.
PinnedTraffic draw_pinned_traffic(ImDrawList* dl, const CanvasGeom& g, const Network& net, JobId job) {
  PinnedTraffic out;
  out.job = job;
  const ImU32 bright = IM_COL32(255, 70, 255, 255), shadow = IM_COL32(0, 0, 0, 200);
  const float thick = std::max(2.0f, g.cell * 0.14f);
  for (const ChannelUse& u : net.channels_of(job)) {
    const Segment s = link_segment(g, u.node % g.W, u.node / g.W, u.port);
    if (u.flits == 0) {  // held by the job's worm, no flit of it here this cycle
      ++out.held;
      dl->AddLine(s.p0, s.p1, bright, std::max(1.0f, thick * 0.4f));
      continue;
    }
    ++out.channels;
    out.flits += u.flits;
    dl->AddLine(s.p0, s.p1, shadow, thick + 2.0f);
    dl->AddLine(s.p0, s.p1, bright, thick);
    // arrowhead at the far end, pointing along the link
    const float len = std::max(3.0f, g.cell * 0.2f);
    const float ux = (s.p1.x - s.p0.x) / (g.cell * 0.5f), uy = (s.p1.y - s.p0.y) / (g.cell * 0.5f);
    const ImVec2 tip(s.p1.x, s.p1.y), back(s.p1.x - ux * len, s.p1.y - uy * len);
    dl->AddTriangleFilled(tip, ImVec2(back.x - uy * len * 0.6f, back.y + ux * len * 0.6f),
                          ImVec2(back.x + uy * len * 0.6f, back.y - ux * len * 0.6f), bright);
  }
  char line[160];
  if (out.held > 0)
    std::snprintf(line, sizeof line, "pinned job %d: %d channel%s carrying its flits (+%d held)", job, out.channels,
                  out.channels == 1 ? "" : "s", out.held);
  else
    std::snprintf(line, sizeof line, "pinned job %d: %d channel%s carrying its flits", job, out.channels,
                  out.channels == 1 ? "" : "s");
  const ImVec2 at(g.c0.x + 6, g.c0.y + 6), size = ImGui::CalcTextSize(line);
  dl->AddRectFilled(ImVec2(at.x - 4, at.y - 2), ImVec2(at.x + size.x + 4, at.y + size.y + 2), IM_COL32(0, 0, 0, 190), 3.0f);
  dl->AddText(at, bright, line);
  return out;
}

PinnedTraffic draw_traffic_overlay(ImDrawList* dl, const CanvasGeom& g, const Simulation& sim, JobId pinned) {
  const Network* net = sim.network();
  if (!net || g.cell < 4.0f || g.W * g.H > 128 * 128) return {};
  const auto flits = net->link_flits();
  const auto buffered = net->buffered_flits();  // counted over the whole network: once per frame
  std::uint64_t top = 1;
  for (std::uint64_t f : flits) top = std::max(top, f);
  const float half = g.cell * 0.5f, thick = std::max(1.0f, g.cell * 0.1f);
  // only the nodes on screen (zoomed in, most of the machine is outside the canvas)
  const int x0 = std::clamp(int(std::floor((g.c0.x - g.origin.x) / g.cell)) - 1, 0, g.W);
  const int x1 = std::clamp(int(std::ceil((g.c1.x - g.origin.x) / g.cell)) + 1, 0, g.W);
  const int row0 = std::clamp(int(std::floor((g.c0.y - g.origin.y) / g.cell)) - 1, 0, g.H);  // display rows from the top
  const int row1 = std::clamp(int(std::ceil((g.c1.y - g.origin.y) / g.cell)) + 1, 0, g.H);
  for (int y = g.H - row1; y < g.H - row0; ++y)
    for (int x = x0; x < x1; ++x) {
      const int node = y * g.W + x;
      const ImVec2 a = g.node_min(x, y);
      const ImVec2 c(a.x + half, a.y + half);
      const auto states = net->link_states(node);
      for (int p = 0; p < 4; ++p) {
        if (!net->has_link(node, p)) continue;
        const std::uint64_t f = flits[std::size_t(node) * 4 + std::size_t(p)];
        const LinkState s = states[std::size_t(p)];
        if (f == 0 && s == LinkState::Idle) continue;
        const float load = std::sqrt(float(f) / float(top));
        const float r = std::min(1.0f, load * 2.0f), gr = load < 0.5f ? load * 1.6f : 0.8f - (load - 0.5f) * 1.6f;
        const int alpha = s == LinkState::Busy ? 255 : 170;
        const ImU32 col = IM_COL32(int(40 + 215 * r), int(60 + 180 * std::max(0.0f, gr)), int(200 * (1 - load)), alpha);
        const Segment seg = link_segment(g, x, y, p);
        const ImVec2 p0 = seg.p0, p1 = seg.p1;
        dl->AddLine(p0, p1, col, s == LinkState::Busy ? thick * 1.6f : thick);
        if (s == LinkState::Blocked) {
          const float k = std::max(2.0f, g.cell * 0.12f);
          const ImVec2 m((p0.x + p1.x) * 0.5f, (p0.y + p1.y) * 0.5f);
          dl->AddLine(ImVec2(m.x - k, m.y - k), ImVec2(m.x + k, m.y + k), IM_COL32(255, 60, 60, 255), 2.0f);
          dl->AddLine(ImVec2(m.x - k, m.y + k), ImVec2(m.x + k, m.y - k), IM_COL32(255, 60, 60, 255), 2.0f);
        }
      }
      const int b = buffered[std::size_t(node)];
      if (b > 0) dl->AddCircleFilled(c, std::min(half * 0.6f, 1.5f + std::sqrt(float(b))), IM_COL32(255, 255, 255, 220), 8);
    }
  return pinned != kNoJob ? draw_pinned_traffic(dl, g, *net, pinned) : PinnedTraffic{};
}

}  // namespace alloclab::app
