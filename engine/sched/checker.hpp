// checker.hpp — the schedule checker (check=1, and always in the scheduler tests): the
// guarantees a backfilling scheduler gives, verified as the run goes.
//
// A reservation is a promise: the job will start no later than the reserved time as long as
// every running job ends by its estimated end. The checker keeps the latest promise per job
// and reports a violation when
//  - a job starts later than its promise, or
//  - a job's promise moves later (for EASY the head's, for conservative any waiting job's: a
//    job started ahead of it — backfilled — delayed it),
// unless the machine broke a promise's premise after it was made: a job held its nodes past its
// estimated end, or a host of a pod failed (its chips are gone until a repair the scheduler
// cannot foresee). Then that promise no longer binds;
// "after" is by the order of events, not by time, so a failure at the very time a promise was
// given (a later event at that time) breaks it too. The simulation aborts on a violation
// (ALLOCLAB_CHECK) with the message, which names the job, the time and the reservation.
#pragma once
#include <map>
#include <string>
#include "../core/geometry.hpp"

namespace alloclab {

class ScheduleChecker {
 public:
  // `job` was given reservation `start` at time `now`; `overdue` = some running job is past its
  // estimated end now (the promise rests on a failed estimate). "" or the violation.
  std::string promised(JobId job, double start, double now, bool overdue);
  // `job` starts at `now`. "" or the violation.
  std::string started(JobId job, double now, bool overdue);
  // The promises given so far no longer bind: a job that held its nodes past its estimated end
  // departs, or a host failed.
  void promises_broken() { ++breaks_; }
  std::size_t promises() const { return promises_.size(); }

 private:
  struct Promise {
    double start = 0, made = 0;
    bool void_ = false;
    long long breaks = 0;  // promises_broken() calls before it was given
  };
  bool binding(const Promise& p, bool overdue) const { return !p.void_ && !overdue && p.breaks == breaks_; }
  std::map<JobId, Promise> promises_;
  long long breaks_ = 0;
};

}  // namespace alloclab
