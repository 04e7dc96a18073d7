// The progress line's format and parser.
#include "cli_contract/progress_line.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cmath>

namespace feedscope::cli {

namespace {

std::string_view trimmed(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r' || s.back() == '\n'))
    s.remove_suffix(1);
  return s;
}

}  // namespace

std::string formatProgressLine(double fraction, std::string_view message) {
  if (!std::isfinite(fraction)) fraction = 0;
  std::string oneLine(message);
  std::replace(oneLine.begin(), oneLine.end(), '\n', ' ');
  std::replace(oneLine.begin(), oneLine.end(), '\r', ' ');
  return fmt::format("{}{:.3f} {}", kProgressPrefix, std::clamp(fraction, 0.0, 1.0), oneLine);
}

std::optional<ProgressLine> parseProgressLine(std::string_view line) {
  if (line.substr(0, kProgressPrefix.size()) != kProgressPrefix) return std::nullopt;
  std::string_view rest = trimmed(line.substr(kProgressPrefix.size()));
  std::size_t space = rest.find(' ');
  std::string_view number = rest.substr(0, space);
  double fraction = 0;
  auto [end, error] = std::from_chars(number.data(), number.data() + number.size(), fraction);
  if (error != std::errc() || end != number.data() + number.size() || !(fraction >= 0 && fraction <= 1))
    return std::nullopt;
  return ProgressLine{fraction, space == std::string_view::npos ? std::string() : std::string(trimmed(rest.substr(space + 1)))};
}

}  // namespace feedscope::cli
