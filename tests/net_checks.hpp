// net_checks.hpp — what two network runs that must agree packet for packet are compared on
// (a network against its exhaustive twin, in test_network.cpp and test_routing.cpp).
#pragma once
#include <doctest/doctest.h>
#include <vector>
#include "net/network.hpp"

namespace alloclab::test {

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
