// gl_renderer.hpp — draws Dear ImGui's draw lists with WebGL2 (GLES 3.0) or desktop GL 3.0,
// without reading any GL state back.
//
// Why not ImGui's own OpenGL3 backend: before each frame it saves the GL state it is about to
// change (glGetIntegerv of the scissor box, the blend functions, the bound objects, ...) and
// restores it after. In a browser every such query that Chromium does not cache is a
// synchronous round trip to the GPU process, which first has to finish all earlier work —
// under a software GPU (SwiftShader) the previous frame's rasterization, 30–90 ms. The app
// owns the whole GL context, so there is nothing to save: this renderer sets every piece of
// state it relies on, every frame, and never asks for any (measured in headless Chromium at
// 128×128: submission 33 ms → well under 1 ms per frame).
//
// Per frame it makes as few WebGL calls as it can (each is a JS call, and the data a copy into
// Chromium's command buffer): every draw list's vertices and indices go into one buffer each
// (one upload per frame), consecutive commands with the same texture and clip rectangle are
// one draw, and scissor and texture are set only when they change. Solid fills (every vertex
// at the font atlas's white texel: window backgrounds, frames, the mesh cells) skip the
// texture fetch in the fragment shader: under a software GPU a textured fragment costs about
// twice a plain one, and most of the screen is solid fills.
#pragma once
#include <vector>
#include "imgui.h"

namespace alloclab::app {

class GlRenderer {
 public:
  // `glsl_version` is the shader header line: "#version 300 es" (WebGL2) or "#version 130".
  // Compiles the shaders and uploads the font atlas; false (and a message on stderr) on failure.
  bool init(const char* glsl_version);
  void shutdown();
  // Draws one frame's lists into the current framebuffer (viewport set by the caller's
  // framebuffer size in `data`).
  void render(const ImDrawData* data);

 private:
  unsigned program_ = 0, vao_ = 0, vbo_ = 0, ebo_ = 0, font_texture_ = 0;
  int loc_texture_ = -1, loc_projection_ = -1, loc_white_ = -1;
  std::vector<ImDrawVert> vertices_;  // the frame's lists, concatenated
  std::vector<ImDrawIdx> indices_;    // rebased to vertices_
};

}  // namespace alloclab::app
