// profile.hpp — the machine's future as conservative backfilling sees it, and the search for
// a job's reservation on it.
//
// The profile is the machine now plus what is planned: every running job holds its nodes until
// its estimated end (start + estimate; a job already past its estimate is assumed to end now),
// every reservation holds its reserved nodes over [start, start + estimate). Its breakpoints
// are now and every time at which that set changes.
//
// The rule (docs/model/scheduling.md): a job's reservation is the earliest breakpoint t at which the
// strategy, asked on the machine as the profile has it at t, places the job on nodes that no
// other reservation needs before t + estimate. The strategy is asked first with those nodes
// marked busy, then (strategies that keep their own free lists do not read the occupancy) on
// the plain machine; either answer counts only if its nodes are free for all of
// [t, t + estimate). Reservations are therefore placements at times, checked against the
// strategy's own geometry; two reservations never share a node at the same moment.
#pragma once
#include <cmath>
#include <span>
#include <vector>
#include "../alloc/occupancy.hpp"
#include "../alloc/strategy.hpp"
#include "../core/rng.hpp"
#include "scheduler.hpp"

namespace alloclab {

// A running job as the profile sees it: its nodes until `end` (its estimated end).
struct Holding {
  JobId id = kNoJob;
  double end = 0;
  const Allocation* alloc = nullptr;
  double departs = -1;  // its departure when known (a departure event is due then), else -1
};

struct ProfileView {
  const Topology* topo = nullptr;
  const Occupancy* occ = nullptr;  // the machine now
  const Strategy* strat = nullptr;
  const Rng* rng = nullptr;        // the allocation stream (copied, never advanced)
  double now = 0;
  std::vector<Holding> running;
};

// What the search found (besides the reservation): whether the strategy could place the job
// on the machine as it is now (allocation_failures counts the attempts that failed).
struct SlotSearch {
  Reservation res;
  bool strategy_failed_now = false;
  long long ops = 0;  // the strategy's counted operations in the search's placement attempts
};

// The reservation of `j` given the other reservations (entries with id kNoJob or j.id are
// ignored). res.start = +inf when no breakpoint works. res.now = the reserved nodes are free on
// the machine as it is now and start = now (the job may start at once). With
// may_start_now = false the search starts after the machine as it is now.
SlotSearch earliest_slot(const ProfileView& v, std::span<const Reservation> others, const QueuedJob& j,
                         std::span<const TimeWindow> forbidden, bool may_start_now);

// Checks that the profile is consistent: no node is held by two of the running jobs and
// reservations at any moment. Returns "" or a description of the first clash (schedule checker).
std::string profile_clash(const ProfileView& v, std::span<const Reservation> reservations);

}  // namespace alloclab
