// running_jobs.hpp — the jobs that hold nodes now, and the departed ones kept afterwards: the
// last few for the UI, and every measured one, in departure order, when a job CSV is asked for.
#pragma once
#include <deque>
#include <map>
#include <vector>
#include "core/job.hpp"
#include "sched/profile.hpp"

namespace alloclab {

class RunningJobs {
 public:
  static constexpr std::size_t kRecent = 64;  // departures kept for the UI

  const std::map<JobId, JobRecord>& all() const { return jobs_; }
  std::size_t size() const { return jobs_.size(); }
  // The running job with this id, or nullptr.
  const JobRecord* find(JobId id) const;
  JobRecord* find(JobId id);
  JobRecord& at(JobId id);  // checks that it is running
  JobRecord& add(JobRecord r);
  // Takes a running job out (it departs); checks that it was running.
  JobRecord remove(JobId id);
  // A departed job: kept among the recent ones; recorded when recording and `measured`.
  void departed(JobRecord r, bool measured);

  // Some running job is past its estimated end now (a job's end is known at its start unless
  // its network decides it): reservations made now rest on a failed estimate.
  bool overdue(double now) const;
  // The running jobs until their estimated ends, as reservation searches see them.
  void holdings(std::vector<Holding>& out) const;

  const std::deque<JobRecord>& recent() const { return recent_; }  // newest last
  const std::vector<JobRecord>& recorded() const { return records_; }
  void record(bool on) { record_ = on; }

 private:
  std::map<JobId, JobRecord> jobs_;
  std::deque<JobRecord> recent_;
  std::vector<JobRecord> records_;
  bool record_ = false;
};

}  // namespace alloclab
