// random.cpp — Random allocation: the baseline non-contiguous strategy of seed 002 §2.
//
// A request for p×q processors gets p·q free nodes chosen uniformly at random (a partial
// Fisher–Yates shuffle over the free nodes in id order, so the choice depends only on the
// occupancy and the strategy's random stream). Succeeds whenever p·q nodes are free. Each node
// is reported as its own 1×1 block (no attempt is made to merge neighbours: the point of the
// baseline is that it ignores contiguity). Works unchanged on a torus. With max_blocks > 0 a
// job needing more than max_blocks nodes cannot be placed.
//
// Counted work: one operation = one bitmap word read, one free node listed, or one node drawn
// (H·⌈W/64⌉ + free + p·q per successful decision). No release work.
#include <vector>
#include "strategy.hpp"

namespace alloclab {
namespace {

class RandomAlloc final : public StrategyBase<RandomAlloc> {
 public:
  explicit RandomAlloc(const StrategyParams& p) : max_blocks_(p.max_blocks) {}
  std::optional<Allocation> allocate(const Request& req, const Occupancy& occ, Rng& rng) override {
    const int need = req.shape.area();
    if (need > occ.free_count()) return std::nullopt;
    if (max_blocks_ > 0 && need > max_blocks_) return std::nullopt;
    free_.clear();
    const int W = occ.width(), wpr = (W + 63) / 64;
    count(Ops(occ.height()) * wpr + occ.free_count() + need);
    for (int y = 0; y < occ.height(); ++y) {  // free nodes in id order, from the free bits
      const std::uint64_t* r = occ.free_row(y);
      for (int k = 0; k < wpr; ++k)
        for (std::uint64_t m = r[k]; m; m &= m - 1) free_.push_back(y * W + k * 64 + __builtin_ctzll(m));
    }
    Allocation a;
    a.blocks.reserve(std::size_t(need));
    for (int i = 0; i < need; ++i) {
      const std::size_t j = std::size_t(i) + std::size_t(rng.below(free_.size() - std::size_t(i)));
      std::swap(free_[std::size_t(i)], free_[j]);
      const Coord c = occ.topology().coord(free_[std::size_t(i)]);
      a.blocks.push_back(Block{c.x, c.y, 1, 1});
    }
    return a;
  }

 private:
  int max_blocks_;
  std::vector<int> free_;  // scratch
};

}  // namespace

std::unique_ptr<Strategy> make_random(const Topology&, const StrategyParams& p) { return std::make_unique<RandomAlloc>(p); }

}  // namespace alloclab
