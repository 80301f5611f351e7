// job.hpp — a started job as the simulation keeps it: times, request, placement and, with a
// network, its communication progress. The UI's views, the metrics and the CLI's job CSV read it.
#pragma once
#include "geometry.hpp"

namespace alloclab {

struct JobRecord {
  JobId id = kNoJob;
  double arrival = 0, start = -1, end = -1;  // end = -1 while a communicating job runs
  double service = 0, estimate = 0;
  Shape shape;
  int slices = 1;  // pod machines: slices of `shape` the job holds (key slices)
  double held = 0;   // when its nodes were taken: start, or the allocator's decision before it (alloc_cost > 0)
  int restarts = 0;  // host failures (key host_mtbf): times the job was killed and requeued before this run
  Allocation alloc;
  long long alloc_ops = 0;     // counted operations of the decision that placed it (+ its bookkeeping)
  int iteration = 0;           // communication iterations completed (pattern != none)
  long long packets_left = 0;  // packets of the current iteration not yet delivered
  int chips() const { return shape.area() * slices; }  // the nodes it requested
};

}  // namespace alloclab
