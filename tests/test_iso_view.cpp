// test_iso_view.cpp — the page's orbitable 3D view (web/iso_view.hpp): the camera puts a unit
// cube's corners where they were worked out by hand, unprojecting inverts projecting; busy nodes
// become boxes (a job's block one box, every busy node of layers <= top in exactly one box of its
// job, faces between busy nodes hidden); only faces turned to the camera are kept; a box that
// another hides is drawn first even where a centre-depth sort would draw it last; the face under a
// point is the front-most one; the order built in small slices equals the one built at once;
// every axis label lies beside the machine's outline at every angle.
#include <doctest/doctest.h>
#include <algorithm>
#include <array>
#include <cmath>
#include <string>
#include <vector>
#include "core/rng.hpp"
#include "iso_view.hpp"

using namespace alloclab;
using namespace alloclab::app;

namespace {

void check_at(const Camera& c, Vec3 p, float x, float y) {
  const ScreenPt s = c.project(p);
  INFO("point (" << p.x << ", " << p.y << ", " << p.z << ") at (" << s.x << ", " << s.y << "), expected (" << x << ", " << y << ")");
  CHECK(s.x == doctest::Approx(x).epsilon(1e-4));
  CHECK(s.y == doctest::Approx(y).epsilon(1e-4));
}

int position(const std::vector<int>& order, int box) {
  for (std::size_t i = 0; i < order.size(); ++i)
    if (order[i] == box) return int(i);
  return -1;
}

// `count` tries at a random block (sides 1..side, depth 1..depth) of job k, each assigned when free.
void fill_random(Occupancy& occ, Rng& rng, int count, int side, int depth) {
  const int W = occ.width(), H = occ.height(), D = occ.depth();
  for (int k = 0; k < count; ++k) {
    const int w = int(rng.uniform_int(1, side)), h = int(rng.uniform_int(1, side)), d = int(rng.uniform_int(1, depth));
    const int x = int(rng.uniform_int(0, W - w)), y = int(rng.uniform_int(0, H - h)), z = int(rng.uniform_int(0, D - d));
    const Block b{.x = x, .y = y, .w = w, .h = h, .z = z, .d = d};
    if (occ.block_free(b)) occ.assign(b, JobId(k));
  }
}

int box_of(const std::vector<IsoBox>& boxes, JobId job) {
  for (std::size_t i = 0; i < boxes.size(); ++i)
    if (boxes[i].job == job) return int(i);
  return -1;
}

}  // namespace

TEST_CASE("iso view: a unit cube's corners land where worked out by hand") {
  // yaw 0, pitch 0: the camera on the -y side, x to the right, z up (screen y down)
  const Camera front = Camera::look(0, 0, 10, {0, 0, 0}, {100, 100});
  check_at(front, {1, 0, 0}, 110, 100);
  check_at(front, {0, 0, 1}, 100, 90);
  check_at(front, {0, 1, 0}, 100, 100);  // straight behind the origin...
  CHECK(front.depth({0, 1, 0}) == doctest::Approx(-1));  // ...and farther from the camera
  CHECK(front.depth({0, -1, 0}) == doctest::Approx(1));
  // yaw 90: the camera on the -x side, y to the left
  const Camera side = Camera::look(90, 0, 10, {0, 0, 0}, {100, 100});
  check_at(side, {0, 1, 0}, 90, 100);
  check_at(side, {1, 0, 0}, 100, 100);
  CHECK(side.depth({1, 0, 0}) == doctest::Approx(-1));
  // yaw 45, pitch 30 (scale 1): right = (c, -c, 0), up = (c/2, c/2, sqrt(3)/2) with c = 1/sqrt(2)
  const float c = std::sqrt(0.5f), r3 = std::sqrt(3.0f) / 2;
  const Camera iso = Camera::look(45, 30, 1, {0, 0, 0}, {0, 0});
  check_at(iso, {0, 0, 0}, 0, 0);
  check_at(iso, {1, 0, 0}, c, -c / 2);
  check_at(iso, {0, 1, 0}, -c, -c / 2);
  check_at(iso, {0, 0, 1}, 0, -r3);
  check_at(iso, {1, 1, 0}, 0, -c);
  check_at(iso, {1, 1, 1}, 0, -c - r3);
  // top view (pitch 90): the layers view's picture, x right and y up
  const Camera top = Camera::look(0, 90, 1, {0, 0, 0}, {0, 0});
  check_at(top, {1, 0, 0}, 1, 0);
  check_at(top, {0, 1, 0}, 0, -1);
  // a centre other than the origin is drawn at the origin point
  check_at(Camera::look(45, 30, 2, {1, 1, 1}, {50, 60}), {1, 1, 1}, 50, 60);
  // unprojecting onto a plane gives back the point
  const Vec3 p{2.5f, -1.25f, 3};
  for (int axis = 0; axis < 3; ++axis) {
    Vec3 q;
    REQUIRE(iso.unproject(iso.project(p), axis, axis == 0 ? p.x : axis == 1 ? p.y : p.z, q));
    CHECK(q.x == doctest::Approx(p.x).epsilon(1e-4));
    CHECK(q.y == doctest::Approx(p.y).epsilon(1e-4));
    CHECK(q.z == doctest::Approx(p.z).epsilon(1e-4));
  }
}

