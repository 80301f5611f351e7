// registry.cpp — the one table of allocation strategies: id, factory, help, shapes, torus
// support, contiguity, the dimensions it is defined on, what it is sure to find, machine check, and the fingerprint of its
// decisions (golden). CLI (`alloclab list`, `strategy=` validation), the link codec and the UI
// all read it; the golden decision test and the completeness property test check every row.
// Rows name their columns (designated initialisers, in StrategyInfo's member order); any_shape
// and check may be left out (false, none).
//
// Golden fingerprints were recorded from the implementations of commit 00c1abc (before the
// decision-time optimisations) and re-recorded for deliberate changes of behaviour only: qa and
// bl when they gained the torus, lssa when it tried every orientation of the L, qtree when it
// gained size expanding (Srisawat & Alexandridis 1999, sec.3.3; qtree-leaf keeps the per-leaf reading), nas when its 1x1 fallback tried every component, itat
// when it gained the complete fallback (itat-tree keeps the old decisions), fl when it became the
// papers' first-fitting-submesh FL (fl-best keeps the old best-fit decisions); ibmat and iblat
// decide exactly as as.
#include "strategy.hpp"
#include "../core/table.hpp"

namespace alloclab {

// Factories, one per strategy file.
std::unique_ptr<Strategy> make_ff(const Topology&, const StrategyParams&);
std::unique_ptr<Strategy> make_bf(const Topology&, const StrategyParams&);
std::unique_ptr<Strategy> make_as(const Topology&, const StrategyParams&);
std::unique_ptr<Strategy> make_random(const Topology&, const StrategyParams&);
std::unique_ptr<Strategy> make_mfa(const Topology&, const StrategyParams&);
std::unique_ptr<Strategy> make_fs(const Topology&, const StrategyParams&);
std::unique_ptr<Strategy> make_qa(const Topology&, const StrategyParams&);
std::unique_ptr<Strategy> make_buddy(const Topology&, const StrategyParams&);
std::unique_ptr<Strategy> make_bl(const Topology&, const StrategyParams&);
std::string buddy_check(const Topology&);
std::unique_ptr<Strategy> make_asff(const Topology&, const StrategyParams&);
std::unique_ptr<Strategy> make_flexfold(const Topology&, const StrategyParams&);
std::unique_ptr<Strategy> make_lssa(const Topology&, const StrategyParams&);
std::unique_ptr<Strategy> make_fsl(const Topology&, const StrategyParams&);
std::unique_ptr<Strategy> make_qtree(const Topology&, const StrategyParams&);
std::unique_ptr<Strategy> make_qtree_leaf(const Topology&, const StrategyParams&);
std::unique_ptr<Strategy> make_pald_ff(const Topology&, const StrategyParams&);
std::unique_ptr<Strategy> make_pald_bf(const Topology&, const StrategyParams&);
std::unique_ptr<Strategy> make_paging(const Topology&, const StrategyParams&);
std::unique_ptr<Strategy> make_mbs(const Topology&, const StrategyParams&);
std::unique_ptr<Strategy> make_anca(const Topology&, const StrategyParams&);
std::unique_ptr<Strategy> make_nas(const Topology&, const StrategyParams&);
std::unique_ptr<Strategy> make_sba(const Topology&, const StrategyParams&);
std::unique_ptr<Strategy> make_adj(const Topology&, const StrategyParams&);
std::unique_ptr<Strategy> make_ffwp(const Topology&, const StrategyParams&);
std::unique_ptr<Strategy> make_fl(const Topology&, const StrategyParams&);
std::unique_ptr<Strategy> make_fl_best(const Topology&, const StrategyParams&);
std::unique_ptr<Strategy> make_ibmat(const Topology&, const StrategyParams&);
std::unique_ptr<Strategy> make_iblat(const Topology&, const StrategyParams&);
std::unique_ptr<Strategy> make_itat(const Topology&, const StrategyParams&);
std::unique_ptr<Strategy> make_itat_tree(const Topology&, const StrategyParams&);
std::unique_ptr<Strategy> make_irat(const Topology&, const StrategyParams&);
std::unique_ptr<Strategy> make_pod_ff(const Topology&, const StrategyParams&);
std::unique_ptr<Strategy> make_pod_bf(const Topology&, const StrategyParams&);
std::unique_ptr<Strategy> make_pod_lfc(const Topology&, const StrategyParams&);
std::unique_ptr<Strategy> make_pod_pack(const Topology&, const StrategyParams&);
std::unique_ptr<Strategy> make_ff3d(const Topology&, const StrategyParams&);
std::unique_ptr<Strategy> make_ff3d_rot(const Topology&, const StrategyParams&);
std::unique_ptr<Strategy> make_bf3d(const Topology&, const StrategyParams&);
std::unique_ptr<Strategy> make_bf3d_rot(const Topology&, const StrategyParams&);
std::unique_ptr<Strategy> make_buddy3d(const Topology&, const StrategyParams&);
std::unique_ptr<Strategy> make_mbs3d(const Topology&, const StrategyParams&);
std::unique_ptr<Strategy> make_curve_hilbert(const Topology&, const StrategyParams&);
std::unique_ptr<Strategy> make_curve_snake(const Topology&, const StrategyParams&);
std::unique_ptr<Strategy> make_pald3d(const Topology&, const StrategyParams&);
std::unique_ptr<Strategy> make_cube_ff(const Topology&, const StrategyParams&);
std::unique_ptr<Strategy> make_cube_bf(const Topology&, const StrategyParams&);
std::unique_ptr<Strategy> make_cube_lfc(const Topology&, const StrategyParams&);
std::unique_ptr<Strategy> make_cube_pack(const Topology&, const StrategyParams&);
std::string cube_pod_check(const Topology&);

namespace {
const StrategyInfo kStrategies[] = {
  {.id = "ff", .make = make_ff,
   .help = "First Fit (Zhu 1992): first free base in row-major order, requested orientation only",
   .torus = true, .contiguous = true, .dims = Dims::Two, .finds = Finds::Requested, .golden = 0x5dab1e59adfec523ull, .in3d = "ff3d"},
  {.id = "bf", .make = make_bf,
   .help = "Best Fit (Zhu 1992): free base whose block touches the most busy nodes or edges",
   .torus = true, .contiguous = true, .dims = Dims::Two, .finds = Finds::Requested, .golden = 0x6b5fe798398c484cull, .in3d = "bf3d"},
  {.id = "as", .make = make_as,
   .help = "Adaptive Scan (Ding & Bhuyan 1993): scan with stride 1, then the rotated request",
   .torus = true, .contiguous = true, .dims = Dims::Two, .finds = Finds::Either, .golden = 0x81cbe5d7fb306f76ull},
  {.id = "mfa", .make = make_mfa,
   .help = "Minimal Fragmentation Algorithm (Srinivasan et al. 2004): candidates around busy submeshes, max optimality index, rotates",
   .torus = true, .contiguous = true, .dims = Dims::Two, .finds = Finds::Either, .golden = 0x7a8b3938954b0af2ull},
  {.id = "fs", .make = make_fs,
   .help = "Frame Sliding (Chuang & Tzeng 1991): frames from the lowest leftmost free node, strides p and q; not complete",
   .torus = false, .contiguous = true, .dims = Dims::Two, .finds = Finds::Maybe, .golden = 0x590dd22c39c7b9beull},
  {.id = "qa", .make = make_qa,
   .help = "Quick Allocation (Yoo & Das 1997): busy list, coverage + reject areas, last_covered per row; rotates",
   .torus = true, .contiguous = true, .dims = Dims::Two, .finds = Finds::Either, .golden = 0x81cbe5d7fb306f76ull},
  {.id = "bl", .make = make_bl,
   .help = "Busy List (Das Sharma & Pradhan 1996): corner candidates of busy submeshes, max boundary value; rotates",
   .torus = true, .contiguous = true, .dims = Dims::Two, .finds = Finds::Either, .golden = 0x702347e3b1f03ec4ull},
  {.id = "buddy", .make = make_buddy,
   .help = "2D Buddy (Li & Cheng 1991): 2^k x 2^k blocks from per-level free lists, split and recombine; square 2^n mesh",
   .torus = false, .contiguous = true, .dims = Dims::Two, .finds = Finds::Maybe, .check = buddy_check, .golden = 0xf8a235a25b01994dull, .in3d = "buddy3d"},
  {.id = "asff", .make = make_asff,
   .help = "All-Shapes First Fit (Al Shdefat 2019, ch.2): every w*h = p*q shape, most square first, first fit each",
   .any_shape = true, .torus = true, .contiguous = true, .dims = Dims::Two, .finds = Finds::Maybe, .golden = 0x03ff956c368b5f86ull},
  {.id = "flexfold", .make = make_flexfold,
   .help = "Flex-fold (Seo & Kim 2003, as Al Shdefat 2019 ch.2 describes it): (a,b), (b,a), (a/2,2b), (2a,b/2), first fit each",
   .torus = true, .contiguous = true, .dims = Dims::Two, .finds = Finds::Maybe, .golden = 0x2a25c067d5bf4117ull},
  {.id = "lssa", .make = make_lssa,
   .help = "L-Shaped Sub-mesh Allocation (Seo & Kim 2003, as Al Shdefat 2019 ch.2 describes it): rotations, folds, then two-block L-shapes",
   .torus = true, .contiguous = true, .dims = Dims::Two, .finds = Finds::Maybe, .golden = 0xbe5d35e5a2e5d067ull},
  {.id = "fsl", .make = make_fsl,
   .help = "Free Sub-List best fit (Kim & Yoon 1998, as Srisawat & Alexandridis 1999 sec.2.9 describe it): maximal free sub-meshes, corner that breaks the fewest",
   .torus = false, .contiguous = true, .dims = Dims::Two, .finds = Finds::Either, .golden = 0x9c8ca6c4294919f2ull},
  {.id = "qtree", .make = make_qtree,
   .help = "Best-fit Quad-Tree (Srisawat & Alexandridis 1999, sec.3): buddy tree, combining, max-free-preserving best fit",
   .torus = false, .contiguous = true, .dims = Dims::Two, .finds = Finds::Maybe, .golden = 0x71b2325d05cae4a6ull},
  {.id = "qtree-leaf", .make = make_qtree_leaf,
   .help = "Best-fit Quad-Tree, size expanding per leaf: a task in a combined sub-system is carved out of each free leaf (no expanded node)",
   .torus = false, .contiguous = true, .dims = Dims::Two, .finds = Finds::Maybe, .golden = 0x9a8831cf639249f3ull},
  {.id = "sba", .make = make_sba,
   .help = "Stack-Based Allocation (Yoo & Das 2002): busy list, coverages subtracted with a stack; both orientations",
   .torus = true, .contiguous = true, .dims = Dims::Two, .finds = Finds::Either, .golden = 0xb47a9dfead725ca7ull},
  {.id = "adj", .make = make_adj,
   .help = "Adjacency (as the survey in Srinivasan et al. 2004 states it): candidates beside busy submeshes and at corners; FEWEST busy neighbours",
   .torus = false, .contiguous = true, .dims = Dims::Two, .finds = Finds::Requested, .golden = 0x93eab682bba05130ull},
  {.id = "ffwp", .make = make_ffwp,
   .help = "First Fit with static partitions (Mohapatra 1996): FF in the size class's partition, then the others",
   .torus = true, .contiguous = true, .dims = Dims::Two, .finds = Finds::Requested, .golden = 0x5df7d73a1e4e3ff2ull},
  {.id = "fl", .make = make_fl,
   .help = "Free List (Liu et al. 1995, as Srinivasan et al. 2004 and Srisawat & Alexandridis 1999 describe it): first listed free submesh that fits, its corner with max boundary value",
   .torus = false, .contiguous = true, .dims = Dims::Two, .finds = Finds::Either, .golden = 0x80bca7b59232255eull},
  {.id = "fl-best", .make = make_fl_best,
   .help = "Free List best fit: every listed maximal free submesh's corners, max boundary value (stronger than the papers' FL)",
   .torus = false, .contiguous = true, .dims = Dims::Two, .finds = Finds::Either, .golden = 0x5a34e95bc9443c7full},
  {.id = "ibmat", .make = make_ibmat,
   .help = "IBMAT (Jakimczuk et al. 2013): bit-map coverage array, row then column passes (wrap-aware), rotates",
   .torus = true, .contiguous = true, .dims = Dims::Two, .finds = Finds::Either, .golden = 0x81cbe5d7fb306f76ull},
  {.id = "iblat", .make = make_iblat,
   .help = "IBLAT (Jakimczuk et al. 2013): busy list and wrap-aware coverage list, lowest leftmost base, rotates",
   .torus = true, .contiguous = true, .dims = Dims::Two, .finds = Finds::Either, .golden = 0x81cbe5d7fb306f76ull},
  {.id = "itat", .make = make_itat,
   .help = "ITAT (Jakimczuk et al. 2013): busy tree from <0,0>, level-order search of free leaves, rotates; complete (row-major fallback)",
   .torus = true, .contiguous = true, .dims = Dims::Two, .finds = Finds::Either, .golden = 0x2c688fb536bcebb4ull},
  {.id = "itat-tree", .make = make_itat_tree,
   .help = "ITAT, the literal tree-only search (Jakimczuk et al. 2013, sec.IV): misses free sub-tori no leaf reaches; not complete",
   .torus = true, .contiguous = true, .dims = Dims::Two, .finds = Finds::Maybe, .golden = 0xb5b6812a6e0ccba5ull},
  {.id = "irat", .make = make_irat,
   .help = "IRAT (Jakimczuk et al. 2013): one random base node, both orientations; not recognition complete",
   .torus = true, .contiguous = true, .dims = Dims::Two, .finds = Finds::Maybe, .golden = 0x20a5859bb8f933d6ull},
  {.id = "random", .make = make_random,
   .help = "Random (Lo et al. 1997): p*q(*r) free nodes chosen uniformly, non-contiguous (single nodes); 2D and 3D",
   .torus = true, .contiguous = false, .dims = Dims::TwoAndThree, .finds = Finds::FreeNodes, .golden = 0x819d29c4bd19ed0full,
   .golden3d = 0x700808e2be9bb040ull},
  {.id = "pald-ff", .make = make_pald_ff,
   .help = "PALD-FF (Bani-Ahmad 2013): First Fit; on failure split off one row/column of the longest side and recurse",
   .torus = true, .contiguous = false, .dims = Dims::Two, .finds = Finds::FreeNodes, .golden = 0x8e0d59a5bd70fef8ull, .in3d = "pald3d"},
  {.id = "pald-bf", .make = make_pald_bf,
   .help = "PALD-BF (Bani-Ahmad 2013): as PALD-FF with Best Fit for the request and every sub-request",
   .torus = true, .contiguous = false, .dims = Dims::Two, .finds = Finds::FreeNodes, .golden = 0x73ba89315938888full, .in3d = "pald3d"},
  {.id = "paging", .make = make_paging,
   .help = "Paging(k) (Lo et al. 1997): first free 2^k-side pages (2^k-cubes in 3D) in index order (paging_k, paging_order); 2D and 3D",
   .torus = true, .contiguous = false, .dims = Dims::TwoAndThree, .finds = Finds::FreeNodes, .golden = 0xda1a42eff6a0a99full,
   .golden3d = 0x41f59a9dcfadba82ull},
  {.id = "mbs", .make = make_mbs,
   .help = "Multiple Buddy (Lo et al. 1997): base-4 factorised request as power-of-two buddy blocks",
   .torus = true, .contiguous = false, .dims = Dims::Two, .finds = Finds::FreeNodes, .golden = 0x142ec8b08a48c39eull, .in3d = "mbs3d"},
  {.id = "anca", .make = make_anca,
   .help = "ANCA (Chang & Mohapatra 1998): FF both orientations; on failure halve the longer side, recurse",
   .torus = true, .contiguous = false, .dims = Dims::Two, .finds = Finds::FreeNodes, .golden = 0x6eba56eb436cb78bull},
  {.id = "nas", .make = make_nas,
   .help = "NAS (Al Shdefat 2019): all-shapes FF, else a folded nucleus grown by free neighbours (connected)",
   .torus = true, .contiguous = false, .dims = Dims::Two, .finds = Finds::Maybe, .golden = 0x9938423d5448c020ull},
  {.id = "pod-ff", .make = make_pod_ff,
   .help = "Pod First Fit: the first free legal slice position (aligned to the slice's shape, not rotated), row-major",
   .torus = true, .contiguous = true, .dims = Dims::Two, .finds = Finds::Aligned, .golden = 0xd688cd96a106a39full},
  {.id = "pod-bf", .make = make_pod_bf,
   .help = "Pod Best Fit (Kueue's BestFit): from the pod down, the domain fitting the fewest more slices, then the fewest free chips",
   .torus = true, .contiguous = true, .dims = Dims::Two, .finds = Finds::Aligned, .golden = 0xa8d10be20a0ae7e5ull},
  {.id = "pod-lfc", .make = make_pod_lfc,
   .help = "Pod Least Free Capacity (Kueue's LeastFreeCapacity): from the pod down, the domain with the fewest free chips",
   .torus = true, .contiguous = true, .dims = Dims::Two, .finds = Finds::Aligned, .golden = 0x70af2f74ad7a85ddull},
  {.id = "pod-pack", .make = make_pod_pack,
   .help = "Pod packing: the legal position whose largest wholly free enclosing domain is smallest (keeps large blocks free)",
   .torus = true, .contiguous = true, .dims = Dims::Two, .finds = Finds::Aligned, .golden = 0x6f4143ff9f09d368ull},
  {.id = "ff3d", .make = make_ff3d,
   .help = "3D First Fit (Choo, Youn & Yoo 2000): first free p x q x r box in node-id order (z, y, x), requested orientation; 2D and 3D",
   .torus = true, .contiguous = true, .dims = Dims::TwoAndThree, .finds = Finds::Requested, .golden = 0x9cd1aa44c19508a7ull, .golden3d = 0xb5d0a382a958a33cull},
  {.id = "ff3d-rot", .make = make_ff3d_rot,
   .help = "3D First Fit turning the request (Bani-Mohammad et al. 2006): the six orientations in turn, first free box of the first that fits",
   .torus = true, .contiguous = true, .dims = Dims::TwoAndThree, .finds = Finds::Either, .golden = 0x81cbe5d7fb306f76ull, .golden3d = 0xfd1f49e4198a6261ull},
  {.id = "bf3d", .make = make_bf3d,
   .help = "3D Best Fit: the free p x q x r box whose six faces touch the most busy nodes or mesh edges, requested orientation",
   .torus = true, .contiguous = true, .dims = Dims::TwoAndThree, .finds = Finds::Requested, .golden = 0xe0e48ad71bda1d2aull, .golden3d = 0xf7dfee1aca877fc3ull},
  {.id = "bf3d-rot", .make = make_bf3d_rot,
   .help = "3D Best Fit over the six orientations: the best-touching free box of any orientation",
   .torus = true, .contiguous = true, .dims = Dims::TwoAndThree, .finds = Finds::Either, .golden = 0x702347e3b1f03ec4ull, .golden3d = 0x7926193f9e1b96b0ull},
  {.id = "buddy3d", .make = make_buddy3d,
   .help = "3D Buddy (Li & Cheng 1991 in 3D): one 2^k cube, k = ceil(log2 max(p,q,r)), from octet buddy free lists; any machine (power-of-two root cubes)",
   .torus = true, .contiguous = true, .dims = Dims::TwoAndThree, .finds = Finds::Maybe, .golden = 0x48484ecdb608100dull, .golden3d = 0xfa8429985f8732eeull},
  {.id = "mbs3d", .make = make_mbs3d,
   .help = "3D Multiple Buddy (Lo et al. 1997 with the SST scheduler's octets): base-8 factorised request as 2^i-cube buddy blocks, non-contiguous",
   .torus = true, .contiguous = false, .dims = Dims::TwoAndThree, .finds = Finds::FreeNodes, .golden = 0x142ec8b08a48c39eull, .golden3d = 0x45b7a0927a6ce890ull},
  {.id = "curve-hilbert", .make = make_curve_hilbert,
   .help = "Curve best fit (Leung et al. 2002; Albing et al. 2011): nodes in Hilbert-curve order, the shortest run of free nodes that holds the job, else least span",
   .torus = true, .contiguous = false, .dims = Dims::TwoAndThree, .finds = Finds::FreeNodes, .golden = 0x1f8e5e081f08c9a0ull, .golden3d = 0xbe263ef84f77075bull},
  {.id = "curve-snake", .make = make_curve_snake,
   .help = "Curve best fit in snake order (Leung et al. 2002): rows back and forth, layers up and down; shortest free run that holds the job, else least span",
   .torus = true, .contiguous = false, .dims = Dims::TwoAndThree, .finds = Finds::FreeNodes, .golden = 0xbfd63bc0d9f6a936ull, .golden3d = 0xb5a125667f173ebaull},
  {.id = "pald3d", .make = make_pald3d,
   .help = "PALD in 3D (Bani-Ahmad 2013's split, 3D First Fit): the whole box, else split one slab off the longest side and recurse; non-contiguous",
   .torus = true, .contiguous = false, .dims = Dims::TwoAndThree, .finds = Finds::FreeNodes, .golden = 0x8e0d59a5bd70fef8ull, .golden3d = 0xd393f99c2688aee8ull},
  // the cube-pod policies (machine=tpu-v4, tpu-v5p): decisions checked by hand in tests/test_pods_cube.cpp
  {.id = "cube-ff", .make = make_cube_ff,
   .help = "Cube-pod First Fit: the first free slice position, cube by cube; whole cubes: first free box (ocs=off) or first free cubes (ocs=on)",
   .torus = true, .contiguous = false, .dims = Dims::CubePods, .finds = Finds::CubeSlices, .check = cube_pod_check, .golden = 0},
  {.id = "cube-bf", .make = make_cube_bf,
   .help = "Cube-pod Best Fit (Kueue's BestFit): the cube, then sub-domain, fitting the fewest more slices; ocs=off: the box touching most used cubes",
   .torus = true, .contiguous = false, .dims = Dims::CubePods, .finds = Finds::CubeSlices, .check = cube_pod_check, .golden = 0},
  {.id = "cube-lfc", .make = make_cube_lfc,
   .help = "Cube-pod Least Free Capacity (Kueue's LeastFreeCapacity): the cube, then sub-domain, with the fewest free chips; ocs=off: least free around the box",
   .torus = true, .contiguous = false, .dims = Dims::CubePods, .finds = Finds::CubeSlices, .check = cube_pod_check, .golden = 0},
  {.id = "cube-pack", .make = make_cube_pack,
   .help = "Cube-pod packing: keeps whole cubes free (the smallest free domain broken, then the fullest cube); with ocs the policy that keeps free cubes usable",
   .torus = true, .contiguous = false, .dims = Dims::CubePods, .finds = Finds::CubeSlices, .check = cube_pod_check, .golden = 0},
};
}  // namespace

std::span<const StrategyInfo> strategies() { return kStrategies; }

const StrategyInfo* find_strategy(std::string_view id) { return find_by_id(strategies(), id); }

std::string strategy_unsupported(const StrategyInfo& s, const Topology& t) {
  if (s.dims == Dims::CubePods && s.check) return s.check(t);
  if (t.depth() > 1 && s.dims == Dims::Two) {
    std::string ids;
    for (const StrategyInfo& o : strategies())
      if (o.dims == Dims::TwoAndThree) ids += (ids.empty() ? "" : ", ") + std::string(o.id);
    return "strategy '" + std::string(s.id) + "' is defined on 2D machines only (size=WxH); on a " +
           std::to_string(t.width()) + "x" + std::to_string(t.height()) + "x" + std::to_string(t.depth()) +
           " machine use a 3D strategy: " + ids;
  }
  if (t.wraps() && !s.torus)
    return "strategy '" + std::string(s.id) + "' does not support a torus (use topology=mesh)";
  if (s.check) return s.check(t);
  return {};
}

const StrategyInfo* strategy_for_machine(const StrategyInfo& s, const Topology& t) {
  if (strategy_unsupported(s, t).empty()) return &s;
  if (const StrategyInfo* c = s.in3d.empty() ? nullptr : find_strategy(s.in3d); c && strategy_unsupported(*c, t).empty()) return c;
  for (const StrategyInfo& o : strategies())
    if (o.contiguous == s.contiguous && strategy_unsupported(o, t).empty()) return &o;
  return nullptr;
}

int boundary_contact(const Occupancy& occ, const Block& b) {
  const Topology& t = occ.topology();
  const int W = t.width(), H = t.height();
  auto busy_or_edge = [&](int x, int y) -> int {
    if (t.wraps()) {
      x = ((x % W) + W) % W;
      y = ((y % H) + H) % H;
      return occ.owner(x, y) != kNoJob;
    }
    if (!t.contains(x, y)) return 1;
    return occ.owner(x, y) != kNoJob;
  };
  int n = 0;
  for (int i = 0; i < b.w; ++i) {
    n += busy_or_edge(b.x + i, b.y - 1);   // below
    n += busy_or_edge(b.x + i, b.y + b.h); // above
  }
  for (int j = 0; j < b.h; ++j) {
    n += busy_or_edge(b.x - 1, b.y + j);   // left
    n += busy_or_edge(b.x + b.w, b.y + j); // right
  }
  return n;
}

}  // namespace alloclab
