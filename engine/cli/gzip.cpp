// gzip.cpp — gunzip through zlib (native builds; the wasm build uses platform/node/gzip_node.cpp instead).
#include "gzip.hpp"
#include <zlib.h>

namespace alloclab {

Result<std::string> gunzip(std::string_view bytes, std::string_view source, std::size_t limit) {
  std::string out;
  out.resize(std::min(limit + 1, std::max<std::size_t>(bytes.size() * 4, 1 << 16)));
  std::size_t have = 0;
  std::size_t pos = 0;
  // one member per pass; a member is followed by another member or by the end of the input
  while (pos < bytes.size()) {
    if (pos > 0 && !is_gzip(bytes.substr(pos))) break;  // trailing bytes after the last member (as Node)
    z_stream z{};
    if (inflateInit2(&z, 16 + MAX_WBITS) != Z_OK) return gunzip_error(GunzipFailure::Corrupt, source, limit);
    z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(bytes.data() + pos));
    z.avail_in = uInt(bytes.size() - pos);
    int rc = Z_OK;
    while (rc != Z_STREAM_END) {
      if (have == out.size()) {
        if (out.size() > limit) { inflateEnd(&z); return gunzip_error(GunzipFailure::TooLarge, source, limit); }
        out.resize(std::min(limit + 1, out.size() * 2));
      }
      z.next_out = reinterpret_cast<Bytef*>(out.data() + have);
      z.avail_out = uInt(out.size() - have);
      rc = inflate(&z, Z_NO_FLUSH);
      have = out.size() - z.avail_out;
      if (rc == Z_STREAM_END) break;
      if (rc == Z_BUF_ERROR && z.avail_in == 0) { inflateEnd(&z); return gunzip_error(GunzipFailure::Truncated, source, limit); }
      if (rc != Z_OK && rc != Z_BUF_ERROR) { inflateEnd(&z); return gunzip_error(GunzipFailure::Corrupt, source, limit); }
      if (rc == Z_OK && z.avail_in == 0 && z.avail_out > 0) { inflateEnd(&z); return gunzip_error(GunzipFailure::Truncated, source, limit); }
    }
    pos = bytes.size() - z.avail_in;
    inflateEnd(&z);
    if (have > limit) return gunzip_error(GunzipFailure::TooLarge, source, limit);
  }
  out.resize(have);
  return out;
}

}  // namespace alloclab
