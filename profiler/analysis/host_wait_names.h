// Which host code kept the GPU waiting: each "host: other" segment of a host-late gap is named by the
// host ranges running on the thread that launched the work ending the gap — the outermost user range
// (NVTX, user_annotation) under the step, else the outermost operator (cpu_op), else nothing
// (docs/metrics.md, "Host wait by name").
#pragma once

#include <string>
#include <vector>

#include "analysis/device_timeline.h"
#include "analysis/steps.h"
#include "trace/run.h"
#include "trace/string_table.h"

namespace feedscope::analysis {

// Splits the host-other segments of `timeline` where the naming range changes and gives each piece
// the name of the range covering it (kUnnamedSegment where none does). Ranges and operators that
// contain a whole step are containers (a range around the training loop), not the work: left out.
void nameHostWait(DeviceTimeline& timeline, const trace::Run& run, const std::vector<StepWindow>& steps);

struct NamedHostTime {
  std::string name;  // folded: "ProfilerStep#N" for every step's range (trace::foldedRangeName)
  TimeNs ns = 0;
  friend bool operator==(const NamedHostTime&, const NamedHostTime&) = default;
};

// "host: other" inside `window`, by range name (largest first, names in order among equals) and what
// no range names; the two add up to the window's host-other time exactly.
struct HostWaitByName {
  std::vector<NamedHostTime> ranges;
  TimeNs unnamed_ns = 0;
  TimeNs namedNs() const;
};
HostWaitByName hostOtherByName(const DeviceTimeline& timeline, const trace::StringTable& strings,
                               Span window);

}  // namespace feedscope::analysis
