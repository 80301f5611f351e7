// pod_ff.cpp — pod First Fit: the first free legal slice position in row-major order.
//
// The accelerator-pod policies (pod_ff, pod_bf, pod_lfc, pod_pack) place a slice at a legal
// position only (slice_grid.hpp: the slice's own shape tiles the machine from the origin, never
// rotated, never wrapping); each finds a place whenever a legal position is free (Finds::Aligned).
// First fit takes the lowest row of positions first, leftmost within a row — the baseline the
// other three are compared with (docs/model/pods.md).
//
// Counted work: slice_grid.hpp (chips summed into the free-chip table, legal positions read).
#include "slice_grid.hpp"

namespace alloclab {
namespace {

class PodFirstFit final : public SlicePolicy<PodFirstFit> {
 public:
  std::optional<Block> choose(const SliceGrid& g, Ops& ops) const { return g.first(ops); }
};

}  // namespace

std::unique_ptr<Strategy> make_pod_ff(const Topology&, const StrategyParams&) { return std::make_unique<PodFirstFit>(); }

}  // namespace alloclab
