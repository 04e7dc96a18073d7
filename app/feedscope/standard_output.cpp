// Checked writes to standard output.
#include "standard_output.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string>

#include "io/errors.h"

namespace feedscope::cli {

namespace {

[[noreturn]] void fail(int error) {
  throw io::OutputError(std::string("cannot write to standard output (") + std::strerror(error) + ")");
}

}  // namespace

void writeStandardOutput(std::string_view text) {
  if (std::fwrite(text.data(), 1, text.size(), stdout) != text.size()) fail(errno);
}

void finishStandardOutput() {
  // ferror also catches a failed write of an earlier fmt::print whose result nobody looked at.
  if (std::fflush(stdout) != 0) fail(errno);
  if (std::ferror(stdout)) fail(EIO);
}

}  // namespace feedscope::cli
