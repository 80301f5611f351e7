// test_metrics.cpp — the metric table (engine/metrics/results.hpp): every metric declares which
// way it improves and says what it means, and the readers of that direction (the paired
// verdict of Compare and `alloclab sweep --baseline`, the "best" comparison) follow it.
#include <doctest/doctest.h>
#include <map>
#include <set>
#include <string>
#include "metrics/results.hpp"
#include "sweep/paired.hpp"

using namespace alloclab;

namespace {
// What each metric means for a user, written down independently of the table: a metric
// added to the table without a line here fails "every metric has the expected direction".
const std::map<std::string, Better> kExpected = {
    {"jobs_completed", Better::Higher},        {"utilization", Better::Higher},
    {"mean_response_time", Better::Lower},     {"mean_wait_time", Better::Lower},
    {"mean_service_time", Better::Lower},      {"mean_jobs_in_system", Better::Lower},
    {"throughput", Better::Higher},            {"external_fragmentation", Better::Lower},
    {"internal_fragmentation", Better::Lower}, {"mean_blocks_per_job", Better::Lower},
    {"mean_packet_latency", Better::Lower},    {"mean_packet_blocking", Better::Lower},
    {"network_cycles", Better::Neither},       {"mean_dispersal", Better::Lower},
    {"contiguous_fraction", Better::Higher},   {"effectiveness", Better::Higher},
    {"unreliability", Better::Lower},          {"jobs_dropped", Better::Lower},
    {"makespan", Better::Lower},               {"allocation_failures", Better::Lower},
    {"mean_bounded_slowdown", Better::Lower},  {"mean_packet_queueing", Better::Lower},
    {"completion_ratio", Better::Higher},      {"mean_allocation_ops", Better::Lower},
    {"max_allocation_ops", Better::Lower},     {"mean_release_ops", Better::Lower},
    {"utilization_sd", Better::Neither},
    // accelerator pods: fragmentation and stranded chips are waste, free 8x8 blocks are room for
    // large slices; a size's share of the utilization is a description, its waits are costs
    {"pod_fragmentation_arrival", Better::Lower}, {"pod_fragmentation_largest", Better::Lower},
    {"pod_stranded", Better::Lower},              {"pod_free_64_chip_blocks", Better::Higher},
    {"pod_utilization_size_1", Better::Neither}, {"pod_wait_size_1", Better::Lower}, {"pod_bounded_slowdown_size_1", Better::Lower},
    {"pod_utilization_size_4", Better::Neither}, {"pod_wait_size_4", Better::Lower}, {"pod_bounded_slowdown_size_4", Better::Lower},
    {"pod_utilization_size_8", Better::Neither}, {"pod_wait_size_8", Better::Lower}, {"pod_bounded_slowdown_size_8", Better::Lower},
    {"pod_utilization_size_16", Better::Neither}, {"pod_wait_size_16", Better::Lower}, {"pod_bounded_slowdown_size_16", Better::Lower},
    {"pod_utilization_size_32", Better::Neither}, {"pod_wait_size_32", Better::Lower}, {"pod_bounded_slowdown_size_32", Better::Lower},
    {"pod_utilization_size_64", Better::Neither}, {"pod_wait_size_64", Better::Lower}, {"pod_bounded_slowdown_size_64", Better::Lower},
    {"pod_utilization_size_128", Better::Neither}, {"pod_wait_size_128", Better::Lower}, {"pod_bounded_slowdown_size_128", Better::Lower},
    {"pod_utilization_size_256", Better::Neither}, {"pod_wait_size_256", Better::Lower}, {"pod_bounded_slowdown_size_256", Better::Lower},
    {"pod_allreduce_time", Better::Lower}, {"pod_allreduce_over_ideal", Better::Lower}, {"pod_allreduce_slowdown", Better::Lower},
    {"pod_goodput", Better::Higher}, {"pod_availability", Better::Higher}, {"pod_jobs_killed", Better::Lower}, {"pod_jobs_abandoned", Better::Lower},
    {"pod_utilization_size_512", Better::Neither}, {"pod_wait_size_512", Better::Lower}, {"pod_bounded_slowdown_size_512", Better::Lower},
    {"pod_utilization_size_1024", Better::Neither}, {"pod_wait_size_1024", Better::Lower}, {"pod_bounded_slowdown_size_1024", Better::Lower},
    {"pod_utilization_size_2048", Better::Neither}, {"pod_wait_size_2048", Better::Lower}, {"pod_bounded_slowdown_size_2048", Better::Lower},
    {"pod_utilization_size_4096", Better::Neither}, {"pod_wait_size_4096", Better::Lower}, {"pod_bounded_slowdown_size_4096", Better::Lower},
    {"pod_utilization_size_6144", Better::Neither}, {"pod_wait_size_6144", Better::Lower}, {"pod_bounded_slowdown_size_6144", Better::Lower},
};

// Three replications of a point whose every metric is `v` (+ r/100 in replication r).
RawPoint constant_point(long long p, std::string strategy, double v) {
  RawPoint pt{p, {std::move(strategy)}, {}};
  for (int r = 0; r < 3; ++r) {
    RawReplication rr;
    rr.rep = r;
    for (const MetricField& f : metric_fields()) rr.results.*f.member = v + r / 100.0;
    pt.reps.push_back(rr);
  }
  return pt;
}
}  // namespace

