// conservative.cpp — conservative backfilling (Mu'alem & Feitelson 2001, §2) on a mesh/torus.
//
// Every waiting job holds a reservation, given in arrival order on the profile of the machine
// (sched/profile.hpp: running jobs until their estimated ends plus the earlier reservations;
// a reservation is a placement at a time, found by asking the strategy). A job starts when its
// reservation says now, so a job starts ahead of earlier jobs (backfills) only into space and
// time no earlier reservation needs: it delays none of them.
//
// Compression: when a job departs at any other time than its estimated end (earlier — traces'
// requested times are upper bounds — or later), the profile has changed, so the reservations
// are revisited in reservation (arrival) order: each is taken out and searched again against
// all the others; it moves if the new one is not later, otherwise it keeps the old one (which
// is still free: the others only moved into space it did not need). Without such a departure
// nothing changes, and only new arrivals are reserved (at the end of the order).
//
// max_wait = T: no job may be reserved to start at a time when an earlier job has waited T
// and has not started (a window [arrival + T, its reservation) per earlier job).
// on_fail = drop: a job that cannot start when it is first reserved is dropped.
//
// Cost: a search replays the profile (running jobs + reservations) and asks the strategy at
// each breakpoint, and a compression searches every reservation. Only the first kReserved
// waiting jobs hold reservations; later ones wait unreserved until they move up
// (docs/model/scheduling.md).
#include <algorithm>
#include <vector>
#include "profile.hpp"
#include "scheduler.hpp"

namespace alloclab {

namespace {

constexpr std::size_t kReserved = 64;

class Conservative final : public Scheduler {
 public:
  explicit Conservative(const SchedParams& p) : max_wait_(p.max_wait) {}
  void enqueue(const QueuedJob& j) override {
    jobs_.push_back(j);
    res_.push_back(Reservation{});
  }
  void schedule(SchedContext& ctx) override {
    const long long s = ctx.surprises();
    const bool compress = s != surprises_;
    surprises_ = s;
    windows_.clear();
    for (std::size_t i = 0; i < jobs_.size() && i < kReserved;) {
      const QueuedJob& j = jobs_[i];
      Reservation& r = res_[i];
      bool started = false;
      const bool had = r.id != kNoJob;
      if (had && r.start == ctx.now()) started = ctx.start_reserved(j, r.alloc);  // due: start as planned
      if (!started && (!had || compress || r.start < ctx.now())) {  // (re)search
        const Reservation old = r;
        r.id = kNoJob;  // out of the profile while its own search runs
        SlotSearch found = earliest_slot(ctx.plan(), res_, j, windows_, true);
        ctx.searched(j, found.ops, true, found.strategy_failed_now);  // the decision of a reservation scheduler
        Reservation n = std::move(found.res);
        if (had && old.start > ctx.now() && n.start > old.start) n = old;  // never later than promised
        if (n.now) {
          started = ctx.start_reserved(j, n.alloc);
        } else if (ctx.drops_failures() && !had) {
          ctx.drop(j);
          started = true;
        }
        if (!started) {
          r = std::move(n);
          ctx.promise(j, r.start);
          ctx.wake_at(r.start);
        }
      }
      if (started) {
        jobs_.erase(jobs_.begin() + std::ptrdiff_t(i));
        res_.erase(res_.begin() + std::ptrdiff_t(i));
        continue;
      }
      if (max_wait_ > 0) windows_.push_back(TimeWindow{j.arrival + max_wait_, r.start});
      ++i;
    }
  }
  std::vector<QueuedJob> queue() const override { return jobs_; }
  std::size_t size() const override { return jobs_.size(); }
  const QueuedJob* front() const override { return jobs_.empty() ? nullptr : &jobs_.front(); }
  std::unique_ptr<Scheduler> clone() const override { return std::make_unique<Conservative>(*this); }
  std::vector<Reservation> reservations() const override {
    std::vector<Reservation> v;
    for (const Reservation& r : res_)
      if (r.id != kNoJob) v.push_back(r);
    return v;
  }

 private:
  double max_wait_;
  long long surprises_ = 0;
  std::vector<QueuedJob> jobs_;     // arrival order
  std::vector<Reservation> res_;    // parallel to jobs_; id kNoJob = none yet
  std::vector<TimeWindow> windows_;  // scratch
};

}  // namespace

std::unique_ptr<Scheduler> make_conservative(const SchedParams& p) { return std::make_unique<Conservative>(p); }

}  // namespace alloclab
