// The metrics of a selected time range: the core's measureWindow over each run's part of it.
#pragma once

#include <string>
#include <vector>

#include "analysis/options.h"
#include "analysis/window_metrics.h"
#include "view/describe.h"
#include "view/timeline_model.h"

namespace feedscope::view {

struct RangeFigures {
  std::size_t run = 0;
  std::int32_t device = 0;
  analysis::WindowMetrics metrics;
};

// One entry per run and device with GPU work; the range is in display time, so with runs aligned at
// their first step the same range covers the same part of each run.
std::vector<RangeFigures> measureRange(const TimelineModel& model, TimeRange range,
                                       const analysis::AnalysisOptions& options = {});

// "Selection: 12.3 ms" with one line per run and device: compute, starvation by cause, copy only.
Description describeRange(const TimelineModel& model, TimeRange range,
                          const analysis::AnalysisOptions& options = {});

}  // namespace feedscope::view
