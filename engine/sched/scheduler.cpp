// scheduler.cpp — FCFS, SSD, EASY backfilling, greedy (seed 001 §3.5), and the scheduler registry.
#include "scheduler.hpp"
#include <deque>
#include <set>

namespace alloclab {
namespace {

// First come, first served: strict arrival order; the head blocks the queue (seed 002 §4).
class Fcfs final : public Scheduler {
 public:
  explicit Fcfs(const SchedParams&) {}
  void enqueue(const QueuedJob& j) override { q_.push_back(j); }
  void schedule(SchedContext& ctx) override {
    while (!q_.empty() && ctx.try_start(q_.front())) q_.pop_front();
  }
  std::vector<QueuedJob> queue() const override { return {q_.begin(), q_.end()}; }
  std::size_t size() const override { return q_.size(); }
  std::unique_ptr<Scheduler> clone() const override { return std::make_unique<Fcfs>(*this); }

 private:
  std::deque<QueuedJob> q_;
};

// Shortest service demand first (seed 002 §4): the queue is kept sorted by service time
// (ties by job id, i.e. arrival order); the shortest job blocks the others until it fits.
// With max_wait, jobs that have waited that long come first, oldest first.
class Ssd final : public Scheduler {
 public:
  explicit Ssd(const SchedParams& p) : max_wait_(p.max_wait) {}
  void enqueue(const QueuedJob& j) override {
    q_.insert(j);
    arrivals_.insert({j.arrival, j.id});
  }
  void schedule(SchedContext& ctx) override {
    while (!q_.empty()) {
      const QueuedJob head = next(ctx.now());
      if (!ctx.try_start(head)) return;
      q_.erase(head);
      arrivals_.erase({head.arrival, head.id});
    }
  }
  std::vector<QueuedJob> queue() const override { return {q_.begin(), q_.end()}; }
  std::size_t size() const override { return q_.size(); }
  std::unique_ptr<Scheduler> clone() const override { return std::make_unique<Ssd>(*this); }

 private:
  QueuedJob next(double now) const {
    if (max_wait_ > 0) {
      const auto& oldest = *arrivals_.begin();
      if (now - oldest.first >= max_wait_)
        for (const QueuedJob& j : q_)
          if (j.id == oldest.second) return j;
    }
    return *q_.begin();
  }
  struct ByDemand {
    bool operator()(const QueuedJob& a, const QueuedJob& b) const {
      return a.service != b.service ? a.service < b.service : a.id < b.id;
    }
  };
  double max_wait_;
  std::set<QueuedJob, ByDemand> q_;
  std::set<std::pair<double, JobId>> arrivals_;
};

// EASY backfilling (Lifka 1995; Mu'alem & Feitelson 2001) adapted to allocation on a mesh:
// jobs start in arrival order; when the head cannot start, it gets a reservation at the
// earliest time a placement is guaranteed for it — found by releasing running jobs in order of
// their estimated end on a copy of the machine and asking the strategy (see
// Simulation::reservation). Later jobs, in arrival order, start now if the strategy can place
// them and the head's reservation does not move later with them running (checked the same
// way). Estimates: the workload's runtime estimate (SWF requested time, CSV `estimate`), the
// actual service time for synthetic workloads.
class Easy final : public Scheduler {
 public:
  explicit Easy(const SchedParams& p) : max_wait_(p.max_wait) {}
  void enqueue(const QueuedJob& j) override { q_.push_back(j); }
  void schedule(SchedContext& ctx) override {
    while (!q_.empty() && ctx.try_start(q_.front())) q_.pop_front();
    if (q_.size() < 2) return;
    const QueuedJob head = q_.front();
    if (max_wait_ > 0 && ctx.now() - head.arrival >= max_wait_) return;  // starving: no passing
    const double shadow = ctx.reservation(head);
    ctx.promise(head, shadow);
    for (auto it = q_.begin() + 1; it != q_.end();) {
      if (ctx.try_backfill(*it, head, shadow)) it = q_.erase(it);
      else ++it;
    }
  }
  std::vector<QueuedJob> queue() const override { return {q_.begin(), q_.end()}; }
  std::size_t size() const override { return q_.size(); }
  std::unique_ptr<Scheduler> clone() const override { return std::make_unique<Easy>(*this); }

 private:
  double max_wait_;
  std::deque<QueuedJob> q_;
};

// Greedy, seed 001 §3.5 ("Quad-Tree-Based Sub-System Allocation/Deallocation Algorithm"): an
// arriving task is allocated at once if a sub-system is free for it, unless the first task in
// the waiting queue has waited more than the threshold; when a task finishes, the waiting tasks
// are scheduled in arrival order. Read as one rule applied at every arrival and departure: the
// waiting jobs are tried in arrival order and every one the strategy can place starts, so a
// later job may pass a waiting one without any reservation. Starvation threshold max_wait = T
// (0 = none): once the first job that cannot start has waited T or longer, no job behind it is
// tried. (The paper's "more than" is taken as "at least", as for SSD and EASY here.)
class Greedy final : public Scheduler {
 public:
  explicit Greedy(const SchedParams& p) : max_wait_(p.max_wait) {}
  void enqueue(const QueuedJob& j) override { q_.push_back(j); }
  void schedule(SchedContext& ctx) override {
    bool head = true;  // no job before `it` is still waiting
    for (auto it = q_.begin(); it != q_.end();) {
      if (ctx.try_start(*it)) {
        it = q_.erase(it);
        continue;
      }
      if (head && max_wait_ > 0 && ctx.now() - it->arrival >= max_wait_) return;  // starving: no passing
      head = false;
      ++it;
    }
  }
  std::vector<QueuedJob> queue() const override { return {q_.begin(), q_.end()}; }
  std::size_t size() const override { return q_.size(); }
  std::unique_ptr<Scheduler> clone() const override { return std::make_unique<Greedy>(*this); }

 private:
  double max_wait_;
  std::deque<QueuedJob> q_;
};

template <class S>
std::unique_ptr<Scheduler> make(const SchedParams& p) { return std::make_unique<S>(p); }

const SchedulerInfo kSchedulers[] = {
    {"fcfs", make<Fcfs>, "First come, first served; the queue head blocks later jobs"},
    {"ssd", make<Ssd>, "Shortest service demand first; the shortest waiting job blocks the others"},
    {"easy", make<Easy>, "EASY backfilling: later jobs start early if they do not delay the head's reservation"},
    {"greedy", make<Greedy>, "Greedy (seed 001): every waiting job that fits starts, in arrival order; max_wait stops passing a starving head"},
    {"conservative", make_conservative, "Conservative backfilling: every waiting job has a reservation; a job starts early only if it delays none", false},
};

}  // namespace

std::span<const SchedulerInfo> schedulers() { return kSchedulers; }

const SchedulerInfo* find_scheduler(std::string_view id) {
  for (const SchedulerInfo& s : kSchedulers)
    if (s.id == id) return &s;
  return nullptr;
}

}  // namespace alloclab
