// explain.hpp — what a strategy sees before one decision, as plain data (the page's
// Explain mode): a list of steps, each a one-sentence caption plus layers of rectangles tagged with a
// role (reject set, coverage set, candidate bases, partitions, tree nodes, numbered pieces,
// the chosen blocks) and numbers at nodes (e.g. MFA's optimality index at each candidate).
// The model knows no screen: the UI decides colours per role; tests read the same data.
//
// Strategy::explain (strategy.hpp) builds one. The default reproduces the three generic stages
// (request, free bases, decision); strategies with something to show override it in their own
// file, reusing their own search code so the explanation cannot drift from the decision.
// Invariant (tests/test_explain.cpp): `decision` equals what allocate() returns for the same
// request, occupancy and random stream, and the last step shows it.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>
#include "../core/geometry.hpp"
#include "occupancy.hpp"

namespace alloclab {

class Strategy;
struct Request;
class Rng;

// What a layer's rectangles mean (the UI's legend: one colour per role).
enum class ExplainRole : std::uint8_t {
  FreeBase,       // a base where the requested block would be entirely free
  Reject,         // a base whose block would cross the mesh edge (MFA's Δ_T, IBMAT's Edge)
  Coverage,       // a base whose block would overlap a busy node (MFA's Ξ_T, IBMAT's CT)
  Busy,           // a busy submesh the strategy works from (busy list entry, tree base)
  Focus,          // the busy submesh / partition being examined in this step
  Candidate,      // a candidate base or sub-system examined
  PartitionFree,  // a free leaf of a partition tree (Quad-tree)
  PartitionBusy,  // a busy leaf of a partition tree
  TreeNode,       // a node of a search tree (ITAT's leaves), edges in ExplainStep::edges
  Failed,         // something tried that did not work (a probe without room, a nucleus)
  Piece,          // a block taken, numbered in allocation order (labels)
  Chosen,         // the decision
};
inline constexpr int kExplainRoles = 12;
// Short legend name of a role ("reject", "coverage", ...).
const char* explain_role_name(ExplainRole r);

struct ExplainLayer {
  ExplainRole role = ExplainRole::Candidate;
  std::vector<Block> blocks;  // may wrap on a torus, like every Block
};

// A number written at node (x, y): an optimality index, a probe rank, a block number.
struct ExplainLabel {
  int x = 0, y = 0;
  int value = 0;
};

// A line between two nodes (a tree edge), drawn from centre to centre.
struct ExplainEdge {
  Coord from, to;
};

struct ExplainStep {
  std::string title;    // a few words ("Reject set", "Block #3")
  std::string caption;  // one sentence
  std::vector<ExplainLayer> layers;  // drawn in order (later on top)
  std::vector<ExplainLabel> labels;
  std::string labels_mean;  // what the numbers are ("optimality index", "block number")
  std::vector<ExplainEdge> edges;
  // The layer of `role` (created at the end if missing). References to layers obtained this
  // way stay valid while layers are added only through layer() (at most one per role).
  ExplainLayer& layer(ExplainRole role);
};

struct Explanation {
  std::vector<ExplainStep> steps;
  std::optional<Allocation> decision;  // what the strategy decides; the last step shows it
  long long ops = -1;                  // the decision's counted operations (Simulation::explain; -1 unknown)
};

// ---- building blocks shared by the strategies' explain()
// "1 leaf", "3 leaves": n and the noun in the right number.
std::string explain_count(int n, const char* one, const char* many);
// Appends the set bits of a base mask to `out` as row runs (one 1-high block per run).
void add_mask_runs(std::vector<Block>& out, const BaseMask& m);
// "Job J asks for p × q (n processors); F of N are free." (p × q × r on a 3D machine)
ExplainStep explain_request_step(const Request& req, const Occupancy& occ);
// Every base where the block of `s` would be entirely free (FreeBase layer; on a 3D machine the
// bases of free boxes, as row runs with their layer).
ExplainStep explain_free_bases_step(Shape s, const Occupancy& occ);
// The same step from bases already found (`m`: occ.free_bases in 2D, BoxQuery::free_boxes's
// mask on a machine of depth > 1).
ExplainStep explain_free_bases_step(Shape s, const Occupancy& occ, const BaseMask& m);
// The decision (Chosen layer; pieces numbered when there are several) or "no place"; on a
// machine of depth > 1 boxes and bases with their layer.
ExplainStep explain_decision_step(const std::optional<Allocation>& a, const Request& req, int depth = 1);
// What `s` decides on a copy of itself and of the random stream (nothing is changed).
std::optional<Allocation> explain_decide(const Strategy& s, const Request& req, const Occupancy& occ, const Rng& rng);
// The default explanation: request, free bases, decision (Strategy::explain's default).
Explanation explain_default(const Strategy& s, const Request& req, const Occupancy& occ, const Rng& rng);

}  // namespace alloclab
