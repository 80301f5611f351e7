// replication.cpp — seeds and streams of a replication, and one replication run (replication.hpp).
#include "replication.hpp"
#include "simulation.hpp"

namespace alloclab {

std::uint64_t replication_seed(const Scenario& s, int rep) {
  return rep == 0 ? s.seed : derive_seed(s.seed, std::uint64_t(rep) + 1000);
}

Rng allocation_rng(const Scenario& s, int rep) { return Rng(derive_seed(replication_seed(s, rep), kAllocStream)); }

Result<Results> run_replication(const Scenario& s, int rep, double* allocation_seconds) {
  auto sim = Simulation::create(s, rep);
  if (!sim) return sim.error();
  if (Status st = sim->run(); !st) return st.error();
  if (allocation_seconds) *allocation_seconds += sim->allocation_seconds();
  return sim->results();
}

}  // namespace alloclab
