// cube_ff.cpp — cube-pod First Fit: the first free legal slice position in index order.
//
// The cube-pod policies (cube_ff, cube_bf, cube_lfc, cube_pack) place a slice at a legal position
// of a TPU v4 / v5p pod only (pod/pods.hpp; cube_grid.hpp) and find a place whenever one is free
// (Finds::CubeSlices). First fit is the baseline the other three are compared with
// (docs/model/pods.md): a sub-cube slice goes to the first position, in node-id order of its
// base, of the first cube (in index order) that has one free; a slice of whole cubes on the fixed
// torus (ocs=off) to the first free box of cubes in cube-id order (z, y, x); with ocs=on to the
// first k wholly free cubes (CubePolicy).
//
// Counted work: cube_grid.hpp (cube rows read, positions and cubes read, boxes tried).
#include "cube_grid.hpp"

namespace alloclab {
namespace {

class CubeFirstFit final : public CubePolicy<CubeFirstFit> {
 public:
  using CubePolicy::CubePolicy;
  std::optional<Allocation> sub_cube(const CubeGrid& g, const SubCube& sub, Ops& ops) const {
    for (int c = 0; c < g.count(); ++c)
      for (const SubCube::Position& p : sub.positions()) {
        ++ops;
        if ((g.mask(c) & p.mask) == p.mask) return Allocation{{sub.block(g, c, p)}};
      }
    return std::nullopt;
  }
  std::optional<Allocation> fixed_torus(const CubeGrid& g, const CubeBoxes& bx, Ops& ops) const {
    return first_free_box(g, bx, ops);
  }
};

}  // namespace

std::unique_ptr<Strategy> make_cube_ff(const Topology&, const StrategyParams& p) { return std::make_unique<CubeFirstFit>(p.ocs); }

}  // namespace alloclab
