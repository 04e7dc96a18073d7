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
// Idle time of compute by gap length, the GUI's chart (analysis/gap_histogram.h).
std::string idleGapHistogram(const Report& report);

}  // namespace feedscope::report
