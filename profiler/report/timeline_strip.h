// What a timeline strip of the HTML report shows: for one device and one time window, each lane's
// busy fraction per pixel column (average, and the maximum of finer sub-columns, as docs/gui.md
// convention 5 asks) and the starvation lane split by cause. Plain data, tested without drawing.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "analysis/run_analysis.h"
#include "present/palette.h"
#include "trace/run.h"

namespace feedscope::report {

// Sub-columns per column from which the lighter "maximum" shade is taken.
inline constexpr std::size_t kPeakSubdivisions = 4;
// Lanes of kernels on separate streams before the least busy ones are folded into one lane.
inline constexpr std::size_t kMaxKernelLanes = 6;

struct StripLane {
  std::string label;  // "kernels · stream 7"
  present::Rgb color = 0;
  std::vector<double> average;   // busy fraction (0..1) per column
  std::vector<double> peak;      // the highest busy fraction of the column's sub-columns
  std::vector<double> pageable;  // H2D lane only: the part from pageable memory (empty otherwise)
  double busy_fraction = 0;      // of the whole window
};

struct StripStep {
  analysis::Span span;
  std::int64_t number = 0;
};

struct TimelineStrip {
  analysis::Span window;
  std::size_t columns = 0;
  std::vector<StripLane> lanes;
  // Per cause, the fraction of each column in which compute was idle for that cause.
  std::array<std::vector<double>, analysis::kGapCauseCount> starvation;
  std::vector<StripStep> steps;  // steps that overlap the window
};

TimelineStrip buildTimelineStrip(const trace::Run& run, const analysis::DeviceAnalysis& device,
                                 analysis::Span window, std::size_t columns);

// The step whose duration is closest to the median step time (the first of equals); nullptr
// without steps.
const analysis::StepMetrics* representativeStep(const analysis::DeviceAnalysis& device);

}  // namespace feedscope::report
