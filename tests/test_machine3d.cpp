// test_machine3d.cpp — the 3D machine: node numbering, neighbours, distance and blocks of a
// W×H×D mesh and torus, the occupancy of 3D blocks against a brute-force owner array, the size
// key, what a 3D machine refuses (2D-only strategies, 2D-only routing rows), and the 3D free-box
// query's masks and counted words against one 2D query per layer.
#include <doctest/doctest.h>
#include <set>
#include <string>
#include <vector>
#include "scenario/scenario.hpp"
#include "alloc/boxes.hpp"
#include "metrics/dispersal.hpp"
#include "simulation.hpp"
#include "strategy_runs.hpp"

using namespace alloclab;

TEST_CASE("3D topology: depth 1 numbers nodes as the 2D machine; ids and coordinates round-trip") {
  const Topology flat(TopologyKind::Mesh, 7, 5);
  CHECK(flat.depth() == 1);
  CHECK(flat.dims() == 2);
  for (int y = 0; y < 5; ++y)
    for (int x = 0; x < 7; ++x) {
      CHECK(flat.id(x, y) == y * 7 + x);
      CHECK(flat.coord(y * 7 + x) == Coord{x, y, 0});
    }
  const Topology t(TopologyKind::Torus, 5, 3, 4);
  CHECK(t.dims() == 3);
  CHECK(t.nodes() == 60);
  for (int id = 0; id < t.nodes(); ++id) {
    const Coord c = t.coord(id);
    CHECK(t.contains(c.x, c.y, c.z));
    CHECK(t.id(c.x, c.y, c.z) == id);
    CHECK(id == (c.z * 3 + c.y) * 5 + c.x);
  }
  CHECK_FALSE(t.contains(0, 0, 4));
  CHECK_FALSE(t.contains(0, 0, -1));
}

TEST_CASE("3D topology: six neighbours, wrap-aware distance, blocks that wrap in z") {
  const Topology mesh(TopologyKind::Mesh, 4, 4, 3), torus(TopologyKind::Torus, 4, 4, 3);
  const int corner = mesh.id(0, 0, 0), mid = mesh.id(1, 2, 1);
  CHECK(mesh.neighbours6(corner) == std::array<int, 6>{mesh.id(1, 0, 0), mesh.id(0, 1, 0), -1, -1, mesh.id(0, 0, 1), -1});
  CHECK(torus.neighbours6(corner) ==
        std::array<int, 6>{torus.id(1, 0, 0), torus.id(0, 1, 0), torus.id(3, 0, 0), torus.id(0, 3, 0), torus.id(0, 0, 1), torus.id(0, 0, 2)});
  CHECK(mesh.neighbours6(mid) == std::array<int, 6>{mesh.id(2, 2, 1), mesh.id(1, 3, 1), mesh.id(0, 2, 1), mesh.id(1, 1, 1),
                                                    mesh.id(1, 2, 2), mesh.id(1, 2, 0)});
  // the 2D accessor stays in the node's layer
  CHECK(mesh.neighbours(mid) == std::array<int, 4>{mesh.id(2, 2, 1), mesh.id(1, 3, 1), mesh.id(0, 2, 1), mesh.id(1, 1, 1)});
  // every neighbour relation is symmetric and one hop away
  for (const Topology* t : {&mesh, &torus})
    for (int n = 0; n < t->nodes(); ++n)
      for (int m : t->neighbours6(n)) {
        if (m < 0) continue;
        CHECK(t->distance(t->coord(n), t->coord(m)) == 1);
        const auto back = t->neighbours6(m);
        CHECK(std::find(back.begin(), back.end(), n) != back.end());
      }
  CHECK(mesh.distance({0, 0, 0}, {3, 3, 2}) == 8);
  CHECK(torus.distance({0, 0, 0}, {3, 3, 2}) == 3);
  // a torus block wraps in z; a mesh block may not
  const Block b{3, 3, 2, 2, 2, 2};
  CHECK(torus.block_fits(b));
  CHECK_FALSE(mesh.block_fits(b));
  CHECK(torus.block_end(b) == Coord{0, 0, 0});
  CHECK_FALSE(torus.block_fits(Block{0, 0, 1, 1, 0, 4}));  // deeper than the machine
  std::set<int> ids;
  torus.for_each_node(b, [&](int x, int y, int z) { ids.insert(torus.id(x, y, z)); });
  CHECK(ids == std::set<int>{torus.id(3, 3, 2), torus.id(0, 3, 2), torus.id(3, 0, 2), torus.id(0, 0, 2),
                             torus.id(3, 3, 0), torus.id(0, 3, 0), torus.id(3, 0, 0), torus.id(0, 0, 0)});
  CHECK(b.area() == 8);
  CHECK(Shape{2, 3, 4}.rotated() == Shape{3, 2, 4});
}

