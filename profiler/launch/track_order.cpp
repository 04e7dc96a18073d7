// The display order of a recorded or joined run: tracks in the one order of trace/track_order.h,
// devices by ordinal.
#include "launch/track_order.h"

#include <algorithm>

#include "trace/track_order.h"

namespace feedscope::launch {

void sortTracksForDisplay(trace::Run& run) {
  trace::sortTracksForDisplay(run.tracks);
  std::sort(run.devices.begin(), run.devices.end(),
            [](const trace::DeviceInfo& a, const trace::DeviceInfo& b) { return a.id < b.id; });
}

}  // namespace feedscope::launch
