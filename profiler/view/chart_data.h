// Series for the compare view's charts, computed and downsampled here rather than in the chart
// widgets, so large runs stay cheap to draw and the figures are tested without Qt.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "analysis/run_analysis.h"

namespace feedscope::view {

struct XY {
  double x = 0;
  double y = 0;
  friend bool operator==(const XY&, const XY&) = default;
};

// At most `maxPoints` points: consecutive points are grouped into equal buckets and each bucket keeps
// its highest y (a slow step must not vanish from the chart).
std::vector<XY> downsampleKeepMax(const std::vector<XY>& points, std::size_t maxPoints);

// Step time in ms by step ordinal (1, 2, ...).
std::vector<XY> stepTimesMs(const analysis::DeviceAnalysis& device, std::size_t maxPoints = 2000);

// Where a run's time goes: compute, exposed copy (copy wait), host wait and other per mean step, or
// over the GPU window when the run has no steps. The four parts sum to the total.
struct TimeBreakdown {
  std::string run;
  std::string basis;  // "mean step" or "GPU window"
  double compute_ms = 0;
  double exposed_copy_ms = 0;
  double host_wait_ms = 0;
  double other_ms = 0;
  double totalMs() const { return compute_ms + exposed_copy_ms + host_wait_ms + other_ms; }
};
TimeBreakdown timeBreakdown(const analysis::RunAnalysis& run);

// Host-to-device copies as (bytes, GB/s), one series per host memory kind; log-log cells keep one
// point each when there are more than `maxPoints`.
struct BandwidthSeries {
  std::vector<XY> pageable;
  std::vector<XY> pinned;
  std::vector<XY> other;
};
BandwidthSeries h2dBandwidth(const analysis::DeviceAnalysis& device, std::size_t maxPoints = 4000);

// Idle gaps of compute inside the GPU window, counted per length bin on a 1-3-10 ladder.
struct GapHistogram {
  std::vector<double> edges_ns;     // bin k is [edges[k], edges[k + 1]); the last bin is open
  std::vector<std::string> labels;  // by the bin's start: "< 1 µs", "1 µs", "3 µs", "10 µs"
  std::vector<std::vector<std::uint64_t>> counts;  // counts[run][bin]
};
GapHistogram gapHistogram(const std::vector<const analysis::DeviceAnalysis*>& devices);

}  // namespace feedscope::view
