// pods.hpp — accelerator pod machines (key `machine`): the one registry of pod generations, each
// a fixed machine with its catalogue of legal slice shapes, and the rules every pod shares —
// where a slice may sit (legal positions), which slice a trace job gets, and the slice mix a
// synthetic workload draws from (job_size=slices).
//
// The 2D generations (TPU v5e, v6e) are 16x16 2D tori; the rows' sources are quoted in
// docs/model/pods.md. A cube generation (v4, v5p: cubes of 4x4x4 chips joined by optical circuit
// switches) becomes another PodKind and more rows once the engine has 3D machines; a slice shape
// is therefore x×y×z (z = 1 on the 2D generations).
//
// Legal positions (every 2D pod): a slice of x×y chips sits with its lower-left chip at a
// multiple of its own shape, (i·x, j·y), inside the pod; it is never rotated and never wraps
// around the torus edge. Every legal shape divides the pod's sides, so the positions of one shape
// tile the pod and a legal position of a smaller shape lies inside exactly one legal position of
// each larger shape. slice_legal() states it; the simulation asserts it for every placed slice.
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
  bool operator==(const SliceShape&) const = default;
};
std::string to_string(const SliceShape& s);

// How a pod is built. Only the 2D torus exists today; the cube generations (a fixed 3D torus, or
// cubes joined by optical circuit switches) are further kinds once 3D machines exist.
enum class PodKind { None, Torus2D };

// One row of the pod registry.
struct PodInfo {
  std::string_view id;    // the value of key `machine`
  std::string_view help;  // one line, with the source
  PodKind kind;
  int width, height;                   // chips along x and y (Torus2D: the torus's sides)
  std::span<const SliceShape> shapes;  // legal slice shapes, ascending by chips
  std::span<const double> mix;         // default job_size=slices weights, one per shape
  bool pod() const { return kind != PodKind::None; }
};

// The registry, "none" (no pod: topology and size describe the machine) first.
std::span<const PodInfo> pods();
const PodInfo* find_pod(std::string_view id);

// "1x1, 2x2, 2x4, ..." — the pod's legal shapes, for messages.
std::string legal_shapes_text(const PodInfo& p);
// The pod's legal shape with this 2D request shape, or nullptr.
const SliceShape* legal_shape(const PodInfo& p, Shape s);
// The smallest legal shape with at least `chips` chips (first in catalogue order among equals),
// or nullptr when the largest is smaller: how a trace job's processor count becomes a slice.
const SliceShape* slice_for_chips(const PodInfo& p, long long chips);
// A placed block is a legal slice: one of the pod's shapes at a legal position (see the header).
bool slice_legal(const PodInfo& p, const Block& b);
// "" when `a` places a `requested` slice legally (one block of that shape, slice_legal), else
// what is wrong with it (the simulation asserts it for every placement on a pod).
std::string slice_violation(const PodInfo& p, Shape requested, const Allocation& a);

// ---- job_size=slices

// One weight of a slice mix: shape `shape` drawn with probability weight / (sum of weights).
struct SliceWeight {
  Shape shape;
  double weight = 0;
  bool operator==(const SliceWeight&) const = default;
};
// "slices" (empty: the machine's default mix) or "slices:2x2=1/4x4=2/...": parsed from the text
// after "slices" (`rest` = "" or "2x2=1/4x4=2"); shapes unique, weights > 0. Legality against the
// machine is checked by slice_mix_error once the machine is known.
Result<std::vector<SliceWeight>> parse_slice_mix(std::string_view rest);
std::string slice_mix_text(const std::vector<SliceWeight>& mix);
// Why this mix cannot run on pod p ("" when it can): a shape that is not legal for it.
std::string slice_mix_error(const PodInfo& p, const std::vector<SliceWeight>& mix);
// Draws one slice from `mix` (empty: p's default mix): one uniform draw.
Shape sample_slice(const PodInfo& p, const std::vector<SliceWeight>& mix, Rng& rng);

}  // namespace alloclab
