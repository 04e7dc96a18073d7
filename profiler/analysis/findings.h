// The finding rules of the architecture: each looks at a device's figures and, when the data shows
// a problem, says what it costs and how to fix it.
#pragma once

#include <vector>

#include "analysis/finding.h"
#include "analysis/run_analysis.h"

namespace feedscope::analysis {

// Pageable input copies, asynchronous copies from pageable memory, synchronous copies in the steady
// state, copies not overlapped with compute, host-bound gaps, a loader in the training process, host
// time no range names, many small copies, pinned bandwidth far below the link. Thresholds:
// thresholds.h.
std::vector<Finding> deviceFindings(const DeviceAnalysis& device, const trace::Run& run, const trace::StringTable& strings,
                                    const AnalysisOptions& options);
// Findings about the data: dropped or invalid records, no GPU activity at all.
std::vector<Finding> runFindings(const RunAnalysis& analysis, const trace::Run& run);

}  // namespace feedscope::analysis