TEST_CASE("iso view: orbit clamps the pitch, wraps the yaw, reset and cut") {
  OrbitView v;
  v.orbit(-50, 200);
  CHECK(v.pitch == OrbitView::kMaxPitch);
  CHECK(v.yaw == doctest::Approx(345));
  v.orbit(0, -400);
  CHECK(v.pitch == OrbitView::kMinPitch);
  v.zoom_by(1000);
  CHECK(v.zoom == OrbitView::kMaxZoom);
  v.cut = 3;
  v.reset();
  CHECK(v.yaw == OrbitView::kYaw);
  CHECK(v.pitch == OrbitView::kPitch);
  CHECK(v.zoom == 1);
  CHECK(v.top(8) == 3);
  CHECK(v.top(3) == 2);  // a cut at or past the top shows every layer
  v.cut = -1;
  CHECK(v.top(8) == 7);
}

TEST_CASE("iso view: busy nodes become boxes of their jobs, faces between busy nodes hidden") {
  const Topology t(TopologyKind::Torus, 6, 5, 4);
  Occupancy occ(t);
  occ.assign(Block{.x = 1, .y = 1, .w = 3, .h = 2, .z = 0, .d = 3}, 7);  // a cuboid block: one box
  occ.assign(Block{.x = 4, .y = 1, .w = 1, .h = 2, .z = 0, .d = 1}, 8);  // beside it (+x)
  occ.assign(Allocation{.blocks = {Block{.x = 5, .y = 4, .w = 2, .h = 1, .z = 3, .d = 1},   // wraps in x
                                   Block{.x = 0, .y = 0, .w = 1, .h = 1, .z = 2, .d = 1}}},
             9);
  const std::vector<IsoBox> boxes = occupied_boxes(occ, 3);
  // every busy node in exactly one box of its job
  int volume = 0;
  for (const IsoBox& b : boxes) {
    volume += (b.x1 - b.x0) * (b.y1 - b.y0) * (b.z1 - b.z0);
    for (int z = b.z0; z < b.z1; ++z)
      for (int y = b.y0; y < b.y1; ++y)
        for (int x = b.x0; x < b.x1; ++x) CHECK(occ.owner(x, y, z) == b.job);
  }
  CHECK(volume == occ.busy_count());
  const int a = box_of(boxes, 7);
  REQUIRE(a >= 0);
  const IsoBox& big = boxes[std::size_t(a)];
  CHECK(std::array<int, 6>{big.x0, big.y0, big.z0, big.x1, big.y1, big.z1} == std::array<int, 6>{1, 1, 0, 4, 3, 3});
  CHECK(boxes.size() == 5);  // job 7, job 8, job 9: the two pieces of its wrapped block and its node
  // job 7's +x face touches job 8 only on layer 0: still exposed; job 8's -x face is covered
  CHECK((big.exposed >> 1 & 1u) == 1u);
  const IsoBox& beside = boxes[std::size_t(box_of(boxes, 8))];
  CHECK((beside.exposed >> 0 & 1u) == 0u);
  CHECK((beside.exposed & ~1u) == 0x3Eu);
  // cut at layer 1: nothing above it, job 7 ends there and its top is exposed (the cut)
  const std::vector<IsoBox> cut = occupied_boxes(occ, 1);
  for (const IsoBox& b : cut) CHECK(b.z1 <= 2);
  const IsoBox& low = cut[std::size_t(box_of(cut, 7))];
  CHECK(low.z1 == 2);
  CHECK((low.exposed >> 5 & 1u) == 1u);
  CHECK(box_of(cut, 9) == -1);
}

