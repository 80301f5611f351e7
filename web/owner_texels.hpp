// owner_texels.hpp — the machine's owners as texels for the mesh canvas's dense view: one RGBA
// texel per node, a job's colour or the free colour, every layer of a 3D machine in one texture
// (LayerAtlas: layers side by side in a nearly square grid; a 2D machine is its W×H picture,
// texel row 0 = machine row H-1, the top of the screen). Kept up to date from the running jobs
// rather than the whole grid: an update paints the jobs that left since the last one free and
// the jobs that came in their colour — work in proportion to the nodes that changed, not to the
// machine — and says which texel rows changed, so that only those are uploaded. A pod's failed
// hosts (owner kFailedHost, painted with colour(kFailedHost)) go through the same tracking: a
// host that failed since the last update is painted in that colour, a repaired one free (before
// the jobs that came, which may hold its chips already). The whole grid is repainted from the
// owners on the first update, when the machine's size or the colours call for it, and whenever
// the painted busy count disagrees with the occupancy's (a node busy without a running job or a
// failed host, a restarted simulation): the texels always equal what the owners give. No ImGui
// and no GL here (the app core): tests/test_owner_texels.cpp checks the texels against the
// owners after every event of whole 2D and 3D runs, and of pods whose hosts fail and return.
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>
#include "simulation.hpp"

namespace alloclab::app {

// Where the layers of a W×H×D machine sit in one texture: `cols` layers side by side in each of
// `rows` bands (texels W·cols × H·rows), layer z in column z % cols of band z / cols, its row y
// at texel row H-1-y of the band (row 0 at the top, as on screen). Chosen nearly square (the
// fewest columns whose width reaches the height), so that a 32×32×32 machine is 192×192 texels
// rather than 32×1024; depth 1 is the machine's own W×H picture.
struct LayerAtlas {
  int W = 0, H = 0, D = 1, cols = 1, rows = 1;
  static LayerAtlas of(int W, int H, int D);
  int width() const { return W * cols; }
  int height() const { return H * rows; }
  int texel_x(int x, int z) const { return (z % cols) * W + x; }
  int texel_y(int y, int z) const { return (z / cols) * H + H - 1 - y; }
  bool operator==(const LayerAtlas&) const = default;
};

// The running jobs and a pod's failed hosts against those seen at the last look, all in id
// order: the jobs that left (or moved) and the jobs that came, the hosts repaired and the hosts
// failed since, found in work in proportion to the running jobs and failed hosts, not to the
// machine. OwnerTexels paints from it; the 3D view (orbit_canvas.hpp) rebuilds its boxes when it
// finds a change.
class RunningDiff {
 public:
  struct Seen {
    JobId id;
    std::vector<Block> blocks;
  };
  // Compares the running jobs and failed hosts with the ones seen. False, with nothing listed,
  // when their nodes are not the occupancy's busy count, now or when last remembered (a node busy
  // without a running job or a failed host; another simulation): the caller rebuilds from the
  // owners.
  bool compare(const Simulation& sim);
  bool changed() const { return !gone_.empty() || !came_.empty() || !repaired_.empty() || !failed_.empty(); }
  const std::vector<Seen>& seen() const { return seen_; }
  const std::vector<std::size_t>& gone() const { return gone_; }  // indices into seen()
  const std::vector<const JobRecord*>& came() const { return came_; }
  const std::vector<int>& repaired() const { return repaired_; }  // hosts seen failed, healthy now
  const std::vector<int>& failed() const { return failed_; }      // hosts failed now, not seen so
  // The running jobs and failed hosts become the ones seen.
  void remember(const Simulation& sim);

 private:
  std::vector<Seen> seen_;
  std::vector<int> seen_down_;           // the failed hosts seen, increasing
  bool unowned_ = false;                 // when remembered, busy nodes no running job or failed host held
  std::vector<std::size_t> gone_;        // seen_ entries no longer running as seen
  std::vector<const JobRecord*> came_;   // running jobs not seen yet
  std::vector<int> repaired_, failed_;   // hosts, increasing
};

class OwnerTexels {
 public:
  using Colour = std::uint32_t (*)(int job);
  struct Rows {
    int first = 0, count = 0;  // texel rows [first, first + count) changed
    bool whole = false;        // every texel was repainted (the texture may need reallocating)
  };
  // Brings the texels to the owners of every node of `sim`'s machine.
  Rows update(const Simulation& sim, std::uint32_t free_colour, Colour colour);
  const std::uint32_t* data() const { return pixels_.data(); }
  const LayerAtlas& atlas() const { return atlas_; }
  int width() const { return atlas_.width(); }  // texels
  int height() const { return atlas_.height(); }
  std::size_t repaints() const { return repaints_; }  // whole-grid repaints so far

 private:
  void repaint(const Simulation& sim);
  bool paint_changes(const Simulation& sim, Rows& rows);
  std::vector<std::uint32_t> pixels_;
  LayerAtlas atlas_;
  std::uint32_t free_ = 0;
  Colour colour_ = nullptr;
  RunningDiff painted_;                  // the running jobs the texels show
  std::size_t repaints_ = 0;
};

}  // namespace alloclab::app
