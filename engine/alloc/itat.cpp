// itat.cpp — Improved Tree Allocation for Torus (ITAT), after Jakimczuk, Kmiecik,
// Pozniak-Koszalka & Kasprzak, "Task Allocation Algorithms for 2D Torus Architecture",
// ICN 2013, §IV, Figs. 5(a), 5(b).
//
// ITAT keeps a busy tree. Its root is the node <0,0>, always present even when no job is based
// there. Every allocated job's base is a tree node; when a job is allocated its base node gets
// children: the nodes adjacent to the top of the busy sub-torus, left to right, then the nodes
// adjacent to its right side, bottom to top (on the torus these wrap). Children that are not
// bases are leaves, free or busy according to the node's state. To place J(p,q) the tree is
// searched level by level, left to right, from the root; the first free leaf (or the root when
// no job is based there) at which a free p×q sub-torus starts is the base. If none, the rotated
// J(q,p) is searched the same way; if that fails too, the job fails. On deallocation the job's
// base stops being a base, its leaves are deleted, and its children that are bases (with their
// subtrees) are reattached: to the nearest base on its left in the same level; else to the
// nearest base on its right in the same level; else to its parent.
//
// Choices where the paper is unclear:
//  * Children are the edge-adjacent nodes only: w along the top, then h along the right side;
//    the diagonal corner <xe+1, ye+1> is not a child. On the torus they wrap (mod W, H); a job
//    as tall (wide) as the machine gets top (right) children on its own nodes: busy leaves.
//  * "Base node and its leaves are deleted": a base that was one of its parent's top/right
//    children reverts to a leaf of that parent (its slot stays, so the node freed next to a
//    running job can be found again); a base with no such slot (reattached, or reported at an
//    arbitrary node) is removed. The root is never removed: it just stops being a base.
//  * Reattached subtrees go to the end of the new parent's child list, in their old order.
//    "Base on the left/right side" is the nearest base in the same level of the level order.
//    When the root's job departs, its base children stay under the root (no level, no parent).
//  * A job allocated at a node that is not a free leaf of the tree (only possible for busy
//    sub-tori reported by `place` or other external callers) becomes a new base child of the
//    root, appended. A job at <0,0> (root not in use) makes the root its base. A node that
//    already has children when it becomes a base (only the root can) keeps them first.
//  * Leaf status is not stored: it is the node's state in the occupancy when searching (the
//    paper's "recursive update" of statuses). Two leaves may name the same node; the first in
//    level order is the one used.
//  * Cost: one Occupancy::free_bases mask per orientation (word-parallel) plus one pass over
//    the tree, O(tree) with the tree's size O(Σ(w+h)) over the running jobs. The level order
//    and its job-less nodes (positions in one array) are kept until the tree changes, so
//    decisions on an unchanged tree (a blocked queue, backfilling) only probe the mask.
//  * Mesh: children beyond the right or top edge are not created and blocks must not cross an
//    edge; otherwise unchanged (`mesh` is true in the registry). On a mesh the nodes along the
//    left and bottom edges are never leaves (there is no job left of or below them), so ITAT
//    misses more there than on a torus.
//
// Recognition completeness. §IV claims ITAT is recognition complete; the tree search alone is
// not. Every free leaf is a node whose left or lower neighbour is busy (it is adjacent to the
// right side or the top of a job, and every such node is a leaf of that job's base), so the tree
// search finds a sub-torus exactly when some free p×q or q×p sub-torus has its base at <0,0> or
// at a free node with a busy left or lower neighbour. A free sub-torus wedged so that neither can
// shift it (busy nodes left of it only above its base row, below it only right of its base
// column) is missed; tests/test_itat.cpp has such a state on T(4,4). So that ITAT is what the
// paper says it is, `itat` completes the search: when the tree search fails in both
// orientations, it takes the first free base in row-major order (lowest row, then leftmost) of
// J(p,q), else of J(q,p) (the same word-parallel masks), and that base enters the busy tree as
// a new base child of the root (as any base that is not a leaf does). `itat` therefore fails
// only when no free p×q or q×p sub-torus exists. The literal tree-only search is registered as
// `itat-tree` for comparison (it fails where the fallback would be needed).
//
// Counted work: what the code does, one operation = one tree node visited or one 64-bit bitmap
// word processed. The level order and the candidate list are built once per tree change (one
// per node read) and the candidates' bit set with them (one per word cleared, one per
// candidate set), then reused by every decision until the tree changes. A decision: the
// free-base query's words per orientation, one per word of the test of that mask against the
// candidates' bits, and when some candidate fits one per candidate probed in level order up to
// the first that fits; the row-major fallback's words. Allocation bookkeeping counts the nodes
// visited to find the base and the w+h children created; a release counts the level order
// twice (finding the base and its neighbours) and one per child moved or deleted.
#include <algorithm>
#include <map>
#include <string>
#include <vector>
#include "strategy.hpp"
#include "torus_views.hpp"

