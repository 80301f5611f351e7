// main.cpp — the alloclab app: SDL2 window + OpenGL (WebGL2 on the web), Dear ImGui, and the
// main loop. The loop stays in main(): natively a while loop, on the web the emscripten
// main-loop stub calls the same frame function with the one App object as its user pointer.
//
//   alloclab_app [--frames N] [--screenshot FILE.bmp] [--mode M] [LINK]
//     --frames N       exit after N frames (default: run until the window is closed)
//     --screenshot F   save the last frame as a BMP before exiting (native only)
//     --mode M         start in mode Run, Compare, Sweep or Explain
//     LINK             a share link such as size=32x32&strategy=random
//
// Sections, in order:
//   layout              layout() (default window rectangles per slot)
//   the app             App (window, GL, renderer, AppState, the windows), place()
//   menu bar            menu_bar (modes, presets, share/export, windows, frame work)
//   keys and style      shortcut (Space, S, R, E, arrows, 1-4), save_screenshot, setup_style
//   the windows         draw_windows: each window gets its View (const references into
//                       AppState), the narrow parts it changes and its Actions (callbacks
//                       bound to AppState's member functions), placed at its slot
//   one frame           run_frame (events, simulation within its budget, the windows,
//                       draw-list submission, frame timing)
//   start-up            main (arguments, SDL/GL/ImGui set-up, the native or emscripten loop)
#include <SDL.h>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <span>
#include <string>
#include <vector>
#include "imgui.h"
#include "imgui_impl_sdl.h"
#include "gl_renderer.hpp"
#include "page_api.hpp"
#include "presets.hpp"
#include "windows.hpp"
#ifdef __EMSCRIPTEN__
#include <GLES3/gl3.h>
#include <emscripten.h>
#else
#include <SDL_opengl.h>
#endif

