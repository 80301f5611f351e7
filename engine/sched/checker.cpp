// checker.cpp — the schedule checker's bookkeeping (rules in checker.hpp).
#include "checker.hpp"
#include "../workload/specs.hpp"

namespace alloclab {

std::string ScheduleChecker::promised(JobId job, double start, double now, bool overdue) {
  std::string v;
  auto it = promises_.find(job);
  if (it != promises_.end() && binding(it->second, overdue) && start > it->second.start)
    v = "job " + std::to_string(job) + ": its reservation moved later, from " + format_number(it->second.start) + " (given at " +
        format_number(it->second.made) + ") to " + format_number(start) + " at time " + format_number(now) +
        " although every estimate held and no host failed: a job started ahead of it delayed it";
  promises_[job] = Promise{start, now, overdue, breaks_};
  return v;
}

std::string ScheduleChecker::started(JobId job, double now, bool overdue) {
  auto it = promises_.find(job);
  if (it == promises_.end()) return "";
  const Promise p = it->second;
  promises_.erase(it);
  if (binding(p, overdue) && now > p.start)
    return "job " + std::to_string(job) + " started at " + format_number(now) + ", later than its reservation " + format_number(p.start) +
           " (given at " + format_number(p.made) + ") although every estimate held and no host failed since";
  return "";
}

}  // namespace alloclab