namespace alloclab {
namespace {

class Itat final : public StrategyBase<Itat> {
 public:
  struct Node {
    Coord pos;
    int parent = -1;
    std::vector<int> children;
    JobId job = kNoJob;  // job based here, or kNoJob (leaf; or root not in use)
    Block block;
    bool generated = false;  // one of the parent's top/right children
    bool alive = true;
  };

  struct Candidates {  // nodes the search examines, in level order: ids and positions
    std::vector<int> id;
    std::vector<Coord> pos;
    BaseMask at;  // optional (empty: not built): bit set at every candidate's node
  };

  // complete: fall back to a row-major search when the tree search fails (see the header).
  Itat(const Topology& t, bool complete) : topo_(t), complete_(complete) { nodes_.push_back(Node{}); }  // root <0,0>

  std::optional<Allocation> allocate(const Request& req, const Occupancy& occ, Rng&) override {
    cache_candidates();
    return search(req, occ, cand_, ops_, [](Shape, int, bool) {}, [](Shape, bool) {}, [](const std::optional<Block>&) {});
  }

  // Explain mode: the busy tree (bases, leaves, edges), then per orientation searched the
  // leaves in level order, numbered, those without room marked; the same search() as allocate.
  Explanation explain(const Request& req, const Occupancy& occ, const Rng&) const override {
    Explanation e;
    e.steps.push_back(explain_request_step(req, occ));
    const std::vector<ItatTreeNode> tree = snapshot(occ);
    {
      ExplainStep st;
      st.title = "Busy tree";
      int bases = 0, fl = 0, bl = 0;
      for (const ItatTreeNode& t : tree) {
        if (t.job != kNoJob) ++bases, st.layer(ExplainRole::Busy).blocks.push_back(t.block);
        else if (t.kind == ItatTreeNode::Kind::FreeLeaf) ++fl;
        else if (t.kind == ItatTreeNode::Kind::BusyLeaf) ++bl;
      }
      auto& nodes = st.layer(ExplainRole::TreeNode).blocks;
      for (const ItatTreeNode& t : tree) {
        nodes.push_back(Block{t.pos.x, t.pos.y, 1, 1});
        if (t.parent >= 0) st.edges.push_back(ExplainEdge{tree[std::size_t(t.parent)].pos, t.pos});
      }
      st.caption = "The busy tree from the root (0, 0): " + explain_count(bases, "base node", "base nodes") + " (jobs), " +
                   std::to_string(fl) + " free and " + explain_count(bl, "busy leaf", "busy leaves") + " (nodes above and right of each job).";
      e.steps.push_back(std::move(st));
    }
    std::vector<int> order;
    level_order(order);
    Candidates cand;
    candidates(order, cand);
    ExplainStep* cur = nullptr;
    int rank = 0;
    Shape cur_shape;
    Ops unused = 0;
    e.decision = search(req, occ, cand, unused,
        [&](Shape s, int id, bool fits) {
          const Node& n = nodes_[std::size_t(id)];
          ++rank;
          cur->layer(fits ? ExplainRole::Chosen : ExplainRole::Failed).blocks.push_back(fits ? block_at(n.pos.x, n.pos.y, s) : Block{n.pos.x, n.pos.y, 1, 1});
          if (rank <= 400) cur->labels.push_back(ExplainLabel{n.pos.x, n.pos.y, rank});
        },
        [&](Shape s, bool start) {
          if (!start) {
            const bool found = !cur->layer(ExplainRole::Chosen).blocks.empty();
            cur->caption = "J(" + std::to_string(s.w) + "," + std::to_string(s.h) + "): " + explain_count(rank, "leaf", "leaves") +
                           " probed in level order (numbers)" +
                           (found ? "; the last one starts a free block and is taken." : "; none starts a free block.");
            return;
          }
          rank = 0;
          cur_shape = s;
          ExplainStep st;
          st.title = "Search " + std::to_string(s.w) + "x" + std::to_string(s.h);
          st.labels_mean = "probe order (level order of the busy tree)";
          for (const ItatTreeNode& t : tree)
            if (t.job != kNoJob) st.layer(ExplainRole::Busy).blocks.push_back(t.block);
          st.layer(ExplainRole::Failed);
          st.layer(ExplainRole::Chosen);
          e.steps.push_back(std::move(st));
          cur = &e.steps.back();
        },
        [&](const std::optional<Block>& b) {
          ExplainStep st;
          st.title = "Complete search";
          for (const ItatTreeNode& t : tree)
            if (t.job != kNoJob) st.layer(ExplainRole::Busy).blocks.push_back(t.block);
          if (b) {
            st.layer(ExplainRole::Chosen).blocks.push_back(*b);
            st.caption = "No leaf starts a free block: the first free base in row-major order, (" + std::to_string(b->x) + ", " +
                         std::to_string(b->y) + ") for J(" + std::to_string(b->w) + "," + std::to_string(b->h) +
                         "), is taken and joins the tree as a base under the root.";
          } else {
            st.caption = "No leaf starts a free block, and no free block exists anywhere in either orientation.";
          }
          e.steps.push_back(std::move(st));
        });
    e.steps.push_back(explain_decision_step(e.decision, req));
    return e;
  }

