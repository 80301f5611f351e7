// gl_renderer.cpp — see gl_renderer.hpp. One program (position, uv, colour; an orthographic
// projection of ImGui's display rectangle), one vertex array with a vertex and an index buffer
// refilled once per frame with all draw lists, scissor rectangles per run of commands.
// ImDrawIdx is 32-bit in this build (web/app.cmake), so the lists' indices are rebased into
// the one vertex buffer and no command needs a vertex offset.
#include "gl_renderer.hpp"
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>
#ifdef __EMSCRIPTEN__
#include <GLES3/gl3.h>
#else
#define GL_GLEXT_PROTOTYPES 1
#include <SDL_opengl.h>
#include <SDL_opengl_glext.h>
#endif

namespace alloclab::app {
namespace {

const char* kVertexBody = R"(
uniform mat4 projection;
uniform vec2 white;  // the font atlas's white texel: ImGui's uv for every solid fill
in vec2 in_position;
in vec2 in_uv;
in vec4 in_colour;
out vec2 uv;
out vec4 colour;
flat out float solid;
void main() {
  uv = in_uv;
  colour = in_colour;
  solid = in_uv == white ? 1.0 : 0.0;  // ImGui gives all vertices of a solid shape that uv
  gl_Position = projection * vec4(in_position, 0.0, 1.0);
}
)";

const char* kFragmentBody = R"(
precision mediump float;
uniform sampler2D tex;
in vec2 uv;
in vec4 colour;
flat in float solid;
out vec4 out_colour;
// The white texel samples as exactly 1.0 (it sits inside a white block), so a solid fill
// needs no fetch: the same colour, half the cost under a software rasterizer.
void main() { out_colour = solid > 0.5 ? colour : colour * texture(tex, uv); }
)";

// Compiles one shader stage; 0 and a message on failure.
GLuint compile(GLenum kind, const std::string& source) {
  const GLuint s = glCreateShader(kind);
  const char* text = source.c_str();
  glShaderSource(s, 1, &text, nullptr);
  glCompileShader(s);
  GLint ok = 0;
  glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
  if (!ok) {
    char log[1024] = {};
    glGetShaderInfoLog(s, sizeof log, nullptr, log);
    std::fprintf(stderr, "gl_renderer: shader: %s\n", log);
    glDeleteShader(s);
    return 0;
  }
  return s;
}

}  // namespace

bool GlRenderer::init(const char* glsl_version) {
  const std::string head = std::string(glsl_version) + "\n";
  const GLuint vs = compile(GL_VERTEX_SHADER, head + kVertexBody);
  const GLuint fs = compile(GL_FRAGMENT_SHADER, head + kFragmentBody);
  if (!vs || !fs) return false;
  program_ = glCreateProgram();
  glAttachShader(program_, vs);
  glAttachShader(program_, fs);
  glBindAttribLocation(program_, 0, "in_position");
  glBindAttribLocation(program_, 1, "in_uv");
  glBindAttribLocation(program_, 2, "in_colour");
  glLinkProgram(program_);
  glDeleteShader(vs);
  glDeleteShader(fs);
  GLint ok = 0;
  glGetProgramiv(program_, GL_LINK_STATUS, &ok);
  if (!ok) {
    std::fprintf(stderr, "gl_renderer: shader program does not link\n");
    return false;
  }
  loc_texture_ = glGetUniformLocation(program_, "tex");
  loc_projection_ = glGetUniformLocation(program_, "projection");
  loc_white_ = glGetUniformLocation(program_, "white");

  glGenVertexArrays(1, &vao_);
  glGenBuffers(1, &vbo_);
  glGenBuffers(1, &ebo_);
  glBindVertexArray(vao_);
  glBindBuffer(GL_ARRAY_BUFFER, vbo_);
  glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, ebo_);  // recorded in the vertex array
  glEnableVertexAttribArray(0);
  glEnableVertexAttribArray(1);
  glEnableVertexAttribArray(2);
  const auto stride = GLsizei(sizeof(ImDrawVert));
  glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, stride, reinterpret_cast<void*>(offsetof(ImDrawVert, pos)));
  glVertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, stride, reinterpret_cast<void*>(offsetof(ImDrawVert, uv)));
  glVertexAttribPointer(2, 4, GL_UNSIGNED_BYTE, GL_TRUE, stride, reinterpret_cast<void*>(offsetof(ImDrawVert, col)));
  glBindVertexArray(0);

  // the font atlas (RGBA: the mesh view's images go through the same shader)
  ImGuiIO& io = ImGui::GetIO();
  unsigned char* pixels = nullptr;
  int w = 0, h = 0;
  io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
  glGenTextures(1, &font_texture_);
  glBindTexture(GL_TEXTURE_2D, font_texture_);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, w, h, 0, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
  io.Fonts->SetTexID(reinterpret_cast<ImTextureID>(static_cast<std::intptr_t>(font_texture_)));
  glUseProgram(program_);
  glUniform2f(loc_white_, io.Fonts->TexUvWhitePixel.x, io.Fonts->TexUvWhitePixel.y);  // the atlas is built once
  io.BackendRendererName = "alloclab_gl_renderer";
  return true;
}

void GlRenderer::shutdown() {
  if (font_texture_) glDeleteTextures(1, &font_texture_);
  if (vbo_) glDeleteBuffers(1, &vbo_);
  if (ebo_) glDeleteBuffers(1, &ebo_);
  if (vao_) glDeleteVertexArrays(1, &vao_);
  if (program_) glDeleteProgram(program_);
  font_texture_ = vbo_ = ebo_ = vao_ = program_ = 0;
  ImGui::GetIO().Fonts->SetTexID(nullptr);
}

