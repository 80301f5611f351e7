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
#include <cstdint>
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
    const int W = occ.width(), H = occ.height(), wpr = (W + 63) / 64;
    count(Ops(H) * wpr + occ.free_count() + need);
    // free nodes in id order, from the free bits, as (y << 16 | x): no division per drawn node
    free_.resize(std::size_t(occ.free_count()));
    std::uint32_t* f = free_.data();
    for (int y = 0; y < H; ++y) {
      const std::uint64_t* r = occ.free_row(y);
      for (int k = 0; k < wpr; ++k)
        for (std::uint64_t m = r[k]; m; m &= m - 1) *f++ = std::uint32_t(y) << 16 | std::uint32_t(k * 64 + __builtin_ctzll(m));
    }
    Allocation a;
    a.blocks.resize(std::size_t(need));
    const std::size_t n = free_.size();
    for (std::size_t i = 0; i < std::size_t(need); ++i) {
      const std::size_t j = i + std::size_t(rng.below(n - i));
      std::swap(free_[i], free_[j]);
      const std::uint32_t c = free_[i];
      a.blocks[i] = Block{int(c & 0xffff), int(c >> 16), 1, 1};
    }
    return a;
  }

 private:
  int max_blocks_;
  std::vector<std::uint32_t> free_;  // scratch: free nodes as (y << 16 | x)
};

}  // namespace

std::unique_ptr<Strategy> make_random(const Topology&, const StrategyParams& p) { return std::make_unique<RandomAlloc>(p); }

}  // namespace alloclab
