// test_itat.cpp — ITAT (Jakimczuk et al. 2013 §IV): the busy tree after a scripted allocate/deallocate
// sequence against a hand-drawn tree (all three reattachment rules), the counterexample to the
// completeness of the tree search alone, recognition completeness of `itat` (tree search plus
// row-major fallback) and the weaker property of `itat-tree` (brute force on states driven by
// the strategy's own allocations and releases), and a long torus simulation.
#include <doctest/doctest.h>
#include <map>
#include "alloc/torus_views.hpp"
#include "cli_harness.hpp"
#include "oracle.hpp"
#include "simulation.hpp"

using namespace alloclab;
using Kind = ItatTreeNode::Kind;

namespace {
// A machine driven by ITAT the way the simulation drives it.
struct Machine {
  Occupancy occ;
  std::unique_ptr<Strategy> st;
  std::map<JobId, Allocation> live;
  explicit Machine(Topology t, const char* id = "itat") : occ(t), st(find_strategy(id)->make(t, StrategyParams{})) {}
  std::optional<Block> alloc(JobId id, Shape s) {
    Rng rng(1);
    auto a = st->allocate(Request{id, s}, occ, rng);
    if (!a) return std::nullopt;
    test::check_allocation(occ, *a, s);
    occ.assign(*a, id);
    st->allocated(id, *a);
    live[id] = *a;
    return a->blocks[0];
  }
  void report(JobId id, Block b) {  // an external busy sub-torus (as `place` reports them)
    occ.assign(b, id);
    st->allocated(id, Allocation{{b}});
    live[id] = Allocation{{b}};
  }
  void release(JobId id) {
    occ.release(live.at(id), id);
    st->released(id, live.at(id));
    live.erase(id);
  }
  std::vector<ItatTreeNode> tree() const { return itat_tree(*st, occ); }
};

// Expected node: kind, position, parent index (level order), job (-1 for none).
struct Want { Kind kind; int x, y, parent; JobId job; };

void check_tree(const std::vector<ItatTreeNode>& got, const std::vector<Want>& want) {
  REQUIRE(got.size() == want.size());
  for (std::size_t i = 0; i < want.size(); ++i) {
    CAPTURE(i);
    CHECK(int(got[i].kind) == int(want[i].kind));
    CHECK(got[i].pos == Coord{want[i].x, want[i].y});
    CHECK(got[i].parent == want[i].parent);
    CHECK(got[i].job == want[i].job);
    if (got[i].parent >= 0) {  // parent/children agree; levels follow parents
      const auto& sib = got[std::size_t(got[i].parent)].children;
      CHECK(std::find(sib.begin(), sib.end(), int(i)) != sib.end());
      CHECK(got[i].level == got[std::size_t(got[i].parent)].level + 1);
    }
  }
}
constexpr Kind R = Kind::Root, B = Kind::Base, F = Kind::FreeLeaf, X = Kind::BusyLeaf;
}  // namespace

