// strategy.hpp — the allocation-strategy interface and the one registry of strategies.
//
// A strategy decides where a job goes; it never changes the occupancy itself. The simulation
// applies the decision (Occupancy::assign) and then tells the strategy (allocated / released)
// so that strategies with their own bookkeeping (buddy trees, busy lists, free lists) stay in
// step. Strategies are values: clone() copies one with all its state (compare mode, snapshots).
//
// Counted work: every strategy adds its elementary operations to a counter (count()) as it
// decides (allocate + allocated) and releases (released), all in one unit
// (docs/model/allocation-time.md): one read or write of one machine word or of one element of
// the strategy's own structure — a 64-bit bitmap word processed, one node's state read on its
// own, one list entry or tree node visited, one coverage cell — counting what the code does.
// Each strategy's file header says which of these its operations are; `alloclab bench
// opsrate` holds the counts against CPU time. The counter is a plain integer in the strategy object: deterministic (no clocks), identical
// native and wasm, copied with the strategy. The simulation reads ops() before and after each
// call (results mean_allocation_ops, max_allocation_ops, mean_release_ops; key alloc_cost).
//
// Adding a strategy = one .cpp file defining its factory + one row in registry.cpp (and,
// optionally, an explain() override in the same file for the UI's Explain mode).
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>
#include "../core/error.hpp"
#include "../core/geometry.hpp"
#include "../core/rng.hpp"
#include "explain.hpp"
#include "occupancy.hpp"

namespace alloclab {

// Strategy parameters that come from the scenario (keys of the parameter table).
enum class PagingOrder { RowMajor, Snake, Shuffled };

struct StrategyParams {
  int max_blocks = 0;  // cap on blocks per job for non-contiguous strategies (0 = none)
  int paging_k = 0;    // Paging(k): pages of side 2^k
  PagingOrder paging_order = PagingOrder::RowMajor;  // Paging: page indexing order
  bool ocs = true;  // cube pods (key ocs): optical circuit switches join the cubes (pod/pods.hpp)
};

struct Request {
  JobId job = kNoJob;
  Shape shape;  // requested columns × rows
  // Pod machines (key slices): a multislice job asks for `slices` slices of `shape`, placed all
  // at once or not at all (multislice.hpp); the allocation lists the slices' blocks in order.
  int slices = 1;
  int chips() const { return shape.area() * slices; }
};

class Strategy {
 public:
  virtual ~Strategy() = default;
  // Where to put the request on this occupancy, or nullopt if it cannot be placed now.
  // Must not assume anything about occupancy beyond what allocated/released reported.
  virtual std::optional<Allocation> allocate(const Request& req, const Occupancy& occ, Rng& rng) = 0;
  // The simulation applied `a` for `job` (called after Occupancy::assign).
  virtual void allocated(JobId /*job*/, const Allocation& /*a*/) {}
  // `job` departed; its allocation was freed (called after Occupancy::release).
  virtual void released(JobId /*job*/, const Allocation& /*a*/) {}
  virtual std::unique_ptr<Strategy> clone() const = 0;
  // What the strategy sees for `req` before deciding, step by step (explain.hpp), ending with
  // the decision allocate() would make with a copy of `rng`. Changes nothing. The default
  // shows the request, the free bases and the decision; strategies override it in their file.
  virtual Explanation explain(const Request& req, const Occupancy& occ, const Rng& rng) const {
    return explain_default(*this, req, occ, rng);
  }
  // Elementary operations counted so far by this object (decisions and releases together).
  Ops ops() const { return ops_; }
  // True when a failed allocate() depends only on the request, the occupancy and what
  // allocated()/released() told the strategy, draws no random numbers and changes nothing an
  // observer sees but ops(): asked again with no change in between, it fails again with the
  // same count. The simulation then repeats such a failure without calling allocate() (a
  // waiting head is retried after every network cycle): repeat_failure(ops) adds the count.
  // Each strategy that says so is checked by a test (every decision replayed is also made for
  // real and compared with check=1). Default: false (always called).
  virtual bool repeats_failures() const { return false; }
  void repeat_failure(Ops n) { ops_ += n; }

 protected:
  void count(Ops n) { ops_ += n; }
  Ops ops_ = 0;  // helpers that count (find_ff, free_bases(..., ops)) add to it directly
};

// CRTP helper: gives a strategy its clone() from the copy constructor.
template <class Derived>
class StrategyBase : public Strategy {
 public:
  std::unique_ptr<Strategy> clone() const override {
    return std::make_unique<Derived>(static_cast<const Derived&>(*this));
  }
};

// Busy-list bookkeeping for the strategies that work from the list of busy submeshes (seed
// 000's busy set B: mfa, bl, qa, sba, adj): the reported blocks in report order; released()
// removes the job's blocks. Counted: one operation per entry appended (allocated), one per
// entry compared and one per entry the erase moves (released).
template <class Derived>
class BusyListStrategy : public StrategyBase<Derived> {
 public:
  void allocated(JobId job, const Allocation& a) override {
    for (const Block& b : a.blocks) busy_.push_back({job, b});
    this->count(Ops(a.blocks.size()));
  }
  // Release, per block: entries 0..i compared (i + 1), then the erase moves the size - i - 1
  // entries after entry i down by one: the list's size in all, counted before the erase.
  void released(JobId job, const Allocation& a) override {
    for (const Block& b : a.blocks)
      for (std::size_t i = 0; i < busy_.size(); ++i)
        if (busy_[i].job == job && busy_[i].block == b) {
          this->count(Ops(busy_.size()));
          busy_.erase(busy_.begin() + std::ptrdiff_t(i));
          break;
        }
  }