TEST_CASE("3D occupancy: assign and release of boxes and single nodes match a brute-force owner array") {
  Rng rng(2828);
  for (int trial = 0; trial < 200; ++trial) {
    const bool torus = trial % 2;
    const int W = 1 + int(rng.below(70)), H = 1 + int(rng.below(6)), D = 1 + int(rng.below(6));
    const Topology t(torus ? TopologyKind::Torus : TopologyKind::Mesh, W, H, D);
    Occupancy occ(t);
    std::vector<JobId> own(std::size_t(t.nodes()), kNoJob);
    std::vector<Allocation> held;
    for (int step = 0; step < 40; ++step) {
      if (!held.empty() && rng.below(3) == 0) {  // release a random holder
        const std::size_t k = std::size_t(rng.below(held.size()));
        occ.release(held[k], JobId(k));
        for (const Block& b : held[k].blocks) t.for_each_node(b, [&](int x, int y, int z) { own[std::size_t(t.id(x, y, z))] = kNoJob; });
        held[k].blocks.clear();
        continue;
      }
      Allocation a;
      if (rng.below(2) == 0) {  // a box (wrapping on a torus)
        const Block b{int(rng.below(std::uint64_t(W))), int(rng.below(std::uint64_t(H))), 1 + int(rng.below(std::uint64_t(W))),
                      1 + int(rng.below(std::uint64_t(H))), int(rng.below(std::uint64_t(D))), 1 + int(rng.below(std::uint64_t(D)))};
        if (!occ.block_free(b)) continue;
        a.blocks.push_back(b);
      } else {  // free single nodes of any layer (the non-contiguous path)
        for (int n = 0; n < t.nodes() && a.blocks.size() < 5; ++n)
          if (occ.owner(n) == kNoJob && rng.below(4) == 0) {
            const Coord c = t.coord(n);
            a.blocks.push_back(Block{c.x, c.y, 1, 1, c.z, 1});
          }
        if (a.blocks.empty()) continue;
      }
      const JobId job = JobId(held.size());
      int busy_before = 0;
      for (const Block& b : a.blocks) busy_before += occ.busy_in(b);
      REQUIRE(busy_before == 0);
      occ.assign(a, job);
      for (const Block& b : a.blocks) t.for_each_node(b, [&](int x, int y, int z) { own[std::size_t(t.id(x, y, z))] = job; });
      held.push_back(a);
    }
    REQUIRE(occ.consistent());
    int free_nodes = 0;
    for (int n = 0; n < t.nodes(); ++n) {
      const Coord c = t.coord(n);
      REQUIRE_MESSAGE(occ.owner(c.x, c.y, c.z) == own[std::size_t(n)], "W=", W, " H=", H, " D=", D, " node ", n);
      const bool bit = (occ.free_row(c.y, c.z)[c.x >> 6] >> (c.x & 63)) & 1u;
      REQUIRE(bit == (own[std::size_t(n)] == kNoJob));
      free_nodes += own[std::size_t(n)] == kNoJob;
    }
    REQUIRE(occ.free_count() == free_nodes);
  }
}

