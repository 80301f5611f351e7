// running_jobs.cpp — the running-job table (running_jobs.hpp).
#include "running_jobs.hpp"
#include "core/check.hpp"

namespace alloclab {

const JobRecord* RunningJobs::find(JobId id) const {
  auto it = jobs_.find(id);
  return it == jobs_.end() ? nullptr : &it->second;
}

JobRecord* RunningJobs::find(JobId id) {
  auto it = jobs_.find(id);
  return it == jobs_.end() ? nullptr : &it->second;
}

JobRecord& RunningJobs::at(JobId id) {
  JobRecord* r = find(id);
  ALLOCLAB_CHECK(r, "job %d is not running", id);
  return *r;
}

JobRecord& RunningJobs::add(JobRecord r) {
  auto [it, added] = jobs_.emplace(r.id, std::move(r));
  ALLOCLAB_CHECK(added, "job %d started while it is running", it->first);
  return it->second;
}

JobRecord RunningJobs::remove(JobId id) {
  auto it = jobs_.find(id);
  ALLOCLAB_CHECK(it != jobs_.end(), "departure of job %d which is not running", id);
  JobRecord r = std::move(it->second);
  jobs_.erase(it);
  return r;
}

void RunningJobs::departed(JobRecord r, bool measured) {
  if (record_ && measured) records_.push_back(r);
  recent_.push_back(std::move(r));
  if (recent_.size() > kRecent) recent_.pop_front();
}

bool RunningJobs::overdue(double now) const {
  for (const auto& kv : jobs_) {
    const JobRecord& r = kv.second;
    if (r.end >= 0 ? r.end > r.start + r.estimate : r.start + r.estimate <= now) return true;
  }
  return false;
}

void RunningJobs::holdings(std::vector<Holding>& out) const {
  out.clear();
  out.reserve(jobs_.size());
  for (const auto& kv : jobs_) out.push_back(Holding{kv.first, kv.second.start + kv.second.estimate, &kv.second.alloc, kv.second.end});
}

}  // namespace alloclab
