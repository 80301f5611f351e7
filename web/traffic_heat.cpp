// traffic_heat.cpp — see traffic_heat.hpp.
#include "traffic_heat.hpp"

namespace alloclab::app {

static_assert(texel_rgba(1, 2, 3, 4) == IM_COL32(1, 2, 3, 4), "HeatMap's texels are packed as ImGui packs colours");

void TrafficHeat::shutdown() { texture_.release(); }

void TrafficHeat::draw(ImDrawList* dl, const CanvasGeom& g, const Network& net) {
  // Texels of 2 px or more stay crisp; smaller ones are filtered (no moire at fractional scales).
  texture_.set_linear(g.cell < 4.0f);
  const HeatMap::Rows rows = map_.update(net, g.W, g.H, g.D, ImGui::GetTime());
  const int tw = map_.width(), th = map_.height();
  if (!texture_.ready() || texture_.width() != tw || texture_.height() != th || rows.count == th)
    texture_.upload(map_.data(), tw, th);
  else if (rows.count > 0)
    texture_.upload_rows(map_.data(), rows.first, rows.count);
  // the veil is in the texels; one image per tile (its part of the map)
  const LayerAtlas& a = map_.atlas();
  g.for_each_tile([&](const CanvasGeom& t) {
    const int x0 = t.tx0, y0 = t.ty0, w = t.tw ? t.tw : g.W, h = t.th ? t.th : g.H;
    const ImVec2 p0 = t.node_min(x0, y0 + h - 1), p1 = t.node_max(x0 + w - 1, y0);
    const float u0 = float(2 * a.texel_x(x0, t.z)) / float(tw), v0 = float(2 * a.texel_y(y0 + h - 1, t.z)) / float(th);
    dl->AddImage(texture_.id(), p0, p1, ImVec2(u0, v0), ImVec2(u0 + float(2 * w) / float(tw), v0 + float(2 * h) / float(th)));
  });
}

}  // namespace alloclab::app
