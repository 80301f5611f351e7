// nas.cpp — Neighbor Allocation Strategy (Al Shdefat, MSc thesis, Al al-Bayt University 2019;
// Al Shdefat 2019 Ch. 3, Fig. 3-11 allocation, Fig. 3-12 de-allocation).
//
// For a request S(a, b) (a = columns, b = rows; n = a·b):
//  1. fail if fewer than n nodes are free (Step 2);
//  2. ASFF (Step 3): a contiguous submesh of any shape with n nodes, first fit;
//  3. otherwise build a "nucleus" submesh from (a, b) and k (Steps 4–5), place it with First
//     Fit, and grow the remaining n − c·d nodes as free neighbours of what the job already
//     holds (Step 6); on failure release everything chosen (APA) and try the next k;
//  4. if every k fails, or the request has a side of 1 (Step 4's last branch), use a 1×1
//     nucleus (Step 4.1) and grow from it; if that fails too, the allocation fails.
// What NAS guarantees:
//  * every node allocated is connected to the nucleus through nodes of the same job, so a NAS
//    allocation is always one connected set (the thesis's "always allocates the job request
//    contiguously");
//  * with no block cap (max_blocks = 0, or max_blocks >= n), NAS fails only when no connected set
//    of n free nodes exists, i.e. when every connected component of free nodes (4-neighbour,
//    wrapping on a torus) has fewer than n nodes: the 1×1 fallback tries a nucleus in every
//    component (tests/test_nas.cpp checks this against a flood fill). It does not promise a
//    rectangle, nor the most compact connected set.
//
// The thesis's prose, pseudo-code and worked examples disagree; the reading followed, and why:
//  * Folding: the longer side L = max(a, b) is folded, S = min(a, b) (the pseudo-code's
//    "a ≥ b … / b > a … respectively" branches; square requests use the first branch only —
//    Step 1's Rotation_flag). A nucleus needs S ≥ 2 (Step 4).
//  * L even: nucleus c×d = (L/2)×(S+k), k = 1, 2, … while k ≤ S (prose "1 ≤ k ≤ b", pseudo
//    Max_k = b). The pseudo-code starts at k = −1 for even a > b; the 4×3 example (first
//    nucleus 2×4 = k 1, 4 nodes left) and the 6×3 example's count (6 nodes left after the
//    nucleus ⇒ 3×4 = k 1; its label "3×2" is read as a typo) follow the prose.
//  * L odd: nucleus (⌈L/2⌉+k)×(S+⌊L/2⌋−k). k starts at −1 when S−1−⌈L/2⌉ = −1 (the
//    pseudo-code's test with ceil; the 3×5 example's first nucleus 2×6 is k = −1, the prose's
//    floor would give no k at all), otherwise at 1; it goes on while the nucleus has d ≥ 1.
//    The 5×2 example tries 4×3, 5×2, 6×1 (k = 1, 2, 3), beyond both the prose's and the
//    pseudo-code's Max_k, so the examples' rule "until the nucleus degenerates" is used.
//  * k sequence (Step 5.2): +1 while k < 4, then +⌊S/4⌋ (the pseudo-code's b is the folded
//    request's shorter side); at least +1 so that the loop always ends (⌊S/4⌋ = 0 for S < 4).
//  * A nucleus with more than n nodes (e.g. 4×3 for 5×2) can never succeed: Step 6 starts
//    with X = n − c·d < 0 and only X = 0 is success; such nuclei are skipped.
//  * Orientation: each nucleus is searched with First Fit as c columns × d rows, then rotated
//    (d × c); the prose tries "the NAS sub-meshes constructed from S(a, b) and its rotation".
//    If the growth fails from a placed nucleus, its rotation is tried before the next k.
//  * Growth (Step 6 "search the mesh for free neighbour processors … by scanning the mesh"):
//    breadth-first layers from the nucleus — layer i+1 is every free node adjacent to layer
//    i — each layer taken in scan order (rows from y = 0, x ascending) until n nodes are held.
//    (Nodes adjacent to any held node are taken before nodes two hops away, keeping the job
//    compact.) On a torus adjacency wraps.
//  * 1×1 fallback (Step 4.1): Free_allocation_flag lets the pseudo-code enter it once, but
//    inside it Step 5.1 searches the mesh for the 1×1 nucleus and a growth that fails goes back
//    to the search (Step 6 "Free APA … Go to 5.2") rather than to failure, and Step 6 scans
//    "the system at least once". We read it as: every free node in scan order is a candidate
//    1×1 nucleus, and NAS fails only after each has been tried. Growth from a node reaches its
//    whole connected free component, so a component whose growth failed is skipped (its other
//    nodes would fail the same way): the first free node, in scan order, of the first component
//    with at least n nodes is the nucleus. The pseudo-code requires MeshSize > a·b for the
//    fallback; ≥ is used (the strict test would only refuse jobs needing exactly all free nodes).
//  * Blocks: the nucleus is one block, every grown node a 1×1 block. With max_blocks > 0 a
//    nucleus needing more than max_blocks − 1 grown nodes is skipped; an allocation never
//    exceeds the cap (the 1×1 fallback is then only possible for n ≤ max_blocks).
//  * De-allocation (Fig. 3-12) needs no state here: the occupancy is the APA.
//
// ASFF (All Shapes First Fit) is being written as its own strategy on another branch; the
// small all-shapes first-fit loop NAS needs is implemented privately below (nas_asff), marked.
//
// Counted work: one operation = one 64-bit bitmap word processed by a First Fit search (the
// all-shapes step and each nucleus, as ff.cpp counts), one neighbour examined while growing
// (4 per node of a growth layer), or one node scanned by the 1x1 fallback. No release work.
// On a mesh the searches known to fail are not run but counted as find_ff counts them
// (tallest.hpp) and the others run through a FirstFitMemo (fit.hpp), which keeps work between
// the searches of a decision: same decisions, same counts, a fraction of the time at high occupancy.
#include <algorithm>
#include <vector>
#include "fit.hpp"
#include "tallest.hpp"

