// gzip_common.cpp — what the native (gzip.cpp) and Node (gzip_node.cpp) inflaters share: the
// magic test and the error texts.
#include "gzip.hpp"

namespace alloclab {

bool is_gzip(std::string_view bytes) {
  return bytes.size() >= 2 && (unsigned char)bytes[0] == 0x1f && (unsigned char)bytes[1] == 0x8b;
}

Error gunzip_error(GunzipFailure f, std::string_view source, std::size_t limit) {
  std::string m = "trace ";
  m += source;
  switch (f) {
    case GunzipFailure::Truncated: m += ": truncated gzip data (the file ends inside the compressed stream)"; break;
    case GunzipFailure::Corrupt: m += ": corrupt gzip data (bad header, compressed data or checksum)"; break;
    case GunzipFailure::TooLarge:
      m += ": decompresses to more than ";
      m += std::to_string(limit >> 20);
      m += " MiB (the trace limit)";
      break;
  }
  return Error{m};
}

}  // namespace alloclab
