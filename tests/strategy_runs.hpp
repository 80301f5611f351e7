// strategy_runs.hpp — driving a registered strategy in tests: making it from the table, setting
// it up on a machine of its own (hand-made busy blocks, or one random trial's machine, busy state
// and request), random allocate/release sequences through its own decisions, and long
// simulations that must end with their invariants intact.
#pragma once
#include <doctest/doctest.h>
#include <map>
#include <memory>
#include <optional>
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

// Marks a busy block (x1,y1)-(x2,y2) inclusive, as the paper writes β = <x1,y1>,<x2,y2>, and
// reports it to the strategy like the CLI `place` command does.
inline void busy(Occupancy& occ, Strategy& st, JobId job, int x1, int y1, int x2, int y2) {
  const Block b{x1, y1, x2 - x1 + 1, y2 - y1 + 1};
  occ.assign(b, job);
  st.allocated(job, Allocation{{b}});
}

// The operations `st` counts while f runs (a decision, an allocation reported, a release).
template <class F>
Ops ops_during(const Strategy& st, F&& f) {
  const Ops o0 = st.ops();
  f();
  return st.ops() - o0;
}

// Strategy st's decision for a request of shape s (as job `job`) on occ, with a fixed RNG.
inline std::optional<Allocation> ask(Strategy& st, const Occupancy& occ, Shape s, JobId job = 999) {
  Rng rng(1);
  return st.allocate(Request{job, s}, occ, rng);
}

// A strategy on a machine of its own, as hand-worked and property tests set it up: the topology,
// its occupancy and the strategy made from the table (none for an empty id). Built in place and
// never copied (a strategy may keep a reference to the topology).
struct StrategyOn {
  Topology t;
  Occupancy occ;
  std::unique_ptr<Strategy> st;
  StrategyOn(std::string_view id, const Topology& topo, StrategyParams p = {})
      : t(topo), occ(t), st(id.empty() ? nullptr : make_strategy(id, t, p)) {}
  StrategyOn(const StrategyOn&) = delete;
  StrategyOn& operator=(const StrategyOn&) = delete;
  // The block (x1,y1)-(x2,y2) inclusive made busy and reported to the strategy as `job`.
  void busy(JobId job, int x1, int y1, int x2, int y2) { hold(job, Block{x1, y1, x2 - x1 + 1, y2 - y1 + 1}); }
  // Block b made busy and reported to the strategy as `job`; free() releases it again.
  void hold(JobId job, const Block& b) {
    occ.assign(b, job);
    st->allocated(job, Allocation{{b}});
  }
  void free(JobId job, const Block& b) {
    occ.release(b, job);
    st->released(job, Allocation{{b}});
  }
  // The strategy's decision for shape s on the current occupancy.
  std::optional<Allocation> ask(Shape s, JobId job = 999) { return test::ask(*st, occ, s, job); }
  // The decision for shape s, required to be made, its first block checked against `want`.
  std::optional<Allocation> expect_first(Shape s, const Block& want, JobId job = 999) {
    auto a = ask(s, job);
    REQUIRE(a);
    CHECK(a->blocks[0] == want);
    return a;
  }
};

// How a random trial draws its machine and busy state: sides lo + [0, span), up to
// below(max_tries) busy blocks of sides 1..max_side.
struct TrialDraws {
  int lo;
  int span;
  int max_tries;
  int max_side;
};

// A mesh or torus with sides drawn as d.lo + below(d.span), width first.
inline Topology random_machine(Rng& rng, bool torus, TrialDraws d) {
  const int w = d.lo + int(rng.below(std::uint64_t(d.span)));
  const int h = d.lo + int(rng.below(std::uint64_t(d.span)));
  return Topology(torus ? TopologyKind::Torus : TopologyKind::Mesh, w, h);
}

// A request of sides 1..W by 1..H (W, H the machine's), width first.
inline Shape random_request(Rng& rng, const Topology& t) {
  const int w = 1 + int(rng.below(std::uint64_t(t.width())));
  const int h = 1 + int(rng.below(std::uint64_t(t.height())));
  return Shape{w, h};
}

// A random machine (random_machine) with random busy blocks (random_state, reported to the
// strategy when there is one; `placed` of them, jobs 0, 1, ...).
struct RandomBusy : StrategyOn {
  int placed;
  RandomBusy(Rng& rng, bool torus, TrialDraws d, std::string_view id = {}, StrategyParams p = {})
      : StrategyOn(id, random_machine(rng, torus, d), p),
        placed(random_state(occ, rng, int(rng.below(std::uint64_t(d.max_tries))), d.max_side, st.get())) {}
};

// One trial of a property test, drawn in the order the tests have always drawn it: the machine
// and its busy blocks (RandomBusy), then the request s (random_request).
struct RandomTrial : RandomBusy {
  Shape s;
  RandomTrial(Rng& rng, bool torus, TrialDraws d, std::string_view id = {}, StrategyParams p = {})
      : RandomBusy(rng, torus, d, id, p), s(random_request(rng, t)) {}
};

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

// The jobs of the scenario `link` run to its end, as recorded when they depart.
inline std::vector<JobRecord> run_recorded(const std::string& link) {
  auto s = parse_link(link);
  REQUIRE_MESSAGE(s, (s ? "" : s.error().message));
  auto sim = Simulation::create(*s, 0);
  REQUIRE_MESSAGE(sim, (sim ? "" : sim.error().message));
  sim->record_jobs(true);
  REQUIRE(sim->run().ok());
  return sim->recorded();
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

// A long allocate/release sequence through m's strategy (churn), `check` called on every
// decision; at least 50 placed, and at the end, everything released, the whole machine placed
// at the origin.
template <class F>
void churn_then_whole(StrategyOn& m, Rng& rng, int steps, int max_side, F&& check) {
  int placed = 0;
  churn(*m.st, m.occ, rng, steps, max_side, [&](const Occupancy& o, Shape s, const std::optional<Allocation>& a) {
    check(o, s, a);
    if (a) ++placed;
  });
  CHECK(placed > 50);
  m.expect_first({m.t.width(), m.t.height()}, Block{0, 0, m.t.width(), m.t.height()});
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
