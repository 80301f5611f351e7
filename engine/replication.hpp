// replication.hpp — which random numbers replication `rep` of a scenario draws, and running one
// replication to its results. Several replications, aggregated: run_scenario and SweepRunner
// (sweep/sweep_runner.hpp).
#pragma once
#include <cstdint>
#include "core/error.hpp"
#include "core/rng.hpp"
#include "metrics/results.hpp"
#include "scenario/scenario.hpp"

namespace alloclab {

// The random streams of one replication, derived from its seed: the job stream is independent
// of the strategy's stream, so every strategy sees the same jobs (compare mode, sweeps).
// Host failures (pod machines, host_mtbf > 0) draw from a fourth stream, so that the others draw
// the same numbers with failures on or off.
enum ReplicationStream : std::uint64_t { kWorkStream = 1, kAllocStream = 2, kCommStream = 3, kFailStream = 4 };

// The seed replication `rep` of a scenario runs with: the scenario's seed for replication 0,
// derive_seed(seed, rep + 1000) for rep > 0.
std::uint64_t replication_seed(const Scenario& s, int rep);
// The allocation random stream replication `rep` starts with (what a strategy that draws, such
// as random, uses for its first decision): `alloclab place` decides with it.
Rng allocation_rng(const Scenario& s, int rep = 0);
// Runs replication `rep` of a scenario (adds the measured allocation time if asked).
Result<Results> run_replication(const Scenario& s, int rep, double* allocation_seconds = nullptr);

}  // namespace alloclab
