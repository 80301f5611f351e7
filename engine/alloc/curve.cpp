// curve.cpp — curve-based allocation: the nodes in the order of a space-filling curve (Hilbert
// or snake), best fit among the runs of free nodes along the curve (non-contiguous in general).
//
// Leung, Arkin, Bender, Bunde, Johnston, Lal, Mitchell, Phillips & Seiden 2002 ("Processor
// allocation on Cplant") reduce allocation on a mesh to one dimension: the processors are put in
// the order of a curve through the machine (Hilbert, or a snake / boustrophedon), so nodes close
// on the curve are close on the machine, and a job gets an interval of free processors of that
// order. Albing et al. 2011 order the nodes of the Cray XT/XE 3D torus the same way for ALPS. The
// SST scheduler's linear allocators (LinearAllocator, BestFitAllocator) implement the best-fit
// rule in 3D; we follow its reading:
//  * Best fit: the runs (maximal intervals of free nodes along the curve) holding at least n =
//    p·q·r nodes; the shortest wins, the first along the curve on ties; the job gets its first n
//    nodes. The request's shape is not used, only its size.
//  * No run holds n: the n free nodes of least span (last minus first curve position), the
//    first such window along the curve on ties — Leung et al.'s span-minimising fallback. So the
//    allocation succeeds whenever n nodes are free.
//  * Orders (one row each): curve-hilbert numbers the nodes by their index on the Hilbert curve
//    of the enclosing 2^m cube (square on a machine of depth 1: the 2D curve), computed with
//    Skilling's transpose form (J. Skilling, "Programming the Hilbert curve", AIP Conf. Proc.
//    707, 2004); nodes outside the machine are skipped, so on sides that are not one power of
//    two the order jumps where the enclosing curve leaves the machine. curve-snake runs x back
//    and forth along each row, the rows of a layer up and then (next layer) down, layers from
//    z = 0, so consecutive nodes are always neighbours.
//  * The nodes are reported in curve order, a node next (in x) to the previous block in its row
//    merged into it; blocks never wrap (the curve ignores the torus links).
//  * max_blocks > 0 (MBPJ): a choice needing more blocks than that fails.
//  * Explain: the free runs along the curve (those holding the job's nodes as candidates, the
//    shorter ones as tried and failed), with the rule that picked one, then the decision.
//
// Counted work: one operation = one curve position whose free bit is read (every position, per
// decision), one curve position of a node given looked up in the order (n per placement); the
// span fallback adds its second read of every position, one per free position listed and one
// per window examined (a window's two list entries counted one). No release work.
#include <algorithm>
#include <array>
#include <cstdint>
#include <utility>
#include <vector>
#include "explain.hpp"
#include "strategy.hpp"

