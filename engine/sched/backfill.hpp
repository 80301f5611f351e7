// backfill.hpp — EASY backfilling's searches (scheduler.cpp's Easy), on the machine as
// reservation searches see it (profile.hpp's ProfileView): the head's reservation, whether a
// reservation held still holds, and whether a backfilled job's placement touches it.
#pragma once
#include "profile.hpp"

namespace alloclab {

// The earliest time `head` can start when the running jobs end at their estimated ends (now
// for a job already past its estimate), and the strategy's placement then: the strategy is
// asked on a copy of the machine now, then after each estimated end in order (ties by job id).
// `extra` (if given) is a job assumed started now. start = +inf when no time works; ops = the
// strategy's counted operations in the search.
Reservation head_reservation(const ProfileView& v, const QueuedJob& head, const Holding* extra = nullptr);

// `r`'s nodes are free at r.start >= now when the running jobs end at their estimated ends. A
// node held by no job (a pod's failed host: owner kFailedHost) has no known end: it is never free.
bool reservation_holds(const ProfileView& v, const Reservation& r);

// A running job's known end is t (a departure is due then, so the scheduler runs at t).
bool departs_at(const ProfileView& v, double t);

// Two allocations share a node (wrap-aware on a torus).
bool overlaps(const Topology& t, const Allocation& a, const Allocation& b);

}  // namespace alloclab
