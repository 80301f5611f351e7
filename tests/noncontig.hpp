// noncontig.hpp — what the non-contiguous strategy tests (pald-ff, pald-bf, paging, mbs, anca,
// nas) share: one decision with a block cap, random-state properties, and long simulations with
// and without the cap.
#pragma once
#include <doctest/doctest.h>
#include <initializer_list>
#include <string>
#include <utility>
#include "oracle.hpp"
#include "scenario/scenario.hpp"
#include "simulation.hpp"
#include "strategy_runs.hpp"

namespace alloclab::test {

// Strategy `id` with at most `cap` blocks (0: no cap) asked for shape s on occ, as job 7.
inline std::optional<Allocation> place_capped(std::string_view id, const Occupancy& occ, Shape s, int cap = 0) {
  auto st = make_strategy(id, occ.topology(), StrategyParams{cap});
  Rng rng(1);
  return st->allocate(Request{7, s}, occ, rng);
}

// Random busy states on meshes and tori (busy blocks reported to the strategy); random
// requests. Every allocation is checked with check_allocation (exact p·q unless allow_more);
// when `complete`, success must coincide with "enough free nodes" (no cap); with the cap
// max_blocks > 0, no allocation may have more blocks.
inline void random_property(std::string_view id, StrategyParams p, bool complete, bool allow_more = false,
                            int trials = 300, std::uint64_t seed = 11) {
  Rng rng(seed);
  for (int trial = 0; trial < trials; ++trial) {
    const bool torus = trial % 2 == 1;
    RandomTrial m(rng, torus, {.lo = 1, .span = 16, .max_tries = 14, .max_side = 5}, id, p);
    const int W = m.t.width(), H = m.t.height();
    Rng srng(std::uint64_t(trial) + 1);
    auto a = m.st->allocate(Request{1000, m.s}, m.occ, srng);
    INFO(id, " trial ", trial, " ", (torus ? "torus " : "mesh "), W, "x", H, " request ", m.s.w, "x", m.s.h,
         " free ", m.occ.free_count());
    if (complete) CHECK(bool(a) == (m.occ.free_count() >= m.s.area()));
    if (a) {
      check_allocation(m.occ, *a, m.s, allow_more);
      if (p.max_blocks > 0) CHECK(int(a->blocks.size()) <= p.max_blocks);
      // The strategy's bookkeeping must accept its own decision and its release.
      m.occ.assign(*a, 1000);
      m.st->allocated(1000, *a);
      m.occ.release(*a, 1000);
      m.st->released(1000, *a);
    }
  }
}

// A long random simulation (~2000 jobs) finishing with consistent state.
inline void long_simulation(std::string_view id, const char* topology,
                            std::initializer_list<std::pair<const char*, const char*>> extra = {}) {
  Scenario sc;
  REQUIRE(apply(sc, "strategy", id));
  REQUIRE(apply(sc, "topology", topology));
  REQUIRE(apply(sc, "jobs", "2000"));
  REQUIRE(apply(sc, "arrival", "poisson:0.05"));
  REQUIRE(apply(sc, "size", "16x12"));
  for (const auto& [k, v] : extra) REQUIRE(apply(sc, k, v));
  REQUIRE(validate(sc));
  auto sim = Simulation::create(sc);
  REQUIRE(sim);
  long long steps = 0;
  while (sim->step())
    if (++steps % 997 == 0) REQUIRE(sim->check_invariants());
  INFO(std::string(id), " on ", std::string(topology), ": ", sim->status().message());
  CHECK(sim->status());
  CHECK(sim->departures() >= 2000);
  CHECK(sim->check_invariants());
}

// long_simulation on a mesh and on a torus, each without a cap and with at most `max_blocks` blocks.
inline void long_simulations_capped(std::string_view id, const char* max_blocks) {
  for (const char* topo : {"mesh", "torus"}) {
    long_simulation(id, topo);
    long_simulation(id, topo, {{"max_blocks", max_blocks}});
  }
}

}  // namespace alloclab::test
