// The session writers' lock as the CLI takes it: one line on stderr while it waits for another
// feedscope, or exit 5 at once with --no-wait.
#pragma once

#include <fmt/format.h>

#include <cstdio>
#include <string>

#include "store/session_lock.h"
#include "user_messages.h"

namespace feedscope::cli {

inline io::SessionWriteLock lockSessionForWriting(const std::string& session, bool noWait) {
  return io::SessionWriteLock(session, noWait ? io::LockWait::Fail : io::LockWait::Wait,
                              [](const std::string& line) { printMessage("feedscope: {}\n", line); });
}

inline constexpr const char* kNoWaitHelp =
    "fail at once (exit 5) when another feedscope is writing the same session, instead of waiting";

}  // namespace feedscope::cli
