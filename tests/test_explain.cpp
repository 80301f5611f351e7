// test_explain.cpp — Explain mode's model (alloc/explain.hpp): for every registered strategy the
// explanation's decision is the decision (Simulation::preview) on random simulation states,
// its last step shows it and its text is in plain words; hand-worked explanations of MFA (Srinivasan et al. 2004 Examples 1 and 2), PALD
// (block sequence), the Quad-tree (partition leaves), ITAT (busy tree) and NAS.
#include <doctest/doctest.h>
#include <algorithm>
#include <string>
#include "busy_states.hpp"

using namespace alloclab;
using namespace alloclab::test;

namespace {

// The blocks of `role` in `step` (empty if the step has no such layer).
std::vector<Block> layer_of(const ExplainStep& step, ExplainRole role) {
  for (const ExplainLayer& l : step.layers)
    if (l.role == role) return l.blocks;
  return {};
}
// Whether some step has the number `value` at node (x, y).
bool has_label(const Explanation& e, int x, int y, int value) {
  for (const ExplainStep& s : e.steps)
    for (const ExplainLabel& l : s.labels)
      if (l.x == x && l.y == y && l.value == value) return true;
  return false;
}
Explanation explain(const Strategy& st, const Occupancy& occ, Shape s) {
  return st.explain(Request{999, s}, occ, Rng(1));
}
// What a learner should not meet in Explain mode's text (shown as written): the paper's or
// the code's notation instead of words (status codes, MCF, T(p,q), section numbers), a seed
// file's number instead of a citation, nodes written <x,y> (the page writes (x, y), and its
// canvas numbers the columns and rows). Returns the first such thing found ("" when none).
std::string jargon(const std::string& text) {
  for (const char* bad : {"status 1", "status 2", "seed 0", "MCF", "T(", "sec.", "\xce\x94", "\xce\x9e"})
    if (text.find(bad) != std::string::npos) return bad;
  for (std::size_t i = 0; i + 1 < text.size(); ++i)
    if (text[i] == '<' && text[i + 1] >= '0' && text[i + 1] <= '9') return "<x,y>";
  return "";
}
bool same(const std::optional<Allocation>& a, const std::optional<Allocation>& b) {
  if (a.has_value() != b.has_value()) return false;
  return !a || a->blocks == b->blocks;
}

}  // namespace

namespace {
// For every strategy defined on machines of `size` (16x16, or a 3D size for the 3D rows): the
// explanation's decision is preview's on the random states of a short run, its last step shows it.
void explanations_decide_as_preview(const char* size, bool three_d) {
  for (const StrategyInfo& si : strategies()) {
    if (three_d && si.dims == Dims::Two) continue;
    for (const char* topo : {"mesh", "torus"}) {
      const std::string link = std::string("topology=") + topo + "&size=" + size + "&strategy=" + std::string(si.id) +
                               "&arrival=poisson:0.08&job_size=uniform:1-" + (three_d ? "4" : "9") + "&jobs=120&seed=11";
      auto sc = parse_link(link);
      REQUIRE_MESSAGE(sc.ok(), link);
      auto sim = Simulation::create(*sc, 0);
      if (!sim.ok()) continue;  // strategy does not run on this topology
      int compared = 0, placed = 0;
      for (int ev = 0; ev < 400 && !sim->done(); ++ev) {
        if (ev % 5 == 0) {
          std::optional<QueuedJob> q;
          if (sim->queue_length() > 0) q = sim->queue().front();
          else if (const QueuedJob* n = sim->next_arrival()) q = *n;
          if (q) {
            const Explanation e = sim->explain(*q);
            const auto p = sim->preview(*q);
            CHECK_MESSAGE(same(e.decision, p), si.id, " ", topo, " event ", ev);
            REQUIRE_MESSAGE(e.steps.size() >= 2, si.id);
            for (const ExplainStep& s : e.steps) {
              CHECK_MESSAGE((s.labels.empty() || !s.labels_mean.empty()), si.id, ": numbers without a meaning in ", s.title);
              const std::string j = jargon(s.title + " " + s.caption + " " + s.labels_mean);
              CHECK_MESSAGE(j.empty(), si.id, ": '", j, "' in step ", s.title, ": ", s.caption, " / ", s.labels_mean);
            }
            const ExplainStep& last = e.steps.back();
            CHECK_MESSAGE(!last.caption.empty(), si.id);
            if (p) CHECK_MESSAGE(layer_of(last, ExplainRole::Chosen).size() >= 1, si.id);
            else CHECK_MESSAGE(layer_of(last, ExplainRole::Chosen).empty(), si.id);
            ++compared;
            placed += p.has_value();
          }
        }
        sim->step();
      }
      CHECK_MESSAGE(compared > 10, si.id, " ", topo);
      CHECK_MESSAGE(placed > 0, si.id, " ", topo);
    }
  }
}
}  // namespace

