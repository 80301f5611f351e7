// orbit_canvas.hpp — the Mesh window's "3D" view of a 3D machine: every running job's nodes as
// solid boxes (iso_view.hpp: busy nodes merged into boxes, a job's block one box), faces shaded
// by their normal (top brightest, x sides, y sides darker) in the job's colour, painted back to
// front with ImGui's draw list (projected in software: no GL of its own), a faint wireframe of
// the machine with x, y, z written at its origin corner, and the cut's outline. Drag (or the
// arrow keys, main.cpp) orbits, the wheel zooms; hover names the job of the front-most face, its
// shape, base and the node under the mouse (a failed host's chips, drawn grey: "failed host N";
// a click there pins nothing); a click pins the job (the pin the layers view and
// every other window show). Frame work does not grow with the machine while nothing changes:
// the boxes are rebuilt only when the running jobs (owner_texels.hpp's RunningDiff), the cut or
// the machine change, the faces only when the boxes or the camera change, and a rebuild of the
// painter's order runs in slices of at most kSortMs per frame (PainterSort) while the last
// picture stays on screen; a frame that changes nothing copies the last frame's vertices into
// the draw list instead of projecting and emitting the faces again.
#pragma once
#include <cstdint>
#include <vector>
#include "imgui.h"
#include "iso_view.hpp"
#include "owner_texels.hpp"
#include "simulation.hpp"

namespace alloclab::app {

class OrbitCanvas {
 public:
  // What the canvas drew this frame.
  struct Drawn {
    ImVec2 c0, c1;                 // the canvas rectangle
    JobId hover = kNoJob;          // the job under the mouse (kFailedHost: a failed host's chip)
    int hx = -1, hy = -1, hz = -1;  // and its node (-1: none)
    int boxes = 0, faces = 0;      // boxes of busy nodes, faces drawn
    bool exact = true;             // painter's order from the box sort (else centre depth)
    int top = 0;                   // the top layer shown (the cut)
    float ms = 0;                  // wall time this draw took (boxes, faces, draw list)
    bool sorting = false;          // a new painter's order is being built (the last one shown)
    bool replayed = false;         // the faces' vertices copied from the last frame
    // so far: painter's orders completed, frames that worked on one, frames that copied vertices
    long long sorts = 0, sort_frames = 0, replays = 0;
  };
  static constexpr float kSortMs = 0.75f;  // the painter's order's share of a frame (with the boxes)
  // Draws the simulation's machine (depth > 1) into a canvas of `size` at the cursor, the camera
  // and cut from `view` (changed by drag and wheel); `pinned` (may be null): a click pins the job
  // under the mouse or unpins.
  Drawn draw(const char* id, const Simulation& sim, ImVec2 size, OrbitView& view, JobId* pinned);

 private:
  void emit_faces(ImDrawList* dl, JobId pin, bool pin_running);
  // the boxes of the running jobs (rebuilt on a change)
  RunningDiff jobs_;
  std::vector<IsoBox> boxes_;
  std::uint64_t occ_key_ = 0;   // owners' hash (only while the running jobs miss busy nodes)
  int machine_[4] = {};         // W, H, D and the top layer the boxes were built for
  unsigned boxes_gen_ = 0;
  // the painter's order being built: for which boxes (a copy) and camera
  PainterSort sort_;
  std::vector<IsoBox> sort_boxes_;
  Camera sort_cam_;
  unsigned sort_gen_ = 0;
  float sort_key_[7] = {};
  int sort_machine_[4] = {};
  bool sorting_ = false;
  // what is on screen: faces of shown_boxes_ seen by shown_cam_
  std::vector<IsoBox> shown_boxes_;
  std::vector<IsoFace> faces_;
  Camera shown_cam_;
  int shown_machine_[4] = {-1, -1, -1, -1};
  unsigned faces_gen_ = 0, shown_gen_ = 0;  // boxes generation shown; faces generation
  float view_key_[7] = {};      // camera and canvas the faces were projected for
  bool exact_ = true;
  bool dragged_ = false;
  long long sorts_ = 0, sort_frames_ = 0, replays_ = 0;
  // the faces' vertices and indices (rebased to 0) as last emitted, and for what
  std::vector<ImDrawVert> vtx_;
  std::vector<ImDrawIdx> idx_;
  unsigned vtx_faces_gen_ = 0;
  JobId vtx_pin_ = kNoJob;
  ImVec2 vtx_uv_;
};

}  // namespace alloclab::app
