// dispersal.hpp — how scattered a job's processors are (the contiguity metrics).
//
// mean_pairwise_distance(): mean hop distance over all pairs of the job's nodes, wrap-aware on
// a torus. Computed per dimension from a histogram of coordinates with prefix sums, O(n + W + H)
// instead of O(n²); a single block that does not wrap has a closed form, O(1). dispersal()
// divides it by the same figure for the most compact placement of the same number of nodes on
// a mesh: n nodes filling rows of width ceil(sqrt(n)) (the last row partial) — 1.0 for a square
// job, larger the more scattered the job is. On a 3D machine (depth > 1) a third histogram
// counts the layers (a single block that does not wrap: the closed form again), and the compact placement is n nodes filling c×c layers, c = ceil(cbrt(n)),
// rows of c (the last layer and row partial): 1.0 for a cube.
//
// The per-dimension pair sums are integers (exact in 64 bits for any machine the parameter
// table allows), so every way of computing them gives the same double.
#pragma once
#include <vector>
#include "../core/geometry.hpp"
#include "../topology/topology.hpp"

namespace alloclab {

double mean_pairwise_distance(const Topology& t, const Allocation& a);
double compact_pairwise_distance(long long n);
// The 3D machine's compact figure (see above).
double compact_pairwise_distance_3d(long long n);
// mean_pairwise_distance / compact_pairwise_distance (1 for a single node).
double dispersal(const Topology& t, const Allocation& a);

// dispersal() for many allocations on one machine without allocating per call: keeps its
// histograms and the compact figure per node count (one per simulation).
class DispersalMeter {
 public:
  explicit DispersalMeter(const Topology& t);
  double dispersal(const Allocation& a);
  // The same, and a.nodes() in `nodes` (counted on the way).
  double dispersal(const Allocation& a, long long& nodes);
  double mean_pairwise_distance(const Allocation& a);

 private:
  double mean_pairwise_distance(const Allocation& a, long long& n);
  double mean_pairwise_distance_3d(const Allocation& a, long long& n);
  Topology topo_;
  std::vector<long long> cx_, cy_, cz_, pc_, ps_;  // histograms per column/row/layer; prefix scratch
  std::vector<double> compact_;               // compact_pairwise_distance(n), 0 = not yet known
};

}  // namespace alloclab
