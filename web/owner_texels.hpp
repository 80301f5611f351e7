// owner_texels.hpp — the machine's owners as texels for the mesh canvas's dense view: one RGBA
// texel per node of layer z = 0 (texel row 0 = machine row H-1, the top of the screen), a job's
// colour or the free colour. Kept up to date from the running jobs rather than the whole grid:
// an update paints the jobs that left since the last one free and the jobs that came in their
// colour — work in proportion to the nodes that changed, not to the machine — and says which
// rows changed, so that only those are uploaded. The whole grid is repainted from the owners on
// the first update, when the machine's size, the colours or the depth (a 3D machine: layer 0 is
// drawn from the owners) call for it, and whenever the painted busy count disagrees with the
// occupancy's (a node busy without a running job, a restarted simulation): the texels always
// equal what the owners give. No ImGui and no GL here (the app core): tests/test_owner_texels.cpp
// checks the texels against the owners after every event of whole runs.
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>
#include "simulation.hpp"

namespace alloclab::app {

class OwnerTexels {
 public:
  using Colour = std::uint32_t (*)(int job);
  struct Rows {
    int first = 0, count = 0;  // texel rows [first, first + count) changed
    bool whole = false;        // every texel was repainted (the texture may need reallocating)
  };
  // Brings the texels to the owners of `sim`'s layer z = 0.
  Rows update(const Simulation& sim, std::uint32_t free_colour, Colour colour);
  const std::uint32_t* data() const { return pixels_.data(); }
  int width() const { return w_; }
  int height() const { return h_; }
  std::size_t repaints() const { return repaints_; }  // whole-grid repaints so far

 private:
  void repaint(const Simulation& sim);
  bool paint_changes(const Simulation& sim, Rows& rows);
  void remember(const Simulation& sim);
  struct Painted {
    JobId id;
    std::vector<Block> blocks;
  };
  std::vector<std::uint32_t> pixels_;
  int w_ = 0, h_ = 0;
  std::uint32_t free_ = 0;
  Colour colour_ = nullptr;
  std::vector<Painted> painted_;         // the running jobs the texels show, in id order
  std::vector<std::size_t> gone_;        // scratch: painted_ entries no longer running as painted
  std::vector<const JobRecord*> came_;   // scratch: running jobs not painted yet
  std::size_t repaints_ = 0;
};

}  // namespace alloclab::app