namespace alloclab::app {

// Default layout, designed at 1280x800 (proportional elsewhere): Setup on the left; in Run
// mode the Mesh above the Charts in the middle and Queue above Results on the right; Compare
// and Sweep fill the middle and right; Explain the middle, with Queue and Results.
Layout layout(Slot slot, float dw, float dh) {
  const float top = ImGui::GetFrameHeight() + 6.0f, g = 6.0f;
  const float lw = std::clamp(dw * 0.26f, 280.0f, 360.0f), rw = std::clamp(dw * 0.29f, 300.0f, 400.0f);
  const float h = std::max(200.0f, dh - top - g), cx = lw + 2 * g, cw = std::max(200.0f, dw - lw - rw - 4 * g);
  const float split = std::floor(h * 0.58f);
  switch (slot) {
    case Slot::Setup: return {g, top, lw, h};
    case Slot::Main: return {cx, top, std::max(200.0f, dw - cx - g), h};
    case Slot::MainTop: return {cx, top, cw, split - g};
    case Slot::MainBottom: return {cx, top + split, cw, h - split};
    case Slot::MainBottomLeft: return {cx, top + split, std::floor(cw * 0.5f) - g, h - split};
    case Slot::MainBottomRight: return {cx + std::floor(cw * 0.5f), top + split, cw - std::floor(cw * 0.5f), h - split};
    case Slot::Right: return {dw - rw - g, top, rw, h};
    case Slot::RightTop: return {dw - rw - g, top, rw, std::floor(h * 0.5f) - g};
    case Slot::RightBottom: return {dw - rw - g, top + std::floor(h * 0.5f), rw, h - std::floor(h * 0.5f)};
  }
  return {g, top, lw, h};
}

namespace {

// The window's (the browser tab's) title; a loaded preset puts its title in front.
constexpr const char* kWindowTitle = "alloclab - processor allocation on meshes, tori and accelerator pods";

// Everything one running app owns; the emscripten main loop gets a pointer to it.
struct App {
  SDL_Window* window = nullptr;
  SDL_GLContext gl = nullptr;
  GlRenderer renderer;  // ImGui draw lists -> GL, with no state read-back (gl_renderer.hpp)
  AppState state;
  MeshWindow mesh;
  SetupWindow setup;
  QueueWindow queue;
  ChartsWindow charts;
  GanttWindow gantt;
  ResultsWindow results;
  CompareWindow compare;
  SweepWindow sweep;
  ExplainWindow explain;
  ErrorWindow error;
  HelpWindow help;
  bool help_shown = false;           // the Help window was open last frame
  // Narrow screens (narrow()): one window at a time, chosen on a strip of tabs under the menu.
  std::string narrow_tab;            // the window shown ("" = the mode's main window)
  float strip_bottom = 0;            // where the strip ended last frame (page pixels)
  bool was_narrow = false;           // the last frame was narrow
  ImVec2 display{0, 0};              // the display size of the last frame
  bool resized = false;              // the display changed size since the last frame
  bool relayout = false;             // this frame places every window at its slot (the display was resized)
  bool developer = false;            // View > Developer readouts (frame work, the frame budget)
  std::string lesson_name;           // the preset whose card is parsed into `lesson`
  std::optional<PresetInfo> lesson;
  long long frame = 0, max_frames = 0;
  std::string screenshot;  // BMP written after the last frame (native)
  bool done = false;
  std::chrono::steady_clock::time_point last = std::chrono::steady_clock::now();
};

// Below this width the windows do not fit side by side (a phone held upright): the page shows
// one window at a time, full width, under a strip of tabs naming the mode's windows.
constexpr float kNarrowWidth = 700;
bool narrow() { return ImGui::GetIO().DisplaySize.x < kNarrowWidth; }

// Places the next window at its slot when it appears (a mode switch brings the mode's
// default layout back); on a narrow screen, under the strip of tabs, full width, always.
void place(const App& app, Slot slot, ImGuiCond cond = ImGuiCond_Appearing) {
  const ImGuiIO& io = ImGui::GetIO();
  if (narrow()) {
    const float top = std::max(app.strip_bottom, ImGui::GetFrameHeight()) + 2;
    ImGui::SetNextWindowPos(ImVec2(0, top), ImGuiCond_Always);
    ImGui::SetNextWindowSize(ImVec2(io.DisplaySize.x, std::max(120.0f, io.DisplaySize.y - top)), ImGuiCond_Always);
    return;
  }
  if (app.relayout) cond = ImGuiCond_Always;  // a new display size (or back from narrow): the default layout again
  const Layout l = layout(slot, io.DisplaySize.x, io.DisplaySize.y);
  ImGui::SetNextWindowPos(ImVec2(l.x, l.y), cond);
  ImGui::SetNextWindowSize(ImVec2(l.w, l.h), cond);
}

// The windows of a mode, the main one first after Setup (the narrow screen's tabs).
std::vector<const char*> mode_windows(Mode m) {
  switch (m) {
    case Mode::Run: return {"Setup", "Mesh", "Charts", "Gantt", "Queue and jobs", "Results"};
    case Mode::Compare: return {"Setup", "Compare"};
    case Mode::Sweep: return {"Setup", "Sweep"};
    case Mode::Explain: return {"Setup", "Explain"};
  }
  return {"Setup"};
}

// The narrow screen's strip under the menu: a tab per window of the mode (wrapping onto more
// lines as needed) and a note saying why; returns the window to show.
std::string narrow_strip(App& app) {
  const ImGuiIO& io = ImGui::GetIO();
  const std::vector<const char*> wins = mode_windows(app.state.mode());
  if (std::find_if(wins.begin(), wins.end(), [&](const char* w) { return app.narrow_tab == w; }) == wins.end())
    app.narrow_tab = wins.size() > 1 ? wins[1] : wins[0];
  ImGui::SetNextWindowPos(ImVec2(0, ImGui::GetFrameHeight()), ImGuiCond_Always);
  ImGui::SetNextWindowSize(ImVec2(io.DisplaySize.x, 0), ImGuiCond_Always);  // height: fit the tabs
  ImGui::Begin("##windows", nullptr, ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoMove |
                                         ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoSavedSettings);
  for (std::size_t i = 0; i < wins.size(); ++i) {
    const bool on = app.narrow_tab == wins[i];
    const float w = ImGui::CalcTextSize(wins[i]).x + ImGui::GetStyle().FramePadding.x * 2;
    if (i > 0) same_line_if_fits(w);
    if (on) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
    if (ImGui::Button(wins[i])) app.narrow_tab = wins[i];
    if (on) ImGui::PopStyleColor();
    const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
    app.state.report().strip_button(wins[i], {a.x, a.y, b.x, b.y});
  }
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextDisabled("A narrow screen shows one window at a time: choose it above (700 px or wider shows them side by side).");
  ImGui::PopTextWrapPos();
  app.strip_bottom = ImGui::GetWindowPos().y + ImGui::GetWindowSize().y;
  ImGui::End();
  return app.narrow_tab;
}

// The main menu bar: the mode tabs, presets, share/export, windows, and the frame work.
void menu_bar(App& app) {
  AppState& st = app.state;
  if (!ImGui::BeginMainMenuBar()) return;
  ImGui::TextColored(ImVec4(0.55f, 0.75f, 1.0f, 1.0f), "alloclab");
  ImGui::Separator();
  if (narrow()) {  // the modes in one menu named after the current one (the bar fits a phone)
    char label[32];
    std::snprintf(label, sizeof label, "%s##modes", mode_name(st.mode()));
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.85f, 0.35f, 1.0f));
    const bool open = ImGui::BeginMenu(label);
    ImGui::PopStyleColor();
    if (open) {
      for (Mode m : kModes)
        if (ImGui::MenuItem(mode_name(m), nullptr, st.mode() == m)) st.set_mode(m);
      ImGui::EndMenu();
    }
  }
  int k = 1;
  for (Mode m : narrow() ? std::span<const Mode>() : std::span<const Mode>(kModes)) {
    const bool on = st.mode() == m;
    if (on) ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.85f, 0.35f, 1.0f));
    char label[32];
    std::snprintf(label, sizeof label, "%s%s", on ? "> " : "", mode_name(m));
    if (ImGui::MenuItem(label, nullptr, false)) st.set_mode(m);
    if (on) ImGui::PopStyleColor();
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("key: %d", k);
    ++k;
  }
  ImGui::Separator();
  if (ImGui::BeginMenu("Presets")) {  // grouped by paper (the presets' `#: paper` lines), titled
    std::vector<std::pair<const Preset*, Result<PresetPoint>>> items;
    std::vector<std::string> papers;
    for (const Preset& p : presets()) {
      auto pt = preset_first_point(p);
      const std::string paper = pt && !pt->info.paper.empty() ? pt->info.paper : "Other set-ups";
      if (std::find(papers.begin(), papers.end(), paper) == papers.end()) papers.push_back(paper);
      items.emplace_back(&p, std::move(pt));
    }
    for (const std::string& paper : papers) {
      ImGui::TextColored(ImVec4(0.7f, 0.85f, 1.0f, 1), "%s", paper.c_str());
      for (const auto& [p, pt] : items) {
        if ((pt && !pt->info.paper.empty() ? pt->info.paper : "Other set-ups") != paper) continue;
        std::string label = pt && !pt->info.title.empty() ? pt->info.title : std::string(p->name);
        if (pt && !pt->info.figure.empty()) label = pt->info.figure + ": " + label;
        label = "   " + label + "##" + std::string(p->name);
        if (ImGui::MenuItem(label.c_str())) (void)load_preset(st, p->name);
        if (ImGui::IsItemHovered()) {
          ImGui::BeginTooltip();
          ImGui::PushTextWrapPos(ImGui::GetFontSize() * 32);
          if (pt) {
            ImGui::TextUnformatted(pt->info.shows.empty() ? pt->description.c_str() : pt->info.shows.c_str());
            ImGui::TextDisabled("file assets/scenarios/%.*s.txt; opens %s", int(p->name.size()), p->name.data(),
                                pt->info.mode.empty() ? "the first point" : pt->info.mode.c_str());
          } else {
            ImGui::TextUnformatted(pt.error().message.c_str());
          }
          ImGui::PopTextWrapPos();
          ImGui::EndTooltip();
        }
      }
    }
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu("Share")) {
    if (ImGui::MenuItem("Copy link")) page_copy_link(st.share_link());
    if (ImGui::MenuItem("Download results (CSV)")) page_download("alloclab-results.csv", "text/csv", results_csv(results_source(st)));
    if (ImGui::MenuItem("Download results (JSON)"))
      page_download("alloclab-results.json", "application/json", results_json_text(results_source(st)));
    if (ImGui::MenuItem("Download sweep (CSV)", nullptr, false, st.sweep().runner() != nullptr))
      page_download("alloclab-sweep.csv", "text/csv", st.sweep().csv());
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu("View")) {
    ImGui::MenuItem("Setup", nullptr, &app.setup.open);
    ImGui::MenuItem("Mesh", nullptr, &app.mesh.open);
    ImGui::MenuItem("Charts", nullptr, &app.charts.open);
    ImGui::MenuItem("Gantt", nullptr, &app.gantt.open);
    ImGui::MenuItem("Queue and jobs", nullptr, &app.queue.open);
    ImGui::MenuItem("Results", nullptr, &app.results.open);
    ImGui::MenuItem("Compare", nullptr, &app.compare.open);
    ImGui::MenuItem("Sweep", nullptr, &app.sweep.open);
    ImGui::MenuItem("Explain", nullptr, &app.explain.open);
    ImGui::Separator();
    ImGui::MenuItem("Developer readouts", nullptr, &app.developer);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Frame work and simulation time per frame (menu bar), the frame budget (Setup)");
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu("Help")) {
    if (ImGui::MenuItem("Start here")) app.help.open = true, app.help.tab = 0, ImGui::SetWindowFocus("Help");
    if (ImGui::MenuItem("Glossary")) app.help.open = true, app.help.tab = 1, ImGui::SetWindowFocus("Help");
    ImGui::EndMenu();
  }
  if (narrow()) {
    ImGui::EndMainMenuBar();
    return;
  }
  if (!app.developer) {  // the one-line description where the developer readouts go
    const char* about = "processor allocation on meshes, tori and accelerator pods";
    ImGui::SameLine(std::max(ImGui::GetCursorPosX() + 8, ImGui::GetWindowWidth() - ImGui::CalcTextSize(about).x - 16));
    if (ImGui::GetWindowWidth() - ImGui::GetCursorPosX() > ImGui::CalcTextSize(about).x) {
      ImGui::TextDisabled("%s", about);
      st.report().menu_note(about);
    }
    ImGui::EndMainMenuBar();
    return;
  }
  // frame work (median of the recent frames), right-aligned
  const auto& f = st.timing().frame_ms();
  std::vector<float> v;
  for (std::size_t i = 0; i < f.size(); ++i) v.push_back(f.at(i));
  std::sort(v.begin(), v.end());
  char txt[96];
  std::snprintf(txt, sizeof txt, "frame work %.1f ms   sim %.1f ms   %lld events", v.empty() ? 0.0f : v[v.size() / 2], st.last_sim_ms(), st.events());
  ImGui::SameLine(ImGui::GetWindowWidth() - ImGui::CalcTextSize(txt).x - 16);
  ImGui::TextDisabled("%s", txt);
  st.report().menu_note(txt);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Per frame: simulation (within its budget) + building the UI + submitting draw lists");
  ImGui::EndMainMenuBar();
}

