// main.cpp — the alloclab app: SDL2 window + OpenGL (WebGL2 on the web), Dear ImGui, and the
// main loop. The loop stays in main(): natively a while loop, on the web the emscripten
// main-loop stub calls the same frame function with the one App object as its user pointer.
//
//   alloclab_app [--frames N] [--screenshot FILE.bmp] [LINK]
//     --frames N       exit after N frames (default: run until the window is closed)
//     --screenshot F   save the last frame as a BMP before exiting (native only)
//     LINK             a share link such as size=32x32&strategy=random
#include <SDL.h>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>
#include "imgui.h"
#include "imgui_impl_opengl3.h"
#include "imgui_impl_sdl.h"
#include "page_api.hpp"
#include "windows.hpp"
#ifdef __EMSCRIPTEN__
#include <GLES3/gl3.h>
#include <emscripten.h>
#else
#include <SDL_opengl.h>
#endif

namespace alloclab::app {

// Default layout (first use only): controls top left, stats below them, the mesh filling the
// rest; below the main menu bar. Designed at 1280x800; proportional elsewhere.
namespace {
float top() { return ImGui::GetFrameHeight() + 6.0f; }
constexpr float kSplit = 0.66f;  // share of the left column for the controls
}  // namespace
Layout layout_controls(float, float dh) { return {6, top(), 370, std::max(200.0f, (dh - top()) * kSplit - 6)}; }
Layout layout_stats(float, float dh) {
  const float y = top() + (dh - top()) * kSplit;
  return {6, y, 370, std::max(120.0f, dh - y - 6)};
}
Layout layout_mesh(float dw, float dh) { return {382, top(), std::max(200.0f, dw - 388), std::max(200.0f, dh - top() - 6)}; }

namespace {

// Everything one running app owns; the emscripten main loop gets a pointer to it.
struct App {
  SDL_Window* window = nullptr;
  SDL_GLContext gl = nullptr;
  AppState state;
  MeshWindow mesh;
  ControlsWindow controls;
  StatsWindow stats;
  ErrorWindow error;
  long long frame = 0, max_frames = 0;
  std::string screenshot;  // BMP written after the last frame (native)
  bool done = false;
  std::chrono::steady_clock::time_point last = std::chrono::steady_clock::now();
};

void place(const Layout& l) {
  ImGui::SetNextWindowPos(ImVec2(l.x, l.y), ImGuiCond_FirstUseEver);
  ImGui::SetNextWindowSize(ImVec2(l.w, l.h), ImGuiCond_FirstUseEver);
}

// Writes the current back buffer to a BMP file (native; a no-op on the web).
void save_screenshot([[maybe_unused]] const std::string& path) {
#ifndef __EMSCRIPTEN__
  GLint vp[4];
  glGetIntegerv(GL_VIEWPORT, vp);
  const int w = vp[2], h = vp[3];
  SDL_Surface* s = SDL_CreateRGBSurfaceWithFormat(0, w, h, 24, SDL_PIXELFORMAT_RGB24);
  if (!s) return;
  std::vector<unsigned char> rows(std::size_t(w) * std::size_t(h) * 3);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, w, h, GL_RGB, GL_UNSIGNED_BYTE, rows.data());
  for (int y = 0; y < h; ++y)  // GL rows are bottom-up
    std::memcpy(static_cast<unsigned char*>(s->pixels) + std::size_t(y) * std::size_t(s->pitch),
                rows.data() + std::size_t(h - 1 - y) * std::size_t(w) * 3, std::size_t(w) * 3);
  if (SDL_SaveBMP(s, path.c_str()) != 0) std::fprintf(stderr, "alloclab_app: screenshot: %s\n", SDL_GetError());
  SDL_FreeSurface(s);
#endif
}

// One frame: input, simulation within its time budget, windows, render.
void run_frame(App& app) {
  const auto t0 = std::chrono::steady_clock::now();
  SDL_Event ev;
  while (SDL_PollEvent(&ev)) {
    ImGui_ImplSDL2_ProcessEvent(&ev);
    if (ev.type == SDL_QUIT) app.done = true;
    if (ev.type == SDL_WINDOWEVENT && ev.window.event == SDL_WINDOWEVENT_CLOSE &&
        ev.window.windowID == SDL_GetWindowID(app.window))
      app.done = true;
  }
  const double dt = std::chrono::duration<double>(t0 - app.last).count();
  app.last = t0;
  app.state.advance(dt);

  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplSDL2_NewFrame();
  ImGuiIO& io = ImGui::GetIO();
  if (io.DeltaTime <= 0.0f) io.DeltaTime = 1.0f / 60.0f;  // Chromium's virtual time can stand still
  ImGui::NewFrame();

  const float dw = io.DisplaySize.x, dh = io.DisplaySize.y;
  place(layout_mesh(dw, dh));
  app.mesh.draw(app.state.sim());
  place(layout_controls(dw, dh));
  app.controls.draw(app.state);
  place(layout_stats(dw, dh));
  app.stats.draw(app.state);
  app.error.draw(app.state);
  if (ImGui::BeginMainMenuBar()) {
    // (kept tiny: reopen closed windows)
    ImGui::TextDisabled("alloclab");
    ImGui::MenuItem("Controls", nullptr, &app.controls.open);
    ImGui::MenuItem("Mesh", nullptr, &app.mesh.open);
    ImGui::MenuItem("Stats", nullptr, &app.stats.open);
    ImGui::EndMainMenuBar();
  }
  if (app.state.take_link_changed()) page_set_link(app.state.link());

  ImGui::Render();
  glViewport(0, 0, int(io.DisplaySize.x * io.DisplayFramebufferScale.x), int(io.DisplaySize.y * io.DisplayFramebufferScale.y));
  glClearColor(0.08f, 0.09f, 0.11f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
  const bool last_frame = app.max_frames > 0 && app.frame + 1 >= app.max_frames;
  if (last_frame && !app.screenshot.empty()) save_screenshot(app.screenshot);
  SDL_GL_SwapWindow(app.window);

  app.state.record_frame(float(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count()));
  ++app.frame;
  if (app.max_frames > 0 && app.frame >= app.max_frames) app.done = true;
}

}  // namespace
}  // namespace alloclab::app

