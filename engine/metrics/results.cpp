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
    {"mean_dispersal", &Results::mean_dispersal},
    {"contiguous_fraction", &Results::contiguous_fraction},
    {"effectiveness", &Results::effectiveness},
    {"unreliability", &Results::unreliability},
    {"jobs_dropped", &Results::jobs_dropped},
    {"makespan", &Results::makespan},
    {"allocation_failures", &Results::allocation_failures},
};
}  // namespace

std::span<const MetricField> metric_fields() { return kFields; }

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