namespace alloclab {

// The nucleus shapes (c, d) NAS tries for a×b, in order, before the area and orientation
// filters (exposed for tests). Empty when min(a, b) < 2.
std::vector<Shape> nas_nuclei(int a, int b) {
  std::vector<Shape> out;
  const int L = std::max(a, b), S = std::min(a, b);
  if (S < 2) return out;
  const int step_big = std::max(1, S / 4);
  auto next = [&](int k) { return k < 4 ? k + 1 : k + step_big; };
  if (L % 2 == 0) {
    for (int k = 1; k <= S; k = next(k)) out.push_back(Shape{L / 2, S + k});
  } else {
    const int up = (L + 1) / 2, down = L / 2;
    for (int k = (S - 1 - up == -1) ? -1 : 1; S + down - k >= 1; k = next(k))
      if (up + k >= 1) out.push_back(Shape{up + k, S + down - k});
  }
  return out;
}

namespace {

// ---- private all-shapes first fit (ASFF stand-in; see the header) ----------------------
// Shapes w×h with w·h = n that fit the machine: the requested shape, its rotation, then the
// other factor pairs from the most square to the most elongated, each as w×h then h×w. The
// first shape with a free place (First Fit) wins.
template <class Fit>
std::optional<Block> nas_asff(const Occupancy& occ, Shape req, Fit&& fit, std::vector<Shape>* tried = nullptr) {
  const int n = req.area(), W = occ.width(), H = occ.height();
  std::vector<Shape> shapes{req};
  if (req.w != req.h) shapes.push_back(req.rotated());
  std::vector<Shape> others;
  for (int w = 1; w * w <= n; ++w)
    if (n % w == 0) others.push_back(Shape{w, n / w});
  std::reverse(others.begin(), others.end());  // most square first
  for (Shape s : others)
    for (Shape t : {s, s.rotated()})
      if (std::find(shapes.begin(), shapes.end(), t) == shapes.end()) shapes.push_back(t);
  for (Shape s : shapes)
    if (s.w <= W && s.h <= H) {
      if (tried) tried->push_back(s);
      if (auto b = fit(s)) return b;
    }
  return std::nullopt;
}
// ---- end of private ASFF ----------------------------------------------------------------

class Neighbor final : public StrategyBase<Neighbor> {
 public:
  explicit Neighbor(const StrategyParams& p) : max_blocks_(p.max_blocks) {}

  std::optional<Allocation> allocate(const Request& req, const Occupancy& occ, Rng&) override {
    return decide(req, occ, nullptr);
  }
  bool repeats_failures() const override { return true; }  // its only state is scratch

