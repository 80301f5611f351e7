// scheduler.hpp — job scheduling: which waiting job the allocator tries next.
//
// A scheduler owns the wait queue. Each time the machine changes (an arrival or a departure)
// the simulation calls schedule(), which tries to start jobs through the context until the
// policy says stop. FCFS and SSD block at the head (no job passes the head of the queue),
// as in Bani-Ahmad 2013. EASY lets later jobs start early when that does not delay the head. Greedy
// (Srisawat & Alexandridis 1999 §3.5) starts every waiting job that fits, in arrival order, without reservations;
// fcfs-departure (the same section read literally) tries an arriving job at once and serves the
// queue FCFS at departures.
//
// Starvation threshold (Srisawat & Alexandridis 1999 §3.5), key max_wait = T (0 = off): once a job has waited T,
// no later job may pass it — SSD serves such jobs first in arrival order, EASY stops
// backfilling past them, greedy tries no job behind a starving head, fcfs-departure queues an
// arriving job behind it. (FCFS never lets a job pass, so the threshold changes nothing there.)
#pragma once
#include <cmath>
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
  int slices = 1;  // pod machines (key slices): `slices` slices of `shape`, placed all at once or not at all
  int restarts = 0;  // host failures (key host_mtbf): times the job was killed and requeued
  int chips() const { return shape.area() * slices; }  // the nodes the job holds
};

// A reservation: job `id` is to start at `start` on `alloc` and hold it until `end`
// (start + estimate). start = +inf when the job has none (it can never be placed).
struct Reservation {
  JobId id = kNoJob;
  double start = HUGE_VAL, end = HUGE_VAL;
  Allocation alloc;
  bool now = false;  // the reserved nodes are free now and start = now: the job may start at once
  long long ops = 0;  // the strategy's counted operations in the search that found it
};
// Times [from, to) at which no job may be reserved to start: max_wait's windows, during which
// an earlier job has waited the threshold and has not started yet.
struct TimeWindow {
  double from = 0, to = 0;
};

struct ProfileView;  // profile.hpp

// What a scheduler may see and do. It reads time and the machine's plan (the searches for
// reservations run on it: backfill.hpp, profile.hpp) and acts through the calls below, which
// charge the allocator's work and keep the statistics.
class SchedContext {
 public:
  virtual ~SchedContext() = default;
  virtual double now() const = 0;
  // The machine as reservation searches see it: occupancy, strategy and its random stream now,
  // and the running jobs until their estimated ends. Valid until the next call that starts a job.
  virtual const ProfileView& plan() = 0;
  // Allocates and starts the job if the strategy can place it now; false otherwise (a failed
  // attempt; with on_fail = drop the job is dropped and the call returns true).
  virtual bool try_start(const QueuedJob& j) = 0;
  // Backfilling: the strategy decides for `j` now and the job starts if it found a placement
  // and `admit(placement)` says yes; false otherwise (a decision not applied, not a failure).
  virtual bool try_start_if(const QueuedJob& j, const std::function<bool(const Allocation&)>& admit) = 0;
  // Starts `j` now on `alloc` if all its nodes are free now; false otherwise.
  virtual bool start_reserved(const QueuedJob& j, const Allocation& alloc) = 0;
  // A reservation search for `j` took `ops` counted operations of the allocator: a decision
  // (conservative's search) or extra work (EASY's head search); `failed_now`: the strategy
  // could not place `j` on the machine as it is now (counted as a failed attempt).
  virtual void searched(const QueuedJob& j, long long ops, bool decision, bool failed_now) = 0;
  // Departures that did not happen at their estimated end so far (the profile changed).
  virtual long long surprises() const = 0;
  // on_fail = drop: a job that cannot start when first tried is dropped (drop() does it).
  virtual bool drops_failures() const = 0;
  virtual void drop(const QueuedJob& j) = 0;
  // The schedule checker is told each reservation given (a job's start time promise).
  virtual void promise(const QueuedJob& j, double start) = 0;
  // Run the scheduler again at time t even if nothing else happens then (a reservation's time).
  virtual void wake_at(double t) = 0;
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
  // The first of queue() without copying it (nullptr when none waits).
  virtual const QueuedJob* front() const = 0;
  virtual std::unique_ptr<Scheduler> clone() const = 0;
  // The reservations the scheduler holds (conservative: one per reserved waiting job).
  virtual std::vector<Reservation> reservations() const { return {}; }
};

struct SchedulerInfo {
  std::string_view id;
  std::unique_ptr<Scheduler> (*make)(const SchedParams&);
  std::string_view help;
  // Works with alloc_cost > 0 (decisions that take time can start a job later than planned).
  // A reservation scheduler whose plan assumes starts at the reserved times cannot.
  bool timed_decisions = true;
  // Plans on a copy of the machine (reservations): estimate_memory counts the machine twice.
  bool plans_on_copy = false;
};

std::span<const SchedulerInfo> schedulers();
std::unique_ptr<Scheduler> make_conservative(const SchedParams& p);  // conservative.cpp
const SchedulerInfo* find_scheduler(std::string_view id);

}  // namespace alloclab
