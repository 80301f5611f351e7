// iso_view.hpp — the orbitable 3D view of a 3D machine's occupied nodes, as pure functions (app
// core: no ImGui, no GL; tests/test_iso_view.cpp). The Mesh window's "3D" view (orbit_canvas.hpp)
// draws what these return with ImGui's draw list:
//  - occupied_boxes: the busy nodes of layers z <= top as boxes (x-runs of one owner merged into
//    rectangles along y, rectangles into boxes along z: a job's cuboid block is one box, a
//    non-contiguous job a few boxes), each with the faces that border a free node, the machine's
//    surface or the cut (a face between two busy nodes is never seen);
//  - Camera: an orthographic camera orbiting the machine's centre (yaw about the vertical z
//    axis, pitch above the x-y plane, zoom), machine x, y, z -> screen; z is up, so the top view
//    (pitch 90°) is the layers view's picture (x right, y up);
//  - visible_faces: the painter's algorithm. Only exposed faces turned to the camera, ordered back
//    to front by a topological sort of "may hide": two faces whose outlines overlap on screen
//    (separating axes) are ordered along an axis that separates them, so that mixed sizes draw
//    right (a centre-depth sort draws a small box in front of a big one behind it). Faces rather
//    than boxes, since boxes interlock (each hiding part of the next, round a cycle) far more
//    often than their faces do; a cycle that remains is broken at its farthest member. Past
//    kMaxPairTests pair tests the order falls back to centre depth (stated in the result);
//  - face_at: the front-most face under a screen point, and the node of that face under it;
//  - axis_label_at: where an axis label goes, outside the machine's outline.
#pragma once
#include "app_layer.hpp"
#include <array>
#include <cstdint>
#include <utility>
#include <vector>
#include "alloc/occupancy.hpp"

namespace alloclab::app {

// The 3D view's settings (AppState::orbit()): which view the Mesh window shows on a 3D machine,
// the camera's angles (degrees) and zoom, and the cut (the top layer shown; < 0: all).
struct OrbitView {
  static constexpr float kYaw = 35, kPitch = 30;        // the view "Reset view" returns to
  static constexpr float kMinPitch = -85, kMaxPitch = 89;  // pitch clamped (never upside down)
  static constexpr float kMinZoom = 0.3f, kMaxZoom = 12;
  bool three_d = false;
  float yaw = kYaw, pitch = kPitch, zoom = 1;
  int cut = -1;
  // Turns the camera (yaw wraps to [0, 360), pitch clamped).
  void orbit(float dyaw, float dpitch);
  // Zoom multiplied by `factor`, clamped.
  void zoom_by(float factor);
  // Angles and zoom back to the defaults (the cut and the view kept).
  void reset();
  // The top layer shown on a machine of depth D.
  int top(int D) const { return cut < 0 || cut >= D ? D - 1 : cut; }
};

struct Vec3 {
  float x = 0, y = 0, z = 0;
};
struct ScreenPt {
  float x = 0, y = 0;
};

// An orthographic camera: a machine point p lands at origin + scale·((p−centre)·right,
// −(p−centre)·up) on screen (y down); (p−centre)·eye is its depth (larger = nearer the camera).
struct Camera {
  Vec3 right, up, eye;  // unit vectors: screen right, screen up, towards the camera
  Vec3 centre;          // the machine point drawn at `origin`
  ScreenPt origin;
  float scale = 1;      // pixels per node
  // yaw about z (0: the camera on the −y side, x to the right), pitch above the x-y plane.
  static Camera look(float yaw_deg, float pitch_deg, float scale, Vec3 centre, ScreenPt origin);
  ScreenPt project(Vec3 p) const;
  float depth(Vec3 p) const;
  // The point of the plane {axis = c} (axis 0, 1, 2 = x, y, z) drawn at screen point s; false
  // when the plane is seen edge-on.
  bool unproject(ScreenPt s, int axis, float c, Vec3& out) const;
};

// The camera that shows a W×H×D machine whole at every angle (its diagonal fits the smaller
// side of a cw × ch canvas at zoom 1), centred on the canvas centre (ox, oy).
Camera fit_camera(int W, int H, int D, const OrbitView& v, float cw, float ch, float ox, float oy);

// Busy nodes [x0, x1) × [y0, y1) × [z0, z1) of one job; bit f of `exposed` set when face f
// (0 −x, 1 +x, 2 −y, 3 +y, 4 −z, 5 +z) borders a node that is free, outside the machine or cut.
struct IsoBox {
  int x0 = 0, y0 = 0, z0 = 0, x1 = 0, y1 = 0, z1 = 0;
  JobId job = kNoJob;
  std::uint8_t exposed = 0;
};
// The busy nodes of layers 0..top as boxes (see the header), in layer, row, column order of
// their base.
std::vector<IsoBox> occupied_boxes(const Occupancy& occ, int top);

// One face on screen: its corners in order around it, its box, its axis (0 x, 1 y, 2 z).
struct IsoFace {
  std::array<ScreenPt, 4> p;
  int box = 0;
  int axis = 0;
  bool high = false;  // the face at the box's upper end of the axis (+x, +y, +z)
};
inline constexpr long long kMaxPairTests = 4000000;
// The painter's order (see the header) in steps, so that a rebuild can be spread over frames:
// start() takes the boxes and the camera, step(work) does at most about `work` units (a pair of
// items looked at, an item placed) and says whether the order is complete; faces() is then what
// visible_faces returns, order() the items' order. The 3D view keeps drawing its last faces
// while a rebuild runs.
class PainterSort {
 public:
  // Sorts the exposed faces of `boxes` turned to the camera (faces() when done).
  void start(const std::vector<IsoBox>& boxes, const Camera& cam);
  // Sorts whole boxes (order() when done; box_order).
  void start_boxes(const std::vector<IsoBox>& boxes, const Camera& cam);
  bool step(long long work);
  bool done() const { return stage_ == Stage::Done; }
  bool exact() const { return exact_; }  // false: fell back to centre depth (kMaxPairTests)
  std::vector<IsoFace>& faces() { return out_; }
  const std::vector<int>& order() const { return order_; }

