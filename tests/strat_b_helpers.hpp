// strat_b_helpers.hpp — small helpers shared by the tests of mfa, fs, buddy, bl and qa.
#pragma once
#include <doctest/doctest.h>
#include <memory>
#include <string_view>
#include "oracle.hpp"
#include "simulation.hpp"

namespace alloclab::test {

inline std::unique_ptr<Strategy> make_strategy(std::string_view id, const Topology& t) {
  const StrategyInfo* s = find_strategy(id);
  REQUIRE_MESSAGE(s, id);
  return s->make(t, StrategyParams{});
}

// Marks a busy block (x1,y1)-(x2,y2) inclusive, as the paper writes β = <x1,y1>,<x2,y2>, and
// reports it to the strategy like the CLI `place` command does.
inline void busy(Occupancy& occ, Strategy& st, JobId job, int x1, int y1, int x2, int y2) {
  const Block b{x1, y1, x2 - x1 + 1, y2 - y1 + 1};
  occ.assign(b, job);
  st.allocated(job, Allocation{{b}});
}

// Seed 000's Fig. 1 state on M(8,8): β1 = <1,2>,<4,4>, β2 = <5,5>,<6,6>, β3 = <0,5>,<1,6>,
// β4 = <2,7>,<4,7>, reported to the strategy as jobs 1..4.
inline void fig1_state(Occupancy& occ, Strategy& st) {
  busy(occ, st, 1, 1, 2, 4, 4);
  busy(occ, st, 2, 5, 5, 6, 6);
  busy(occ, st, 3, 0, 5, 1, 6);
  busy(occ, st, 4, 2, 7, 4, 7);
}

inline std::optional<Allocation> ask(Strategy& st, const Occupancy& occ, Shape s, JobId job = 999) {
  Rng rng(1);
  return st.allocate(Request{job, s}, occ, rng);
}

// Highest boundary_contact over every free base of shape s (-1 if none).
inline int brute_best_contact(const Occupancy& occ, Shape s) {
  int best = -1;
  for (int y = 0; y < occ.height(); ++y)
    for (int x = 0; x < occ.width(); ++x) {
      const Block b{x, y, s.w, s.h};
      if (occ.block_free(b)) best = std::max(best, boundary_contact(occ, b));
    }
  return best;
}

// A long random simulation of `id`; it must finish with consistent invariants.
inline void long_simulation(std::string_view id, TopologyKind k, int w, int h, long long jobs, std::uint64_t seed) {
  Scenario sc;
  sc.topology = k;
  sc.width = w;
  sc.height = h;
  sc.strategy = std::string(id);
  sc.jobs = jobs;
  sc.seed = seed;
  auto sim = Simulation::create(sc, 0);
  REQUIRE_MESSAGE(sim.ok(), id);
  Status st = sim->run();
  CHECK_MESSAGE(st.ok(), id, ": ", st.message());
  CHECK(sim->done());
  CHECK(sim->departures() == jobs);
  CHECK(sim->check_invariants());
  CHECK(sim->occupancy().free_count() == w * h);
}

// Random allocate/release sequence driven through the strategy, the way the simulation does it.
// `check` is called after every successful allocation with (occupancy before, request, result).
template <class F>
void churn(Strategy& st, Occupancy& occ, Rng& rng, int steps, int max_side, F&& check) {
  std::vector<std::pair<JobId, Allocation>> live;
  JobId next = 1000;
  for (int i = 0; i < steps; ++i) {
    if (!live.empty() && rng.below(3) == 0) {
      const std::size_t k = std::size_t(rng.below(live.size()));
      occ.release(live[k].second, live[k].first);
      st.released(live[k].first, live[k].second);
      live.erase(live.begin() + std::ptrdiff_t(k));
      continue;
    }
    const Shape s{1 + int(rng.below(std::uint64_t(std::min(max_side, occ.width())))),
                  1 + int(rng.below(std::uint64_t(std::min(max_side, occ.height()))))};
    Rng r2{std::uint64_t(i)};
    auto a = st.allocate(Request{next, s}, occ, r2);
    check(occ, s, a);
    if (!a) continue;
    occ.assign(*a, next);
    st.allocated(next, *a);
    live.emplace_back(next, *a);
    ++next;
  }
  for (auto& [j, a] : live) {
    occ.release(a, j);
    st.released(j, a);
  }
}

}  // namespace alloclab::test
