// baselines.hpp — checks shared by the tests of the surveyed baselines (sba, adj, ffwp, fl):
// a long random allocate/release sequence driven through the strategy's own decisions, and a
// long simulation that must end with its invariants intact.
#pragma once
#include <doctest/doctest.h>
#include <map>
#include <string>
#include "oracle.hpp"
#include "simulation.hpp"
#include "strategy_runs.hpp"

namespace alloclab::test {

// `events` random events on one machine: a request of random shape is placed by the strategy
// (checked valid: in bounds, free, at least p·q(·r) nodes; found exactly when `finds` promises it,
// see promised()) or a random running job departs. `after` runs after every event with the
// strategy and occupancy.
template <class After>
void random_events(std::string_view id, const Topology& t, Rng& rng, int events, int max_side, Finds finds,
                   After&& after) {
  Occupancy occ(t);
  auto st = make_strategy(id, t);
  std::map<JobId, Allocation> running;
  JobId next = 0;
  for (int e = 0; e < events; ++e) {
    if (!running.empty() && rng.below(100) < 45) {
      auto it = running.begin();
      std::advance(it, std::ptrdiff_t(rng.below(running.size())));
      occ.release(it->second, it->first);
      st->released(it->first, it->second);
      running.erase(it);
    } else {
      Shape s{1 + int(rng.below(std::uint64_t(std::min(max_side, t.width())))),
              1 + int(rng.below(std::uint64_t(std::min(max_side, t.height()))))};
      if (t.depth() > 1) s.d = 1 + int(rng.below(std::uint64_t(std::min(max_side, t.depth()))));  // a box on a 3D machine
      const auto expect = promised(finds, occ, s);
      auto a = st->allocate(Request{next, s}, occ, rng);
      if (expect) REQUIRE_MESSAGE(bool(a) == *expect, id, " event ", e, " shape ", s.w, "x", s.h, "x", s.d);
      if (a) {
        check_allocation(occ, *a, s, /*allow_more=*/true);
        occ.assign(*a, next);
        st->allocated(next, *a);
        running[next] = *a;
        ++next;
      }
    }
    after(*st, occ);
  }
}

// A long simulation of strategy `id` (extra keys in `link`) that must finish with its
// invariants true; returns the number of departures.
inline long long long_run(std::string_view id, const std::string& link) {
  auto sc = parse_link("strategy=" + std::string(id) + "&check=1&" + link);  // check=1: audit every event
  REQUIRE_MESSAGE(sc, (sc ? "" : sc.error().message));
  REQUIRE(validate(*sc).ok());
  auto sim = Simulation::create(*sc, 0);
  REQUIRE_MESSAGE(sim, (sim ? "" : sim.error().message));
  long long steps = 0;
  while (sim->step())
    if (++steps % 500 == 0) REQUIRE(sim->check_invariants());
  REQUIRE_MESSAGE(sim->status().ok(), (sim->status().ok() ? std::string() : sim->status().error().message));
  CHECK(sim->check_invariants());
  return sim->departures();
}

}  // namespace alloclab::test
