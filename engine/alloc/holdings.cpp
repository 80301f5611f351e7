// holdings.cpp — occupancy and job table checked against each other (holdings.hpp).
#include "holdings.hpp"
#include <vector>
#include "../core/check.hpp"

namespace alloclab {

bool holdings_match(const Occupancy& occ, const std::map<JobId, JobRecord>& running, std::span<const Block> reserved,
                    JobId reserved_owner) {
  const Topology& topo = occ.topology();
  if (!occ.consistent()) return false;
  long long owned = 0;
  for (const Block& b : reserved) {
    bool ok = true;
    topo.for_each_node(b, [&](int x, int y, int z) { ok = ok && occ.owner(x, y, z) == reserved_owner; });
    if (!ok) return false;
    owned += b.area();
  }
  for (const auto& kv : running) {
    const JobId id = kv.first;  // (clang 14 cannot capture structured bindings)
    const JobRecord& r = kv.second;
    for (const Block& b : r.alloc.blocks) {
      bool ok = true;
      topo.for_each_node(b, [&](int x, int y, int z) { ok = ok && occ.owner(x, y, z) == id; });
      if (!ok) return false;
    }
    owned += r.alloc.nodes();
  }
  return owned == occ.busy_count();
}

void audit_holdings(const Occupancy& occ, const std::map<JobId, JobRecord>& running, long long busy_requested, double now,
                    std::span<const Block> reserved, JobId reserved_owner) {
  const Topology& topo = occ.topology();
  const int N = topo.nodes();
  ALLOCLAB_CHECK(occ.consistent(), "occupancy bit words / free count disagree with the owner array at time %g", now);
  // holder[n] = the running job whose allocation contains node n, from the job table (or the
  // reserved owner, for a reserved block)
  std::vector<JobId> holder(std::size_t(N), kNoJob);
  for (const Block& b : reserved)
    topo.for_each_node(b, [&](int x, int y, int z) {
      JobId& h = holder[std::size_t(topo.id(x, y, z))];
      ALLOCLAB_CHECK(h == kNoJob, "node (%d,%d,%d) reserved twice (owner %d) at time %g", x, y, z, reserved_owner, now);
      h = reserved_owner;
      ALLOCLAB_CHECK(occ.owner(x, y, z) == reserved_owner, "node (%d,%d,%d) of a failed host is owned by %d, not held (%d), at time %g",
                     x, y, z, occ.owner(x, y, z), reserved_owner, now);
    });
  long long requested = 0;
  for (const auto& kv : running) {
    const JobId id = kv.first;
    const JobRecord& r = kv.second;
    ALLOCLAB_CHECK(r.id == id, "job table entry %d holds job %d at time %g", id, r.id, now);
    ALLOCLAB_CHECK(!r.alloc.blocks.empty() && r.alloc.nodes() >= r.chips(),
                   "running job %d has %d nodes for a %dx%dx%d request at time %g", id, r.alloc.nodes(), r.shape.w,
                   r.shape.h, r.shape.d, now);
    for (const Block& b : r.alloc.blocks) {
      ALLOCLAB_CHECK(topo.block_fits(b), "job %d holds block (%d,%d,%d) %dx%dx%d outside the machine at time %g", id, b.x,
                     b.y, b.z, b.w, b.h, b.d, now);
      topo.for_each_node(b, [&](int x, int y, int z) {
        JobId& h = holder[std::size_t(topo.id(x, y, z))];
        ALLOCLAB_CHECK(h == kNoJob, "node (%d,%d,%d) owned twice: by %s %d and job %d at time %g", x, y, z,
                       h == reserved_owner ? "the failed host's owner" : "job", h, id, now);
        h = id;
        ALLOCLAB_CHECK(occ.owner(x, y, z) == id,
                       "node (%d,%d,%d) is held by job %d in the job table but occupancy says %d at time %g", x, y, z, id,
                       occ.owner(x, y, z), now);
      });
    }
    requested += r.chips();
  }
  int busy = 0;
  for (int n = 0; n < N; ++n) {
    const JobId o = occ.owner(n);
    if (o == kNoJob) continue;
    ++busy;
    const Coord c = topo.coord(n);
    ALLOCLAB_CHECK(holder[std::size_t(n)] == o, "node (%d,%d,%d) is busy (owner job %d) but no running job holds it at time %g",
                   c.x, c.y, c.z, o, now);
  }
  ALLOCLAB_CHECK(busy == occ.busy_count() && occ.free_count() + busy == N,
                 "busy count %d, counted %d, free %d on %d nodes at time %g", occ.busy_count(), busy, occ.free_count(), N, now);
  ALLOCLAB_CHECK(requested == busy_requested, "running jobs request %lld nodes, counter says %lld at time %g", requested,
                 busy_requested, now);
}

}  // namespace alloclab