TEST_CASE("itat: busy tree after a scripted sequence matches the hand-drawn tree") {
  Machine m(Topology(TopologyKind::Torus, 8, 8));
  // 1. A 3x2: the tree is the bare root <0,0>, free: A is based there. Children: top
  //    (0,2) (1,2) (2,2), right (3,0) (3,1).
  CHECK(m.alloc(1, {3, 2}) == Block{0, 0, 3, 2});
  // 2. B 2x3: first free leaf in level order that fits is (0,2).
  CHECK(m.alloc(2, {2, 3}) == Block{0, 2, 2, 3});
  // 3. C 4x2: (1,2) is busy (B); (2,2) fits.
  CHECK(m.alloc(3, {4, 2}) == Block{2, 2, 4, 2});
  // 4. D 3x3: no level-1 leaf fits ((3,0),(3,1) hit C); level 2 starts with B's top (0,5).
  //    D's top children wrap round to row 0: (0,0) (1,0) (2,0), busy leaves on A.
  CHECK(m.alloc(4, {3, 3}) == Block{0, 5, 3, 3});
  // 5. B departs. No base left of B on level 1; C is the nearest on its right: D moves under
  //    C (end of its list). B's slot (0,2) is a leaf of the root again.
  m.release(2);
  // 6. E 1x7: only C's right child (6,2) fits; E wraps round the top to row 0.
  CHECK(m.alloc(5, {1, 7}) == Block{6, 2, 1, 7});
  // 7. G 2x2 at the root's leaf (0,2) again.
  CHECK(m.alloc(6, {2, 2}) == Block{0, 2, 2, 2});
  // 8. C departs: G is the nearest base on its left on level 1: E and D move under G.
  m.release(3);
  // 9. G departs: no other base on level 1: E and D go up to G's parent, the root (A).
  m.release(6);
  //
  //  level 0                       <0,0>[A]
  //             ________________________|_________________________________
  //  level 1   (0,2) (1,2) (2,2) (3,0) (3,1)      <6,2>[E]              <0,5>[D]
  //                                                   |                      |
  //  level 2               (6,1) (7,2) (7,3) (7,4) (7,5) (7,6) (7,7) (7,0)   (0,0)x (1,0)x (2,0)x (3,5) (3,6) (3,7)
  //
  //  (c,r) leaf, x = busy leaf, <c,r>[J] base of job J.
  check_tree(m.tree(), {
      {R, 0, 0, -1, 1},                                                              // 0
      {F, 0, 2, 0, -1}, {F, 1, 2, 0, -1}, {F, 2, 2, 0, -1}, {F, 3, 0, 0, -1},     // 1..4
      {F, 3, 1, 0, -1}, {B, 6, 2, 0, 5}, {B, 0, 5, 0, 4},                          // 5..7
      {F, 6, 1, 6, -1}, {F, 7, 2, 6, -1}, {F, 7, 3, 6, -1}, {F, 7, 4, 6, -1},     // 8..11
      {F, 7, 5, 6, -1}, {F, 7, 6, 6, -1}, {F, 7, 7, 6, -1}, {F, 7, 0, 6, -1},     // 12..15
      {X, 0, 0, 7, -1}, {X, 1, 0, 7, -1}, {X, 2, 0, 7, -1},                        // 16..18
      {F, 3, 5, 7, -1}, {F, 3, 6, 7, -1}, {F, 3, 7, 7, -1},                        // 19..21
  });
  const auto t = m.tree();
  CHECK_FALSE(t[6].generated);  // reattached
  CHECK(t[9].generated);
  // 10. H 3x3 at (0,2), between A and D. 11. A departs: the root stays, not a base; its
  //     leaves go; its base children H, E, D stay under it.
  CHECK(m.alloc(7, {3, 3}) == Block{0, 2, 3, 3});
  m.release(1);
  //  level 0                 <0,0>
  //                 ___________|_____________________
  //  level 1   <0,2>[H]          <6,2>[E]          <0,5>[D]
  //  level 2   (0,5)x (1,5)x (2,5)x (3,2) (3,3) (3,4) | (6,1) (7,2)…(7,0) | (0,0) (1,0) (2,0) (3,5) (3,6) (3,7)
  const auto u = m.tree();
  REQUIRE(u.size() == 4 + 6 + 8 + 6);
  check_tree({u.begin(), u.begin() + 10}, {
      {R, 0, 0, -1, -1},
      {B, 0, 2, 0, 7}, {B, 6, 2, 0, 5}, {B, 0, 5, 0, 4},
      {X, 0, 5, 1, -1}, {X, 1, 5, 1, -1}, {X, 2, 5, 1, -1},
      {F, 3, 2, 1, -1}, {F, 3, 3, 1, -1}, {F, 3, 4, 1, -1},
  });
  CHECK(u[18].pos == Coord{0, 0});
  CHECK(u[18].kind == F);  // D's wrapped top child is free now that A is gone
  // 12. The root is free again and comes first in the search.
  CHECK(m.alloc(8, {2, 2}) == Block{0, 0, 2, 2});
  CHECK(m.tree()[0].job == 8);
}

TEST_CASE("itat: rotates when no leaf fits the requested orientation") {
  Machine m(Topology(TopologyKind::Torus, 6, 6));
  CHECK(m.alloc(1, {6, 4}) == Block{0, 0, 6, 4});
  // Rows 4,5 free: 2x3 fits nowhere, 3x2 fits at A's first top child (0,4).
  CHECK(m.alloc(2, {2, 3}) == Block{0, 4, 3, 2});
}

