// test_machine_layout.cpp — where the page draws a 3D machine (web/machine_layout.hpp): the
// layers view shows every layer once, labelled z = k, tiles apart and inside the plane, cells
// at least kMinLayerCell pixels (else a page of layers), and every plane point of a tile names
// its node; the cube view draws each cube's layers together and every chip of a pod once.
#include <doctest/doctest.h>
#include <cmath>
#include <set>
#include <string>
#include <tuple>
#include "machine_layout.hpp"

using namespace alloclab::app;

namespace {
// Every node of the tiles once, tiles inside the plane and apart, locate() inverse of the
// placement; returns the nodes covered.
std::size_t check_tiles(const MachineLayout& L) {
  std::set<std::tuple<int, int, int>> nodes;
  for (std::size_t i = 0; i < L.tiles.size(); ++i) {
    const LayoutTile& t = L.tiles[i];
    CHECK(t.px >= 0);
    CHECK(t.py >= 0);
    CHECK(t.px + float(t.w) <= L.width + 1e-3f);
    CHECK(t.py + float(t.h) <= L.height + 1e-3f);
    for (std::size_t j = 0; j < i; ++j) {
      const LayoutTile& u = L.tiles[j];
      const bool apart = t.px >= u.px + float(u.w) || u.px >= t.px + float(t.w) || t.py >= u.py + float(u.h) || u.py >= t.py + float(t.h);
      CHECK(apart);
    }
    for (int y = t.y0; y < t.y0 + t.h; ++y)
      for (int x = t.x0; x < t.x0 + t.w; ++x) {
        CHECK(nodes.insert({x, y, t.z}).second);
        int lx = -1, ly = -1;
        const LayoutTile* at = L.locate(t.node_px(x) + 0.5f, t.node_py(y) + 0.5f, lx, ly);
        REQUIRE(at == &t);
        CHECK(lx == x);
        CHECK(ly == y);
      }
  }
  return nodes.size();
}
}  // namespace

TEST_CASE("machine layout: the layers of a 3D machine side by side, legible or paged") {
  const LayoutStyle st;
  // 16x16x16 at the Mesh window's size on a 1280x800 page: all 16 layers, cells >= 4 px
  const MachineLayout all = layers_layout(16, 16, 16, 540, 340, st, 0);
  CHECK(all.count == 16);
  CHECK(all.tiles.size() == 16);
  CHECK(all.cell >= kMinLayerCell);
  CHECK(check_tiles(all) == 16u * 16 * 16);
  REQUIRE(all.labels.size() == 16);
  CHECK(all.labels[3].text == "z = 3");
  CHECK(all.width * all.cell <= 540 + 0.5f);
  CHECK(all.height * all.cell <= 340 + 0.5f);
  // a gap between tiles is not a node
  int x = -1, y = -1;
  CHECK(all.locate(all.tiles[0].px + 16.0f + 0.5f * (st.gap / all.cell), all.tiles[0].py + 1, x, y) == nullptr);
  // 32x32x32 there: all layers would be specks (< 4 px), so a page of them
  const MachineLayout page = layers_layout(32, 32, 32, 540, 340, st, 0);
  CHECK(page.count < 32);
  CHECK(page.count >= 4);
  CHECK(page.cell >= kMinLayerCell);
  CHECK(layers_layout(32, 32, 32, 540, 340, st, 0, 32).cell < kMinLayerCell);  // why: all of them
  CHECK(layers_layout(32, 32, 32, 540, 340, st, 0, page.count + 1).cell < kMinLayerCell);  // the most that stay legible
  const MachineLayout last = layers_layout(32, 32, 32, 540, 340, st, 32 - 3);
  CHECK(last.first == 29);
  CHECK(last.count == 3);
  CHECK(check_tiles(last) == 3u * 32 * 32);
  // a phone (390x844 page: a tall canvas): 8x8x4 uses the height
  const MachineLayout phone = layers_layout(8, 8, 4, 370, 420, st, 0);
  CHECK(phone.count == 4);
  CHECK(phone.cell > 20);
  // a machine of one layer larger than the canvas still shows that layer
  CHECK(layers_layout(1024, 1024, 2, 300, 200, st, 0).count == 1);
}

TEST_CASE("machine layout: a cube pod as its cubes, each cube's layers together") {
  const LayoutStyle st;
  for (const auto& [cx, cy, cz] : {std::tuple{4, 4, 4}, std::tuple{4, 5, 7}}) {
    const int cubes_x = cx, cubes_y = cy, cubes_z = cz;
    CAPTURE(cubes_x);
    CAPTURE(cubes_y);
    CAPTURE(cubes_z);
    const MachineLayout L = cubes_layout(cubes_x, cubes_y, cubes_z, 4, 540, 340, st);
    CHECK(L.cubes);
    CHECK(L.tiles.size() == std::size_t(cubes_x * cubes_y * cubes_z * 4));
    CHECK(check_tiles(L) == std::size_t(cubes_x * cubes_y * cubes_z * 64));
    CHECK(L.labels.size() == std::size_t(cubes_z));
    CHECK(L.width * L.cell <= 540 + 0.5f);
    CHECK(L.height * L.cell <= 340 + 0.5f);
    // a cube's four layers are consecutive tiles, closer to each other than to another cube
    for (std::size_t i = 0; i + 4 <= L.tiles.size(); i += 4) {
      const LayoutTile& a = L.tiles[i];
      for (int k = 1; k < 4; ++k) {
        const LayoutTile& b = L.tiles[i + std::size_t(k)];
        CHECK((b.x0 == a.x0 && b.y0 == a.y0 && b.z == a.z + k));
        CHECK(std::abs(b.px - a.px) + std::abs(b.py - a.py) < 10.0f);
      }
    }
  }
}