namespace alloclab {

// Hilbert index of point x[0..n-1] (each < 2^bits) on the n-dimensional Hilbert curve (Skilling's
// transpose: undo the excess work, Gray-encode, then interleave the bits). Exposed for tests.
std::uint64_t hilbert_index(std::array<std::uint32_t, 3> x, int n, int bits) {
  if (bits == 0) return 0;
  const std::uint32_t M = std::uint32_t(1) << (bits - 1);
  for (std::uint32_t Q = M; Q > 1; Q >>= 1) {
    const std::uint32_t P = Q - 1;
    for (int i = 0; i < n; ++i) {
      if (x[std::size_t(i)] & Q) {
        x[0] ^= P;
      } else {
        const std::uint32_t t = (x[0] ^ x[std::size_t(i)]) & P;
        x[0] ^= t;
        x[std::size_t(i)] ^= t;
      }
    }
  }
  for (int i = 1; i < n; ++i) x[std::size_t(i)] ^= x[std::size_t(i) - 1];
  std::uint32_t t = 0;
  for (std::uint32_t Q = M; Q > 1; Q >>= 1)
    if (x[std::size_t(n) - 1] & Q) t ^= Q - 1;
  for (int i = 0; i < n; ++i) x[std::size_t(i)] ^= t;
  std::uint64_t h = 0;
  for (int b = bits - 1; b >= 0; --b)
    for (int i = 0; i < n; ++i) h = (h << 1) | ((x[std::size_t(i)] >> b) & 1u);
  return h;
}

// The machine's node ids in curve order. Exposed for tests.
std::vector<int> curve_order(const Topology& t, bool hilbert) {
  const int W = t.width(), H = t.height(), D = t.depth();
  std::vector<int> order;
  order.reserve(std::size_t(t.nodes()));
  if (!hilbert) {
    for (int z = 0; z < D; ++z)
      for (int j = 0; j < H; ++j) {
        const int y = z % 2 ? H - 1 - j : j;
        const bool right = (z * H + j) % 2 == 0;  // rows alternate in visiting order
        for (int i = 0; i < W; ++i) order.push_back(t.id(right ? i : W - 1 - i, y, z));
      }
    return order;
  }
  int bits = 0;
  while ((1 << bits) < std::max({W, H, D})) ++bits;
  std::vector<std::pair<std::uint64_t, int>> keyed;
  keyed.reserve(std::size_t(t.nodes()));
  for (int z = 0; z < D; ++z)
    for (int y = 0; y < H; ++y)
      for (int x = 0; x < W; ++x)
        keyed.push_back({hilbert_index({std::uint32_t(x), std::uint32_t(y), std::uint32_t(z)}, D > 1 ? 3 : 2, bits), t.id(x, y, z)});
  std::sort(keyed.begin(), keyed.end());
  for (const auto& k : keyed) order.push_back(k.second);
  return order;
}

namespace {

class CurveAlloc final : public StrategyBase<CurveAlloc> {
 public:
  CurveAlloc(const Topology& t, const StrategyParams& p, bool hilbert)
      : topo_(t), hilbert_(hilbert), max_blocks_(p.max_blocks), order_(curve_order(t, hilbert)) {
    const std::uint32_t wpr = std::uint32_t((t.width() + 63) / 64);
    where_.reserve(order_.size());
    for (int id : order_) {
      const std::uint32_t row = std::uint32_t(id / t.width()), x = std::uint32_t(id % t.width());
      where_.push_back(Where{row * wpr + (x >> 6), std::uint8_t(x & 63)});
    }
  }

  std::optional<Allocation> allocate(const Request& req, const Occupancy& occ, Rng&) override {
    const int need = req.shape.area();
    if (need > occ.free_count()) return std::nullopt;
    const std::uint64_t* bits = occ.free_row(0);
    const int N = int(order_.size());
    count(N);
    const int best = shortest_run(bits, need, [](int, int) {}).first;
    if (best < 0) {  // no run is long enough: the window of `need` free nodes of least span
      const int k = least_span(bits, need, free_pos_);
      count(N + Ops(free_pos_.size()));                      // every position read again, each free one listed
      count(Ops(free_pos_.size()) - Ops(need) + 1);          // one per window examined
      return take(free_pos_.data() + k, need, true);
    }
    return take(nullptr, need, false, best);
  }

  Explanation explain(const Request& req, const Occupancy& occ, const Rng& rng) const override {
    Explanation e;
    e.steps.push_back(explain_request_step(req, occ));
    const int need = req.shape.area();
    const char* curve = hilbert_ ? "Hilbert curve" : "snake order";
    ExplainStep st;
    st.title = "Free runs";
    if (need > occ.free_count()) {
      st.caption = "Fewer nodes are free than the " + std::to_string(need) + " asked for: nothing to choose from.";
    } else {
      const std::uint64_t* bits = occ.free_row(0);
      int runs = 0, holding = 0;
      const auto [best, len] = shortest_run(bits, need, [&](int first, int end) {
        ++runs;
        holding += end - first >= need;
        const Allocation a = blocks_of(nullptr, end - first, false, first);
        auto& layer = st.layer(end - first >= need ? ExplainRole::Candidate : ExplainRole::Failed).blocks;
        layer.insert(layer.end(), a.blocks.begin(), a.blocks.end());
      });
      // (captions appended piecewise: a chain of operator+ trips GCC 12's false -Wrestrict warning)
      st.caption = "The free nodes form ";
      st.caption += explain_count(runs, "run", "runs");
      st.caption += " along the ";
      st.caption += curve;
      st.caption += " (the shape is not used, only its " + std::to_string(need) + " nodes); ";
      if (best >= 0) {
        st.caption += explain_count(holding, "run holds", "runs hold");
        st.caption += " them: the shortest (" + std::to_string(len) + " nodes, from curve position " + std::to_string(best) +
                      ", the first such along the curve) gives its first " + std::to_string(need) + ".";
      } else {
        std::vector<int> free_pos;
        const int k = least_span(bits, need, free_pos);
        st.caption += "none holds them: the " + std::to_string(need) + " free nodes of least span along the curve (positions " +
                      std::to_string(free_pos[std::size_t(k)]) + " to " +
                      std::to_string(free_pos[std::size_t(k + need - 1)]) + ") are taken.";
      }
    }
    e.steps.push_back(std::move(st));
    e.decision = explain_decide(*this, req, occ, rng);
    e.steps.push_back(explain_decision_step(e.decision, req, occ.depth()));
    return e;
  }
  bool repeats_failures() const override { return true; }  // fails only when too few nodes are free

