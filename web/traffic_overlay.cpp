// traffic_overlay.cpp — the network traffic overlay (see traffic_overlay.hpp), drawn from the
// engine's const view of the wormhole network (Simulation::network()): each directed link as
// a half-segment from its node's centre towards the neighbour (offset to one side so the two
// directions of a channel stay apart; a wrap-around link is a stub at the edge), coloured by
// its cumulative flit count relative to the busiest link (dark blue → yellow → red), bright
// when it carried a flit in the last cycle, a red cross when Blocked; a white dot per router
// holding flits (size grows with them). The pinned job's channels (Network::channels_of) go on
// top: a bright magenta arrow on each link carrying its flits, a thin magenta line on each link
// whose VC it holds without a flit there, and a legend line in the canvas's top-left corner.
// A 3D machine is drawn per layer tile (CanvasGeom::for_each_tile) with its routers' six ports:
// the ±x and ±y links as above, the +z and -z links (to the layer above and below) as marks on
// the node — a triangle pointing up in its upper-right corner for +z, down in its lower-left
// corner for -z — coloured the same way (magenta for the pinned job's).
// Bounded: only when cells are ≥ 4 px and a layer has at most 128×128 nodes.
#include "traffic_overlay.hpp"
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

namespace alloclab::app {

bool traffic_available(const Simulation& sim) { return sim.network() != nullptr; }

namespace {

// The on-screen half-segment of the link leaving node (x, y) through `port`: from the node's
// centre towards the neighbour, offset to one side so the two directions of a channel stay apart.
struct Segment {
  ImVec2 p0, p1;
};
// The mark of a ±z link (port 4 = +z, 5 = -z) on node (x, y): a triangle pointing up in the
// node's upper-right corner, or down in its lower-left one.
void z_mark(ImDrawList* dl, const CanvasGeom& g, int x, int y, int port, ImU32 col) {
  const ImVec2 a = g.node_min(x, y);
  const float s = g.cell * 0.32f, m = g.cell * 0.08f;
  if (port == 4) {
    const ImVec2 c(a.x + g.cell - m - s * 0.5f, a.y + m);
    dl->AddTriangleFilled(c, ImVec2(c.x + s * 0.5f, c.y + s), ImVec2(c.x - s * 0.5f, c.y + s), col);
  } else {
    const ImVec2 c(a.x + m + s * 0.5f, a.y + g.cell - m);
    dl->AddTriangleFilled(c, ImVec2(c.x - s * 0.5f, c.y - s), ImVec2(c.x + s * 0.5f, c.y - s), col);
  }
}

// The tiles of a canvas by layer, to find the one drawing node (x, y, z) (a cube pod has one
// tile per cube and layer).
struct TilesByLayer {
  std::vector<std::vector<const CanvasGeom*>> by_z;
  explicit TilesByLayer(const CanvasGeom& g) : by_z(std::size_t(g.D)) {
    g.for_each_tile([&](const CanvasGeom& t) { by_z[std::size_t(t.z)].push_back(&t); });
  }
  const CanvasGeom* find(int x, int y, int z) const {
    for (const CanvasGeom* t : by_z[std::size_t(z)])
      if (t->tw == 0 || (x >= t->tx0 && x < t->tx0 + t->tw && y >= t->ty0 && y < t->ty0 + t->th)) return t;
    return nullptr;
  }
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
  const TilesByLayer tiles(g);
  for (const ChannelUse& u : net.channels_of(job)) {
    const Coord c = net.topology().coord(u.node);
    if (u.flits == 0) ++out.held;  // held by the job's worm, no flit of it here this cycle
    else ++out.channels, out.flits += u.flits;
    const CanvasGeom* t = tiles.find(c.x, c.y, c.z);
    if (!t) continue;  // a layer not on screen
    if (u.port >= 4) {  // ±z: the mark on the node
      z_mark(dl, *t, c.x, c.y, u.port, u.flits == 0 ? IM_COL32(255, 70, 255, 150) : bright);
      continue;
    }
    const Segment s = link_segment(*t, c.x, c.y, u.port);
    if (u.flits == 0) {
      dl->AddLine(s.p0, s.p1, bright, std::max(1.0f, thick * 0.4f));
      continue;
    }
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
  const int lp = net->link_ports();
  std::uint64_t top = 1;
  for (std::uint64_t f : flits) top = std::max(top, f);
  const float half = g.cell * 0.5f, thick = std::max(1.0f, g.cell * 0.1f);
  const Topology& topo = net->topology();
  g.for_each_tile([&](const CanvasGeom& t) {
    // only the nodes on screen (zoomed in, most of the machine is outside the canvas), in the tile
    const int tx0 = t.tx0, tx1 = t.tw ? t.tx0 + t.tw : g.W, ty0 = t.ty0, ty1 = t.th ? t.ty0 + t.th : g.H;
    const int x0 = std::clamp(int(std::floor((t.c0.x - t.origin.x) / t.cell)) - 1, tx0, tx1);
    const int x1 = std::clamp(int(std::ceil((t.c1.x - t.origin.x) / t.cell)) + 1, tx0, tx1);
    const int row0 = std::clamp(int(std::floor((t.c0.y - t.origin.y) / t.cell)) - 1, 0, g.H);  // display rows from the top
    const int row1 = std::clamp(int(std::ceil((t.c1.y - t.origin.y) / t.cell)) + 1, 0, g.H);
    for (int y = std::max(ty0, g.H - row1); y < std::min(ty1, g.H - row0); ++y)
      for (int x = x0; x < x1; ++x) {
        const int node = topo.id(x, y, t.z);
        const ImVec2 a = t.node_min(x, y);
        const ImVec2 c(a.x + half, a.y + half);
        const auto states = net->link_states(node);
        for (int p = 0; p < lp; ++p) {
          if (!net->has_link(node, p)) continue;
          const std::uint64_t f = flits[std::size_t(node) * std::size_t(lp) + std::size_t(p)];
          const LinkState s = states[std::size_t(p)];
          if (f == 0 && s == LinkState::Idle) continue;
          const float load = std::sqrt(float(f) / float(top));
          const float r = std::min(1.0f, load * 2.0f), gr = load < 0.5f ? load * 1.6f : 0.8f - (load - 0.5f) * 1.6f;
          const int alpha = s == LinkState::Busy ? 255 : 170;
          const ImU32 col = s == LinkState::Blocked && p >= 4 ? IM_COL32(255, 60, 60, 255)
                                                              : IM_COL32(int(40 + 215 * r), int(60 + 180 * std::max(0.0f, gr)), int(200 * (1 - load)), alpha);
          if (p >= 4) {  // ±z: a mark on the node
            z_mark(dl, t, x, y, p, col);
            continue;
          }
          const Segment seg = link_segment(t, x, y, p);
          const ImVec2 p0 = seg.p0, p1 = seg.p1;
          dl->AddLine(p0, p1, col, s == LinkState::Busy ? thick * 1.6f : thick);
          if (s == LinkState::Blocked) {
            const float k = std::max(2.0f, g.cell * 0.12f);
            const ImVec2 m((p0.x + p1.x) * 0.5f, (p0.y + p1.y) * 0.5f);
            dl->AddLine(ImVec2(m.x - k, m.y - k), ImVec2(m.x + k, m.y + k), IM_COL32(255, 60, 60, 255), 2.0f);
            dl->AddLine(ImVec2(m.x - k, m.y + k), ImVec2(m.x + k, m.y - k), IM_COL32(255, 60, 60, 255), 2.0f);
          }
        }
        const int b = net->buffered_flits(node);  // (counted for the nodes drawn only)
        if (b > 0) dl->AddCircleFilled(c, std::min(half * 0.6f, 1.5f + std::sqrt(float(b))), IM_COL32(255, 255, 255, 220), 8);
      }
  });
  return pinned != kNoJob ? draw_pinned_traffic(dl, g, *net, pinned) : PinnedTraffic{};
}

}  // namespace alloclab::app
