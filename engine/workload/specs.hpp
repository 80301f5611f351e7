// specs.hpp — the workload distributions a scenario names (docs/model/workloads.md: `arrival`,
// `job_size`, `service`), their parsing from text, canonical printing, and sampling with alloclab's Rng.
#pragma once
#include <string>
#include <string_view>
#include "../core/error.hpp"
#include "../core/geometry.hpp"
#include "../core/rng.hpp"
#include "../pod/pods.hpp"

namespace alloclab {

struct ArrivalSpec {
  enum class Kind { Poisson, Batch } kind = Kind::Poisson;
  double rate = 0.01;  // jobs per time unit (Poisson)
};

struct SizeSpec {
  // Default = uniform:1-L with L the longer side of the machine (on a pod machine: slices).
  // Pow2: a power-of-two partition of 2^k nodes, k uniform in A..B, shaped by pow2_shape
  // (count_shape.hpp): the job mix of machines that allocated power-of-two partitions (Cray T3D).
  enum class Kind { Default, Uniform, UniformDecreasing, Exponential, Normal, Fixed, Slices, Pow2 } kind = Kind::Default;
  double a = 0, b = 0;  // Uniform, Pow2: A..B; Exponential: mean; Normal: mu, sigma; Fixed: w, h
  double c = 1;         // Fixed: d (fixed:WxHxD; 1 for fixed:WxH)
  // Slices: legal slice shapes of the pod machine with weights (empty: the pod's default mix);
  // drawn by sample_slice (pod/pods.hpp), not sample_shape.
  std::vector<SliceWeight> slices;
};

struct ServiceSpec {
  enum class Kind { Exponential, Uniform, Fixed } kind = Kind::Exponential;
  double a = 100, b = 0;  // Exponential: mean; Uniform: A..B; Fixed: T
};

// Parsers return an error naming the allowed forms; `key` is used in the message.
Result<ArrivalSpec> parse_arrival(std::string_view text);
Result<SizeSpec> parse_job_size(std::string_view text);
Result<ServiceSpec> parse_service(std::string_view text);
// Key host_repair: the service forms with every time > 0, or a bare time T (= fixed:T).
Result<ServiceSpec> parse_repair(std::string_view text);
std::string to_string(const ArrivalSpec& s);
std::string to_string(const SizeSpec& s, int longer_side);
std::string to_string(const ServiceSpec& s);

// Shortest decimal text that reads back as exactly `v` (same on every platform).
std::string format_number(double v);
// Strict number parsers: the whole text must be a finite number.
bool parse_double(std::string_view s, double& out);
bool parse_int64(std::string_view s, long long& out);
bool parse_uint64(std::string_view s, unsigned long long& out);

// Samplers. A job side is drawn per dimension and clamped to [1, side] of that dimension
// (sample_shape: every kind but Slices, which needs the pod: sample_slice). On a 3D machine
// (D > 1) the depth is drawn after width and height in the same way (so a machine of depth 1
// draws exactly what the 2D machine draws); default: uniform:1-L, L the longest of W, H, D.
// Pow2 draws one exponent k and returns pow2_shape(2^k) (validate() checks that every 2^k of
// A..B has a box on the machine).
double sample_interarrival(const ArrivalSpec& s, Rng& rng);
Shape sample_shape(const SizeSpec& s, int W, int H, Rng& rng, int D = 1);
double sample_service(const ServiceSpec& s, Rng& rng);

}  // namespace alloclab
