// The one median of Feedscope: the analysis' step figures, the what-if model and the GUI's summary
// tables all use it, so "median" means the same number everywhere (for an even count, the midpoint of
// the two middle values, rounded down to the nanosecond).
#pragma once

#include <algorithm>
#include <vector>

#include "trace/types.h"

namespace feedscope::analysis {

inline trace::TimeNs median(std::vector<trace::TimeNs> values) {
  if (values.empty()) return 0;
  auto mid = values.begin() + static_cast<std::ptrdiff_t>(values.size() / 2);
  std::nth_element(values.begin(), mid, values.end());
  if (values.size() % 2 == 1) return *mid;
  trace::TimeNs upper = *mid;
  trace::TimeNs lower = *std::max_element(values.begin(), mid);
  return lower + (upper - lower) / 2;
}

}  // namespace feedscope::analysis