TEST_CASE("iso view: only the faces turned to the camera are drawn") {
  const Topology t(TopologyKind::Mesh, 4, 4, 4);
  Occupancy occ(t);
  occ.assign(Block{.x = 1, .y = 1, .w = 1, .h = 1, .z = 1, .d = 1}, 1);
  const std::vector<IsoBox> boxes = occupied_boxes(occ, 3);
  REQUIRE(boxes.size() == 1);
  CHECK(boxes[0].exposed == 0x3F);
  std::vector<IsoFace> faces;
  // yaw 35, pitch 30: the camera towards -x, -y and +z
  visible_faces(boxes, Camera::look(35, 30, 10, {2, 2, 2}, {0, 0}), faces);
  REQUIRE(faces.size() == 3);
  int seen = 0;
  for (const IsoFace& f : faces) seen |= 1 << (f.axis * 2 + (f.high ? 1 : 0));
  CHECK(seen == (1 << 0 | 1 << 2 | 1 << 5));  // -x, -y, +z
  // from below and behind (yaw 215, pitch -30): +x, +y, -z
  visible_faces(boxes, Camera::look(215, -30, 10, {2, 2, 2}, {0, 0}), faces);
  REQUIRE(faces.size() == 3);
  seen = 0;
  for (const IsoFace& f : faces) seen |= 1 << (f.axis * 2 + (f.high ? 1 : 0));
  CHECK(seen == (1 << 1 | 1 << 3 | 1 << 4));
  // straight from the front (yaw 0, pitch 0): the -y face alone
  visible_faces(boxes, Camera::look(0, 0, 10, {2, 2, 2}, {0, 0}), faces);
  REQUIRE(faces.size() == 1);
  CHECK(faces[0].axis == 1);
  CHECK(!faces[0].high);
}

