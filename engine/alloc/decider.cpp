// decider.cpp — decisions timed, counted and replayed (decider.hpp).
#include "decider.hpp"
#include <chrono>
#include "../core/check.hpp"

namespace alloclab {

Decider::Decider(ClonePtr<Strategy> strategy, Rng rng, std::string name, double cost, bool check)
    : strategy_(std::move(strategy)), rng_(rng), name_(std::move(name)), cost_(cost), check_(check),
      replays_(strategy_->repeats_failures()) {}

std::optional<Allocation> Decider::call(const Request& r, const Occupancy& occ) {
  const long long o0 = strategy_->ops();
  std::optional<Allocation> a;
  if (!timed_) {
    a = strategy_->allocate(r, occ, rng_);
  } else {
    const auto t0 = std::chrono::steady_clock::now();
    a = strategy_->allocate(r, occ, rng_);
    seconds_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  }
  last_ops_ = strategy_->ops() - o0;
  return a;
}

std::optional<Allocation> Decider::decide(const Request& r, const Occupancy& occ) {
  if (r.job == watch_) {  // first difference: the decision as Explain shows it
    watched_ = explain(r, occ);
    watched_reserved_ = false;
  }
  const bool repeat = failed_.valid && failed_.job == r.job && failed_.shape == r.shape;
  if (repeat && !check_) {  // the same failure again: its count, without the search
    strategy_->repeat_failure(failed_.ops);
    last_ops_ = failed_.ops;
    return std::nullopt;
  }
  if (!replay_on_ || !replays_) return call(r, occ);  // never valid: nothing to remember
  const Rng rng0 = rng_;
  std::optional<Allocation> a = call(r, occ);
  const bool same_rng = rng_ == rng0;
  if (repeat)  // check=1: the replay must be what the strategy does
    ALLOCLAB_CHECK(!a && last_ops_ == failed_.ops && same_rng,
                   "strategy %s says it repeats failures, but job %d's repeated decision %s (%lld ops, was %lld)%s",
                   name_.c_str(), r.job, a ? "succeeded" : "failed", last_ops_, failed_.ops,
                   same_rng ? "" : " and drew random numbers");
  failed_.valid = !a && same_rng;
  failed_.job = r.job;
  failed_.shape = r.shape;
  failed_.ops = last_ops_;
  return a;
}

void Decider::started_reserved(const Request& r, const Occupancy& occ) {
  if (r.job != watch_) return;
  watched_ = explain(r, occ);
  watched_reserved_ = true;
}

long long Decider::allocated(JobId id, const Allocation& a) {
  failed_.valid = false;
  const long long o0 = strategy_->ops();
  strategy_->allocated(id, a);
  return strategy_->ops() - o0;
}

long long Decider::released(JobId id, const Allocation& a) {
  failed_.valid = false;
  const long long o0 = strategy_->ops();
  strategy_->released(id, a);
  return strategy_->ops() - o0;
}

std::optional<Allocation> Decider::preview(const Request& r, const Occupancy& occ) const {
  ClonePtr<Strategy> strat = strategy_;
  Rng rng = rng_;
  return strat->allocate(r, occ, rng);
}

Explanation Decider::explain(const Request& r, const Occupancy& occ) const {
  Explanation e = strategy_->explain(r, occ, rng_);
  ClonePtr<Strategy> strat = strategy_;  // the decision's operations, on a copy
  Rng rng = rng_;
  const long long o0 = strat->ops();
  (void)strat->allocate(r, occ, rng);
  e.ops = strat->ops() - o0;
  return e;
}

}  // namespace alloclab
