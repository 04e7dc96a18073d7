// The four charts of the HTML report, drawn from a Report: step time per step, the step breakdown,
// H2D bandwidth against copy size, and the idle-gap histogram. One series per run and device.
#pragma once

#include <string>
#include <vector>

#include "report/report.h"

namespace feedscope::report {

std::string stepTimeChart(const Report& report);
// Median step split into compute, copy wait, host wait and other; as shares of the GPU window when
// a run has no steps.
std::string stepBreakdownChart(const Report& report);
std::string h2dBandwidthChart(const Report& report);
std::string idleGapHistogram(const Report& report);

// Upper edges (ns) of the idle-gap histogram's bins, and their labels ("1–3 µs"); the last bin is open.
const std::vector<trace::TimeNs>& idleGapBinEdges();
std::vector<std::string> idleGapBinLabels();
// Gap count per bin for the gaps of compute inside the device's GPU window (clipped to it).
std::vector<std::uint64_t> idleGapCounts(const analysis::DeviceAnalysis& device);

}  // namespace feedscope::report
