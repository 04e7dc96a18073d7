// Marks.
#include "view/marks.h"

#include <algorithm>
#include <array>

namespace feedscope::view {

Rgb markColor(std::size_t index) {
  // Perfetto-like marker hues; kernels are blue, copies red to orange, steps green.
  static constexpr std::array<Rgb, 5> kColors{0x00b8c8, 0xe8d000, 0xb05ce6, 0x7cc800, 0xff66a0};
  return kColors[index % kColors.size()];
}

bool Marks::toggle(TimeRange range) {
  if (range.end < range.start) return false;
  auto same = std::find_if(marks_.begin(), marks_.end(), [&](const Mark& m) { return m.range == range; });
  if (same != marks_.end()) {
    marks_.erase(same);
    return false;
  }
  marks_.push_back({range, markColor(added_++)});
  return true;
}

}  // namespace feedscope::view
