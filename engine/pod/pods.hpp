// pods.hpp — accelerator pod machines (key `machine`): the one registry of pod generations, each
// a fixed machine with its catalogue of legal slice shapes, and the rules every pod shares —
// where a slice may sit (legal positions), which slice a trace job gets, and the slice mix a
// synthetic workload draws from (job_size=slices).
//
// The 2D generations (TPU v5e, v6e) are 16x16 2D tori; the cube generations (TPU v4, v5p) are
// cubes of 4x4x4 chips laid out as a 3D grid of cubes (v4: 4x4x4 cubes = 16x16x16 chips; v5p:
// 4x5x7 cubes = 16x20x28 chips), joined by optical circuit switches (key `ocs`). The rows'
// sources are quoted in docs/model/pods.md. A slice shape is x×y×z (z = 1 on the 2D generations).
//
// Legal positions on a 2D pod: a slice of x×y chips sits with its lower-left chip at a multiple
// of its own shape, (i·x, j·y), inside the pod; it is never rotated and never wraps around the
// torus edge. Every legal shape divides the pod's sides, so the positions of one shape tile the
// pod and a legal position of a smaller shape lies inside exactly one legal position of each
// larger shape. slice_legal() states it; the simulation asserts it for every placed slice.
//
// Legal positions on a cube pod (never rotated, slice_violation states them):
// - a sub-cube slice (fewer chips than a cube; every side 1, 2 or 4) is one block of its shape
//   at a base that is a multiple of its own shape, so it lies inside one cube and never spans
//   two (a cube's chips are joined by fixed links; cubes only through the switches);
// - a slice of whole cubes (every side a multiple of 4) with ocs=off: one block of its shape on
//   the pod's fixed 3D torus, its base at a cube corner (every coordinate a multiple of 4), and
//   wrapping around the torus edge where it runs past it (the cubes stay the unit of cabling);
// - a slice of k whole cubes with ocs=on: any k distinct cubes, one 4x4x4 block each; the
//   switches wire them into the slice's torus (in the block order: the slice's cube order).
#pragma once
#include <span>
#include <string>
#include <string_view>
#include <vector>
#include "../core/error.hpp"
#include "../core/geometry.hpp"
#include "../core/rng.hpp"
#include "../topology/topology.hpp"

