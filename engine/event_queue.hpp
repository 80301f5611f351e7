// event_queue.hpp — the simulation's pending job events in their fixed order: by time; at equal
// times departures, then communication phases starting after a compute phase, then arrivals,
// then scheduler wake-ups; then by job id. Wake-ups are kept once per time.
#pragma once
#include <cmath>
#include <cstdint>
#include <queue>
#include <set>
#include <vector>
#include "core/geometry.hpp"

namespace alloclab {

// Event kinds in tie-break order at equal times.
enum class EventKind : std::uint8_t { Departure, Iteration, Arrival, Wake };

struct Event {
  double time;
  EventKind kind;
  JobId job;
  bool operator>(const Event& o) const {
    if (time != o.time) return time > o.time;
    if (kind != o.kind) return kind > o.kind;
    return job > o.job;
  }
};

class EventQueue {
 public:
  bool empty() const { return q_.empty(); }
  // The next event's time (+inf when none is pending).
  double next_time() const { return q_.empty() ? HUGE_VAL : q_.top().time; }
  void push(double time, EventKind kind, JobId job) { q_.push(Event{time, kind, job}); }
  // A scheduler wake-up at t, unless one is pending at t already or t is not after `now`.
  void wake_at(double t, double now) {
    if (t > now && std::isfinite(t) && wakes_.insert(t).second) q_.push(Event{t, EventKind::Wake, kNoJob});
  }
  // Removes and returns the next event.
  Event pop() {
    const Event e = q_.top();
    q_.pop();
    if (e.kind == EventKind::Wake) wakes_.erase(e.time);
    return e;
  }

 private:
  std::priority_queue<Event, std::vector<Event>, std::greater<Event>> q_;
  std::set<double> wakes_;  // pending wake-up times
};

}  // namespace alloclab
