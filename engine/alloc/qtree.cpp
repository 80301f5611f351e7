// qtree.cpp — best-fit Quad-Tree sub-system allocation (Srisawat & Alexandridis, "A New
// Quad-Tree-Based Sub-System Allocation Technique for Mesh-connected Parallel Machines"),
// Srisawat & Alexandridis 1999 §3 (Definitions 1–6, the best-fit criteria of §3.4, the algorithm of §3.5).
//
// The Q-tree partitions the machine: each leaf is free or busy (one job), each internal node is
// partially available and has up to four buddies TL, BL, TR, BR cut at one partition point
// (4-buddy partitioning, Definition 1; buddies of size zero are omitted, so a node may have two
// or three children). Allocation (DFS TL, BL, TR, BR):
//  candidates = every free leaf, plus the combined sub-systems of every internal node
//  (Definition 2): Case 1 — two adjacent free buddies; Case 2 — a free buddy expanded by the
//  sub-buddies of its neighbouring buddy that face it (row or column expansion); Case 3 — the
//  facing sub-buddies of two adjacent internal buddies. A combination counts when all its parts
//  are free leaves and their union is a rectangle. A node's combinations follow its subtree in
//  the candidate order.
//  S1 = the largest candidate (maximum free sub-system, first on ties). Among candidates that
//  hold the task in some rotation, the best is by, in priority order (§3.4):
//   1. overlap status against S1 (Def. 3): disjoint, then intersect, then subset;
//   2. task rotation (Def. 4): each candidate uses its rotation with minimum diffSF (number of
//      sides of the task that differ from the candidate's), then maximum maxFS (the larger of
//      the two free rectangles left beside the task, max((a−r)·b, a·(b−c))); smaller diffSF,
//      then larger maxFS wins;
//   3. smaller area, then smaller combining factor CF (Def. 5); then the first in DFS order.
//  Step 4 / Definition 6: if the best candidate is larger than the task, the task goes to the
//  corner (TL, BL, TR, BR order, for each rotation tied in 2.) with the minimum MCF.
// Choices where the paper is unclear:
//  * CF / MCF (Defs. 5, 6): per side of the sub-system, PC = 0 on the machine boundary, else by
//    the nodes just outside that side: all busy 1/4, all free 1, mixed ("partially available")
//    1/2. The Fig. 3 values (MCF(S1) = 2¼, MCF(S2) = 2) come out exactly this way; the paper's
//    restriction to neighbours under the same root (levels k−1, k−2) is not applied.
//  * Size expanding (§3.3 note: "the old size and the old base-address of the expanded node are
//    stored since they will be resumed later after this node is free"; §3.5 allocation
//    pseudo-code "Sub-system Combining ... and Size-Expanding", deallocation pseudo-code
//    "UnexpandFreeCombineNode", "UnexpandEachof4Buddy"): when the task goes to a combined
//    sub-system, the largest of its free parts (the first on ties; the paper's example stores
//    the 6x6 in its 4x6 BR buddy) becomes the expanded node: it keeps its old size and base
//    (`home`), takes the combined rectangle, and the other parts are absorbed into it (status
//    absorbed: neither free nor a candidate). The expanded node is then 4-buddy partitioned as
//    a unit, so the pieces left beside the task stay buddies of one node and combine again.
//    When its subtree is free again it is recombined into one free leaf, resumes its old size
//    and base, and the absorbed parts become free leaves again (then their parents recombine as
//    usual). This is the default reading (`qtree`): the paper's worked example stores the
//    combined 6x6 in one node. The other reading (`qtree-leaf`, size expanding per leaf): no
//    node takes over the combined rectangle; the task is carved out of each free leaf of the
//    combined sub-system it covers, each leaf partitioned on its own, so the pieces left
//    beside the task lie in different subtrees and combine again only where Definition 2
//    reaches them. The decision (candidate, corner) is the same in both readings; the tree
//    left behind differs. The paper also expands the maximum free sub-system after each allocation and
//    deallocation "for subsequent tasks"; here combined sub-systems are recognised anew at each
//    allocation and expanded only when a task is placed in one, which offers the same
//    candidates without storing expanded free nodes.
//  * Busy rectangles reported through allocated() that did not come from decide() (e.g. from
//    `place`): a rectangle inside one free leaf is carved out of it; else the smallest
//    candidate containing it (first in DFS order) is size-expanded and carved; else (it spans
//    busy or unrelated regions) it is carved out of each free leaf it covers (the leaf is
//    partitioned at the rectangle's corner point, twice if the rectangle touches no side of the
//    leaf in some dimension), so such a job may own several busy leaves.
//  * Deallocation: the job's leaves become free; walking towards the root, every node whose
//    children are all free leaves is recombined into one free leaf (Fig. 4), resuming its old
//    size if it was expanded.
//  * The wait-queue threshold against starvation (§3.5) belongs to the scheduler: not here.
// Coordinates: the paper's P(i, j) is row i from the top, column j from the left, both 1-based,
// on an R×C system (R rows). Here x = j − 1 and y = R − i; a paper sub-system ⟨(i,j),(i',j')⟩
// is Block{x = j − 1, y = R − i', w = j' − j + 1, h = i' − i + 1}; a paper task r×c (rows ×
// columns) is Shape{w = c, h = r}. The paper's "top" is our high y.
// Any R×C mesh (the paper allows any size, not only powers of two); no torus.
// Explain mode: the best candidate (the node that will be size-expanded when it is a combined
// sub-system) and its corner blocks with their MCF (Step 4); decide() on a copy.
// Implementation: the candidate list and S1 depend on the tree only, so they are built once per
// tree state (allocated() / released() invalidate them) and reused by every request until the
// tree changes; CF strips are read from the occupancy's free bits.
//
// Counted work: one operation = one tree node visited or read (collecting the candidates —
// rebuilt only after the tree changed —: each node visited, each child of a partial node read
// once for its status and rectangle, each node read by `facing` (the neighbour and its
// children) and each part read by `try_union`; carving, partitioning: 4 per split; size
// expanding: the parts of the combined candidate read for the host, then each written; a
// release: each of the job's leaves written free, each node looked at while recombining, the
// children read to decide a merge, each absorbed part freed), one candidate examined (S1's scan over the list, the
// best-fit criteria), or one word or node of a strip read for a combining factor (a row strip
// by 64-bit words, a column strip node by node up to the first change between free and busy,
// nothing for a side on the machine edge). The paper's O(N_a) is the candidate scan.
//
// Sections, in order:
//   tree node           Node (status, children, job, size-expansion fields)
//   the strategy        allocate, explain, decide (best-fit criteria over the candidates),
//                       allocated / released (carving and recombining), consistency checks
//   candidates (DFS)    candidates, collect, facing, try_union, combine (combined sub-systems)
//   combining factor    cf (the CF strips read from the occupancy)
//   tree updates        new_node, kill, settle, place, split, carve, check_node
//   test hooks          qtree_consistent, qtree_nodes; factories make_qtree, make_qtree_leaf
#include <algorithm>
#include <map>
#include <string>
#include <tuple>
#include "../core/check.hpp"
#include "strategy.hpp"