TEST_CASE("explain: every strategy's explanation decides as preview does, on random states") {
  explanations_decide_as_preview("16x16", false);
}

TEST_CASE("explain: every 3D strategy's explanation decides as preview does on a 3D machine") {
  explanations_decide_as_preview("8x8x6", true);
}

TEST_CASE("explain: on a 3D machine the steps speak of boxes, their bases and layers") {
  const Topology t(TopologyKind::Mesh, 4, 4, 3);
  StrategyOn m("ff3d", t);
  m.hold(1, Block{0, 0, 4, 4, 0, 1});  // layer 0 busy
  const Explanation e = explain(*m.st, m.occ, {2, 2, 2});
  REQUIRE(e.steps.size() == 3);
  CHECK(e.steps[0].caption == "Job 999 asks for a 2 x 2 x 2 box (8 processors); 32 of 48 processors are free.");
  CHECK(e.steps[1].caption == "9 bases where a 2 x 2 x 2 box is entirely free.");
  const std::vector<Block> bases = layer_of(e.steps[1], ExplainRole::FreeBase);
  CHECK(bases == std::vector<Block>{{0, 0, 3, 1, 1, 1}, {0, 1, 3, 1, 1, 1}, {0, 2, 3, 1, 1, 1}});  // all in layer 1
  CHECK(e.steps[2].caption == "Chosen: the 2 x 2 x 2 box with base (0, 0, 1).");
  auto pald = make_strategy("pald3d", t);
  pald->allocated(1, Allocation{{Block{0, 0, 4, 4, 0, 1}}});
  const Explanation p = explain(*pald, m.occ, {1, 1, 3});  // no 3-deep column: 1x1x2, then 1x1x1
  REQUIRE(p.decision);
  CHECK(p.decision->blocks == std::vector<Block>{{0, 0, 1, 1, 1, 2}, {1, 0, 1, 1, 1, 1}});
  CHECK(p.steps[1].caption == "No free place for 1x1x3 (each split at its longest side); 3D First Fit places 1x1x2 at (0, 0): block #1.");
  CHECK(p.steps.back().caption == "Chosen: 2 blocks, 3 processors, the first 1 x 1 x 2 at (0, 0, 1).");
}

TEST_CASE("explain: curve-snake shows its free runs along the curve and the rule that picked one (hand-worked)") {
  // 4x2x2 mesh, snake order: layer 0 row 0 x 0..3 (positions 0-3), row 1 x 3..0 (4-7); layer 1
  // row 1 x 0..3 (8-11), row 0 x 3..0 (12-15). Busy: (1,0,0), (2,1,0) and (1,1,1) = positions 1,
  // 5 and 9. Free runs: 0 | 2-4 | 6-8 | 10-15 (lengths 1, 3, 3, 6).
  const Topology t(TopologyKind::Mesh, 4, 2, 2);
  StrategyOn m("curve-snake", t);
  m.hold(1, Block{1, 0, 1, 1, 0, 1});
  m.hold(2, Block{2, 1, 1, 1, 0, 1});
  m.hold(3, Block{1, 1, 1, 1, 1, 1});
  // 3 nodes: the runs at 2-4 and 6-8 hold them, the shortest first along the curve wins: 2-4 =
  // (2,0,0), (3,0,0), (3,1,0)
  const Explanation e = explain(*m.st, m.occ, {3, 1, 1});
  REQUIRE(e.steps.size() == 3);
  CHECK(e.steps[0].caption == "Job 999 asks for a 3 x 1 x 1 box (3 processors); 13 of 16 processors are free.");
  CHECK(e.steps[1].caption == "The free nodes form 4 runs along the snake order (the shape is not used, only its 3 nodes); 3 runs "
                              "hold them: the shortest (3 nodes, from curve position 2, the first such along the curve) gives its "
                              "first 3.");
  CHECK(layer_of(e.steps[1], ExplainRole::Failed) == std::vector<Block>{{0, 0, 1, 1, 0, 1}});
  CHECK(layer_of(e.steps[1], ExplainRole::Candidate) ==
        std::vector<Block>{{2, 0, 2, 1, 0, 1}, {3, 1, 1, 1, 0, 1}, {0, 1, 2, 1, 0, 1}, {0, 1, 1, 1, 1, 1},
                           {2, 1, 2, 1, 1, 1}, {0, 0, 4, 1, 1, 1}});
  REQUIRE(e.decision);
  CHECK(e.decision->blocks == std::vector<Block>{{2, 0, 2, 1, 0, 1}, {3, 1, 1, 1, 0, 1}});
  // 7 nodes: no run holds them. Free positions 0 2 3 4 6 7 8 10 11 12 13 14 15: the windows of 7
  // from 0, 2, 3, 4 span 8 positions, those from 6, 7, 8 span 7; the first of least span wins
  const Explanation f = explain(*m.st, m.occ, {7, 1, 1});
  CHECK(f.steps[1].caption == "The free nodes form 4 runs along the snake order (the shape is not used, only its 7 nodes); none "
                              "holds them: the 7 free nodes of least span along the curve (positions 6 to 13) are taken.");
  CHECK(layer_of(f.steps[1], ExplainRole::Candidate).empty());
  // 1 node, one free: a 1-node request reads "1 processor"
  const Explanation g = explain(*m.st, m.occ, {1, 1, 1});
  CHECK(g.steps[0].caption == "Job 999 asks for a 1 x 1 x 1 box (1 processor); 13 of 16 processors are free.");
}

