// decider.hpp — the allocator as a simulation uses it: the strategy's decisions, timed and
// counted, the replay of a repeated failure, and the simulated time decisions take.
//
// Allocation time (key alloc_cost = C, default 0): every allocation decision the scheduler asks
// for — successful or not, backfill attempts included — costs C × its counted operations
// (strategy.hpp) of simulated time on a single allocator. The decisions of one scheduler pass
// are made back to back: each sees the machine as it was when the pass began (plus the pass's
// own placements), the k-th decision ends when the previous ones' time and its own have passed,
// and a job placed by it starts then (its nodes are held from the decision). While the
// allocator is busy no pass runs: events in that time are handled by one pass when it becomes
// free. With C = 0 every decision takes no time.
//
// Failure replay: a strategy that repeats_failures() gives the same failure (same counted
// operations, no random draws) when the same job is decided again with nothing changed since,
// so that decision is replayed from memory instead of searched. With check = 1 the search runs
// anyway and must agree with the replay.
//
// First difference (first_difference.hpp, `alloclab diff`, Compare): a watched job's view —
// what the strategy sees (explain()) each time it decides for that job; the last one before the
// job starts is its decision. A job started on a reservation made earlier (conservative) has
// instead the strategy's view at the start (watched_reserved()).
#pragma once
#include <optional>
#include <string>
#include "../core/clone_ptr.hpp"
#include "../core/rng.hpp"
#include "explain.hpp"
#include "occupancy.hpp"
#include "strategy.hpp"

namespace alloclab {

class Decider {
 public:
  // `name`: the strategy's id (for failure messages); `cost`: alloc_cost; `check`: check=1.
  Decider(ClonePtr<Strategy> strategy, Rng rng, std::string name, double cost, bool check);

  // The strategy's decision for `r` on `occ`; last_ops() is its counted operations.
  std::optional<Allocation> decide(const Request& r, const Occupancy& occ);
  // `r` starts on a reservation made earlier (no decision now; the first difference notes it).
  void started_reserved(const Request& r, const Occupancy& occ);
  long long last_ops() const { return last_ops_; }
  // The strategy's bookkeeping for a job started on `a` / released from `a`: its counted
  // operations. Either one ends the failure a replay would repeat.
  long long allocated(JobId id, const Allocation& a);
  long long released(JobId id, const Allocation& a);
  // The allocator works `ops` counted operations from when it is free (or now).
  void charge(double now, long long ops) { free_at_ = std::max(free_at_, now) + cost_ * double(ops); }
  // When the allocator finishes its last decision (alloc_cost > 0; else <= now).
  double free_at() const { return free_at_; }

  // What the strategy would decide for `r`, on copies of the strategy and the random stream.
  std::optional<Allocation> preview(const Request& r, const Occupancy& occ) const;
  // What the strategy sees before deciding (explain.hpp), with the decision's counted operations.
  Explanation explain(const Request& r, const Occupancy& occ) const;

  // First difference: watch job `j` (see above).
  void watch(JobId j) {
    watch_ = j;
    watched_.reset();
  }
  const std::optional<Explanation>& watched() const { return watched_; }
  bool watched_reserved() const { return watched_reserved_; }

  const Strategy& strategy() const { return *strategy_; }
  const Rng& rng() const { return rng_; }

  // Wall-clock seconds spent in the strategy's allocate() (measured, timing only).
  double seconds() const { return seconds_; }
  void time_decisions(bool on) { timed_ = on; }
  void replay_failures(bool on) {
    replay_on_ = on;
    failed_.valid = false;
  }

 private:
  std::optional<Allocation> call(const Request& r, const Occupancy& occ);
  ClonePtr<Strategy> strategy_;
  Rng rng_;
  std::string name_;
  double cost_;
  bool check_;
  bool replays_;  // strategy_->repeats_failures()
  bool replay_on_ = true, timed_ = true;
  long long last_ops_ = 0;
  double free_at_ = 0, seconds_ = 0;
  // The last decision, when it failed and can be replayed: valid until the occupancy or the
  // strategy changes or another decision is made.
  struct FailedDecision {
    bool valid = false;
    JobId job = kNoJob;
    Shape shape;
    long long ops = 0;
  } failed_;
  JobId watch_ = kNoJob;  // first difference
  std::optional<Explanation> watched_;
  bool watched_reserved_ = false;
};

}  // namespace alloclab
