// test_alloc_golden.cpp — golden decisions: every strategy's placements on fixed random states
// and under allocate/release churn, hashed (FNV-1a over every decision) and compared with the
// value its registry row records (StrategyInfo::golden, engine/alloc/registry.cpp: first from
// the implementations before the decision-time optimisations of mfa, qtree and
// Occupancy::free_bases). A speed-up must not change a single decision; a deliberate change of
// behaviour updates the row's value (the failure prints it), saying why in the commit. A new
// strategy fails here until its value is recorded.
//
// Debugging a mismatch: ALLOCLAB_GOLDEN_DUMP=dir writes each scenario's decision list to
// dir/<strategy>.<scenario>.txt, so the lists of an old and a new build can be diffed.
#include <doctest/doctest.h>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>
#include "alloc/occupancy.hpp"
#include "alloc/strategy.hpp"
#include "core/rng.hpp"

using namespace alloclab;

namespace {

struct Log {
  std::string text;
  void add(const std::optional<Allocation>& a) {
    if (!a) { text += "-\n"; return; }
    for (const Block& b : a->blocks) {
      char buf[64];
      if (b.d == 1 && b.z == 0) std::snprintf(buf, sizeof buf, "%d,%d,%d,%d;", b.x, b.y, b.w, b.h);
      else std::snprintf(buf, sizeof buf, "%d,%d,%d,%d,%d,%d;", b.x, b.y, b.z, b.w, b.h, b.d);
      text += buf;
    }
    text += '\n';
  }
};

std::uint64_t fnv1a(const std::string& s) {
  std::uint64_t h = 1469598103934665603ull;
  for (unsigned char c : s) h = (h ^ c) * 1099511628211ull;
  return h;
}

void dump(std::string_view id, const char* scenario, const std::string& text) {
  const char* dir = std::getenv("ALLOCLAB_GOLDEN_DUMP");
  if (!dir) return;
  const std::string path = std::string(dir) + "/" + std::string(id) + "." + scenario + ".txt";
  if (FILE* f = std::fopen(path.c_str(), "w")) {
    std::fwrite(text.data(), 1, text.size(), f);
    std::fclose(f);
  }
}

// A fixed busy state (random blocks, sides 1..L/8, reported through allocated()) and `n`
// requests (sides 1..maxreq) asked against it; decisions are not applied (as bench alloc).
std::string fixed_states(const StrategyInfo& si, TopologyKind kind, int W, int H, int n, int maxreq) {
  Log log;
  for (double target : {0.3, 0.5, 0.8}) {
    Rng rng(derive_seed(99, std::uint64_t(W * 1000 + H + int(target * 10))));
    const Topology t(kind, W, H);
    if (!strategy_unsupported(si, t).empty()) return "unsupported";
    Occupancy occ(t);
    auto st = si.make(t, StrategyParams{});
    const int maxs = std::max(1, std::min(W, H) / 8);
    JobId next = 0;
    for (int misses = 0; occ.busy_count() < target * W * H && misses < 20000;) {
      const Block b{int(rng.below(std::uint64_t(W))), int(rng.below(std::uint64_t(H))), 1 + int(rng.below(std::uint64_t(maxs))),
                    1 + int(rng.below(std::uint64_t(maxs)))};
      if (!occ.block_free(b)) { ++misses; continue; }
      occ.assign(b, next);
      st->allocated(next, Allocation{{b}});
      ++next;
    }
    for (int i = 0; i < n; ++i) {
      const Shape s{1 + int(rng.below(std::uint64_t(std::min(maxreq, W)))), 1 + int(rng.below(std::uint64_t(std::min(maxreq, H))))};
      Rng r2(std::uint64_t(i) + 1);
      log.add(st->allocate(Request{JobId(1 << 30), s}, occ, r2));
    }
  }
  return log.text;
}

// Allocate/release churn: decisions are applied, so one different decision changes the rest.
std::string churn(const StrategyInfo& si, TopologyKind kind, int W, int H, int steps, int max_side) {
  const Topology t(kind, W, H);
  if (!strategy_unsupported(si, t).empty()) return "unsupported";
  Occupancy occ(t);
  auto st = si.make(t, StrategyParams{});
  Rng rng(derive_seed(7, std::uint64_t(W * 1000 + H)));
  Log log;
  std::vector<std::pair<JobId, Allocation>> live;
  JobId next = 1;
  for (int i = 0; i < steps; ++i) {
    if (!live.empty() && rng.below(100) < 40) {
      const std::size_t k = std::size_t(rng.below(live.size()));
      occ.release(live[k].second, live[k].first);
      st->released(live[k].first, live[k].second);
      live.erase(live.begin() + std::ptrdiff_t(k));
      continue;
    }
    const Shape s{1 + int(rng.below(std::uint64_t(std::min(max_side, W)))), 1 + int(rng.below(std::uint64_t(std::min(max_side, H))))};
    Rng r2(std::uint64_t(i) + 1);
    auto a = st->allocate(Request{next, s}, occ, r2);
    log.add(a);
    if (!a) continue;
    occ.assign(*a, next);
    st->allocated(next, *a);
    live.emplace_back(next++, *a);
  }
  return log.text;
}

// The scenarios' decision lists joined (each dumped when asked), hashed by hash().
struct Parts {
  std::string_view id;
  std::string all;
  void operator()(const char* name, const std::string& text) {
    dump(id, name, text);
    all += name;
    all += '\n';
    all += text;
  }
  std::uint64_t hash() const { return fnv1a(all); }
};

std::uint64_t run_all(const StrategyInfo& si, bool large) {
  Parts part{si.id, {}};
  part("fixed-mesh-40x30", fixed_states(si, TopologyKind::Mesh, 40, 30, 60, 12));
  part("fixed-mesh-130x70", fixed_states(si, TopologyKind::Mesh, 130, 70, 40, 24));
  part("fixed-mesh-64x64", fixed_states(si, TopologyKind::Mesh, 64, 64, 60, 10));
  part("fixed-torus-37x29", fixed_states(si, TopologyKind::Torus, 37, 29, 60, 12));
  part("fixed-torus-70x66", fixed_states(si, TopologyKind::Torus, 70, 66, 30, 14));
  part("churn-mesh-40x30", churn(si, TopologyKind::Mesh, 40, 30, 1200, 10));
  part("churn-mesh-130x70", churn(si, TopologyKind::Mesh, 130, 70, 600, 24));
  part("churn-mesh-32x32", churn(si, TopologyKind::Mesh, 32, 32, 800, 9));
  part("churn-torus-37x29", churn(si, TopologyKind::Torus, 37, 29, 1000, 10));
  if (large) {
    part("fixed-mesh-256x256", fixed_states(si, TopologyKind::Mesh, 256, 256, 100, 32));
    part("churn-mesh-256x256", churn(si, TopologyKind::Mesh, 256, 256, 1500, 32));
    part("churn-mesh-200x150", churn(si, TopologyKind::Mesh, 200, 150, 1500, 40));
  }
  return part.hash();
}

// The 3D states and churns of the rows defined in 3D (golden3d): busy boxes, then box requests
// (fixed), or box requests and releases applied (churn), on meshes and tori.
std::string boxes(const StrategyInfo& si, TopologyKind kind, int W, int H, int D, int n, int maxreq, bool apply) {
  const Topology t(kind, W, H, D);
  Occupancy occ(t);
  auto st = si.make(t, StrategyParams{});
  Rng rng(derive_seed(2828, std::uint64_t((W * 1000 + H) * 1000 + D + (apply ? 1 : 0))));
  auto side = [&](int n, int cap) { return 1 + int(rng.below(std::uint64_t(std::min(n, cap)))); };
  Log log;
  JobId next = 0;
  std::vector<std::pair<JobId, Allocation>> live;
  if (!apply)
    for (int misses = 0; occ.busy_count() < 0.6 * t.nodes() && misses < 20000;) {
      const int x = int(rng.below(std::uint64_t(W))), y = int(rng.below(std::uint64_t(H))), z = int(rng.below(std::uint64_t(D)));
      const int w = side(W, 4), h = side(H, 4), d = side(D, 4);
      const Block b{x, y, w, h, z, d};
      if (!occ.block_free(b)) { ++misses; continue; }
      occ.assign(b, next);
      st->allocated(next++, Allocation{{b}});
    }
  for (int i = 0; i < n; ++i) {
    if (apply && !live.empty() && rng.below(100) < 40) {
      const std::size_t k = std::size_t(rng.below(live.size()));
      occ.release(live[k].second, live[k].first);
      st->released(live[k].first, live[k].second);
      live.erase(live.begin() + std::ptrdiff_t(k));
      continue;
    }
    const int w = side(W, maxreq), h = side(H, maxreq), d = side(D, maxreq);
    const Shape s{w, h, d};
    Rng r2(std::uint64_t(i) + 1);
    auto a = st->allocate(Request{next, s}, occ, r2);
    log.add(a);
    if (!apply || !a) continue;
    occ.assign(*a, next);
    st->allocated(next, *a);
    live.emplace_back(next++, *a);
  }
  return log.text;
}

std::uint64_t run_3d(const StrategyInfo& si) {
  Parts part{si.id, {}};
  part("fixed-mesh-12x10x8", boxes(si, TopologyKind::Mesh, 12, 10, 8, 60, 6, false));
  part("fixed-torus-9x11x7", boxes(si, TopologyKind::Torus, 9, 11, 7, 60, 6, false));
  part("fixed-mesh-70x6x5", boxes(si, TopologyKind::Mesh, 70, 6, 5, 40, 8, false));
  part("churn-mesh-16x16x16", boxes(si, TopologyKind::Mesh, 16, 16, 16, 600, 7, true));
  part("churn-torus-10x8x12", boxes(si, TopologyKind::Torus, 10, 8, 12, 600, 6, true));
  return part.hash();
}

// Strategies also checked on the large scenarios (the ones the optimisations target).
constexpr const char* kLarge[] = {"ff", "bf", "mfa", "qtree"};

}  // namespace

