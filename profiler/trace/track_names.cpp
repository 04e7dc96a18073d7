// Track names (see track_names.h for why they have one home).
#include "trace/track_names.h"

namespace feedscope::trace {
namespace {

std::string gpuName(std::int32_t device) { return "GPU " + std::to_string(device); }

}  // namespace

std::string trackName(TrackKind kind, std::int32_t device, std::int64_t lane, std::string_view process) {
  std::string name;
  switch (kind) {
    case TrackKind::GpuStream:
      name = lane < 0 ? gpuName(device) + " context synchronizations"
                      : gpuName(device) + " stream " + std::to_string(lane);
      break;
    case TrackKind::GpuMarkers:
      name = gpuName(device) + " annotations";
      break;
    case TrackKind::HostThread:
      name = "thread " + std::to_string(lane);
      break;
    case TrackKind::Loader:
      name = "loader worker " + std::to_string(lane);
      break;
  }
  if (process.empty()) return name;
  return std::string(process) + ": " + name;
}

std::string namedThreadTrackName(std::string_view process, std::int64_t pid, std::string_view thread,
                                 std::int64_t tid) {
  std::string name(process.empty() ? std::string_view("process") : process);
  name += " (pid " + std::to_string(pid) + ") · ";
  if (thread.empty()) return name + "thread " + std::to_string(tid);
  return name.append(thread);
}

std::string renumberedTrackName(std::string name, std::int32_t from, std::int32_t to) {
  if (from == to) return name;
  const std::string old = gpuName(from);
  // "GPU 1" inside "GPU 12 stream 3" is not device 1: the number must end there.
  for (std::size_t at = name.find(old); at != std::string::npos; at = name.find(old, at + 1)) {
    const std::size_t after = at + old.size();
    if (after < name.size() && name[after] >= '0' && name[after] <= '9') continue;
    name.replace(at, old.size(), gpuName(to));
    break;
  }
  return name;
}

}  // namespace feedscope::trace
