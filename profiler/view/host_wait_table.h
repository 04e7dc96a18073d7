// The Tables tab's "Host wait by range": for a selected time range, the GPU's host-other idle time by
// the host range that kept it waiting (analysis/host_wait_names.h), one row per run, GPU and name,
// then what no range names. The rows add up to the range's "host: other".
#pragma once

#include <vector>

#include "view/event_tables.h"
#include "view/timeline_model.h"

namespace feedscope::view {

// Rows with `count` the idle stretches, `total` their time clipped to `range` (display time), and
// `share` of the range; the largest total first.
std::vector<SummaryRow> summarizeHostWait(const TimelineModel& model, TimeRange range);

}  // namespace feedscope::view