 protected:
  struct Busy {
    JobId job;
    Block block;
  };
  std::vector<Busy> busy_;
};

using StrategyFactory = std::unique_ptr<Strategy> (*)(const Topology&, const StrategyParams&);
// Extra topology requirement of a strategy (e.g. 2D buddy needs a square power-of-two mesh);
// returns an empty string when the machine is acceptable, else why not.
using TopologyCheck = std::string (*)(const Topology&);

// What a strategy is sure to find on any machine state (recognition completeness), with its
// default parameters. One test (tests/test_strategies_core.cpp) checks every row against a
// brute-force search.
// On a 3D machine a request is p×q×r and a block a box.
enum class Finds {
  Requested,  // a p×q(×r) block whenever one is free (the requested orientation only)
  Either,     // a p×q or q×p block whenever one of the two is free; in 3D a box of any of the
              // six orientations (axis permutations) of p×q×r whenever one is free
  FreeNodes,  // p·q(·r) nodes whenever that many are free (non-contiguous)
  Aligned,    // a p×q block at an aligned base (x a multiple of p, y of q, inside the machine,
              // not wrapping) whenever one is free, and only there: the pod policies' legal slice
              // positions (slice_grid.hpp)
  CubeSlices, // a legal slice of a cube pod (pod/pods.hpp) whenever one is free, and only those:
              // the cube policies (cube_grid.hpp); cube pods only
  Maybe,      // no such promise (frames, trees, a fixed list of shapes, a random probe, ...)
};

// The machines a strategy is defined on: 2D only (refused on a machine of depth > 1), 2D and 3D
// (any depth; on depth 1 it is its own 2D special case), or the 3D machines of the cube pods only
// (the cube policies: their row's check names the machines).
enum class Dims { Two, TwoAndThree, CubePods };

struct StrategyInfo {
  std::string_view id;
  StrategyFactory make;
  std::string_view help;   // one line
  bool any_shape = false;  // may give a job any w x h = p*q in place of p x q (swf_shape=asff)
  bool torus;              // runs on a torus (wrap-aware)
  bool contiguous;         // one block per job
  Dims dims;               // the machines it is defined on
  Finds finds;             // what it is sure to find
  TopologyCheck check = nullptr;  // why a machine is refused ("" = accepted); nullptr = none
  // The fingerprint of its decisions: an FNV-1a hash of every placement it makes on the fixed
  // busy states and allocate/release churns of tests/test_alloc_golden.cpp. That test fails
  // when the decisions differ from it, and prints the value to write here (0 = not recorded
  // yet: a new strategy fails until its decisions are recorded, once they are right). A change
  // that must not change decisions (a speed-up) leaves it alone; a deliberate change of
  // behaviour updates it in the same commit.
  std::uint64_t golden;
  // The same for rows defined in 3D (dims = TwoAndThree): the hash of its decisions on the 3D
  // states and churns of that test (0 for 2D-only rows, and not recorded yet for a new row).
  std::uint64_t golden3d = 0;
  // For a row defined on 2D machines only: the row that applies the same rule in 3D ("" when
  // none does). strategy_for_machine() uses it when a 3D machine is chosen for the user (the
  // page's shipped 3D log).
  std::string_view in3d = {};
};

// The registry, in the order `alloclab list` and the UI show it.
std::span<const StrategyInfo> strategies();
const StrategyInfo* find_strategy(std::string_view id);
// Why this strategy cannot run on this machine ("" when it can).
std::string strategy_unsupported(const StrategyInfo& s, const Topology& t);
// The row to run on t in place of s: s itself when it runs there; else its 3D counterpart
// (StrategyInfo::in3d) when that runs there; else the first row of the registry that runs there
// and is contiguous as s is; nullptr when none does.
const StrategyInfo* strategy_for_machine(const StrategyInfo& s, const Topology& t);

// Helpers shared by strategies.
// The p×q block (on a torus possibly wrapping) with base (x, y).
inline Block block_at(int x, int y, Shape s) { return Block{x, y, s.w, s.h}; }
// Calls f(first, last) (inclusive) for the one or two plain ranges of the cyclic range of
// `len` positions starting at `lo` (any integer) on a ring of n positions; the whole ring when
// len >= n. Used for coverage areas that wrap around a torus edge.
template <class F>
void for_each_ring_range(int lo, int len, int n, F&& f) {
  if (len <= 0) return;
  if (len >= n) { f(0, n - 1); return; }
  lo = ((lo % n) + n) % n;
  const int hi = lo + len - 1;
  if (hi < n) f(lo, hi);
  else { f(lo, n - 1); f(0, hi - n); }
}

// Number of nodes just outside the block's perimeter that are busy or off the mesh edge
// (MFA's optimality index, Srinivasan et al. 2004 Definition 6; BF's "busy neighbours" score). Each
// perimeter side contributes its length; corners are not counted. On a torus there is no edge.
int boundary_contact(const Occupancy& occ, const Block& b);

}  // namespace alloclab