TEST_CASE("iso view: a box behind another is drawn first, the front one is picked") {
  // A small box A in front (y = 0) of a wall B (y = 1, 8 wide and high): seen from -x, -y, +z
  // the wall's centre is nearer the camera than A's centre, yet A hides part of the wall.
  const Topology t(TopologyKind::Mesh, 8, 8, 8);
  Occupancy occ(t);
  occ.assign(Block{.x = 6, .y = 0, .w = 1, .h = 1, .z = 0, .d = 1}, 1);
  occ.assign(Block{.x = 0, .y = 1, .w = 8, .h = 1, .z = 0, .d = 8}, 2);
  const std::vector<IsoBox> boxes = occupied_boxes(occ, 7);
  REQUIRE(boxes.size() == 2);
  const int a = box_of(boxes, 1), b = box_of(boxes, 2);
  const Camera cam = Camera::look(35, 30, 20, {4, 4, 4}, {300, 300});
  const float da = cam.depth({6.5f, 0.5f, 0.5f}), db = cam.depth({4, 1.5f, 4});
  CHECK(db > da);  // a sort by centre depth would draw the wall last, over A
  bool exact = false;
  const std::vector<int> order = box_order(boxes, cam, &exact);
  CHECK(exact);
  CHECK(position(order, b) < position(order, a));
  // the face under A's front face centre is A's (front-most), and names the node
  std::vector<IsoFace> faces;
  visible_faces(boxes, cam, faces);
  const ScreenPt at = cam.project({6.5f, 0, 0.5f});
  const int f = face_at(faces, at);
  REQUIRE(f >= 0);
  CHECK(faces[std::size_t(f)].box == a);
  const std::array<int, 3> node = node_at(faces[std::size_t(f)], boxes[std::size_t(a)], cam, at);
  CHECK(node == std::array<int, 3>{6, 0, 0});
  // a point on the wall away from A names the wall's node there
  const ScreenPt w = cam.project({2.5f, 1, 5.5f});
  const int g = face_at(faces, w);
  REQUIRE(g >= 0);
  CHECK(faces[std::size_t(g)].box == b);
  CHECK(node_at(faces[std::size_t(g)], boxes[std::size_t(b)], cam, w) == std::array<int, 3>{2, 1, 5});
  CHECK(face_at(faces, ScreenPt{-1000, -1000}) == -1);
  // three rods each over the next (a cycle) are all drawn, each once
  Occupancy rods(t);
  rods.assign(Block{.x = 0, .y = 0, .w = 3, .h = 1, .z = 0, .d = 1}, 1);
  rods.assign(Block{.x = 3, .y = 0, .w = 1, .h = 3, .z = 1, .d = 1}, 2);
  rods.assign(Block{.x = 0, .y = 1, .w = 1, .h = 1, .z = 0, .d = 3}, 3);
  const std::vector<IsoBox> rb = occupied_boxes(rods, 7);
  std::vector<int> ro = box_order(rb, Camera::look(35, 30, 20, {4, 4, 4}, {300, 300}));
  CHECK(ro.size() == rb.size());
  std::sort(ro.begin(), ro.end());
  for (std::size_t i = 0; i < ro.size(); ++i) CHECK(ro[i] == int(i));
}

TEST_CASE("iso view: the painter's order shows the nearest face at every point (random machines)") {
  // Random boxes of random jobs on an 8x8x8 mesh, seen from several angles: at every sampled
  // screen point the face drawn last (face_at) is the nearest of the faces there (depth of each
  // face's plane along the ray through the point).
  int probes = 0, wrong = 0;
  std::string first_wrong;
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    Rng rng(seed);
    const Topology t(TopologyKind::Mesh, 8, 8, 8);
    Occupancy occ(t);
    fill_random(occ, rng, 60, 4, 4);
    const std::vector<IsoBox> boxes = occupied_boxes(occ, int(seed % 3 == 0 ? 5 : 7));
    const std::array<std::array<float, 2>, 3> views = {{{35, 30}, {200, 55}, {110, -40}}};
    for (const std::array<float, 2>& angles : views) {
      const float yaw = angles[0];
      const Camera cam = Camera::look(yaw, angles[1], 20, {4, 4, 4}, {150, 150});
      std::vector<IsoFace> faces;
      visible_faces(boxes, cam, faces);
      auto plane_depth = [&](const IsoFace& f, ScreenPt s) {
        const IsoBox& b = boxes[std::size_t(f.box)];
        const int c = f.axis == 0 ? (f.high ? b.x1 : b.x0) : f.axis == 1 ? (f.high ? b.y1 : b.y0) : (f.high ? b.z1 : b.z0);
        Vec3 q;
        return cam.unproject(s, f.axis, float(c), q) ? cam.depth(q) : -1e30f;
      };
      for (float sy = 0; sy < 300; sy += 4)
        for (float sx = 0; sx < 300; sx += 4) {
          const ScreenPt s{sx + 0.37f, sy + 0.61f};
          const int f = face_at(faces, s);
          if (f < 0) continue;
          ++probes;
          float nearest = -1e30f;
          for (const IsoFace& g : faces) {
            int pos = 0, neg = 0;
            for (int k = 0; k < 4; ++k) {
              const ScreenPt a = g.p[std::size_t(k)], b = g.p[std::size_t((k + 1) % 4)];
              const float cross = (b.x - a.x) * (s.y - a.y) - (b.y - a.y) * (s.x - a.x);
              pos += cross > 1e-3f, neg += cross < -1e-3f;
            }
            if ((pos == 0) != (neg == 0)) nearest = std::max(nearest, plane_depth(g, s));
          }
          if (plane_depth(faces[std::size_t(f)], s) < nearest - 1e-3f && wrong++ == 0)
            first_wrong = "seed " + std::to_string(seed) + ", yaw " + std::to_string(yaw) + ", point (" + std::to_string(s.x) + ", " + std::to_string(s.y) + ")";
        }
    }
  }
  INFO("probes " << probes << ", a farther face drawn over the nearest at " << wrong << ", first: " << first_wrong);
  CHECK(wrong == 0);
  CHECK(probes > 1000);
}

