// orbit_canvas.hpp — the Mesh window's "3D" view of a 3D machine: every running job's nodes as
// solid boxes (iso_view.hpp: busy nodes merged into boxes, a job's block one box), faces shaded
// by their normal (top brightest, x sides, y sides darker) in the job's colour, painted back to
// front with ImGui's draw list (projected in software: no GL of its own), a faint wireframe of
// the machine with x, y, z written at its origin corner, and the cut's outline. Drag (or the
// arrow keys, main.cpp) orbits, the wheel zooms; hover names the job of the front-most face, its
// shape, base and the node under the mouse; a click pins the job (the pin the layers view and
// every other window show). The boxes are rebuilt only when the occupancy or the cut changes,
// the faces only when the boxes or the camera change.
#pragma once
#include <cstdint>
#include <vector>
#include "imgui.h"
#include "iso_view.hpp"
#include "simulation.hpp"

namespace alloclab::app {

class OrbitCanvas {
 public:
  // What the canvas drew this frame.
  struct Drawn {
    ImVec2 c0, c1;                 // the canvas rectangle
    JobId hover = kNoJob;          // the job under the mouse
    int hx = -1, hy = -1, hz = -1;  // and its node (-1: none)
    int boxes = 0, faces = 0;      // boxes of busy nodes, faces drawn
    bool exact = true;             // painter's order from the box sort (else centre depth)
    int top = 0;                   // the top layer shown (the cut)
    float ms = 0;                  // wall time this draw took (boxes, faces, draw list)
  };
  // Draws the simulation's machine (depth > 1) into a canvas of `size` at the cursor, the camera
  // and cut from `view` (changed by drag and wheel); `pinned` (may be null): a click pins the job
  // under the mouse or unpins.
  Drawn draw(const char* id, const Simulation& sim, ImVec2 size, OrbitView& view, JobId* pinned);

 private:
  std::vector<IsoBox> boxes_;
  std::vector<IsoFace> faces_;
  std::uint64_t occ_key_ = 0;   // owners' hash, machine and cut the boxes were built for
  unsigned boxes_gen_ = 0, faces_gen_ = ~0u;
  float view_key_[7] = {};      // camera and canvas the faces were projected for
  bool exact_ = true;
  bool dragged_ = false;
};

}  // namespace alloclab::app
