// What one process's raw stream holds once decoded: who the process was, its intervals with their
// placement, names, clocks, devices, counts and the recorder's own messages.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "rawstream/format.h"
#include "trace/interval_columns.h"
#include "trace/track.h"

namespace feedscope::rawstream {

// Where an interval goes: a GPU stream (device, stream), a device's marker lane, a host thread
// (lane = thread id) or a loader worker (lane = worker).
struct Placement {
  trace::TrackKind track = trace::TrackKind::GpuStream;
  std::int32_t device = -1;
  std::int64_t lane = 0;
  friend bool operator==(const Placement&, const Placement&) = default;
};

struct PlacedInterval {
  Placement placement;
  trace::Interval interval;     // name is an id of ProcessStream::strings
  std::uint32_t arguments = 0;  // its arguments' JSON text, an id of ProcessStream::strings; 0: none
};

struct ClockSample {
  ClockId clock = ClockId::Unknown;
  ClockWhen when = ClockWhen::Start;
  std::int64_t source_ns = 0;
  std::int64_t monotonic_ns = 0;
  std::int64_t realtime_ns = 0;
};

struct DeviceRecord {
  std::int32_t id = 0;
  std::string name;
  std::string uuid;
};

struct Message {
  Severity severity = Severity::Info;
  std::string text;
};

struct ProcessStream {
  std::uint32_t pid = 0;
  std::uint32_t ppid = 0;
  std::int64_t created_monotonic_ns = 0;
  std::int64_t created_realtime_ns = 0;
  std::string hostname;
  std::string executable;
  std::string command_line;
  // The launcher variables (RANK, WORLD_SIZE, SLURM_PROCID...) set in the process, by name; only
  // those, never the rest of its environment. `environment_recorded` is false for a stream written
  // before minor version 1, which cannot say.
  std::map<std::string, std::string> launcher_environment;
  bool environment_recorded = false;
  std::vector<std::string> strings{""};  // strings[id]; id 0 is the empty name
  std::vector<PlacedInterval> intervals;
  std::vector<ClockSample> clocks;
  std::vector<DeviceRecord> devices;
  std::uint64_t dropped = 0;
  std::uint64_t invalid = 0;
  std::vector<Message> messages;
  bool ended_cleanly = false;  // the End record was read: the process left through exit()

  std::string_view name(std::uint32_t id) const {
    return id < strings.size() ? strings[id] : std::string_view{};
  }
};

}  // namespace feedscope::rawstream