void GlRenderer::render(const ImDrawData* data) {
  const float sx = data->FramebufferScale.x, sy = data->FramebufferScale.y;
  const int fb_w = int(data->DisplaySize.x * sx), fb_h = int(data->DisplaySize.y * sy);
  if (fb_w <= 0 || fb_h <= 0 || !program_) return;

  // every piece of state the draw relies on, set (never queried)
  glViewport(0, 0, fb_w, fb_h);
  glEnable(GL_BLEND);
  glBlendEquation(GL_FUNC_ADD);
  glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
  glDisable(GL_CULL_FACE);
  glDisable(GL_DEPTH_TEST);
  glDisable(GL_STENCIL_TEST);
  glEnable(GL_SCISSOR_TEST);
  glUseProgram(program_);
  glUniform1i(loc_texture_, 0);
  const float l = data->DisplayPos.x, r = l + data->DisplaySize.x;
  const float t = data->DisplayPos.y, b = t + data->DisplaySize.y;
  const float projection[16] = {
      2.0f / (r - l), 0, 0, 0,
      0, 2.0f / (t - b), 0, 0,
      0, 0, -1, 0,
      (r + l) / (l - r), (t + b) / (b - t), 0, 1,
  };
  glUniformMatrix4fv(loc_projection_, 1, GL_FALSE, projection);
  glActiveTexture(GL_TEXTURE0);
  glBindVertexArray(vao_);
  glBindBuffer(GL_ARRAY_BUFFER, vbo_);

  static_assert(sizeof(ImDrawIdx) == 4, "web/app.cmake builds ImGui with 32-bit indices");
  // all lists into one vertex and one index buffer (indices rebased): two uploads a frame
  vertices_.clear();
  indices_.clear();
  vertices_.reserve(std::size_t(data->TotalVtxCount));
  indices_.reserve(std::size_t(data->TotalIdxCount));
  for (int n = 0; n < data->CmdListsCount; ++n) {
    const ImDrawList* list = data->CmdLists[n];
    const auto base = ImDrawIdx(vertices_.size());
    vertices_.insert(vertices_.end(), list->VtxBuffer.Data, list->VtxBuffer.Data + list->VtxBuffer.Size);
    for (const ImDrawIdx i : list->IdxBuffer) indices_.push_back(ImDrawIdx(i + base));
  }
  // fresh storage each frame (orphaning): the GPU may still read the previous contents
  glBufferData(GL_ARRAY_BUFFER, GLsizeiptr(vertices_.size() * sizeof(ImDrawVert)), vertices_.data(), GL_STREAM_DRAW);
  glBufferData(GL_ELEMENT_ARRAY_BUFFER, GLsizeiptr(indices_.size() * sizeof(ImDrawIdx)), indices_.data(), GL_STREAM_DRAW);

  // Commands in order; a run of consecutive ones with the same texture and clip rectangle is
  // one draw (their indices are adjacent in indices_).
  struct Draw {
    ImTextureID tex = nullptr;
    int x = 0, y = 0, w = 0, h = 0;
    std::size_t first = 0, count = 0;
  } run, set;  // the pending run; the scissor and texture last set (count unused)
  bool have_set = false;
  auto flush = [&] {
    if (run.count == 0) return;
    if (!have_set || run.x != set.x || run.y != set.y || run.w != set.w || run.h != set.h)
      glScissor(run.x, run.y, run.w, run.h);
    if (!have_set || run.tex != set.tex) glBindTexture(GL_TEXTURE_2D, GLuint(reinterpret_cast<std::intptr_t>(run.tex)));
    set = run;
    have_set = true;
    glDrawElements(GL_TRIANGLES, GLsizei(run.count), GL_UNSIGNED_INT, reinterpret_cast<void*>(run.first * sizeof(ImDrawIdx)));
    run.count = 0;
  };
  std::size_t list_first = 0;  // the list's first index in indices_
  for (int n = 0; n < data->CmdListsCount; ++n) {
    const ImDrawList* list = data->CmdLists[n];
    for (int c = 0; c < list->CmdBuffer.Size; ++c) {
      const ImDrawCmd& cmd = list->CmdBuffer[c];
      if (cmd.UserCallback) {
        // the app registers no callbacks; ImDrawCallback_ResetRenderState needs nothing here
        flush();
        if (cmd.UserCallback != ImDrawCallback_ResetRenderState) cmd.UserCallback(list, &cmd);
        continue;
      }
      const float x0 = (cmd.ClipRect.x - data->DisplayPos.x) * sx, y0 = (cmd.ClipRect.y - data->DisplayPos.y) * sy;
      const float x1 = (cmd.ClipRect.z - data->DisplayPos.x) * sx, y1 = (cmd.ClipRect.w - data->DisplayPos.y) * sy;
      if (x1 <= x0 || y1 <= y0 || cmd.ElemCount == 0) continue;
      Draw d;
      d.tex = cmd.GetTexID();
      d.x = int(x0);
      d.y = int(float(fb_h) - y1);  // GL's y is bottom-up
      d.w = int(x1 - x0);
      d.h = int(y1 - y0);
      d.first = list_first + cmd.IdxOffset;
      d.count = cmd.ElemCount;
      if (run.count > 0 && d.tex == run.tex && d.x == run.x && d.y == run.y && d.w == run.w && d.h == run.h &&
          d.first == run.first + run.count) {
        run.count += d.count;
        continue;
      }
      flush();
      run = d;
    }
    list_first += std::size_t(list->IdxBuffer.Size);
  }
  flush();
  glBindVertexArray(0);
  glDisable(GL_SCISSOR_TEST);
}

}  // namespace alloclab::app
