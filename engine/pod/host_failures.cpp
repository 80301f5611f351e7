// host_failures.cpp — failure and repair times of a pod's hosts (host_failures.hpp).
#include "host_failures.hpp"
#include <algorithm>
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
  down_.insert(std::lower_bound(down_.begin(), down_.end(), h), h);
  ++changes_;
  const double took = s.forced_repair >= 0 ? s.forced_repair : sample_service(repair_, rng_);
  s.forced_repair = -1;
  return now + took;
}

std::optional<double> HostFailures::repair(int h, double now) {
  Host& s = state_[std::size_t(h)];
  ALLOCLAB_CHECK(s.failed, "host %d repaired while healthy at time %g", h, now);
  s.failed = false;
  --failed_;
  down_.erase(std::lower_bound(down_.begin(), down_.end(), h));
  ++changes_;
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

double checkpointed_work(double done, double every) {
  if (!(every > 0) || !(done > 0)) return 0;
  return std::floor(done / every) * every;
}

int hosts_of(const PodInfo& pod, const Allocation& a) {
  std::vector<char> seen(std::size_t(host_count(pod)), 0);
  int n = 0;
  for (const Block& b : a.blocks)
    for (int z = b.z; z < b.z + b.d; ++z)
      for (int y = b.y; y < b.y + b.h; ++y)
        for (int x = b.x; x < b.x + b.w; ++x) {
          char& s = seen[std::size_t(host_at(pod, x % pod.width, y % pod.height, z % pod.depth))];  // (blocks may wrap)
          n += s == 0;
          s = 1;
        }
  return n;
}

double run_survival(int hosts, double work, double mtbf) {
  if (!(mtbf > 0)) return 1;
  return std::exp(-double(hosts) * work / mtbf);
}

}  // namespace alloclab
