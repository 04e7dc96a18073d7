// Lines for the user on stderr: errors, notes, "wrote FILE". Writing one never throws and never
// changes the exit code: with stderr closed (2>&-), full or a pipe nobody reads, the line is lost, not
// the command's result (a record whose program exited 0 still exits 0). Every line goes through the
// terminal sanitizer (terminal_text.h): file names, run names and error details come from the user's
// files and must not move the cursor or retitle the window.
#pragma once

#include <fmt/format.h>

#include "cli_contract/error_line.h"

#include <string>
#include <string_view>
#include <vector>
#include <utility>

namespace feedscope::cli {

// Writes `text` to descriptor 2 with control characters replaced (newlines kept only when
// `keepNewlines`, plus one at the end of the text); ignores every failure.
void writeUserText(std::string_view text, bool keepNewlines = false) noexcept;

// printMessage("wrote {}\n", path): fmt::print(stderr, ...) that cannot fail.
template <typename... Args>
void printMessage(fmt::format_string<Args...> format, Args&&... args) noexcept {
  try {
    writeUserText(fmt::format(format, std::forward<Args>(args)...));
  } catch (...) {
    // Out of memory while formatting a message: the message is lost, the exit code stays.
  }
}

// printError("{}", e.what()): the failure's one line, "feedscope: error: " first (cli/error_line.h),
// then a newline.
template <typename... Args>
void printError(fmt::format_string<Args...> format, Args&&... args) noexcept {
  try {
    writeUserText(std::string(kErrorPrefix) + fmt::format(format, std::forward<Args>(args)...) + "\n");
  } catch (...) {
    // Out of memory while formatting a message: the message is lost, the exit code stays.
  }
}

// Descriptors 0, 1 and 2 that the caller left closed (`2>&-`) are held by /dev/null opened the
// other way round, so writes still fail with EBADF as on a closed descriptor (stdout's exit 5 holds),
// but the first file Feedscope opens cannot become "stderr" and receive its messages.
void reserveStandardDescriptors() noexcept;
// The descriptors reserveStandardDescriptors found closed and now holds: the program `record` runs
// gets them closed again, as it would have them without Feedscope (launch::RecordOptions).
const std::vector<int>& reservedStandardDescriptors() noexcept;

}  // namespace feedscope::cli
