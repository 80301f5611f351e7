// net_checks.hpp — two network runs that must agree packet for packet (a network against its
// exhaustive twin, in test_network.cpp and test_routing.cpp): the random traffic both are given,
// and what they are compared on.
#pragma once
#include <doctest/doctest.h>
#include <vector>
#include "core/rng.hpp"
#include "net/network.hpp"

namespace alloclab::test {

// One cycle's traffic for both networks: while cycle % 300 < burst (bursts, then quiet
// periods), three tries, each injecting with probability 1/odds a packet (class = the try) from a
// random node to another random node, the same into both.
inline void inject_both(Network& a, Network& b, Rng& rng, int cycle, int burst, std::uint64_t odds) {
  const int n = a.topology().nodes();
  if (cycle % 300 >= burst) return;
  for (int k = 0; k < 3; ++k)
    if (rng.next_u64() % odds == 0) {
      const int s = int(rng.next_u64() % std::uint64_t(n));
      const int d = (s + 1 + int(rng.next_u64() % std::uint64_t(n - 1))) % n;
      a.inject(s, d, k);
      b.inject(s, d, k);
    }
}

// The same packets, delivered in the same order at the same cycles after the same blocking;
// and enough of them (more than 100) for the comparison to mean something.
inline void check_same_deliveries(const std::vector<Delivered>& a, const std::vector<Delivered>& b) {
  REQUIRE(a.size() == b.size());
  CHECK(a.size() > 100);
  for (std::size_t i = 0; i < a.size(); ++i) {
    REQUIRE(a[i].packet == b[i].packet);
    REQUIRE(a[i].delivered == b[i].delivered);
    REQUIRE(a[i].blocked_cycles == b[i].blocked_cycles);
  }
}

}  // namespace alloclab::test
