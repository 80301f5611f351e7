// results_export.cpp — the texts of the current results that the Results window's downloads
// and window.alloclab (resultsCsv, resultsJson) hand out: with finished replications of this
// very scenario, their means and 95% half-widths; otherwise the running simulation's figures.
#include <sstream>
#include "run_json.hpp"
#include "workload/specs.hpp"  // format_number
#include "windows.hpp"

namespace alloclab::app {

namespace {

// The Report the exports describe: finished replications if any, else the running figures.
Report current_report(const ResultsSource& src) {
  Report r;
  const Batch& b = src.replications;
  if (b.finished() && replications_of(b, src.scenario)) {
    r = b.runner()->report(0);
    r.allocation_seconds = 0;  // exports carry no timing
  } else {
    r.mean = src.sim.results();
    r.pod = src.scenario.pod() != nullptr;
  }
  return r;
}

}  // namespace

bool replications_of(const Batch& b, const Scenario& s) {
  const SweepRunner* run = b.runner();
  return run && run->aggregate(0).count() > 0 && canonical_link(run->scenario(0)) == canonical_link(s);
}

std::string results_csv(const ResultsSource& src) {
  const Report r = current_report(src);
  std::ostringstream o;
  o << "metric,value,ci95\n";
  o << "replications," << r.replications << ",\n";
  for (const MetricField& f : metric_fields(r.pod)) o << f.name << ',' << format_number(r.mean.*f.member) << ',' << format_number(r.ci95.*f.member) << '\n';
  return o.str();
}

std::string results_json_text(const ResultsSource& src) { return run_json(src.scenario, current_report(src), RunTiming{}) + "\n"; }

}  // namespace alloclab::app