  // Explain mode: Step 2's count, the ASFF shapes, every nucleus tried (where First Fit put it
  // and whether growth reached n nodes), then the nucleus and grown nodes numbered. The same
  // decide() as allocate, on a copy (its growth scratch is the only state).
  Explanation explain(const Request& req, const Occupancy& occ, const Rng&) const override {
    Neighbor copy = *this;
    Trace tr;
    Explanation e;
    e.steps.push_back(explain_request_step(req, occ));
    e.decision = copy.decide(req, occ, &tr);
    const int n = req.shape.area();
    auto sh = [](Shape s) { return std::to_string(s.w) + "x" + std::to_string(s.h); };
    ExplainStep st;
    st.title = "Step 2-3: ASFF";
    if (occ.free_count() < n) {
      st.title = "Step 2: too few free";
      st.caption = "Only " + std::to_string(occ.free_count()) + " processors are free, fewer than " + std::to_string(n) + ": NAS fails.";
      e.steps.push_back(std::move(st));
    } else {
      std::string list;
      for (std::size_t i = 0; i < tr.asff.size(); ++i) list += (i ? ", " : "") + sh(tr.asff[i]);
      if (tr.asff_hit) {
        st.layer(ExplainRole::Chosen).blocks = {*tr.asff_hit};
        st.caption = "All-shapes First Fit over the shapes with " + std::to_string(n) + " nodes (" + list + "): " +
                     sh(tr.asff.back()) + " fits at (" + std::to_string(tr.asff_hit->x) + ", " + std::to_string(tr.asff_hit->y) + ").";
      } else {
        st.caption = "All-shapes First Fit: none of " + list + " has a free place, so NAS builds a nucleus and grows it.";
      }
      e.steps.push_back(std::move(st));
    }
    // At most kShown of the fallback's tries get a step each; the rest are summed up in one.
    constexpr std::size_t kShown = 6;
    for (std::size_t i = 0; i < tr.tries.size(); ++i) {
      const Try& t = tr.tries[i];
      ExplainStep s;
      const bool single = tr.single_from >= 0 && i >= std::size_t(tr.single_from);
      if (single && i >= std::size_t(tr.single_from) + kShown && i + 1 < tr.tries.size()) {
        const std::size_t skipped = tr.tries.size() - 1 - i;
        s.title = "Step 4.1: more components";
        s.caption = explain_count(int(skipped), "more 1x1 nucleus", "more 1x1 nuclei") +
                    " tried, one per connected free component, each too small for " + std::to_string(n) + " nodes.";
        e.steps.push_back(std::move(s));
        i = tr.tries.size() - 2;  // continue with the last try
        continue;
      }
      s.title = single ? "Step 4.1: 1x1 nucleus" : "Nucleus " + sh(t.nucleus);
      const std::string what = single ? "The 1x1 nucleus" : "Nucleus " + sh(t.nucleus);
      if (!t.at) {
        s.caption = what + ": First Fit finds no free place.";
      } else if (!t.grown) {
        s.layer(ExplainRole::Failed).blocks = {*t.at};
        s.caption = what + " at (" + std::to_string(t.at->x) + ", " + std::to_string(t.at->y) + "): only " +
                    explain_count(t.reached, "free neighbour", "free neighbours") + " reachable, " + std::to_string(n - t.at->area()) +
                    " needed; released" + (single ? " (its whole connected free component is skipped)." : ".");
      } else {
        s.layer(ExplainRole::Focus).blocks = {*t.at};
        s.caption = what + " at (" + std::to_string(t.at->x) + ", " + std::to_string(t.at->y) + "), then " +
                    explain_count(n - t.at->area(), "free neighbour", "free neighbours") + " breadth-first, each layer in scan order.";
      }
      e.steps.push_back(std::move(s));
    }
    ExplainStep d = explain_decision_step(e.decision, req);
    if (e.decision && e.decision->blocks.size() > 1) {  // nucleus #1, grown nodes in growth order
      d.layer(ExplainRole::Piece).blocks = e.decision->blocks;
      d.layers.erase(d.layers.begin());  // the Chosen layer: the pieces say it with numbers
      d.layer(ExplainRole::Chosen).blocks = {e.decision->blocks.front()};
    }
    e.steps.push_back(std::move(d));
    return e;
  }

 private:
  struct Try {
    Shape nucleus;             // as searched (rotation included)
    std::optional<Block> at;   // First Fit's place, if any
    bool grown = false;        // growth reached n nodes
    int reached = 0;           // free neighbours grown before giving up
  };
  struct Trace {
    std::vector<Shape> asff;   // ASFF shapes searched, in order
    std::optional<Block> asff_hit;
    std::vector<Try> tries;    // nuclei, then possibly the 1x1 fallback's tries
    int single_from = -1;      // index of the first of Step 4.1's 1x1 tries (-1: none)
  };

