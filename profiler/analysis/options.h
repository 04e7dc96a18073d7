// Tunable thresholds of the analysis, with the defaults the metric definitions give.
#pragma once

#include <cstdint>
#include <optional>

#include "trace/types.h"

namespace feedscope::analysis {

struct AnalysisOptions {
  // A host-late gap shorter than this is launch overhead (architecture: "gap under 10 µs").
  trace::TimeNs launch_overhead_gap_ns = 10'000;
  // Copies below this size are latency-bound (~5 µs each on the H200 whatever the size).
  std::uint64_t small_copy_bytes = 64 * 1024;
  // Pinned H2D bandwidth for the what-if when the run has neither a calibration nor pinned copies
  // of its own (decimal GB/s). Unset: that what-if is not computed.
  std::optional<double> assumed_pinned_gbps;
};

}  // namespace feedscope::analysis