 private:
  struct Where {
    std::uint32_t word;  // the node's word in the occupancy's free bits
    std::uint8_t bit;
  };
  bool free_at(const std::uint64_t* bits, int pos) const {
    const Where w = where_[std::size_t(pos)];
    return (bits[w.word] >> w.bit) & 1u;
  }
  // The runs of free curve positions, each given to on_run(first, end) in curve order; returns
  // the first position and the length of the shortest run holding `need` (the first on ties),
  // -1 and 0 if none does.
  template <class F>
  std::pair<int, int> shortest_run(const std::uint64_t* bits, int need, F&& on_run) const {
    const int N = int(order_.size());
    int best = -1, best_len = 0;
    for (int i = 0; i < N;) {
      if (!free_at(bits, i)) { ++i; continue; }
      int e = i + 1;
      while (e < N && free_at(bits, e)) ++e;
      on_run(i, e);
      if (e - i >= need && (best < 0 || e - i < best_len)) best = i, best_len = e - i;
      i = e;
    }
    return {best, best_len};
  }
  // The free curve positions into `free_pos`, and the index there of the first of the `need`
  // consecutive ones of least span (the first such window on ties).
  int least_span(const std::uint64_t* bits, int need, std::vector<int>& free_pos) const {
    free_pos.clear();
    for (int i = 0; i < int(order_.size()); ++i)
      if (free_at(bits, i)) free_pos.push_back(i);
    int span = int(order_.size()), best = 0;
    for (std::size_t k = 0; k + std::size_t(need) <= free_pos.size(); ++k) {
      const int s = free_pos[k + std::size_t(need) - 1] - free_pos[k];
      if (s < span) span = s, best = int(k);
    }
    return best;
  }
  // The nodes at curve positions pos[0..n-1] (listed) or first..first+n-1 (a run), in curve
  // order, a node beside the previous block in its row merged into it.
  Allocation blocks_of(const int* pos, int n, bool listed, int first = 0) const {
    Allocation a;
    for (int k = 0; k < n; ++k) {
      const int id = order_[std::size_t(listed ? pos[k] : first + k)];
      const Coord c = topo_.coord(id);
      if (!a.blocks.empty()) {
        Block& b = a.blocks.back();
        if (b.y == c.y && b.z == c.z) {
          if (c.x == b.x + b.w) { ++b.w; continue; }
          if (c.x == b.x - 1) { --b.x, ++b.w; continue; }
        }
      }
      a.blocks.push_back(Block{c.x, c.y, 1, 1, c.z, 1});
    }
    return a;
  }
  std::optional<Allocation> take(const int* pos, int n, bool listed, int first = 0) {
    count(n);  // order_ read once per node
    Allocation a = blocks_of(pos, n, listed, first);
    if (max_blocks_ > 0 && int(a.blocks.size()) > max_blocks_) return std::nullopt;
    return a;
  }

  Topology topo_;
  bool hilbert_;
  int max_blocks_;
  std::vector<int> order_;     // node ids in curve order
  std::vector<Where> where_;   // per curve position
  std::vector<int> free_pos_;  // scratch: free curve positions (span fallback)
};

}  // namespace

std::unique_ptr<Strategy> make_curve_hilbert(const Topology& t, const StrategyParams& p) {
  return std::make_unique<CurveAlloc>(t, p, true);
}
std::unique_ptr<Strategy> make_curve_snake(const Topology& t, const StrategyParams& p) {
  return std::make_unique<CurveAlloc>(t, p, false);
}

}  // namespace alloclab
