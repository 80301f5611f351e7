// test_dispersal.cpp — contiguity metrics: pairwise hop distance by histograms vs brute force.
#include <doctest/doctest.h>
#include <vector>
#include "core/rng.hpp"
#include "metrics/dispersal.hpp"

using namespace alloclab;

TEST_CASE("pairwise distance: hand-worked cases") {
  Topology mesh(TopologyKind::Mesh, 8, 8), torus(TopologyKind::Torus, 4, 4);
  CHECK(mean_pairwise_distance(mesh, Allocation{{Block{0, 0, 2, 2}}}) == doctest::Approx(8.0 / 6));
  CHECK(mean_pairwise_distance(mesh, Allocation{{Block{0, 0, 4, 1}}}) == doctest::Approx(10.0 / 6));
  CHECK(mean_pairwise_distance(torus, Allocation{{Block{0, 0, 4, 1}}}) == doctest::Approx(8.0 / 6));
  CHECK(dispersal(mesh, Allocation{{Block{3, 3, 3, 3}}}) == doctest::Approx(1.0));
  CHECK(dispersal(mesh, Allocation{{Block{0, 0, 1, 1}}}) == 1.0);
  CHECK(dispersal(mesh, Allocation{{Block{0, 0, 1, 1}, Block{7, 7, 1, 1}}}) == doctest::Approx(14.0));
}

TEST_CASE("pairwise distance equals brute force on random node sets (mesh and torus)") {
  Rng rng(3);
  for (int trial = 0; trial < 200; ++trial) {
    const bool wrap = trial % 2;
    const int W = 1 + int(rng.below(13)), H = 1 + int(rng.below(13));
    Topology t(wrap ? TopologyKind::Torus : TopologyKind::Mesh, W, H);
    Allocation a;
    std::vector<Coord> nodes;
    for (int id = 0; id < t.nodes(); ++id)
      if (rng.below(3) == 0) {
        const Coord c = t.coord(id);
        a.blocks.push_back(Block{c.x, c.y, 1, 1});
        nodes.push_back(c);
      }
    if (nodes.size() < 2) continue;
    double sum = 0;
    for (std::size_t i = 0; i < nodes.size(); ++i)
      for (std::size_t j = i + 1; j < nodes.size(); ++j) sum += t.distance(nodes[i], nodes[j]);
    const double pairs = double(nodes.size()) * double(nodes.size() - 1) / 2;
    CHECK(mean_pairwise_distance(t, a) == doctest::Approx(sum / pairs));
  }
}

TEST_CASE("pairwise distance of one block (closed form) and of several blocks equals brute force exactly") {
  Rng rng(5);
  for (int trial = 0; trial < 300; ++trial) {
    const bool wrap = trial % 2;
    const int W = 1 + int(rng.below(12)), H = 1 + int(rng.below(12));
    Topology t(wrap ? TopologyKind::Torus : TopologyKind::Mesh, W, H);
    Allocation a;
    const int nb = trial % 3 == 0 ? 2 : 1;
    for (int k = 0; k < nb; ++k) {
      const int w = 1 + int(rng.below(std::uint64_t(W))), h = 1 + int(rng.below(std::uint64_t(H)));
      const int x = wrap ? int(rng.below(std::uint64_t(W))) : int(rng.below(std::uint64_t(W - w + 1)));
      const int y = wrap ? int(rng.below(std::uint64_t(H))) : int(rng.below(std::uint64_t(H - h + 1)));
      a.blocks.push_back(Block{x, y, w, h});
    }
    std::vector<Coord> nodes;
    for (const Block& b : a.blocks) t.for_each_node(b, [&](int x, int y) { nodes.push_back(Coord{x, y}); });
    double sum = 0;
    for (std::size_t i = 0; i < nodes.size(); ++i)
      for (std::size_t j = i + 1; j < nodes.size(); ++j) sum += t.distance(nodes[i], nodes[j]);
    const double pairs = double(nodes.size()) * double(nodes.size() - 1) / 2;
    const double expect = nodes.size() < 2 ? 0 : sum / pairs;
    DispersalMeter meter(t);
    CHECK(mean_pairwise_distance(t, a) == expect);
    CHECK(meter.mean_pairwise_distance(a) == expect);
    CHECK(meter.mean_pairwise_distance(a) == expect);  // the scratch is left clean
    CHECK(meter.dispersal(a) == dispersal(t, a));
  }
}
