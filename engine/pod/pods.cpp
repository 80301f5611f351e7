// pods.cpp — the pod registry (its rows and their sources), legal shapes and positions, and the
// job_size=slices mix: parsing, printing and drawing.
//
// Sources of the rows (quoted in docs/model/pods.md):
// - TPU v5e: Google Cloud TPU docs, "TPU v5e", supported 2D slice shapes: 1x1, 2x2, 2x4, 4x4, 4x8,
//   8x8, 8x16, 16x16 with 1/8, 1/2, 1, 2, 4, 8, 16, 32 hosts; the pod is 256 chips, a 2D torus.
// - TPU v6e (Trillium): Google Cloud TPU docs, "TPU v6e": 256 chips per pod, 2D torus, 8 chips
//   per host; the same slice shapes as v5e.
// - TPU v5p: Google Cloud TPU docs, "TPU v5p": "8960 chips in a v5p Pod. The largest job that can
//   be scheduled is a 96 cube (6144 chip) job"; slice shapes 2x2x1, 2x2x2, 2x4x4 (below a cube),
//   4x4x4 (1 cube), 4x4x8, 4x8x8, 8x8x8, 8x8x16, 8x16x16, 16x16x16, 16x16x24 (96 cubes). 140
//   cubes = 4x5x7 cubes (the only way to write 140 as three factors of at least 4 sides each, up
//   to order), 16x20x28 chips, ordered so that the largest shape, 16x16x24, fits unrotated.
// - TPU v4: Google Cloud TPU docs, "TPU v4": a pod of 4096 chips (64 cubes = 4x4x4 cubes,
//   16x16x16 chips); "TPU types and topologies": a v4 topology AxBxC has A <= B <= C, all <= 4 or
//   all multiples of 4 (e.g. 2x2x4, 16 chips). The catalogue here is one shape per power-of-two
//   chip count from 4 to 4096, the one closest to a cube (the docs' default topology for a chip
//   count): 2x2x1, 2x2x2, 2x2x4, 2x4x4, 4x4x4, 4x4x8, 4x8x8, 8x8x8, 8x8x16, 8x16x16, 16x16x16.
// - Hosts (the failing unit, key host_mtbf): TPU v5e, "Chips per host: 8" (Google Cloud TPU docs,
//   "TPU v5e"), its 8-chip slice 2x4 being one host (the v5e slice table: 2x4 = 1 host); v6e the
//   same (8 chips per host). TPU v5p: "2x2x1: 4 chips, 1 host" and "v5p chips per VM: 4" (Google
//   Cloud TPU docs, "TPU v5p"); TPU v4 the same, four chips per host (Jouppi et al. 2023's v4
//   hosts; the v4 docs pages reached give no host table).
// The default mix gives every legal shape the same expected share of requested chips (weight ∝
// 1 / chips): no size class dominates the load, and jobs are many small and few large, as in
// every log of the Parallel Workloads Archive.
#include "pods.hpp"
#include <algorithm>
#include <cmath>
#include "../core/table.hpp"
#include "../workload/specs.hpp"