int main(int argc, char** argv) {
  using namespace alloclab::app;
  auto owner = std::make_unique<App>();
  App* const app = owner.get();
  std::string link;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--frames") && i + 1 < argc) app->max_frames = std::atoll(argv[++i]);
    else if (!std::strcmp(argv[i], "--screenshot") && i + 1 < argc) app->screenshot = argv[++i];
    else if (!std::strcmp(argv[i], "--help")) {
      std::printf("usage: %s [--frames N] [--screenshot FILE.bmp] [LINK]\n", argv[0]);
      return 0;
    }
    else link = argv[i];
  }

  // The scenario from the URL fragment (web) or the command line (native). A bad link shows
  // the engine's message in the error panel and the default scenario runs.
  // window.alloclab is ready before any graphics: runJson works even without WebGL2.
  if (link.empty()) link = page_link();
  if (!link.empty()) (void)app->state.load_link(link);
  page_install_api(app->state);
#ifdef __EMSCRIPTEN__
  owner.release();  // window.alloclab refers to the App: it lives as long as the page
#endif

  if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_TIMER) != 0) {
    std::fprintf(stderr, "alloclab_app: SDL_Init: %s\n", SDL_GetError());
    return 1;
  }
#ifdef __EMSCRIPTEN__
  const char* glsl = "#version 300 es";  // WebGL2 = GLES 3.0
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_ES);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 0);
#else
  const char* glsl = "#version 130";  // desktop GL 3.0
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_CORE);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 0);
#endif
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_FLAGS, 0);
  SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1);
  SDL_GL_SetAttribute(SDL_GL_DEPTH_SIZE, 24);
  SDL_GL_SetAttribute(SDL_GL_STENCIL_SIZE, 8);
  app->window = SDL_CreateWindow("alloclab", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, 1280, 800,
                                 SDL_WindowFlags(SDL_WINDOW_OPENGL | SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI));
  if (!app->window) { std::fprintf(stderr, "alloclab_app: SDL_CreateWindow: %s\n", SDL_GetError()); return 1; }
  app->gl = SDL_GL_CreateContext(app->window);
  if (!app->gl) { std::fprintf(stderr, "alloclab_app: SDL_GL_CreateContext: %s\n", SDL_GetError()); return 1; }
  SDL_GL_MakeCurrent(app->window, app->gl);
  SDL_GL_SetSwapInterval(1);

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGui::GetIO().IniFilename = nullptr;
  ImGui::StyleColorsDark();
  ImGuiStyle& style = ImGui::GetStyle();
  style.WindowRounding = 4.0f;
  style.FramePadding.y = 2.0f;  // compact rows: the whole scenario table fits at 1280x800
  style.ItemSpacing.y = 3.0f;
  style.CellPadding.y = 1.0f;
  ImGui_ImplSDL2_InitForOpenGL(app->window, app->gl);
  ImGui_ImplOpenGL3_Init(glsl);

#ifdef __EMSCRIPTEN__
  // The emscripten main-loop stub: the browser calls run_frame once per animation frame with
  // the App as the user pointer.
  emscripten_set_main_loop_arg([](void* p) { run_frame(*static_cast<App*>(p)); }, app, 0, true);
#else
  while (!app->done) run_frame(*app);
  app->mesh.shutdown();
  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplSDL2_Shutdown();
  ImGui::DestroyContext();
  SDL_GL_DeleteContext(app->gl);
  SDL_DestroyWindow(app->window);
  SDL_Quit();
  const auto& f = app->state.frame_ms();
  double mean = 0;
  for (std::size_t i = 0; i < f.size(); ++i) mean += f.at(i);
  std::printf("alloclab_app: %lld frames, mean frame %.2f ms (last %zu), t = %.1f, %lld events\n", app->frame,
              f.size() ? mean / double(f.size()) : 0.0, f.size(), app->state.sim().now(), app->state.events());
#endif
  return 0;
}
