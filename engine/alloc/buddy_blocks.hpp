// buddy_blocks.hpp — the buddy blocks of a 2D or 3D machine, kept as free lists per size: the
// bookkeeping 3D Buddy (buddy3d.cpp) and MBS (mbs.cpp: the mbs and mbs3d rows) share.
//
// The machine is divided once into root blocks: cubes of side 2^L on a 3D machine (squares on a
// machine of depth 1). Greedily, the largest power-of-two side s that fits every side of the
// region (all three in 3D; width and height on depth 1) tiles its lower-left-front part with
// ⌊w/s⌋×⌊h/s⌋(×⌊d/s⌋) roots; the strip to the right (w mod s wide, as high and deep as the
// tiles), the strip above (full width, as deep as the tiles) and the slab behind (full width and
// height) are divided the same way, recursively (on depth 1: the division of Lo et al.'s MBS as
// mbs.cpp states it). The SST scheduler's octet MBS divides a 3D machine the same way, one cube at
// a time.
// Roots are never merged with each other and never wrap (on a torus too).
//
// A block of level l (side 2^l) splits into its 2^dims buddies of level l − 1 (eight octants in
// 3D, four quadrants on depth 1); a block and its buddies recombine when all are free. Free
// blocks are kept by base node id, so "the first free block of a size" is the lowest in node-id
// order (z, then y, then x). allocated() / released() accept any blocks: a block that is exactly
// one buddy block is carved out (splitting the free block containing it) or given back (and
// recombined); any other box (a busy box reported by `alloclab place`, a test's state) is handled
// node by node. begin_trial() / undo() let a strategy try splits while deciding and take them
// back (allocate() must change nothing).
//
// Counted work (ops(), drained by the strategy): one free-list insert or erase, one level looked
// at while carving, and 2^dims buddy look-ups per level climbed while recombining.
#pragma once
#include <vector>
#include "../core/id_set.hpp"
#include "strategy.hpp"

namespace alloclab {

class BuddyBlocks {
 public:
  explicit BuddyBlocks(const Topology& t);
  int dims() const { return dims_; }
  // The largest root level (every block has level 0..top()).
  int top() const { return top_; }
  // Buddies of one block (8 in 3D, 4 on depth 1).
  int arity() const { return 1 << dims_; }
  // Nodes in a block of level l.
  int nodes_at(int l) const { return 1 << (dims_ * l); }
  // The block of level l with base node `id`.
  Block block(int l, int id) const;
  // Base ids of the free blocks of level l.
  const IdSet& free_list(int l) const { return free_[std::size_t(l)]; }
  // Nodes in free blocks.
  int free_nodes() const { return free_nodes_; }

  // Trial changes while deciding: everything after begin_trial() is taken back by undo().
  void begin_trial() { logging_ = true; }
  void undo();
  // Takes the free block (l, id) out of its free list.
  void take(int l, int id) { erase(l, id); }
  // The free block (l, id) -> its buddies at level l − 1 (the base keeps its id).
  void split(int l, int id);

  // The simulation placed / freed these blocks (any boxes inside the machine, wrapping or not).
  void allocated(const Allocation& a);
  void released(const Allocation& a);

  // All free blocks, largest level first, then by base id (tests, Explain).
  std::vector<Block> free_blocks() const;
  // Work counted since the last call (and reset).
  Ops drain_ops() {
    const Ops n = ops_;
    ops_ = 0;
    return n;
  }

 private:
  struct Root { int x, y, z, level; };
  struct LogEntry { int level, id; bool inserted; };
  void divide(int x, int y, int z, int w, int h, int d);
  void insert(int l, int id);
  void erase(int l, int id);
  // Base id of the level-l block containing node (x, y, z), or −1 above its root's level.
  int base_at(int x, int y, int z, int l) const;
  // Whether b is exactly one buddy block; its level in l.
  bool buddy_level(const Block& b, int& l) const;
  // Calls f(id) for the buddies of level l − 1 inside the block (l, id), the base first.
  template <class F>
  void for_each_child(int l, int id, F&& f) const;
  void carve(int x, int y, int z, int l);
  void give_back(int x, int y, int z, int l);

  Topology topo_;
  int dims_;
  int top_ = 0;
  std::vector<Root> roots_;
  std::vector<int> root_of_;   // node id -> root index
  std::vector<IdSet> free_;    // free_[l]: base ids of the free blocks of level l
  int free_nodes_ = 0;
  bool logging_ = false;
  std::vector<LogEntry> log_;
  Ops ops_ = 0;
};

// The strategies built on BuddyBlocks: allocated() and released() keep the blocks in step and
// count their work.
template <class Derived>
class BuddyBlocksStrategy : public StrategyBase<Derived> {
 public:
  explicit BuddyBlocksStrategy(const Topology& t) : bb_(t) { (void)bb_.drain_ops(); }
  void allocated(JobId, const Allocation& a) override {
    bb_.allocated(a);
    this->count(bb_.drain_ops());
  }
  void released(JobId, const Allocation& a) override {
    bb_.released(a);
    this->count(bb_.drain_ops());
  }
  const BuddyBlocks& blocks() const { return bb_; }

 protected:
  BuddyBlocks bb_;
};

}  // namespace alloclab