TEST_CASE("itat: the tree search alone is not recognition complete; the fallback finds the wedged sub-torus") {
  // T(4,4); '#' busy (reported as external busy sub-tori), '.' free. The only free 2x2 has its
  // base at (1,1), whose left (0,1) and lower (1,0) neighbours are free: it is no leaf of the
  // tree, and <0,0> is busy. Every leaf's 2x2 hits a busy node.
  //   y=3  # # # #
  //   y=2  # . . #
  //   y=1  . . . #
  //   y=0  # . # #
  for (const char* id : {"itat-tree", "itat"}) {
    CAPTURE(id);
    Machine m(Topology(TopologyKind::Torus, 4, 4), id);
    m.report(0, Block{0, 0, 1, 1});
    m.report(1, Block{2, 0, 2, 1});
    m.report(2, Block{3, 1, 1, 2});
    m.report(3, Block{0, 2, 1, 2});
    m.report(4, Block{1, 3, 3, 1});
    CHECK(test::exists_free(m.occ, 2, 2));
    const auto b = m.alloc(9, {2, 2});
    if (std::string(id) == "itat-tree") {
      CHECK_FALSE(b);
      continue;
    }
    REQUIRE(b);
    CHECK(*b == Block{1, 1, 2, 2});
    // The fallback's base joins the tree as a base under the root; releasing it removes it.
    const auto t = m.tree();
    int at = -1;
    for (std::size_t i = 0; i < t.size(); ++i)
      if (t[i].job == 9) at = int(i);
    REQUIRE(at > 0);
    CHECK(t[std::size_t(at)].parent == 0);
    CHECK(t[std::size_t(at)].pos == Coord{1, 1});
    CHECK_FALSE(t[std::size_t(at)].generated);
    m.release(9);
    for (const ItatTreeNode& n : m.tree()) CHECK(n.job != 9);
    CHECK(m.alloc(10, {2, 2}) == Block{1, 1, 2, 2});
  }
}

TEST_CASE("itat: place finds the free 5x5 the tree search misses on T(11,11)") {
  const std::vector<std::string> common = {"place", "topology=torus", "size=11x11", "busy=9,6,10,0;0,3,4,4;1,5,4,10", "job=5x5"};
  for (const char* id : {"itat", "ibmat", "iblat"}) {
    auto w = common;
    w.push_back(std::string("strategy=") + id);
    CHECK_MESSAGE(test::cli(w).out == "{\"allocated\": true, \"blocks\": [[5,1,9,5]]}\n", id);
  }
  auto w = common;
  w.push_back("strategy=itat-tree");
  CHECK(test::cli(w).out == "{\"allocated\": false, \"blocks\": []}\n");
}

namespace {
// ITAT's candidate bases: <0,0>, and every free node whose left or lower neighbour is busy
// (off-machine neighbours on a mesh do not count).
bool candidate(const Occupancy& occ, int x, int y) {
  if (x == 0 && y == 0) return true;
  if (!occ.is_free(x, y)) return false;
  const Topology& t = occ.topology();
  const int W = t.width(), H = t.height();
  if (t.wraps()) return !occ.is_free((x + W - 1) % W, y) || !occ.is_free(x, (y + H - 1) % H);
  return (x > 0 && !occ.is_free(x - 1, y)) || (y > 0 && !occ.is_free(x, y - 1));
}
bool candidate_fits(const Occupancy& occ, Shape s) {
  const Topology& t = occ.topology();
  if (s.w > t.width() || s.h > t.height()) return false;
  for (int y = 0; y < t.height(); ++y)
    for (int x = 0; x < t.width(); ++x)
      if (candidate(occ, x, y) && occ.block_free(Block{x, y, s.w, s.h})) return true;
  return false;
}
}  // namespace

