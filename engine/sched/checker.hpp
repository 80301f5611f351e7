// checker.hpp — the schedule checker (check=1, and always in the scheduler tests): the
// guarantees a backfilling scheduler gives, verified as the run goes.
//
// A reservation is a promise: the job will start no later than the reserved time as long as
// every running job ends by its estimated end. The checker keeps the latest promise per job
// and reports a violation when
//  - a job starts later than its promise, or
//  - a job's promise moves later (for EASY the head's, for conservative any waiting job's: a
//    job started ahead of it — backfilled — delayed it),
// unless an estimate failed after the promise was made (a job held its nodes past its
// estimated end): then that promise no longer binds. The simulation aborts on a violation
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
  // A job that held its nodes past its estimated end departs at `now`.
  void estimate_failed(double now) { last_failure_ = now; }
  std::size_t promises() const { return promises_.size(); }

 private:
  struct Promise {
    double start = 0, made = 0;
    bool void_ = false;
  };
  bool binding(const Promise& p, bool overdue) const { return !p.void_ && !overdue && !(last_failure_ > p.made); }
  std::map<JobId, Promise> promises_;
  double last_failure_ = -1;
};

}  // namespace alloclab
