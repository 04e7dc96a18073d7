// Names of the trace vocabulary, as they appear in reports, exports and the GUI.
#include "trace/types.h"

#include <array>

namespace feedscope::trace {
namespace {

constexpr std::array<std::string_view, kIntervalKindCount> kIntervalKindNames = {
    "kernel",      "memcpy_htod", "memcpy_dtoh", "memcpy_dtod",    "memcpy_htoh",   "memcpy_ptop",
    "memset",      "sync",        "runtime_api", "driver_api",     "range",         "step",
    "data_loading", "host_op",    "gpu_annotation", "overhead",    "loader_work",   "cuda_event"};

constexpr std::array<std::string_view, kMemoryKindCount> kMemoryKindNames = {
    "unknown", "pageable", "pinned", "device", "array", "managed", "device_static", "managed_static", "host"};

constexpr std::array<std::string_view, 4> kTrackKindNames = {"gpu_stream", "host_thread", "gpu_markers",
                                                             "loader"};

template <typename Enum, std::size_t N>
std::optional<Enum> lookup(const std::array<std::string_view, N>& names, std::string_view name) {
  for (std::size_t i = 0; i < N; ++i) {
    if (names[i] == name) return static_cast<Enum>(i);
  }
  return std::nullopt;
}

}  // namespace

std::string_view intervalKindName(IntervalKind kind) {
  auto i = static_cast<std::size_t>(kind);
  return i < kIntervalKindNames.size() ? kIntervalKindNames[i] : "invalid";
}
std::optional<IntervalKind> intervalKindFromName(std::string_view name) {
  return lookup<IntervalKind>(kIntervalKindNames, name);
}
std::string_view memoryKindName(MemoryKind kind) {
  auto i = static_cast<std::size_t>(kind);
  return i < kMemoryKindNames.size() ? kMemoryKindNames[i] : "invalid";
}
std::optional<MemoryKind> memoryKindFromName(std::string_view name) {
  return lookup<MemoryKind>(kMemoryKindNames, name);
}
std::string_view trackKindName(TrackKind kind) {
  auto i = static_cast<std::size_t>(kind);
  return i < kTrackKindNames.size() ? kTrackKindNames[i] : "invalid";
}
std::optional<TrackKind> trackKindFromName(std::string_view name) {
  return lookup<TrackKind>(kTrackKindNames, name);
}

}  // namespace feedscope::trace
