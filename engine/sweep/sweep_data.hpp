// sweep_data.hpp — a SweepRunner's per-replication results as SweepData (paired.hpp): the raw
// rows of `alloclab sweep --raw`, the paired columns of `--baseline`, and the page's Compare
// mode with replications.
#pragma once
#include <string_view>
#include "paired.hpp"
#include "sweep_runner.hpp"

namespace alloclab {

// Point p's swept values (as the parameter table prints them) and finished replications.
RawPoint raw_point(const SweepRunner& r, long long p);
// Every finished point, in point order.
SweepData sweep_data(const SweepRunner& r);
// The swept keys of a spec and, for each, its values as the parameter table prints them.
std::vector<std::string> swept_keys(const SweepSpec& s);
std::vector<std::vector<std::string>> swept_values(const SweepSpec& s);
// "KEY=VALUE" checked against a spec's swept keys and values (paired.hpp's parse_baseline).
Result<Baseline> parse_baseline(std::string_view key_eq_value, const SweepSpec& s);

}  // namespace alloclab