namespace alloclab {
namespace {

enum : int { kFree = 0, kBusy = 1, kPartial = 2, kAbsorbed = 3 };
enum : int { TL = 0, BL = 1, TR = 2, BR = 3 };  // the paper's DFS order

struct Node {
  Block r;
  int status = kFree;
  int parent = -1;
  int ch[4] = {-1, -1, -1, -1};
  JobId job = kNoJob;
  bool alive = true;
  bool expanded = false;      // size-expanded: r is the combined sub-system, home its old size/base
  Block home{};
  std::vector<int> absorbed{};  // expanded: the free parts it took over
  int host = -1;              // absorbed: the expanded node that took it over
};

class QuadTree final : public StrategyBase<QuadTree> {
 public:
  // expand_node: size expanding into one expanded node (`qtree`), else per leaf (`qtree-leaf`).
  QuadTree(const Topology& t, bool expand_node) : W_(t.width()), H_(t.height()), expand_node_(expand_node) {
    nodes_.push_back(Node{Block{0, 0, W_, H_}});
  }

  std::optional<Allocation> allocate(const Request& req, const Occupancy& occ, Rng&) override {
    return decide(req, occ, nullptr);
  }

  // Explain mode: the partition tree's leaves (free / busy), the candidate sub-systems (free
  // leaves and combined buddies) with S1, the best fit by §3.4's criteria, the corners of the
  // size-expanded sub-system with their MCF, then the decision: decide() on a copy.
  Explanation explain(const Request& req, const Occupancy& occ, const Rng&) const override {
    QuadTree copy = *this;
    Trace tr;
    Explanation e;
    e.steps.push_back(explain_request_step(req, occ));
    e.decision = copy.decide(req, occ, &tr);
    auto blk = [](const Block& b) {
      return std::to_string(b.w) + "x" + std::to_string(b.h) + " at (" + std::to_string(b.x) + ", " + std::to_string(b.y) + ")";
    };
    {
      ExplainStep st;
      st.title = "Partition tree";
      int nf = 0, nb = 0;
      auto& fr = st.layer(ExplainRole::PartitionFree).blocks;
      auto& bu = st.layer(ExplainRole::PartitionBusy).blocks;
      for (const Node& n : nodes_)
        if (n.alive && n.status != kPartial) (n.status == kFree ? (++nf, fr) : (++nb, bu)).push_back(n.r);
      st.caption = "The Q-tree's " + explain_count(nf + nb, "leaf", "leaves") + " (4-buddy partitioning): " + std::to_string(nf) + " free, " +
                   std::to_string(nb) + " busy.";
      e.steps.push_back(std::move(st));
    }
    if (!tr.searched) {
      ExplainStep st;
      st.title = "Too large";
      st.caption = "The task fits the machine in neither orientation.";
      e.steps.push_back(std::move(st));
    } else {
      ExplainStep st;
      st.title = "Candidates";
      st.layer(ExplainRole::Candidate).blocks = copy.cands_;
      if (!copy.cands_.empty()) st.layer(ExplainRole::Focus).blocks = {copy.cands_[std::size_t(copy.s1_)]};
      st.caption = explain_count(int(copy.cands_.size()), "candidate sub-system", "candidate sub-systems") +
                   " (free leaves, and buddies combined into rectangles)" +
                   (copy.cands_.empty() ? "." : "; S1, the largest, is " + blk(copy.cands_[std::size_t(copy.s1_)]) + ".");
      e.steps.push_back(std::move(st));
    }
    if (tr.best >= 0) {
      const Block& c = copy.cands_[std::size_t(tr.best)];
      ExplainStep st;
      st.title = "Best fit";
      st.layer(ExplainRole::Candidate).blocks = {copy.cands_[std::size_t(copy.s1_)]};
      st.layer(ExplainRole::Focus).blocks = {c};
      static const char* kOverlap[] = {"disjoint from", "intersecting", "inside"};
      st.caption = "Best candidate " + blk(c) + ": " + kOverlap[tr.key[0]] + " S1, " + std::to_string(tr.key[1]) +
                   " side(s) differing from the task, largest free rest " + std::to_string(-tr.key[2]) + ", area " +
                   std::to_string(tr.key[3]) + " (" + explain_count(tr.fitting, "candidate holds", "candidates hold") + " the task).";
      e.steps.push_back(std::move(st));
      ExplainStep cs;
      cs.title = "Size expanding";
      cs.labels_mean = "how open the corner block's sides are, in quarters (per side: edge 0, busy 1, mixed 2, free 4); the lowest wins";
      cs.layer(ExplainRole::Focus).blocks = {c};
      auto& cl = cs.layer(ExplainRole::Candidate).blocks;
      bool exact = true;
      for (const auto& corner : tr.corners) {
        exact = exact && corner.first == c;
        if (std::find(cl.begin(), cl.end(), corner.first) != cl.end()) continue;  // a corner seen in the other rotation
        cl.push_back(corner.first);
        const bool labelled = std::any_of(cs.labels.begin(), cs.labels.end(), [&](const ExplainLabel& l) {
          return l.x == corner.first.x && l.y == corner.first.y;
        });
        if (!labelled) cs.labels.push_back(ExplainLabel{corner.first.x, corner.first.y, corner.second});
      }
      cs.caption = exact
                       ? "The task fills the candidate exactly."
                       : std::string(copy.parts_[std::size_t(tr.best)].n > 1 ? "The combined candidate becomes one size-expanded node (its largest part keeps its old size and base). " : "") +
                         "The candidate is larger than the task: it goes to the corner (top-left, bottom-left, top-right, "
                         "bottom-right) whose sides touch the most busy nodes and edges (the numbers: the lowest wins).";
      e.steps.push_back(std::move(cs));
    } else if (tr.searched) {
      ExplainStep st;
      st.title = "No fit";
      st.layer(ExplainRole::Candidate).blocks = copy.cands_;
      st.caption = "No candidate holds the task in either rotation.";
      e.steps.push_back(std::move(st));
    }
    e.steps.push_back(explain_decision_step(e.decision, req));
    return e;
  }

