// busy_states.hpp — the papers' example machine states built by hand in strategy tests
// (Srinivasan et al. 2004's Fig. 1 and Fig. 5, machines drawn as pictures, the NAS thesis's 4x3
// example) and the best boundary contact by brute force. Busy blocks are written as the papers
// write them (inclusive corners, busy() in strategy_runs.hpp) and reported to the strategy.
#pragma once
#include <optional>
#include <string>
#include <vector>
#include "strategy_runs.hpp"

namespace alloclab::test {

// Machine from a picture: rows top (y = H−1) first, '#' busy (owner job 0), '.' free.
inline Occupancy picture(const std::vector<std::string>& rows, TopologyKind k = TopologyKind::Mesh) {
  const int H = int(rows.size()), W = int(rows[0].size());
  Occupancy occ(Topology(k, W, H));
  for (int r = 0; r < H; ++r)
    for (int x = 0; x < W; ++x)
      if (rows[std::size_t(r)][std::size_t(x)] == '#') occ.assign(Block{x, H - 1 - r, 1, 1}, 0);
  return occ;
}

// The NAS thesis's 4x3 example (Al Shdefat 2019): no 12-node submesh of any shape is free; the
// 2x4 nucleus (k = 1) is placed at (0,0) and 4 nodes are grown from it breadth-first.
inline Occupancy nas_4x3_example() {
  return picture({
      "..#..#.",
      "..#..#.",
      "###..#.",
      "..####.",
      "..#..#.",
      "..#..#.",
      ".....#.",
  });
}

// Srinivasan et al. 2004's Fig. 1 state on M(8,8): β1 = <1,2>,<4,4>, β2 = <5,5>,<6,6>, β3 = <0,5>,<1,6>,
// β4 = <2,7>,<4,7>, reported to the strategy as jobs 1..4.
inline void fig1_state(Occupancy& occ, Strategy& st) {
  busy(occ, st, 1, 1, 2, 4, 4);
  busy(occ, st, 2, 5, 5, 6, 6);
  busy(occ, st, 3, 0, 5, 1, 6);
  busy(occ, st, 4, 2, 7, 4, 7);
}

// Srinivasan et al. 2004's Fig. 5 state on M(8,8) (their Example 2): Fig. 1's with β1 moved to
// <0,0>,<3,2>; jobs 1..4.
inline void fig5_state(Occupancy& occ, Strategy& st) {
  busy(occ, st, 1, 0, 0, 3, 2);
  busy(occ, st, 2, 5, 5, 6, 6);
  busy(occ, st, 3, 0, 5, 1, 6);
  busy(occ, st, 4, 2, 7, 4, 7);
}

// Highest boundary_contact over every free base of shape s (-1 if none).
inline int brute_best_contact(const Occupancy& occ, Shape s) {
  int best = -1;
  for (int y = 0; y < occ.height(); ++y)
    for (int x = 0; x < occ.width(); ++x) {
      const Block b{x, y, s.w, s.h};
      if (occ.block_free(b)) best = std::max(best, boundary_contact(occ, b));
    }
  return best;
}

}  // namespace alloclab::test
