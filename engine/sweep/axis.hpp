// axis.hpp — a sweep's x-axis for a reader: which keys can be swept as a number (the Sweep
// mode's axis choice), how a bare number typed for such a key becomes a value of the key
// (4 for service=exponential:100 is exponential:4), and the number a value stands for on the
// plot's x-axis. `alloclab sweep` takes the same values (KEY=V1;V2;...).
#pragma once
#include <string>
#include <string_view>
#include <vector>
#include "../core/error.hpp"
#include "../scenario/scenario.hpp"

namespace alloclab {

// Whether a key is a numeric axis: an integer or real key, the machine size, or a
// distribution (arrival, job_size, service); not the seed, replications or check.
bool numeric_axis(const ParamDef& p);
// The keys numeric_axis() accepts, in the parameter table's order.
std::vector<std::string_view> numeric_axes();

// A value of `key` from what a user typed: a bare number N is the number for an integer or real
// key, NxN for size, and for a distribution the current value's form with N as its one
// parameter (exponential:N, poisson:N, fixed:N); anything else is taken as the key's value text.
// The result is the key's canonical text, checked by the parameter table on `base` (the error
// names the key and what is allowed).
Result<std::string> axis_value(const Scenario& base, std::string_view key, std::string_view typed);
// The values of a list typed as "4, 8, 12" or "exponential:4; exponential:8" (separated by ';',
// or by ',' and spaces when no part contains ':'), each through axis_value, in the order given
// without repeats.
Result<std::vector<std::string>> axis_values(const Scenario& base, std::string_view key, std::string_view typed);

// The number a value stands for on the x-axis: its first number (size WxH: W).
double axis_x(std::string_view value);
// The x-axis label of a key swept through values like `value`: the key and, for a
// one-number distribution, what its number is ("service (exponential mean)", "arrival (poisson rate)").
std::string axis_label(std::string_view key, std::string_view value);

}  // namespace alloclab