 private:
  struct Trace {
    bool searched = false;  // the task fits the machine in some rotation
    int best = -1;          // index of the best candidate in cands_
    int key[4] = {0, 0, 0, 0};  // its overlap status, diffSF, -maxFS, area
    int fitting = 0;        // candidates that hold the task
    std::vector<std::pair<Block, int>> corners;  // corner blocks tried and their MCF (quarters)
  };

  std::optional<Allocation> decide(const Request& req, const Occupancy& occ, Trace* tr) {
    const Shape task = req.shape;
    if ((task.w > W_ || task.h > H_) && (task.h > W_ || task.w > H_)) return std::nullopt;
    // The candidates and S1 depend only on the tree: kept until allocated()/released() change it.
    candidates();
    if (tr) tr->searched = true;
    if (cands_.empty()) return std::nullopt;
    const Block* s1 = &cands_[s1_];

    struct Key {
      int overlap, diff, negfs, area;
    };
    auto less = [](const Key& a, const Key& b) {
      return std::tie(a.overlap, a.diff, a.negfs, a.area) < std::tie(b.overlap, b.diff, b.negfs, b.area);
    };
    auto same = [](const Key& a, const Key& b) {
      return std::tie(a.overlap, a.diff, a.negfs, a.area) == std::tie(b.overlap, b.diff, b.negfs, b.area);
    };
    int best = -1, best_cf = 0;
    Key bk{};
    Shape best_rot[2];
    int best_nrot = 0;
    count(Ops(cands_.size()));
    for (int i = 0; i < int(cands_.size()); ++i) {
      const Block& c = cands_[i];
      Shape rots[2];
      int nrot = 0, diff = 3, fs = -1;
      for (Shape o : {task, task.rotated()}) {
        if (o.w > c.w || o.h > c.h) continue;
        if (nrot == 1 && o == rots[0]) continue;
        const int d = (o.w != c.w) + (o.h != c.h);
        const int f = std::max((c.w - o.w) * c.h, c.w * (c.h - o.h));
        if (d < diff || (d == diff && f > fs)) {
          diff = d, fs = f, nrot = 0;
          rots[nrot++] = o;
        } else if (d == diff && f == fs) {
          rots[nrot++] = o;
        }
      }
      if (nrot == 0) continue;
      if (tr) ++tr->fitting;
      const int ov = block_contains(*s1, c) ? 2 : blocks_overlap(*s1, c) ? 1 : 0;
      const Key k{ov, diff, -fs, c.area()};
      bool take = best < 0 || less(k, bk);
      if (!take && same(k, bk)) {
        if (best_cf < 0) best_cf = cf(occ, cands_[best]);
        take = cf(occ, c) < best_cf;
      }
      if (take) {
        best = i, bk = k, best_cf = -1;
        best_nrot = nrot;
        best_rot[0] = rots[0];
        best_rot[1] = rots[nrot - 1];
      }
    }
    if (best < 0) return std::nullopt;
    if (tr) {
      tr->best = best;
      tr->key[0] = bk.overlap, tr->key[1] = bk.diff, tr->key[2] = bk.negfs, tr->key[3] = bk.area;
    }
    const Block c = cands_[best];
    // Step 4 / Definition 6: the corner (buddy) with the minimum MCF.
    std::optional<Block> pick;
    int pick_cf = 0;
    for (int r = 0; r < best_nrot; ++r) {
      const Shape o = best_rot[r];
      const Block corners[4] = {{c.x, c.y + c.h - o.h, o.w, o.h},
                                {c.x, c.y, o.w, o.h},
                                {c.x + c.w - o.w, c.y + c.h - o.h, o.w, o.h},
                                {c.x + c.w - o.w, c.y, o.w, o.h}};
      for (const Block& b : corners) {
        const int m = cf(occ, b);
        if (tr) tr->corners.push_back({b, m});
        if (!pick || m < pick_cf) pick = b, pick_cf = m;
      }
    }
    last_pick_ = *pick, last_best_ = best;
    return Allocation{{*pick}};
  }

