// sweep_data.cpp — SweepRunner results as SweepData (see sweep_data.hpp).
#include "sweep_data.hpp"
#include "../scenario/scenario.hpp"

namespace alloclab {

RawPoint raw_point(const SweepRunner& r, long long p) {
  RawPoint rp{p, {}, {}};
  for (const SweepAxis& a : r.spec().axes) rp.values.push_back(find_param(a.key)->get(r.scenario(p)));
  for (const ReplicationResult& x : r.replications(p)) rp.reps.push_back(RawReplication{x.rep, x.seed, x.results});
  return rp;
}

SweepData sweep_data(const SweepRunner& r) {
  SweepData d;
  d.metrics = metric_set(r.pod());
  d.keys = swept_keys(r.spec());
  for (long long p = 0; p < (long long)r.size(); ++p)
    if (r.point_done(p)) d.points.push_back(raw_point(r, p));
  return d;
}

std::vector<std::string> swept_keys(const SweepSpec& s) {
  std::vector<std::string> k;
  for (const SweepAxis& a : s.axes) k.push_back(a.key);
  return k;
}

std::vector<std::vector<std::string>> swept_values(const SweepSpec& s) {
  std::vector<std::vector<std::string>> v;
  for (const SweepAxis& a : s.axes) {
    v.emplace_back();
    for (const std::string& x : a.values) {
      Scenario sc = s.base;
      v.back().push_back(apply(sc, a.key, x).ok() ? find_param(a.key)->get(sc) : x);
    }
  }
  return v;
}

Result<Baseline> parse_baseline(std::string_view kv, const SweepSpec& s) {
  return parse_baseline(kv, swept_keys(s), swept_values(s));
}

}  // namespace alloclab
