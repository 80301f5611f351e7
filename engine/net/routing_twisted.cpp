// routing_twisted.cpp — dimension-order routing on a twisted 3D torus (a k×k×2k or k×2k×2k
// slice wired with the twist, Topology::wired; TPU v4's twisted tori, Jouppi et al. 2023), x,
// then y, then z, with two dateline virtual channels per physical channel (Dally & Seitz 1987).
//
// The wiring: a wrap link leaving a short side (k chips) lands k chips further along every long
// side (2k chips); the long sides' wrap links are plain. So a dimension's links no longer close
// into rings of its side: on 4x4x8 the +x links from (3, y, z) go to (0, y, z+4), and the x links
// form rings of 8 through the lines z and z+4.
//
// The route: dimension by dimension, each finished by the cheapest of its ways — straight (|Δ|
// hops, no wrap link), the other way over the dimension's wrap link (side − |Δ| hops, shifting the
// long sides by k if the side is short), and, where the packet is already at the destination's
// coordinate of a twisted short side, once round (side hops over one wrap link: on k×2k×2k a
// shift of k along both long sides can save 2k hops for k) — whichever leaves the fewest hops in
// all, the later dimensions chosen the same way (at most 2³ combinations); ties: staying, then
// the positive direction. A hop along the chosen way leaves that way strictly cheapest (it loses
// a hop, the other gains one; after crossing the wrap link, turning back costs the hop made), so
// the route never turns within a dimension, and it is a shortest path of the twisted wiring
// (tests/test_allreduce_cubes.cpp checks it against a breadth-first search on every pair of
// 4x4x8 and 4x8x8). The row is not `minimal` in routing.hpp's sense
// (Topology::distance ignores the twist): the network walks its routes to count their hops.
//
// Deadlock freedom: as on the plain torus (routing_dateline.cpp). A packet changes dimension in
// the order x → y → z only (a twist shifts later dimensions only: the long sides come after the
// short ones in both shapes), so channels of a later dimension never wait for an earlier one.
// Within one dimension the packet crosses at most one wrap link (straight: none; the other way
// and once round: at most the side's hops, so one): it travels on VC0 until it crosses a wrap link and on VC1
// from that hop to the end of the dimension. The dimension's links form rings (of the side, or
// of 2k through two lines on a twisted short side), each with its wrap links as datelines: a
// VC0 channel never leads across a wrap link on VC0 and a VC1 channel never reaches a second
// wrap link, so every ring's channel dependencies are acyclic, and with dimension order the
// whole channel dependency graph is acyclic.
#include <algorithm>
#include <cstdlib>
#include "routing.hpp"

namespace alloclab {

namespace {

constexpr int kPlus[3] = {kPortRight, kPortUp, kPortPlusZ}, kMinus[3] = {kPortLeft, kPortDown, kPortMinusZ};

// The ways to finish dimension `dim` from p: 0 = none (p is there: stay), +1 / −1 = that
// direction. Straight: |Δ| hops, no wrap link; the other way: side − |Δ| hops over the wrap link;
// at the destination's coordinate of a twisted short side also once round the ring (side hops,
// one wrap link: on k×2k×2k it shifts both long sides by k, up to 2k hops saved).
struct Way {
  int dir, hops;
  bool wraps;
};

// Applies the shift of dimension dim's wrap link to q (a twisted short side: every long side +k).
void shift(const Topology& t, int dim, int (&q)[3]) {
  const int k = std::min(t.width(), std::min(t.height(), t.depth()));
  if (!t.twisted() || t.side(dim) != k) return;
  for (int o = 0; o < 3; ++o)
    if (t.side(o) == 2 * k) q[o] = (q[o] + k) % t.side(o);
}

// The fewest hops from p to d through dimensions dim, dim+1, …, 2 in order, each finished by
// one of its ways; *first: the direction of the cheapest way in dimension dim (0 = stay). Ties:
// staying, then the positive direction.
int cheapest(const Topology& t, const int (&p)[3], const int (&d)[3], int dim, int* first) {
  if (dim == 3) {
    *first = 0;
    return 0;
  }
  const int n = t.side(dim), delta = d[dim] - p[dim];
  int unused = 0;
  Way ways[2];
  int count = 0;
  if (delta == 0) {
    ways[count++] = {0, 0, false};
    const int k = std::min(t.width(), std::min(t.height(), t.depth()));
    if (t.twisted() && n == k && n > 1) ways[count++] = {+1, n, true};
  } else {
    const int straight = delta > 0 ? +1 : -1;
    // the positive way first, so that a tie keeps it
    const Way a{straight, std::abs(delta), false}, b{-straight, n - std::abs(delta), true};
    ways[count++] = straight > 0 ? a : b;
    ways[count++] = straight > 0 ? b : a;
  }
  int best = -1;
  for (int i = 0; i < count; ++i) {
    int q[3] = {p[0], p[1], p[2]};
    if (ways[i].wraps) shift(t, dim, q);
    q[dim] = d[dim];
    const int total = ways[i].hops + cheapest(t, q, d, dim + 1, &unused);
    if (best < 0 || total < best) {
      best = total;
      *first = ways[i].dir;
    }
  }
  return best;
}

}  // namespace

RouteChoice route_twisted(const Topology& t, Coord c, Coord d, int in_port, int in_vc, unsigned) {
  const int p[3] = {c.x, c.y, c.z}, q[3] = {d.x, d.y, d.z};
  for (int dim = 0; dim < 3; ++dim) {
    int dir = 0;
    cheapest(t, p, q, dim, &dir);
    if (dir == 0) continue;  // this dimension is done
    const int n = t.side(dim);
    const bool same_dim = in_port == kPlus[dim] || in_port == kMinus[dim];
    const bool crosses = dir > 0 ? p[dim] == n - 1 : p[dim] == 0;
    return {dir > 0 ? kPlus[dim] : kMinus[dim], ((same_dim ? in_vc : 0) | (crosses ? 1 : 0))};
  }
  return {kPortLocal3, 0};
}

}  // namespace alloclab
