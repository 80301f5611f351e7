// pod_meter.hpp — the accelerator-pod metrics of one replication (machine=tpu-*): slice
// fragmentation, the capacity it strands, wholly free large blocks, and utilisation, wait and
// bounded slowdown by slice size. RunMetrics owns one on a pod machine and feeds it; the figures
// are the pod rows of the metric table (results.hpp), printed only for pod scenarios.
//
// Definitions (docs/model/pods.md, "Pod metrics"). F = free chips, P = the pod's chips; a shape's
// free positions are its legal positions (pod/pods.hpp) whose chips are all free.
// - pod_fragmentation_arrival: at each measured job's arrival, with F > 0, the share of the free
//   chips outside every free position of the job's shape, 1 − chips·positions / F; the mean over
//   those jobs. With Poisson arrivals this is the time-average of that share under the job mix
//   (arrivals see time averages).
// - pod_fragmentation_largest: 1 − chips·positions / F for the largest legal shape that has a
//   free position (0 when the free chips tile such positions exactly); time-averaged over the
//   time with F > 0.
// - pod_stranded: F / P while the queue head waits although at least its chip count is free
//   (none of its legal positions is: the free chips are there, in the wrong places), else 0;
//   time-averaged.
// - pod_free_64_chip_blocks: the free positions of the pod's 64-chip shape (8x8; on a cube pod
//   4x4x4: the wholly free cubes), time-averaged.
// - by slice size (N = 1, 4, 8, 16, 32, 64, 128, 256 chips: the 2D catalogue's sizes, and on a
//   cube pod 512, 1024, 2048, 4096, 6144 too; a job goes to the smallest N at least its chips):
//   utilisation = chips held by slices of size N / P,
//   time-averaged; wait and bounded slowdown as mean_wait_time and mean_bounded_slowdown, over
//   the measured slices of size N.
// - collective patterns (net/allreduce.hpp), over the measured jobs' all-reduces: their mean time
//   (cycles), the mean of time / ideal time, and the mean of time / time alone on an idle network
//   (the slowdown other jobs' traffic causes).
// On a cube pod "the free chips outside every free position" counts the chips covered by no free
// legal position (pod/pods.hpp): a sub-cube shape's positions are disjoint, so these are the free
// chips less chips·positions as on a 2D pod; with ocs=on a slice of k cubes covers every wholly
// free cube once k are free; on the fixed torus (ocs=off) its free boxes of cubes may overlap and
// their union is counted.
// Time averages use the measurement window of RunMetrics (reset, advance); the state is read
// with observe() after every event that changed the occupancy or the queue head.
#pragma once
#include <array>
#include "../alloc/cube_grid.hpp"
#include "../alloc/slice_grid.hpp"
#include "../pod/pods.hpp"
#include "results.hpp"
#include "stats.hpp"

namespace alloclab {

// The slice sizes (chips) the by-size rows report, ascending.
inline constexpr std::array<int, 13> kPodSizes = {1, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 6144};
// The by-size row of a slice of `chips` chips: the smallest size at least as large (the last).
int pod_size_class(int chips);

class PodMeter {
 public:
  PodMeter(const PodInfo& pod, int nodes, bool ocs = true) : pod_(&pod), nodes_(nodes), ocs_(ocs) {}  // ocs: cube pods only

  // The measurement window opens at t.
  void reset(double t);
  // The state read by the last observe() held until t.
  void advance(double t);
  // Reads the state after an event: the occupancy and the queue head (nullptr: none waits).
  void observe(const Occupancy& occ, const Shape* head);
  // A measured job of this shape arrives (before it is queued or placed).
  void arrival(const Occupancy& occ, Shape shape);
  void started(int chips) { busy_[std::size_t(pod_size_class(chips))] += chips; }
  void departed(int chips, bool measured, double wait, double bounded_slowdown);
  // A measured job's all-reduce finished (collective patterns): its cycles, ideal and alone.
  void collective(double time, double ideal, double alone);

  void fill(Results& r) const;

 private:
  // Reads the occupancy into sums_ (2D pod) or grid_ (cube pod).
  void read(const Occupancy& occ);
  // The free chips inside some free legal position of shape s (the state read last).
  long long covered(Shape s);
  // 1 − covered(s) / F (F = free > 0).
  double outside_share(Shape s, int free) { return 1 - double(covered(s)) / double(free); }

  const PodInfo* pod_;
  int nodes_;
  bool ocs_;
  ChipSums sums_;
  CubeGrid grid_;
  CubeBoxes boxes_;
  std::vector<char> mark_;  // cube pods, ocs=off: cubes inside some free box
  // the state since the last observe()
  double largest_ = 0, stranded_ = 0, free64_ = 0;
  bool any_free_ = true;
  std::array<int, kPodSizes.size()> busy_{};
  // accumulations (window)
  double largest_area_ = 0, largest_time_ = 0, last_ = 0;
  TimeAverage stranded_avg_, free64_avg_;
  std::array<TimeAverage, kPodSizes.size()> util_;
  RunningStat arrival_frag_;
  std::array<RunningStat, kPodSizes.size()> wait_, slowdown_;
  RunningStat allreduce_time_, allreduce_over_ideal_, allreduce_slowdown_;
};

}  // namespace alloclab
