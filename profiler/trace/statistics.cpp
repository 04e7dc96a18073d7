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
  return lower + (upper - lower) / 2;  // no overflow for any two valid times
}

}  // namespace feedscope::trace
