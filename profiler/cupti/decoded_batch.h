// What the CUPTI collector hands to its sink: decoded intervals with the lane each belongs to, the
// strings they name, the devices described, and record counts. CUDA-free, so sinks (the in-process
// RunSink, the injection's raw-stream writer) need no CUDA header.
#pragma once

#include <compare>
#include <cstdint>
#include <string>
#include <vector>

#include "trace/interval_columns.h"
#include "trace/run.h"
#include "trace/types.h"

namespace feedscope::cupti {

// Stream of the synchronization records that concern a whole context (cudaDeviceSynchronize).
inline constexpr std::int64_t kContextWideStream = -1;

// The lane an interval belongs to. GpuStream: device + stream; GpuMarkers: device; HostThread: pid +
// tid (the kernel's thread id, gettid(), the same number host-side lanes use).
struct TrackKey {
  trace::TrackKind kind = trace::TrackKind::GpuStream;
  std::int32_t device = -1;
  std::int64_t stream = -1;
  std::int64_t pid = -1;
  std::int64_t tid = -1;

  static TrackKey gpuStream(std::int32_t device, std::int64_t stream) {
    return {trace::TrackKind::GpuStream, device, stream, -1, -1};
  }
  static TrackKey gpuMarkers(std::int32_t device) {
    return {trace::TrackKind::GpuMarkers, device, -1, -1, -1};
  }
  static TrackKey hostThread(std::int64_t pid, std::int64_t tid) {
    return {trace::TrackKind::HostThread, -1, -1, pid, tid};
  }
  friend auto operator<=>(const TrackKey&, const TrackKey&) = default;
};

// One interval; its `name` is an id of the collector's string table (see DecodedBatch::new_strings).
struct DecodedInterval {
  TrackKey track;
  trace::Interval interval;
  // Its arguments' JSON text (a kernel's launch configuration, trace/kernel_launch.h), "" for none;
  // the sink stores it and sets interval.arguments.
  std::string arguments;
};

// A string the collector interned for the first time while decoding this batch.
struct DefinedString {
  trace::StringId id = 0;
  std::string text;
  friend bool operator==(const DefinedString&, const DefinedString&) = default;
};

// Everything one completed CUPTI buffer yielded. Batches reach the sink one at a time, in the order
// they were decoded, so a string is always defined in the batch that first uses it or an earlier one;
// ids stay valid for the collector's lifetime (id 0 is the empty string).
struct DecodedBatch {
  std::vector<DefinedString> new_strings;
  std::vector<DecodedInterval> intervals;
  std::vector<trace::DeviceInfo> devices;  // devices described (CUPTI DEVICE records) in this batch
  std::uint64_t records = 0;               // records read from the buffer
  std::uint64_t dropped = 0;               // records CUPTI lost since the previous batch (buffers full)
  std::uint64_t invalid = 0;               // records with start 0 or end < start: counted, left out
  // CUDA_EVENT records of events created with cudaEventDisableTiming (a prefetch ring's, PyTorch's
  // stream events): CUPTI gives them device timestamp 0. Not damage: counted apart, left out.
  std::uint64_t untimed_events = 0;
  // The CUPTI result that stopped reading the buffer before its end (a record CUPTI could not read:
  // the rest of that buffer is lost, uncounted), or 0 when every record was read.
  int unreadable_tail = 0;

  void clear();
};

// Receives decoded batches. The collector never calls consume() concurrently and never while it holds
// a CUPTI call open, but it does call it on CUPTI's threads (whichever thread completed the buffer):
// keep it short and never call into CUDA from it.
class ActivitySink {
 public:
  virtual ~ActivitySink() = default;
  virtual void consume(const DecodedBatch& batch) = 0;
};

}  // namespace feedscope::cupti
