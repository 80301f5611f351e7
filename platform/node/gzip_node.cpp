// gzip_node.cpp — gunzip for the wasm CLI and the wasm tests, which run under Node: the bytes go
// to Node's own zlib module (zlib.gunzipSync), which reads concatenated members as gzip(1) does.
// It lives outside engine/ (which includes no platform headers) and is compiled into the CLI
// library only for emscripten (CMakeLists.txt); engine/cli/gzip.cpp is the native zlib version, and the
// two report failures through the same texts (gzip_common.cpp).
#include <emscripten.h>
#include "cli/gzip.hpp"

namespace alloclab {

namespace {

// Inflates n bytes at src and keeps the result on the JS side; returns its length, or -1
// (truncated: Node's Z_BUF_ERROR), -2 (corrupt: any other zlib error), -3 (over `limit`).
EM_JS(double, js_gunzip, (const char* src, double n, double limit), {
  var zlib = require("zlib");
  try {
    Module["_alloclabGunzip"] = zlib.gunzipSync(HEAPU8.subarray(src, src + n), { maxOutputLength: limit + 1 });
  } catch (e) {
    if (e.code === "Z_BUF_ERROR") return -1;
    if (e.code === "ERR_BUFFER_TOO_LARGE" || e instanceof RangeError) return -3;
    return -2;
  }
  if (Module["_alloclabGunzip"].length > limit) { Module["_alloclabGunzip"] = null; return -3; }
  return Module["_alloclabGunzip"].length;
});

// Copies the kept result to dst and lets it go.
EM_JS(void, js_gunzip_take, (char* dst), {
  HEAPU8.set(Module["_alloclabGunzip"], dst);
  Module["_alloclabGunzip"] = null;
});

}  // namespace

Result<std::string> gunzip(std::string_view bytes, std::string_view source, std::size_t limit) {
  const double n = js_gunzip(bytes.data(), double(bytes.size()), double(limit));
  if (n == -1) return gunzip_error(GunzipFailure::Truncated, source, limit);
  if (n == -2) return gunzip_error(GunzipFailure::Corrupt, source, limit);
  if (n == -3) return gunzip_error(GunzipFailure::TooLarge, source, limit);
  std::string out(std::size_t(n), '\0');
  if (n > 0) js_gunzip_take(out.data());
  return out;
}

}  // namespace alloclab
