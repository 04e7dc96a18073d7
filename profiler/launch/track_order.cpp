// Lane ordering shared by stream merging and session joining.
#include "launch/track_order.h"

#include <algorithm>
#include <tuple>

namespace feedscope::launch {
namespace {

int displayRank(trace::TrackKind k) {
  switch (k) {
    case trace::TrackKind::GpuStream:
      return 0;
    case trace::TrackKind::GpuMarkers:
      return 1;
    case trace::TrackKind::HostThread:
      return 2;
    case trace::TrackKind::Loader:
      return 3;
  }
  return 4;
}

}  // namespace

void sortTracksForDisplay(trace::Run& run) {
  std::stable_sort(run.tracks.begin(), run.tracks.end(), [](const trace::Track& a, const trace::Track& b) {
    return std::make_tuple(displayRank(a.kind), a.device, a.pid, a.stream, a.tid) <
           std::make_tuple(displayRank(b.kind), b.device, b.pid, b.stream, b.tid);
  });
  std::sort(run.devices.begin(), run.devices.end(),
            [](const trace::DeviceInfo& a, const trace::DeviceInfo& b) { return a.id < b.id; });
}

}  // namespace feedscope::launch
