// Messages that cannot fail the command.
#include "user_messages.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <string>
#include <vector>

#include "terminal_text.h"

namespace feedscope::cli {

void writeUserText(std::string_view text, bool keepNewlines) noexcept {
  try {
    bool endsInNewline = !text.empty() && text.back() == '\n';
    if (endsInNewline) text.remove_suffix(1);
    std::string safe = printable(text, keepNewlines);
    if (endsInNewline) safe += '\n';
    std::fflush(stderr);  // whatever a library printed through the stream comes first
    const char* data = safe.data();
    std::size_t left = safe.size();
    while (left > 0) {
      ssize_t n = ::write(STDERR_FILENO, data, left);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) return;
      data += n;
      left -= static_cast<std::size_t>(n);
    }
  } catch (...) {
    // Out of memory while sanitizing: the message is lost, the exit code stays.
  }
}

namespace {

// Filled once, at the start of main, before any thread: read-only afterwards.
std::vector<int>& reserved() noexcept {
  static std::vector<int> fds;
  return fds;
}

}  // namespace

void reserveStandardDescriptors() noexcept {
  for (int fd = 0; fd <= 2; ++fd) {
    if (::fcntl(fd, F_GETFD) >= 0 || errno != EBADF) continue;
    // The opposite direction: a read of closed stdin and a write to closed stdout/stderr keep failing.
    int placeholder = ::open("/dev/null", fd == STDIN_FILENO ? O_WRONLY : O_RDONLY);
    if (placeholder >= 0 && placeholder != fd) {
      ::dup2(placeholder, fd);
      ::close(placeholder);
    }
    if (placeholder >= 0) {
      try {
        reserved().push_back(fd);
      } catch (...) {
        // No memory for three ints at start-up: the program would see /dev/null, nothing worse.
      }
    }
  }
}

const std::vector<int>& reservedStandardDescriptors() noexcept { return reserved(); }

}  // namespace feedscope::cli
