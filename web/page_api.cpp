// page_api.cpp — window.alloclab and the URL fragment (see page_api.hpp). The JS parts are
// EM_JS functions; the C entry points they call are exported with EMSCRIPTEN_KEEPALIVE and
// take the AppState pointer that JS received at install time (no globals on the C++ side).
#include "page_api.hpp"
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <sstream>
#include "cli/cli.hpp"
#include "run_json.hpp"
#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#endif

namespace alloclab::app {

Result<std::string> run_json_for_link(const std::string& link) {
  auto s = parse_link(link);
  if (!s) return s.error();
  if (Status st = validate(*s); !st) return st.error();
  const auto w0 = std::chrono::steady_clock::now();
  const std::clock_t c0 = std::clock();
  auto rep = run_scenario(*s);
  if (!rep) return rep.error();
  RunTiming t;
  t.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - w0).count();
  t.cpu_seconds = double(std::clock() - c0) / CLOCKS_PER_SEC;
  return run_json(*s, *rep, t);
}

std::string engine_version() {
  std::ostringstream out, err;
  cli_main({"--version"}, out, err);
  std::string v = out.str();  // "alloclab X.Y.Z\n"
  if (auto sp = v.find(' '); sp != std::string::npos) v = v.substr(sp + 1);
  while (!v.empty() && (v.back() == '\n' || v.back() == '\r')) v.pop_back();
  return v;
}

namespace {
// A malloc'd copy for JS (which frees it with _free).
char* to_js(const std::string& s) {
  char* p = static_cast<char*>(std::malloc(s.size() + 1));
  if (p) std::memcpy(p, s.c_str(), s.size() + 1);
  return p;
}
}  // namespace

}  // namespace alloclab::app

// ---- C entry points for window.alloclab (exported; JS passes back the AppState pointer)
extern "C" {

#ifdef __EMSCRIPTEN__
EMSCRIPTEN_KEEPALIVE
#endif
char* alloclab_run_json(const char* link, int* ok) {
  auto r = alloclab::app::run_json_for_link(link ? link : "");
  *ok = r ? 1 : 0;
  return alloclab::app::to_js(r ? *r : r.error().message);
}

#ifdef __EMSCRIPTEN__
EMSCRIPTEN_KEEPALIVE
#endif
char* alloclab_link(const alloclab::app::AppState* state) { return alloclab::app::to_js(state->link()); }

#ifdef __EMSCRIPTEN__
EMSCRIPTEN_KEEPALIVE
#endif
int alloclab_frame_times(const alloclab::app::AppState* state, float* out, int cap) {
  const auto& ring = state->frame_ms();
  const int n = int(ring.size()) < cap ? int(ring.size()) : cap;
  for (int i = 0; i < n; ++i) out[i] = ring.at(ring.size() - std::size_t(n) + std::size_t(i));
  return n;
}

#ifdef __EMSCRIPTEN__
EMSCRIPTEN_KEEPALIVE
#endif
char* alloclab_error(const alloclab::app::AppState* state) { return alloclab::app::to_js(state->error()); }

// A manual edit of the fragment: load it (errors go to the error panel; the old scenario stays).
#ifdef __EMSCRIPTEN__
EMSCRIPTEN_KEEPALIVE
#endif
void alloclab_hash_changed(alloclab::app::AppState* state, const char* link) {
  if (link && state->link() != link) (void)state->load_link(link);
}

}  // extern "C"

#ifdef __EMSCRIPTEN__
// clang-format off
EM_JS(char*, js_page_link, (), {
  var h = window.location.hash || "";
  if (h.charAt(0) === "#") h = h.substring(1);
  var n = lengthBytesUTF8(h) + 1;
  var p = _malloc(n);
  stringToUTF8(h, p, n);
  return p;
});

EM_JS(void, js_page_set_link, (const char* link), {
  var l = UTF8ToString(link);
  var url = window.location.pathname + window.location.search + (l ? "#" + l : "");
  try { window.history.replaceState(window.history.state, "", url); } catch (e) { console.error(e); }
});

EM_JS(void, js_install_api, (void* state, const char* version), {
  var take = function (p) { var s = UTF8ToString(p); _free(p); return s; };
  // Strings go to C through _malloc, not ccall's "string" (which copies onto the wasm stack:
  // a multi-megabyte fragment or argument would overflow it).
  var put = function (s) {
    var n = lengthBytesUTF8(s) + 1, p = _malloc(n);
    if (!p) throw new Error("alloclab: out of memory for a " + s.length + "-character string");
    stringToUTF8(s, p, n);
    return p;
  };
  // window.alloclab was created by web/api_pre.js; fill it in place (references stay valid).
  var api = window.alloclab || (window.alloclab = {});
  Object.assign(api, {
    ready: false,
    version: UTF8ToString(version),
    // The `alloclab run` JSON text for a link (a string; "" or undefined = the default
    // scenario); throws a TypeError for anything else and an Error with the engine's message
    // for a bad link.
    runJson: function (link) {
      if (link === undefined) link = "";
      if (typeof link !== "string")
        throw new TypeError("alloclab.runJson: the link must be a string, not " + (link === null ? "null" : typeof link));
      if (link.length > 65536) throw new Error("link: longer than 65536 characters");
      var okp = _malloc(4), lp = 0;
      try {
        lp = put(link);
        var out = _alloclab_run_json(lp, okp);
        var ok = getValue(okp, "i32");
        var text = take(out);
        if (!ok) throw new Error(text);
        return text;
      } finally { _free(okp); if (lp) _free(lp); }
    },
    // The canonical link of the scenario shown in the panels.
    link: function () { return take(_alloclab_link(state)); },
    // The message shown in the error panel ("" when none).
    error: function () { return take(_alloclab_error(state)); },
    // Recent frame times in milliseconds, oldest first.
    frameStats: function () {
      var cap = 240, buf = _malloc(cap * 4);
      try {
        var n = _alloclab_frame_times(state, buf, cap);
        var a = [];
        for (var i = 0; i < n; ++i) a.push(getValue(buf + i * 4, "float"));
        return a;
      } finally { _free(buf); }
    }
  });
  window.addEventListener("hashchange", function () {
    var h = window.location.hash || "";
    if (h.charAt(0) === "#") h = h.substring(1);
    var p = put(h);
    try { _alloclab_hash_changed(state, p); } finally { _free(p); }
  });
  api.ready = true;
});
// clang-format on
#endif

namespace alloclab::app {

std::string page_link() {
#ifdef __EMSCRIPTEN__
  char* p = js_page_link();
  std::string s(p);
  std::free(p);
  return s;
#else
  return {};
#endif
}

void page_set_link([[maybe_unused]] const std::string& link) {
#ifdef __EMSCRIPTEN__
  js_page_set_link(link.c_str());
#endif
}

void page_install_api([[maybe_unused]] AppState& state) {
#ifdef __EMSCRIPTEN__
  const std::string v = engine_version();
  js_install_api(&state, v.c_str());
#endif
}

}  // namespace alloclab::app
