// owner_texels.cpp — the owners as texels, painted from the running jobs (owner_texels.hpp).
#include "owner_texels.hpp"
#include <algorithm>

namespace alloclab::app {

LayerAtlas LayerAtlas::of(int W, int H, int D) {
  LayerAtlas a{.W = W, .H = H, .D = D};
  while (a.cols < D && W * a.cols < H * ((D + a.cols - 1) / a.cols)) ++a.cols;
  a.rows = (D + a.cols - 1) / a.cols;
  return a;
}

OwnerTexels::Rows OwnerTexels::update(const Simulation& sim, std::uint32_t free_colour, Colour colour) {
  const Occupancy& occ = sim.occupancy();
  Rows rows;
  const LayerAtlas atlas = LayerAtlas::of(occ.width(), occ.height(), occ.depth());
  const bool restyle = atlas != atlas_ || free_colour != free_ || colour != colour_;
  if (restyle || !paint_changes(sim, rows)) {
    atlas_ = atlas;
    free_ = free_colour;
    colour_ = colour;
    repaint(sim);
    rows = Rows{0, atlas_.height(), true};
  }
  return rows;
}

// Every texel from the owners; the painted jobs become the running ones.
void OwnerTexels::repaint(const Simulation& sim) {
  const Occupancy& occ = sim.occupancy();
  const LayerAtlas& a = atlas_;
  pixels_.assign(std::size_t(a.width()) * std::size_t(a.height()), free_);  // unused atlas cells stay free-coloured
  for (int z = 0; z < a.D; ++z)
    for (int y = 0; y < a.H; ++y) {
      std::uint32_t* row = pixels_.data() + std::size_t(a.texel_y(y, z)) * std::size_t(a.width()) + std::size_t(a.texel_x(0, z));
      JobId last = kNoJob;  // (every owner but a job is painted through colour_: kFailedHost too)
      std::uint32_t col = free_;
      for (int x = 0; x < a.W; ++x) {
        const JobId o = occ.owner(x, y, z);
        if (o != last) { col = o == kNoJob ? free_ : colour_(o); last = o; }
        row[x] = col;
      }
    }
  painted_.remember(sim);
  ++repaints_;
}

void RunningDiff::remember(const Simulation& sim) {
  seen_.clear();
  long long busy = 0;
  for (const auto& [id, rec] : sim.running()) {
    seen_.push_back(Seen{id, rec.alloc.blocks});
    for (const Block& b : rec.alloc.blocks) busy += b.area();
  }
  unowned_ = busy != sim.occupancy().busy_count();
  gone_.clear();
  came_.clear();
}

bool RunningDiff::compare(const Simulation& sim) {
  const auto& running = sim.running();
  gone_.clear();
  came_.clear();
  long long busy = 0;
  auto p = seen_.begin();
  for (const auto& [id, rec] : running) {
    for (; p != seen_.end() && p->id < id; ++p) gone_.push_back(std::size_t(p - seen_.begin()));
    if (p != seen_.end() && p->id == id && p->blocks == rec.alloc.blocks) {
      ++p;
    } else {
      if (p != seen_.end() && p->id == id) gone_.push_back(std::size_t(p++ - seen_.begin()));
      came_.push_back(&rec);
    }
    for (const Block& b : rec.alloc.blocks) busy += b.area();
  }
  for (; p != seen_.end(); ++p) gone_.push_back(std::size_t(p - seen_.begin()));
  if (busy == sim.occupancy().busy_count() && !unowned_) return true;
  gone_.clear();
  came_.clear();
  return false;
}

// The jobs that left (or moved) painted free first, then the jobs that came in their colour (a
// node a leaving job held may now be a new job's). False, with nothing painted, when the running
// jobs' nodes are not the occupancy's busy count or the last paint showed nodes no job held
// (failed hosts): the caller repaints.
bool OwnerTexels::paint_changes(const Simulation& sim, Rows& rows) {
  if (!painted_.compare(sim)) return false;
  const LayerAtlas& a = atlas_;
  int lo = a.height(), hi = -1;  // texel rows touched
  auto paint = [&](const std::vector<Block>& blocks, std::uint32_t col) {
    for (const Block& b : blocks)
      for (int k = 0; k < b.d; ++k) {
        const int z = (b.z + k) % a.D;  // a torus block wraps in every dimension
        for (int j = 0; j < b.h; ++j) {
          const int row = a.texel_y((b.y + j) % a.H, z);
          lo = std::min(lo, row);
          hi = std::max(hi, row);
          std::uint32_t* r = pixels_.data() + std::size_t(row) * std::size_t(a.width()) + std::size_t(a.texel_x(0, z));
          for (int i = 0; i < b.w; ++i) r[(b.x + i) % a.W] = col;
        }
      }
  };
  for (std::size_t k : painted_.gone()) paint(painted_.seen()[k].blocks, free_);
  for (const JobRecord* rec : painted_.came()) paint(rec->alloc.blocks, colour_(rec->id));
  if (hi >= lo) rows = Rows{lo, hi - lo + 1, false};
  if (painted_.changed()) painted_.remember(sim);
  return true;
}

}  // namespace alloclab::app
