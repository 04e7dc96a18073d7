// The .feedscope session file: an SQLite database (runs, tracks, strings, metadata as plain tables;
// intervals as little-endian column chunks for speed), written to a temporary name and renamed.
// The layout is documented in docs/file-formats.md.
#pragma once

#include <string>
#include <string_view>

#include "trace/session.h"

namespace feedscope::io {

inline constexpr int kSessionSchemaVersion = 1;
// PRAGMA application_id of every session file: "FDSC".
inline constexpr int kSessionApplicationId = 0x46445343;
// Intervals per stored chunk: big enough to load at memory speed, small enough to stream.
inline constexpr std::size_t kIntervalsPerChunk = 65536;

// Writes the session atomically; throws InputError when the target cannot be written.
void saveSession(const trace::Session& session, const std::string& path);
// Opens read-only and loads; throws InputError for a missing, foreign, corrupt, older or newer file.
trace::Session loadSession(const std::string& path);
// Loads from an in-memory image of a session file (fuzzing, tests).
trace::Session loadSessionFromMemory(std::string_view bytes, std::string_view what = "session");

// True when the bytes start like an SQLite database.
bool looksLikeSqlite(std::string_view firstBytes);

}  // namespace feedscope::io
