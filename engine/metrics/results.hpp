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
  double utilization_sd = 0;          // standard deviation over time of the utilization in the window
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
  double pod_goodput = 0;       // chip-time of runs that completed, in the window / (chips × window)
  double pod_availability = 0;  // 1 − time-average share of chips on failed hosts (host_mtbf)
  double pod_jobs_killed = 0;       // runs a host failure ended in the window (each job requeued, or abandoned)
  double pod_jobs_abandoned = 0;    // measured jobs given up after their last allowed restart (max_restarts)
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

// Which way a metric improves. Every row of the metric table declares one (Undeclared is the
// value a row gets when it forgets; tests/test_metrics.cpp refuses it): Compare's verdicts and
// "best" highlight, the Sweep plots, the CLI's paired verdicts and `alloclab list` read it.
enum class Better { Undeclared, Lower, Higher, Neither };

struct MetricField {
  std::string_view name;
  double Results::*member;
  Better better;          // lower is better, higher is better, or neither (a count of work, ...)
  std::string_view help;  // one sentence for a reader (tooltips, glossary, `alloclab list`)
};

// The metric table, in output order (JSON `results`, CSV columns, averaging, the page's Results
// window, Compare, Sweep, the glossary): a new metric is a member above, a row here (with its
// direction and help), and its accumulation in RunMetrics (run_metrics.hpp).
// A metric every scenario has goes before the pod rows; a pod metric at the end.
inline constexpr MetricField kMetricFields[] = {
    {.name = "jobs_completed", .member = &Results::jobs_completed, .better = Better::Higher,
     .help = "Measured jobs that finished (after the warm-up)."},
    {.name = "utilization", .member = &Results::utilization, .better = Better::Higher,
     .help = "Time-average share of the machine's processors in use by jobs (requested processors / all)."},
    {.name = "mean_response_time", .member = &Results::mean_response_time, .better = Better::Lower,
     .help = "Mean time from a job's arrival to its end (waiting + service)."},
    {.name = "mean_wait_time", .member = &Results::mean_wait_time, .better = Better::Lower,
     .help = "Mean time a job waited in the queue before it started."},
    {.name = "mean_service_time", .member = &Results::mean_service_time, .better = Better::Lower,
     .help = "Mean time from a job's start to its end (longer when its messages meet contention)."},
    {.name = "mean_jobs_in_system", .member = &Results::mean_jobs_in_system, .better = Better::Lower,
     .help = "Time-average number of jobs waiting or running."},
    {.name = "throughput", .member = &Results::throughput, .better = Better::Higher,
     .help = "Jobs finished per time unit in the measurement window."},
    {.name = "external_fragmentation", .member = &Results::external_fragmentation, .better = Better::Lower,
     .help = "Mean share of the machine free at allocation failures that happened with enough free processors (free, but not in a usable shape)."},
    {.name = "internal_fragmentation", .member = &Results::internal_fragmentation, .better = Better::Lower,
     .help = "Processors allocated beyond those requested, per requested processor (e.g. buddy rounding up)."},
    {.name = "mean_blocks_per_job", .member = &Results::mean_blocks_per_job, .better = Better::Lower,
     .help = "Mean number of separate rectangles a job was given (1 = contiguous)."},
    {.name = "mean_packet_latency", .member = &Results::mean_packet_latency, .better = Better::Lower,
     .help = "Network: cycles from a packet entering the network until its last flit is delivered (0 without a pattern)."},
    {.name = "mean_packet_blocking", .member = &Results::mean_packet_blocking, .better = Better::Lower,
     .help = "Network: cycles a packet's head flit waited at routers beyond routing (contention; 0 without a pattern)."},
    {.name = "network_cycles", .member = &Results::network_cycles, .better = Better::Neither,
     .help = "Network cycles simulated (idle cycles skipped): how much work the simulator did, not a quality."},
    {.name = "mean_dispersal", .member = &Results::mean_dispersal, .better = Better::Lower,
     .help = "Mean hop distance between a job's processors relative to a compact job of the same size (1 = compact)."},
    {.name = "contiguous_fraction", .member = &Results::contiguous_fraction, .better = Better::Higher,
     .help = "Share of measured jobs allocated as one rectangle."},
    {.name = "effectiveness", .member = &Results::effectiveness, .better = Better::Higher,
     .help = "Measured jobs allocated (started) / measured jobs arrived (Jakimczuk et al. 2013's E)."},
    {.name = "unreliability", .member = &Results::unreliability, .better = Better::Lower,
     .help = "1 - effectiveness: the share of arrived jobs not allocated (Jakimczuk et al. 2013's U)."},
    {.name = "jobs_dropped", .member = &Results::jobs_dropped, .better = Better::Lower,
     .help = "Measured jobs not processed (on_fail=drop)."},
    {.name = "makespan", .member = &Results::makespan, .better = Better::Lower,
     .help = "Time of the last departure (or the time limit): how long the whole workload took."},
    {.name = "allocation_failures", .member = &Results::allocation_failures, .better = Better::Lower,
     .help = "Allocation attempts in the window that found no place for the job."},
    {.name = "mean_bounded_slowdown", .member = &Results::mean_bounded_slowdown, .better = Better::Lower,
     .help = "Mean of max(1, response / max(service, 10)): how many times longer than its own run a job took."},
    {.name = "mean_packet_queueing", .member = &Results::mean_packet_queueing, .better = Better::Lower,
     .help = "Network: cycles a packet waited in its source queue before entering the network."},
    {.name = "completion_ratio", .member = &Results::completion_ratio, .better = Better::Higher,
     .help = "Measured jobs completed / measured jobs arrived."},
    {.name = "mean_allocation_ops", .member = &Results::mean_allocation_ops, .better = Better::Lower,
     .help = "Counted operations per allocation decision (failed ones too): the strategy's cost."},
    {.name = "max_allocation_ops", .member = &Results::max_allocation_ops, .better = Better::Lower,
     .help = "The most operations one allocation decision took in the window."},
    {.name = "mean_release_ops", .member = &Results::mean_release_ops, .better = Better::Lower,
     .help = "Counted operations per release (a job leaving): the strategy's bookkeeping cost."},
    {.name = "utilization_sd", .member = &Results::utilization_sd, .better = Better::Neither,
     .help = "Standard deviation over time of the utilization in the window (how much it swings during a run; Srisawat & Alexandridis 1999's ±)."},
    // the pod rows: last, from kPodMetricsBegin on
    {.name = "pod_fragmentation_arrival", .member = &Results::pod_fragmentation_arrival, .better = Better::Lower,
     .help = "Pods: mean over measured jobs, at arrival, of the share of free chips outside every free legal position of the job's shape."},
    {.name = "pod_fragmentation_largest", .member = &Results::pod_fragmentation_largest, .better = Better::Lower,
     .help = "Pods: time-average, while a chip is free, of the share of free chips outside the free positions of the largest legal shape that has one."},
    {.name = "pod_stranded", .member = &Results::pod_stranded, .better = Better::Lower,
     .help = "Pods: time-average share of the chips free while the queue head waits with at least its chips free."},
    {.name = "pod_free_64_chip_blocks", .member = &Results::pod_free_64_chip_blocks, .better = Better::Higher,
     .help = "Pods: time-average number of wholly free legal 64-chip positions (8x8 on the 2D pods): room for large slices."},
    {.name = "pod_utilization_size_1", .member = &Results::pod_utilization_size_1, .better = Better::Neither,
     .help = "Pods: time-average share of the chips held by slices of 1 chips (a part of the utilization, not a quality by itself)."},
    {.name = "pod_utilization_size_4", .member = &Results::pod_utilization_size_4, .better = Better::Neither,
     .help = "Pods: time-average share of the chips held by slices of 4 chips (a part of the utilization, not a quality by itself)."},
    {.name = "pod_utilization_size_8", .member = &Results::pod_utilization_size_8, .better = Better::Neither,
     .help = "Pods: time-average share of the chips held by slices of 8 chips (a part of the utilization, not a quality by itself)."},
    {.name = "pod_utilization_size_16", .member = &Results::pod_utilization_size_16, .better = Better::Neither,
     .help = "Pods: time-average share of the chips held by slices of 16 chips (a part of the utilization, not a quality by itself)."},
    {.name = "pod_utilization_size_32", .member = &Results::pod_utilization_size_32, .better = Better::Neither,
     .help = "Pods: time-average share of the chips held by slices of 32 chips (a part of the utilization, not a quality by itself)."},
    {.name = "pod_utilization_size_64", .member = &Results::pod_utilization_size_64, .better = Better::Neither,
     .help = "Pods: time-average share of the chips held by slices of 64 chips (a part of the utilization, not a quality by itself)."},
    {.name = "pod_utilization_size_128", .member = &Results::pod_utilization_size_128, .better = Better::Neither,
     .help = "Pods: time-average share of the chips held by slices of 128 chips (a part of the utilization, not a quality by itself)."},
    {.name = "pod_utilization_size_256", .member = &Results::pod_utilization_size_256, .better = Better::Neither,
     .help = "Pods: time-average share of the chips held by slices of 256 chips (a part of the utilization, not a quality by itself)."},
    {.name = "pod_wait_size_1", .member = &Results::pod_wait_size_1, .better = Better::Lower,
     .help = "Pods: mean wait of measured slices of 1 chips."},
    {.name = "pod_wait_size_4", .member = &Results::pod_wait_size_4, .better = Better::Lower,
     .help = "Pods: mean wait of measured slices of 4 chips."},
    {.name = "pod_wait_size_8", .member = &Results::pod_wait_size_8, .better = Better::Lower,
     .help = "Pods: mean wait of measured slices of 8 chips."},
    {.name = "pod_wait_size_16", .member = &Results::pod_wait_size_16, .better = Better::Lower,
     .help = "Pods: mean wait of measured slices of 16 chips."},
    {.name = "pod_wait_size_32", .member = &Results::pod_wait_size_32, .better = Better::Lower,
     .help = "Pods: mean wait of measured slices of 32 chips."},
    {.name = "pod_wait_size_64", .member = &Results::pod_wait_size_64, .better = Better::Lower,
     .help = "Pods: mean wait of measured slices of 64 chips."},
    {.name = "pod_wait_size_128", .member = &Results::pod_wait_size_128, .better = Better::Lower,
     .help = "Pods: mean wait of measured slices of 128 chips."},
    {.name = "pod_wait_size_256", .member = &Results::pod_wait_size_256, .better = Better::Lower,
     .help = "Pods: mean wait of measured slices of 256 chips."},
    {.name = "pod_bounded_slowdown_size_1", .member = &Results::pod_bounded_slowdown_size_1, .better = Better::Lower,
     .help = "Pods: mean bounded slowdown of measured slices of 1 chips."},
    {.name = "pod_bounded_slowdown_size_4", .member = &Results::pod_bounded_slowdown_size_4, .better = Better::Lower,
     .help = "Pods: mean bounded slowdown of measured slices of 4 chips."},
    {.name = "pod_bounded_slowdown_size_8", .member = &Results::pod_bounded_slowdown_size_8, .better = Better::Lower,
     .help = "Pods: mean bounded slowdown of measured slices of 8 chips."},
    {.name = "pod_bounded_slowdown_size_16", .member = &Results::pod_bounded_slowdown_size_16, .better = Better::Lower,
     .help = "Pods: mean bounded slowdown of measured slices of 16 chips."},
    {.name = "pod_bounded_slowdown_size_32", .member = &Results::pod_bounded_slowdown_size_32, .better = Better::Lower,
     .help = "Pods: mean bounded slowdown of measured slices of 32 chips."},
    {.name = "pod_bounded_slowdown_size_64", .member = &Results::pod_bounded_slowdown_size_64, .better = Better::Lower,
     .help = "Pods: mean bounded slowdown of measured slices of 64 chips."},
    {.name = "pod_bounded_slowdown_size_128", .member = &Results::pod_bounded_slowdown_size_128, .better = Better::Lower,
     .help = "Pods: mean bounded slowdown of measured slices of 128 chips."},
    {.name = "pod_bounded_slowdown_size_256", .member = &Results::pod_bounded_slowdown_size_256, .better = Better::Lower,
     .help = "Pods: mean bounded slowdown of measured slices of 256 chips."},
    {.name = "pod_allreduce_time", .member = &Results::pod_allreduce_time, .better = Better::Lower,
     .help = "Pods, collective patterns: mean cycles of a measured job's all-reduce."},
    {.name = "pod_allreduce_over_ideal", .member = &Results::pod_allreduce_over_ideal, .better = Better::Lower,
     .help = "Pods, collective patterns: mean all-reduce time over the ideal ring time (1 = as fast as the links allow)."},
    {.name = "pod_allreduce_slowdown", .member = &Results::pod_allreduce_slowdown, .better = Better::Lower,
     .help = "Pods, collective patterns: mean all-reduce time over its time alone on an idle network (1 = no contention)."},
    // host failures (key host_mtbf): every pod's
    {.name = "pod_goodput", .member = &Results::pod_goodput, .better = Better::Higher,
     .help = "Pods: chip-time of the runs that completed (and of work saved at checkpoints) / (chips x measured time); the utilization less the work host failures threw away."},
    {.name = "pod_availability", .member = &Results::pod_availability, .better = Better::Higher,
     .help = "Pods: time-average share of the chips on healthy hosts (1 without host failures)."},
    {.name = "pod_jobs_killed", .member = &Results::pod_jobs_killed, .better = Better::Lower,
     .help = "Pods: runs a host failure ended in the window (each killed job is requeued and runs again, from scratch or from its last checkpoint)."},
    {.name = "pod_jobs_abandoned", .member = &Results::pod_jobs_abandoned, .better = Better::Lower,
     .help = "Pods: measured jobs given up after max_restarts restarts (they leave unfinished and count in no finished-job mean)."},
    // the cube-pod rows: last, from kCubeMetricsBegin on
    {.name = "pod_utilization_size_512", .member = &Results::pod_utilization_size_512, .better = Better::Neither,
     .help = "Cube pods: time-average share of the chips held by slices of 512 chips (a part of the utilization, not a quality by itself)."},
    {.name = "pod_utilization_size_1024", .member = &Results::pod_utilization_size_1024, .better = Better::Neither,
     .help = "Cube pods: time-average share of the chips held by slices of 1024 chips (a part of the utilization, not a quality by itself)."},
    {.name = "pod_utilization_size_2048", .member = &Results::pod_utilization_size_2048, .better = Better::Neither,
     .help = "Cube pods: time-average share of the chips held by slices of 2048 chips (a part of the utilization, not a quality by itself)."},
    {.name = "pod_utilization_size_4096", .member = &Results::pod_utilization_size_4096, .better = Better::Neither,
     .help = "Cube pods: time-average share of the chips held by slices of 4096 chips (a part of the utilization, not a quality by itself)."},
    {.name = "pod_utilization_size_6144", .member = &Results::pod_utilization_size_6144, .better = Better::Neither,
     .help = "Cube pods: time-average share of the chips held by slices of 6144 chips (a part of the utilization, not a quality by itself)."},
    {.name = "pod_wait_size_512", .member = &Results::pod_wait_size_512, .better = Better::Lower,
     .help = "Cube pods: mean wait of measured slices of 512 chips."},
    {.name = "pod_wait_size_1024", .member = &Results::pod_wait_size_1024, .better = Better::Lower,
     .help = "Cube pods: mean wait of measured slices of 1024 chips."},
    {.name = "pod_wait_size_2048", .member = &Results::pod_wait_size_2048, .better = Better::Lower,
     .help = "Cube pods: mean wait of measured slices of 2048 chips."},
    {.name = "pod_wait_size_4096", .member = &Results::pod_wait_size_4096, .better = Better::Lower,
     .help = "Cube pods: mean wait of measured slices of 4096 chips."},
    {.name = "pod_wait_size_6144", .member = &Results::pod_wait_size_6144, .better = Better::Lower,
     .help = "Cube pods: mean wait of measured slices of 6144 chips."},
    {.name = "pod_bounded_slowdown_size_512", .member = &Results::pod_bounded_slowdown_size_512, .better = Better::Lower,
     .help = "Cube pods: mean bounded slowdown of measured slices of 512 chips."},
    {.name = "pod_bounded_slowdown_size_1024", .member = &Results::pod_bounded_slowdown_size_1024, .better = Better::Lower,
     .help = "Cube pods: mean bounded slowdown of measured slices of 1024 chips."},
    {.name = "pod_bounded_slowdown_size_2048", .member = &Results::pod_bounded_slowdown_size_2048, .better = Better::Lower,
     .help = "Cube pods: mean bounded slowdown of measured slices of 2048 chips."},
    {.name = "pod_bounded_slowdown_size_4096", .member = &Results::pod_bounded_slowdown_size_4096, .better = Better::Lower,
     .help = "Cube pods: mean bounded slowdown of measured slices of 4096 chips."},
    {.name = "pod_bounded_slowdown_size_6144", .member = &Results::pod_bounded_slowdown_size_6144, .better = Better::Lower,
     .help = "Cube pods: mean bounded slowdown of measured slices of 6144 chips."},
};
// The first pod row: rows before it are every scenario's, the rest only a pod scenario's.
inline constexpr std::size_t kPodMetricsBegin = 27;
static_assert(kMetricFields[kPodMetricsBegin].member == &Results::pod_fragmentation_arrival);
// The first cube-pod row: the rows from it on are printed for cube pods (machine=tpu-v4, tpu-v5p) only.
inline constexpr std::size_t kCubeMetricsBegin = 62;
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
// on a 2D pod; every row on a cube pod. (A CSV names its columns: one written before a row was
// added is read by name and holds fewer, sweep/paired.hpp.)
std::span<const MetricField> metric_fields(int rows);
// A subset of the rows in table order: the metrics a CSV holds (sweep/paired.hpp), which are the
// only ones printed and judged from it.
using MetricSet = std::vector<const MetricField*>;
// metric_fields(rows) as a MetricSet.
MetricSet metric_set(int rows);
// The row of a metric by name (nullptr when there is none).
const MetricField* find_metric(std::string_view name);
// "lower is better", "higher is better", "neither better nor worse" ("undeclared" for a row without).
std::string_view better_text(Better b);
// Whether value a is strictly better than b for this metric (never for Neither).
bool is_better(Better b, double a, double b_value);

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
