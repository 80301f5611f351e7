// strategy_runs.hpp — driving a registered strategy in tests: making it from the table,
// random allocate/release sequences through its own decisions, and long simulations that must
// end with their invariants intact.
#pragma once
#include <doctest/doctest.h>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <string_view>
#include "oracle.hpp"
#include "scenario/scenario.hpp"
#include "simulation.hpp"

namespace alloclab::test {

// The registered strategy `id` for topology t.
inline std::unique_ptr<Strategy> make_strategy(std::string_view id, const Topology& t, StrategyParams p = {}) {
  const StrategyInfo* info = find_strategy(id);
  REQUIRE_MESSAGE(info, id);
  return info->make(t, p);
}

// The blocks' nodes (wrapping on a torus) form one connected set.
inline bool blocks_connected(const Topology& t, const Allocation& a) {
  std::set<int> cells;
  for (const Block& b : a.blocks) t.for_each_node(b, [&](int x, int y) { cells.insert(t.id(x, y)); });
  if (cells.empty()) return false;
  std::set<int> seen{*cells.begin()};
  std::vector<int> st{*cells.begin()};
  while (!st.empty()) {
    int n = st.back();
    st.pop_back();
    for (int m : t.neighbours(n))
      if (m >= 0 && cells.count(m) && seen.insert(m).second) st.push_back(m);
  }
  return seen.size() == cells.size();
}

// The scenario `link` run to its end, valid and with its invariants intact: the finished simulation.
inline Simulation run_checked(const std::string& link) {
  auto s = parse_link(link);
  REQUIRE_MESSAGE(s, (s ? "" : s.error().message));
  const Status v = validate(*s);
  REQUIRE_MESSAGE(v.ok(), v.message());
  auto sim = Simulation::create(*s, 0);
  REQUIRE_MESSAGE(sim, (sim ? "" : sim.error().message));
  REQUIRE(sim->run().ok());
  CHECK(sim->check_invariants());
  return std::move(*sim);
}

// A long random simulation (`jobs` jobs) of one strategy: invariants checked every 97 events,
// and at the end every job departed and every node free.
inline void long_simulation(std::string_view id, TopologyKind kind, int w, int h, long long jobs = 2000,
                            std::uint64_t seed = 3) {
  Scenario s;
  s.topology = kind;
  s.width = w;
  s.height = h;
  s.strategy = std::string(id);
  s.jobs = jobs;
  s.seed = seed;
  Status v = validate(s);
  REQUIRE_MESSAGE(v.ok(), v.message());
  auto sim = Simulation::create(s, 0);
  REQUIRE_MESSAGE(sim.ok(), sim.error().message);
  int steps = 0;
  while (sim->step()) {
    if (++steps % 97 == 0) REQUIRE(sim->check_invariants());
  }
  CHECK_MESSAGE(sim->status().ok(), id, ": ", sim->status().message());
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

// Random allocate/release sequence driving `st` like the simulation does; calls check(occ)
// after every change. Returns the number of successful allocations.
template <class Check>
int random_churn(Strategy& st, Occupancy& occ, Rng& rng, int steps, int max_side, Check&& check) {
  std::map<JobId, Allocation> live;
  JobId next = 1000;
  int ok = 0;
  const Topology& t = occ.topology();
  for (int i = 0; i < steps; ++i) {
    const bool release = !live.empty() && rng.below(100) < 45;
    if (release) {
      auto it = live.begin();
      std::advance(it, long(rng.below(live.size())));
      occ.release(it->second, it->first);
      st.released(it->first, it->second);
      live.erase(it);
    } else {
      Shape s{1 + int(rng.below(std::uint64_t(std::min(max_side, t.width())))),
              1 + int(rng.below(std::uint64_t(std::min(max_side, t.height()))))};
      Request r{next, s};
      auto a = st.allocate(r, occ, rng);
      if (!a) continue;
      check_allocation(occ, *a, s);
      occ.assign(*a, next);
      st.allocated(next, *a);
      live[next] = *a;
      ++next;
      ++ok;
    }
    check(occ);
  }
  return ok;
}

}  // namespace alloclab::test