  void allocated(JobId job, const Allocation& a) override {
    for (const Block& b : a.blocks) {
      cache_order();
      count(b.w + b.h);  // the new top/right children
      int id = -1;
      for (int k : order_) {
        count(1);
        const Node& n = nodes_[std::size_t(k)];
        if (n.job == kNoJob && n.pos == Coord{b.x, b.y}) { id = k; break; }
      }
      if (id < 0) {  // not a leaf: an externally reported busy sub-torus
        id = new_node(Coord{b.x, b.y}, 0, false);
        nodes_[0].children.push_back(id);
      }
      make_base(id, job, b);
      order_valid_ = false;
      bases_[job].push_back(id);
    }
  }

  void released(JobId job, const Allocation&) override {
    auto it = bases_.find(job);
    if (it == bases_.end()) return;
    for (int id : it->second) remove_base(id);
    order_valid_ = false;
    bases_.erase(it);
    count(1);
  }

  // Level-order snapshot for tests and the UI (see torus_views.hpp).
  std::vector<ItatTreeNode> snapshot(const Occupancy& occ) const {
    std::vector<int> order;
    std::vector<int> level;
    level_order(order, &level);
    std::map<int, int> index;  // node id -> snapshot index
    for (std::size_t i = 0; i < order.size(); ++i) index[order[i]] = int(i);
    std::vector<ItatTreeNode> out(order.size());
    for (std::size_t i = 0; i < order.size(); ++i) {
      const Node& n = nodes_[std::size_t(order[i])];
      ItatTreeNode& t = out[i];
      t.pos = n.pos;
      t.parent = n.parent < 0 ? -1 : index[n.parent];
      for (int c : n.children) t.children.push_back(index[c]);
      t.level = level[i];
      t.job = n.job;
      t.block = n.block;
      t.generated = n.generated;
      if (i == 0) t.kind = ItatTreeNode::Kind::Root;
      else if (n.job != kNoJob) t.kind = ItatTreeNode::Kind::Base;
      else t.kind = occ.is_free(n.pos.x, n.pos.y) ? ItatTreeNode::Kind::FreeLeaf : ItatTreeNode::Kind::BusyLeaf;
    }
    return out;
  }

