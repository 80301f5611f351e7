// iso_view.cpp — boxes of the busy nodes, the orbit camera and the painter's order of the 3D
// view (iso_view.hpp).
//   [SECTION] helpers        vector arithmetic, a face's exposure, a pair's order (behind)
//   [SECTION] camera         OrbitView, Camera, fit_camera
//   [SECTION] boxes          occupied_boxes
//   [SECTION] painter        order_of (topological sort), box_order, visible_faces
//   [SECTION] picking        face_at, node_at
#include "iso_view.hpp"
#include <algorithm>
#include <cmath>
#include <numeric>
#include <queue>

namespace alloclab::app {

// [SECTION] helpers

namespace {

constexpr float kDegree = 3.14159265358979f / 180.0f;

float dot(Vec3 a, Vec3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
Vec3 sub(Vec3 a, Vec3 b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
float comp(Vec3 v, int axis) { return axis == 0 ? v.x : axis == 1 ? v.y : v.z; }
int lo(const IsoBox& b, int axis) { return axis == 0 ? b.x0 : axis == 1 ? b.y0 : b.z0; }
int hi(const IsoBox& b, int axis) { return axis == 0 ? b.x1 : axis == 1 ? b.y1 : b.z1; }

Vec3 centre_of(const IsoBox& b) {
  return {0.5f * float(b.x0 + b.x1), 0.5f * float(b.y0 + b.y1), 0.5f * float(b.z0 + b.z1)};
}

// Whether face `f` of box b borders a node that is free, outside the machine or above `top`.
bool face_exposed(const Occupancy& occ, int top, const IsoBox& b, int f) {
  const int axis = f / 2;
  const bool high = f % 2;
  const int at = high ? hi(b, axis) : lo(b, axis) - 1;  // the layer of nodes beyond the face
  const int limit[3] = {occ.width(), occ.height(), std::min(occ.depth(), top + 1)};
  if (at < 0 || at >= limit[axis]) return true;
  int r[3][2] = {{b.x0, b.x1}, {b.y0, b.y1}, {b.z0, b.z1}};
  r[axis][0] = at, r[axis][1] = at + 1;
  for (int z = r[2][0]; z < r[2][1]; ++z)
    for (int y = r[1][0]; y < r[1][1]; ++y)
      for (int x = r[0][0]; x < r[0][1]; ++x)
        if (occ.owner(x, y, z) == kNoJob) return true;
  return false;
}

// A box's screen bounds (its 8 corners projected).
struct Bounds {
  float x0, y0, x1, y1;
};
Bounds screen_bounds(const IsoBox& b, const Camera& cam) {
  Bounds r{1e30f, 1e30f, -1e30f, -1e30f};
  for (int c = 0; c < 8; ++c) {
    const ScreenPt s = cam.project({float(c & 1 ? b.x1 : b.x0), float(c & 2 ? b.y1 : b.y0), float(c & 4 ? b.z1 : b.z0)});
    r.x0 = std::min(r.x0, s.x), r.x1 = std::max(r.x1, s.x);
    r.y0 = std::min(r.y0, s.y), r.y1 = std::max(r.y1, s.y);
  }
  return r;
}

// +1: a must be drawn before b (a is behind), -1: after, 0: neither can hide the other. Two
// boxes that do not overlap are apart along some axis; along such an axis the camera is on one
// side, and a ray from the nearer box away from the camera never comes back to the farther one.
// Axes that disagree (or an axis seen edge-on) mean no ray goes from one box into the other.
int behind(const IsoBox& a, const IsoBox& b, const Camera& cam) {
  int verdict = 0;
  for (int axis = 0; axis < 3; ++axis) {
    int side = 0;  // +1: b is on the upper side of a along this axis
    if (hi(a, axis) <= lo(b, axis)) side = 1;
    else if (hi(b, axis) <= lo(a, axis)) side = -1;
    if (side == 0) continue;
    const float e = comp(cam.eye, axis);
    if (e == 0.0f) return 0;
    const int v = (e > 0) == (side > 0) ? 1 : -1;  // b nearer the camera: a is drawn first
    if (verdict != 0 && verdict != v) return 0;
    verdict = v;
  }
  return verdict;
}

}  // namespace

// [SECTION] camera

void OrbitView::orbit(float dyaw, float dpitch) {
  yaw = std::fmod(yaw + dyaw, 360.0f);
  if (yaw < 0) yaw += 360.0f;
  pitch = std::clamp(pitch + dpitch, kMinPitch, kMaxPitch);
}

void OrbitView::zoom_by(float factor) { zoom = std::clamp(zoom * factor, kMinZoom, kMaxZoom); }

void OrbitView::reset() {
  yaw = kYaw;
  pitch = kPitch;
  zoom = 1;
}

Camera Camera::look(float yaw_deg, float pitch_deg, float scale, Vec3 centre, ScreenPt origin) {
  const float sy = std::sin(yaw_deg * kDegree), cy = std::cos(yaw_deg * kDegree);
  const float sp = std::sin(pitch_deg * kDegree), cp = std::cos(pitch_deg * kDegree);
  Camera c;
  c.right = {cy, -sy, 0};
  c.up = {sy * sp, cy * sp, cp};
  c.eye = {-sy * cp, -cy * cp, sp};
  c.centre = centre;
  c.origin = origin;
  c.scale = scale;
  return c;
}

ScreenPt Camera::project(Vec3 p) const {
  const Vec3 d = sub(p, centre);
  return {origin.x + scale * dot(d, right), origin.y - scale * dot(d, up)};
}

float Camera::depth(Vec3 p) const { return dot(sub(p, centre), eye); }

bool Camera::unproject(ScreenPt s, int axis, float c, Vec3& out) const {
  const float a = (s.x - origin.x) / scale, b = -(s.y - origin.y) / scale;
  const float e = comp(eye, axis);
  if (std::fabs(e) < 1e-6f) return false;
  const float t = (c - comp(centre, axis) - a * comp(right, axis) - b * comp(up, axis)) / e;
  out = {centre.x + a * right.x + b * up.x + t * eye.x, centre.y + a * right.y + b * up.y + t * eye.y,
         centre.z + a * right.z + b * up.z + t * eye.z};
  return true;
}

Camera fit_camera(int W, int H, int D, const OrbitView& v, float cw, float ch, float ox, float oy) {
  const float diag = std::sqrt(float(W) * float(W) + float(H) * float(H) + float(D) * float(D));
  const float scale = v.zoom * 0.92f * std::min(cw, ch) / std::max(diag, 1.0f);
  return Camera::look(v.yaw, v.pitch, scale, {0.5f * float(W), 0.5f * float(H), 0.5f * float(D)}, {ox, oy});
}

// [SECTION] boxes

std::vector<IsoBox> occupied_boxes(const Occupancy& occ, int top) {
  const int W = occ.width(), H = occ.height(), D = std::min(occ.depth(), top + 1);
  std::vector<IsoBox> boxes;
  // Rectangles of the current layer, and the index of the box each previous-layer rectangle
  // became, by its base (x0 + y0·W): a rectangle equal to the one below it extends that box.
  std::vector<IsoBox> rects, prev_rects;
  std::vector<int> open(std::size_t(W), -1), next_open(std::size_t(W), -1);  // rect per run start x0, last row
  std::vector<int> box_at(std::size_t(W) * std::size_t(H), -1), next_box_at(std::size_t(W) * std::size_t(H), -1);
  for (int z = 0; z < D; ++z) {
    rects.clear();
    std::fill(open.begin(), open.end(), -1);
    for (int y = 0; y < H; ++y) {
      std::fill(next_open.begin(), next_open.end(), -1);
      for (int x = 0; x < W;) {
        const JobId o = occ.owner(x, y, z);
        int e = x + 1;
        while (e < W && occ.owner(e, y, z) == o) ++e;
        if (o != kNoJob) {
          const int r = open[std::size_t(x)];
          if (r >= 0 && rects[std::size_t(r)].x1 == e && rects[std::size_t(r)].job == o) {
            rects[std::size_t(r)].y1 = y + 1;
            next_open[std::size_t(x)] = r;
          } else {
            next_open[std::size_t(x)] = int(rects.size());
            rects.push_back(IsoBox{.x0 = x, .y0 = y, .z0 = z, .x1 = e, .y1 = y + 1, .z1 = z + 1, .job = o});
          }
        }
        x = e;
      }
      std::swap(open, next_open);
    }
    for (const IsoBox& r : rects) {
      const std::size_t base = std::size_t(r.x0) + std::size_t(r.y0) * std::size_t(W);
      const int b = box_at[base];
      if (b >= 0) {
        IsoBox& below = boxes[std::size_t(b)];
        if (below.z1 == z && below.x1 == r.x1 && below.y1 == r.y1 && below.job == r.job) {
          below.z1 = z + 1;
          next_box_at[base] = b;
          continue;
        }
      }
      next_box_at[base] = int(boxes.size());
      boxes.push_back(r);
    }
    for (const IsoBox& r : prev_rects) box_at[std::size_t(r.x0) + std::size_t(r.y0) * std::size_t(W)] = -1;
    for (const IsoBox& r : rects) {
      const std::size_t base = std::size_t(r.x0) + std::size_t(r.y0) * std::size_t(W);
      box_at[base] = next_box_at[base];
      next_box_at[base] = -1;
    }
    std::swap(prev_rects, rects);
  }
  for (IsoBox& b : boxes)
    for (int f = 0; f < 6; ++f)
      if (face_exposed(occ, top, b, f)) b.exposed = std::uint8_t(b.exposed | (1u << f));
  return boxes;
}

// [SECTION] painter

namespace {

// The painter's order of the boxes `ids` (box_order on a subset): indices into `boxes`.
std::vector<int> order_of(const std::vector<IsoBox>& boxes, const std::vector<int>& ids, const Camera& cam, bool* exact) {
  const int n = int(ids.size());
  const std::size_t N = ids.size();
  auto box = [&](int i) -> const IsoBox& { return boxes[std::size_t(ids[std::size_t(i)])]; };
  std::vector<float> depth(N);
  for (int i = 0; i < n; ++i) depth[std::size_t(i)] = cam.depth(centre_of(box(i)));
  auto farther = [&](int a, int b) {  // heap order: the farthest box first, then the lower index
    return depth[std::size_t(a)] != depth[std::size_t(b)] ? depth[std::size_t(a)] > depth[std::size_t(b)] : a > b;
  };
  std::vector<int> order;
  order.reserve(std::size_t(n));
  // Pairs whose screen bounds overlap, found through a grid of G × G bins over the screen: a pair
  // is tested in the first bin both boxes cover (the bin of the larger of their low corners).
  std::vector<Bounds> sb(N);
  Bounds all{1e30f, 1e30f, -1e30f, -1e30f};
  for (int i = 0; i < n; ++i) {
    const Bounds r = sb[std::size_t(i)] = screen_bounds(box(i), cam);
    all.x0 = std::min(all.x0, r.x0), all.y0 = std::min(all.y0, r.y0), all.x1 = std::max(all.x1, r.x1), all.y1 = std::max(all.y1, r.y1);
  }
  // A box's outline on screen is a hexagon whose sides run along the three axes' images, the
  // same directions for every box: two outlines overlap unless one of the three normals to those
  // directions separates them (separating axes). Per box: its centre and half-width along each.
  float nx[3] = {}, ny[3] = {};
  bool usable[3] = {};
  for (int k = 0; k < 3; ++k) {
    const float ax = comp(cam.right, k), ay = -comp(cam.up, k), len = std::sqrt(ax * ax + ay * ay);
    usable[k] = len > 1e-4f;  // an axis seen end-on draws no side
    if (usable[k]) nx[k] = -ay / len, ny[k] = ax / len;
  }
  std::vector<std::array<float, 6>> span(N);  // per normal k: centre, half-width (pixels)
  for (int i = 0; i < n; ++i) {
    const IsoBox& b = box(i);
    const ScreenPt c = cam.project(centre_of(b));
    const float ext[3] = {float(b.x1 - b.x0), float(b.y1 - b.y0), float(b.z1 - b.z0)};
    for (int k = 0; k < 3; ++k) {
      float h = 0;
      for (int j = 0; j < 3; ++j) h += std::fabs((comp(cam.right, j) * nx[k] - comp(cam.up, j) * ny[k]) * cam.scale) * ext[j] * 0.5f;
      span[std::size_t(i)][std::size_t(2 * k)] = c.x * nx[k] + c.y * ny[k];
      span[std::size_t(i)][std::size_t(2 * k + 1)] = h;
    }
  }
  auto outlines_overlap = [&](int a, int b) {
    for (int k = 0; k < 3; ++k) {
      if (!usable[k]) continue;
      const auto &A = span[std::size_t(a)], &B = span[std::size_t(b)];
      if (std::fabs(A[std::size_t(2 * k)] - B[std::size_t(2 * k)]) >= A[std::size_t(2 * k + 1)] + B[std::size_t(2 * k + 1)] - 1e-3f) return false;
    }
    return true;
  };
  const int G = std::clamp(int(std::sqrt(float(n))), 1, 64);
  const float bw = std::max(all.x1 - all.x0, 1e-3f) / float(G), bh = std::max(all.y1 - all.y0, 1e-3f) / float(G);
  auto bin_x = [&](float x) { return std::clamp(int((x - all.x0) / bw), 0, G - 1); };
  auto bin_y = [&](float y) { return std::clamp(int((y - all.y0) / bh), 0, G - 1); };
  std::vector<int> bin_start(std::size_t(G * G) + 1, 0), bin_items;
  for (int pass = 0; pass < 2; ++pass) {  // count, then fill (compressed rows)
    std::vector<int> fill(bin_start.begin(), bin_start.end() - 1);
    for (int i = 0; i < n; ++i) {
      const Bounds& r = sb[std::size_t(i)];
      for (int gy = bin_y(r.y0); gy <= bin_y(r.y1); ++gy)
        for (int gx = bin_x(r.x0); gx <= bin_x(r.x1); ++gx) {
          if (pass == 0) ++bin_start[std::size_t(gy * G + gx) + 1];
          else bin_items[std::size_t(fill[std::size_t(gy * G + gx)]++)] = i;
        }
    }
    if (pass == 0) {
      for (int k = 0; k < G * G; ++k) bin_start[std::size_t(k) + 1] += bin_start[std::size_t(k)];
      bin_items.resize(std::size_t(bin_start.back()));
    }
  }
  std::vector<std::pair<int, int>> edges;  // (before, after)
  long long tests = 0;
  bool ok = true;
  for (int k = 0; k < G * G && ok; ++k)
    for (int p = bin_start[std::size_t(k)]; p < bin_start[std::size_t(k) + 1] && ok; ++p)
      for (int q = p + 1; q < bin_start[std::size_t(k) + 1]; ++q) {
        const int a = bin_items[std::size_t(p)], b = bin_items[std::size_t(q)];
        const Bounds &A = sb[std::size_t(a)], &B = sb[std::size_t(b)];
        if (B.x0 >= A.x1 || A.x0 >= B.x1 || B.y0 >= A.y1 || A.y0 >= B.y1) continue;
        if (bin_y(std::max(A.y0, B.y0)) * G + bin_x(std::max(A.x0, B.x0)) != k) continue;  // tested in another bin
        if (++tests > kMaxPairTests) { ok = false; break; }
        if (!outlines_overlap(a, b)) continue;
        const int v = behind(box(a), box(b), cam);
        if (v > 0) edges.emplace_back(a, b);
        else if (v < 0) edges.emplace_back(b, a);
      }
  if (exact) *exact = ok;
  if (!ok) {  // too many overlapping pairs: centre depth, farthest first
    for (int i = 0; i < n; ++i) order.push_back(i);
    std::sort(order.begin(), order.end(), [&](int a, int b) { return farther(b, a); });
    for (int& i : order) i = ids[std::size_t(i)];
    return order;
  }
  // Kahn's algorithm over the edges (compressed rows, both ways), the farthest ready box first.
  std::vector<int> start(N + 1, 0), indeg(N, 0), next(edges.size()), pstart(N + 1, 0), prev(edges.size());
  for (const auto& e : edges) ++start[std::size_t(e.first) + 1], ++pstart[std::size_t(e.second) + 1], ++indeg[std::size_t(e.second)];
  for (int i = 0; i < n; ++i) start[std::size_t(i) + 1] += start[std::size_t(i)], pstart[std::size_t(i) + 1] += pstart[std::size_t(i)];
  {
    std::vector<int> fill(start.begin(), start.end() - 1), pfill(pstart.begin(), pstart.end() - 1);
    for (const auto& e : edges) {
      next[std::size_t(fill[std::size_t(e.first)]++)] = e.second;
      prev[std::size_t(pfill[std::size_t(e.second)]++)] = e.first;
    }
  }
  std::priority_queue<int, std::vector<int>, decltype(farther)> ready(farther);
  for (int i = 0; i < n; ++i)
    if (indeg[std::size_t(i)] == 0) ready.push(i);
  std::vector<char> done(N, 0);
  std::vector<int> seen(N, -1), path;
  while (int(order.size()) < n) {
    if (ready.empty()) {
      // Every box left waits for another: walk back along waiting boxes from the farthest one
      // until a box repeats (a cycle: boxes that each hide part of the next) and draw the
      // cycle's farthest box first; only the cycle's own constraint is broken.
      int cur = -1;
      for (int i = 0; i < n; ++i)
        if (!done[std::size_t(i)] && (cur < 0 || farther(cur, i))) cur = i;
      path.clear();
      while (seen[std::size_t(cur)] < 0) {
        seen[std::size_t(cur)] = int(path.size());
        path.push_back(cur);
        int p = -1;
        for (int k = pstart[std::size_t(cur)]; k < pstart[std::size_t(cur) + 1] && p < 0; ++k)
          if (!done[std::size_t(prev[std::size_t(k)])]) p = prev[std::size_t(k)];
        cur = p;
      }
      int pick = cur;
      for (std::size_t k = std::size_t(seen[std::size_t(cur)]); k < path.size(); ++k)
        if (farther(pick, path[k])) pick = path[k];
      for (int v : path) seen[std::size_t(v)] = -1;
      indeg[std::size_t(pick)] = 0;
      ready.push(pick);
    }
    const int a = ready.top();
    ready.pop();
    if (done[std::size_t(a)]) continue;
    done[std::size_t(a)] = 1;
    order.push_back(a);
    for (int k = start[std::size_t(a)]; k < start[std::size_t(a) + 1]; ++k) {
      const int b = next[std::size_t(k)];
      if (!done[std::size_t(b)] && --indeg[std::size_t(b)] == 0) ready.push(b);
    }
  }
  for (int& i : order) i = ids[std::size_t(i)];
  return order;
}

}  // namespace

std::vector<int> box_order(const std::vector<IsoBox>& boxes, const Camera& cam, bool* exact) {
  std::vector<int> ids(boxes.size());
  std::iota(ids.begin(), ids.end(), 0);
  return order_of(boxes, ids, cam, exact);
}

bool visible_faces(const std::vector<IsoBox>& boxes, const Camera& cam, std::vector<IsoFace>& out) {
  // The exposed faces turned to the camera, each as a box flat along its axis: ordering faces
  // rather than boxes leaves fewer cycles (boxes interlock more often than their faces overlap).
  std::vector<IsoBox> flat;
  std::vector<IsoFace> faces;
  for (std::size_t i = 0; i < boxes.size(); ++i) {
    const IsoBox& b = boxes[i];
    for (int axis = 0; axis < 3; ++axis) {
      const float e = comp(cam.eye, axis);
      if (e == 0.0f) continue;
      const bool high = e > 0;  // the face whose outward normal points to the camera
      if (!(b.exposed >> (axis * 2 + (high ? 1 : 0)) & 1u)) continue;
      const int c = high ? hi(b, axis) : lo(b, axis);
      IsoBox f = b;
      (axis == 0 ? f.x0 : axis == 1 ? f.y0 : f.z0) = c;
      (axis == 0 ? f.x1 : axis == 1 ? f.y1 : f.z1) = c;
      flat.push_back(f);
      const int u = (axis + 1) % 3, v = (axis + 2) % 3;
      const float us[2] = {float(lo(b, u)), float(hi(b, u))}, vs[2] = {float(lo(b, v)), float(hi(b, v))};
      IsoFace face{.p = {}, .box = int(i), .axis = axis, .high = high};
      const int corner[4][2] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
      for (int k = 0; k < 4; ++k) {
        float p[3];
        p[axis] = float(c), p[u] = us[corner[k][0]], p[v] = vs[corner[k][1]];
        face.p[std::size_t(k)] = cam.project({p[0], p[1], p[2]});
      }
      faces.push_back(face);
    }
  }
  std::vector<int> ids(flat.size());
  std::iota(ids.begin(), ids.end(), 0);
  bool exact = true;
  const std::vector<int> order = order_of(flat, ids, cam, &exact);
  out.clear();
  out.reserve(order.size());
  for (int i : order) out.push_back(faces[std::size_t(i)]);
  return exact;
}

// [SECTION] picking

int face_at(const std::vector<IsoFace>& faces, ScreenPt s) {
  for (int i = int(faces.size()) - 1; i >= 0; --i) {
    const auto& p = faces[std::size_t(i)].p;
    int pos = 0, neg = 0;
    for (int k = 0; k < 4; ++k) {
      const ScreenPt a = p[std::size_t(k)], b = p[std::size_t((k + 1) % 4)];
      const float cross = (b.x - a.x) * (s.y - a.y) - (b.y - a.y) * (s.x - a.x);
      if (cross > 0) ++pos;
      else if (cross < 0) ++neg;
    }
    if (pos == 0 || neg == 0) {
      if (pos + neg == 0) continue;  // a face seen edge-on
      return i;
    }
  }
  return -1;
}

std::array<int, 3> node_at(const IsoFace& f, const IsoBox& b, const Camera& cam, ScreenPt s) {
  std::array<int, 3> n = {b.x0, b.y0, b.z0};
  Vec3 p;
  if (!cam.unproject(s, f.axis, float(f.high ? hi(b, f.axis) : lo(b, f.axis)), p)) return n;
  const float q[3] = {p.x, p.y, p.z};
  for (int axis = 0; axis < 3; ++axis)
    n[std::size_t(axis)] = axis == f.axis ? (f.high ? hi(b, axis) - 1 : lo(b, axis))
                                          : std::clamp(int(std::floor(q[axis])), lo(b, axis), hi(b, axis) - 1);
  return n;
}

}  // namespace alloclab::app
