// results.hpp — the figures a run produces (docs/model/metrics.md: the `results` object), as one struct plus a
// table of (name, member) so JSON output, replication averaging and the UI iterate one list.
#pragma once
#include <span>
#include <string>
#include <string_view>
#include <vector>
#include "stats.hpp"
#include "../pod/pods.hpp"

namespace alloclab {

struct Results {
  double jobs_completed = 0;          // measured jobs that finished
  double utilization = 0;             // time-average of requested processors in use / all processors
  double mean_response_time = 0;      // end − arrival, over measured jobs
  double mean_wait_time = 0;          // start − arrival
  double mean_service_time = 0;       // end − start
  double mean_jobs_in_system = 0;     // time-average of waiting + running jobs
  double throughput = 0;              // departures per time unit in the measurement window
  double external_fragmentation = 0;  // mean free/total over failed allocations with enough free nodes
  double internal_fragmentation = 0;  // (allocated − requested) / requested processors, measured jobs
  double mean_blocks_per_job = 0;     // blocks per measured job
  double mean_packet_latency = 0;     // network: entering the network → tail delivered (0 without a pattern)
  double mean_packet_blocking = 0;    // network: cycles a head flit waited at routers beyond routing (0 without a pattern)
  double network_cycles = 0;          // network cycles simulated (idle cycles skipped)
  double mean_dispersal = 0;          // mean pairwise hop distance / that of a compact job (1 = compact)
  double contiguous_fraction = 0;     // share of measured jobs allocated as one block
  double effectiveness = 0;           // measured jobs allocated (started) / measured jobs arrived (Jakimczuk et al. 2013 E)
  double unreliability = 0;           // 1 − effectiveness (Jakimczuk et al. 2013 U)
  double jobs_dropped = 0;            // measured jobs not processed (on_fail=drop)
  double makespan = 0;                // time of the last departure (or the time limit)
  double allocation_failures = 0;     // failed allocation attempts in the window
  double mean_bounded_slowdown = 0;   // mean of max(1, response / max(service, 10)) over measured jobs
  double mean_packet_queueing = 0;    // network: cycles a packet waited in its source queue before entering
  double completion_ratio = 0;        // measured jobs completed / measured jobs arrived
  double mean_allocation_ops = 0;     // counted operations per allocation decision (failed ones too), window
  double max_allocation_ops = 0;      // the largest decision's operations in the window
  double mean_release_ops = 0;        // counted operations per release (departure), window
  // Accelerator pods (machine=tpu-*; metrics/pod_meter.hpp, docs/model/pods.md): printed only for
  // pod scenarios (metric_fields(pod)). "size N" = slices of N chips.
  double pod_fragmentation_arrival = 0;  // mean over measured jobs, at arrival: share of free chips outside every free legal position of its shape
  double pod_fragmentation_largest = 0;  // time-average while a chip is free: share of free chips outside the free positions of the largest legal shape that has one
  double pod_stranded = 0;               // time-average share of the pod's chips that are free while the queue head waits with at least its chips free
  double pod_free_64_chip_blocks = 0;    // time-average number of wholly free legal 64-chip positions (8x8 on the 2D pods)
  double pod_utilization_size_1 = 0;  // time-average share of the pod's chips held by slices of size 1
  double pod_utilization_size_4 = 0;  // time-average share of the pod's chips held by slices of size 4
  double pod_utilization_size_8 = 0;  // time-average share of the pod's chips held by slices of size 8
  double pod_utilization_size_16 = 0;  // time-average share of the pod's chips held by slices of size 16
  double pod_utilization_size_32 = 0;  // time-average share of the pod's chips held by slices of size 32
  double pod_utilization_size_64 = 0;  // time-average share of the pod's chips held by slices of size 64
  double pod_utilization_size_128 = 0;  // time-average share of the pod's chips held by slices of size 128
  double pod_utilization_size_256 = 0;  // time-average share of the pod's chips held by slices of size 256
  double pod_wait_size_1 = 0;  // mean wait of measured slices of size 1
  double pod_wait_size_4 = 0;  // mean wait of measured slices of size 4
  double pod_wait_size_8 = 0;  // mean wait of measured slices of size 8
  double pod_wait_size_16 = 0;  // mean wait of measured slices of size 16
  double pod_wait_size_32 = 0;  // mean wait of measured slices of size 32
  double pod_wait_size_64 = 0;  // mean wait of measured slices of size 64
  double pod_wait_size_128 = 0;  // mean wait of measured slices of size 128
  double pod_wait_size_256 = 0;  // mean wait of measured slices of size 256
  double pod_bounded_slowdown_size_1 = 0;  // mean bounded slowdown of measured slices of size 1
  double pod_bounded_slowdown_size_4 = 0;  // mean bounded slowdown of measured slices of size 4
  double pod_bounded_slowdown_size_8 = 0;  // mean bounded slowdown of measured slices of size 8
  double pod_bounded_slowdown_size_16 = 0;  // mean bounded slowdown of measured slices of size 16
  double pod_bounded_slowdown_size_32 = 0;  // mean bounded slowdown of measured slices of size 32
  double pod_bounded_slowdown_size_64 = 0;  // mean bounded slowdown of measured slices of size 64
  double pod_bounded_slowdown_size_128 = 0;  // mean bounded slowdown of measured slices of size 128
  double pod_bounded_slowdown_size_256 = 0;  // mean bounded slowdown of measured slices of size 256
  double pod_allreduce_time = 0;        // collective patterns: mean cycles of a measured job's all-reduce
  double pod_allreduce_over_ideal = 0;  // mean of all-reduce time / 2(N−1)/N · S / (2·flit_bytes) per ring
  double pod_allreduce_slowdown = 0;    // mean of all-reduce time / its time alone on an idle network
  // The cube pods' larger slices (machine=tpu-v4, tpu-v5p): printed only for cube-pod scenarios.
  double pod_utilization_size_512 = 0;  // cube pods: time-average share of the pod's chips held by slices of size 512
  double pod_utilization_size_1024 = 0;  // cube pods: time-average share of the pod's chips held by slices of size 1024
  double pod_utilization_size_2048 = 0;  // cube pods: time-average share of the pod's chips held by slices of size 2048
  double pod_utilization_size_4096 = 0;  // cube pods: time-average share of the pod's chips held by slices of size 4096
  double pod_utilization_size_6144 = 0;  // cube pods: time-average share of the pod's chips held by slices of size 6144
  double pod_wait_size_512 = 0;  // cube pods: mean wait of measured slices of size 512
  double pod_wait_size_1024 = 0;  // cube pods: mean wait of measured slices of size 1024
  double pod_wait_size_2048 = 0;  // cube pods: mean wait of measured slices of size 2048
  double pod_wait_size_4096 = 0;  // cube pods: mean wait of measured slices of size 4096
  double pod_wait_size_6144 = 0;  // cube pods: mean wait of measured slices of size 6144
  double pod_bounded_slowdown_size_512 = 0;  // cube pods: mean bounded slowdown of measured slices of size 512
  double pod_bounded_slowdown_size_1024 = 0;  // cube pods: mean bounded slowdown of measured slices of size 1024
  double pod_bounded_slowdown_size_2048 = 0;  // cube pods: mean bounded slowdown of measured slices of size 2048
  double pod_bounded_slowdown_size_4096 = 0;  // cube pods: mean bounded slowdown of measured slices of size 4096
  double pod_bounded_slowdown_size_6144 = 0;  // cube pods: mean bounded slowdown of measured slices of size 6144
};

struct MetricField {
  std::string_view name;
  double Results::*member;
};

// The metric table, in output order (JSON `results`, CSV columns, averaging, the page's Results
// window): a new metric is a member above, a row here, and its accumulation in RunMetrics (run_metrics.hpp).
// A metric every scenario has goes before the pod rows; a pod metric at the end.
inline constexpr MetricField kMetricFields[] = {
    {"jobs_completed", &Results::jobs_completed},
    {"utilization", &Results::utilization},
    {"mean_response_time", &Results::mean_response_time},
    {"mean_wait_time", &Results::mean_wait_time},
    {"mean_service_time", &Results::mean_service_time},
    {"mean_jobs_in_system", &Results::mean_jobs_in_system},
    {"throughput", &Results::throughput},
    {"external_fragmentation", &Results::external_fragmentation},
    {"internal_fragmentation", &Results::internal_fragmentation},
    {"mean_blocks_per_job", &Results::mean_blocks_per_job},
    {"mean_packet_latency", &Results::mean_packet_latency},
    {"mean_packet_blocking", &Results::mean_packet_blocking},
    {"network_cycles", &Results::network_cycles},
    {"mean_dispersal", &Results::mean_dispersal},
    {"contiguous_fraction", &Results::contiguous_fraction},
    {"effectiveness", &Results::effectiveness},
    {"unreliability", &Results::unreliability},
    {"jobs_dropped", &Results::jobs_dropped},
    {"makespan", &Results::makespan},
    {"allocation_failures", &Results::allocation_failures},
    {"mean_bounded_slowdown", &Results::mean_bounded_slowdown},
    {"mean_packet_queueing", &Results::mean_packet_queueing},
    {"completion_ratio", &Results::completion_ratio},
    {"mean_allocation_ops", &Results::mean_allocation_ops},
    {"max_allocation_ops", &Results::max_allocation_ops},
    {"mean_release_ops", &Results::mean_release_ops},
    // the pod rows: last, from kPodMetricsBegin on
    {"pod_fragmentation_arrival", &Results::pod_fragmentation_arrival},
    {"pod_fragmentation_largest", &Results::pod_fragmentation_largest},
    {"pod_stranded", &Results::pod_stranded},
    {"pod_free_64_chip_blocks", &Results::pod_free_64_chip_blocks},
    {"pod_utilization_size_1", &Results::pod_utilization_size_1},
    {"pod_utilization_size_4", &Results::pod_utilization_size_4},
    {"pod_utilization_size_8", &Results::pod_utilization_size_8},
    {"pod_utilization_size_16", &Results::pod_utilization_size_16},
    {"pod_utilization_size_32", &Results::pod_utilization_size_32},
    {"pod_utilization_size_64", &Results::pod_utilization_size_64},
    {"pod_utilization_size_128", &Results::pod_utilization_size_128},
    {"pod_utilization_size_256", &Results::pod_utilization_size_256},
    {"pod_wait_size_1", &Results::pod_wait_size_1},
    {"pod_wait_size_4", &Results::pod_wait_size_4},
    {"pod_wait_size_8", &Results::pod_wait_size_8},
    {"pod_wait_size_16", &Results::pod_wait_size_16},
    {"pod_wait_size_32", &Results::pod_wait_size_32},
    {"pod_wait_size_64", &Results::pod_wait_size_64},
    {"pod_wait_size_128", &Results::pod_wait_size_128},
    {"pod_wait_size_256", &Results::pod_wait_size_256},
    {"pod_bounded_slowdown_size_1", &Results::pod_bounded_slowdown_size_1},
    {"pod_bounded_slowdown_size_4", &Results::pod_bounded_slowdown_size_4},
    {"pod_bounded_slowdown_size_8", &Results::pod_bounded_slowdown_size_8},
    {"pod_bounded_slowdown_size_16", &Results::pod_bounded_slowdown_size_16},
    {"pod_bounded_slowdown_size_32", &Results::pod_bounded_slowdown_size_32},
    {"pod_bounded_slowdown_size_64", &Results::pod_bounded_slowdown_size_64},
    {"pod_bounded_slowdown_size_128", &Results::pod_bounded_slowdown_size_128},
    {"pod_bounded_slowdown_size_256", &Results::pod_bounded_slowdown_size_256},
    {"pod_allreduce_time", &Results::pod_allreduce_time},
    {"pod_allreduce_over_ideal", &Results::pod_allreduce_over_ideal},
    {"pod_allreduce_slowdown", &Results::pod_allreduce_slowdown},
    // the cube-pod rows: last, from kCubeMetricsBegin on
    {"pod_utilization_size_512", &Results::pod_utilization_size_512},
    {"pod_utilization_size_1024", &Results::pod_utilization_size_1024},
    {"pod_utilization_size_2048", &Results::pod_utilization_size_2048},
    {"pod_utilization_size_4096", &Results::pod_utilization_size_4096},
    {"pod_utilization_size_6144", &Results::pod_utilization_size_6144},
    {"pod_wait_size_512", &Results::pod_wait_size_512},
    {"pod_wait_size_1024", &Results::pod_wait_size_1024},
    {"pod_wait_size_2048", &Results::pod_wait_size_2048},
    {"pod_wait_size_4096", &Results::pod_wait_size_4096},
    {"pod_wait_size_6144", &Results::pod_wait_size_6144},
    {"pod_bounded_slowdown_size_512", &Results::pod_bounded_slowdown_size_512},
    {"pod_bounded_slowdown_size_1024", &Results::pod_bounded_slowdown_size_1024},
    {"pod_bounded_slowdown_size_2048", &Results::pod_bounded_slowdown_size_2048},
    {"pod_bounded_slowdown_size_4096", &Results::pod_bounded_slowdown_size_4096},
    {"pod_bounded_slowdown_size_6144", &Results::pod_bounded_slowdown_size_6144},
};
// The first pod row: rows before it are every scenario's, the rest only a pod scenario's.
inline constexpr std::size_t kPodMetricsBegin = 26;
static_assert(kMetricFields[kPodMetricsBegin].member == &Results::pod_fragmentation_arrival);
// The first cube-pod row: the rows from it on are printed for cube pods (machine=tpu-v4, tpu-v5p) only.
inline constexpr std::size_t kCubeMetricsBegin = 57;
static_assert(kMetricFields[kCubeMetricsBegin].member == &Results::pod_utilization_size_512);

// Which rows a scenario prints: every scenario's (kBaseRows), and the pod rows on a pod machine
// (kPodRows), and the cube-pod rows on a cube pod (kCubePodRows). A bool converts: true = the pod rows.
enum MetricRows : int { kBaseRows = 0, kPodRows = 1, kCubePodRows = 2 };
// The rows of a scenario on this machine (nullptr: no pod).
inline int metric_rows(const PodInfo* pod) { return !pod ? kBaseRows : pod->cubes() ? kCubePodRows : kPodRows; }

// Every row (averaging, comparisons).
std::span<const MetricField> metric_fields();
// The rows printed for a scenario (MetricRows): those before kPodMetricsBegin on a machine without
// pods, so that it prints what it printed before pods had metrics; those before kCubeMetricsBegin
// on a 2D pod; every row on a cube pod.
std::span<const MetricField> metric_fields(int rows);

// Accumulates the Results of independent replications: per-metric mean and 95% half-width.
class Aggregate {
 public:
  void add(const Results& r);
  int count() const { return n_; }
  Results mean() const;
  Results ci95() const;
  // Half-width / |mean| of one metric (0 when the mean is 0 and so is the half-width).
  double relative_error(double Results::*m) const;

 private:
  int n_ = 0;
  std::vector<RunningStat> s_;
};

// A run over R replications: per-metric means and 95% half-widths (zeros when R = 1).
struct Report {
  int replications = 1;
  Results mean;
  Results ci95;
  // trace summary (when a trace was used)
  double allocation_seconds = 0;  // measured time inside strategies, all replications (timing only)
  bool has_trace = false;
  long long trace_records = 0, trace_skipped = 0, trace_reshaped = 0, trace_jobs = 0;
  long long trace_skipped_cancelled = 0, trace_skipped_invalid = 0, trace_skipped_too_large = 0;
  int pod = kBaseRows;  // MetricRows: a pod scenario prints the pod rows too (metric_fields(pod))
};

// The `results` JSON object (deterministic text: fixed key order, shortest round-trip numbers).
std::string results_json(const Report& r);

}  // namespace alloclab
