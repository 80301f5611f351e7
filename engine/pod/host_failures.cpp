// host_failures.cpp — failure and repair times of a pod's hosts (host_failures.hpp).
#include "host_failures.hpp"
#include <cmath>
#include "../core/check.hpp"

namespace alloclab {

HostFailures::HostFailures(const PodInfo& pod, double mtbf, const ServiceSpec& repair, Rng rng)
    : pod_(&pod), mtbf_(mtbf), repair_(repair), rng_(rng), state_(std::size_t(host_count(pod))) {}

double HostFailures::fail(int h, double now) {
  Host& s = state_[std::size_t(h)];
  ALLOCLAB_CHECK(!s.failed, "host %d failed twice at time %g", h, now);
  s.failed = true;
  s.fail_at = -1;
  ++failed_;
  const double took = s.forced_repair >= 0 ? s.forced_repair : sample_service(repair_, rng_);
  s.forced_repair = -1;
  return now + took;
}

std::optional<double> HostFailures::repair(int h, double now) {
  Host& s = state_[std::size_t(h)];
  ALLOCLAB_CHECK(s.failed, "host %d repaired while healthy at time %g", h, now);
  s.failed = false;
  --failed_;
  if (mtbf_ <= 0) return std::nullopt;
  s.fail_at = now + rng_.exponential(mtbf_);
  return s.fail_at;
}

bool HostFailures::set_failure(int h, double at, double repair) {
  if (h < 0 || h >= hosts() || failed(h) || !(at >= 0) || !(repair >= 0) || !std::isfinite(at) || !std::isfinite(repair))
    return false;
  state_[std::size_t(h)].fail_at = at;
  state_[std::size_t(h)].forced_repair = repair;
  return true;
}

}  // namespace alloclab