namespace alloclab {

// A slice shape in chips along x, y and z (z = 1 on a 2D pod). Written "XxY" (2D) or "XxYxZ".
struct SliceShape {
  int x = 1, y = 1, z = 1;
  int chips() const { return x * y * z; }
  Shape plane() const { return {x, y}; }  // the 2D request (z = 1)
  Shape shape() const { return {x, y, z}; }  // the request
  bool operator==(const SliceShape&) const = default;
};
std::string to_string(const SliceShape& s);

// How a pod is built: a 2D torus of chips, or cubes of kCubeSide³ chips (a fixed 3D torus of
// cubes with ocs=off, cubes wired by optical circuit switches with ocs=on).
enum class PodKind { None, Torus2D, Cubes };
inline constexpr int kCubeSide = 4;
inline constexpr int kCubeChips = kCubeSide * kCubeSide * kCubeSide;

// One row of the pod registry.
struct PodInfo {
  std::string_view id;    // the value of key `machine`
  std::string_view help;  // one line, with the source
  PodKind kind;
  int width, height;                   // chips along x and y (Torus2D: the torus's sides)
  int depth;                           // chips along z (1 on a 2D pod; cubes: a multiple of 4)
  std::span<const SliceShape> shapes;  // legal slice shapes, ascending by chips
  std::span<const double> mix;         // default job_size=slices weights, one per shape
  SliceShape host{};                   // the chips of one host, the unit that fails (host_failures.hpp)
  bool pod() const { return kind != PodKind::None; }
  bool cubes() const { return kind == PodKind::Cubes; }
  // Cubes along x, y and z (cube pods).
  int cubes_x() const { return width / kCubeSide; }
  int cubes_y() const { return height / kCubeSide; }
  int cubes_z() const { return depth / kCubeSide; }
  int cube_count() const { return cubes_x() * cubes_y() * cubes_z(); }
};

// ---- hosts: the chips one host drives, the unit that fails (pod/host_failures.hpp)
// The hosts tile the pod from the origin, host h at (i·hx, j·hy, k·hz) numbered x fastest, then
// y, then z; every legal slice position is inside one host or a union of whole hosts.
int host_count(const PodInfo& p);
// The chips of host h (0 <= h < host_count(p)).
Block host_block(const PodInfo& p, int h);
// The host that drives chip (x, y, z).
int host_at(const PodInfo& p, int x, int y, int z = 0);

// The registry, "none" (no pod: topology and size describe the machine) first.
std::span<const PodInfo> pods();
const PodInfo* find_pod(std::string_view id);
// A slice shape as the pod writes it: "XxY" on a 2D pod, "XxYxZ" (z too when 1) on a cube pod.
std::string shape_text(const PodInfo& p, const SliceShape& s);
// Whether a slice of this shape is made of whole cubes (cube pods: at least a cube's chips).
inline bool whole_cubes(const SliceShape& s) { return s.chips() >= kCubeChips; }

// "1x1, 2x2, 2x4, ..." — the pod's legal shapes, for messages.
std::string legal_shapes_text(const PodInfo& p);
// The pod's legal shape with this request shape (w×h×d), or nullptr.
const SliceShape* legal_shape(const PodInfo& p, Shape s);
// The smallest legal shape with at least `chips` chips (first in catalogue order among equals),
// or nullptr when the largest is smaller: how a trace job's processor count becomes a slice.
const SliceShape* slice_for_chips(const PodInfo& p, long long chips);
// A placed block is a legal slice of a 2D pod: one of its shapes at a legal position (see the header).
bool slice_legal(const PodInfo& p, const Block& b);
// "" when `a` places a `requested` slice legally (the header's rules; `ocs` matters on cube pods
// only), else what is wrong with it (the simulation asserts it for every placement on a pod).
// A multislice job (`slices` > 1): `a` is its slices' blocks in order, blocks_per_slice() each,
// and every slice must be legal on its own.
std::string slice_violation(const PodInfo& p, bool ocs, Shape requested, const Allocation& a, int slices = 1);
// The blocks one slice of `requested` is placed as: k with ocs=on for a slice of k whole cubes, else 1.
int blocks_per_slice(const PodInfo& p, bool ocs, Shape requested);

// ---- job_size=slices

// One weight of a slice mix: shape `shape` drawn with probability weight / (sum of weights).
struct SliceWeight {
  Shape shape;
  double weight = 0;
  bool operator==(const SliceWeight&) const = default;
};
// "slices" (empty: the machine's default mix) or "slices:2x2=1/4x4=2/...": parsed from the text
// after "slices" (`rest` = "" or "2x2=1/4x4=2"; a shape is XxY or XxYxZ, "2x2" = "2x2x1");
// shapes unique, weights > 0. Legality against the
// machine is checked by slice_mix_error once the machine is known.
Result<std::vector<SliceWeight>> parse_slice_mix(std::string_view rest);
std::string slice_mix_text(const std::vector<SliceWeight>& mix);
// Why this mix cannot run on pod p ("" when it can): a shape that is not legal for it.
std::string slice_mix_error(const PodInfo& p, const std::vector<SliceWeight>& mix);
// Draws one slice from `mix` (empty: p's default mix): one uniform draw.
Shape sample_slice(const PodInfo& p, const std::vector<SliceWeight>& mix, Rng& rng);

// ---- slices (multislice jobs)

// One weight of a slice-count mix: a job asks for `count` slices with probability weight / sum.
struct SliceCount {
  int count = 1;
  double weight = 1;
  bool operator==(const SliceCount&) const = default;
};
inline constexpr int kMaxSlices = 64;
// "N" (every job N slices; "1", the default, is stored as the empty mix) or "N:W/M:W/..." (a
// job's slice count drawn with those weights); 1 <= N <= kMaxSlices, counts unique, weights > 0.
Result<std::vector<SliceCount>> parse_slice_counts(std::string_view text);
std::string slice_counts_text(const std::vector<SliceCount>& mix);
// Why these counts cannot run with these shapes on pod p ("" when they can): a job of the
// largest count of the largest shape asks more chips than the pod has.
std::string slice_counts_error(const PodInfo& p, const std::vector<SliceCount>& counts, const std::vector<SliceWeight>& shapes);
// A job's slice count: no draw when the mix has one count (or is empty: 1), else one uniform draw.
int sample_slice_count(const std::vector<SliceCount>& mix, Rng& rng);

}  // namespace alloclab
