// fs.cpp — Frame Sliding (Chuang & Tzeng, ICDCS 1991), as Srinivasan et al. 2004 §III.B (and Srisawat & Alexandridis 1999 §2.2)
// describe it.
//
// For a request T(p, q) a p×q frame starts at the lowest leftmost available node: the first
// free node scanning rows from the bottom (y = 0) up, x ascending within a row; call it
// (x0, y0). The frame then slides with a horizontal stride of p (the frame's width) and a
// vertical stride of q (its height) until a frame whose nodes are all free is found.
//
// Exactly which frames are examined (the paper does not say where a new row of frames starts):
// the frames form a lattice anchored at the origin node, covering the whole mesh —
//   bases (x, y) with x ≡ x0 (mod p), 0 <= x <= w-p, and y = y0 + j·q, y <= h-q,
// visited row of frames by row of frames from y0 upwards, x ascending. Rows below y0 are
// entirely busy (that is why the origin is where it is), so no frame is lost below it; the
// lattice extends to the left of x0 in the upper rows so that the left part of the mesh is not
// skipped for good. Frames crossing the mesh edge are not examined. The first free frame wins.
//
// FS is not recognition complete: the fixed strides skip free submeshes (test "fs: misses a
// free submesh"), and — as in the original — only the requested orientation is tried.
// Mesh only (the registry refuses a torus).
//
// Counted work: one operation = one 64-bit word read looking for the lowest leftmost free node,
// one bitmap word processed by the free-base query, or one frame examined. No release work.
#include "strategy.hpp"

namespace alloclab {
namespace {

class FrameSliding final : public StrategyBase<FrameSliding> {
 public:
  std::optional<Allocation> allocate(const Request& req, const Occupancy& occ, Rng&) override {
    const int W = occ.width(), H = occ.height(), p = req.shape.w, q = req.shape.h;
    if (p > W || q > H) return std::nullopt;
    // Lowest leftmost available node.
    int x0 = -1, y0 = -1;
    const int wpr = (W + 63) / 64;
    for (int y = 0; y < H && y0 < 0; ++y) {
      const std::uint64_t* r = occ.free_row(y);
      for (int k = 0; k < wpr; ++k)
        if (count(1), r[k]) {
          x0 = k * 64 + __builtin_ctzll(r[k]);
          y0 = y;
          break;
        }
    }
    if (y0 < 0) return std::nullopt;
    const BaseMask free = occ.free_bases(p, q, ops_);  // bit set = frame at that base entirely free
    for (int y = y0; y + q <= H; y += q)
      for (int x = x0 % p; x + p <= W; x += p)
        if (count(1), free.test(x, y)) return Allocation{{Block{x, y, p, q}}};
    return std::nullopt;
  }
};

}  // namespace

std::unique_ptr<Strategy> make_fs(const Topology&, const StrategyParams&) { return std::make_unique<FrameSliding>(); }

}  // namespace alloclab
