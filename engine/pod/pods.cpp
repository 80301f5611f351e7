// pods.cpp — the pod registry (its rows and their sources), legal shapes and positions, and the
// job_size=slices mix: parsing, printing and drawing.
//
// Sources of the rows (quoted in docs/model/pods.md):
// - TPU v5e: Google Cloud TPU docs, "TPU v5e", supported 2D slice shapes: 1x1, 2x2, 2x4, 4x4, 4x8,
//   8x8, 8x16, 16x16 with 1/8, 1/2, 1, 2, 4, 8, 16, 32 hosts; the pod is 256 chips, a 2D torus.
// - TPU v6e (Trillium): Google Cloud TPU docs, "TPU v6e": 256 chips per pod, 2D torus, 8 chips
//   per host; the same slice shapes as v5e.
// The default mix gives every legal shape the same expected share of requested chips (weight ∝
// 1 / chips): no size class dominates the load, and jobs are many small and few large, as in
// every log of the Parallel Workloads Archive.
#include "pods.hpp"
#include <cmath>
#include "../core/table.hpp"
#include "../workload/specs.hpp"

namespace alloclab {

namespace {

constexpr SliceShape kV5eShapes[] = {{1, 1}, {2, 2}, {2, 4}, {4, 4}, {4, 8}, {8, 8}, {8, 16}, {16, 16}};
// ∝ 1 / chips (256 / chips), in catalogue order
constexpr double kEqualChipsMix[] = {256, 64, 32, 16, 8, 4, 2, 1};

const PodInfo kPods[] = {
    {.id = "none",
     .help = "No pod: the machine is the mesh or torus set by topology and size",
     .kind = PodKind::None,
     .width = 0,
     .height = 0,
     .shapes = {},
     .mix = {}},
    {.id = "tpu-v5e",
     .help = "TPU v5e pod (Google Cloud TPU docs): 16x16 2D torus, slices 1x1 2x2 2x4 4x4 4x8 8x8 8x16 16x16",
     .kind = PodKind::Torus2D,
     .width = 16,
     .height = 16,
     .shapes = kV5eShapes,
     .mix = kEqualChipsMix},
    {.id = "tpu-v6e",
     .help = "TPU v6e (Trillium) pod (Google Cloud TPU docs): 16x16 2D torus, the v5e slice shapes",
     .kind = PodKind::Torus2D,
     .width = 16,
     .height = 16,
     .shapes = kV5eShapes,
     .mix = kEqualChipsMix},
};

// "AxB" with 1 <= A, B <= 1024.
bool parse_shape(std::string_view t, Shape& s) {
  const auto x = t.find('x');
  long long w, h;
  if (x == std::string_view::npos || !parse_int64(t.substr(0, x), w) || !parse_int64(t.substr(x + 1), h)) return false;
  if (w < 1 || h < 1 || w > 1024 || h > 1024) return false;
  s = {int(w), int(h)};
  return true;
}

}  // namespace

std::string to_string(const SliceShape& s) {
  std::string t = std::to_string(s.x) + "x" + std::to_string(s.y);
  if (s.z != 1) t += "x" + std::to_string(s.z);
  return t;
}

std::span<const PodInfo> pods() { return kPods; }
const PodInfo* find_pod(std::string_view id) { return find_by_id(pods(), id); }

std::string legal_shapes_text(const PodInfo& p) {
  std::string t;
  for (const SliceShape& s : p.shapes) t += (t.empty() ? "" : ", ") + to_string(s);
  return t;
}

const SliceShape* legal_shape(const PodInfo& p, Shape s) {
  for (const SliceShape& l : p.shapes)
    if (l.z == 1 && l.plane() == s) return &l;
  return nullptr;
}

const SliceShape* slice_for_chips(const PodInfo& p, long long chips) {
  const SliceShape* best = nullptr;
  for (const SliceShape& l : p.shapes)
    if (l.chips() >= chips && (!best || l.chips() < best->chips())) best = &l;
  return best;
}

bool slice_legal(const PodInfo& p, const Block& b) {
  if (!legal_shape(p, {b.w, b.h})) return false;
  return b.x >= 0 && b.y >= 0 && b.x % b.w == 0 && b.y % b.h == 0 && b.x + b.w <= p.width && b.y + b.h <= p.height;
}

std::string slice_violation(const PodInfo& p, Shape requested, const Allocation& a) {
  if (a.blocks.size() == 1 && Shape{a.blocks[0].w, a.blocks[0].h} == requested && slice_legal(p, a.blocks[0])) return "";
  const Block& b = a.blocks.at(0);
  return "(slice " + std::to_string(requested.w) + "x" + std::to_string(requested.h) + ") block (" + std::to_string(b.x) + "," +
         std::to_string(b.y) + ") " + std::to_string(b.w) + "x" + std::to_string(b.h) + (a.blocks.size() > 1 ? " and more" : "") +
         ", not a legal slice of machine=" + std::string(p.id);
}

Result<std::vector<SliceWeight>> parse_slice_mix(std::string_view rest) {
  std::vector<SliceWeight> mix;
  if (rest.empty()) return mix;
  auto bad = [&](std::string why) {
    return Error{"job_size: 'slices:" + std::string(rest.substr(0, 200)) + "' is not valid (" + why +
                 "); allowed: slices (the machine's default mix) or slices:SHAPE=WEIGHT/SHAPE=WEIGHT/... "
                 "(e.g. slices:2x2=4/4x4=2/16x16=1; weights > 0, each shape once)"};
  };
  std::size_t start = 0;
  while (start <= rest.size()) {
    std::size_t end = rest.find('/', start);
    if (end == std::string_view::npos) end = rest.size();
    const std::string_view part = rest.substr(start, end - start);
    const auto eq = part.find('=');
    SliceWeight w;
    if (eq == std::string_view::npos || !parse_shape(part.substr(0, eq), w.shape))
      return bad("'" + std::string(part.substr(0, 40)) + "' is not SHAPE=WEIGHT");
    if (!parse_double(part.substr(eq + 1), w.weight) || !(w.weight > 0) || w.weight > 1e12)
      return bad("the weight of " + std::string(part.substr(0, eq)) + " must be a number 0 < W <= 1e12");
    for (const SliceWeight& o : mix)
      if (o.shape == w.shape) return bad(std::string(part.substr(0, eq)) + " is given twice");
    mix.push_back(w);
    if (end == rest.size()) break;
    start = end + 1;
  }
  return mix;
}

std::string slice_mix_text(const std::vector<SliceWeight>& mix) {
  std::string t = "slices";
  for (std::size_t i = 0; i < mix.size(); ++i)
    t += (i ? "/" : ":") + std::to_string(mix[i].shape.w) + "x" + std::to_string(mix[i].shape.h) + "=" +
         format_number(mix[i].weight);
  return t;
}

std::string slice_mix_error(const PodInfo& p, const std::vector<SliceWeight>& mix) {
  for (const SliceWeight& w : mix)
    if (!legal_shape(p, w.shape))
      return std::to_string(w.shape.w) + "x" + std::to_string(w.shape.h) + " is not a legal slice of machine=" +
             std::string(p.id) + "; legal shapes: " + legal_shapes_text(p) + " (a slice is not rotated)";
  return {};
}

Shape sample_slice(const PodInfo& p, const std::vector<SliceWeight>& mix, Rng& rng) {
  const std::size_t n = mix.empty() ? p.shapes.size() : mix.size();
  auto shape = [&](std::size_t i) { return mix.empty() ? p.shapes[i].plane() : mix[i].shape; };
  auto weight = [&](std::size_t i) { return mix.empty() ? p.mix[i] : mix[i].weight; };
  double total = 0;
  for (std::size_t i = 0; i < n; ++i) total += weight(i);
  const double u = rng.uniform01() * total;
  double acc = 0;
  for (std::size_t i = 0; i + 1 < n; ++i) {
    acc += weight(i);
    if (u < acc) return shape(i);
  }
  return shape(n - 1);
}

}  // namespace alloclab
