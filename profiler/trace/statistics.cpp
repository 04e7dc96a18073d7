// The median.
#include "trace/statistics.h"

#include <algorithm>

namespace feedscope::trace {

TimeNs medianNs(std::vector<TimeNs> values) {
  if (values.empty()) return 0;
  auto mid = values.begin() + static_cast<std::ptrdiff_t>(values.size() / 2);
  std::nth_element(values.begin(), mid, values.end());
  if (values.size() % 2 == 1) return *mid;
  const TimeNs upper = *mid;
  const TimeNs lower = *std::max_element(values.begin(), mid);
  // floor((lower + upper) / 2) without forming the sum: valid times span 2^63, which would overflow.
  return (lower >> 1) + (upper >> 1) + (lower & upper & 1);
}

}  // namespace feedscope::trace
