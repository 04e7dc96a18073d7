// The rules a session's intervals obey, shared by the session reader and writer.
#include "trace/stored_interval_checks.h"

#include <algorithm>

#include "trace/types.h"

namespace feedscope::trace {

std::optional<std::size_t> firstInvalidStoredInterval(const IntervalColumns& iv, std::size_t stringCount,
                                                      std::size_t argumentTexts) {
  if (!iv.arguments.empty() && iv.arguments.size() != iv.size()) return std::min(iv.size(), iv.arguments.size());
  for (std::size_t i = 0; i < iv.size(); ++i) {
    if (static_cast<int>(iv.kind[i]) >= kIntervalKindCount || static_cast<int>(iv.src[i]) >= kMemoryKindCount ||
        static_cast<int>(iv.dst[i]) >= kMemoryKindCount || iv.name[i] >= stringCount ||
        iv.end_ns[i] < iv.start_ns[i] || iv.start_ns[i] < -kMaxTimeNs || iv.end_ns[i] > kMaxTimeNs ||
        (i > 0 && iv.start_ns[i] < iv.start_ns[i - 1]) || iv.argumentsAt(i) > argumentTexts) {
      return i;
    }
  }
  return std::nullopt;
}

std::optional<std::string> firstInvalidStoredTrack(const Session& session) {
  for (const Run& run : session.runs) {
    for (const Track& track : run.tracks) {
      if (auto bad = firstInvalidStoredInterval(track.intervals, session.strings.size(), run.arguments.count())) {
        return "invalid interval " + std::to_string(*bad) + " in track '" + track.name + "' of run '" + run.name +
               "'";
      }
    }
  }
  return std::nullopt;
}

}  // namespace feedscope::trace
