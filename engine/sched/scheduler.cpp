// scheduler.cpp — FCFS, SSD, EASY backfilling, greedy and fcfs-departure (two readings of
// Srisawat & Alexandridis 1999 §3.5), and the scheduler registry.
#include "scheduler.hpp"
#include "../core/table.hpp"
#include "backfill.hpp"
#include <deque>
#include <set>

namespace alloclab {
namespace {

// First come, first served: strict arrival order; the head blocks the queue (Bani-Ahmad 2013 §4).
class Fcfs final : public Scheduler {
 public:
  explicit Fcfs(const SchedParams&) {}
  void enqueue(const QueuedJob& j) override { q_.push_back(j); }
  void schedule(SchedContext& ctx) override {
    while (!q_.empty() && ctx.try_start(q_.front())) q_.pop_front();
  }
  std::vector<QueuedJob> queue() const override { return {q_.begin(), q_.end()}; }
  std::size_t size() const override { return q_.size(); }
  const QueuedJob* front() const override { return q_.empty() ? nullptr : &*q_.begin(); }
  std::unique_ptr<Scheduler> clone() const override { return std::make_unique<Fcfs>(*this); }

 private:
  std::deque<QueuedJob> q_;
};

// Shortest service demand first (Bani-Ahmad 2013 §4): the queue is kept sorted by service time
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
  const QueuedJob* front() const override { return q_.empty() ? nullptr : &*q_.begin(); }
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

// EASY backfilling (Lifka 1995; Mu'alem & Feitelson 2001) adapted to allocation on a mesh.
// Jobs start in arrival order. When the head cannot start it holds a reservation: a time t
// and a placement A — the earliest t at which the strategy places the head when running jobs
// are released in order of their estimated end on a copy of the machine, and the strategy's
// placement then (head_reservation, backfill.hpp). A later job j, in arrival order, starts now if
// the strategy places it (on nodes P) and
//   (a) it ends by t (now + estimate <= t), or
//   (b) P does not intersect A, or
//   (c) with j running, the same search places the head no later than t — the reservation
//       then moves to that time and placement.
// The head's reservation only moves earlier: at each pass it is searched again and the new
// one replaces it unless it is later while the held one still holds (every running job on A
// ends by t by its estimate, and no host has failed on A: a failed host's chips come back at a
// time no plan knows): then the held one stays, and the scheduler runs at t (a wake-up
// unless a departure is due then). The head starts when the strategy places it, or on A once
// t has come if the strategy cannot (a strategy that does not find every free placement —
// frame sliding, the Q-tree, literal ITAT, IRAT — may miss A on a machine where an early end
// freed other nodes), and at once when the search, or a backfill by (c), finds t = now (IRAT's
// random probe may succeed in the search after failing in the attempt). So the head starts no
// later than t unless a running job overran its estimate or a host failed. While failed chips
// keep the head from any reservation (t = +inf: the search never frees them), every later job
// that fits backfills by (a). The reservation is kept while the
// head waits even when no job is behind it or it starves (max_wait: no backfilling then).
// For a strategy that finds a placement whenever one of its placements is free, (b) and (c)
// admit exactly the jobs that do not move the head's reservation later, and the head never
// needs A. Estimates: the workload's runtime estimate (SWF requested time, CSV `estimate`),
// the actual service time for synthetic workloads.
class Easy final : public Scheduler {
 public:
  explicit Easy(const SchedParams& p) : max_wait_(p.max_wait) {}
  void enqueue(const QueuedJob& j) override { q_.push_back(j); }
  void schedule(SchedContext& ctx) override {
    while (round(ctx)) {
    }
  }
  std::vector<QueuedJob> queue() const override { return {q_.begin(), q_.end()}; }
  std::size_t size() const override { return q_.size(); }
  const QueuedJob* front() const override { return q_.empty() ? nullptr : &*q_.begin(); }
  std::unique_ptr<Scheduler> clone() const override { return std::make_unique<Easy>(*this); }
  std::vector<Reservation> reservations() const override {
    if (q_.empty() || res_.id != q_.front().id) return {};
    return {res_};
  }