 private:
  // The search: per orientation (J(p,q), then J(q,p) if p != q) the nodes in `order` with no
  // job based there, first whose p×q block is free; then, when complete_, the first free base in
  // row-major order of J(p,q), else J(q,p). probe(shape, id, fits) is told each node examined,
  // orient(shape, true / false) when an orientation's tree search starts / ends, fallback(block)
  // the complete search's result (only when it runs).
  template <class Probe, class Orient, class Fallback>
  std::optional<Allocation> search(const Request& req, const Occupancy& occ, const Candidates& cand, Ops& ops, Probe&& probe,
                                   Orient&& orient, Fallback&& fallback) const {
    std::vector<std::pair<Shape, BaseMask>> masks;
    for (Shape s : {req.shape, req.shape.rotated()}) {
      if (s.w <= topo_.width() && s.h <= topo_.height()) {
        masks.emplace_back(s, occ.free_bases(s.w, s.h, ops));
        const BaseMask& m = masks.back().second;
        orient(s, true);
        const std::uint64_t* bits = m.row(0);
        const int wpr = m.words_per_row();
        bool some = true;  // some candidate may fit (without `at`, probe them all)
        if (cand.at.height() == m.height() && cand.at.words_per_row() == wpr) {
          std::uint64_t any = 0;
          const std::uint64_t* at = cand.at.row(0);
          for (std::size_t k = 0, e = std::size_t(wpr) * std::size_t(m.height()); k < e; ++k) any |= bits[k] & at[k];
          ops += Ops(wpr) * m.height();
          some = any != 0;
        }
        for (std::size_t i = 0; some && i < cand.id.size(); ++i) {
          const Coord c = cand.pos[i];
          const bool fits = (bits[std::size_t(c.y) * std::size_t(wpr) + std::size_t(c.x >> 6)] >> (c.x & 63)) & 1u;
          probe(s, cand.id[i], fits);
          if (fits) {
            ops += Ops(i) + 1;
            orient(s, false);
            return Allocation{{block_at(c.x, c.y, s)}};
          }
        }
        if (some) ops += Ops(cand.id.size());
        orient(s, false);
      }
      if (s == s.rotated()) break;
    }
    if (!complete_) return std::nullopt;
    for (const auto& [s, m] : masks) {
      int x, y;
      if (m.first(x, y, ops)) {
        fallback(std::optional<Block>(block_at(x, y, s)));
        return Allocation{{block_at(x, y, s)}};
      }
    }
    fallback(std::optional<Block>());
    return std::nullopt;
  }

  int new_node(Coord pos, int parent, bool generated) {
    Node n;
    n.pos = pos;
    n.parent = parent;
    n.generated = generated;
    if (!free_ids_.empty()) {
      const int id = free_ids_.back();
      free_ids_.pop_back();
      nodes_[std::size_t(id)] = std::move(n);
      return id;
    }
    nodes_.push_back(std::move(n));
    return int(nodes_.size()) - 1;
  }
  void free_node(int id) {
    nodes_[std::size_t(id)] = Node{};
    nodes_[std::size_t(id)].alive = false;
    free_ids_.push_back(id);
  }

  // The nodes of `order` with no job based there (the ones the search examines), in order.
  void candidates(const std::vector<int>& order, Candidates& out) const {
    out.id.clear();
    out.pos.clear();
    for (int id : order) {
      const Node& n = nodes_[std::size_t(id)];
      if (n.job != kNoJob) continue;
      out.id.push_back(id);
      out.pos.push_back(n.pos);
    }
  }
  // order_ (and cand_ with its node mask) for the tree as it is: rebuilt only after the tree
  // changed (allocated and released clear order_valid_), so repeated decisions on one state
  // share them. The counted work is the model's either way (one per node of the level order
  // per decision, one per candidate probed).
  void cache_order() {
    if (order_valid_) return;
    // level_order() and candidates() in one breadth-first pass (each node is read once)
    // (sized for every node first: the tree never holds more than nodes_ does)
    order_.resize(nodes_.size());
    cand_.id.resize(nodes_.size());
    cand_.pos.resize(nodes_.size());
    int* const ord = order_.data();
    std::size_t head = 0, tail = 0, nc = 0;
    ord[tail++] = 0;
    while (head < tail) {
      const int id = ord[head++];
      const Node& n = nodes_[std::size_t(id)];
      if (n.job == kNoJob) {
        cand_.id[nc] = id;
        cand_.pos[nc++] = n.pos;
      }
      for (int c : n.children) ord[tail++] = c;
    }
    order_.resize(tail);
    cand_.id.resize(nc);
    cand_.pos.resize(nc);
    count(Ops(tail));
    order_valid_ = true;
    cand_valid_ = false;
  }
  void cache_candidates() {
    cache_order();
    if (cand_valid_) return;
    cand_.at.reset(topo_.width(), topo_.height());
    for (const Coord& c : cand_.pos) cand_.at.row(c.y)[c.x >> 6] |= std::uint64_t(1) << (c.x & 63);
    count(Ops(cand_.at.height()) * cand_.at.words_per_row() + Ops(cand_.pos.size()));
    cand_valid_ = true;
  }

