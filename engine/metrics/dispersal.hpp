// dispersal.hpp — how scattered a job's processors are (issue: contiguity metrics).
//
// mean_pairwise_distance(): mean hop distance over all pairs of the job's nodes, wrap-aware on
// a torus. Computed per dimension from a histogram of coordinates with prefix sums, O(n + W + H)
// instead of O(n²). dispersal() divides it by the same figure for the most compact placement of
// the same number of nodes on a mesh: n nodes filling rows of width ceil(sqrt(n)) (the last row
// partial) — 1.0 for a square job, larger the more scattered the job is.
#pragma once
#include "../core/geometry.hpp"
#include "../topology/topology.hpp"

namespace alloclab {

double mean_pairwise_distance(const Topology& t, const Allocation& a);
double compact_pairwise_distance(long long n);
// mean_pairwise_distance / compact_pairwise_distance (1 for a single node).
double dispersal(const Topology& t, const Allocation& a);

}  // namespace alloclab
