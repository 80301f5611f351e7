// gl_texture.hpp — an RGBA texture the canvases refill from CPU pixels (the occupancy grid of a
// dense machine, the traffic heat map): created on the first upload, reallocated when the size
// changes, otherwise updated in place. Owns its GL name; release() while the context is current.
#pragma once
#include <cstdint>
#include "imgui.h"

namespace alloclab::app {

class RgbaTexture {
 public:
  // Uploads w × h pixels (ImU32 = RGBA in memory, row 0 at the top).
  void upload(const std::uint32_t* pixels, int w, int h);
  // Updates texture rows [y0, y0 + rows) of an uploaded texture from the same full-size pixel
  // array (only those rows are read and sent).
  void upload_rows(const std::uint32_t* pixels, int y0, int rows);
  // Linear or nearest filtering; touches GL only when it changes.
  void set_linear(bool linear);
  bool ready() const { return name_ != 0; }
  int width() const { return w_; }
  int height() const { return h_; }
  ImTextureID id() const { return reinterpret_cast<ImTextureID>(static_cast<std::intptr_t>(name_)); }
  void release();

 private:
  unsigned name_ = 0;
  int w_ = 0, h_ = 0;
  bool linear_ = false;
};

}  // namespace alloclab::app
