// Lane titles cut by what tells lanes apart (see lane_title.h).
#include "view/lane_title.h"

#include <cctype>
#include <vector>

#include "view/elide.h"

namespace feedscope::view {
namespace {

constexpr std::string_view kSeparator = " · ";
constexpr std::string_view kEllipsis = "…";

std::vector<std::string> segmentsOf(std::string_view title) {
  std::vector<std::string> parts;
  std::size_t at = 0;
  while (true) {
    const std::size_t next = title.find(kSeparator, at);
    parts.emplace_back(title.substr(at, next == std::string_view::npos ? std::string_view::npos : next - at));
    if (next == std::string_view::npos) return parts;
    at = next + kSeparator.size();
  }
}

std::string joined(const std::vector<std::string>& parts) {
  std::string out;
  for (std::size_t k = 0; k < parts.size(); ++k) out += (k > 0 ? std::string(kSeparator) : std::string()) + parts[k];
  return out;
}

// "79% hidden", "3.2 GB/s": a figure about the lane, not its name.
bool isFigure(const std::string& part) {
  return !part.empty() && (std::isdigit(static_cast<unsigned char>(part.front())) || part.find('%') != std::string::npos);
}

// "GPU 0 stream 7" -> "stream 7"; "thread 561" stays. The lane's own number and the word naming it.
std::string withoutDevice(const std::string& part) {
  for (std::string_view word : {"stream ", "thread "}) {
    const std::size_t at = part.find(word);
    if (at != std::string::npos && at > 0) return part.substr(at);
  }
  return part;
}

// The last two words of the first part: "stream 7", "thread 561", "rank 3 waiting..." keeps the end.
std::string numberPart(const std::string& part) {
  const std::size_t last = part.rfind(' ');
  if (last == std::string::npos || last == 0) return part;
  const std::size_t before = part.rfind(' ', last - 1);
  return before == std::string::npos ? part : part.substr(before + 1);
}

// `text` cut at its end to fit `room` with a trailing "…" (code points, never half a character).
std::string cutEnd(const std::string& text, double room, const TextWidth& width) {
  if (width(text) <= room) return text;
  std::vector<std::size_t> starts;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if ((static_cast<unsigned char>(text[i]) & 0xc0) != 0x80) starts.push_back(i);
  }
  for (std::size_t n = starts.size(); n-- > 1;) {
    std::string cut = text.substr(0, starts[n]) + std::string(kEllipsis);
    if (width(cut) <= room) return cut;
  }
  return std::string(kEllipsis);
}

}  // namespace

std::string fitLaneTitle(std::string_view marker, std::string_view pinnedRun, std::string_view title, double room,
                         const TextWidth& width) {
  std::vector<std::string> parts = segmentsOf(title);
  std::string run(pinnedRun);
  auto compose = [&] {
    std::string out(marker);
    if (!pinnedRun.empty()) out += "pinned" + std::string(kSeparator) + run + std::string(kSeparator);
    return out + joined(parts);
  };
  auto fits = [&] { return width(compose()) <= room; };
  if (fits()) return compose();
  // A figure after the kind.
  while (parts.size() > 2 && isFigure(parts.back())) {
    parts.pop_back();
    if (fits()) return compose();
  }
  // The device before a stream or thread.
  parts.front() = withoutDevice(parts.front());
  if (fits()) return compose();
  // The pinned run's name, shorter and shorter, then only "…".
  for (std::size_t chars = codePointCount(run); !pinnedRun.empty() && chars-- > 3;) {
    run = elideMiddle(pinnedRun, chars);
    if (fits()) return compose();
  }
  if (!pinnedRun.empty()) {
    run = std::string(kEllipsis);
    if (fits()) return compose();
  }
  // The words before the number, then the kind cut at its end.
  parts.front() = numberPart(parts.front());
  if (fits()) return compose();
  const std::string identity = [&] {
    std::string out(marker);
    if (!pinnedRun.empty()) out += "pinned" + std::string(kSeparator) + run + std::string(kSeparator);
    return out + parts.front();
  }();
  if (parts.size() == 1) return cutEnd(identity, room, width);
  std::vector<std::string> rest(parts.begin() + 1, parts.end());
  const std::string head = identity + std::string(kSeparator);
  const double left = room - width(head);
  return left > width(kEllipsis) ? head + cutEnd(joined(rest), left, width) : identity;
}

}  // namespace feedscope::view
