// Text from a recorded program (its messages, names, command line) on the way to a terminal: control
// characters could move the cursor, retitle the window or fake lines, so they are shown as '?'.
#pragma once

#include <string>
#include <string_view>

namespace feedscope::cli {

// `text` with C0 controls (but tab, and newline when `keepNewlines`), DEL and C1 controls (U+0080 to
// U+009F, which some terminals obey as escape sequences) replaced by '?'.
std::string printable(std::string_view text, bool keepNewlines = false);

}  // namespace feedscope::cli
