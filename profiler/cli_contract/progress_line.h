// The machine progress line, `FEEDSCOPE-PROGRESS <fraction 0..1> <message>`: written by `record`,
// `demo`, `calibrate` and `import` with `--progress machine`, read by the GUI that runs them. One
// format and one parser, so both sides agree on what a line is (one line: newlines in the message
// become spaces).
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace feedscope::cli {

inline constexpr std::string_view kProgressPrefix = "FEEDSCOPE-PROGRESS ";

// The line without its newline; the fraction clamped to [0, 1], three decimals.
std::string formatProgressLine(double fraction, std::string_view message);

struct ProgressLine {
  double fraction = 0;
  std::string message;
};

// nullopt for anything that is not a progress line (another stderr line of the program).
std::optional<ProgressLine> parseProgressLine(std::string_view line);

}  // namespace feedscope::cli
