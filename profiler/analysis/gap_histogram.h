// Idle gaps of compute inside the GPU window per length bin, on a 1-3-10 ladder from 1 µs: how many,
// and how much idle time. One home for the chart the GUI's Compare tab and the HTML report both draw
// (by idle time: the few long gaps that starve the GPU outweigh hundreds of microsecond gaps that a
// count would make look like the problem; the count is in each bar's tooltip).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "analysis/run_analysis.h"

namespace feedscope::analysis {

struct GapHistogram {
  // Bin k is [edges[k], edges[k + 1]). Bins before the shortest gap of every device are left out, so
  // the bars start where something happened; empty when no device has an idle gap.
  std::vector<double> edges_ns;
  std::vector<std::string> labels;                 // the bin's range: "< 1 µs", "1–3 µs", "0.3–1 ms"
  std::vector<std::vector<std::uint64_t>> counts;  // counts[device][bin]
  std::vector<std::vector<double>> idle_ms;        // the idle time those gaps add up to
};

// One row per entry of `devices` (null entries get empty rows).
GapHistogram gapHistogram(const std::vector<const DeviceAnalysis*>& devices);

}  // namespace feedscope::analysis
