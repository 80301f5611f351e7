// ffwp.cpp — First Fit with static partitions (FFwp; Mohapatra, J. Parallel Distrib. Comput.
// 39, 1996), as Srisawat & Alexandridis 1999 §2.5 summarises it: an existing strategy (here FF) combined with
// predefined static partitions so that requests of similar size are allocated close together.
//
// Srisawat & Alexandridis 1999 gives no partitioning rule, so alloclab fixes one (a researcher's reading: one
// partition per request size class, the large class getting the most room):
//
//   split column xs = ⌊W/2⌋, split row ys = ⌊H/2⌋
//   L (large)  = columns [0, xs)  × rows [0, H)     — the left half
//   M (medium) = columns [xs, W)  × rows [0, ys)    — the lower-right quadrant
//   S (small)  = columns [xs, W)  × rows [ys, H)    — the upper-right quadrant
//
// Size class of a request p×q (requested orientation), relative to the quadrants:
//   small  if 2p ≤ W−xs and 2q ≤ H−ys   (fits a quarter of the small quadrant)
//   medium else if p ≤ W−xs and q ≤ ys   (fits the medium quadrant)
//   large  otherwise.
//
// Fallback order: the class's own partition first, then the other partitions from the larger
// to the smaller class (small: S, M, L; medium: M, L, S; large: L, M, S), and finally the whole
// machine, where a block may straddle partition borders. Spilling upwards leaves the small
// partition to small jobs; the final whole-machine pass keeps FFwp as complete as FF (a job
// larger than every partition would otherwise never run). Within a partition FF's rule
// applies: the first free base in row-major order from the bottom row, x ascending, with the
// whole block inside the partition. Only the requested orientation is tried (FF does not
// rotate). Empty partitions (W or H = 1) are skipped.
//
// Torus: partitions are the same non-wrapping rectangles; only the final whole-machine pass
// may return a block that wraps (Occupancy::free_bases handles the wrap).
//
// Counted work: one operation = one 64-bit bitmap word processed — by the free-base query,
// then the words of each partition's rows read looking for its first free base (a partition
// row's words are counted whole). No release work.
#include <array>
#include <cstdint>
#include "strategy.hpp"

namespace alloclab {
namespace {

struct Part {
  int x0, y0, x1, y1;  // columns [x0, x1), rows [y0, y1)
};

// First set bit of `m` with x in [x0, x1] and y in [y0, y1] (inclusive), rows from the bottom.
bool first_in(const BaseMask& m, int x0, int x1, int y0, int y1, int& fx, int& fy, Ops& ops) {
  if (x0 > x1 || y0 > y1) return false;
  const int k0 = x0 >> 6, k1 = x1 >> 6;
  for (int y = y0; y <= y1; ++y) {
    const std::uint64_t* r = m.row(y);
    ops += k1 - k0 + 1;
    for (int k = k0; k <= k1; ++k) {
      std::uint64_t w = r[k];
      if (k == k0) w &= ~std::uint64_t(0) << (x0 & 63);
      if (k == k1 && (x1 & 63) != 63) w &= (std::uint64_t(1) << ((x1 & 63) + 1)) - 1;
      if (w) { fx = k * 64 + __builtin_ctzll(w); fy = y; return true; }
    }
  }
  return false;
}

class FirstFitPartitioned final : public StrategyBase<FirstFitPartitioned> {
 public:
  explicit FirstFitPartitioned(const Topology& t) : W_(t.width()), H_(t.height()) {
    const int xs = W_ / 2, ys = H_ / 2;
    parts_[kLarge] = {0, 0, xs, H_};
    parts_[kMedium] = {xs, 0, W_, ys};
    parts_[kSmall] = {xs, ys, W_, H_};
  }

  std::optional<Allocation> allocate(const Request& req, const Occupancy& occ, Rng&) override {
    const int p = req.shape.w, q = req.shape.h;
    if (p > W_ || q > H_) return std::nullopt;
    const BaseMask m = occ.free_bases(p, q, ops_);
    int x, y;
    for (int c : kOrder[size_class(req.shape)]) {
      const Part& P = parts_[c];
      if (first_in(m, P.x0, P.x1 - p, P.y0, P.y1 - q, x, y, ops_)) return Allocation{{block_at(x, y, req.shape)}};
    }
    if (m.first(x, y, ops_)) return Allocation{{block_at(x, y, req.shape)}};
    return std::nullopt;
  }

 private:
  enum { kSmall = 0, kMedium = 1, kLarge = 2 };
  static constexpr int kOrder[3][3] = {{kSmall, kMedium, kLarge}, {kMedium, kLarge, kSmall}, {kLarge, kMedium, kSmall}};

  int size_class(Shape s) const {
    const int rw = W_ - W_ / 2, th = H_ - H_ / 2, bh = H_ / 2;
    if (2 * s.w <= rw && 2 * s.h <= th) return kSmall;
    if (s.w <= rw && s.h <= bh) return kMedium;
    return kLarge;
  }

  int W_, H_;
  std::array<Part, 3> parts_;
};

}  // namespace

std::unique_ptr<Strategy> make_ffwp(const Topology& t, const StrategyParams&) {
  return std::make_unique<FirstFitPartitioned>(t);
}

}  // namespace alloclab
