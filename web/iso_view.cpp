// iso_view.cpp — boxes of the busy nodes, the orbit camera and the painter's order of the 3D
// view (iso_view.hpp).
//   [SECTION] helpers        vector arithmetic, a face's exposure, a pair's order (sight_order)
//   [SECTION] camera         OrbitView, Camera, fit_camera
//   [SECTION] boxes          occupied_boxes
//   [SECTION] painter        PainterSort (a topological sort, resumable), box_order, visible_faces
//   [SECTION] picking        face_at, node_at
//   [SECTION] axis labels    axis_label_at
#include "iso_view.hpp"
#include <algorithm>
#include <cmath>
#include <numeric>
#include <limits>

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

// The order of two disjoint boxes along the lines of sight through both: +1, a must be drawn
// before b (a is behind), -1 after, 0 no line of sight passes through both (their outlines do not
// overlap on screen, or only along a sliver). A line of sight meets both boxes where p_a − p_b =
// t·eye for points p_a of a and p_b of b, i.e. where the line {t·eye} meets the box a − b
// (per axis [lo_a − hi_b, hi_a − lo_b]); t > 0 puts a nearer the camera. Exact for boxes flat
// along an axis (faces) too: a flat axis of a − b fixes t, which must lie inside the others.
struct Sight {
  float inv[3];    // 1 / eye per axis (0 across the view)
  bool across[3];  // the axis lies across the view (eye has no component along it)
};
Sight sight_of(const Camera& cam) {
  Sight s{};
  for (int axis = 0; axis < 3; ++axis) {
    const float e = comp(cam.eye, axis);
    s.across[axis] = e == 0.0f;
    s.inv[axis] = s.across[axis] ? 0.0f : 1.0f / e;
  }
  return s;
}
int sight_order(const IsoBox& a, const IsoBox& b, const Sight& s) {
  constexpr float kSliver = 1e-4f;  // node units along the line of sight
  float t0 = -1e30f, t1 = 1e30f, fixed = 0;
  bool has_fixed = false;
  for (int axis = 0; axis < 3; ++axis) {
    const int d0 = lo(a, axis) - hi(b, axis), d1 = hi(a, axis) - lo(b, axis);
    if (s.across[axis]) {
      if (d0 >= 0 || d1 <= 0) return 0;  // the lines keep this coordinate: they must start inside
      continue;
    }
    if (d0 == d1) {  // both boxes flat along this axis: t fixed
      fixed = float(d0) * s.inv[axis];
      has_fixed = true;
      continue;
    }
    float u0 = float(d0) * s.inv[axis], u1 = float(d1) * s.inv[axis];
    if (u0 > u1) std::swap(u0, u1);
    t0 = std::max(t0, u0);
    t1 = std::min(t1, u1);
  }
  float t = 0;
  if (has_fixed) {
    if (!(fixed > t0 + kSliver && fixed < t1 - kSliver)) return 0;
    t = fixed;
  } else {
    if (!(t1 - t0 > kSliver)) return 0;
    t = 0.5f * (t0 + t1);
  }
  return t > 0 ? -1 : 1;
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

// Items are boxes (box_order) or faces as boxes flat along their axis (visible_faces).
void PainterSort::begin(const Camera& cam) {
  cam_ = cam;
  const std::size_t N = items_.size();
  depth_.resize(N);
  bounds_.resize(N);
  for (std::size_t i = 0; i < N; ++i) {
    depth_[i] = cam.depth(centre_of(items_[i]));
    const Bounds r = screen_bounds(items_[i], cam);
    bounds_[i] = {r.x0, r.y0, r.x1, r.y1};
  }
  // Pairs whose screen bounds overlap, by a sweep along screen x: the items in order of their
  // left edge, each tested against the items still open there (right edge past its left edge);
  // an item whose right edge the sweep has passed leaves the open list.
  by_left_.resize(N);
  std::iota(by_left_.begin(), by_left_.end(), 0);
  std::sort(by_left_.begin(), by_left_.end(), [&](int a, int b) { return bounds_[std::size_t(a)][0] < bounds_[std::size_t(b)][0]; });
  open_.clear();
  edges_.clear();
  order_.clear();
  sweep_ = 0;
  tests_ = 0;
  exact_ = true;
  stage_ = N == 0 ? Stage::Done : Stage::Pairs;
}

// Whether a is nearer the camera than b (centre depth; on a tie the higher index): the heap's
// order, so that its top is the farthest ready item (the lowest index first on a tie).
bool PainterSort::nearer(int a, int b) const {
  const float da = depth_[std::size_t(a)], db = depth_[std::size_t(b)];
  return da != db ? da > db : a > b;
}

bool PainterSort::step(long long work) {
  const std::size_t N = items_.size();
  if (stage_ == Stage::Pairs) {
    const Sight sight = sight_of(cam_);
    for (; sweep_ < N && work > 0; ++sweep_) {
      const int b = by_left_[sweep_];
      const auto& B = bounds_[std::size_t(b)];
      std::size_t kept = 0;
      work -= static_cast<long long>(open_.size()) + 1;
      for (std::size_t m = 0; m < open_.size(); ++m) {
        const int a = open_[m];
        const auto& A = bounds_[std::size_t(a)];
        if (A[2] <= B[0]) continue;  // passed: no later item reaches back to it
        open_[kept++] = a;
        if (B[0] >= A[2] || B[1] >= A[3] || A[1] >= B[3]) continue;
        if (++tests_ > kMaxPairTests) {  // too many overlapping pairs: centre depth, farthest first
          exact_ = false;
          order_.resize(N);
          std::iota(order_.begin(), order_.end(), 0);
          std::sort(order_.begin(), order_.end(), [&](int x, int y) { return nearer(y, x); });
          finish();
          return true;
        }
        const int v = sight_order(items_[std::size_t(a)], items_[std::size_t(b)], sight);
        if (v > 0) edges_.emplace_back(a, b);
        else if (v < 0) edges_.emplace_back(b, a);
      }
      open_.resize(kept);
      open_.push_back(b);
    }
    if (sweep_ < N) return false;
    // Kahn's algorithm over the edges (compressed rows, both ways), the farthest ready item first.
    start_.assign(N + 1, 0);
    pstart_.assign(N + 1, 0);
    indeg_.assign(N, 0);
    next_.resize(edges_.size());
    prev_.resize(edges_.size());
    for (const auto& e : edges_) ++start_[std::size_t(e.first) + 1], ++pstart_[std::size_t(e.second) + 1], ++indeg_[std::size_t(e.second)];
    for (std::size_t i = 0; i < N; ++i) start_[i + 1] += start_[i], pstart_[i + 1] += pstart_[i];
    fill_.assign(start_.begin(), start_.end() - 1);
    pfill_.assign(pstart_.begin(), pstart_.end() - 1);
    for (const auto& e : edges_) {
      next_[std::size_t(fill_[std::size_t(e.first)]++)] = e.second;
      prev_[std::size_t(pfill_[std::size_t(e.second)]++)] = e.first;
    }
    work -= static_cast<long long>(edges_.size());
    ready_.clear();
    const auto heap = [this](int a, int b) { return nearer(a, b); };
    for (std::size_t i = 0; i < N; ++i)
      if (indeg_[i] == 0) ready_.push_back(int(i));
    std::make_heap(ready_.begin(), ready_.end(), heap);
    placed_.assign(N, 0);
    seen_.assign(N, -1);
    order_.reserve(N);
    stage_ = Stage::Order;
  }
  if (stage_ == Stage::Order) {
    const auto heap = [this](int a, int b) { return nearer(a, b); };
    while (order_.size() < N && work > 0) {
      if (ready_.empty()) {
        // Every item left waits for another: walk back along waiting items from the farthest
        // one until an item repeats (a cycle: items that each hide part of the next) and draw
        // the cycle's farthest item first; only the cycle's own constraint is broken.
        int cur = -1;
        for (std::size_t i = 0; i < N; ++i)
          if (!placed_[i] && (cur < 0 || nearer(cur, int(i)))) cur = int(i);
        work -= static_cast<long long>(N);
        path_.clear();
        while (seen_[std::size_t(cur)] < 0) {
          seen_[std::size_t(cur)] = int(path_.size());
          path_.push_back(cur);
          int p = -1;
          for (int k = pstart_[std::size_t(cur)]; k < pstart_[std::size_t(cur) + 1] && p < 0; ++k)
            if (!placed_[std::size_t(prev_[std::size_t(k)])]) p = prev_[std::size_t(k)];
          cur = p;
        }
        int pick = cur;
        for (std::size_t k = std::size_t(seen_[std::size_t(cur)]); k < path_.size(); ++k)
          if (nearer(pick, path_[k])) pick = path_[k];
        for (int v : path_) seen_[std::size_t(v)] = -1;
        indeg_[std::size_t(pick)] = 0;
        ready_.push_back(pick);
        std::push_heap(ready_.begin(), ready_.end(), heap);
      }
      std::pop_heap(ready_.begin(), ready_.end(), heap);
      const int a = ready_.back();
      ready_.pop_back();
      if (placed_[std::size_t(a)]) continue;
      placed_[std::size_t(a)] = 1;
      order_.push_back(a);
      work -= 1 + (start_[std::size_t(a) + 1] - start_[std::size_t(a)]);
      for (int k = start_[std::size_t(a)]; k < start_[std::size_t(a) + 1]; ++k) {
        const int b = next_[std::size_t(k)];
        if (!placed_[std::size_t(b)] && --indeg_[std::size_t(b)] == 0) {
          ready_.push_back(b);
          std::push_heap(ready_.begin(), ready_.end(), heap);
        }
      }
    }
    if (order_.size() < N) return false;
    finish();
  }
  return stage_ == Stage::Done;
}

void PainterSort::finish() {
  stage_ = Stage::Done;
  if (!faces_mode_) return;
  out_.clear();
  out_.reserve(order_.size() + near_.size());
  for (int i : order_) out_.push_back(faces_[std::size_t(i)]);
  out_.insert(out_.end(), near_.begin(), near_.end());
}

void PainterSort::start_boxes(const std::vector<IsoBox>& boxes, const Camera& cam) {
  items_ = boxes;
  faces_mode_ = false;
  begin(cam);
}

void PainterSort::start(const std::vector<IsoBox>& boxes, const Camera& cam) {
  // The exposed faces turned to the camera, each as a box flat along its axis: ordering faces
  // rather than boxes leaves fewer cycles (boxes interlock more often than their faces overlap).
  // A face on the near side of the boxes' bounding box (its plane the bounding box's, turned to
  // the camera) has nothing in front of it, and two such faces never overlap on screen (they
  // are pieces of a convex box's near sides): those are drawn last, outside the sort.
  int bound[3][2] = {{1 << 30, -(1 << 30)}, {1 << 30, -(1 << 30)}, {1 << 30, -(1 << 30)}};
  for (const IsoBox& b : boxes)
    for (int axis = 0; axis < 3; ++axis) {
      bound[axis][0] = std::min(bound[axis][0], lo(b, axis));
      bound[axis][1] = std::max(bound[axis][1], hi(b, axis));
    }
  items_.clear();
  faces_.clear();
  near_.clear();
  faces_mode_ = true;
  for (std::size_t i = 0; i < boxes.size(); ++i) {
    const IsoBox& b = boxes[i];
    for (int axis = 0; axis < 3; ++axis) {
      const float e = comp(cam.eye, axis);
      if (e == 0.0f) continue;
      const bool high = e > 0;  // the face whose outward normal points to the camera
      if (!(b.exposed >> (axis * 2 + (high ? 1 : 0)) & 1u)) continue;
      const int c = high ? hi(b, axis) : lo(b, axis);
      const int u = (axis + 1) % 3, v = (axis + 2) % 3;
      const float us[2] = {float(lo(b, u)), float(hi(b, u))}, vs[2] = {float(lo(b, v)), float(hi(b, v))};
      IsoFace face{.p = {}, .box = int(i), .axis = axis, .high = high};
      const int corner[4][2] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
      for (int k = 0; k < 4; ++k) {
        float p[3];
        p[axis] = float(c), p[u] = us[corner[k][0]], p[v] = vs[corner[k][1]];
        face.p[std::size_t(k)] = cam.project({p[0], p[1], p[2]});
      }
      if (c == bound[axis][high ? 1 : 0]) {
        near_.push_back(face);
        continue;
      }
      IsoBox f = b;
      (axis == 0 ? f.x0 : axis == 1 ? f.y0 : f.z0) = c;
      (axis == 0 ? f.x1 : axis == 1 ? f.y1 : f.z1) = c;
      items_.push_back(f);
      faces_.push_back(face);
    }
  }
  begin(cam);
  if (stage_ == Stage::Done) finish();
}

std::vector<int> box_order(const std::vector<IsoBox>& boxes, const Camera& cam, bool* exact) {
  PainterSort sort;
  sort.start_boxes(boxes, cam);
  sort.step(std::numeric_limits<long long>::max());
  if (exact) *exact = sort.exact();
  return sort.order();
}

bool visible_faces(const std::vector<IsoBox>& boxes, const Camera& cam, std::vector<IsoFace>& out) {
  PainterSort sort;
  sort.start(boxes, cam);
  sort.step(std::numeric_limits<long long>::max());
  out = std::move(sort.faces());
  return sort.exact();
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

// [SECTION] axis labels

ScreenPt axis_label_at(const Camera& cam, Vec3 hi, int axis, ScreenPt text, float margin) {
  // the four edges along `axis`: their two ends, by the other two coordinates at 0 or hi
  const float h[3] = {hi.x, hi.y, hi.z};
  const int a = (axis + 1) % 3, b = (axis + 2) % 3;
  auto corner = [&](int ia, int ib, bool far) {
    float c[3] = {0, 0, 0};
    c[a] = ia ? h[a] : 0, c[b] = ib ? h[b] : 0, c[axis] = far ? h[axis] : 0;
    return cam.project({c[0], c[1], c[2]});
  };
  const ScreenPt mid = cam.project({hi.x * 0.5f, hi.y * 0.5f, hi.z * 0.5f});
  // the screen direction across the edges (perpendicular to their projection); an edge seen
  // end-on has none: then the direction from the middle of the picture to the edge
  const ScreenPt e0 = corner(0, 0, false), e1 = corner(0, 0, true);
  float dx = e1.x - e0.x, dy = e1.y - e0.y;
  const float len = std::sqrt(dx * dx + dy * dy);
  const bool end_on = len < 1e-3f * std::max(1.0f, cam.scale);
  float best = -1, nx = 0, ny = 0;
  ScreenPt at = mid;
  for (int ia = 0; ia < 2; ++ia)
    for (int ib = 0; ib < 2; ++ib) {
      const ScreenPt p = corner(ia, ib, false), q = corner(ia, ib, true);
      const ScreenPt m{(p.x + q.x) * 0.5f, (p.y + q.y) * 0.5f};
      float ux = end_on ? m.x - mid.x : -dy / len, uy = end_on ? m.y - mid.y : dx / len;
      if (end_on) {
        const float ul = std::sqrt(ux * ux + uy * uy);
        if (ul > 0) ux /= ul, uy /= ul;
      }
      float off = ux * (m.x - mid.x) + uy * (m.y - mid.y);
      if (off < 0) off = -off, ux = -ux, uy = -uy;  // outwards
      if (off > best + 1e-4f) best = off, nx = ux, ny = uy, at = m;
    }
  // the text's half extent along the outward direction, plus the margin
  const float push = margin + 0.5f * (std::fabs(nx) * text.x + std::fabs(ny) * text.y);
  return {at.x + nx * push - text.x * 0.5f, at.y + ny * push - text.y * 0.5f};
}

}  // namespace alloclab::app