// An 8x8x8 mesh (one root cube of side 8) with the 4-cube at (0,0,0) and the 2-cube at (4,0,0)
// busy. Free: six 4-cubes (the other octants of the root but (4,0,0), which is split) and seven
// 2-cubes (the other octants of the 4-cube at (4,0,0)).
namespace {
void hold_two_buddies(StrategyOn& m) {
  m.hold(1, Block{0, 0, 4, 4, 0, 4});
  m.hold(2, Block{4, 0, 2, 2, 0, 2});
}
}  // namespace

TEST_CASE("explain: buddy3d shows the request's cube, the free buddy blocks and the one it splits (hand-worked)") {
  StrategyOn m("buddy3d", Topology(TopologyKind::Mesh, 8, 8, 8));
  hold_two_buddies(m);
  // 3x2x2 rounds up to side 4: the 4-cubes are candidates, the lowest base in (z, y, x) order is
  // (0,4,0), taken whole
  const Explanation e = explain(*m.st, m.occ, {3, 2, 2});
  REQUIRE(e.steps.size() == 3);
  CHECK(e.steps[1].caption == "The request is rounded up to a cube of side 4; 6 free blocks of side 4 or more, 7 smaller. The "
                              "smallest of those have side 4; of them, the one with the lowest base (0, 4, 0) is taken.");
  CHECK(layer_of(e.steps[1], ExplainRole::Candidate) ==
        std::vector<Block>{{0, 4, 4, 4, 0, 4}, {4, 4, 4, 4, 0, 4}, {0, 0, 4, 4, 4, 4}, {4, 0, 4, 4, 4, 4},
                           {0, 4, 4, 4, 4, 4}, {4, 4, 4, 4, 4, 4}});
  CHECK(layer_of(e.steps[1], ExplainRole::Failed).size() == 7);
  CHECK(layer_of(e.steps[1], ExplainRole::Focus) == std::vector<Block>{{0, 4, 4, 4, 0, 4}});
  REQUIRE(e.decision);
  CHECK(e.decision->blocks == std::vector<Block>{{0, 4, 4, 4, 0, 4}});
  // 5x1x1 rounds up to side 8: nothing free is that large
  const Explanation f = explain(*m.st, m.occ, {5, 1, 1});
  CHECK(f.steps[1].caption == "The request is rounded up to a cube of side 8; 0 free blocks of side 8 or more, 13 smaller. None "
                              "is large enough: the job waits.");
  CHECK_FALSE(f.decision);
  // on a square mesh (depth 1) the blocks are squares: 2x2 after the 4-square at (0,0) is busy
  // comes from the 4-square at (4,0), split down to its lower-left corner
  StrategyOn sq("buddy3d", Topology(TopologyKind::Mesh, 8, 8));
  sq.hold(1, Block{0, 0, 4, 4});
  const Explanation g = explain(*sq.st, sq.occ, {2, 2});
  CHECK(g.steps[1].caption == "The request is rounded up to a square of side 2; 3 free blocks of side 2 or more, 0 smaller. The "
                              "smallest of those have side 4; of them, the one with the lowest base (4, 0) is split down to its "
                              "lower-left corner.");
  REQUIRE(g.decision);
  CHECK(g.decision->blocks == std::vector<Block>{{4, 0, 2, 2}});
}

