// gzip.hpp — gzip-compressed trace files (`trace=LOG.swf.gz`): the CLI reads a file's bytes and,
// when they start with the gzip magic (1f 8b), inflates them here before the engine parses the
// text. Natively through zlib (gzip.cpp); in the wasm CLI and tests under Node through Node's
// own zlib module (platform/node/gzip_node.cpp, compiled only for emscripten). Both report the same three
// failures with the same text, so native and wasm runs print the same error.
#pragma once
#include "layer.hpp"
#include <string>
#include <string_view>
#include "../core/error.hpp"

namespace alloclab {

// True when `bytes` start with the gzip magic number (1f 8b).
bool is_gzip(std::string_view bytes);

// The decompressed bytes of every gzip member in `bytes` (concatenated members are read as
// one stream, as gzip(1) does), at most `limit` bytes. Errors name `source`: truncated data
// (the file ends inside a member), corrupt data (bad header, deflate data or checksum) and
// output over `limit`.
Result<std::string> gunzip(std::string_view bytes, std::string_view source, std::size_t limit);

// The shared error texts (gzip.cpp and gzip_node.cpp report failures through these).
enum class GunzipFailure { Truncated, Corrupt, TooLarge };
Error gunzip_error(GunzipFailure f, std::string_view source, std::size_t limit);

}  // namespace alloclab
