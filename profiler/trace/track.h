// A track: one lane of intervals that share a place (a GPU stream, a host thread, a loader worker).
#pragma once

#include <cstdint>
#include <string>

#include "trace/interval_columns.h"
#include "trace/types.h"

namespace feedscope::trace {

// Where a track's intervals happened and its name, apart from the intervals: a track made from
// another (a range of it cut out) copies this part whole, so a field added here is never dropped.
struct TrackDescription {
  TrackKind kind = TrackKind::GpuStream;
  std::string name;          // e.g. "stream 7", "python3 (tid 607)"
  std::int32_t device = -1;  // GPU ordinal for GPU tracks, -1 for host tracks
  std::int64_t stream = -1;
  std::int64_t pid = -1;
  std::int64_t tid = -1;
};

struct Track : TrackDescription {
  IntervalColumns intervals;  // sorted by start

  bool isGpu() const { return kind == TrackKind::GpuStream || kind == TrackKind::GpuMarkers; }
};

}  // namespace feedscope::trace
