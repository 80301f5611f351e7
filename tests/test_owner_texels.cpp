// test_owner_texels.cpp — the mesh canvas's dense view (web/owner_texels.hpp) painted from the
// jobs that came and left: after every event of whole runs (mesh and torus, contiguous and
// non-contiguous strategies, a network pattern) the texels equal the owners, repainted from
// scratch only once; the changed rows cover every texel that changed; a different colouring
// or a 3D machine repaints.
#include <doctest/doctest.h>
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

// The texels as a repaint from the owners gives them (layer z = 0, texel row 0 = machine row H-1).
std::vector<std::uint32_t> from_owners(const Simulation& sim, OwnerTexels::Colour colour) {
  const Occupancy& occ = sim.occupancy();
  std::vector<std::uint32_t> px;
  for (int y = occ.height() - 1; y >= 0; --y)
    for (int x = 0; x < occ.width(); ++x) {
      const JobId o = occ.owner(x, y);
      px.push_back(o == kNoJob ? kFreeTexel : colour(o));
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
                                 "size=12x12&strategy=pald-ff&jobs=40&pattern=one-to-all&arrival=poisson:0.01"}) {
    CAPTURE(link);
    Simulation sim = make(link);
    OwnerTexels t;
    std::vector<std::uint32_t> before = from_owners(sim, colour_a);
    const OwnerTexels::Rows first = t.update(sim, kFreeTexel, colour_a);
    CHECK(first.whole);
    long long events = 0, changed_events = 0, rows_uploaded = 0;
    while (sim.step()) {
      ++events;
      const OwnerTexels::Rows r = t.update(sim, kFreeTexel, colour_a);
      const std::vector<std::uint32_t> now = from_owners(sim, colour_a);
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
    CHECK(changed_events >= 40);  // at least one change per job of the smallest run
    CHECK(t.repaints() == 1);  // the first update only: every later one painted the changes
    // fewer rows uploaded than a whole texture per changed event
    CHECK(rows_uploaded < changed_events * t.height());
  }
}

TEST_CASE("owner texels: another colouring, another machine or a 3D machine repaints from the owners") {
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
  OwnerTexels t3;
  t3.update(cube, kFreeTexel, colour_a);
  for (int i = 0; i < 30; ++i) {
    REQUIRE(cube.step());
    CHECK(t3.update(cube, kFreeTexel, colour_a).whole);
    CHECK(std::vector<std::uint32_t>(t3.data(), t3.data() + 64) == from_owners(cube, colour_a));
  }
}
