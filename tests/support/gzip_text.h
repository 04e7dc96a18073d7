// Bytes gzipped in memory with zlib, for tests that need a .gz input (and gzip bombs).
#pragma once

#include <zlib.h>

#include <string>
#include <string_view>

namespace feedscope::testing {

inline std::string gzipString(std::string_view text) {
  std::string out(compressBound(static_cast<uLong>(text.size())) + 64, '\0');
  z_stream zs{};
  if (deflateInit2(&zs, 9, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY) != Z_OK) return {};
  zs.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(text.data()));
  zs.avail_in = static_cast<uInt>(text.size());
  zs.next_out = reinterpret_cast<Bytef*>(out.data());
  zs.avail_out = static_cast<uInt>(out.size());
  const bool finished = deflate(&zs, Z_FINISH) == Z_STREAM_END;
  out.resize(finished ? zs.total_out : 0);
  deflateEnd(&zs);
  return out;
}

}  // namespace feedscope::testing
