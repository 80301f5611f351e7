// test_owner_texels.cpp — the mesh canvas's dense view (web/owner_texels.hpp) painted from the
// jobs that came and left: after every event of whole runs (mesh and torus, contiguous and
// non-contiguous strategies, a network pattern, 3D meshes and tori, a cube pod with switches, pods
// whose hosts fail and return) the texels equal the owners, repainted from scratch only once; the changed rows cover every texel
// that changed; a different colouring or another machine repaints. The layer atlas places every
// node of a 3D machine at its own texel.
#include <doctest/doctest.h>
#include <algorithm>
#include <array>
#include <cmath>
#include <string>
#include <vector>
#include "owner_texels.hpp"
#include "scenario/scenario.hpp"
#include "simulation.hpp"

using namespace alloclab;
using app::OwnerTexels;

namespace {
constexpr std::uint32_t kFreeTexel = 0x11223344u;
std::uint32_t colour_a(int job) { return 0xFF000000u | std::uint32_t(job + 1); }
std::uint32_t colour_b(int job) { return 0xFE000000u | std::uint32_t(job + 7); }

// The texels as the owners give them: layer z at column z % cols, band z / cols of the atlas
// (texel row 0 of a band = machine row H-1); atlas cells without a layer free.
std::vector<std::uint32_t> from_owners(const Simulation& sim, OwnerTexels::Colour colour, int cols = 1) {
  const Occupancy& occ = sim.occupancy();
  const int W = occ.width(), H = occ.height(), D = occ.depth(), rows = (D + cols - 1) / cols;
  std::vector<std::uint32_t> px(std::size_t(W * cols) * std::size_t(H * rows), kFreeTexel);
  for (int z = 0; z < D; ++z)
    for (int y = 0; y < H; ++y)
      for (int x = 0; x < W; ++x) {
        const JobId o = occ.owner(x, y, z);
        px[std::size_t((z / cols) * H + H - 1 - y) * std::size_t(W * cols) + std::size_t((z % cols) * W + x)] =
            o == kNoJob ? kFreeTexel : colour(o);
      }
  return px;
}

Simulation make(const std::string& link) {
  auto s = parse_link(link);
  REQUIRE_MESSAGE(s, (s ? "" : s.error().message));
  auto sim = Simulation::create(*s, 0);
  REQUIRE_MESSAGE(sim, (sim ? "" : sim.error().message));
  return std::move(*sim);
}
}  // namespace

TEST_CASE("owner texels: painted from the jobs that came and left, equal to the owners after every event") {
  for (const std::string link : {"size=24x16&strategy=ff&jobs=250&arrival=poisson:0.08",
                                 "size=20x12&topology=torus&strategy=iblat&jobs=250&arrival=poisson:0.08",
                                 "size=16x16&strategy=mbs&jobs=250&arrival=poisson:0.1",
                                 "size=12x12&strategy=pald-ff&jobs=40&pattern=one-to-all&arrival=poisson:0.01",
                                 "size=8x8x4&strategy=ff3d&jobs=200&arrival=poisson:0.1",
                                 "size=6x5x7&topology=torus&strategy=pald3d&jobs=200&arrival=poisson:0.2",
                                 "size=6x6x3&topology=torus&strategy=mbs3d&jobs=60&pattern=near-neighbor&arrival=poisson:0.01",
                                 "machine=tpu-v4&strategy=cube-pack&jobs=200",
                                 "machine=tpu-v5e&strategy=pod-bf&jobs=200&host_mtbf=1500&host_repair=exponential:30",
                                 "machine=tpu-v4&strategy=cube-ff&ocs=off&jobs=200&host_mtbf=20000&host_repair=exponential:30"}) {
    CAPTURE(link);
    Simulation sim = make(link);
    OwnerTexels t;
    const OwnerTexels::Rows first = t.update(sim, kFreeTexel, colour_a);
    const int cols = t.atlas().cols;
    std::vector<std::uint32_t> before = from_owners(sim, colour_a, cols);
    CHECK(first.whole);
    long long events = 0, changed_events = 0, rows_uploaded = 0;
    while (sim.step()) {
      ++events;
      const OwnerTexels::Rows r = t.update(sim, kFreeTexel, colour_a);
      const std::vector<std::uint32_t> now = from_owners(sim, colour_a, cols);
      REQUIRE(t.width() * t.height() == int(now.size()));
      const std::vector<std::uint32_t> got(t.data(), t.data() + now.size());
      REQUIRE(got == now);
      // every texel that changed lies in the rows the update reported
      int outside = 0;
      for (std::size_t i = 0; i < now.size(); ++i)
        if (now[i] != before[i] && !r.whole && (int(i) / t.width() < r.first || int(i) / t.width() >= r.first + r.count)) ++outside;
      REQUIRE(outside == 0);
      if (now != before) ++changed_events;
      rows_uploaded += r.count;
      before = now;
    }
    CHECK(sim.status().ok());
    if (sim.scenario().host_mtbf > 0) CHECK(sim.hosts()->changes() >= 6);  // failures and repairs among the changes
    CHECK(changed_events >= 40);  // at least one change per job of the smallest run
    CHECK(t.repaints() == 1);  // the first update only: every later one painted the changes
    // fewer rows uploaded than a whole texture per changed event
    CHECK(rows_uploaded < changed_events * t.height());
  }
}

