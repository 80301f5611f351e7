// results.cpp — the metric table and the deterministic JSON text of `results`.
#include "results.hpp"
#include "../workload/specs.hpp"

namespace alloclab {

namespace {
const MetricField kFields[] = {
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
};
}  // namespace

std::span<const MetricField> metric_fields() { return kFields; }

void Aggregate::add(const Results& r) {
  s_.resize(std::size(kFields));
  for (std::size_t i = 0; i < std::size(kFields); ++i) s_[i].add(r.*kFields[i].member);
  ++n_;
}

Results Aggregate::mean() const {
  Results r;
  for (std::size_t i = 0; i < s_.size(); ++i) r.*kFields[i].member = s_[i].mean();
  return r;
}

Results Aggregate::ci95() const {
  Results r;
  for (std::size_t i = 0; i < s_.size(); ++i) r.*kFields[i].member = ci95_halfwidth(s_[i]);
  return r;
}

double Aggregate::relative_error(double Results::*m) const {
  const double mu = mean().*m, hw = ci95().*m;
  if (hw == 0) return 0;
  return mu != 0 ? hw / (mu < 0 ? -mu : mu) : 1e300;
}

std::string results_json(const Report& r) {
  std::string o = "{";
  bool first = true;
  auto field = [&](std::string_view k, const std::string& v) {
    if (!first) o += ", ";
    first = false;
    o += "\"" + std::string(k) + "\": " + v;
  };
  for (const MetricField& f : kFields) field(f.name, format_number(r.mean.*f.member));
  field("replications", std::to_string(r.replications));
  if (r.has_trace) {
    field("trace_records", std::to_string(r.trace_records));
    field("trace_jobs", std::to_string(r.trace_jobs));
    field("trace_skipped", std::to_string(r.trace_skipped));
    field("trace_reshaped", std::to_string(r.trace_reshaped));
    field("trace_skipped_cancelled", std::to_string(r.trace_skipped_cancelled));
    field("trace_skipped_invalid", std::to_string(r.trace_skipped_invalid));
    field("trace_skipped_too_large", std::to_string(r.trace_skipped_too_large));
  }
  if (r.replications > 1) {
    std::string ci = "{";
    bool f1 = true;
    for (const MetricField& f : kFields) {
      if (!f1) ci += ", ";
      f1 = false;
      ci += "\"" + std::string(f.name) + "\": " + format_number(r.ci95.*f.member);
    }
    field("ci95", ci + "}");
  }
  return o + "}";
}

}  // namespace alloclab
