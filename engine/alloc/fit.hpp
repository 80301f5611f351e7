// fit.hpp — contiguous searches shared by several strategies, and the recursive-partitioning
// driver of the non-contiguous strategies that split a request until its pieces fit.
//
// find_ff / find_bf are alloclab's First Fit and Best Fit (see ff.cpp, bf.cpp for the paper
// references and the scan order): ff.cpp and bf.cpp call them, and so do PALD-FF / PALD-BF
// (pald.cpp) and ANCA (anca.cpp) for their pieces.
//
// partition_allocate() is the common skeleton of PALD and ANCA: try the piece with a fit
// function; if no place exists, split it into two smaller pieces and place those (first piece
// completely, then the second). The pieces already chosen are assigned in ONE scratch copy of
// the occupancy made per decision (the strategy's input is never mutated), so later searches
// see them as busy. A failed search for a shape s also proves that every shape containing s
// (componentwise ≥) fails on the scratch for the rest of the decision (the scratch only gets
// busier), so such searches are skipped — the result is the same, only faster.
#pragma once
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>
#include "strategy.hpp"

namespace alloclab {

// First Fit: the lowest-leftmost free base (rows from y = 0, x ascending) of shape s as given.
// Counted work (added to `ops`): the bitmap words the free-base query processed plus the words
// read until the first free base.
inline std::optional<Block> find_ff(const Occupancy& occ, Shape s, Ops& ops) {
  int x, y;
  if (!occ.first_free_base(s.w, s.h, x, y, ops)) return std::nullopt;
  return block_at(x, y, s);
}
inline std::optional<Block> find_ff(const Occupancy& occ, Shape s) {
  Ops unused = 0;
  return find_ff(occ, s, unused);
}

// Best Fit: the free base of shape s (as given) whose block has the largest boundary_contact;
// ties go to the first base in FF order. When the bases' perimeters add up to more than the
// machine, every base's contact is computed in O(1) from per-row and per-column prefix counts
// of busy nodes (built once per call, O(W·H)) — exactly boundary_contact's value without
// rescanning each block's perimeter; otherwise boundary_contact is called per base.
// Counted work (added to `ops`): the free-base query's words, the mask's words (counting the
// bases), then either 2(w+h) perimeter nodes per base (direct) or W·H nodes for the prefix
// counts plus 4 look-ups per base.
inline std::optional<Block> find_bf(const Occupancy& occ, Shape s, Ops& ops) {
  const BaseMask m = occ.free_bases(s.w, s.h, ops);
  const int bases = m.count();
  ops += Ops(m.height()) * m.words_per_row();
  if (bases == 0) return std::nullopt;
  const Topology& t = occ.topology();
  const int W = t.width(), H = t.height();
  int best = -1;
  Block pick;
  if ((long long)bases * 2 * (s.w + s.h) <= 4LL * W * H) {  // few bases: score directly
    ops += Ops(bases) * 2 * (s.w + s.h);
    m.for_each([&](int x, int y) {
      const Block b = block_at(x, y, s);
      const int score = boundary_contact(occ, b);
      if (score > best) { best = score; pick = b; }
    });
    return pick;
  }
  ops += Ops(W) * H + 4 * Ops(bases);
  const bool wrap = t.wraps();
  // rp[y*(W+1)+x]: busy nodes in row y, columns < x; cq[y*W+x]: busy in column x, rows < y.
  // Both row-major (filled in one sequential pass), left uninitialised but for what is read.
  const std::unique_ptr<int[]> rp(new int[std::size_t(H) * std::size_t(W + 1)]), cq(new int[std::size_t(H + 1) * std::size_t(W)]);
  for (int x = 0; x < W; ++x) cq[std::size_t(x)] = 0;
  for (int y = 0; y < H; ++y) {
    int* r = &rp[std::size_t(y) * std::size_t(W + 1)];
    const int* c0 = &cq[std::size_t(y) * std::size_t(W)];
    int* c1 = &cq[std::size_t(y + 1) * std::size_t(W)];
    const std::uint64_t* fr = occ.free_row(y);
    r[0] = 0;
    for (int x = 0; x < W; ++x) {
      const int busy = int(~fr[x >> 6] >> (x & 63) & 1u);
      r[x + 1] = r[x] + busy;
      c1[x] = c0[x] + busy;
    }
  }
  // Busy count of `len` consecutive cells from `from` in a line of n cells (wrapping on a torus).
  auto run = [&](const int* pre, int n, int from, int len) {
    if (from + len <= n) return pre[from + len] - pre[from];
    return (pre[n] - pre[from]) + pre[from + len - n];
  };
  // The same down column x of cq (stride W).
  auto col_run = [&](int x, int from, int len) {
    auto at = [&](int y) { return cq[std::size_t(y) * std::size_t(W) + std::size_t(x)]; };
    if (from + len <= H) return at(from + len) - at(from);
    return (at(H) - at(from)) + at(from + len - H);
  };
  // Contact of one side: the row (or column) just outside, `len` cells from `from`.
  auto row_side = [&](int y, int from, int len) {
    if (!wrap && (y < 0 || y >= H)) return len;  // mesh edge
    y = (y + H) % H;
    return run(&rp[std::size_t(y) * std::size_t(W + 1)], W, from, len);
  };
  auto col_side = [&](int x, int from, int len) {
    if (!wrap && (x < 0 || x >= W)) return len;
    x = (x + W) % W;
    return col_run(x, from, len);
  };
  m.for_each([&](int x, int y) {
    const int score = row_side(y - 1, x, s.w) + row_side(y + s.h, x, s.w) + col_side(x - 1, y, s.h) +
                      col_side(x + s.w, y, s.h);
    if (score > best) { best = score; pick = block_at(x, y, s); }
  });
  return pick;
}
inline std::optional<Block> find_bf(const Occupancy& occ, Shape s) {
  Ops unused = 0;
  return find_bf(occ, s, unused);
}

// The owner used for pieces taken in a scratch occupancy during one decision.
inline constexpr JobId kScratchJob = std::numeric_limits<JobId>::max();

// What partition_allocate did with one (sub-)request, for observers (Explain mode).
enum class PartitionEvent {
  Placed,     // the fit found a place: the piece is taken (block given)
  NoPlace,    // the fit found no place: the shape is split
  Skipped,    // not searched: it contains a shape already known to have no place; split
  Capped,     // a place exists but max_blocks pieces are already taken: the decision fails
  TooFew,     // fewer free nodes than the request: fails up front
};

// Recursive partitioning. `fit(occ, shape) -> optional<Block>` must fail only when no free
// place of the shape exists in the orientations it tries (true of find_ff, find_bf and their
// both-orientation variants): that is what makes the skip rule above exact. `split(shape) ->
// pair<Shape, Shape>` is called only for shapes with area ≥ 2 and must return two non-empty
// shapes whose areas add up. `max_blocks` > 0 caps the number of pieces: the decision fails
// as soon as the cap would be exceeded. Fails up front if fewer than area nodes are free;
// otherwise succeeds unless capped (1×1 pieces always fit a free node).
// `observe(shape, PartitionEvent, const std::optional<Block>&)` is told every step in order
// (the traced variant; partition_allocate observes nothing).
template <class Fit, class Split, class Observe>
std::optional<Allocation> partition_allocate_traced(const Occupancy& occ, Shape shape, int max_blocks, Fit&& fit,
                                                    Split&& split, Observe&& observe) {
  if (occ.free_count() < shape.area()) {
    observe(shape, PartitionEvent::TooFew, std::optional<Block>{});
    return std::nullopt;
  }
  // Fast path: the whole request fits (no copy needed).
  if (auto b = fit(occ, shape)) {
    observe(shape, PartitionEvent::Placed, b);
    return Allocation{{*b}};
  }
  observe(shape, PartitionEvent::NoPlace, std::optional<Block>{});
  if (max_blocks == 1) {
    observe(shape, PartitionEvent::Capped, std::optional<Block>{});
    return std::nullopt;
  }
  Occupancy scratch = occ;
  Allocation out;
  std::vector<Shape> failed{shape};  // minimal shapes known to have no place on the scratch
  auto dominated = [&](Shape s) {
    for (const Shape& f : failed)
      if (s.w >= f.w && s.h >= f.h) return true;
    return false;
  };
  auto note_failure = [&](Shape s) {
    std::erase_if(failed, [&](const Shape& f) { return f.w >= s.w && f.h >= s.h; });
    failed.push_back(s);
  };
  auto rec = [&](auto&& self, Shape s) -> bool {
    if (!dominated(s)) {
      if (auto b = fit(std::as_const(scratch), s)) {
        if (max_blocks > 0 && int(out.blocks.size()) >= max_blocks) {
          observe(s, PartitionEvent::Capped, b);
          return false;
        }
        scratch.assign(*b, kScratchJob);
        out.blocks.push_back(*b);
        observe(s, PartitionEvent::Placed, b);
        return true;
      }
      observe(s, PartitionEvent::NoPlace, std::optional<Block>{});
      note_failure(s);
    } else {
      observe(s, PartitionEvent::Skipped, std::optional<Block>{});
    }
    if (s.area() <= 1) return false;  // cannot happen while enough nodes are free
    const auto [a, b] = split(s);
    return self(self, a) && self(self, b);
  };
  const auto [a, b] = split(shape);
  if (!rec(rec, a) || !rec(rec, b)) return std::nullopt;
  return out;
}

template <class Fit, class Split>
std::optional<Allocation> partition_allocate(const Occupancy& occ, Shape shape, int max_blocks, Fit&& fit, Split&& split) {
  return partition_allocate_traced(occ, shape, max_blocks, fit, split, [](Shape, PartitionEvent, const std::optional<Block>&) {});
}

// Explain mode for the strategies built on partition_allocate (PALD, ANCA): the request, then
// one step per piece taken (numbered, with the sub-requests that found no place before it),
// then the decision. `fit_name` names the search ("First Fit").
template <class Fit, class Split>
Explanation explain_partition(const Request& req, const Occupancy& occ, int max_blocks, Fit&& fit, Split&& split,
                              const char* fit_name) {
  Explanation e;
  e.steps.push_back(explain_request_step(req, occ));
  std::vector<Block> pieces;
  std::string misses;  // sub-requests without a place since the last piece
  int nmiss = 0;
  constexpr int kStepsMax = 40;  // pieces beyond this share the last step
  auto shape_str = [](Shape s) { return std::to_string(s.w) + "x" + std::to_string(s.h); };
  e.decision = partition_allocate_traced(occ, req.shape, max_blocks, fit, split,
                                         [&](Shape s, PartitionEvent ev, const std::optional<Block>& b) {
    if (ev == PartitionEvent::NoPlace || ev == PartitionEvent::Skipped) {
      if (nmiss < 6) misses += (misses.empty() ? "" : ", ") + shape_str(s) + (ev == PartitionEvent::Skipped ? " (known to fail)" : "");
      else if (nmiss == 6) misses += ", ...";
      ++nmiss;
      return;
    }
    ExplainStep st;
    if (ev == PartitionEvent::TooFew) {
      st.title = "Too few free";
      st.caption = "Only " + std::to_string(occ.free_count()) + " processors are free, fewer than " + std::to_string(s.area()) + ": the job waits.";
    } else if (ev == PartitionEvent::Capped) {
      st.title = "Block cap";
      st.caption = "Taking " + shape_str(s) + " would exceed max_blocks = " + std::to_string(max_blocks) + ": the whole allocation fails.";
      st.layer(ExplainRole::Piece).blocks = pieces;
    } else {  // Placed
      pieces.push_back(*b);
      const int k = int(pieces.size());
      if (k > kStepsMax) {  // merged into the last step
        ExplainStep& last = e.steps.back();
        last.layer(ExplainRole::Piece).blocks.push_back(*b);
        last.labels.push_back(ExplainLabel{b->x, b->y, k});
        last.title = "Blocks #" + std::to_string(kStepsMax) + ".." + std::to_string(k);
        last.caption = "Blocks #" + std::to_string(kStepsMax) + " to #" + std::to_string(k) + " as the splitting goes on (smaller and smaller pieces).";
        misses.clear(), nmiss = 0;
        return;
      }
      st.title = "Block #" + std::to_string(k);
      st.labels_mean = "block number, in allocation order";
      st.layer(ExplainRole::Piece).blocks.assign(pieces.begin(), pieces.end() - 1);
      st.layer(ExplainRole::Focus).blocks = {*b};
      for (int i = 0; i < k; ++i) st.labels.push_back(ExplainLabel{pieces[std::size_t(i)].x, pieces[std::size_t(i)].y, i + 1});
      st.caption = (misses.empty() ? "" : "No free place for " + misses + " (each split at its longest side); ") + fit_name + " places " +
                   shape_str(s) + " at (" + std::to_string(b->x) + ", " + std::to_string(b->y) + "): block #" + std::to_string(k) + ".";
    }
    misses.clear(), nmiss = 0;
    e.steps.push_back(std::move(st));
  });
  e.steps.push_back(explain_decision_step(e.decision, req));
  return e;
}
}  // namespace alloclab
