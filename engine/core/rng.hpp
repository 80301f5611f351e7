// rng.hpp — the simulator's random numbers: generator and every distribution, implemented here.
//
// std::uniform_int_distribution & co. differ between libstdc++ and libc++ (emscripten), so
// alloclab draws only through this class. Generator: xoshiro256** seeded by splitmix64.
// Each Rng is a value owned by the simulation object (no globals); copying it forks the stream.
#pragma once
#include <cstdint>
#include "detmath.hpp"

namespace alloclab {

// splitmix64 step: used for seeding and for deriving independent seeds (replications, streams).
inline std::uint64_t splitmix64(std::uint64_t& s) {
  std::uint64_t z = (s += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

// A fixed, documented derivation of a child seed: stream `k` of seed `seed`.
inline std::uint64_t derive_seed(std::uint64_t seed, std::uint64_t k) {
  std::uint64_t s = seed ^ (0x632be59bd9b4e019ULL * (k + 1));
  splitmix64(s);
  return splitmix64(s);
}

class Rng {
 public:
  explicit Rng(std::uint64_t seed = 1) {
    std::uint64_t s = seed;
    for (auto& w : s_) w = splitmix64(s);
  }
  std::uint64_t next_u64() {
    const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const std::uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0]; s_[3] ^= s_[1]; s_[1] ^= s_[2]; s_[0] ^= s_[3];
    s_[2] ^= t; s_[3] = rotl(s_[3], 45);
    return result;
  }
  // Same state: the same numbers follow.
  bool operator==(const Rng&) const = default;
  // Uniform double in [0, 1) with 53 random bits.
  double uniform01() { return double(next_u64() >> 11) * 0x1.0p-53; }
  // Uniform double in (0, 1]: safe to take the log of.
  double uniform01_open0() { return double((next_u64() >> 11) + 1) * 0x1.0p-53; }
  // Uniform integer in [0, n), n ≥ 1, unbiased (Lemire's multiply-shift with rejection).
  std::uint64_t below(std::uint64_t n) {
    std::uint64_t x = next_u64();
    __uint128_t m = (__uint128_t)x * n;
    std::uint64_t l = (std::uint64_t)m;
    if (l < n) {
      const std::uint64_t t = (0 - n) % n;
      while (l < t) { x = next_u64(); m = (__uint128_t)x * n; l = (std::uint64_t)m; }
    }
    return (std::uint64_t)(m >> 64);
  }
  // Uniform integer in [a, b], a ≤ b.
  long long uniform_int(long long a, long long b) { return a + (long long)below((std::uint64_t)(b - a) + 1); }
  // Uniform real in [a, b).
  double uniform_real(double a, double b) { return a + (b - a) * uniform01(); }
  // Exponential with the given mean (inversion).
  double exponential(double mean) { return -mean * det_log(uniform01_open0()); }
  // Normal(mu, sigma) by Marsaglia's polar method (log and sqrt only; the spare value is kept).
  double normal(double mu, double sigma) {
    if (has_spare_) { has_spare_ = false; return mu + sigma * spare_; }
    double u, v, s;
    do {
      u = 2 * uniform01() - 1;
      v = 2 * uniform01() - 1;
      s = u * u + v * v;
    } while (s >= 1 || s == 0);
    const double f = det_sqrt(-2 * det_log(s) / s);
    spare_ = v * f; has_spare_ = true;
    return mu + sigma * u * f;
  }

 private:
  static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  std::uint64_t s_[4];
  double spare_ = 0;
  bool has_spare_ = false;
};

}  // namespace alloclab