TEST_CASE("iso view: the painter's order built in small slices equals the one built at once") {
  // PainterSort::step(work) stops after about `work` units and resumes where it stopped: the 3D
  // view spreads a rebuild over frames. Slices of 1..50 units give the faces visible_faces gives
  // (same faces, same order), after many steps; the faces on the near sides of the boxes'
  // bounding box come last.
  Rng rng(11);
  const Topology t(TopologyKind::Torus, 10, 9, 8);
  Occupancy occ(t);
  fill_random(occ, rng, 90, 4, 3);
  const std::vector<IsoBox> boxes = occupied_boxes(occ, 7);
  REQUIRE(boxes.size() > 20);
  for (const std::array<float, 2> angles : {std::array<float, 2>{35, 30}, std::array<float, 2>{250, -20}}) {
    const Camera cam = Camera::look(angles[0], angles[1], 12, {5, 4.5f, 4}, {200, 200});
    std::vector<IsoFace> whole;
    CHECK(visible_faces(boxes, cam, whole));
    for (const long long slice : {1LL, 7LL, 50LL}) {
      CAPTURE(slice);
      PainterSort sort;
      sort.start(boxes, cam);
      int steps = 1;
      while (!sort.step(slice)) ++steps;
      CHECK(steps > 10);
      CHECK(sort.exact());
      const std::vector<IsoFace>& sliced = sort.faces();
      REQUIRE(sliced.size() == whole.size());
      int same = 0;
      for (std::size_t i = 0; i < whole.size(); ++i)
        same += sliced[i].box == whole[i].box && sliced[i].axis == whole[i].axis && sliced[i].p[0].x == whole[i].p[0].x &&
                sliced[i].p[2].y == whole[i].p[2].y;
      CHECK(same == int(whole.size()));
    }
    // the near faces of the boxes' bounding box: none is followed by a face off those planes
    int lo[3] = {1 << 20, 1 << 20, 1 << 20}, hi[3] = {-1, -1, -1};
    for (const IsoBox& b : boxes) {
      const int l[3] = {b.x0, b.y0, b.z0}, h[3] = {b.x1, b.y1, b.z1};
      for (int a = 0; a < 3; ++a) lo[a] = std::min(lo[a], l[a]), hi[a] = std::max(hi[a], h[a]);
    }
    bool near_seen = false, inner_after_near = false;
    int near_count = 0;
    for (const IsoFace& f : whole) {
      const IsoBox& b = boxes[std::size_t(f.box)];
      const int c = f.axis == 0 ? (f.high ? b.x1 : b.x0) : f.axis == 1 ? (f.high ? b.y1 : b.y0) : (f.high ? b.z1 : b.z0);
      const bool near = c == (f.high ? hi[f.axis] : lo[f.axis]);
      near_count += near;
      if (near) near_seen = true;
      else if (near_seen) inner_after_near = true;
    }
    CHECK(near_count > 5);
    CHECK(!inner_after_near);
  }
}

