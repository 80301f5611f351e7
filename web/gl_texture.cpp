// gl_texture.cpp — see gl_texture.hpp.
#include "gl_texture.hpp"
#include <cstddef>
#ifdef __EMSCRIPTEN__
#include <GLES3/gl3.h>
#else
#include <SDL_opengl.h>
#endif

namespace alloclab::app {

void RgbaTexture::upload(const std::uint32_t* pixels, int w, int h) {
  const bool fresh = name_ == 0;
  if (fresh) {
    GLuint t = 0;
    glGenTextures(1, &t);
    name_ = t;
  }
  glBindTexture(GL_TEXTURE_2D, name_);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  if (fresh) {
    const GLint f = linear_ ? GL_LINEAR : GL_NEAREST;
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, f);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, f);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  }
  if (fresh || w != w_ || h != h_) {
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, w, h, 0, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
    w_ = w;
    h_ = h;
  } else {
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
  }
}

void RgbaTexture::upload_rows(const std::uint32_t* pixels, int y0, int rows) {
  if (!name_ || rows <= 0) return;
  glBindTexture(GL_TEXTURE_2D, name_);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, y0, w_, rows, GL_RGBA, GL_UNSIGNED_BYTE, pixels + std::size_t(y0) * std::size_t(w_));
}

void RgbaTexture::set_linear(bool linear) {
  if (linear == linear_) return;
  linear_ = linear;
  if (!name_) return;  // applied at creation
  glBindTexture(GL_TEXTURE_2D, name_);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, linear ? GL_LINEAR : GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, linear ? GL_LINEAR : GL_NEAREST);
}

void RgbaTexture::release() {
  if (name_) {
    GLuint t = name_;
    glDeleteTextures(1, &t);
  }
  name_ = 0;
  w_ = h_ = 0;
}

}  // namespace alloclab::app
