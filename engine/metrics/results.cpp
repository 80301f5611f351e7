// results.cpp — replication averaging and the deterministic JSON text of `results` (the metric
// table is kMetricFields in results.hpp).
#include "results.hpp"
#include "../workload/specs.hpp"

namespace alloclab {

std::span<const MetricField> metric_fields() { return kMetricFields; }
std::span<const MetricField> metric_fields(int rows) {
  const std::span<const MetricField> all(kMetricFields);
  return rows >= kCubePodRows ? all : all.first(rows == kPodRows ? kCubeMetricsBegin : kPodMetricsBegin);
}

MetricSet metric_set(int rows) {
  MetricSet s;
  for (const MetricField& f : metric_fields(rows)) s.push_back(&f);
  return s;
}

const MetricField* find_metric(std::string_view name) {
  for (const MetricField& f : kMetricFields)
    if (f.name == name) return &f;
  return nullptr;
}

std::string_view better_text(Better b) {
  switch (b) {
    case Better::Lower: return "lower is better";
    case Better::Higher: return "higher is better";
    case Better::Neither: return "neither better nor worse";
    case Better::Undeclared: break;
  }
  return "undeclared";
}

bool is_better(Better b, double a, double b_value) {
  return b == Better::Lower ? a < b_value : b == Better::Higher ? a > b_value : false;
}

void Aggregate::add(const Results& r) {
  s_.resize(std::size(kMetricFields));
  for (std::size_t i = 0; i < std::size(kMetricFields); ++i) s_[i].add(r.*kMetricFields[i].member);
  ++n_;
}

Results Aggregate::mean() const {
  Results r;
  for (std::size_t i = 0; i < s_.size(); ++i) r.*kMetricFields[i].member = s_[i].mean();
  return r;
}

Results Aggregate::ci95() const {
  Results r;
  const double t = t975(std::int64_t(n_) - 1);  // every statistic has n_ samples
  for (std::size_t i = 0; i < s_.size(); ++i) r.*kMetricFields[i].member = ci95_halfwidth(s_[i], t);
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
  for (const MetricField& f : metric_fields(r.pod)) field(f.name, format_number(r.mean.*f.member));
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
    for (const MetricField& f : metric_fields(r.pod)) {
      if (!f1) ci += ", ";
      f1 = false;
      ci += "\"" + std::string(f.name) + "\": " + format_number(r.ci95.*f.member);
    }
    field("ci95", ci + "}");
  }
  return o + "}";
}

}  // namespace alloclab
