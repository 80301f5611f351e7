// torus_views.hpp — read-only views into the torus strategies of Jakimczuk et al. 2013
// (ICN 2013) for tests and the UI: IBMAT's coverage array (Fig. 4) and ITAT's busy tree
// (Fig. 5). The strategies themselves are reached through the registry like every other.
#pragma once
#include <cstdint>
#include <vector>
#include "strategy.hpp"

namespace alloclab {

// ---- IBMAT (ibmat.cpp)
// One cell of the coverage array CT with respect to a job J(p,q): the region that excludes
// the node as a base of J, or Base when the node is a valid base. When several regions apply
// the first in this order wins: Job (the node is busy), Left (a busy node lies within p−1
// columns to the right in the same row), then, for the remaining cells with a Job/Left/Edge
// cell within q−1 rows above: Bottom, or Edge if the nearest such cell is an Edge cell or the
// mesh's top edge comes first. Edge is mesh only: the block would cross the right or top edge.
enum class Coverage : std::uint8_t { Base = 0, Job, Left, Bottom, Edge };
// CT for J(shape.w, shape.h) on this occupancy, row-major (index y·W + x), built with IBMAT's
// row and column passes. Empty when the shape does not fit the machine's sides.
std::vector<Coverage> ibmat_coverage(const Occupancy& occ, Shape shape);

// ---- ITAT (itat.cpp)
struct ItatTreeNode {
  enum class Kind : std::uint8_t { Root, Base, FreeLeaf, BusyLeaf };
  Kind kind = Kind::Root;
  Coord pos;                  // the node <c,r>
  int parent = -1;            // index into the snapshot (-1 for the root)
  std::vector<int> children;  // indices into the snapshot, in the tree's left-to-right order
  int level = 0;              // 0 = root
  JobId job = kNoJob;         // the job whose base this node is (kNoJob for leaves; the root
                              // carries a job only while a job is based at <0,0>)
  Block block;                // that job's block (meaningful only when job != kNoJob)
  bool generated = false;     // one of the parent's top/right children (false: reattached)
};
// Level-order snapshot of ITAT's busy tree (index 0 = root, then level by level, left to right:
// the order in which ITAT searches). Leaf status (free/busy) is read from `occ`, which should
// be the occupancy the strategy has been kept in step with. Empty if `s` is not ITAT.
std::vector<ItatTreeNode> itat_tree(const Strategy& s, const Occupancy& occ);

}  // namespace alloclab
