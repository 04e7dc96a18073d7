// Eliding run names in the middle, counting UTF-8 code points so that "µ" or "é" is never split.
#include "view/elide.h"

#include <algorithm>
#include <vector>

namespace feedscope::view {
namespace {

// Byte offsets where each code point starts.
std::vector<std::size_t> codePointStarts(std::string_view s) {
  std::vector<std::size_t> starts;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if ((static_cast<unsigned char>(s[i]) & 0xc0) != 0x80) starts.push_back(i);
  }
  return starts;
}

}  // namespace

std::string elideMiddle(std::string_view name, std::size_t maxChars) {
  const auto starts = codePointStarts(name);
  if (starts.size() <= maxChars || maxChars < 3) return std::string(name);
  // The end keeps more than the start: runs of one experiment tend to share a prefix ("h200_…").
  const std::size_t keep = maxChars - 1;  // one character for "…"
  const std::size_t head = keep / 3;
  const std::size_t tail = keep - head;
  std::string out(name.substr(0, starts[head]));
  out += "…";
  out += name.substr(starts[starts.size() - tail]);
  return out;
}

std::size_t runNameChars(std::size_t runs) {
  if (runs <= 2) return 20;
  if (runs <= 4) return 14;
  return 8;
}

}  // namespace feedscope::view
