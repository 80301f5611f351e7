// event_queue.hpp — the simulation's pending events in their fixed order: by time; at equal
// times departures, then host repairs, then host failures (pod machines, host_mtbf), then
// communication phases starting after a compute phase, then arrivals, then scheduler wake-ups;
// then by job id (a host event: by host). Wake-ups are kept once per time. A job that departs
// at the time its host fails has finished; a host repaired at that time is healthy again first.
#pragma once
#include <cmath>
#include <cstdint>
#include <queue>
#include <set>
#include <vector>
#include "core/geometry.hpp"

namespace alloclab {

// Event kinds in tie-break order at equal times.
enum class EventKind : std::uint8_t { Departure, HostRepair, HostFailure, Iteration, Arrival, Wake };
inline bool host_event(EventKind k) { return k == EventKind::HostRepair || k == EventKind::HostFailure; }

struct Event {
  double time;
  EventKind kind;
  JobId job;  // the job, or the host of a host event
  bool operator>(const Event& o) const {
    if (time != o.time) return time > o.time;
    if (kind != o.kind) return kind > o.kind;
    return job > o.job;
  }
};

class EventQueue {
 public:
  bool empty() const { return q_.empty(); }
  // Pending events that are not host failures or repairs (the run ends when none is left).
  std::size_t job_events() const { return q_.size() - host_events_; }
  // The next event's time (+inf when none is pending).
  double next_time() const { return q_.empty() ? HUGE_VAL : q_.top().time; }
  void push(double time, EventKind kind, JobId job) {
    q_.push(Event{time, kind, job});
    host_events_ += host_event(kind);
  }
  // A scheduler wake-up at t, unless one is pending at t already or t is not after `now`.
  void wake_at(double t, double now) {
    if (t > now && std::isfinite(t) && wakes_.insert(t).second) q_.push(Event{t, EventKind::Wake, kNoJob});
  }
  // Removes and returns the next event.
  Event pop() {
    const Event e = q_.top();
    q_.pop();
    if (e.kind == EventKind::Wake) wakes_.erase(e.time);
    host_events_ -= host_event(e.kind);
    return e;
  }

 private:
  std::priority_queue<Event, std::vector<Event>, std::greater<Event>> q_;
  std::set<double> wakes_;  // pending wake-up times
  std::size_t host_events_ = 0;
};

}  // namespace alloclab
