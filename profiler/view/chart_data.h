// Series for the compare view's charts, computed and downsampled here rather than in the chart
// widgets, so large runs stay cheap to draw and the figures are tested without Qt.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "analysis/gap_histogram.h"
#include "analysis/run_analysis.h"

namespace feedscope::view {

struct XY {
  double x = 0;
  double y = 0;
  friend bool operator==(const XY&, const XY&) = default;
};

// A labelled position on a chart axis.
struct AxisTick {
  double value = 0;
  std::string label;
  friend bool operator==(const AxisTick&, const AxisTick&) = default;
};

// At most `maxPoints` points: consecutive points are grouped into equal buckets and each bucket keeps
// its highest y (a slow step must not vanish from the chart).
std::vector<XY> downsampleKeepMax(const std::vector<XY>& points, std::size_t maxPoints);

// Step time in ms by step number as the steps are named ("ProfilerStep#12" is 12; unnumbered steps
// count from 0), so that the chart and the timeline call a step the same.
std::vector<XY> stepTimesMs(const analysis::DeviceAnalysis& device, std::size_t maxPoints = 2000);
// The step numbered `number`, if there is one.
const analysis::StepMetrics* stepByNumber(const analysis::DeviceAnalysis& device, std::int64_t number);

// Where a run's time goes: compute, exposed copy (copy wait), host wait and other in the median
// step (each part the median of that part over the steps, as the CLI and the reports give them), or
// over the GPU window when the run has no steps.
struct TimeBreakdown {
  std::string run;
  std::string basis;  // "median step" or "GPU window"
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

// A power of two of bytes in binary units: 0 -> "1 B", 10 -> "1 KiB", 26 -> "64 MiB".
std::string powerOfTwoBytesLabel(int exponent);
// Labelled ticks for an axis of log2(bytes) from `log2Min` to `log2Max`: powers of two a whole number
// of 1, 2, 4, 10 or 20 octaves apart (4 gives 4 KiB, 64 KiB, 1 MiB, 16 MiB; 10 every unit), the finest
// step that puts at most `maxTicks` inside (else the coarsest). Chart libraries label a log axis
// "1e+03"; this reads in bytes.
std::vector<AxisTick> byteAxisTicks(double log2Min, double log2Max, std::size_t maxTicks = 5);

// The tick interval for an axis of whole numbers (step numbers) spanning `span`: the smallest of 1, 2,
// 5, 10, 20, 50... that puts at most `maxTicks` intervals in it. Never a fraction, so no two ticks of a
// "%d" axis read the same.
double wholeTickInterval(double span, int maxTicks);

// The idle-gap histogram (analysis/gap_histogram.h) with the ticks its bar chart needs: the decade
// edges between bins, at bin index - 0.5 ("1µs" at 0.5 when bin 0 ends at 1 µs): a bar chart labelled
// per bin has no room for ranges under a dozen narrow bars; edges read like a log axis.
struct GapHistogram : analysis::GapHistogram {
  std::vector<AxisTick> edge_ticks;
};
GapHistogram gapHistogram(const std::vector<const analysis::DeviceAnalysis*>& devices);

}  // namespace feedscope::view
