// Writing to standard output with every error checked: `feedscope report S > /dev/full` must fail.
#pragma once

#include <string_view>

namespace feedscope::cli {

// Writes all of `text` to stdout; throws io::OutputError when the write fails.
void writeStandardOutput(std::string_view text);
// Flushes stdout and checks that everything written to it so far arrived; throws io::OutputError.
void finishStandardOutput();

}  // namespace feedscope::cli