  std::optional<Allocation> decide(const Request& req, const Occupancy& occ, Trace* tr) {
    const int n = req.shape.area();
    if (occ.free_count() < n) return std::nullopt;                   // Step 2
    // First Fit on this occupancy; on a mesh, after the first search that fails, failing
    // searches are recognised and counted from the tallest free windows (Tallest); the others
    // search through the memo on machines over 64 wide (same block and count as find_ff).
    const bool mesh = !occ.topology().wraps();
    bool known = false;
    auto fit = [&](Shape s) -> std::optional<Block> {
      if (known && s.w <= occ.width() && s.h <= occ.height())
        if (const auto fails = tallest_.failed_ff(s.w, s.h)) {
          count(*fails);
          return std::nullopt;
        }
      auto b = occ.width() > 64 ? ff_memo_.find(occ, s, ops_) : find_ff(occ, s, ops_);  // (one-word rows: the query is cheap)
      if (!b && mesh && !known) {
        tallest_.build(occ);
        known = true;
      }
      return b;
    };
    if (auto b = nas_asff(occ, req.shape, fit, tr ? &tr->asff : nullptr)) {  // Step 3
      if (tr) tr->asff_hit = b;
      return Allocation{{*b}};
    }
    if (held_.size() != std::size_t(occ.topology().nodes())) held_.assign(std::size_t(occ.topology().nodes()), 0);
    auto attempt = [&](Shape nu) -> std::optional<Allocation> {
      const auto b = fit(nu);
      int reached = 0;
      std::optional<Allocation> a;
      if (b) a = grow(occ, *b, n, &reached);
      if (tr) tr->tries.push_back(Try{nu, b, a.has_value(), reached});
      return a;
    };
    for (Shape nu : nas_nuclei(req.shape.w, req.shape.h)) {          // Steps 4–5
      if (nu.area() > n) continue;
      if (max_blocks_ > 0 && n - nu.area() > max_blocks_ - 1) continue;
      for (int r = 0; r < (nu.w == nu.h ? 1 : 2); ++r)
        if (auto a = attempt(r ? nu.rotated() : nu)) return a;       // Step 6
    }
    if (max_blocks_ > 0 && n > max_blocks_) return std::nullopt;
    if (tr) tr->single_from = int(tr->tries.size());
    touched_.clear();
    // Step 4.1: a 1x1 nucleus at each free node in scan order, one per connected component.
    const Topology& t = occ.topology();
    for (int id = 0; id < t.nodes(); ++id) {
      count(1);
      if (occ.owner(id) != kNoJob || held_[std::size_t(id)]) continue;
      const Coord c = t.coord(id);
      const Block nb{c.x, c.y, 1, 1};
      int reached = 0;
      auto a = grow(occ, nb, n, &reached, /*keep_marks=*/true);
      if (tr) tr->tries.push_back(Try{Shape{1, 1}, nb, a.has_value(), reached});
      if (a) {
        for (int k : touched_) held_[std::size_t(k)] = 0;
        return a;
      }
    }
    for (int k : touched_) held_[std::size_t(k)] = 0;
    return std::nullopt;
  }

  // Nucleus `nb` plus n − |nb| free nodes grown breadth-first from it; nullopt (and nothing
  // kept) when the reachable free nodes are too few. keep_marks: the nodes reached stay marked
  // in held_ (and listed in touched_), so that the 1×1 fallback skips a component it has tried;
  // the caller clears them.
  std::optional<Allocation> grow(const Occupancy& occ, const Block& nb, int n, int* reached, bool keep_marks = false) {
    const Topology& t = occ.topology();
    std::vector<int> layer, next;
    std::vector<int>& touched = touched_;
    if (!keep_marks) touched.clear();
    t.for_each_node(nb, [&](int x, int y) {
      const int id = t.id(x, y);
      held_[std::size_t(id)] = 1;
      touched.push_back(id);
      layer.push_back(id);
    });
    Allocation a{{nb}};
    int left = n - nb.area();
    while (left > 0 && !layer.empty()) {
      next.clear();
      count(4 * Ops(layer.size()));
      for (int id : layer)
        for (int nb_id : t.neighbours(id))
          if (nb_id >= 0 && !held_[std::size_t(nb_id)] && occ.owner(nb_id) == kNoJob) {
            held_[std::size_t(nb_id)] = 1;  // mark now so it is listed once
            touched.push_back(nb_id);
            next.push_back(nb_id);
          }
      std::sort(next.begin(), next.end());  // scan order: rows from y = 0, x ascending
      const std::size_t take = std::min(next.size(), std::size_t(left));
      for (std::size_t i = 0; i < take; ++i) {
        const Coord c = t.coord(next[i]);
        a.blocks.push_back(Block{c.x, c.y, 1, 1});
      }
      left -= int(take);
      layer.swap(next);
    }
    if (!keep_marks)
      for (int id : touched) held_[std::size_t(id)] = 0;  // scratch overlay back to clean
    *reached = n - nb.area() - left;
    if (left > 0) return std::nullopt;
    return a;
  }

  int max_blocks_;
  std::vector<char> held_;  // scratch: nodes held (or queued) during one growth; all 0 between decisions
  Tallest tallest_;         // scratch: tallest free windows of the occupancy being decided on
  FirstFitMemo ff_memo_;    // First Fit with the windows kept between searches
  std::vector<int> touched_;  // scratch: the nodes marked in held_
};

}  // namespace

std::unique_ptr<Strategy> make_nas(const Topology&, const StrategyParams& p) { return std::make_unique<Neighbor>(p); }

}  // namespace alloclab