  // Breadth-first order from the root, children left to right; optionally each node's level.
  void level_order(std::vector<int>& order, std::vector<int>* level = nullptr) const {
    order.clear();
    order.push_back(0);
    if (level) { level->clear(); level->push_back(0); }
    for (std::size_t i = 0; i < order.size(); ++i) {
      for (int c : nodes_[std::size_t(order[i])].children) {
        order.push_back(c);
        if (level) level->push_back((*level)[i] + 1);
      }
    }
  }

  void make_base(int id, JobId job, const Block& b) {
    const int W = topo_.width(), H = topo_.height();
    const bool torus = topo_.wraps();
    nodes_[std::size_t(id)].job = job;
    nodes_[std::size_t(id)].block = b;
    auto child = [&](int x, int y) {
      if (!torus && (x >= W || y >= H)) return;
      const int c = new_node(Coord{x % W, y % H}, id, true);
      nodes_[std::size_t(id)].children.push_back(c);
    };
    for (int i = 0; i < b.w; ++i) child(b.x + i, b.y + b.h);  // along the top, left to right
    for (int j = 0; j < b.h; ++j) child(b.x + b.w, b.y + j);  // along the right, bottom to top
  }

  void remove_base(int id) {
    // Where the deleted base's base children go: nearest base left in the same level, else
    // nearest base right, else the parent (the root keeps them).
    int target = id;
    if (id != 0) {
      std::vector<int> order, level;
      level_order(order, &level);
      count(2 * Ops(order.size()));  // the level order and the search for the deleted base
      const long at = long(std::find(order.begin(), order.end(), id) - order.begin());
      const int lv = level[std::size_t(at)];
      target = -1;
      for (long k = at - 1; k >= 0 && level[std::size_t(k)] == lv && target < 0; --k)
        if (nodes_[std::size_t(order[std::size_t(k)])].job != kNoJob) target = order[std::size_t(k)];
      for (std::size_t k = std::size_t(at) + 1; k < order.size() && level[k] == lv && target < 0; ++k)
        if (nodes_[std::size_t(order[k])].job != kNoJob) target = order[k];
      if (target < 0) target = nodes_[std::size_t(id)].parent;
    }
    std::vector<int> kids;
    kids.swap(nodes_[std::size_t(id)].children);
    std::vector<int> moved;
    count(Ops(kids.size()));
    for (int c : kids) {
      if (nodes_[std::size_t(c)].job == kNoJob) free_node(c);  // a leaf: deleted
      else moved.push_back(c);
    }
    for (int c : moved) {
      nodes_[std::size_t(c)].parent = target;
      nodes_[std::size_t(c)].generated = false;
      nodes_[std::size_t(target)].children.push_back(c);
    }
    Node& n = nodes_[std::size_t(id)];
    n.job = kNoJob;
    n.block = Block{};
    if (id == 0 || n.generated) return;  // the root stays; a top/right slot reverts to a leaf
    auto& sib = nodes_[std::size_t(n.parent)].children;
    sib.erase(std::find(sib.begin(), sib.end(), id));
    free_node(id);
  }

  Topology topo_;
  bool complete_;            // complete the tree search with a row-major search (see the header)
  std::vector<Node> nodes_;  // node 0 is the root
  std::vector<int> free_ids_;
  std::map<JobId, std::vector<int>> bases_;  // job -> its base node(s)
  std::vector<int> order_;                   // level order of the tree (valid while order_valid_)
  Candidates cand_;                          // its nodes without a job, in order
  bool order_valid_ = false;
  bool cand_valid_ = false;                  // cand_.at built for cand_
};

}  // namespace

std::vector<ItatTreeNode> itat_tree(const Strategy& s, const Occupancy& occ) {
  const auto* t = dynamic_cast<const Itat*>(&s);
  return t ? t->snapshot(occ) : std::vector<ItatTreeNode>{};
}

std::unique_ptr<Strategy> make_itat(const Topology& t, const StrategyParams&) { return std::make_unique<Itat>(t, true); }
std::unique_ptr<Strategy> make_itat_tree(const Topology& t, const StrategyParams&) { return std::make_unique<Itat>(t, false); }

}  // namespace alloclab