TEST_CASE("owner texels: the layer atlas is nearly square and holds every layer once") {
  for (const std::array<int, 3>& size : {std::array{16, 16, 1}, std::array{12, 8, 1}, std::array{16, 16, 16}, std::array{32, 32, 32},
                                         std::array{16, 20, 28}, std::array{4, 64, 3}, std::array{1, 1, 1024}}) {
    const int W = size[0], H = size[1], D = size[2];
    const app::LayerAtlas a = app::LayerAtlas::of(W, H, D);
    CAPTURE(W);
    CAPTURE(H);
    CAPTURE(D);
    CHECK(a.cols * a.rows >= D);
    CHECK(a.cols * (a.rows - 1) < D);  // no empty band
    if (D == 1) CHECK((a.width() == W && a.height() == H));
    CHECK(std::max(a.width(), a.height()) <= 2 * std::max({W, H, int(std::ceil(std::sqrt(double(W) * H * D)))}));
    std::vector<char> seen(std::size_t(a.width()) * std::size_t(a.height()), 0);
    int twice = 0;
    for (int z = 0; z < D; ++z)
      for (int y = 0; y < H; ++y)
        for (int x = 0; x < W; ++x) twice += seen[std::size_t(a.texel_y(y, z)) * std::size_t(a.width()) + std::size_t(a.texel_x(x, z))]++;
    CHECK(twice == 0);
  }
  CHECK(app::LayerAtlas::of(32, 32, 32).width() == 192);  // 6 x 6 layers, not a 32 x 1024 strip
}

TEST_CASE("owner texels: another colouring or another machine repaints from the owners") {
  Simulation sim = make("size=16x16&strategy=ff&jobs=60&arrival=poisson:0.1");
  OwnerTexels t;
  for (int i = 0; i < 40; ++i) REQUIRE(sim.step());
  t.update(sim, kFreeTexel, colour_a);
  const OwnerTexels::Rows r = t.update(sim, kFreeTexel, colour_b);
  CHECK(r.whole);
  CHECK(t.repaints() == 2);
  CHECK(std::vector<std::uint32_t>(t.data(), t.data() + 256) == from_owners(sim, colour_b));
  Simulation other = make("size=12x8&strategy=bf&jobs=60&arrival=poisson:0.1");
  for (int i = 0; i < 30; ++i) REQUIRE(other.step());
  CHECK(t.update(other, kFreeTexel, colour_b).whole);
  CHECK(std::vector<std::uint32_t>(t.data(), t.data() + 96) == from_owners(other, colour_b));
  Simulation cube = make("size=8x8x4&strategy=ff3d&jobs=60&arrival=poisson:0.1");
  for (int i = 0; i < 30; ++i) REQUIRE(cube.step());
  CHECK(t.update(cube, kFreeTexel, colour_b).whole);
  CHECK(std::vector<std::uint32_t>(t.data(), t.data() + 256) == from_owners(cube, colour_b, t.atlas().cols));
}

TEST_CASE("owner texels: a failed host's chips take the colouring's colour of kFailedHost, from a row's first texel on; repaired, free again") {
  // host 0 of a v5e pod is chips (0..1, 0..3): the first texels of four rows
  Simulation sim = make("machine=tpu-v5e&strategy=pod-ff&jobs=80&arrival=poisson:0.2&service=exponential:20");
  REQUIRE(sim.fail_host(0, 0, 60));
  REQUIRE(sim.fail_host(5, 10, 30));  // chips (10..11, 0..3): inside rows, in a later event
  OwnerTexels t;
  int compared = 0, with_failed = 0;
  for (int i = 0; i < 300 && sim.step(); ++i) {
    t.update(sim, kFreeTexel, colour_a);
    const std::vector<std::uint32_t> want = from_owners(sim, colour_a);
    REQUIRE(std::vector<std::uint32_t>(t.data(), t.data() + 256) == want);
    ++compared;
    if (sim.hosts()->failed(0)) {
      ++with_failed;
      for (int y = 0; y < 4; ++y)
        for (int x = 0; x < 2; ++x) CHECK(t.data()[std::size_t(15 - y) * 16 + std::size_t(x)] == colour_a(kFailedHost));
    }
  }
  CHECK(compared > 100);
  CHECK(with_failed > 10);
  CHECK(!sim.hosts()->failed(0));  // repaired at 60: its chips free or a job's again
  CHECK(t.repaints() == 1);        // failures and repairs painted as changes, never the whole grid again
}