 public:
  void allocated(JobId job, const Allocation& a) override {
    for (const Block& b : a.blocks) place(b, job);
    last_best_ = -1;
  }

  void released(JobId job, const Allocation&) override {
    cands_valid_ = false;
    auto it = leaves_.find(job);
    if (it == leaves_.end()) return;
    std::vector<int> work = std::move(it->second);
    leaves_.erase(it);
    count(Ops(work.size()));  // each leaf written free
    for (int id : work) {
      nodes_[id].status = kFree;
      nodes_[id].job = kNoJob;
    }
    std::reverse(work.begin(), work.end());
    settle(std::move(work));
  }

  // Test hook: the free and busy leaves partition the machine and agree with the occupancy;
  // parents contain their children (an expanded child by its old size); absorbed leaves lie in
  // their expanded node; no internal node has only free leaves (recombination complete); no
  // free leaf is still expanded.
  bool consistent(const Occupancy& occ) const {
    std::vector<int> cover(std::size_t(W_) * H_, 0);
    bool ok = true;
    check_node(0, -1, occ, cover, ok);
    for (int v : cover) ok = ok && v == 1;
    int leaves = 0;
    for (const auto& [job, ids] : leaves_)
      for (int id : ids) ok = ok && nodes_[id].alive && nodes_[id].status == kBusy && nodes_[id].job == job, ++leaves;
    int busy = 0;
    for (const Node& n : nodes_) busy += n.alive && n.status == kBusy;
    return ok && busy == leaves;
  }
  int live_nodes() const {
    int n = 0;
    for (const Node& x : nodes_) n += x.alive;
    return n;
  }

