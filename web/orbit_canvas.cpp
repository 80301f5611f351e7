// orbit_canvas.cpp — the 3D view of a 3D machine (orbit_canvas.hpp).
#include "orbit_canvas.hpp"
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include "mesh_canvas.hpp"

namespace alloclab::app {

namespace {

constexpr ImU32 kFrame = IM_COL32(150, 158, 172, 70);    // the machine's wireframe
constexpr ImU32 kAxis = IM_COL32(190, 196, 208, 150);    // the x, y, z edges at the origin
constexpr ImU32 kLabelBack = IM_COL32(18, 20, 24, 200);  // behind the axis labels
constexpr ImU32 kCutLine = IM_COL32(120, 190, 255, 150); // the outline of the cut
constexpr ImU32 kEdge = IM_COL32(8, 10, 14, 150);        // a face's outline
constexpr float kDegreesPerPixel = 0.4f;

ImVec2 im(ScreenPt p) { return ImVec2(p.x, p.y); }

// The job's colour scaled by the face's shade: top and bottom brightest, x sides, then y sides
// (three shades by normal, so that depth reads); `dim`: pushed towards the background.
ImU32 shaded(JobId job, int axis, bool high, bool dim) {
  const float shade = axis == 2 ? (high ? 1.0f : 0.5f) : axis == 0 ? 0.78f : 0.6f;
  const ImU32 c = job_colour(job);
  float r = float(c >> IM_COL32_R_SHIFT & 0xFF) * shade, g = float(c >> IM_COL32_G_SHIFT & 0xFF) * shade,
        b = float(c >> IM_COL32_B_SHIFT & 0xFF) * shade;
  if (dim) r = r * 0.3f + 18 * 0.7f, g = g * 0.3f + 20 * 0.7f, b = b * 0.3f + 24 * 0.7f;
  return IM_COL32(int(r), int(g), int(b), 255);
}

// The 12 edges of the box [a, b) on screen.
void box_edges(ImDrawList* dl, const Camera& cam, Vec3 a, Vec3 b, ImU32 col, float thick) {
  ImVec2 c[8];
  for (int k = 0; k < 8; ++k) c[k] = im(cam.project({k & 1 ? b.x : a.x, k & 2 ? b.y : a.y, k & 4 ? b.z : a.z}));
  for (int k = 0; k < 8; ++k)
    for (int bit : {1, 2, 4})
      if (!(k & bit)) dl->AddLine(c[k], c[k | bit], col, thick);
}

// A hash of every node's owner (the boxes are rebuilt when it changes).
std::uint64_t owners_hash(const Occupancy& occ) {
  std::uint64_t h = 1469598103934665603ull;
  const int n = occ.topology().nodes();
  for (int i = 0; i < n; ++i) h = (h ^ std::uint64_t(std::uint32_t(occ.owner(i)))) * 1099511628211ull;
  return h;
}

}  // namespace

// The shown faces, back to front; adjacent faces meet without a seam (no anti-aliased fringe on
// the fill), each outlined when it is large enough on screen; every job but a running pinned one
// dimmed.
void OrbitCanvas::emit_faces(ImDrawList* dl, JobId pin, bool pin_running) {
  // (the fill flag off for the whole loop: the outlines are lines, drawn anti-aliased as before)
  const ImDrawListFlags flags = dl->Flags;
  dl->Flags = flags & ~ImDrawListFlags_AntiAliasedFill;
  for (const IsoFace& f : faces_) {
    const IsoBox& b = shown_boxes_[std::size_t(f.box)];
    dl->AddQuadFilled(im(f.p[0]), im(f.p[1]), im(f.p[2]), im(f.p[3]), shaded(b.job, f.axis, f.high, pin_running && b.job != pin));
    const float extent = std::max(std::fabs(f.p[2].x - f.p[0].x), std::fabs(f.p[2].y - f.p[0].y));
    if (extent >= 4.0f) {
      const ImVec2 q[4] = {im(f.p[0]), im(f.p[1]), im(f.p[2]), im(f.p[3])};
      dl->AddPolyline(q, 4, kEdge, ImDrawFlags_Closed, 1.0f);
    }
  }
  dl->Flags = flags;
}

OrbitCanvas::Drawn OrbitCanvas::draw(const char* id, const Simulation& sim, ImVec2 size, OrbitView& view, JobId* pinned) {
  const auto t0 = std::chrono::steady_clock::now();
  const Occupancy& occ = sim.occupancy();
  const int W = occ.width(), H = occ.height(), D = occ.depth();
  size.x = std::max(size.x, 40.0f);
  size.y = std::max(size.y, 40.0f);
  Drawn out;
  out.c0 = ImGui::GetCursorScreenPos();
  out.c1 = ImVec2(out.c0.x + size.x, out.c0.y + size.y);
  ImGui::InvisibleButton(id, size, ImGuiButtonFlags_MouseButtonLeft | ImGuiButtonFlags_MouseButtonRight);
  const bool hovered = ImGui::IsItemHovered(), active = ImGui::IsItemActive();
  ImGuiIO& io = ImGui::GetIO();
  if (hovered && io.MouseWheel != 0.0f) view.zoom_by(std::pow(1.15f, io.MouseWheel));
  const bool dragging = ImGui::IsMouseDragging(ImGuiMouseButton_Left, 3.0f) || ImGui::IsMouseDragging(ImGuiMouseButton_Right, 3.0f);
  if (active && dragging) {
    view.orbit(io.MouseDelta.x * kDegreesPerPixel, io.MouseDelta.y * kDegreesPerPixel);
    dragged_ = true;
  }

  // ---- the boxes: rebuilt when the running jobs, the cut or the machine changed (the owners'
  // hash decides only while busy nodes have no running job), and only when a painter's order
  // can start on them: while one is being built, the boxes of the frames until it is done would
  // never be drawn (a rebuild reads every node), so the change waits (the running jobs are not
  // remembered: the next frame finds it again) and the boxes are built once, when it is done
  const int top = view.top(D);
  bool rebuild = boxes_gen_ == 0 || machine_[0] != W || machine_[1] != H || machine_[2] != D || machine_[3] != top;
  if (sorting_) {
    rebuild = false;
  } else if (jobs_.compare(sim)) {
    rebuild = rebuild || jobs_.changed();
  } else {
    const std::uint64_t key = owners_hash(occ);
    rebuild = rebuild || key != occ_key_;
    occ_key_ = key;
  }
  if (rebuild) {
    boxes_ = occupied_boxes(occ, top);
    jobs_.remember(sim);
    machine_[0] = W, machine_[1] = H, machine_[2] = D, machine_[3] = top;
    ++boxes_gen_;
  }
  // ---- the faces: a painter's order for the current boxes and camera, built in slices of at
  // most kSortMs per frame while the last picture stays on screen (at once for the first picture
  // of a machine or cut); a sort under way finishes before the next one starts
  const ImVec2 mid((out.c0.x + out.c1.x) * 0.5f, (out.c0.y + out.c1.y) * 0.5f);
  const Camera cam = fit_camera(W, H, D, view, size.x, size.y, mid.x, mid.y);
  const float vkey[7] = {view.yaw, view.pitch, view.zoom, size.x, size.y, mid.x, mid.y};
  if (!sorting_ && !(shown_gen_ == boxes_gen_ && std::equal(vkey, vkey + 7, view_key_))) {
    sort_boxes_ = boxes_;
    sort_cam_ = cam;
    sort_.start(sort_boxes_, cam);
    sort_gen_ = boxes_gen_;
    std::copy(vkey, vkey + 7, sort_key_);
    std::copy(machine_, machine_ + 4, sort_machine_);
    sorting_ = true;
  }
  if (sorting_) {
    ++sort_frames_;
    const bool at_once = faces_gen_ == 0 || !std::equal(sort_machine_, sort_machine_ + 4, shown_machine_);
    while (!sort_.step(2000))
      if (!at_once && std::chrono::duration<float, std::milli>(std::chrono::steady_clock::now() - t0).count() >= kSortMs) break;
    if (sort_.done()) {
      faces_.swap(sort_.faces());
      shown_boxes_.swap(sort_boxes_);
      shown_cam_ = sort_cam_;
      exact_ = sort_.exact();
      shown_gen_ = sort_gen_;
      std::copy(sort_key_, sort_key_ + 7, view_key_);
      std::copy(sort_machine_, sort_machine_ + 4, shown_machine_);
      ++faces_gen_;
      ++sorts_;
      sorting_ = false;
    }
  }
  out.sorting = sorting_;

  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->PushClipRect(out.c0, out.c1, true);
  dl->AddRectFilled(out.c0, out.c1, kBackground);
  const Vec3 lo{0, 0, 0}, hi{float(W), float(H), float(D)};
  box_edges(dl, cam, lo, hi, kFrame, 1.0f);  // behind everything: the boxes cover what they hide

  // ---- the faces, back to front (the last frame's vertices when nothing changed)
  const JobId pin = pinned ? *pinned : kNoJob;
  const bool pin_running = pin != kNoJob && sim.running_job(pin) != nullptr;
  const JobId dim_key = pin_running ? pin : kNoJob;
  const ImVec2 uv = ImGui::GetIO().Fonts->TexUvWhitePixel;  // in every face vertex
  if (vtx_faces_gen_ == faces_gen_ && vtx_pin_ == dim_key && vtx_uv_.x == uv.x && vtx_uv_.y == uv.y) {
    dl->PrimReserve(int(idx_.size()), int(vtx_.size()));
    std::copy(vtx_.begin(), vtx_.end(), dl->_VtxWritePtr);
    const ImDrawIdx base = ImDrawIdx(dl->_VtxCurrentIdx);
    for (std::size_t k = 0; k < idx_.size(); ++k) dl->_IdxWritePtr[k] = ImDrawIdx(idx_[k] + base);
    dl->_VtxWritePtr += vtx_.size();
    dl->_IdxWritePtr += idx_.size();
    dl->_VtxCurrentIdx += unsigned(vtx_.size());
    out.replayed = true;
    ++replays_;
  } else {
    const int v0 = dl->VtxBuffer.Size, i0 = dl->IdxBuffer.Size;
    const ImDrawIdx base = ImDrawIdx(dl->_VtxCurrentIdx);
    emit_faces(dl, pin, pin_running);
    vtx_.assign(dl->VtxBuffer.Data + v0, dl->VtxBuffer.Data + dl->VtxBuffer.Size);
    idx_.resize(std::size_t(dl->IdxBuffer.Size - i0));
    for (std::size_t k = 0; k < idx_.size(); ++k) idx_[k] = ImDrawIdx(dl->IdxBuffer.Data[std::size_t(i0) + k] - base);
    vtx_faces_gen_ = faces_gen_;
    vtx_pin_ = dim_key;
    vtx_uv_ = uv;
  }

  // ---- the axes at the origin corner, each axis's size beside the machine's outline (never over
  // the boxes), and the cut's outline, on top
  const float fs = ImGui::GetFontSize();
  auto label = [&](int axis, const char* text) {
    const ImVec2 ts = ImGui::CalcTextSize(text);
    const ScreenPt at = axis_label_at(cam, hi, axis, {ts.x, ts.y}, fs * 0.4f);
    dl->AddRectFilled(ImVec2(at.x - 2, at.y), ImVec2(at.x + ts.x + 2, at.y + ts.y), kLabelBack, 3.0f);
    dl->AddText(ImVec2(at.x, at.y), kAxis, text);
  };
  dl->AddLine(im(cam.project(lo)), im(cam.project({hi.x, 0, 0})), kAxis, 1.5f);
  dl->AddLine(im(cam.project(lo)), im(cam.project({0, hi.y, 0})), kAxis, 1.5f);
  dl->AddLine(im(cam.project(lo)), im(cam.project({0, 0, hi.z})), kAxis, 1.5f);
  char t[32];
  std::snprintf(t, sizeof t, "x %d", W);
  label(0, t);
  std::snprintf(t, sizeof t, "y %d", H);
  label(1, t);
  std::snprintf(t, sizeof t, "z %d", D);
  label(2, t);
  if (top < D - 1) {
    const float z = float(top + 1);
    const ImVec2 q[4] = {im(cam.project({0, 0, z})), im(cam.project({hi.x, 0, z})), im(cam.project({hi.x, hi.y, z})), im(cam.project({0, hi.y, z}))};
    dl->AddPolyline(q, 4, kCutLine, ImDrawFlags_Closed, 1.5f);
  }

  // ---- the face under the mouse, its job and node; a click (without a drag) pins or unpins
  if (hovered && !dragging) {
    const ImVec2 m = io.MousePos;
    const int f = face_at(faces_, ScreenPt{m.x, m.y});
    if (f >= 0) {
      const IsoFace& face = faces_[std::size_t(f)];
      const IsoBox& b = shown_boxes_[std::size_t(face.box)];
      const std::array<int, 3> n = node_at(face, b, shown_cam_, ScreenPt{m.x, m.y});
      out.hover = b.job;
      out.hx = n[0], out.hy = n[1], out.hz = n[2];
    }
  }
  if (pinned && ImGui::IsItemDeactivated()) {
    if (!dragged_ && hovered) *pinned = (out.hover == *pinned || out.hover == kFailedHost) ? kNoJob : out.hover;  // (a failed host is no job)
    dragged_ = false;
  }
  // the pinned and the hovered job's boxes outlined on top (seen through what hides them)
  auto outline = [&](JobId job, ImU32 col, float thick) {
    for (const IsoBox& b : shown_boxes_)
      if (b.job == job) box_edges(dl, cam, {float(b.x0), float(b.y0), float(b.z0)}, {float(b.x1), float(b.y1), float(b.z1)}, col, thick);
  };
  if (pinned && *pinned != kNoJob) outline(*pinned, IM_COL32(255, 255, 255, 230), 2.0f);
  if (out.hover != kNoJob && (!pinned || out.hover != *pinned)) outline(out.hover, IM_COL32(255, 255, 255, 160), 1.5f);
  dl->PopClipRect();

  if (hovered && out.hover == kFailedHost && !dragging) {
    ImGui::BeginTooltip();
    failed_host_tooltip(sim, out.hx, out.hy, out.hz);
    ImGui::TextDisabled("node (%d, %d, %d)", out.hx, out.hy, out.hz);
    ImGui::EndTooltip();
  } else if (hovered && out.hover != kNoJob && !dragging) {
    ImGui::BeginTooltip();
    if (const JobRecord* j = sim.running_job(out.hover); j && !j->alloc.blocks.empty()) {
      const Block& base = j->alloc.blocks.front();
      ImGui::Text("job %d   %dx%dx%d   base (%d, %d, %d)", out.hover, j->shape.w, j->shape.h, j->shape.d, base.x, base.y, base.z);
    }
    ImGui::TextDisabled("node (%d, %d, %d)", out.hx, out.hy, out.hz);
    job_tooltip(sim, out.hover);
    if (pinned) ImGui::TextDisabled(out.hover != *pinned ? "click to pin" : "click to unpin");
    ImGui::EndTooltip();
  }
  out.boxes = int(shown_boxes_.size());
  out.faces = int(faces_.size());
  out.exact = exact_;
  out.sorts = sorts_, out.sort_frames = sort_frames_, out.replays = replays_;
  out.top = top;
  out.ms = std::chrono::duration<float, std::milli>(std::chrono::steady_clock::now() - t0).count();
  return out;
}

}  // namespace alloclab::app