 private:
  // Heads start while they can; then the head is reserved and later jobs backfill. True when
  // the head started on its reservation after all (the round is repeated for the next head).
  bool round(SchedContext& ctx) {
    while (!q_.empty() && start_head(ctx)) q_.pop_front();
    if (q_.empty()) return false;
    const QueuedJob head = q_.front();
    // no job to pass it, or starving (max_wait): no backfilling, but a reservation the head
    // holds is kept up to date (it may only move earlier) until the head starts
    const bool passing = q_.size() >= 2 && !(max_wait_ > 0 && ctx.now() - head.arrival >= max_wait_);
    if (!passing && res_.id != head.id) return false;
    const ProfileView& plan = ctx.plan();
    Reservation n = head_reservation(plan, head);
    ctx.searched(head, n.ops, false, false);  // allocator work, not a decision
    if (res_.id == head.id && n.start > res_.start && reservation_holds(plan, res_)) {  // never later
      if (!departs_at(plan, res_.start)) ctx.wake_at(res_.start);
    } else {
      res_ = std::move(n);
      res_.id = head.id;
    }
    // A strategy whose answer depends on its random stream may place the head now in the
    // search although it did not in start_head: the head starts on that placement.
    if (start_reserved_now(ctx)) return true;
    ctx.promise(head, res_.start);
    if (!passing) return false;
    const double promised = res_.start;
    for (auto it = q_.begin() + 1; it != q_.end();) {
      if (!backfill(ctx, *it, head)) {
        ++it;
        continue;
      }
      it = q_.erase(it);
      // by (c) the head's reservation may have moved to now (a strategy that places the head on
      // the machine with the backfilled job but not without it): the head starts at once
      if (start_reserved_now(ctx)) return true;
    }
    if (res_.start != promised) ctx.promise(head, res_.start);
    return false;
  }
  // Starts `j` now if the strategy places it and the placement keeps the head's reservation:
  // (a) j ends by its time, or (b) it is not on its nodes, or (c) the head's search with j
  // placed finds a time no later (the reservation moves there).
  bool backfill(SchedContext& ctx, const QueuedJob& j, const QueuedJob& head) {
    return ctx.try_start_if(j, [&](const Allocation& a) {
      const ProfileView& plan = ctx.plan();
      if (plan.now + j.estimate <= res_.start || !overlaps(*plan.topo, a, res_.alloc)) return true;
      const Holding placed{j.id, plan.now + j.estimate, &a};
      Reservation moved = head_reservation(plan, head, &placed);
      ctx.searched(head, moved.ops, false, false);
      if (moved.start > res_.start) return false;
      res_ = std::move(moved);
      return true;
    });
  }
  bool start_reserved_now(SchedContext& ctx) {
    if (res_.start > ctx.now() || !ctx.start_reserved(q_.front(), res_.alloc)) return false;
    q_.pop_front();
    return true;
  }
  // The head starts where the strategy places it, or on its reserved nodes once their time has come.
  bool start_head(SchedContext& ctx) {
    const QueuedJob& h = q_.front();
    if (ctx.try_start(h)) return true;
    return res_.id == h.id && res_.start <= ctx.now() && ctx.start_reserved(h, res_.alloc);
  }
  double max_wait_;
  std::deque<QueuedJob> q_;
  Reservation res_;  // the head's, when res_.id is the head's id
};

// Greedy, Srisawat & Alexandridis 1999 §3.5 ("Quad-Tree-Based Sub-System Allocation/Deallocation Algorithm"): an
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
  const QueuedJob* front() const override { return q_.empty() ? nullptr : &*q_.begin(); }
  std::unique_ptr<Scheduler> clone() const override { return std::make_unique<Greedy>(*this); }

 private:
  double max_wait_;
  std::deque<QueuedJob> q_;
};

// Srisawat & Alexandridis 1999 §3.5 read literally: an arriving task is allocated at once if a
// sub-system is free for it ("if the wait priority of the first task in the waiting queue is
// more than the threshold value, then the incoming task will be put in the waiting queue;
// otherwise, the processor allocation procedure will find for the request the best available
// sub-system"), else it waits; at a departure "a FCFS scheduling will be applied" to the waiting
// queue (the head blocks the others). The jobs enqueued since the last pass are the arrivals;
// a pass without new arrivals is a departure's (or an allocator wake-up's) and serves FCFS.
class FcfsDeparture final : public Scheduler {
 public:
  explicit FcfsDeparture(const SchedParams& p) : max_wait_(p.max_wait) {}
  void enqueue(const QueuedJob& j) override {
    q_.push_back(j);
    ++arrived_;
  }
  void schedule(SchedContext& ctx) override {
    if (arrived_ > 0) {
      const std::size_t older = q_.size() - arrived_;
      arrived_ = 0;
      if (older > 0 && max_wait_ > 0 && ctx.now() - q_.front().arrival >= max_wait_) return;  // starving head
      for (auto it = q_.begin() + std::ptrdiff_t(older); it != q_.end();) it = ctx.try_start(*it) ? q_.erase(it) : it + 1;
      return;
    }
    while (!q_.empty() && ctx.try_start(q_.front())) q_.pop_front();
  }
  std::vector<QueuedJob> queue() const override { return {q_.begin(), q_.end()}; }
  std::size_t size() const override { return q_.size(); }
  const QueuedJob* front() const override { return q_.empty() ? nullptr : &*q_.begin(); }
  std::unique_ptr<Scheduler> clone() const override { return std::make_unique<FcfsDeparture>(*this); }

 private:
  double max_wait_;
  std::size_t arrived_ = 0;  // the last arrived_ jobs of q_ have not had their arrival's attempt
  std::deque<QueuedJob> q_;
};

template <class S>
std::unique_ptr<Scheduler> make(const SchedParams& p) { return std::make_unique<S>(p); }

const SchedulerInfo kSchedulers[] = {
    {.id = "fcfs", .make = make<Fcfs>,
     .help = "First come, first served; the queue head blocks later jobs"},
    {.id = "ssd", .make = make<Ssd>,
     .help = "Shortest service demand first (as in Bani-Ahmad 2013); the shortest waiting job blocks the others"},
    {.id = "easy", .make = make<Easy>,
     .help = "EASY backfilling (Lifka 1995): later jobs start early if they do not delay the head's reservation",
     .timed_decisions = true, .plans_on_copy = true},
    {.id = "greedy", .make = make<Greedy>,
     .help = "Greedy (Srisawat & Alexandridis 1999, sec.3.5): every waiting job that fits starts, in arrival order; max_wait stops passing a starving head"},
    {.id = "fcfs-departure", .make = make<FcfsDeparture>,
     .help = "Srisawat & Alexandridis 1999 sec.3.5 read literally: an arriving job starts if it fits (unless the head has waited max_wait); at departures FCFS"},
    {.id = "conservative", .make = make_conservative,
     .help = "Conservative backfilling (Mu'alem & Feitelson 2001): every waiting job has a reservation; a job starts early only if it delays none",
     .timed_decisions = false, .plans_on_copy = true},
};

}  // namespace

std::span<const SchedulerInfo> schedulers() { return kSchedulers; }

const SchedulerInfo* find_scheduler(std::string_view id) { return find_by_id(schedulers(), id); }

}  // namespace alloclab
