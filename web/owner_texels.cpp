// owner_texels.cpp — the owners as texels, painted from the running jobs (owner_texels.hpp).
#include "owner_texels.hpp"
#include <algorithm>
#include <iterator>

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

namespace {
const std::vector<int> kNoHosts;
const std::vector<int>& down_hosts(const Simulation& sim) { return sim.hosts() ? sim.hosts()->failed_list() : kNoHosts; }
long long failed_chips(const Simulation& sim) { return sim.hosts() ? sim.hosts()->failed_chips() : 0; }
}  // namespace

void RunningDiff::remember(const Simulation& sim) {
  seen_.clear();
  long long busy = failed_chips(sim);
  for (const auto& [id, rec] : sim.running()) {
    seen_.push_back(Seen{id, rec.alloc.blocks});
    for (const Block& b : rec.alloc.blocks) busy += b.area();
  }
  seen_down_ = down_hosts(sim);
  unowned_ = busy != sim.occupancy().busy_count();
  gone_.clear();
  came_.clear();
  repaired_.clear();
  failed_.clear();
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
  // the failed hosts: both lists increasing
  repaired_.clear();
  failed_.clear();
  const std::vector<int>& down = down_hosts(sim);
  std::set_difference(seen_down_.begin(), seen_down_.end(), down.begin(), down.end(), std::back_inserter(repaired_));
  std::set_difference(down.begin(), down.end(), seen_down_.begin(), seen_down_.end(), std::back_inserter(failed_));
  busy += failed_chips(sim);
  if (busy == sim.occupancy().busy_count() && !unowned_) return true;
  gone_.clear();
  came_.clear();
  repaired_.clear();
  failed_.clear();
  return false;
}

// The jobs that left (or moved) and the hosts repaired painted free first, then the hosts that
// failed in the failed colour and the jobs that came in theirs (a node a leaving job or a repaired
// host held may now be a new job's). False, with nothing painted, when the running jobs' and
// failed hosts' nodes are not the occupancy's busy count: the caller repaints.
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
  auto host = [&](int h) { return std::vector<Block>{sim.hosts()->block(h)}; };
  for (std::size_t k : painted_.gone()) paint(painted_.seen()[k].blocks, free_);
  for (int h : painted_.repaired()) paint(host(h), free_);
  for (int h : painted_.failed()) paint(host(h), colour_(kFailedHost));
  for (const JobRecord* rec : painted_.came()) paint(rec->alloc.blocks, colour_(rec->id));
  if (hi >= lo) rows = Rows{lo, hi - lo + 1, false};
  if (painted_.changed()) painted_.remember(sim);
  return true;
}

}  // namespace alloclab::app