TEST_CASE("explain: mbs3d shows the request's base-8 digits over the free buddy blocks, then the blocks taken (hand-worked)") {
  // 12 = 1 x 8 + 4 x 1: the 2-cube with the lowest base, (6,0,0), then four unit cubes split
  // from the next 2-cube, (4,2,0): its lowest four, (4,2,0) (5,2,0) (4,3,0) (5,3,0).
  StrategyOn m("mbs3d", Topology(TopologyKind::Mesh, 8, 8, 8));
  hold_two_buddies(m);
  const Explanation e = explain(*m.st, m.occ, {3, 2, 2});
  REQUIRE(e.steps.size() == 3);
  CHECK(e.steps[1].caption == "12 processors = 1 x 8 + 4 x 1 (base 8): blocks 1 of side 2, 4 of side 1, largest first, each the "
                              "free block of its side with the lowest base. A missing side is split from the smallest larger free "
                              "block; with none larger, each missing block becomes 8 blocks of half its side. 13 free buddy "
                              "blocks hold 440 processors.");
  CHECK(layer_of(e.steps[1], ExplainRole::Candidate).size() == 13);
  REQUIRE(e.decision);
  CHECK(e.decision->blocks == std::vector<Block>{{6, 0, 2, 2, 0, 2}, {4, 2, 1, 1, 0, 1}, {5, 2, 1, 1, 0, 1}, {4, 3, 1, 1, 0, 1},
                                                 {5, 3, 1, 1, 0, 1}});
  CHECK(e.steps[2].caption == "Chosen: 5 blocks, 12 processors, the first 2 x 2 x 2 at (6, 0, 0).");
}

TEST_CASE("explain: paging shows its pages in index order, free or not, then the pages taken (hand-worked)") {
  // 8x8 mesh, paging_k = 1: 16 pages of side 2, row-major from the bottom row. Busy (0,0)-(2,2)
  // touches the pages at (0,0), (2,0), (0,2), (2,2); 12 pages are free. 9 nodes: the free pages
  // in index order (4,0), (6,0), then (4,2) hold 12 >= 9.
  StrategyParams sp;
  sp.paging_k = 1;
  StrategyOn m("paging", Topology(TopologyKind::Mesh, 8, 8), sp);
  m.busy(1, 0, 0, 2, 2);
  const Explanation e = explain(*m.st, m.occ, {3, 3});
  REQUIRE(e.steps.size() == 3);
  CHECK(e.steps[1].caption == "The machine is cut into 16 pages of side 2, indexed in row-major order; 12 are entirely free, "
                              "holding 48 nodes. The first free pages in index order are taken until they hold the 9 nodes asked "
                              "for.");
  CHECK(layer_of(e.steps[1], ExplainRole::Failed) ==
        std::vector<Block>{{0, 0, 2, 2}, {2, 0, 2, 2}, {0, 2, 2, 2}, {2, 2, 2, 2}});
  CHECK(layer_of(e.steps[1], ExplainRole::Candidate).size() == 12);
  REQUIRE(e.steps[1].labels.size() == 12);  // the free pages numbered 1..12 in index order
  CHECK((e.steps[1].labels[0].x == 4 && e.steps[1].labels[0].y == 0 && e.steps[1].labels[0].value == 1));
  CHECK((e.steps[1].labels[2].x == 4 && e.steps[1].labels[2].y == 2 && e.steps[1].labels[2].value == 3));
  REQUIRE(e.decision);
  CHECK(e.decision->blocks == std::vector<Block>{{4, 0, 2, 2}, {6, 0, 2, 2}, {4, 2, 2, 2}});
  // 49 nodes: the free pages hold 48
  const Explanation f = explain(*m.st, m.occ, {7, 7});
  CHECK(f.steps[1].caption.ends_with("12 are entirely free, holding 48 nodes. They do not hold the 49 nodes asked for: the job waits."));
  CHECK_FALSE(f.decision);
  // a 5x5 mesh in pages of side 2: the last column and row of pages are cut (5 of the 9 pages)
  StrategyOn c("paging", Topology(TopologyKind::Mesh, 5, 5), sp);
  CHECK(explain(*c.st, c.occ, {1, 1}).steps[1].caption.starts_with(
      "The machine is cut into 9 pages of side 2 (5 of them cut by the machine's edges), indexed in row-major order; 9 are "
      "entirely free, holding 25 nodes."));
}