TEST_CASE("metrics: every metric declares a direction and a help sentence") {
  std::set<std::string_view> names;
  for (const MetricField& f : metric_fields()) {
    INFO(f.name);
    CHECK(f.better != Better::Undeclared);
    CHECK(better_text(f.better) != "undeclared");
    CHECK(f.help.size() > 20);
    CHECK(f.help.find("seed 00") == std::string_view::npos);
    CHECK(names.insert(f.name).second);
    CHECK(find_metric(f.name) == &f);
  }
  CHECK(find_metric("no_such_metric") == nullptr);
}

TEST_CASE("metrics: every metric has the expected direction") {
  CHECK(metric_fields().size() == kExpected.size());
  for (const MetricField& f : metric_fields()) {
    INFO(f.name);
    const auto it = kExpected.find(std::string(f.name));
    REQUIRE(it != kExpected.end());
    CHECK(f.better == it->second);
  }
}

TEST_CASE("metrics: the paired verdict and the best value follow each metric's direction") {
  for (const MetricField& f : metric_fields()) {
    INFO(f.name);
    // a clear increase (+2 ± 0.5 over 5 pairs) and a clear decrease
    const Verdict up = paired_verdict(f, 2, 0.5, 5, 10), down = paired_verdict(f, -2, 0.5, 5, 10);
    if (f.better == Better::Higher) {
      CHECK(up == Verdict::Better);
      CHECK(down == Verdict::Worse);
      CHECK(is_better(f.better, 3, 2));
      CHECK_FALSE(is_better(f.better, 2, 3));
    } else if (f.better == Better::Lower) {
      CHECK(up == Verdict::Worse);
      CHECK(down == Verdict::Better);
      CHECK(is_better(f.better, 2, 3));
      CHECK_FALSE(is_better(f.better, 3, 2));
    } else {
      CHECK(up == Verdict::Differs);
      CHECK(down == Verdict::Differs);
      CHECK_FALSE(is_better(f.better, 2, 3));
      CHECK_FALSE(is_better(f.better, 3, 2));
    }
    // an interval around 0, too few pairs, and a last-bit difference
    CHECK(paired_verdict(f, 2, 3, 5, 10) == Verdict::NotEstablished);
    CHECK(paired_verdict(f, 2, 0.5, 1, 10) == Verdict::NotEstablished);
    CHECK(paired_verdict(f, 1e-12, 0, 5, 10) == Verdict::Same);
  }
  CHECK(std::string(verdict_text(Verdict::Better)) == "better");
  CHECK(std::string(verdict_text(Verdict::NotEstablished)) == "not established at 95%");
}

TEST_CASE("metrics: the --baseline CSV lists the metrics judged better and worse") {
  const RawPoint base = constant_point(0, "ff", 10), higher = constant_point(1, "bf", 12);
  CHECK(paired_header(metric_set(kCubePodRows)).size() > 13);
  CHECK(paired_header(metric_set(kCubePodRows)).substr(paired_header(metric_set(kCubePodRows)).size() - 13) == ",better,worse");
  const std::string cells = paired_cells(higher, base, metric_set(kCubePodRows));
  const std::size_t worse_at = cells.rfind(','), better_at = cells.rfind(',', worse_at - 1);
  const std::string better = cells.substr(better_at + 1, worse_at - better_at - 1), worse = cells.substr(worse_at + 1);
  // every metric is 2 higher in every replication: higher-is-better ones are better, lower-is-better ones worse
  std::string want_better, want_worse;
  for (const MetricField& f : metric_fields()) {
    std::string& to = f.better == Better::Higher ? want_better : want_worse;
    if (f.better != Better::Neither) to += (to.empty() ? "" : ";") + std::string(f.name);
  }
  CHECK(better == want_better);
  CHECK(worse == want_worse);
  CHECK(better.find("utilization") != std::string::npos);
  CHECK(worse.find("mean_release_ops") != std::string::npos);
  CHECK(worse.find("mean_bounded_slowdown") != std::string::npos);
  CHECK(cells.find("network_cycles") == std::string::npos);
  // against itself: every metric the same, both lists empty
  const std::string same = paired_cells(base, base, metric_set(kCubePodRows));
  CHECK(same.substr(same.size() - 2) == ",,");
}
