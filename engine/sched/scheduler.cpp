// scheduler.cpp — FCFS and SSD, and the scheduler registry.
#include "scheduler.hpp"
#include <deque>
#include <set>

namespace alloclab {
namespace {

// First come, first served: strict arrival order; the head blocks the queue (seed 002 §4).
class Fcfs final : public Scheduler {
 public:
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
class Ssd final : public Scheduler {
 public:
  void enqueue(const QueuedJob& j) override { q_.insert(j); }
  void schedule(SchedContext& ctx) override {
    while (!q_.empty() && ctx.try_start(*q_.begin())) q_.erase(q_.begin());
  }
  std::vector<QueuedJob> queue() const override { return {q_.begin(), q_.end()}; }
  std::size_t size() const override { return q_.size(); }
  std::unique_ptr<Scheduler> clone() const override { return std::make_unique<Ssd>(*this); }

 private:
  struct ByDemand {
    bool operator()(const QueuedJob& a, const QueuedJob& b) const {
      return a.service != b.service ? a.service < b.service : a.id < b.id;
    }
  };
  std::set<QueuedJob, ByDemand> q_;
};

const SchedulerInfo kSchedulers[] = {
    {"fcfs", [] { return std::unique_ptr<Scheduler>(std::make_unique<Fcfs>()); }, "First come, first served; the queue head blocks later jobs"},
    {"ssd", [] { return std::unique_ptr<Scheduler>(std::make_unique<Ssd>()); }, "Shortest service demand first; the shortest waiting job blocks the others"},
};

}  // namespace

std::span<const SchedulerInfo> schedulers() { return kSchedulers; }

const SchedulerInfo* find_scheduler(std::string_view id) {
  for (const SchedulerInfo& s : kSchedulers)
    if (s.id == id) return &s;
  return nullptr;
}

}  // namespace alloclab
