// Factories of the concrete inflaters (gzip_inflater.cpp chooses between them).
#pragma once

#include <memory>

#include "read/gzip_inflater.h"

namespace feedscope::io {

std::unique_ptr<GzipInflater> makeZlibInflater();
#ifdef FEEDSCOPE_HAVE_ISAL
std::unique_ptr<GzipInflater> makeIsalInflater();
#endif

}  // namespace feedscope::io