 private:
  // ---------------------------------------------------------------- candidates (DFS)
  bool free_leaf(int id) const { return id >= 0 && nodes_[id].status == kFree; }
  // The candidates and S1 depend only on the tree: kept until the tree changes.
  void candidates() {
    if (cands_valid_) return;
    cands_.clear();
    parts_.clear();
    collect(0);
    s1_ = 0;
    count(Ops(cands_.size()));  // S1: each candidate's area read
    for (int i = 0; i < int(cands_.size()); ++i)
      if (cands_[i].area() > cands_[s1_].area()) s1_ = i;
    cands_valid_ = true;
  }
  void collect(int id) {
    count(1);
    const Node& n = nodes_[id];
    if (n.status == kFree) {
      cands_.push_back(n.r);
      parts_.push_back(Parts{1, {id}});
      return;
    }
    if (n.status != kPartial) return;
    for (int c : n.ch)
      if (c >= 0) collect(c);
    combine(id);
  }
  // Children of `y` lying along its side that faces `x` (x, y adjacent siblings), appended to
  // out[n..]; returns the new count.
  int facing(int y, const Block& x, int* out, int n) {
    count(1);  // y's rectangle and children
    const Block& yr = nodes_[y].r;
    for (int c : nodes_[y].ch) {
      if (c < 0) continue;
      count(1);
      const Block& r = nodes_[c].r;
      if ((yr.x == x.x + x.w && r.x == yr.x) || (yr.x + yr.w == x.x && r.x + r.w == yr.x + yr.w) ||
          (yr.y == x.y + x.h && r.y == yr.y) || (yr.y + yr.h == x.y && r.y + r.h == yr.y + yr.h))
        out[n++] = c;
    }
    return n;
  }
  // Union of free leaves if it is a rectangle.
  void try_union(const int* parts, int n) {
    if (n < 2) return;
    int x0 = W_, y0 = H_, x1 = 0, y1 = 0, area = 0;
    for (int i = 0; i < n; ++i) {
      count(1);
      if (!free_leaf(parts[i])) return;
      const Block& r = nodes_[parts[i]].r;
      x0 = std::min(x0, r.x), y0 = std::min(y0, r.y);
      x1 = std::max(x1, r.x + r.w), y1 = std::max(y1, r.y + r.h);
      area += r.area();
    }
    if (area != (x1 - x0) * (y1 - y0)) return;
    cands_.push_back(Block{x0, y0, x1 - x0, y1 - y0});
    Parts p{n, {}};
    std::copy(parts, parts + n, p.id);
    parts_.push_back(p);
  }
  void combine(int id) {
    int ch[4], st[4];  // the children and their status (-1: none)
    Block cr[4];       // and their rectangles
    std::copy(nodes_[id].ch, nodes_[id].ch + 4, ch);
    for (int k = 0; k < 4; ++k) {
      st[k] = -1;
      if (ch[k] < 0) continue;
      count(1);  // each child read once
      st[k] = nodes_[ch[k]].status, cr[k] = nodes_[ch[k]].r;
    }
    static constexpr int kPairs[4][2] = {{TL, BL}, {TR, BR}, {TL, TR}, {BL, BR}};
    int parts[8];
    // Case 1: two adjacent free buddies.
    for (auto [a, b] : kPairs)
      if (st[a] == kFree && st[b] == kFree) {
        parts[0] = ch[a], parts[1] = ch[b];
        try_union(parts, 2);
      }
    // Case 2: a free buddy with the facing sub-buddies of an internal neighbour (8 cases).
    for (int s : {TL, BL, TR, BR}) {
      if (st[s] != kFree) continue;
      for (auto [a, b] : kPairs) {
        const int other = a == s ? b : b == s ? a : -1;
        if (other < 0 || st[other] != kPartial) continue;
        parts[0] = ch[s];
        try_union(parts, facing(ch[other], cr[s], parts, 1));
      }
    }
    // Case 3: facing sub-buddies of two adjacent internal buddies.
    for (auto [a, b] : kPairs) {
      if (st[a] != kPartial || st[b] != kPartial) continue;
      int n = facing(ch[a], cr[b], parts, 0);
      n = facing(ch[b], cr[a], parts, n);
      try_union(parts, n);
    }
  }
  // ---------------------------------------------------------------- combining factor
  // In quarters: machine edge 0, busy 1 (1/4), partially free 2 (1/2), free 4 (1). The strips
  // just outside the sides are read from the occupancy's free bits (a row strip by popcount, a
  // column strip bit by bit, stopping once it is mixed). Counted: one per word or node read.
  int cf(const Occupancy& occ, const Block& b) {
    auto row_pc = [&](int y, bool edge) {
      if (edge) return 0;
      const std::uint64_t* r = occ.free_row(y);
      int free = 0;
      for (int x = b.x, n = b.w; n > 0;) {
        const int k = x >> 6, off = x & 63, take = std::min(n, 64 - off);
        count(1);
        std::uint64_t w = r[k] >> off;
        if (take < 64) w &= (std::uint64_t(1) << take) - 1;
        free += __builtin_popcountll(w);
        x += take, n -= take;
      }
      return free == b.w ? 4 : free == 0 ? 1 : 2;
    };
    auto col_pc = [&](int x, bool edge) {
      if (edge) return 0;
      const int k = x >> 6, off = x & 63;
      bool any_free = false, any_busy = false;
      for (int y = b.y; y < b.y + b.h; ++y) {
        count(1);
        ((occ.free_row(y)[k] >> off) & 1 ? any_free : any_busy) = true;
        if (any_free && any_busy) return 2;
      }
      return any_free ? 4 : 1;
    };
    return row_pc(b.y - 1, b.y == 0) + row_pc(b.y + b.h, b.y + b.h == H_) + col_pc(b.x - 1, b.x == 0) +
           col_pc(b.x + b.w, b.x + b.w == W_);
  }
  // ---------------------------------------------------------------- tree updates
  int new_node(const Block& r, int parent) {
    Node n{r};
    n.parent = parent;
    if (!spare_.empty()) {
      const int id = spare_.back();
      spare_.pop_back();
      nodes_[id] = n;
      return id;
    }
    nodes_.push_back(n);
    return int(nodes_.size()) - 1;
  }
  void kill(int id) {
    count(1);
    for (int c : nodes_[id].ch)
      if (c >= 0) kill(c);
    nodes_[id].alive = false;
    spare_.push_back(id);
  }
  // Every child a free leaf that is not expanded (an expanded one resumes its size first).
  // `reads`, when given, is increased by the children read (up to the first that is not).
  bool all_children_free(int p, Ops* reads = nullptr) const {
    for (int c : nodes_[p].ch) {
      if (c < 0) continue;
      if (reads) ++*reads;
      if (nodes_[c].status != kFree || nodes_[c].expanded) return false;
    }
    return true;
  }
  // Recombination after a release, from the given nodes towards the root: a node whose
  // children are all free leaves becomes one free leaf; a free expanded node resumes its old
  // size and base and frees the parts it absorbed, whose parents are then looked at too.
  void settle(std::vector<int> work) {
    while (!work.empty()) {
      const int id = work.back();
      work.pop_back();
      count(1);
      if (id < 0 || !nodes_[id].alive) continue;
      Ops reads = 0;
      const bool merge = nodes_[id].status == kPartial && all_children_free(id, &reads);
      count(reads);
      if (merge) {
        for (int& c : nodes_[id].ch)
          if (c >= 0) kill(c), c = -1;
        nodes_[id].status = kFree;
      }
      if (nodes_[id].status != kFree) continue;
      if (nodes_[id].expanded) {
        Node& n = nodes_[id];
        n.r = n.home;
        n.expanded = false;
        count(Ops(n.absorbed.size()));  // each absorbed part freed
        for (int a : n.absorbed) {
          nodes_[a].status = kFree;
          nodes_[a].host = -1;
          work.push_back(nodes_[a].parent);
        }
        n.absorbed.clear();
      }
      work.push_back(nodes_[id].parent);
    }
  }
  // A busy rectangle enters the tree (see the header): the candidate decide() chose for it, a
  // free leaf holding it, or the smallest combined candidate holding it is size-expanded and
  // partitioned; otherwise it is carved out of every free leaf it covers.
  void place(const Block& b, JobId job) {
    if (!cands_valid_ || last_best_ < 0 || !(b == last_pick_)) {
      last_best_ = -1;
      candidates();
      for (int i = 0; i < int(cands_.size()); ++i) {
        count(1);
        if (!block_contains(cands_[i], b)) continue;
        if (parts_[i].n == 1) {  // a free leaf holds it
          last_best_ = i;
          break;
        }
        if (last_best_ < 0 || cands_[i].area() < cands_[last_best_].area()) last_best_ = i;
      }
    }
    cands_valid_ = false;
    if (last_best_ < 0) return carve(0, b, job);
    const Parts p = parts_[last_best_];
    int host = p.id[0];
    if (p.n > 1) count(p.n);  // the parts read for the largest
    for (int i = 1; i < p.n; ++i)
      if (nodes_[p.id[i]].r.area() > nodes_[host].r.area()) host = p.id[i];
    if (p.n > 1 && !expand_node_) {  // size expanding per leaf: each free part carved on its own
      for (int i = 0; i < p.n; ++i) carve(p.id[i], b, job);
      return;
    }
    if (p.n > 1) {
      count(p.n);  // the host expanded, the other parts marked absorbed
      Node& h = nodes_[host];
      h.home = h.r;
      h.r = cands_[last_best_];
      h.expanded = true;
      for (int i = 0; i < p.n; ++i) {
        if (p.id[i] == host) continue;
        nodes_[p.id[i]].status = kAbsorbed;
        nodes_[p.id[i]].host = host;
        h.absorbed.push_back(p.id[i]);
      }
    }
    carve(host, b, job);
  }
  // 4-buddy partitioning of a free leaf at the partition point (cx, cy).
  void split(int id, int cx, int cy) {
    const Block r = nodes_[id].r;
    const Block parts[4] = {{r.x, cy, cx - r.x, r.y + r.h - cy},
                            {r.x, r.y, cx - r.x, cy - r.y},
                            {cx, cy, r.x + r.w - cx, r.y + r.h - cy},
                            {cx, r.y, r.x + r.w - cx, cy - r.y}};
    nodes_[id].status = kPartial;
    count(4);
    for (int s = 0; s < 4; ++s) {
      const int c = parts[s].w > 0 && parts[s].h > 0 ? new_node(parts[s], id) : -1;
      nodes_[id].ch[s] = c;  // (new_node may reallocate nodes_: index again)
    }
  }
  // Marks b busy in the subtree of id: free leaves it covers become busy, free leaves it
  // partly covers are partitioned first. Internal nodes are not pruned by their rectangle,
  // since an expanded descendant may reach beyond it; absorbed leaves are skipped.
  void carve(int id, const Block& b, JobId job) {
    count(1);
    const Block r = nodes_[id].r;
    if (nodes_[id].status == kAbsorbed) return;
    if (nodes_[id].status != kPartial && !blocks_overlap(r, b)) return;
    const Block in = block_intersection(r, b);
    if (nodes_[id].status == kBusy) ALLOCLAB_CHECK(false, "qtree: job %d overlaps busy job %d", job, nodes_[id].job);
    if (nodes_[id].status == kFree) {
      if (in == r) {
        nodes_[id].status = kBusy;
        nodes_[id].job = job;
        leaves_[job].push_back(id);
        return;
      }
      split(id, in.x == r.x ? in.x + in.w : in.x, in.y == r.y ? in.y + in.h : in.y);
    }
    for (int s = 0; s < 4; ++s) {
      const int c = nodes_[id].ch[s];
      if (c >= 0) carve(c, b, job);
    }
  }
  void check_node(int id, int parent, const Occupancy& occ, std::vector<int>& cover, bool& ok) const {
    const Node& n = nodes_[id];
    ok = ok && n.alive && n.parent == parent && n.r.w > 0 && n.r.h > 0;
    const Block& own = n.expanded ? n.home : n.r;  // the node's place among its buddies
    if (parent >= 0) ok = ok && block_contains(nodes_[parent].r, own);
    if (n.expanded) {
      ok = ok && block_contains(n.r, n.home) && n.status != kFree && !n.absorbed.empty();
      for (int a : n.absorbed) ok = ok && nodes_[a].alive && nodes_[a].status == kAbsorbed && nodes_[a].host == id && block_contains(n.r, nodes_[a].r);
    } else {
      ok = ok && n.absorbed.empty();
    }
    if (n.status == kPartial) {
      int kids = 0, area = 0;
      for (int c : n.ch)
        if (c >= 0) check_node(c, id, occ, cover, ok), ++kids, area += (nodes_[c].expanded ? nodes_[c].home : nodes_[c].r).area();
      ok = ok && kids >= 2 && area == n.r.area() && !all_children_free(id);
      return;
    }
    for (int c : n.ch) ok = ok && c < 0;
    if (n.status == kAbsorbed) {
      ok = ok && n.host >= 0 && nodes_[n.host].alive && nodes_[n.host].expanded;
      return;
    }
    for (int y = n.r.y; y < n.r.y + n.r.h; ++y)
      for (int x = n.r.x; x < n.r.x + n.r.w; ++x) {
        ++cover[std::size_t(y) * W_ + x];
        ok = ok && occ.owner(x, y) == (n.status == kBusy ? n.job : kNoJob);
      }
  }