TEST_CASE("explain: random says what it draws from, and the nodes drawn are the decision") {
  const Topology t(TopologyKind::Mesh, 4, 4, 4);
  StrategyOn m("random", t);
  m.hold(1, Block{0, 0, 2, 2, 0, 2});
  const Explanation e = explain(*m.st, m.occ, {2, 1, 1});
  REQUIRE(e.steps.size() == 3);
  CHECK(e.steps[1].caption == "2 of the 56 free nodes, drawn uniformly at random from the run's own random stream (the same link "
                              "draws the same nodes); contiguity is ignored on purpose.");
  REQUIRE(e.decision);
  CHECK(e.decision->nodes() == 2);
  CHECK(explain(*m.st, m.occ, {8, 8, 1}).steps[1].caption == "Fewer nodes are free than the 64 asked for: the job waits.");
}

TEST_CASE("explain: ff3d-rot turns the request through its orientations; bf3d shows the best base's contact (hand-worked)") {
  // 4x4x4 mesh; layers 0-1 busy, and rows y 0-1 of layers 2-3: free are y 2-3 of layers 2-3.
  // 1x1x4 (3 distinct orientations: 1x1x4, 1x4x1, 4x1x1): only 4x1x1 fits, at bases (0,2,2),
  // (0,3,2), (0,2,3), (0,3,3); the first in node-id order wins.
  const Topology t(TopologyKind::Mesh, 4, 4, 4);
  StrategyOn m("ff3d-rot", t);
  m.hold(1, Block{0, 0, 4, 4, 0, 2});
  m.hold(2, Block{0, 0, 4, 2, 2, 2});
  const Explanation e = explain(*m.st, m.occ, {1, 1, 4});
  REQUIRE(e.steps.size() == 5);
  CHECK(e.steps[1].caption == "0 bases where a 1 x 1 x 4 box is entirely free. None: the request is turned.");
  CHECK(e.steps[2].caption == "0 bases where a 1 x 4 x 1 box is entirely free. None: the request is turned.");
  CHECK(e.steps[3].title == "Orientation 3 of 3");
  CHECK(e.steps[3].caption == "4 bases where a 4 x 1 x 1 box is entirely free. The first in node-id order wins.");
  REQUIRE(e.decision);
  CHECK(e.decision->blocks == std::vector<Block>{{0, 2, 4, 1, 2, 1}});
  // bf3d, 2x2x2 beside a busy 2x2x2 at the origin (and one at (2,2,2)): the box at (2,0,0) touches
  // 4 busy nodes on its -x face and 4 edge nodes on each of its +x, -y and -z faces: 16; the boxes
  // at (0,2,0), (2,2,0) and (0,0,2) score 16 too, and the first base in node-id order wins
  StrategyOn b("bf3d", t);
  b.hold(1, Block{0, 0, 2, 2, 0, 2});
  b.hold(2, Block{2, 2, 2, 2, 2, 2});
  const Explanation f = explain(*b.st, b.occ, {2, 2, 2});
  REQUIRE(f.steps.size() == 3);
  CHECK(f.steps[1].caption == "12 bases where a 2 x 2 x 2 box is entirely free. The best, base (2, 0, 0), touches 16 busy nodes or "
                              "edges across its faces.");
  CHECK(layer_of(f.steps[1], ExplainRole::Candidate) == std::vector<Block>{{2, 0, 2, 2, 0, 2}});
  REQUIRE(f.decision);
  CHECK(f.decision->blocks == std::vector<Block>{{2, 0, 2, 2, 0, 2}});
}

