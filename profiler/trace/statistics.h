// The one median every figure uses (analysis, the demo's own step report, calibration, the GUI's
// tables): the middle value, or the mean of the two middle values of an even count (rounded toward
// the lower one), so a figure reads the same wherever it is shown.
#pragma once

#include <vector>

#include "trace/types.h"

namespace feedscope::trace {

// 0 for no values.
TimeNs medianNs(std::vector<TimeNs> values);

}  // namespace feedscope::trace
