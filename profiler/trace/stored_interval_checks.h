// What a session file may hold, in one place: the reader refuses a file that breaks it and the
// writer refuses to write one (a session Feedscope wrote is always one it can read back).
#pragma once

#include <cstddef>
#include <optional>
#include <string>

#include "trace/interval_columns.h"
#include "trace/session.h"

namespace feedscope::trace {

// The first interval the analysis could not rely on: an unknown kind or memory kind, a name id
// outside the string table, end before start, a time outside ±kMaxTimeNs, or a start before the
// previous one (tracks are sorted by start), an argument id beyond the run's `argumentTexts` texts (or
// an arguments column of another length than the track).
std::optional<std::size_t> firstInvalidStoredInterval(const IntervalColumns& intervals, std::size_t stringCount,
                                                      std::size_t argumentTexts);

// The first track of `session` holding such an interval, in words ("invalid interval 7 in track
// 'GPU 0 stream 7' of run 'naive'"), or std::nullopt.
std::optional<std::string> firstInvalidStoredTrack(const Session& session);

}  // namespace feedscope::trace
