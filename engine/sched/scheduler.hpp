// scheduler.hpp — job scheduling: which waiting job the allocator tries next.
//
// A scheduler owns the wait queue. Each time the machine changes (an arrival or a departure)
// the simulation calls schedule(), which tries to start jobs through the context until the
// policy says stop. FCFS and SSD block at the head (no job passes the head of the queue),
// as in seed 002. EASY lets later jobs start early when that does not delay the head. Greedy
// (seed 001 §3.5) starts every waiting job that fits, in arrival order, without reservations.
//
// Starvation threshold (seed 001 §3.5), key max_wait = T (0 = off): once a job has waited T,
// no later job may pass it — SSD serves such jobs first in arrival order, EASY stops
// backfilling past them, greedy tries no job behind a starving head. (FCFS never lets a job pass, so the threshold changes nothing there.)
#pragma once
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string_view>
#include <vector>
#include "../core/geometry.hpp"

namespace alloclab {

struct QueuedJob {
  JobId id = kNoJob;
  double arrival = 0;
  double service = 0;   // service demand (SSD's key)
  double estimate = 0;  // runtime estimate (EASY's key)
  Shape shape;
};

// What a scheduler may do: try to start a job now (allocation + start), and look at time.
class SchedContext {
 public:
  virtual ~SchedContext() = default;
  virtual double now() const = 0;
  // Allocates and starts the job if the strategy can place it now; false otherwise.
  virtual bool try_start(const QueuedJob& j) = 0;
  // EASY: the earliest time `head` could start if running jobs end at their estimated ends
  // (start + estimate, or now if already overdue) — its reservation. +infinity if never.
  virtual double reservation(const QueuedJob& head) = 0;
  // EASY: starts `j` now only if that does not push `head`'s reservation past `shadow`.
  virtual bool try_backfill(const QueuedJob& j, const QueuedJob& head, double shadow) = 0;
};

struct SchedParams {
  double max_wait = 0;  // starvation threshold in time units (0 = none)
};

class Scheduler {
 public:
  virtual ~Scheduler() = default;
  virtual void enqueue(const QueuedJob& j) = 0;
  virtual void schedule(SchedContext& ctx) = 0;
  // Waiting jobs in the order the scheduler will consider them.
  virtual std::vector<QueuedJob> queue() const = 0;
  virtual std::size_t size() const = 0;
  virtual std::unique_ptr<Scheduler> clone() const = 0;
};

struct SchedulerInfo {
  std::string_view id;
  std::unique_ptr<Scheduler> (*make)(const SchedParams&);
  std::string_view help;
};

std::span<const SchedulerInfo> schedulers();
const SchedulerInfo* find_scheduler(std::string_view id);

}  // namespace alloclab
