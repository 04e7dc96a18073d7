// Chooses the inflater: ISA-L when the build has it, zlib otherwise or when asked.
#include "read/gzip_inflater.h"

#include <cstdlib>
#include <stdexcept>
#include <string_view>

#include "read/inflater_backends.h"

namespace feedscope::io {

bool isalAvailable() {
#ifdef FEEDSCOPE_HAVE_ISAL
  return true;
#else
  return false;
#endif
}

const char* bestInflaterName() { return isalAvailable() ? "isa-l" : "zlib"; }

std::unique_ptr<GzipInflater> GzipInflater::make(InflaterKind kind) {
  // FEEDSCOPE_INFLATER=zlib makes "best" mean zlib in a build with ISA-L: one binary measures both
  // (tools/bench_import.py).
  if (kind == InflaterKind::Best) {
    const char* forced = std::getenv("FEEDSCOPE_INFLATER");
    if (forced != nullptr && std::string_view(forced) == "zlib") kind = InflaterKind::Zlib;
  }
#ifdef FEEDSCOPE_HAVE_ISAL
  if (kind == InflaterKind::Best || kind == InflaterKind::Isal) return makeIsalInflater();
#else
  if (kind == InflaterKind::Isal) throw std::logic_error("this build has no ISA-L inflater");
#endif
  return makeZlibInflater();
}

}  // namespace feedscope::io
