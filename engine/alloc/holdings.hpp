// holdings.hpp — the running jobs' allocations checked against the occupancy: no node held
// twice, every node a job holds owned by it, every busy node held by a running job (or, on a pod
// with host failures, by a failed host: `reserved`, owner kFailedHost), counts consistent (the
// simulation's check_invariants() and audit()).
#pragma once
#include <map>
#include <span>
#include "../core/job.hpp"
#include "occupancy.hpp"

namespace alloclab {

// Whether occupancy and job table agree (nothing reported).
// `reserved`: blocks the occupancy holds under the owner `reserved_owner` (not a job): failed hosts.
bool holdings_match(const Occupancy& occ, const std::map<JobId, JobRecord>& running, std::span<const Block> reserved = {},
                    JobId reserved_owner = kNoJob);
// The same as ALLOCLAB_CHECK assertions naming node, job and time `now`; also that the running
// jobs request `requested` nodes in all (the simulation's counter).
void audit_holdings(const Occupancy& occ, const std::map<JobId, JobRecord>& running, long long requested, double now,
                    std::span<const Block> reserved = {}, JobId reserved_owner = kNoJob);

}  // namespace alloclab
