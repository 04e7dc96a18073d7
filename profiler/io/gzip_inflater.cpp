// Chooses the inflater: ISA-L when the build has it, zlib otherwise or when asked.
#include "io/gzip_inflater.h"

#include <stdexcept>

#include "io/inflater_backends.h"

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
#ifdef FEEDSCOPE_HAVE_ISAL
  if (kind == InflaterKind::Best || kind == InflaterKind::Isal) return makeIsalInflater();
#else
  if (kind == InflaterKind::Isal) throw std::logic_error("this build has no ISA-L inflater");
#endif
  return makeZlibInflater();
}

}  // namespace feedscope::io
