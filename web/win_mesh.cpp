// win_mesh.cpp — the Mesh window (Run mode): the running simulation's machine on the shared
// occupancy canvas (mesh_canvas.hpp) with a one-line header and a legend of what is drawn; a 3D
// machine as its layers or, switched under the canvas, as the orbitable 3D view (orbit_canvas.hpp).
#include <algorithm>
#include <cstdio>
#include <string>
#include "imgui.h"
#include "pod/pods.hpp"
#include "traffic_heat.hpp"
#include "traffic_overlay.hpp"
#include "windows.hpp"

namespace alloclab::app {

namespace {

constexpr float kCutSliderWidth = 110;  // the 3D view's cut slider (pixels)

FrameReport::Box item_box() {
  const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
  return {a.x, a.y, b.x, b.y};
}

// A 3D machine's Layers / 3D switch (reported for the page's tests).
void view_switch(OrbitView& view, FrameReport& report) {
  if (ImGui::RadioButton("Layers", !view.three_d)) view.three_d = false;
  report.controls().view_layers = item_box();
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("The layers z = 0, 1, ... side by side");
  ImGui::SameLine();
  if (ImGui::RadioButton("3D", view.three_d)) view.three_d = true;
  report.controls().view_3d = item_box();
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("The running jobs as boxes in the machine, orbited by dragging");
}

// The pinned job (with an unpin button) or, when none, the hint.
void pinned_line(const Simulation& sim, Pin& pin, const char* hint) {
  const JobId pinned = pin.job();
  ImGui::PushTextWrapPos(0.0f);
  if (pinned != kNoJob) {
    const JobRecord* j = sim.running_job(pinned);
    char shape[48] = "";
    if (j && j->shape.d > 1) std::snprintf(shape, sizeof shape, "%dx%dx%d", j->shape.w, j->shape.h, j->shape.d);
    else if (j) std::snprintf(shape, sizeof shape, "%dx%d", j->shape.w, j->shape.h);
    if (j && j->end >= 0) ImGui::Text("pinned: job %d  %s  %zu block(s)  ends %.1f", j->id, shape, j->alloc.blocks.size(), j->end);
    else if (j) ImGui::Text("pinned: job %d  %s  %zu block(s)  ends when its messages arrive", j->id, shape, j->alloc.blocks.size());
    else ImGui::TextDisabled("pinned: job %d (waiting or departed)", pinned);
    ImGui::SameLine();
    if (ImGui::SmallButton("unpin")) pin.clear();
  } else {
    ImGui::TextDisabled("%s", hint);
  }
  ImGui::PopTextWrapPos();
}

}  // namespace

void MeshWindow::draw(const Simulation& sim, Pin& pin, OrbitView& view, FrameReport& report) {
  if (!open) return;
  if (!ImGui::Begin("Mesh", &open)) { ImGui::End(); return; }
  const Occupancy& occ = sim.occupancy();
  const int W = occ.width(), H = occ.height(), D = occ.depth(), nodes = occ.topology().nodes();
  if (const PodInfo* pod = sim.scenario().pod(); pod && pod->cubes())
    ImGui::Text("%s pod: %d cubes of 4x4x4 (%dx%dx%d chips), %s", std::string(pod->id).c_str(), pod->cube_count(), W, H, D,
                sim.scenario().strat.ocs ? "optical circuit switches" : "one fixed torus");
  else if (D > 1) ImGui::Text("%s %dx%dx%d", occ.topology().wraps() ? "torus" : "mesh", W, H, D);
  else ImGui::Text("%s %dx%d", occ.topology().wraps() ? "torus" : "mesh", W, H);
  // busy: the chips jobs hold; a pod whose hosts fail shows its failed chips beside them
  const HostFailures* hosts = sim.hosts();
  const int failed = hosts ? hosts->failed_chips() : 0, busy = job_chips(sim);
  char failed_text[32] = "";
  if (hosts && (hosts->mtbf() > 0 || failed > 0)) std::snprintf(failed_text, sizeof failed_text, "   failed %d", failed);
  char stats[192];
  std::snprintf(stats, sizeof stats, "t = %.1f   busy %d/%d (%.0f%%)%s   running %zu   waiting %zu", sim.now(), busy, nodes,
                100.0 * busy / double(nodes), failed_text, sim.running().size(), sim.queue_length());
  same_line_if_fits(ImGui::CalcTextSize(stats).x);  // a narrow window: under it
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextDisabled("%s", stats);
  ImGui::PopTextWrapPos();
  // the controls under the canvas: one line, or two when the hint does not fit beside them; a 3D
  // machine adds the Layers / 3D switch, and in 3D its Reset view button and cut slider
  const bool deep = D > 1, three_d = deep && view.three_d;
  const char* hint = three_d ? "hover: job  click: pin  drag or arrow keys: orbit  wheel: zoom"
                     : occ.topology().wraps() ? "hover: details  click: pin  wheel: zoom  drag: pan  blue: wrap-around"
                                              : "hover: details  click: pin  wheel: zoom  drag: pan";
  const ImGuiStyle& style = ImGui::GetStyle();
  const float radio = ImGui::GetFrameHeight() + style.ItemInnerSpacing.x + style.ItemSpacing.x;
  const float switch_w = deep ? radio * 2 + ImGui::CalcTextSize("Layers").x + ImGui::CalcTextSize("3D").x : 0.0f;
  const float controls_w = switch_w + (three_d ? ImGui::CalcTextSize("Reset view").x + style.FramePadding.x * 2 + style.ItemSpacing.x * 2 + kCutSliderWidth
                                               : ImGui::GetFrameHeight() * 2 + ImGui::CalcTextSize("grid").x + ImGui::CalcTextSize("fit").x +
                                                     ImGui::CalcTextSize("traffic").x + style.ItemInnerSpacing.x * 2 + style.FramePadding.x * 2 +
                                                     style.ItemSpacing.x * 3);
  const bool two_lines = ImGui::GetContentRegionAvail().x < controls_w + ImGui::CalcTextSize(hint).x;
  ImVec2 avail = ImGui::GetContentRegionAvail();
  avail.y -= ImGui::GetFrameHeightWithSpacing() * (two_lines ? 2.0f : 1.0f);
  JobId pinned = pin.job();
  if (three_d) {
    const OrbitCanvas::Drawn d = orbit.draw("mesh_orbit", sim, avail, view, &pinned);
    pin.set(pinned);
    report.mesh(FrameReport::Mesh{.drawn = true, .x0 = d.c0.x, .y0 = d.c0.y, .x1 = d.c1.x, .y1 = d.c1.y, .zoom = view.zoom, .first = 0,
                                  .count = D, .depth = D, .hx = d.hx, .hy = d.hy, .hz = d.hz, .hover = d.hover, .orbit = true,
                                  .yaw = view.yaw, .pitch = view.pitch, .orbit_ms = d.ms, .top = d.top, .boxes = d.boxes,
                                  .faces = d.faces, .exact = d.exact, .sorts = d.sorts, .sort_frames = d.sort_frames,
                                  .replays = d.replays, .header_busy = busy, .header_failed = failed_text[0] ? failed : -1});
    report.traffic("off", PinnedTraffic{});
    view_switch(view, report);
    ImGui::SameLine();
    if (ImGui::SmallButton("Reset view")) view.reset();
    report.controls().view_reset = item_box();
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Back to the first angle and zoom (drag or the arrow keys orbit, the wheel zooms)");
    ImGui::SameLine();
    int top = view.top(D);
    ImGui::SetNextItemWidth(kCutSliderWidth);
    if (ImGui::SliderInt("##cut", &top, 0, D - 1, "layers 0-%d")) view.cut = top >= D - 1 ? -1 : top;
    report.controls().view_cut = item_box();
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Cut: the layers above the one chosen are hidden, so that the inside shows");
    if (!two_lines) ImGui::SameLine();
    pinned_line(sim, pin, hint);
    ImGui::End();
    return;
  }
  const CanvasGeom g = canvas.draw("mesh_canvas", sim, avail, &pinned);
  pin.set(pinned);
  const MeshCanvas::Layers& ly = canvas.layers();
  FrameReport::Mesh mr{.drawn = true, .x0 = g.c0.x, .y0 = g.c0.y, .x1 = g.c1.x, .y1 = g.c1.y, .zoom = canvas.zoom(), .first = ly.first,
                       .count = ly.count, .depth = ly.depth, .tiles = g.ntiles, .cubes = ly.cubes, .hx = ly.hx, .hy = ly.hy,
                       .hz = ly.hz, .hover = ly.hover};
  mr.header_busy = busy;
  mr.header_failed = failed_text[0] ? failed : -1;
  mr.repaints = canvas.repaints();
  for (int i = 0; i < std::min(g.ntiles, FrameReport::Mesh::kTiles); ++i) {
    const CanvasGeom& t = g.tiles[i];
    mr.tile_rect[std::size_t(i)] = {t.c0.x, t.c0.y, t.c1.x, t.c1.y};
    mr.tile_z[std::size_t(i)] = t.z;
  }
  report.mesh(mr);
  const bool traffic_ok = traffic_available(sim);
  PinnedTraffic drawn;
  const char* overlay = "off";
  if (traffic && traffic_ok) {
    ImDrawList* dl = ImGui::GetWindowDrawList();
    dl->PushClipRect(g.c0, g.c1, true);
    const bool aggregate = TrafficHeat::wanted(g);
    if (aggregate) {  // one texture, then the pinned job's channels on top
      heat.draw(dl, g, *sim.network());
      if (pinned != kNoJob) drawn = draw_pinned_traffic(dl, g, *sim.network(), pinned);
    } else {  // per link
      drawn = draw_traffic_overlay(dl, g, sim, pinned);
    }
    overlay = aggregate ? "heat" : "links";
    dl->PopClipRect();
  }
  report.traffic(overlay, drawn);
  if (deep) view_switch(view, report), ImGui::SameLine();
  ImGui::Checkbox("grid", &canvas.grid_lines);
  ImGui::SameLine();
  ImGui::BeginDisabled(canvas.zoom() <= 1.0f);
  if (ImGui::SmallButton("fit")) canvas.reset_view();
  ImGui::EndDisabled();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) ImGui::SetTooltip("Reset zoom and pan (wheel zooms, drag pans)");
  ImGui::SameLine();
  // without a network the box is greyed out and empty (the overlay's own setting is kept)
  ImGui::BeginDisabled(!traffic_ok);
  bool ticked = traffic && traffic_ok;
  if (ImGui::Checkbox("traffic", &ticked) && traffic_ok) traffic = ticked;
  ImGui::EndDisabled();
  {
    FrameReport::Controls& c = report.controls();
    const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
    c.traffic_drawn = true, c.traffic_enabled = traffic_ok, c.traffic_ticked = ticked;
    c.traffic_box = {a.x, a.y, b.x, b.y};
  }
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
    ImGui::SetTooltip(traffic_ok ? "Link load heat map (blue low, yellow, red = a flit every cycle), bright red: blocked channel,\n"
                                   "white: flits buffered in a router. Small cells show it as a texture; zoom in for per-link lines."
                                 : "Needs the network model in the simulation (pattern != none)");
  if (!two_lines) ImGui::SameLine();
  pinned_line(sim, pin, hint);
  ImGui::End();
}

}  // namespace alloclab::app