namespace {
// Random states driven by the strategy's own allocations and releases (after a few arbitrary
// busy sub-tori, wrapping on a torus, reported as `place` reports them), each decision checked
// against a brute force. complete: `itat` (success iff a free p×q or q×p block exists, the tree's
// answer whenever a candidate base has one); otherwise `itat-tree` (success iff a candidate base
// has one). Also the tree's shape after every step. Returns {placed, missed with a free block}.
std::pair<int, int> drive(const char* id, bool complete) {
  Rng rng(31337);
  int missed = 0, placed = 0;
  for (int trial = 0; trial < 250; ++trial) {
    const bool torus = trial % 5 != 0;
    const int W = 1 + int(rng.below(12)), H = 1 + int(rng.below(12));
    Machine m(Topology(torus ? TopologyKind::Torus : TopologyKind::Mesh, W, H), id);
    const int pre = test::random_state(m.occ, rng, int(rng.below(4)), 5, m.st.get());
    for (JobId j = 0; j < pre; ++j) m.live[j] = Allocation{};  // never released
    JobId next = 1000;
    for (int step = 0; step < 40; ++step) {
      std::vector<JobId> mine;
      for (const auto& kv : m.live)
        if (kv.first >= 1000) mine.push_back(kv.first);
      if (!mine.empty() && rng.below(3) == 0) {
        m.release(mine[std::size_t(rng.below(mine.size()))]);
      } else {
        const Shape s{1 + int(rng.below(std::uint64_t(std::min(W, 6)))), 1 + int(rng.below(std::uint64_t(std::min(H, 6))))};
        const bool c1 = candidate_fits(m.occ, s), c2 = candidate_fits(m.occ, s.rotated());
        const bool f1 = test::exists_free(m.occ, s.w, s.h), f2 = s.h <= W && s.w <= H && test::exists_free(m.occ, s.h, s.w);
        const Occupancy before = m.occ;
        auto b = m.alloc(next, s);
        CHECK_MESSAGE(bool(b) == (complete ? f1 || f2 : c1 || c2), id, " trial ", trial, " step ", step);
        if (b) {
          ++placed;
          if (c1 || c2) {  // the tree search's answer
            CHECK(candidate(before, b->x, b->y));
            CHECK((c1 ? Shape{b->w, b->h} == s : Shape{b->w, b->h} == s.rotated()));
          } else {  // the fallback: first free base in row-major order, J(p,q) before J(q,p)
            const Shape o = f1 ? s : s.rotated();
            CHECK(Shape{b->w, b->h} == o);
            for (int y = 0; y < H; ++y)
              for (int x = 0; x < W; ++x)
                if (y < b->y || (y == b->y && x < b->x)) CHECK_FALSE(before.block_free(Block{x, y, o.w, o.h}));
          }
          ++next;
        } else if (f1 || f2) {
          ++missed;
        }
      }
      // The tree: bases are exactly the running jobs; every leaf is a top/right neighbour of
      // its parent's block; every candidate node appears as a free leaf (or the root).
      const auto t = m.tree();
      std::map<JobId, int> bases;
      std::set<std::pair<int, int>> free_leaves;
      for (const ItatTreeNode& n : t) {
        if (n.job != kNoJob) ++bases[n.job];
        if (n.kind == F) free_leaves.insert({n.pos.x, n.pos.y});
        if (n.kind == F || n.kind == X) {
          REQUIRE(n.parent >= 0);
          CHECK(n.generated);
          const Block pb = t[std::size_t(n.parent)].block;
          const int dx = ((n.pos.x - pb.x) % W + W) % W, dy = ((n.pos.y - pb.y) % H + H) % H;
          const bool top = dx < pb.w && dy == pb.h % H, right = dx == pb.w % W && dy < pb.h;
          CHECK_MESSAGE((top || right), "leaf (", n.pos.x, ",", n.pos.y, ")");
          CHECK((n.kind == F) == m.occ.is_free(n.pos.x, n.pos.y));
        }
      }
      CHECK(bases.size() == m.live.size());
      for (int y = 0; y < H; ++y)
        for (int x = 0; x < W; ++x)
          if ((x || y) && candidate(m.occ, x, y)) CHECK(free_leaves.count({x, y}) == 1);
    }
  }
  MESSAGE(std::string(id), " placed ", placed, ", missed ", missed, " jobs that had a free sub-torus");
  return {placed, missed};
}
}  // namespace

TEST_CASE("itat: recognition complete — fails only when no free p x q or q x p block exists (brute force)") {
  const auto [placed, missed] = drive("itat", true);
  CHECK(placed > 1000);
  CHECK(missed == 0);
}

TEST_CASE("itat-tree: the literal tree search succeeds iff a free block has a candidate base (brute force)") {
  const auto [placed, missed] = drive("itat-tree", false);
  CHECK(placed > 1000);
  CHECK(missed > 0);  // the tree search alone does miss free sub-tori
}

TEST_CASE("itat: long torus simulation keeps the invariants; clones are independent") {
  auto s = parse_link("topology=torus&size=20x14&strategy=itat&jobs=2000&job_size=uniform:1-9&arrival=poisson:0.05&seed=6&scheduler=easy");
  REQUIRE_MESSAGE(s, (s ? "" : s.error().message));
  auto sim = Simulation::create(*s, 0);
  REQUIRE_MESSAGE(sim, (sim ? "" : sim.error().message));
  for (int i = 0; i < 1500; ++i) sim->step();
  Simulation copy = *sim;  // snapshot mid-run (clones the strategy and its tree)
  REQUIRE(sim->run().ok());
  CHECK(sim->check_invariants());
  CHECK(sim->departures() == 2000);
  REQUIRE(copy.run().ok());
  CHECK(copy.check_invariants());
  CHECK(copy.results().mean_response_time == sim->results().mean_response_time);
}
