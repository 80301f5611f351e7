// random.cpp — Random allocation: the baseline non-contiguous strategy of Bani-Ahmad 2013 §2.
//
// A request for p×q (×r on a 3D machine) processors gets that many free nodes chosen uniformly
// at random (a partial Fisher–Yates shuffle over the free nodes in id order, so the choice
// depends only on the occupancy and the strategy's random stream). Succeeds whenever enough
// nodes are free. Each node is reported as its own 1×1×1 block (no attempt is made to merge
// neighbours: the point of the baseline is that it ignores contiguity). Works unchanged on a
// torus and on a 3D machine. With max_blocks > 0 a job needing more than max_blocks nodes
// cannot be placed.
//
// Explain: how many of the free nodes are drawn and from what, then the nodes drawn.
//
// Counted work: one operation = one bitmap word read, one free node listed, or one node drawn
// (H·D·⌈W/64⌉ + free + p·q·r per successful decision). No release work.
#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>
#include "explain.hpp"
#include "strategy.hpp"

namespace alloclab {
namespace {

// The positions of the set bits of every byte, lowest first (the rest 0): a word's free ids
// are listed a byte at a time — eight entries written (two four-lane adds), the count of set
// bits kept — with no branch per id.
using Lanes = std::uint32_t __attribute__((vector_size(16)));  // GCC/clang vector extension (scalar in plain wasm)
struct BytePositions {
  alignas(16) std::uint32_t at[8];
};
constexpr auto kBitPositions = [] {
  std::array<BytePositions, 256> t{};
  for (int b = 0; b < 256; ++b)
    for (int i = 0, k = 0; i < 8; ++i)
      if (b >> i & 1) t[std::size_t(b)].at[k++] = std::uint32_t(i);
  return t;
}();

class RandomAlloc final : public StrategyBase<RandomAlloc> {
 public:
  explicit RandomAlloc(const StrategyParams& p) : max_blocks_(p.max_blocks) {}
  Explanation explain(const Request& req, const Occupancy& occ, const Rng& rng) const override {
    Explanation e;
    e.steps.push_back(explain_request_step(req, occ));
    const int need = req.shape.area();
    ExplainStep st;
    st.title = "Random draw";
    if (need > occ.free_count())
      st.caption = "Fewer nodes are free than the " + std::to_string(need) + " asked for: the job waits.";
    else if (max_blocks_ > 0 && need > max_blocks_)
      st.caption = "Each node is its own block, and " + std::to_string(need) + " nodes exceed the limit of " +
                   std::to_string(max_blocks_) + " blocks per job: the job waits.";
    else
      st.caption = std::to_string(need) + " of the " + std::to_string(occ.free_count()) +
                   " free nodes, drawn uniformly at random from the run's own random stream (the same link draws the same "
                   "nodes); contiguity is ignored on purpose.";
    e.steps.push_back(std::move(st));
    e.decision = explain_decide(*this, req, occ, rng);
    e.steps.push_back(explain_decision_step(e.decision, req, occ.depth()));
    return e;
  }
  std::optional<Allocation> allocate(const Request& req, const Occupancy& occ, Rng& rng) override {
    const int need = req.shape.area();
    if (need > occ.free_count()) return std::nullopt;
    if (max_blocks_ > 0 && need > max_blocks_) return std::nullopt;
    const int W = occ.width(), H = occ.height(), rows = H * occ.depth(), wpr = (W + 63) / 64;
    count(Ops(rows) * wpr + occ.free_count() + need);
    // Free nodes in id order, from the free bits: the rows' bits are packed into one stream
    // of ids (id = r·W + x for row r = z·H + y, 64 per word, no padding at the row ends), so the
    // loop that lists a word's set bits ends once per 64 ids rather than once per row (its exit
    // is a mispredicted branch); x and r come from a table when a node is drawn (no division;
    // on a 3D machine r is split into y and z afterwards).
    const std::size_t N = std::size_t(W) * std::size_t(rows);
    if (xy_.size() != N) {
      xy_.resize(N);
      for (std::size_t id = 0; id < N; ++id) {
        const Block b{int(id % std::size_t(W)), int(id / std::size_t(W))};
        std::memcpy(&xy_[id], &b, sizeof xy_[id]);  // its x and row, as x and y lie in a Block
      }
      free_.resize(N + 64);
    }
    std::uint32_t* const fl = free_.data();
    std::uint32_t* f = fl;
    std::uint64_t acc = 0;  // ids base .. base + fill - 1, not yet listed
    std::uint32_t base = 0;
    int fill = 0;
    auto list = [&](std::uint64_t m) {  // the set bits of one full word of ids from base
      for (std::uint32_t k = 0; k < 64; k += 8, m >>= 8) {
        const BytePositions& pos = kBitPositions[m & 0xff];
        Lanes lo, hi;
        std::memcpy(&lo, pos.at, 16);
        std::memcpy(&hi, pos.at + 4, 16);
        const std::uint32_t b = base + k;
        lo += b;
        hi += b;
        std::memcpy(f, &lo, 16);  // up to 8 past the end: free_ has room
        std::memcpy(f + 4, &hi, 16);
        f += __builtin_popcountll(m & 0xff);
      }
      base += 64;
    };
    for (int y = 0; y < rows; ++y) {
      const std::uint64_t* r = occ.free_row(0) + std::size_t(y) * std::size_t(wpr);
      for (int k = 0; k < wpr; ++k) {
        const int nb = std::min(64, W - 64 * k);  // bits of this word inside the row
        const std::uint64_t v = r[k];             // bits >= nb are 0
        acc |= v << fill;
        if (fill + nb >= 64) {
          list(acc);
          acc = fill ? v >> (64 - fill) : 0;
          fill = fill + nb - 64;
        } else {
          fill += nb;
        }
      }
    }
    if (fill) list(acc);
    Allocation a;
    a.blocks.resize(std::size_t(need));  // 1×1×1 blocks; x, y and z set below
    Block* const out = a.blocks.data();
    const std::size_t n = std::size_t(f - fl);
    Rng r = rng;  // drawn in a local copy (its state stays in registers), given back below
    for (std::size_t i = 0; i < std::size_t(need); ++i) {
      // Fisher–Yates step: swap free_[i] and free_[j]; position i is never read again, so
      // only free_[j] is written
      const std::size_t j = i + std::size_t(r.below(n - i));
      const std::uint32_t id = fl[j];
      fl[j] = fl[i];
      std::memcpy(static_cast<void*>(&out[i]), &xy_[id], sizeof xy_[id]);  // x and row in one store (Block is trivially copyable)
    }
    if (rows != H)
      for (std::size_t i = 0; i < std::size_t(need); ++i) {
        out[i].z = out[i].y / H;
        out[i].y %= H;
      }
    rng = r;
    return a;
  }

 private:
  int max_blocks_;
  std::vector<std::uint32_t> free_;  // scratch: the free nodes' ids in id order
  std::vector<std::uint64_t> xy_;    // node id -> the bytes of its Block's x and row (z·H + y)
  static_assert(offsetof(Block, x) == 0 && offsetof(Block, y) == sizeof(int) && sizeof(int) == 4);
};

}  // namespace

std::unique_ptr<Strategy> make_random(const Topology&, const StrategyParams& p) { return std::make_unique<RandomAlloc>(p); }

}  // namespace alloclab