std::string hex(std::uint64_t h) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "0x%016llxull", (unsigned long long)h);
  return buf;
}

TEST_CASE("golden: every 3D strategy's decisions on 3D machines equal the recorded ones") {
  for (const StrategyInfo& si : strategies()) {
    if (si.dims != Dims::TwoAndThree) {
      CHECK_MESSAGE(si.golden3d == 0, si.id, ": a 2D-only or cube-pod row records no 3D decisions");
      continue;
    }
    const std::uint64_t h = run_3d(si);
    CHECK_MESSAGE(h == si.golden3d, "strategy ", std::string(si.id), ": its 3D decisions hash to ", hex(h),
                  " (the golden3d column of its row in engine/alloc/registry.cpp",
                  std::string(si.golden3d ? " records another value)" : " is not recorded yet)"));
  }
}

TEST_CASE("golden: every strategy's decisions equal the recorded ones") {
  for (const StrategyInfo& si : strategies()) {
    if (si.dims == Dims::CubePods) {  // refused on these machines; their decisions: test_pods_cube.cpp
      CHECK_MESSAGE(si.golden == 0, si.id, ": a cube-pod row records no decisions here");
      continue;
    }
    bool large = false;
    for (const char* l : kLarge) large = large || si.id == l;
    const std::uint64_t h = run_all(si, large);
    CHECK_MESSAGE(h == si.golden, "strategy ", std::string(si.id), ": its decisions hash to ", [&] {
      char buf[32];
      std::snprintf(buf, sizeof buf, "0x%016llxull", (unsigned long long)h);
      return std::string(buf);
    }(), " (the golden column of its row in engine/alloc/registry.cpp", std::string(si.golden ? " records another value)" : " is not recorded yet)"));
  }
}
