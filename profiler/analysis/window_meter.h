// Measures many windows of one device timeline quickly: each sorted array keeps a cursor, found by
// galloping forward from the previous window (or by binary search when a window goes back), so the
// steps of a run — windows in time order — cost time linear in what they contain, not a binary
// search per array per step.
#pragma once

#include <array>
#include <cstddef>

#include "analysis/device_timeline.h"
#include "analysis/window_metrics.h"

namespace feedscope::analysis {

class WindowMeter {
 public:
  explicit WindowMeter(const DeviceTimeline& timeline, const AnalysisOptions& options = {})
      : tl_(timeline), options_(options) {}

  WindowMetrics measure(Span window);

 private:
  // One cursor per sorted array of the timeline.
  enum Cursor : std::size_t {
    kKernels, kNonKernel, kH2d, kH2dHidden, kCauses, kGaps, kKernelStarts, kMemsetStarts, kH2dCopies,
    kD2hCopies, kD2dCopies, kCursorCount
  };

  const DeviceTimeline& tl_;
  AnalysisOptions options_;
  std::array<std::size_t, kCursorCount> cursors_{};
};

}  // namespace feedscope::analysis
