// The display order of tracks (see track_order.h for the order and why).
#include "trace/track_order.h"

#include <algorithm>
#include <tuple>

namespace feedscope::trace {
namespace {

int kindRank(TrackKind kind) {
  switch (kind) {
    case TrackKind::GpuStream:
      return 0;
    case TrackKind::GpuMarkers:
      return 1;
    case TrackKind::HostThread:
      return 2;
    case TrackKind::Loader:
      return 3;
  }
  return 4;
}

auto displayKey(const Track& t) {
  // Host tracks carry device -1; only GPU tracks are grouped by device. A process's threads come in
  // the order they began work (its first interval), not by thread id: thread ids differ from run to
  // run, so two runs of one program show their main thread, loader threads, ... in the same order.
  const bool gpu = t.isGpu();
  const TimeNs firstStart = gpu || t.intervals.empty() ? 0 : t.intervals.start_ns.front();
  return std::make_tuple(gpu ? 0 : 1, gpu ? t.device : 0, kindRank(t.kind), t.pid, t.stream, firstStart, t.tid);
}

}  // namespace

bool displaysBefore(const Track& a, const Track& b) {
  return displayKey(a) < displayKey(b);
}

void sortTracksForDisplay(std::vector<Track>& tracks) {
  std::stable_sort(tracks.begin(), tracks.end(), displaysBefore);
}

}  // namespace feedscope::trace
