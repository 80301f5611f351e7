// job_stream.hpp — the jobs of one replication in arrival order: drawn from the scenario's
// distributions (one random stream, a fixed draw order per job) or read from its trace.
#pragma once
#include <optional>
#include "../core/rng.hpp"
#include "../scenario/scenario.hpp"
#include "../sched/scheduler.hpp"

namespace alloclab {

class JobStream {
 public:
  JobStream(const Scenario& s, Rng rng) : rng_(rng), total_(s.total_jobs()) {}
  // The next job of scenario `s` (the one given at construction), numbered in arrival order;
  // nullopt when the stream is over: all jobs generated, or the next one would arrive after
  // the time limit (total() then counts the jobs before it).
  std::optional<QueuedJob> next(const Scenario& s);
  long long total() const { return total_; }

  // ---- as a simulation uses it: one job drawn ahead, held until its arrival event
  // Draws the next job and holds it (nullptr when the stream is over); one is held at a time.
  const QueuedJob* draw(const Scenario& s);
  // The job drawn and not yet arrived, or nullptr.
  const QueuedJob* pending() const { return pending_ ? &*pending_ : nullptr; }
  // Job `id`, the one held, arrives: it is handed over and no job is held.
  QueuedJob arrive(JobId id);

 private:
  std::optional<QueuedJob> pending_;
  Rng rng_;
  long long total_, generated_ = 0;
  double last_arrival_ = 0;
};

}  // namespace alloclab