// Keys (when no text field has the keyboard): Space play/pause, S step, R reset, E run to
// end, 1-4 modes, Left/Right the previous/next step in Explain mode, the arrows orbit the Mesh
// window's 3D view in Run mode. Read from SDL's key-down
// events (ImGui 1.86 misses a press and release that arrive within one frame).
void shortcut(AppState& st, const SDL_KeyboardEvent& k) {
  const ImGuiIO& io = ImGui::GetIO();
  if (io.WantTextInput || (k.keysym.mod & (KMOD_CTRL | KMOD_ALT | KMOD_GUI))) return;
  // the arrows turn the Mesh window's 3D view (Run mode, a 3D machine shown in 3D)
  const bool orbiting = st.mode() == Mode::Run && st.orbit().three_d && st.sim().occupancy().depth() > 1;
  constexpr float kOrbitKeyStep = 15;  // degrees per press
  switch (k.keysym.scancode) {
    case SDL_SCANCODE_SPACE: if (!k.repeat) st.playback().toggle(); break;
    case SDL_SCANCODE_S: st.step_once(); break;
    case SDL_SCANCODE_R: if (!k.repeat) st.reset(); break;
    case SDL_SCANCODE_E: if (!k.repeat) st.run_to_end(); break;
    case SDL_SCANCODE_LEFT:
      if (st.mode() == Mode::Explain) st.explain_cursor().prev();
      else if (orbiting) st.orbit().orbit(-kOrbitKeyStep, 0);
      break;
    case SDL_SCANCODE_RIGHT:
      if (st.mode() == Mode::Explain) st.explain_cursor().next();
      else if (orbiting) st.orbit().orbit(kOrbitKeyStep, 0);
      break;
    case SDL_SCANCODE_UP: if (orbiting) st.orbit().orbit(0, kOrbitKeyStep); break;
    case SDL_SCANCODE_DOWN: if (orbiting) st.orbit().orbit(0, -kOrbitKeyStep); break;
    case SDL_SCANCODE_1: case SDL_SCANCODE_2: case SDL_SCANCODE_3: case SDL_SCANCODE_4:
      if (!k.repeat) st.set_mode(kModes[std::size_t(k.keysym.scancode - SDL_SCANCODE_1)]);
      break;
    default: break;
  }
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

// The theme: dark, blue accents, a readable TTF (DejaVu Sans from Debian's fonts-dejavu-core,
// embedded into the wasm at build time; natively read from the system) at 15 px, or ImGui's
// built-in font scaled when the file is missing.
void setup_style() {
  ImGui::StyleColorsDark();
  ImGuiStyle& style = ImGui::GetStyle();
  style.WindowRounding = 5.0f;
  style.ChildRounding = 4.0f;
  style.FrameRounding = 3.0f;
  style.PopupRounding = 4.0f;
  style.GrabRounding = 3.0f;
  style.TabRounding = 3.0f;
  style.WindowPadding = ImVec2(8, 7);
  style.FramePadding = ImVec2(6, 3);
  style.ItemSpacing = ImVec2(7, 4);
  style.CellPadding = ImVec2(5, 2);
  style.WindowBorderSize = 1.0f;
  ImVec4* c = style.Colors;
  c[ImGuiCol_WindowBg] = ImVec4(0.105f, 0.115f, 0.14f, 1.0f);
  c[ImGuiCol_ChildBg] = ImVec4(0.0f, 0.0f, 0.0f, 0.0f);
  c[ImGuiCol_PopupBg] = ImVec4(0.12f, 0.13f, 0.16f, 0.98f);
  c[ImGuiCol_Border] = ImVec4(0.25f, 0.28f, 0.34f, 0.6f);
  c[ImGuiCol_TitleBg] = ImVec4(0.13f, 0.15f, 0.19f, 1.0f);
  c[ImGuiCol_TitleBgActive] = ImVec4(0.17f, 0.23f, 0.33f, 1.0f);
  c[ImGuiCol_MenuBarBg] = ImVec4(0.13f, 0.145f, 0.18f, 1.0f);
  c[ImGuiCol_FrameBg] = ImVec4(0.17f, 0.19f, 0.235f, 1.0f);
  c[ImGuiCol_FrameBgHovered] = ImVec4(0.22f, 0.26f, 0.33f, 1.0f);
  c[ImGuiCol_FrameBgActive] = ImVec4(0.25f, 0.31f, 0.41f, 1.0f);
  c[ImGuiCol_Button] = ImVec4(0.20f, 0.30f, 0.45f, 1.0f);
  c[ImGuiCol_ButtonHovered] = ImVec4(0.26f, 0.40f, 0.60f, 1.0f);
  c[ImGuiCol_ButtonActive] = ImVec4(0.30f, 0.47f, 0.70f, 1.0f);
  c[ImGuiCol_Header] = ImVec4(0.20f, 0.27f, 0.38f, 1.0f);
  c[ImGuiCol_HeaderHovered] = ImVec4(0.25f, 0.35f, 0.50f, 1.0f);
  c[ImGuiCol_HeaderActive] = ImVec4(0.28f, 0.40f, 0.58f, 1.0f);
  c[ImGuiCol_Tab] = ImVec4(0.16f, 0.20f, 0.27f, 1.0f);
  c[ImGuiCol_TabHovered] = ImVec4(0.26f, 0.40f, 0.60f, 1.0f);
  c[ImGuiCol_TabActive] = ImVec4(0.22f, 0.33f, 0.50f, 1.0f);
  c[ImGuiCol_TableHeaderBg] = ImVec4(0.15f, 0.17f, 0.21f, 1.0f);
  c[ImGuiCol_TableRowBgAlt] = ImVec4(1.0f, 1.0f, 1.0f, 0.03f);
  c[ImGuiCol_PlotHistogram] = ImVec4(0.35f, 0.65f, 0.95f, 1.0f);
  c[ImGuiCol_CheckMark] = ImVec4(0.45f, 0.75f, 1.0f, 1.0f);
  c[ImGuiCol_SliderGrab] = ImVec4(0.40f, 0.62f, 0.90f, 1.0f);

  ImGuiIO& io = ImGui::GetIO();
  bool loaded = false;
#ifdef ALLOCLAB_FONT
  if (std::FILE* f = std::fopen(ALLOCLAB_FONT, "rb")) {
    std::fseek(f, 0, SEEK_END);
    const long n = std::ftell(f);
    std::fseek(f, 0, SEEK_SET);
    if (n > 0) {
      void* data = IM_ALLOC(std::size_t(n));  // ImGui owns and frees it
      if (std::fread(data, 1, std::size_t(n), f) == std::size_t(n)) {
        ImFontConfig cfg;
        cfg.OversampleH = 2;
        // Latin-1 plus the triangles of the Explain window's step buttons (static: ImGui keeps the pointer)
        static const ImWchar kRanges[] = {0x0020, 0x00FF, 0x25B6, 0x25B6, 0x25C0, 0x25C0, 0};
        loaded = io.Fonts->AddFontFromMemoryTTF(data, int(n), 15.0f, &cfg, kRanges) != nullptr;
      } else {
        IM_FREE(data);
      }
    }
    std::fclose(f);
  }
#endif
  if (!loaded) {
    ImFontConfig cfg;
    cfg.SizePixels = 15.0f;
    io.Fonts->AddFontDefault(&cfg);
  }
}

// The windows of the current mode (Setup and the error panel always), each at its slot. A
// window sees only its View and changes the app through the parts and Actions given here.
void draw_windows(App& app) {
  AppState& st = app.state;
  const Simulation& sim = st.sim();
  const ImVec2 d = ImGui::GetIO().DisplaySize;
  app.resized = app.display.x > 0 && (d.x != app.display.x || d.y != app.display.y);
  app.relayout = app.was_narrow || app.resized;
  app.display = d;
  // a narrow screen shows one window, the one chosen on the strip (kept open)
  const std::string tab = narrow() ? narrow_strip(app) : std::string();
  auto shown = [&](const char* name, bool& open) {
    if (tab.empty()) return true;
    if (tab != name) return false;
    open = true;
    return true;
  };
  const Download download = [](const std::string& f, const std::string& mime, const std::string& text) { page_download(f, mime, text); };
  const std::string share = st.share_link();
  if (app.lesson_name != st.lesson()) {  // the card of the preset loaded (parsed once); the tab title follows
    app.lesson_name = st.lesson();
    if (!st.lesson().empty()) app.help.open = false, app.narrow_tab = "Setup";  // a lesson: Start here has done its job; its card is in Setup
    app.lesson.reset();
    if (const Preset* p = find_preset(st.lesson()))
      if (auto pt = preset_first_point(*p)) app.lesson = pt->info;
    const std::string title = app.lesson ? app.lesson->title + " - alloclab" : std::string(kWindowTitle);
    if (app.window) SDL_SetWindowTitle(app.window, title.c_str());
  }
  if (shown("Setup", app.setup.open)) {
    place(app, Slot::Setup, ImGuiCond_FirstUseEver);
    app.setup.draw({sim, st.scenario(), st.generation(), st.pending_trace(), share, page_can_pick_files(), app.lesson ? &*app.lesson : nullptr,
                    app.developer, st.mode() == Mode::Run || st.mode() == Mode::Explain,
                    st.mode() == Mode::Compare ? "Compare's own Play / Restart drive the strategies side by side; the keys below change the scenario they share."
                                               : "The Sweep runs the scenario below once per point in the background (Start sweep)."},
                   st.playback(),
                   {[&st] { st.step_once(); }, [&st] { st.reset(); }, [&st] { st.run_to_end(); },
                    [&st](std::string_view k, std::string_view v) { return st.set_param(k, v); },
                    [&st] { (void)st.load(Scenario{}); },
                    [&st](const std::string& path) { page_load_trace_file(st, path); },
                    [&st](const LogMachine& log) { page_load_builtin_trace(st, log); },
                    [] { page_pick_trace(); },
                    [](const std::string& link) { page_copy_link(link); }, [&st] { st.set_lesson(""); }},
                   st.report().controls());
  }
  switch (st.mode()) {
    case Mode::Run:
      if (shown("Mesh", app.mesh.open)) place(app, Slot::MainTop), app.mesh.draw(sim, st.pin(), st.orbit(), st.report());
      if (shown("Charts", app.charts.open)) place(app, Slot::MainBottomLeft), app.charts.draw(st.history(), sim, st.report());
      if (shown("Gantt", app.gantt.open)) place(app, Slot::MainBottomRight), app.gantt.draw(sim, st.pin(), st.report());
      if (shown("Queue and jobs", app.queue.open)) place(app, Slot::RightTop), app.queue.draw(sim, st.pin());
      if (shown("Results", app.results.open)) {
        place(app, Slot::RightBottom);
        app.results.draw(results_source(st), {[&st] { st.start_replications(); }, [&st] { st.cancel_replications(); }, download});
      }
      break;
    case Mode::Compare:
      if (!shown("Compare", app.compare.open)) break;
      place(app, Slot::Main);
      app.compare.draw({st.scenario(), st.compare_ids(), st.compare_runs(), st.compare_errors(), st.first_diff(), st.compare_paired()},
                       st.playback(),
                       {[&st](std::vector<std::string> ids) { st.set_compare_ids(std::move(ids)); },
                        [&st] { st.restart_compare(); }, [&st] { (void)st.first_difference(); }, download});
      break;
    case Mode::Sweep:
      if (!shown("Sweep", app.sweep.open)) break;
      place(app, Slot::Main);
      app.sweep.draw({st.scenario(), st.sweep_settings(), st.sweep(), st.swept_key()},
                     {[&st](SweepSettings s) { st.set_sweep_settings(std::move(s)); }, [&st] { st.start_sweep(); },
                      [&st] { st.cancel_sweep(); }, download},
                     st.report());
      break;
    case Mode::Explain:
      if (!shown("Explain", app.explain.open)) break;
      place(app, Slot::Main);
      app.explain.draw({sim, st.generation(), st.events()}, st.explain_cursor(), st.pin(), [&st] { st.step_once(); }, st.report());
      break;
  }
  if (app.help.open) {
    if (!app.help_shown) ImGui::SetNextWindowFocus();  // in front of the mode's windows when it opens
    const ImGuiIO& io = ImGui::GetIO();
    // centred under the menu when it opens, and again when the display changes size (a window
    // placed for a wide screen would be out of sight on a narrow one)
    const float w = std::min(io.DisplaySize.x - 12, std::max(360.0f, io.DisplaySize.x * 0.55f));
    const ImGuiCond when = app.resized ? ImGuiCond_Always : ImGuiCond_Appearing;
    ImGui::SetNextWindowPos(ImVec2((io.DisplaySize.x - w) * 0.5f, ImGui::GetFrameHeight() + 30), when);
    ImGui::SetNextWindowSize(ImVec2(w, std::min(io.DisplaySize.y - 60, 560.0f)), when);
  }
  app.help_shown = app.help.open;
  app.was_narrow = !tab.empty();
  app.help.draw({[&st](std::string_view link) { (void)st.load_link(link); }, [&st](std::string_view name) { (void)load_preset(st, name); }});
  app.error.draw(st.error(), [&st] { st.clear_error(); });
}

// One frame: input, simulation within its time budget, windows, render.
void run_frame(App& app) {
  const auto t0 = std::chrono::steady_clock::now();
  SDL_Event ev;
  while (SDL_PollEvent(&ev)) {
    ImGui_ImplSDL2_ProcessEvent(&ev);
    if (ev.type == SDL_KEYDOWN) shortcut(app.state, ev.key);
    if (ev.type == SDL_QUIT) app.done = true;
    if (ev.type == SDL_WINDOWEVENT && ev.window.event == SDL_WINDOWEVENT_CLOSE &&
        ev.window.windowID == SDL_GetWindowID(app.window))
      app.done = true;
  }
  const double dt = std::chrono::duration<double>(t0 - app.last).count();
  app.last = t0;
  // The frame's work starts here: simulation (within its budget), UI, draw-list submission.
  const auto w0 = std::chrono::steady_clock::now();
  app.state.advance(dt);

  ImGui_ImplSDL2_NewFrame();
  ImGuiIO& io = ImGui::GetIO();
  if (io.DeltaTime <= 0.0f) io.DeltaTime = 1.0f / 60.0f;  // Chromium's virtual time can stand still
  ImGui::NewFrame();

  AppState& st = app.state;
  st.report().begin_frame();  // the Mesh window says what it drew
  draw_windows(app);
  menu_bar(app);
  if (st.take_link_changed()) page_set_link(st.share_link());

  ImGui::Render();
  const auto w1 = std::chrono::steady_clock::now();
  glViewport(0, 0, int(io.DisplaySize.x * io.DisplayFramebufferScale.x), int(io.DisplaySize.y * io.DisplayFramebufferScale.y));
  glClearColor(0.08f, 0.09f, 0.11f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  app.renderer.render(ImGui::GetDrawData());
  const auto w2 = std::chrono::steady_clock::now();
  auto ms = [](auto a, auto b) { return float(std::chrono::duration<double, std::milli>(b - a).count()); };
  st.timing().record_frame(ms(w0, w2));
  st.timing().record_parts(float(st.last_sim_ms()), ms(w0, w1) - float(st.last_sim_ms()), ms(w1, w2));
  const bool last_frame = app.max_frames > 0 && app.frame + 1 >= app.max_frames;
  if (last_frame && !app.screenshot.empty()) save_screenshot(app.screenshot);
  SDL_GL_SwapWindow(app.window);

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
    else if (!std::strcmp(argv[i], "--mode") && i + 1 < argc) {
      if (auto m = mode_from_name(argv[++i])) app->state.set_mode(*m);
    }
    else if (!std::strcmp(argv[i], "--help")) {
      std::printf("usage: %s [--frames N] [--screenshot FILE.bmp] [--mode run|compare|sweep|explain] [LINK]\n", argv[0]);
      return 0;
    }
    else link = argv[i];
  }

  // The scenario from the URL fragment (web) or the command line (native). A bad link shows
  // the engine's message in the error panel and the default scenario runs.
  // window.alloclab is ready before any graphics: runJson works even without WebGL2.
  if (link.empty()) link = page_link();
  if (!link.empty()) (void)app->state.load_link(link);
  else app->help.open = true;  // a first visit: Start here
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
  // ImGui draws with neither: no depth or stencil buffer to allocate and clear every frame
  // (on the web the browser clears whatever the context has before each frame).
  SDL_GL_SetAttribute(SDL_GL_DEPTH_SIZE, 0);
  SDL_GL_SetAttribute(SDL_GL_STENCIL_SIZE, 0);
  app->window = SDL_CreateWindow(kWindowTitle, SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, 1280, 800,
                                 SDL_WindowFlags(SDL_WINDOW_OPENGL | SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI));
  if (!app->window) { std::fprintf(stderr, "alloclab_app: SDL_CreateWindow: %s\n", SDL_GetError()); return 1; }
  app->gl = SDL_GL_CreateContext(app->window);
  if (!app->gl) { std::fprintf(stderr, "alloclab_app: SDL_GL_CreateContext: %s\n", SDL_GetError()); return 1; }
  SDL_GL_MakeCurrent(app->window, app->gl);
  SDL_GL_SetSwapInterval(1);

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGui::GetIO().IniFilename = nullptr;
  setup_style();
  ImGui_ImplSDL2_InitForOpenGL(app->window, app->gl);
  if (!app->renderer.init(glsl)) return 1;

#ifdef __EMSCRIPTEN__
  // The emscripten main-loop stub: the browser calls run_frame once per animation frame with
  // the App as the user pointer.
  emscripten_set_main_loop_arg([](void* p) { run_frame(*static_cast<App*>(p)); }, app, 0, true);
#else
  while (!app->done) run_frame(*app);
  app->mesh.canvas.shutdown();
  app->mesh.heat.shutdown();
  app->explain.canvas.shutdown();
  app->compare.shutdown();
  app->renderer.shutdown();
  ImGui_ImplSDL2_Shutdown();
  ImGui::DestroyContext();
  SDL_GL_DeleteContext(app->gl);
  SDL_DestroyWindow(app->window);
  SDL_Quit();
  const auto& f = app->state.timing().frame_ms();
  double mean = 0;
  for (std::size_t i = 0; i < f.size(); ++i) mean += f.at(i);
  std::printf("alloclab_app: %lld frames, mean frame work %.2f ms (last %zu), t = %.1f, %lld events\n", app->frame,
              f.size() ? mean / double(f.size()) : 0.0, f.size(), app->state.sim().now(), app->state.events());
#endif
  return 0;
}
