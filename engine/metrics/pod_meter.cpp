// pod_meter.cpp — accumulation of the pod metrics (definitions: pod_meter.hpp).
#include "pod_meter.hpp"
#include <algorithm>
#include <iterator>

namespace alloclab {

namespace {
// The by-size rows of Results, in kPodSizes order.
constexpr double Results::*kUtilization[] = {&Results::pod_utilization_size_1, &Results::pod_utilization_size_4, &Results::pod_utilization_size_8, &Results::pod_utilization_size_16, &Results::pod_utilization_size_32, &Results::pod_utilization_size_64, &Results::pod_utilization_size_128, &Results::pod_utilization_size_256, &Results::pod_utilization_size_512, &Results::pod_utilization_size_1024, &Results::pod_utilization_size_2048, &Results::pod_utilization_size_4096, &Results::pod_utilization_size_6144};
constexpr double Results::*kWait[] = {&Results::pod_wait_size_1, &Results::pod_wait_size_4, &Results::pod_wait_size_8, &Results::pod_wait_size_16, &Results::pod_wait_size_32, &Results::pod_wait_size_64, &Results::pod_wait_size_128, &Results::pod_wait_size_256, &Results::pod_wait_size_512, &Results::pod_wait_size_1024, &Results::pod_wait_size_2048, &Results::pod_wait_size_4096, &Results::pod_wait_size_6144};
constexpr double Results::*kSlowdown[] = {&Results::pod_bounded_slowdown_size_1, &Results::pod_bounded_slowdown_size_4, &Results::pod_bounded_slowdown_size_8, &Results::pod_bounded_slowdown_size_16, &Results::pod_bounded_slowdown_size_32, &Results::pod_bounded_slowdown_size_64, &Results::pod_bounded_slowdown_size_128, &Results::pod_bounded_slowdown_size_256, &Results::pod_bounded_slowdown_size_512, &Results::pod_bounded_slowdown_size_1024, &Results::pod_bounded_slowdown_size_2048, &Results::pod_bounded_slowdown_size_4096, &Results::pod_bounded_slowdown_size_6144};
static_assert(std::size(kUtilization) == kPodSizes.size() && std::size(kWait) == kPodSizes.size() &&
              std::size(kSlowdown) == kPodSizes.size());
}  // namespace

int pod_size_class(int chips) {
  for (std::size_t i = 0; i < kPodSizes.size(); ++i)
    if (chips <= kPodSizes[i]) return int(i);
  return int(kPodSizes.size()) - 1;
}

void PodMeter::reset(double t) {
  last_ = t;
  largest_area_ = largest_time_ = 0;
  stranded_avg_.reset(t);
  free64_avg_.reset(t);
  for (TimeAverage& u : util_) u.reset(t);
}

void PodMeter::advance(double t) {
  if (t > last_ && any_free_) {
    largest_area_ += (t - last_) * largest_;
    largest_time_ += t - last_;
  }
  last_ = std::max(last_, t);
  stranded_avg_.advance(t, stranded_);
  free64_avg_.advance(t, free64_);
  for (std::size_t i = 0; i < util_.size(); ++i) util_[i].advance(t, double(busy_[i]) / double(nodes_));
}

void PodMeter::read(const Occupancy& occ) {
  if (!pod_->cubes()) return sums_.build(occ);
  Ops ignored = 0;
  grid_.build(occ, ignored);
}

long long PodMeter::covered(Shape s) {
  if (!pod_->cubes()) return (long long)s.area() * sums_.free_tiles(s);
  if (s.area() < kCubeChips) {
    const SubCube sub(s);
    long long n = 0;
    for (int c = 0; c < grid_.count(); ++c) n += sub.free_positions(grid_.mask(c));
    return n * s.area();
  }
  const int free_cubes = grid_.free_cubes(), k = s.area() / kCubeChips;
  if (ocs_) return free_cubes >= k ? (long long)free_cubes * kCubeChips : 0;
  boxes_.build(grid_, s);
  if (!boxes_.fits(grid_) || free_cubes < k) return 0;
  mark_.assign(std::size_t(grid_.count()), 0);
  for (int cz = 0; cz < grid_.nz(); ++cz)
    for (int cy = 0; cy < grid_.ny(); ++cy)
      for (int cx = 0; cx < grid_.nx(); ++cx)
        if (boxes_.box_free(cx, cy, cz))
          for (int z = cz; z < cz + boxes_.c; ++z)
            for (int y = cy; y < cy + boxes_.b; ++y)
              for (int x = cx; x < cx + boxes_.a; ++x) mark_[std::size_t(grid_.cube_at(x, y, z))] = 1;
  long long n = 0;
  for (char m : mark_) n += m;
  return n * kCubeChips;
}

void PodMeter::observe(const Occupancy& occ, const Shape* head) {
  read(occ);
  const int free = occ.free_count();
  any_free_ = free > 0;
  largest_ = 0;
  for (auto s = pod_->shapes.rbegin(); any_free_ && s != pod_->shapes.rend(); ++s)
    if (const long long n = covered(s->shape()); n > 0) {
      largest_ = 1 - double(n) / double(free);
      break;
    }
  stranded_ = head && free >= head->area() && covered(*head) == 0 ? double(free) / double(nodes_) : 0;
  free64_ = 0;
  for (const SliceShape& s : pod_->shapes)
    if (s.chips() == 64) free64_ = double(covered(s.shape())) / 64;
}

void PodMeter::arrival(const Occupancy& occ, Shape shape) {
  const int free = occ.free_count();
  if (free == 0) return;
  read(occ);
  arrival_frag_.add(outside_share(shape, free));
}

void PodMeter::departed(int chips, bool measured, double wait, double bounded_slowdown) {
  const std::size_t c = std::size_t(pod_size_class(chips));
  busy_[c] -= chips;
  if (!measured) return;
  wait_[c].add(wait);
  slowdown_[c].add(bounded_slowdown);
}

void PodMeter::collective(double time, double ideal, double alone) {
  allreduce_time_.add(time);
  if (ideal > 0) allreduce_over_ideal_.add(time / ideal);
  if (alone > 0) allreduce_slowdown_.add(time / alone);
}

void PodMeter::fill(Results& r) const {
  r.pod_allreduce_time = allreduce_time_.mean();
  r.pod_allreduce_over_ideal = allreduce_over_ideal_.mean();
  r.pod_allreduce_slowdown = allreduce_slowdown_.mean();
  r.pod_fragmentation_arrival = arrival_frag_.mean();
  r.pod_fragmentation_largest = largest_time_ > 0 ? largest_area_ / largest_time_ : 0;
  r.pod_stranded = stranded_avg_.mean();
  r.pod_free_64_chip_blocks = free64_avg_.mean();
  for (std::size_t i = 0; i < kPodSizes.size(); ++i) {
    r.*kUtilization[i] = util_[i].mean();
    r.*kWait[i] = wait_[i].mean();
    r.*kSlowdown[i] = slowdown_[i].mean();
  }
}

}  // namespace alloclab