TEST_CASE("size=WxHxD: parsed, written back, in links; WxHx1 is the 2D machine; bad sizes name the key") {
  Scenario s;
  REQUIRE(apply(s, "size", "8x4x2").ok());
  CHECK(s.width == 8);
  CHECK(s.height == 4);
  CHECK(s.depth == 2);
  CHECK(s.topo().depth() == 2);
  REQUIRE(apply(s, "strategy", "random").ok());
  CHECK(canonical_link(s) == "size=8x4x2&strategy=random");
  const auto back = parse_link(canonical_link(s));
  REQUIRE(back);
  CHECK(back->depth == 2);
  REQUIRE(apply(s, "size", "16x16x1").ok());
  CHECK(s.depth == 1);
  CHECK(canonical_link(s) == "strategy=random");
  for (const char* bad : {"4x4x0", "4x4x", "4x4x4x4", "1024x1024x2", "4x4x1025", "4xx4"}) {
    Scenario t;
    const Status st = apply(t, "size", bad);
    REQUIRE_FALSE(st.ok());
    CHECK(st.error().message.find("size") != std::string::npos);
    CHECK(t.depth == 1);  // nothing half-done
  }
  Scenario big;
  REQUIRE(apply(big, "size", "128x128x64").ok());  // 2^20 nodes: the limit
  CHECK(estimate_memory(big).machine == 128LL * 128 * 64 * (5 + 32 + 200));
}

TEST_CASE("a 3D machine refuses 2D-only strategies (naming the 3D ones) and 2D-only routing rows (naming the 3D ones)") {
  Scenario s;
  REQUIRE(apply(s, "size", "4x4x4").ok());
  const Status ff = validate(s);
  REQUIRE_FALSE(ff.ok());
  CHECK(ff.error().message.find("'ff' is defined on 2D machines only") != std::string::npos);
  CHECK(ff.error().message.find("random") != std::string::npos);
  REQUIRE(apply(s, "strategy", "random").ok());
  CHECK(validate(s).ok());
  REQUIRE(apply(s, "pattern", "all-to-all").ok());
  CHECK(validate(s).ok());  // routing=auto: xyz on the 3D mesh
  REQUIRE(apply(s, "routing", "xy").ok());
  CHECK(validate(s).message() == "routing: 'xy' is not defined on the 3D mesh; allowed on the 3D mesh: auto, xyz");
  REQUIRE(apply(s, "topology", "torus").ok());
  REQUIRE(apply(s, "routing", "dateline").ok());
  CHECK(validate(s).message() ==
        "routing: 'dateline' is not defined on the 3D torus; allowed on the 3D torus: auto, dateline-xyz");
  REQUIRE(apply(s, "routing", "dateline-xyz").ok());
  CHECK(validate(s).ok());
  for (const StrategyInfo& si : strategies())
    if (si.dims != Dims::TwoAndThree) CHECK_FALSE(strategy_unsupported(si, s.topo()).empty());
}

TEST_CASE("a whole run on a 3D mesh and torus with the invariants checked after every event") {
  for (const char* topo : {"mesh", "torus"})
    CHECK(test::run_checked(std::string("size=6x5x4&topology=") + topo + "&strategy=random&jobs=300&check=1&arrival=poisson:0.05")
              .results()
              .jobs_completed == 300);
}

