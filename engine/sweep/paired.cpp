// paired.cpp — the raw per-replication CSV, reading it back, and paired differences (see
// paired.hpp for the statistics).
#include "paired.hpp"
#include <algorithm>
#include <cmath>
#include <map>
#include "../core/text.hpp"
#include "../scenario/scenario.hpp"
#include "../workload/specs.hpp"

namespace alloclab {

namespace {

constexpr std::string_view kRep = "replication", kSeed = "seed";

std::string join_values(const std::vector<std::string>& v) {
  std::string s;
  for (const std::string& x : v) s += (s.empty() ? "" : ", ") + x;
  return s;
}

}  // namespace

std::string raw_csv_header(const std::vector<std::string>& keys, const MetricSet& m) {
  std::string h = "point";
  for (const std::string& k : keys) h += "," + csv_field(k);
  h += ",";
  h += kRep;
  h += ",";
  h += kSeed;
  for (const MetricField* f : m) h += "," + std::string(f->name);
  return h;
}

std::string raw_csv_rows(const RawPoint& p, const MetricSet& m) {
  std::string prefix = std::to_string(p.point);
  for (const std::string& v : p.values) prefix += "," + csv_field(v);
  std::string out;
  for (const RawReplication& r : p.reps) {
    out += prefix + "," + std::to_string(r.rep) + "," + std::to_string(r.seed);
    for (const MetricField* f : m) out += "," + format_number(r.results.*f->member);
    out += "\n";
  }
  return out;
}

bool is_raw_header(std::string_view header) {
  const auto cols = parse_csv(header);
  if (cols.empty()) return false;
  const auto& c = cols[0];
  for (std::size_t i = 1; i + 1 < c.size(); ++i)
    if (c[i] == kRep && c[i + 1] == kSeed) return true;
  return false;
}

Result<SweepData> parse_raw_csv(std::string_view text) {
  const auto rows = parse_csv(text);
  if (rows.empty()) return Error{"the raw CSV is empty"};
  const auto& h = rows[0];
  std::size_t rc = 0;
  for (std::size_t i = 1; i + 1 < h.size() && !rc; ++i)
    if (h[i] == kRep && h[i + 1] == kSeed) rc = i;
  if (h.empty() || h[0] != "point" || !rc)
    return Error{"not a raw sweep CSV (no point, replication and seed columns; write one with alloclab sweep --raw)"};
  // The metric columns by name, in any order (a CSV written before a metric existed lacks its
  // column): col[i] = the metric of column rc + 2 + i.
  std::vector<const MetricField*> col;
  for (std::size_t i = rc + 2; i < h.size(); ++i) {
    const MetricField* f = find_metric(h[i]);
    if (!f)
      return Error{"raw CSV: column " + std::to_string(i + 1) + " '" + h[i] +
                   "' is not a metric of this alloclab (alloclab list names them)"};
    if (std::find(col.begin(), col.end(), f) != col.end()) return Error{"raw CSV: the metric column '" + h[i] + "' appears twice"};
    col.push_back(f);
  }
  if (col.empty()) return Error{"raw CSV: no metric columns after replication and seed"};
  const std::size_t nf = col.size();
  SweepData d;
  d.metrics.clear();
  for (const MetricField& f : metric_fields())  // in table order, whatever the CSV's
    if (std::find(col.begin(), col.end(), &f) != col.end()) d.metrics.push_back(&f);
  d.keys.assign(h.begin() + 1, h.begin() + long(rc));
  for (std::size_t n = 1; n < rows.size(); ++n) {
    const auto& r = rows[n];
    const std::string at = "raw CSV line " + std::to_string(n + 1) + ": ";
    if (r.size() != h.size()) return Error{at + std::to_string(r.size()) + " fields, the header has " + std::to_string(h.size())};
    long long p = 0, rep = 0;
    if (!parse_int64(r[0], p) || p < 0) return Error{at + "no point number"};
    if (!parse_int64(r[rc], rep) || rep < 0 || rep > 1000000000) return Error{at + "bad replication number"};
    RawReplication rr;
    rr.rep = int(rep);
    {
      std::uint64_t s = 0;
      for (char c : r[rc + 1]) {
        if (c < '0' || c > '9' || s > (~std::uint64_t(0) - 9) / 10) return Error{at + "bad seed"};
        s = s * 10 + std::uint64_t(c - '0');
      }
      if (r[rc + 1].empty()) return Error{at + "bad seed"};
      rr.seed = s;
    }
    for (std::size_t i = 0; i < nf; ++i)
      if (!parse_double(r[rc + 2 + i], rr.results.*col[i]->member))
        return Error{at + "'" + r[rc + 2 + i] + "' is not a number (" + std::string(col[i]->name) + ")"};
    const std::vector<std::string> values(r.begin() + 1, r.begin() + long(rc));
    if (d.points.empty() || d.points.back().point != p) {
      if (!d.points.empty() && d.points.back().point > p) return Error{at + "points out of order (point " + std::to_string(p) + ")"};
      d.points.push_back(RawPoint{p, values, {}});
    } else if (d.points.back().values != values) {
      return Error{at + "point " + std::to_string(p) + " has other swept values than on the line before"};
    }
    RawPoint& pt = d.points.back();
    if (rr.rep != int(pt.reps.size()))
      return Error{at + "point " + std::to_string(p) + ": replication " + std::to_string(rr.rep) + " where " +
                   std::to_string(pt.reps.size()) + " was expected"};
    pt.reps.push_back(rr);
  }
  return d;
}

std::vector<std::vector<std::string>> swept_values(const SweepData& d) {
  std::vector<std::vector<std::string>> v(d.keys.size());
  for (const RawPoint& p : d.points)
    for (std::size_t k = 0; k < d.keys.size() && k < p.values.size(); ++k)
      if (std::find(v[k].begin(), v[k].end(), p.values[k]) == v[k].end()) v[k].push_back(p.values[k]);
  return v;
}

Result<Baseline> parse_baseline(std::string_view kv, const std::vector<std::string>& keys,
                                const std::vector<std::vector<std::string>>& values) {
  const auto eq = kv.find('=');
  if (eq == std::string_view::npos || eq == 0)
    return Error{"--baseline '" + std::string(kv) + "' is not KEY=VALUE (e.g. --baseline strategy=bl)"};
  Baseline b;
  b.key = std::string(kv.substr(0, eq));
  const std::string given(kv.substr(eq + 1));
  const auto k = std::find(keys.begin(), keys.end(), b.key);
  if (k == keys.end())
    return Error{"--baseline: key '" + b.key + "' is not swept; swept keys: " + (keys.empty() ? std::string("none") : join_values(keys))};
  b.axis = std::size_t(k - keys.begin());
  // the value as the parameter table prints it, so that any accepted spelling matches
  b.value = given;
  if (const ParamDef* d = find_param(b.key)) {
    Scenario s;
    if (apply(s, b.key, given).ok()) b.value = d->get(s);
  }
  const auto& vs = values[b.axis];
  if (std::find(vs.begin(), vs.end(), b.value) == vs.end() && std::find(vs.begin(), vs.end(), given) == vs.end())
    return Error{"--baseline: " + b.key + "='" + given + "' is not one of the swept values; allowed: " + join_values(vs)};
  if (std::find(vs.begin(), vs.end(), b.value) == vs.end()) b.value = given;
  return b;
}

Result<std::vector<std::size_t>> baseline_points(const SweepData& d, const Baseline& b) {
  std::map<std::vector<std::string>, std::size_t> base;  // the other keys' values -> baseline point
  auto others = [&](const RawPoint& p) {
    std::vector<std::string> v = p.values;
    v.erase(v.begin() + long(b.axis));
    return v;
  };
  for (std::size_t i = 0; i < d.points.size(); ++i)
    if (d.points[i].values[b.axis] == b.value) base.emplace(others(d.points[i]), i);
  std::vector<std::size_t> out;
  for (const RawPoint& p : d.points) {
    const auto it = base.find(others(p));
    if (it == base.end())
      return Error{"point " + std::to_string(p.point) + " has no baseline point (" + b.key + "=" + b.value +
                   " with its other values) in the data"};
    out.push_back(it->second);
  }
  return out;
}

void paired_difference(const RawPoint& a, const RawPoint& b, Results& mean, Results& ci95, int& pairs) {
  Aggregate agg;
  const std::size_t n = std::min(a.reps.size(), b.reps.size());
  for (std::size_t r = 0; r < n; ++r) {
    Results diff;
    for (const MetricField& f : metric_fields()) diff.*f.member = a.reps[r].results.*f.member - b.reps[r].results.*f.member;
    agg.add(diff);
  }
  mean = agg.mean();
  ci95 = agg.ci95();
  pairs = agg.count();
}

Verdict paired_verdict(const MetricField& f, double d, double h, int pairs, double base) {
  if (std::fabs(d) + h <= 1e-9 * std::fabs(base)) return Verdict::Same;
  if (pairs < 2 || (d - h <= 0 && d + h >= 0)) return Verdict::NotEstablished;
  if (f.better != Better::Lower && f.better != Better::Higher) return Verdict::Differs;
  return (d > 0) == (f.better == Better::Higher) ? Verdict::Better : Verdict::Worse;
}

const char* verdict_text(Verdict v) {
  switch (v) {
    case Verdict::Same: return "same";
    case Verdict::Better: return "better";
    case Verdict::Worse: return "worse";
    case Verdict::Differs: return "differs";
    case Verdict::NotEstablished: break;
  }
  return "not established at 95%";
}

std::string paired_header(const MetricSet& ms) {
  std::string h = ",pairs";
  for (const MetricField* f : ms) h += "," + std::string(f->name) + "_diff_mean," + std::string(f->name) + "_diff_ci95";
  return h + ",better,worse";
}

std::string paired_cells(const RawPoint& a, const RawPoint& b, const MetricSet& ms) {
  Results m, c;
  int pairs = 0;
  paired_difference(a, b, m, c, pairs);
  std::string s = "," + std::to_string(pairs);
  for (const MetricField* f : ms) s += "," + format_number(m.*f->member) + "," + format_number(c.*f->member);
  Aggregate baseline;  // its means set the scale of "the same"
  for (const RawReplication& r : b.reps) baseline.add(r.results);
  const Results base = baseline.mean();
  std::string better, worse;
  for (const MetricField* f : ms) {
    const Verdict v = paired_verdict(*f, m.*f->member, c.*f->member, pairs, base.*f->member);
    std::string& to = v == Verdict::Better ? better : worse;
    if (v == Verdict::Better || v == Verdict::Worse) to += (to.empty() ? "" : ";") + std::string(f->name);
  }
  return s + "," + better + "," + worse;
}

Result<std::string> aggregate_csv(const SweepData& d, const Baseline* b) {
  std::vector<std::size_t> partner;
  if (b) {
    auto bp = baseline_points(d, *b);
    if (!bp) return bp.error();
    partner = std::move(*bp);
  }
  std::string out = "point";
  for (const std::string& k : d.keys) out += "," + csv_field(k);
  out += ",replications";
  for (const MetricField* f : d.metrics) out += "," + std::string(f->name) + "_mean," + std::string(f->name) + "_ci95";
  if (b) out += paired_header(d.metrics);
  out += "\n";
  for (std::size_t i = 0; i < d.points.size(); ++i) {
    const RawPoint& p = d.points[i];
    Aggregate agg;
    for (const RawReplication& r : p.reps) agg.add(r.results);
    std::string row = std::to_string(p.point);
    for (const std::string& v : p.values) row += "," + csv_field(v);
    row += "," + std::to_string(agg.count());
    const Results m = agg.mean(), c = agg.ci95();
    for (const MetricField* f : d.metrics) row += "," + format_number(m.*f->member) + "," + format_number(c.*f->member);
    if (b) row += paired_cells(p, d.points[partner[i]], d.metrics);
    out += row + "\n";
  }
  return out;
}

}  // namespace alloclab
