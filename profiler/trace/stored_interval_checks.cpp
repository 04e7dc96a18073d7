// The rules a session's intervals obey, shared by the session reader and writer.
#include "trace/stored_interval_checks.h"

#include "trace/types.h"

namespace feedscope::trace {

std::optional<std::size_t> firstInvalidStoredInterval(const IntervalColumns& iv, std::size_t stringCount) {
  for (std::size_t i = 0; i < iv.size(); ++i) {
    if (static_cast<int>(iv.kind[i]) >= kIntervalKindCount || static_cast<int>(iv.src[i]) >= kMemoryKindCount ||
        static_cast<int>(iv.dst[i]) >= kMemoryKindCount || iv.name[i] >= stringCount ||
        iv.end_ns[i] < iv.start_ns[i] || iv.start_ns[i] < -kMaxTimeNs || iv.end_ns[i] > kMaxTimeNs ||
        (i > 0 && iv.start_ns[i] < iv.start_ns[i - 1])) {
      return i;
    }
  }
  return std::nullopt;
}

std::optional<std::string> firstInvalidStoredTrack(const Session& session) {
  for (const Run& run : session.runs) {
    for (const Track& track : run.tracks) {
      if (auto bad = firstInvalidStoredInterval(track.intervals, session.strings.size())) {
        return "invalid interval " + std::to_string(*bad) + " in track '" + track.name + "' of run '" + run.name +
               "'";
      }
    }
  }
  return std::nullopt;
}

}  // namespace feedscope::trace