TEST_CASE("explain: mfa Example 1 (Srinivasan et al. 2004 Fig. 1, T(3,2)) shows index 10 at <2,5> and stops there") {
  StrategyOn m("mfa", Topology(TopologyKind::Mesh, 8, 8));
  fig1_state(m.occ, *m.st);
  const Explanation e = explain(*m.st, m.occ, {3, 2});
  REQUIRE(e.decision);
  CHECK(e.decision->blocks[0] == Block{2, 5, 3, 2});
  // request, reject set, coverage set, candidates around β1 (stops at the maximum), decision
  REQUIRE(e.steps.size() == 5);
  CHECK(e.steps[1].title == "Reject set");
  CHECK(layer_of(e.steps[1], ExplainRole::Reject) == std::vector<Block>{{6, 0, 2, 8}, {0, 7, 6, 1}});
  CHECK(e.steps[2].title == "Coverage set");
  CHECK(!layer_of(e.steps[2], ExplainRole::Coverage).empty());
  CHECK(layer_of(e.steps[3], ExplainRole::Focus) == std::vector<Block>{{1, 2, 4, 3}});  // β1
  // Table I around β1: <5,1> = 3, <5,2> = 4, <5,3> = 6 (see test_mfa.cpp), <5,4> unavailable
  CHECK(has_label(e, 5, 1, 3));
  CHECK(has_label(e, 5, 2, 4));
  CHECK(has_label(e, 5, 3, 6));
  CHECK(has_label(e, 5, 4, -1));
  CHECK(has_label(e, 2, 5, 10));  // the maximum 2(p+q): found around β1's top
  CHECK(e.steps[3].caption.find("stops here") != std::string::npos);
  CHECK(e.steps[4].title == "Decision");
}

TEST_CASE("explain: mfa Example 2 (Srinivasan et al. 2004 Fig. 5) shows <0,3> = 7 first and <2,5> = 7 later; <0,3> wins") {
  StrategyOn m("mfa", Topology(TopologyKind::Mesh, 8, 8));
  m.busy(1, 0, 0, 3, 2);
  m.busy(2, 5, 5, 6, 6);
  m.busy(3, 0, 5, 1, 6);
  m.busy(4, 2, 7, 4, 7);
  const Explanation e = explain(*m.st, m.occ, {3, 2});
  REQUIRE(e.decision);
  CHECK(e.decision->blocks[0] == Block{0, 3, 3, 2});
  // Table II (around β1): <4,0> = 5, <4,1> = 2, <4,2> = 1, <3,3> = 2, <0,3> = 7
  std::size_t s03 = 0, s25 = 0;
  for (std::size_t i = 0; i < e.steps.size(); ++i)
    for (const ExplainLabel& l : e.steps[i].labels) {
      if (l.x == 0 && l.y == 3 && l.value == 7 && !s03) s03 = i;  // first occurrences
      if (l.x == 2 && l.y == 5 && l.value == 7 && !s25) s25 = i;
    }
  CHECK(has_label(e, 4, 0, 5));
  CHECK(has_label(e, 4, 1, 2));
  CHECK(has_label(e, 4, 2, 1));
  CHECK(has_label(e, 3, 3, 2));
  REQUIRE(s03 > 0);
  REQUIRE(s25 > 0);
  CHECK(s03 < s25);  // <2,5> is examined around a later busy submesh: the tie keeps <0,3>
  CHECK(has_label(e, 0, 3, 7));
  CHECK(e.steps.back().labels.size() == 1);
  CHECK(e.steps.back().labels[0].value == 7);
}

TEST_CASE("explain: mfa on an empty mesh goes to the boundary candidates") {
  StrategyOn m("mfa", Topology(TopologyKind::Mesh, 6, 6));
  const Explanation e = explain(*m.st, m.occ, {2, 3});
  REQUIRE(e.decision);
  bool boundary = false;
  for (const ExplainStep& s : e.steps) boundary = boundary || s.title == "Boundary candidates";
  CHECK(boundary);
  CHECK(e.decision->blocks[0] == Block{0, 0, 2, 3});  // corner, index 2(p+q) - (p+q) = 5, first found
}

