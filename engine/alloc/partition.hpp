// partition.hpp — the recursive-partitioning driver of the non-contiguous strategies that
// split a request until its pieces fit (PALD, pald.cpp; ANCA, anca.cpp), and its Explain view.
//
// partition_allocate() tries the piece with a fit function; if no place exists, it splits it
// into two smaller pieces and places those (first piece completely, then the second). The
// pieces already chosen are marked busy in ONE scratch copy of the occupancy's free bits made
// per decision (Occupancy::free_bits_copy; the strategy's input is never mutated), so later
// searches see them as busy. A failed search for a shape s also proves that every shape
// containing s (componentwise ≥) fails on the scratch for the rest of the decision (the
// scratch only gets busier), so such searches are skipped — the result is the same, only faster.
// Shapes may have a depth (3D strategies: boxes; "containing" is then componentwise in w, h, d).
#pragma once
#include <optional>
#include <string>
#include <utility>
#include <vector>
#include "strategy.hpp"

namespace alloclab {

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
// (the traced variant; partition_allocate observes nothing). `fit` is called first on occ, then
// on the scratch, which is occ with every block an earlier call returned taken (a block found
// but not taken ends the decision): FirstFitMemo's `follows`.
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
  Occupancy scratch = Occupancy::free_bits_copy(occ);
  Allocation out;
  std::vector<Shape> failed{shape};  // minimal shapes known to have no place on the scratch
  auto dominated = [&](Shape s) {
    for (const Shape& f : failed)
      if (s.w >= f.w && s.h >= f.h && s.d >= f.d) return true;
    return false;
  };
  auto note_failure = [&](Shape s) {
    std::erase_if(failed, [&](const Shape& f) { return f.w >= s.w && f.h >= s.h && f.d >= s.d; });
    failed.push_back(s);
  };
  auto rec = [&](auto&& self, Shape s) -> bool {
    if (!dominated(s)) {
      if (auto b = fit(std::as_const(scratch), s)) {
        if (max_blocks > 0 && int(out.blocks.size()) >= max_blocks) {
          observe(s, PartitionEvent::Capped, b);
          return false;
        }
        scratch.take(*b);
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
  auto shape_str = [](Shape s) {
    std::string o = std::to_string(s.w) + "x" + std::to_string(s.h);
    if (s.d > 1) o.append("x").append(std::to_string(s.d));
    return o;
  };
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
  e.steps.push_back(explain_decision_step(e.decision, req, occ.depth()));
  return e;
}
}  // namespace alloclab