namespace alloclab {

namespace {

constexpr SliceShape kV5eShapes[] = {{1, 1}, {2, 2}, {2, 4}, {4, 4}, {4, 8}, {8, 8}, {8, 16}, {16, 16}};
// ∝ 1 / chips (256 / chips), in catalogue order
constexpr double kEqualChipsMix[] = {256, 64, 32, 16, 8, 4, 2, 1};
constexpr SliceShape kV4Shapes[] = {{2, 2, 1}, {2, 2, 2}, {2, 2, 4}, {2, 4, 4}, {4, 4, 4}, {4, 4, 8},
                                    {4, 8, 8}, {8, 8, 8}, {8, 8, 16}, {8, 16, 16}, {16, 16, 16}};
constexpr double kV4Mix[] = {1024, 512, 256, 128, 64, 32, 16, 8, 4, 2, 1};  // 4096 / chips
constexpr SliceShape kV5pShapes[] = {{2, 2, 1}, {2, 2, 2}, {2, 4, 4}, {4, 4, 4}, {4, 4, 8}, {4, 8, 8},
                                     {8, 8, 8}, {8, 8, 16}, {8, 16, 16}, {16, 16, 16}, {16, 16, 24}};
constexpr double kV5pMix[] = {3072, 1536, 384, 192, 96, 48, 24, 12, 6, 3, 2};  // 12288 / chips

const PodInfo kPods[] = {
    {.id = "none",
     .help = "No pod: the machine is the mesh or torus set by topology and size",
     .kind = PodKind::None,
     .width = 0,
     .height = 0,
     .depth = 0,
     .shapes = {},
     .mix = {}},
    {.id = "tpu-v5e",
     .help = "TPU v5e pod (Google Cloud TPU docs): 16x16 2D torus, slices 1x1 2x2 2x4 4x4 4x8 8x8 8x16 16x16",
     .kind = PodKind::Torus2D,
     .width = 16,
     .height = 16,
     .depth = 1,
     .shapes = kV5eShapes,
     .mix = kEqualChipsMix,
     .host = {2, 4}},
    {.id = "tpu-v6e",
     .help = "TPU v6e (Trillium) pod (Google Cloud TPU docs): 16x16 2D torus, the v5e slice shapes",
     .kind = PodKind::Torus2D,
     .width = 16,
     .height = 16,
     .depth = 1,
     .shapes = kV5eShapes,
     .mix = kEqualChipsMix,
     .host = {2, 4}},
    {.id = "tpu-v4",
     .help = "TPU v4 pod (Google Cloud TPU docs): 64 cubes of 4x4x4 chips (16x16x16), optical circuit switches (ocs), slices 2x2x1 to 16x16x16",
     .kind = PodKind::Cubes,
     .width = 16,
     .height = 16,
     .depth = 16,
     .shapes = kV4Shapes,
     .mix = kV4Mix,
     .host = {2, 2, 1}},
    {.id = "tpu-v5p",
     .help = "TPU v5p pod (Google Cloud TPU docs): 140 cubes of 4x4x4 chips (4x5x7 cubes, 16x20x28), optical circuit switches (ocs), slices 2x2x1 to 16x16x24",
     .kind = PodKind::Cubes,
     .width = 16,
     .height = 20,
     .depth = 28,
     .shapes = kV5pShapes,
     .mix = kV5pMix,
     .host = {2, 2, 1}},
};

// "AxB" or "AxBxC" with 1 <= A, B, C <= 1024.
bool parse_shape(std::string_view t, Shape& s) {
  const auto x = t.find('x');
  if (x == std::string_view::npos) return false;
  const auto x2 = t.find('x', x + 1);
  long long w, h, d = 1;
  if (!parse_int64(t.substr(0, x), w) || !parse_int64(t.substr(x + 1, x2 == std::string_view::npos ? x2 : x2 - x - 1), h))
    return false;
  if (x2 != std::string_view::npos && !parse_int64(t.substr(x2 + 1), d)) return false;
  if (w < 1 || h < 1 || d < 1 || w > 1024 || h > 1024 || d > 1024) return false;
  s = {int(w), int(h), int(d)};
  return true;
}

// "WxH" (and "xD" when D > 1, or always when `three`).
std::string shape_text(Shape s, bool three = false) {
  return std::to_string(s.w) + "x" + std::to_string(s.h) + (s.d != 1 || three ? "x" + std::to_string(s.d) : "");
}

// Index i in [0, n) drawn with probability weight(i) / the sum of the weights: one uniform draw.
template <class Weight>
std::size_t weighted_index(std::size_t n, Weight weight, Rng& rng) {
  double total = 0;
  for (std::size_t i = 0; i < n; ++i) total += weight(i);
  const double u = rng.uniform01() * total;
  double acc = 0;
  for (std::size_t i = 0; i + 1 < n; ++i) {
    acc += weight(i);
    if (u < acc) return i;
  }
  return n - 1;
}

// "(x,y,z) WxHxD": a block of a cube pod.
std::string block_text(const Block& b) {
  return "(" + std::to_string(b.x) + "," + std::to_string(b.y) + "," + std::to_string(b.z) + ") " + shape_text(b.shape(), true);
}

// Why `a` is not a legal placement of the legal cube-pod shape `s` ("" when it is): the header's rules.
std::string cube_violation(const PodInfo& p, bool ocs, const SliceShape& s, const Allocation& a) {
  auto inside = [&](const Block& b) { return b.x >= 0 && b.y >= 0 && b.z >= 0 && b.x < p.width && b.y < p.height && b.z < p.depth; };
  if (!whole_cubes(s)) {
    if (a.blocks.size() != 1) return "a sub-cube slice is one block";
    const Block& b = a.blocks[0];
    if (b.shape() != s.shape()) return "block " + block_text(b) + " is not the requested shape";
    if (!inside(b) || b.x % s.x || b.y % s.y || b.z % s.z || b.x + s.x > p.width || b.y + s.y > p.height || b.z + s.z > p.depth)
      return "block " + block_text(b) + " is not at a multiple of its shape inside one cube";
    return "";
  }
  auto at_corner = [&](const Block& b) { return inside(b) && b.x % kCubeSide == 0 && b.y % kCubeSide == 0 && b.z % kCubeSide == 0; };
  if (!ocs) {
    if (a.blocks.size() != 1) return "with ocs=off a slice is one block of the fixed torus";
    const Block& b = a.blocks[0];
    if (b.shape() != s.shape() || !at_corner(b) || s.x > p.width || s.y > p.height || s.z > p.depth)
      return "block " + block_text(b) + " is not the requested shape at a cube corner";
    return "";
  }
  if (int(a.blocks.size()) != s.chips() / kCubeChips) return "with ocs=on a slice of k cubes is k whole cubes";
  std::vector<char> used(std::size_t(p.cube_count()), 0);
  for (const Block& b : a.blocks) {
    if (b.shape() != Shape{kCubeSide, kCubeSide, kCubeSide} || !at_corner(b)) return "block " + block_text(b) + " is not a whole cube";
    char& u = used[std::size_t(((b.z / kCubeSide) * p.cubes_y() + b.y / kCubeSide) * p.cubes_x() + b.x / kCubeSide)];
    if (u) return "cube " + block_text(b) + " is given twice";
    u = 1;
  }
  return "";
}

}  // namespace

std::string to_string(const SliceShape& s) {
  std::string t = std::to_string(s.x) + "x" + std::to_string(s.y);
  if (s.z != 1) t += "x" + std::to_string(s.z);
  return t;
}

std::string shape_text(const PodInfo& p, const SliceShape& s) {
  return p.cubes() ? std::to_string(s.x) + "x" + std::to_string(s.y) + "x" + std::to_string(s.z) : to_string(s);
}

std::span<const PodInfo> pods() { return kPods; }
const PodInfo* find_pod(std::string_view id) { return find_by_id(pods(), id); }

std::string legal_shapes_text(const PodInfo& p) {
  std::string t;
  for (const SliceShape& s : p.shapes) t += (t.empty() ? "" : ", ") + shape_text(p, s);
  return t;
}

const SliceShape* legal_shape(const PodInfo& p, Shape s) {
  for (const SliceShape& l : p.shapes)
    if (l.shape() == s) return &l;
  return nullptr;
}

const SliceShape* slice_for_chips(const PodInfo& p, long long chips) {
  const SliceShape* best = nullptr;
  for (const SliceShape& l : p.shapes)
    if (l.chips() >= chips && (!best || l.chips() < best->chips())) best = &l;
  return best;
}

int host_count(const PodInfo& p) {
  if (!p.pod()) return 0;
  return (p.width / p.host.x) * (p.height / p.host.y) * (p.depth / p.host.z);
}

Block host_block(const PodInfo& p, int h) {
  const int nx = p.width / p.host.x, ny = p.height / p.host.y;
  return Block{.x = h % nx * p.host.x, .y = h / nx % ny * p.host.y, .w = p.host.x, .h = p.host.y, .z = h / (nx * ny) * p.host.z,
               .d = p.host.z};
}

int host_at(const PodInfo& p, int x, int y, int z) {
  const int nx = p.width / p.host.x, ny = p.height / p.host.y;
  return (z / p.host.z * ny + y / p.host.y) * nx + x / p.host.x;
}

bool slice_legal(const PodInfo& p, const Block& b) {
  if (!legal_shape(p, {b.w, b.h})) return false;
  return b.x >= 0 && b.y >= 0 && b.x % b.w == 0 && b.y % b.h == 0 && b.x + b.w <= p.width && b.y + b.h <= p.height;
}

int blocks_per_slice(const PodInfo& p, bool ocs, Shape requested) {
  return p.cubes() && ocs && requested.area() >= kCubeChips ? requested.area() / kCubeChips : 1;
}

std::string slice_violation(const PodInfo& p, bool ocs, Shape requested, const Allocation& a, int slices) {
  if (slices != 1) {  // a multislice job: each slice legal on its own (the occupancy sees that no chip is given twice)
    const int per = blocks_per_slice(p, ocs, requested);
    if (slices < 1 || a.blocks.size() != std::size_t(per) * std::size_t(slices))
      return "(" + std::to_string(slices) + " slices of " + shape_text(requested, p.cubes()) + ") " + std::to_string(a.blocks.size()) +
             " blocks, not " + std::to_string(slices) + " x " + std::to_string(per) + ": not a multislice placement of machine=" +
             std::string(p.id);
    for (int i = 0; i < slices; ++i) {
      Allocation one;
      one.blocks.assign(a.blocks.begin() + std::ptrdiff_t(i) * per, a.blocks.begin() + std::ptrdiff_t(i + 1) * per);
      if (std::string why = slice_violation(p, ocs, requested, one); !why.empty())
        return "slice " + std::to_string(i + 1) + " of " + std::to_string(slices) + ": " + why;
    }
    return "";
  }
  if (p.cubes()) {
    const SliceShape* s = legal_shape(p, requested);
    std::string why = s ? cube_violation(p, ocs, *s, a) : "not a legal shape";
    if (why.empty()) return "";
    return "(slice " + shape_text(requested, true) + ") " + why + ": not a legal slice of machine=" + std::string(p.id) +
           " with ocs=" + (ocs ? "on" : "off");
  }
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
    t += (i ? "/" : ":") + shape_text(mix[i].shape) + "=" + format_number(mix[i].weight);
  return t;
}

std::string slice_mix_error(const PodInfo& p, const std::vector<SliceWeight>& mix) {
  for (const SliceWeight& w : mix)
    if (!legal_shape(p, w.shape))
      return shape_text(w.shape) + " is not a legal slice of machine=" +
             std::string(p.id) + "; legal shapes: " + legal_shapes_text(p) + " (a slice is not rotated)";
  return {};
}

Shape sample_slice(const PodInfo& p, const std::vector<SliceWeight>& mix, Rng& rng) {
  const std::size_t n = mix.empty() ? p.shapes.size() : mix.size();
  auto shape = [&](std::size_t i) { return mix.empty() ? p.shapes[i].shape() : mix[i].shape; };
  return shape(weighted_index(n, [&](std::size_t i) { return mix.empty() ? p.mix[i] : mix[i].weight; }, rng));
}

Result<std::vector<SliceCount>> parse_slice_counts(std::string_view text) {
  auto bad = [&](std::string why) {
    return Error{"slices: '" + std::string(text.substr(0, 200)) + "' is not valid (" + why + "); allowed: N (every job N slices, 1 <= N <= " +
                 std::to_string(kMaxSlices) + ") or N:WEIGHT/M:WEIGHT/... (e.g. 1:8/2:2/4:1; weights > 0, each count once)"};
  };
  std::vector<SliceCount> mix;
  long long n;
  if (text.find(':') == std::string_view::npos) {
    if (!parse_int64(text, n) || n < 1 || n > kMaxSlices) return bad("not a count");
    if (n > 1) mix.push_back({int(n), 1});
    return mix;
  }
  std::size_t start = 0;
  while (true) {
    std::size_t end = text.find('/', start);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view part = text.substr(start, end - start);
    const auto colon = part.find(':');
    SliceCount c;
    if (colon == std::string_view::npos || !parse_int64(part.substr(0, colon), n) || n < 1 || n > kMaxSlices)
      return bad("'" + std::string(part.substr(0, 40)) + "' is not N:WEIGHT");
    c.count = int(n);
    if (!parse_double(part.substr(colon + 1), c.weight) || !(c.weight > 0) || c.weight > 1e12)
      return bad("the weight of " + std::string(part.substr(0, colon)) + " must be a number 0 < W <= 1e12");
    for (const SliceCount& o : mix)
      if (o.count == c.count) return bad(std::to_string(c.count) + " is given twice");
    mix.push_back(c);
    if (end == text.size()) break;
    start = end + 1;
  }
  if (mix.size() == 1 && mix[0].count == 1) mix.clear();  // "1:W" is the default
  return mix;
}

std::string slice_counts_text(const std::vector<SliceCount>& mix) {
  if (mix.empty()) return "1";
  if (mix.size() == 1) return std::to_string(mix[0].count);
  std::string t;
  for (const SliceCount& c : mix) t += (t.empty() ? "" : "/") + std::to_string(c.count) + ":" + format_number(c.weight);
  return t;
}

std::string slice_counts_error(const PodInfo& p, const std::vector<SliceCount>& counts, const std::vector<SliceWeight>& shapes) {
  int most = 1;
  for (const SliceCount& c : counts) most = std::max(most, c.count);
  if (most == 1) return {};
  SliceShape largest{};
  if (shapes.empty()) largest = p.shapes.back();
  for (const SliceWeight& w : shapes)
    if (w.shape.area() > largest.chips()) largest = {w.shape.w, w.shape.h, w.shape.d};
  const long long chips = (long long)most * largest.chips(), pod = (long long)p.width * p.height * p.depth;
  if (chips <= pod) return {};
  return std::to_string(most) + " slices of " + shape_text(p, largest) + " ask " + std::to_string(chips) + " chips, more than machine=" +
         std::string(p.id) + " has (" + std::to_string(pod) + "); lower the count or leave that shape out of job_size=slices:...";
}

int sample_slice_count(const std::vector<SliceCount>& mix, Rng& rng) {
  if (mix.empty()) return 1;
  if (mix.size() == 1) return mix[0].count;
  return mix[weighted_index(mix.size(), [&](std::size_t i) { return mix[i].weight; }, rng)].count;
}

}  // namespace alloclab