TEST_CASE("explain: pald-ff lists its blocks in the order Fig. 1's splitting takes them") {
  // 4x4 mesh, column x = 2 busy: no free 3x2. PALD-FF splits 3x2 -> 2x2 (at (0,0)) then 1x2 (at (3,0)).
  StrategyOn m("pald-ff", Topology(TopologyKind::Mesh, 4, 4));
  m.busy(1, 2, 0, 2, 3);
  const Explanation e = explain(*m.st, m.occ, {3, 2});
  REQUIRE(e.decision);
  CHECK(e.decision->blocks == std::vector<Block>{{0, 0, 2, 2}, {3, 0, 1, 2}});
  REQUIRE(e.steps.size() == 4);  // request, block #1, block #2, decision
  CHECK(e.steps[1].title == "Block #1");
  CHECK(e.steps[1].caption.find("No free place for 3x2") != std::string::npos);
  CHECK(layer_of(e.steps[1], ExplainRole::Focus) == std::vector<Block>{{0, 0, 2, 2}});
  CHECK(e.steps[2].title == "Block #2");
  CHECK(layer_of(e.steps[2], ExplainRole::Piece) == std::vector<Block>{{0, 0, 2, 2}});
  CHECK(layer_of(e.steps[2], ExplainRole::Focus) == std::vector<Block>{{3, 0, 1, 2}});
  CHECK(has_label(e, 0, 0, 1));
  CHECK(has_label(e, 3, 0, 2));
}

TEST_CASE("explain: pald-bf with max_blocks = 1 explains the cap") {
  const Topology t(TopologyKind::Mesh, 4, 4);
  Occupancy occ(t);
  auto st = find_strategy("pald-bf")->make(t, StrategyParams{1});
  busy(occ, *st, 1, 2, 0, 2, 3);
  const Explanation e = explain(*st, occ, {3, 2});
  CHECK(!e.decision);
  CHECK(e.steps[1].title == "Block cap");
}

TEST_CASE("explain: qtree shows the partition leaves, S1 and the corner choice") {
  StrategyOn m("qtree", Topology(TopologyKind::Mesh, 8, 8));
  m.busy(1, 0, 0, 3, 3);  // carves the root at (4,4): BL busy; TL, TR, BR free
  const Explanation e = explain(*m.st, m.occ, {2, 2});
  REQUIRE(e.steps.size() >= 5);
  CHECK(e.steps[1].title == "Partition tree");
  std::vector<Block> fr = layer_of(e.steps[1], ExplainRole::PartitionFree);
  std::sort(fr.begin(), fr.end(), [](const Block& a, const Block& b) { return std::pair(a.x, a.y) < std::pair(b.x, b.y); });
  CHECK(fr == std::vector<Block>{{0, 4, 4, 4}, {4, 0, 4, 4}, {4, 4, 4, 4}});
  CHECK(layer_of(e.steps[1], ExplainRole::PartitionBusy) == std::vector<Block>{{0, 0, 4, 4}});
  CHECK(e.steps[2].title == "Candidates");
  // candidates: the three free leaves and the combinations TL+TR (8x4 on top) and TR+BR (4x8 right)
  CHECK(layer_of(e.steps[2], ExplainRole::Candidate).size() == 5);
  CHECK(e.steps[3].title == "Best fit");
  CHECK(e.steps[4].title == "Size expanding");
  REQUIRE(e.decision);
  const Block c = layer_of(e.steps[3], ExplainRole::Focus).at(0);
  CHECK(c.w * c.h == 16);  // a single 4x4 leaf, disjoint from S1 where possible
  CHECK(e.steps[4].labels.size() == 4);  // the four corners' MCF
  CHECK(same(e.decision, m.ask({2, 2})));
}

TEST_CASE("explain: itat shows its busy tree and numbers the leaves in probe order") {
  StrategyOn m("itat", Topology(TopologyKind::Torus, 6, 6));
  Rng rng(1);
  auto a = m.st->allocate(Request{1, {2, 2}}, m.occ, rng);  // at the root <0,0>
  REQUIRE(a);
  m.occ.assign(*a, 1);
  m.st->allocated(1, *a);
  const Explanation e = explain(*m.st, m.occ, {3, 3});
  REQUIRE(e.steps.size() >= 4);
  CHECK(e.steps[1].title == "Busy tree");
  CHECK(e.steps[1].edges.size() == 4);  // root -> 2 top + 2 right leaves
  CHECK(layer_of(e.steps[1], ExplainRole::TreeNode).size() == 5);
  REQUIRE(e.decision);
  CHECK(same(e.decision, m.ask({3, 3})));
  CHECK(has_label(e, 0, 2, 1));  // first leaf in level order: above the job, leftmost
}