  int W_, H_;
  bool expand_node_;                          // one expanded node (qtree) or per leaf (qtree-leaf)
  std::vector<Node> nodes_;
  std::vector<int> spare_;
  std::map<JobId, std::vector<int>> leaves_;  // busy leaves of each job
  struct Parts {
    int n = 0;
    int id[8] = {};
  };
  std::vector<Block> cands_;                  // candidates of the current tree (DFS order)
  std::vector<Parts> parts_;                  // the free leaves each candidate is made of
  int s1_ = 0;                                // index of S1 in cands_
  bool cands_valid_ = false;                  // cands_, s1_ describe the current tree
  Block last_pick_;                           // decide()'s last answer and the candidate it lies in
  int last_best_ = -1;
};

}  // namespace

// Test hooks (declared in tests/test_qtree.cpp).
bool qtree_consistent(const Strategy& s, const Occupancy& occ) {
  auto* q = dynamic_cast<const QuadTree*>(&s);
  return q && q->consistent(occ);
}
int qtree_nodes(const Strategy& s) {
  auto* q = dynamic_cast<const QuadTree*>(&s);
  return q ? q->live_nodes() : -1;
}

std::unique_ptr<Strategy> make_qtree(const Topology& t, const StrategyParams&) { return std::make_unique<QuadTree>(t, true); }
std::unique_ptr<Strategy> make_qtree_leaf(const Topology& t, const StrategyParams&) { return std::make_unique<QuadTree>(t, false); }

}  // namespace alloclab