TEST_CASE("3D dispersal: mean pairwise distance against brute force (mesh and torus); a cube is compact") {
  Rng rng(77);
  for (int trial = 0; trial < 60; ++trial) {
    const int W = 2 + int(rng.below(6)), H = 2 + int(rng.below(6)), D = 2 + int(rng.below(6));  // sequenced
    const Topology t(trial % 2 ? TopologyKind::Torus : TopologyKind::Mesh, W, H, D);
    Allocation a;
    std::vector<Coord> nodes;
    for (int k = 0; k < 3; ++k) {
      const Block b{int(rng.below(std::uint64_t(t.width()))), int(rng.below(std::uint64_t(t.height()))), 1,
                    1 + int(rng.below(2)), int(rng.below(std::uint64_t(t.depth()))), 1 + int(rng.below(2))};
      if (!t.block_fits(b)) continue;
      a.blocks.push_back(b);
      t.for_each_node(b, [&](int x, int y, int z) { nodes.push_back({x, y, z}); });
    }
    long long sum = 0;
    for (std::size_t i = 0; i < nodes.size(); ++i)
      for (std::size_t j = i + 1; j < nodes.size(); ++j) sum += t.distance(nodes[i], nodes[j]);
    const double n = double(nodes.size());
    const double expect = nodes.size() < 2 ? 0 : double(sum) / (n * (n - 1) / 2);
    CHECK(mean_pairwise_distance(t, a) == doctest::Approx(expect));
  }
  // One box (the closed form unless it wraps so far that ring distances are shorter): exactly the
  // brute-force figure, on meshes and tori, boxes up to the whole machine.
  for (int trial = 0; trial < 200; ++trial) {
    const int W = 1 + int(rng.below(7)), H = 1 + int(rng.below(7)), D = 2 + int(rng.below(6));  // sequenced
    const Topology t(trial % 2 ? TopologyKind::Torus : TopologyKind::Mesh, W, H, D);
    const int w = 1 + int(rng.below(std::uint64_t(W))), h = 1 + int(rng.below(std::uint64_t(H))), d = 1 + int(rng.below(std::uint64_t(D)));
    const int x = int(rng.below(std::uint64_t(t.wraps() ? W : W - w + 1))), y = int(rng.below(std::uint64_t(t.wraps() ? H : H - h + 1)));
    const Block b{x, y, w, h, int(rng.below(std::uint64_t(t.wraps() ? D : D - d + 1))), d};
    std::vector<Coord> nodes;
    t.for_each_node(b, [&](int x, int y, int z) { nodes.push_back({x, y, z}); });
    long long sum = 0;
    for (std::size_t i = 0; i < nodes.size(); ++i)
      for (std::size_t j = i + 1; j < nodes.size(); ++j) sum += t.distance(nodes[i], nodes[j]);
    const double n = double(nodes.size());
    INFO((t.wraps() ? "torus " : "mesh "), W, "x", H, "x", D, " box ", b.x, ",", b.y, ",", b.z, " ", w, "x", h, "x", d);
    CHECK(mean_pairwise_distance(t, Allocation{{b}}) == (nodes.size() < 2 ? 0 : double(sum) / (n * (n - 1) / 2)));
  }
  const Topology cube(TopologyKind::Mesh, 8, 8, 8);
  CHECK(dispersal(cube, Allocation{{Block{1, 2, 3, 3, 4, 3}}}) == doctest::Approx(1.0));
  CHECK(dispersal(cube, Allocation{{Block{0, 0, 8, 1, 0, 1}, Block{0, 7, 8, 1, 7, 1}, Block{0, 0, 8, 1, 7, 1}, Block{0, 4, 3, 1, 3, 1}}}) > 1.5);
}

