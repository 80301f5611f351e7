// irat.cpp — Improved Random Allocation for Torus (IRAT), Jakimczuk et al. (ICN 2013)
// §III, after Baba, Iwamoto & Yoshinaga's random strategy [12].
//
// IRAT "can only pick random node from system and check if it can become base for an incoming
// request. If node is available as base job is allocated, otherwise scheme will change
// orientation of job J(p,q) and J(q,p) possibility is checked. When both attempts fail, the
// allocation of the job fails." So one allocation attempt is:
//   1. draw one node <c,r> uniformly at random with the Rng& passed to allocate;
//   2. if the p×q sub-torus based at <c,r> (wrapping on the torus) is free, allocate it;
//   3. else if p ≠ q and the q×p sub-torus based at the same node is free, allocate that;
//   4. else fail.
// IRAT is NOT recognition complete: it fails whenever the one probed node is not a base, even
// when free sub-tori exist elsewhere. A failed job is simply retried when the scheduler next
// tries it (after the next arrival or departure), with a fresh draw.
//
// Choices where the paper is unclear:
//  * Number of probes per allocation attempt: kProbes = 1, as the paper's text says ("pick
//    random node"), each probe trying both orientations at the same node. Fixed, independent of
//    the machine size. Consumes exactly kProbes draws of rng.below() per attempt, so results
//    depend only on the seed (deterministic).
//  * The node is drawn among all W·H nodes on the torus (every node can be a base there).
//  * Mesh (IRAT degrades to plain random probing; `mesh` is true in the registry): the node is
//    drawn among the bases where the requested p×q block lies inside the mesh (or, when p×q
//    is larger than the machine in some side, the q×p block); the rotated check at that node
//    fails if its block would cross an edge. So a job that fits an empty mesh is always placed
//    on it, as on the torus (no job is starved on an idle machine).
//
// Counted work: one operation = one node of a probed block examined (the p·q nodes of the
// block at the drawn base, then q·p of the rotated one; nothing for a block that would cross a
// mesh edge, which block_free refuses before reading a node): Θ(pq) per attempt, independent of
// the machine size — the speed Jakimczuk et al. 2013 credits IRAT with. No release work.
#include "strategy.hpp"

namespace alloclab {
namespace {

constexpr int kProbes = 1;  // random nodes probed per allocation attempt (§III: one)

class Irat final : public StrategyBase<Irat> {
 public:
  std::optional<Allocation> allocate(const Request& req, const Occupancy& occ, Rng& rng) override {
    const Topology& t = occ.topology();
    const int W = t.width(), H = t.height();
    const Shape s = req.shape, r = req.shape.rotated();
    auto fits = [&](Shape o) { return o.w <= W && o.h <= H; };
    if (!fits(s) && !fits(r)) return std::nullopt;
    // The range bases are drawn from (torus: every node).
    const Shape d = fits(s) ? s : r;
    const int nx = t.wraps() ? W : W - d.w + 1, ny = t.wraps() ? H : H - d.h + 1;
    for (int k = 0; k < kProbes; ++k) {
      const int i = int(rng.below(std::uint64_t(nx) * std::uint64_t(ny)));
      const int x = i % nx, y = i / nx;
      for (Shape o : {s, r}) {
        const Block b = block_at(x, y, o);
        if (t.block_fits(b)) count(Ops(o.w) * o.h);  // block_free reads its nodes only then
        if (occ.block_free(b)) return Allocation{{b}};  // false if it would cross a mesh edge
        if (s == r) break;
      }
    }
    return std::nullopt;
  }
};

}  // namespace

std::unique_ptr<Strategy> make_irat(const Topology&, const StrategyParams&) { return std::make_unique<Irat>(); }

}  // namespace alloclab
