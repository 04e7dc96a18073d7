// The one display order of a run's tracks, used wherever tracks are ordered: the run builder (imports),
// the raw-stream merge and session join (`record`), and the timeline (which may rearrange lanes on top).
//
// GPU tracks come first, grouped by device, so that everything a device did sits together under that
// device's starvation lane; within a device its streams precede its annotations, and streams of
// several processes are grouped by process (pid), then by stream id. Host threads follow, by process,
// then in the order the threads began work (their first interval; thread id on a tie), and loader
// workers last.
#pragma once

#include <vector>

#include "trace/track.h"

namespace feedscope::trace {

// A strict weak order: true when `a` is shown above `b`.
bool displaysBefore(const Track& a, const Track& b);

// Stable: tracks the order cannot tell apart keep their relative order.
void sortTracksForDisplay(std::vector<Track>& tracks);

}  // namespace feedscope::trace
