// A run: one recording (say "prefetch off"), its tracks and what is known about where it ran.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "trace/arguments.h"
#include "trace/track.h"
#include "trace/types.h"

namespace feedscope::trace {

struct DeviceInfo {
  std::int32_t id = 0;
  std::string name;  // "NVIDIA H200"
  std::string uuid;
  friend bool operator==(const DeviceInfo&, const DeviceInfo&) = default;
};

// One bandwidth measurement of `feedscope calibrate`.
struct BandwidthSample {
  IntervalKind direction = IntervalKind::MemcpyHtoD;  // MemcpyHtoD or MemcpyDtoH
  MemoryKind host_memory = MemoryKind::Pinned;        // Pinned or Pageable
  std::uint64_t bytes = 0;
  double gbps = 0;          // bytes / ns, i.e. decimal GB/s
  double latency_ns = 0;    // median time of one copy of this size
  friend bool operator==(const BandwidthSample&, const BandwidthSample&) = default;
};

struct Calibration {
  double pinned_h2d_gbps = 0;  // peak over sizes
  double pageable_h2d_gbps = 0;
  double pinned_d2h_gbps = 0;
  double pageable_d2h_gbps = 0;
  std::vector<BandwidthSample> samples;
  friend bool operator==(const Calibration&, const Calibration&) = default;
};

// The clock of a run and how to map it to wall time: wall = run clock + realtime_offset_ns.
struct ClockInfo {
  std::string source = "unknown";  // "CLOCK_MONOTONIC", "kineto", "nsys"
  TimeNs realtime_offset_ns = 0;
  friend bool operator==(const ClockInfo&, const ClockInfo&) = default;
};

struct RecordCounts {
  std::uint64_t dropped = 0;      // lost by the collector (buffer full)
  std::uint64_t invalid = 0;      // start 0 or end before start: dropped on import
  std::uint64_t zero_length = 0;  // end == start: instants, kept (they add no time)
  friend bool operator==(const RecordCounts&, const RecordCounts&) = default;
};

// The time a run covers: its first interval's start to its last interval's end.
struct TimeExtent {
  TimeNs start = 0;
  TimeNs end = 0;
};

// What a run is, apart from its events: a run made from another (a range of it cut out, a run of a
// merge) copies this part whole, so a field added here is never dropped on the way.
struct RunDescription {
  std::string name;     // label shown to users: "prefetch off"
  std::string source;   // where it came from: "kineto:trace.json.gz", "demo", "record"
  std::string command;  // the recorded command line, if any
  std::map<std::string, std::string> labels;  // free key/value metadata (mode, phase, host, ...)
  std::vector<DeviceInfo> devices;
  ClockInfo clock;
  RecordCounts records;
  std::optional<Calibration> calibration;
};

struct Run : RunDescription {
  std::vector<Track> tracks;
  RunArguments arguments;  // the texts its intervals' `arguments` ids refer to

  std::size_t intervalCount() const;
  // First to last interval of any kind; nullopt for a run without intervals.
  std::optional<TimeExtent> extent() const;
  // Time 0 of the run wherever a time is shown as "+150 ms" (reports, the GUI ruler, exports): the
  // start of the recording, its first interval; 0 for an empty run.
  TimeNs timeOrigin() const;
  const DeviceInfo* device(std::int32_t id) const;
  // Devices that have GPU tracks, sorted.
  std::vector<std::int32_t> gpuDeviceIds() const;
};

}  // namespace feedscope::trace