 private:
  enum class Stage { Pairs, Order, Done };
  void begin(const Camera& cam);
  void finish();
  bool nearer(int a, int b) const;
  Stage stage_ = Stage::Done;
  Camera cam_;
  bool faces_mode_ = false, exact_ = true;
  std::vector<IsoBox> items_;                   // what is sorted (faces: flat boxes)
  std::vector<IsoFace> faces_, near_, out_;     // items' faces; faces drawn last unsorted; result
  std::vector<float> depth_;                    // centre depth per item
  std::vector<std::array<float, 4>> bounds_;    // screen bounds per item: x0, y0, x1, y1
  std::vector<int> by_left_, open_;             // the sweep: items by left edge, items open
  std::size_t sweep_ = 0;
  long long tests_ = 0;
  std::vector<std::pair<int, int>> edges_;      // (drawn before, drawn after)
  std::vector<int> start_, next_, pstart_, prev_, fill_, pfill_, indeg_, ready_, seen_, path_, order_;
  std::vector<char> placed_;
};
// The boxes in back-to-front order (the sort visible_faces runs on faces, here on whole boxes).
// `exact` is false when the sort fell back to centre depth.
std::vector<int> box_order(const std::vector<IsoBox>& boxes, const Camera& cam, bool* exact = nullptr);
// The exposed faces turned towards the camera, back to front (see the header), in one go.
// Returns false when the order fell back to centre depth.
bool visible_faces(const std::vector<IsoBox>& boxes, const Camera& cam, std::vector<IsoFace>& out);
// The index of the front-most face containing screen point s (-1: none).
int face_at(const std::vector<IsoFace>& faces, ScreenPt s);
// The node of face f's box under screen point s (on the face's plane, clamped into the box).
std::array<int, 3> node_at(const IsoFace& f, const IsoBox& b, const Camera& cam, ScreenPt s);
// Where the label of `axis` (0, 1, 2 = x, y, z) of the box [0, hi] goes, as the top-left of a
// text of size `text`: beside the middle of the box edge along that axis that lies farthest
// out on the machine's outline, `margin` pixels outside it (so the label never sits over the
// boxes, whichever way the camera looks).
ScreenPt axis_label_at(const Camera& cam, Vec3 hi, int axis, ScreenPt text, float margin);

}  // namespace alloclab::app
