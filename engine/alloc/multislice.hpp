// multislice.hpp — a multislice job (key slices, pod machines): n slices of one legal shape,
// placed all at once or not at all. Every pod and cube-pod policy places one slice at a time
// through place_slices(): its own single-slice decision is asked n times, each time on the
// occupancy with the slices already chosen marked busy (a scratch copy), so every slice is a legal
// position the policy would pick given the others, no chip is chosen twice, and when one of the
// n cannot be placed the whole decision fails and nothing is held (the scratch copy is dropped;
// the real occupancy was never changed). The allocation lists slice 1's blocks, then slice 2's, ...
// (pod/pods.hpp: slice_violation splits it so). With slices = 1 the occupancy is not copied.
//
// Counted work: the n single-slice decisions' operations; copying the occupancy is not counted
// (bookkeeping, like Occupancy::assign).
#pragma once
#include <optional>
#include "strategy.hpp"

namespace alloclab {

// `one(const Occupancy&)` -> std::optional<Allocation>: the policy's decision for one slice of
// req.shape. `scratch` is reused storage (empty until the first multislice decision).
template <class One>
std::optional<Allocation> place_slices(const Request& req, const Occupancy& occ, std::optional<Occupancy>& scratch, One&& one) {
  if (req.slices <= 1) return one(occ);
  if (scratch) *scratch = occ;
  else scratch.emplace(occ);
  Allocation all;
  for (int i = 0; i < req.slices; ++i) {
    std::optional<Allocation> a = one(*scratch);
    if (!a) return std::nullopt;  // all or nothing
    scratch->assign(*a, req.job);
    all.blocks.insert(all.blocks.end(), a->blocks.begin(), a->blocks.end());
  }
  return all;
}

}  // namespace alloclab
