// owner_texels.cpp — the owners as texels, painted from the running jobs (owner_texels.hpp).
#include "owner_texels.hpp"
#include <algorithm>

namespace alloclab::app {

OwnerTexels::Rows OwnerTexels::update(const Simulation& sim, std::uint32_t free_colour, Colour colour) {
  const Occupancy& occ = sim.occupancy();
  Rows rows;
  const bool restyle = occ.width() != w_ || occ.height() != h_ || free_colour != free_ || colour != colour_;
  if (restyle || occ.topology().depth() > 1 || !paint_changes(sim, rows)) {
    w_ = occ.width();
    h_ = occ.height();
    free_ = free_colour;
    colour_ = colour;
    repaint(sim);
    rows = Rows{0, h_, true};
  }
  return rows;
}

// Every texel from the owners; the painted jobs become the running ones.
void OwnerTexels::repaint(const Simulation& sim) {
  const Occupancy& occ = sim.occupancy();
  pixels_.resize(std::size_t(w_) * std::size_t(h_));
  for (int y = 0; y < h_; ++y) {
    std::uint32_t* row = pixels_.data() + std::size_t(h_ - 1 - y) * std::size_t(w_);
    JobId last = -2;
    std::uint32_t col = 0;
    for (int x = 0; x < w_; ++x) {
      const JobId o = occ.owner(x, y);
      if (o != last) { col = o == kNoJob ? free_ : colour_(o); last = o; }
      row[x] = col;
    }
  }
  remember(sim);
  ++repaints_;
}

void OwnerTexels::remember(const Simulation& sim) {
  painted_.clear();
  for (const auto& [id, rec] : sim.running()) painted_.push_back(Painted{id, rec.alloc.blocks});
}

// The running jobs against the painted ones, both in id order: the jobs that left (or moved) are
// painted free first, then the jobs that came in their colour (a node a leaving job held may now
// be a new job's). False, with nothing painted, when the running jobs' nodes are not the
// occupancy's busy count: the caller repaints.
bool OwnerTexels::paint_changes(const Simulation& sim, Rows& rows) {
  const auto& running = sim.running();
  gone_.clear();
  came_.clear();
  long long busy = 0;
  auto p = painted_.begin();
  for (const auto& [id, rec] : running) {
    for (; p != painted_.end() && p->id < id; ++p) gone_.push_back(std::size_t(p - painted_.begin()));
    if (p != painted_.end() && p->id == id && p->blocks == rec.alloc.blocks) {
      ++p;
    } else {
      if (p != painted_.end() && p->id == id) gone_.push_back(std::size_t(p++ - painted_.begin()));
      came_.push_back(&rec);
    }
    for (const Block& b : rec.alloc.blocks) busy += b.area();
  }
  for (; p != painted_.end(); ++p) gone_.push_back(std::size_t(p - painted_.begin()));
  if (busy != sim.occupancy().busy_count()) return false;
  int lo = h_, hi = -1;  // texel rows touched
  auto paint = [&](const std::vector<Block>& blocks, std::uint32_t col) {
    for (const Block& b : blocks)
      for (int j = 0; j < b.h; ++j) {
        const int row = h_ - 1 - (b.y + j) % h_;  // a torus block wraps
        lo = std::min(lo, row);
        hi = std::max(hi, row);
        std::uint32_t* r = pixels_.data() + std::size_t(row) * std::size_t(w_);
        for (int i = 0; i < b.w; ++i) r[(b.x + i) % w_] = col;
      }
  };
  for (std::size_t k : gone_) paint(painted_[k].blocks, free_);
  for (const JobRecord* rec : came_) paint(rec->alloc.blocks, colour_(rec->id));
  if (hi >= lo) rows = Rows{lo, hi - lo + 1, false};
  if (!gone_.empty() || !came_.empty()) remember(sim);
  return true;
}

}  // namespace alloclab::app