namespace {

// The convex hull of points (Andrew's monotone chain), counter-clockwise in screen coordinates.
std::vector<ScreenPt> hull_of(std::vector<ScreenPt> p) {
  std::sort(p.begin(), p.end(), [](ScreenPt a, ScreenPt b) { return a.x < b.x || (a.x == b.x && a.y < b.y); });
  auto cross = [](ScreenPt o, ScreenPt a, ScreenPt b) { return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x); };
  std::vector<ScreenPt> h(2 * p.size());
  std::size_t k = 0;
  for (std::size_t i = 0; i < p.size(); ++i) {
    while (k >= 2 && cross(h[k - 2], h[k - 1], p[i]) <= 0) --k;
    h[k++] = p[i];
  }
  for (std::size_t i = p.size() - 1, t = k + 1; i-- > 0;) {
    while (k >= t && cross(h[k - 2], h[k - 1], p[i]) <= 0) --k;
    h[k++] = p[i];
  }
  h.resize(k - 1);
  return h;
}

// True when the convex polygons a and b do not overlap (an edge normal of one separates them).
bool apart(const std::vector<ScreenPt>& a, const std::vector<ScreenPt>& b) {
  for (const auto* poly : {&a, &b})
    for (std::size_t i = 0; i < poly->size(); ++i) {
      const ScreenPt p = (*poly)[i], q = (*poly)[(i + 1) % poly->size()];
      const float nx = q.y - p.y, ny = p.x - q.x;
      float amin = 1e30f, amax = -1e30f, bmin = 1e30f, bmax = -1e30f;
      for (ScreenPt s : a) amin = std::min(amin, nx * s.x + ny * s.y), amax = std::max(amax, nx * s.x + ny * s.y);
      for (ScreenPt s : b) bmin = std::min(bmin, nx * s.x + ny * s.y), bmax = std::max(bmax, nx * s.x + ny * s.y);
      if (amax <= bmin || bmax <= amin) return true;
    }
  return false;
}

}  // namespace

TEST_CASE("iso view: every axis label lies beside the machine's outline, never over it, at every angle") {
  const ScreenPt text{34, 15};
  const float margin = 5;
  for (const Vec3 hi : {Vec3{16, 16, 16}, Vec3{16, 8, 4}, Vec3{4, 4, 32}})
    for (float yaw = 0; yaw < 360; yaw += 25)
      for (float pitch : {-80.0f, -30.0f, 0.0f, 30.0f, 60.0f, 89.0f}) {
        OrbitView v;
        v.yaw = yaw, v.pitch = pitch;
        const Camera cam = fit_camera(int(hi.x), int(hi.y), int(hi.z), v, 600, 400, 300, 200);
        std::vector<ScreenPt> corners;
        for (int i = 0; i < 8; ++i) corners.push_back(cam.project({i & 1 ? hi.x : 0, i & 2 ? hi.y : 0, i & 4 ? hi.z : 0}));
        const std::vector<ScreenPt> outline = hull_of(corners);
        float x0 = 1e30f, y0 = 1e30f, x1 = -1e30f, y1 = -1e30f;
        for (ScreenPt c : corners) x0 = std::min(x0, c.x), y0 = std::min(y0, c.y), x1 = std::max(x1, c.x), y1 = std::max(y1, c.y);
        for (int axis = 0; axis < 3; ++axis) {
          const ScreenPt at = axis_label_at(cam, hi, axis, text, margin);
          const std::vector<ScreenPt> rect = {at, {at.x + text.x, at.y}, {at.x + text.x, at.y + text.y}, {at.x, at.y + text.y}};
          const float cx = at.x + text.x / 2, cy = at.y + text.y / 2;
          INFO("machine " << hi.x << "x" << hi.y << "x" << hi.z << ", yaw " << yaw << ", pitch " << pitch << ", axis " << axis
                          << ": label at (" << at.x << ", " << at.y << ")");
          CHECK(apart(outline, rect));  // not over the machine
          // and beside it: the label's centre within the margin and the text's width of the outline's box
          CHECK(cx >= x0 - margin - text.x);
          CHECK(cx <= x1 + margin + text.x);
          CHECK(cy >= y0 - margin - text.x);
          CHECK(cy <= y1 + margin + text.x);
        }
      }
}