TEST_CASE("explain: nas shows ASFF, the nucleus it grows from, and numbers the grown nodes") {
  // The thesis's 4x3 example (busy_states.hpp): the 2x4 nucleus at (0,0), then (2,0), (3,0),
  // and (4,0), (3,1) grown from it breadth-first.
  const Occupancy occ = nas_4x3_example();
  auto st = make_strategy("nas", occ.topology());
  const Explanation e = explain(*st, occ, {4, 3});
  const std::vector<Block> want = {{0, 0, 2, 4}, {2, 0, 1, 1}, {3, 0, 1, 1}, {4, 0, 1, 1}, {3, 1, 1, 1}};
  REQUIRE(e.decision);
  CHECK(e.decision->blocks == want);
  CHECK(same(e.decision, ask(*st, occ, {4, 3})));
  // request, ASFF (nothing fits), the 2x4 nucleus grown, decision
  REQUIRE(e.steps.size() == 4);
  CHECK(e.steps[1].title == "Step 2-3: ASFF");
  CHECK(e.steps[1].caption.find("none of") != std::string::npos);
  CHECK(layer_of(e.steps[1], ExplainRole::Chosen).empty());
  CHECK(e.steps[2].title == "Nucleus 2x4");
  CHECK(layer_of(e.steps[2], ExplainRole::Focus) == std::vector<Block>{{0, 0, 2, 4}});
  CHECK(e.steps[2].caption.find("then 4 free neighbours breadth-first") != std::string::npos);
  // the decision: the nucleus chosen, every piece numbered in growth order
  const ExplainStep& d = e.steps.back();
  CHECK(d.title == "Decision");
  CHECK(layer_of(d, ExplainRole::Chosen) == std::vector<Block>{{0, 0, 2, 4}});
  CHECK(layer_of(d, ExplainRole::Piece) == want);
  REQUIRE(d.labels.size() == want.size());
  for (std::size_t i = 0; i < want.size(); ++i) CHECK(has_label(e, want[i].x, want[i].y, int(i + 1)));
}

TEST_CASE("explain: the default explanation has the request, the free bases and the decision") {
  StrategyOn m("ff", Topology(TopologyKind::Mesh, 8, 8));
  m.busy(1, 0, 0, 3, 3);
  const Explanation e = explain(*m.st, m.occ, {2, 2});
  REQUIRE(e.steps.size() == 3);
  CHECK(e.steps[0].title == "Request");
  CHECK(e.steps[1].title == "Free bases");
  CHECK(e.steps[2].title == "Decision");
  int n = 0;
  for (const Block& b : layer_of(e.steps[1], ExplainRole::FreeBase)) n += b.area();
  CHECK(n == m.occ.free_bases(2, 2).count());
  CHECK(layer_of(e.steps[2], ExplainRole::Chosen) == std::vector<Block>{{4, 0, 2, 2}});
}

TEST_CASE("explain: ibmat's coverage array after each pass; iblat's coverage list") {
  StrategyOn m("ibmat", Topology(TopologyKind::Mesh, 6, 6));
  auto il = make_strategy("iblat", m.t);
  m.busy(1, 1, 1, 1, 1);
  il->allocated(1, Allocation{{Block{1, 1, 1, 1}}});
  const Explanation a = explain(*m.st, m.occ, {2, 2});
  REQUIRE(a.steps.size() == 4);  // request, row pass, column pass, decision
  CHECK(a.steps[1].title == "Row pass 2x2");
  CHECK(layer_of(a.steps[1], ExplainRole::Busy) == std::vector<Block>{{1, 1, 1, 1}});
  CHECK(layer_of(a.steps[1], ExplainRole::Coverage) == std::vector<Block>{{0, 1, 1, 1}});  // left coverage
  int bases = 0;
  for (const Block& b : layer_of(a.steps[2], ExplainRole::FreeBase)) bases += b.area();
  CHECK(bases == m.occ.free_bases(2, 2).count());
  CHECK(same(a.decision, m.ask({2, 2})));
  const Explanation l = explain(*il, m.occ, {2, 2});
  REQUIRE(l.steps.size() == 3);  // request, coverage list, decision
  CHECK(layer_of(l.steps[1], ExplainRole::Coverage) == std::vector<Block>{{0, 0, 2, 2}});
  CHECK(layer_of(l.steps[1], ExplainRole::Reject) == std::vector<Block>{{5, 0, 1, 6}, {0, 5, 5, 1}});
  REQUIRE(l.decision);
  CHECK(l.decision->blocks[0] == Block{2, 0, 2, 2});
  CHECK(same(l.decision, ask(*il, m.occ, {2, 2})));
}