// The 3D free-box query as boxes.hpp defines it, one 2D free_bases_of per layer (computed once,
// when first needed) ANDed along z: the bases of every box and the words counted. BoxQuery runs
// its own pass code on meshes of one-word rows; its masks and counts must be these.
namespace {

struct LayerMasks {
  const Occupancy& occ;
  Shape s;
  Ops ops = 0;
  std::vector<BaseMask> m;
  std::vector<char> done;
  std::vector<std::uint64_t> scratch;
  LayerMasks(const Occupancy& o, Shape sh) : occ(o), s(sh), m(std::size_t(o.depth())), done(std::size_t(o.depth()), 0) {}
  const BaseMask& layer(int z) {
    if (!done[std::size_t(z)]) {
      const Topology& t = occ.topology();
      ops += free_bases_of(occ.free_row(0, z), Topology(t.kind(), t.width(), t.height()), s.w, s.h, m[std::size_t(z)], scratch);
      done[std::size_t(z)] = 1;
    }
    return m[std::size_t(z)];
  }
};

// First free box in node-id order, the way boxes.hpp describes it (stops at the first layer
// with a base; a layer's AND chain stops when nothing is left).
std::optional<Block> first_box_reference(const Occupancy& occ, Shape s, Ops& ops) {
  const Topology& t = occ.topology();
  if (s.w > t.width() || s.h > t.height() || s.d > t.depth()) return std::nullopt;
  LayerMasks L(occ, s);
  const int H = t.height(), D = t.depth(), wpr = (t.width() + 63) / 64;
  const std::size_t n = std::size_t(H) * std::size_t(wpr);
  for (int z = 0; z < (t.wraps() ? D : D - s.d + 1); ++z) {
    std::vector<std::uint64_t> o(L.layer(z).row(0), L.layer(z).row(0) + n);
    std::uint64_t any = 0;
    for (std::uint64_t w : o) any |= w;
    ops += Ops(n);
    for (int k = 1; k < s.d && any; ++k) {
      const BaseMask& l = L.layer((z + k) % D);
      any = 0;
      for (std::size_t i = 0; i < n; ++i) any |= o[i] &= l.row(0)[i];
      ops += Ops(n);
    }
    if (!any) continue;
    for (std::size_t i = 0; i < n; ++i)
      if (o[i]) {
        ops += L.ops + Ops(i) + 1;
        return Block{int(i % std::size_t(wpr)) * 64 + __builtin_ctzll(o[i]), int(i) / wpr, s.w, s.h, z, s.d};
      }
  }
  ops += L.ops;
  return std::nullopt;
}

// Random busy boxes on t, then six random shapes: BoxQuery's first box, base masks and counts
// against the reference's.
void check_box_query(const Topology& t, Rng& rng) {
  const int W = t.width(), H = t.height(), D = t.depth();
  const bool torus = t.wraps();
  Occupancy occ(t);
  const int boxes = int(rng.below(12));
  for (int i = 0; i < boxes; ++i) {  // busy boxes (skipped where they overlap)
    const Block b{int(rng.below(std::uint64_t(W))), int(rng.below(std::uint64_t(H))), 1 + int(rng.below(std::uint64_t((W + 1) / 2))),
                  1 + int(rng.below(std::uint64_t((H + 1) / 2))), int(rng.below(std::uint64_t(D))), 1 + int(rng.below(std::uint64_t(D)))};
    if (t.block_fits(b) && occ.block_free(b)) occ.assign(b, JobId(i));
  }
  BoxQuery q;
  for (int r = 0; r < 6; ++r) {
    const Shape s{1 + int(rng.below(std::uint64_t(W))), 1 + int(rng.below(std::uint64_t(H))), 1 + int(rng.below(std::uint64_t(D)))};
    Ops want = 0, got = 0;
    const auto a = first_box_reference(occ, s, want);
    const auto b = q.first_free_box(occ, s, got);
    INFO("W=", W, " H=", H, " D=", D, torus ? " torus" : " mesh", " shape ", s.w, "x", s.h, "x", s.d);
    REQUIRE(a.has_value() == b.has_value());
    if (a) CHECK(*a == *b);
    CHECK(got == want);
    // free_boxes: the AND of every layer chain, with its count
    BaseMask m;
    const Ops counted = q.free_boxes(occ, s, m);
    LayerMasks L(occ, s);
    Ops chain = 0;
    bool same = true;
    const bool fits = s.w <= W && s.h <= H && s.d <= D;
    for (int z = 0; fits && z < (torus ? D : D - s.d + 1); ++z) {
      const int wpr = (W + 63) / 64;
      std::vector<std::uint64_t> o(L.layer(z).row(0), L.layer(z).row(0) + std::size_t(H * wpr));
      chain += Ops(o.size());
      for (int k = 1; k < s.d; ++k) {
        std::uint64_t any = 0;
        for (std::size_t i = 0; i < o.size(); ++i) any |= o[i] &= L.layer((z + k) % D).row(0)[i];
        chain += Ops(o.size());
        if (!any) break;
      }
      for (std::size_t i = 0; i < o.size(); ++i) same = same && o[i] == m.row(z * H)[i];
    }
    CHECK(same);
    CHECK(counted == chain + L.ops);
  }
}

}  // namespace

TEST_CASE("3D free-box query: first fit and the base masks count the words of one free_bases_of per layer") {
  Rng rng(3030);
  for (int trial = 0; trial < 120; ++trial) {
    const bool torus = trial % 3 == 0;
    const int W = 1 + int(rng.below(trial % 2 ? 64 : 80)), H = 1 + int(rng.below(20)), D = 1 + int(rng.below(8));
    check_box_query(Topology(torus ? TopologyKind::Torus : TopologyKind::Mesh, W, H, D), rng);
  }
  // the machines whose layers BoxQuery packs with the height fixed at compile time (16 rows of 16
  // bits, 32 of 32), and rows of 16, 32 and 64 bits with other heights
  const int sizes[][3] = {{16, 16, 4}, {32, 32, 3}, {12, 16, 5}, {16, 16, 16}, {9, 7, 3}, {17, 23, 2}, {40, 5, 3}, {64, 9, 2}};
  for (int trial = 0; trial < 160; ++trial) {
    const int* d = sizes[trial % 8];
    check_box_query(Topology(TopologyKind::Mesh, d[0], d[1], d[2]), rng);
  }
}
