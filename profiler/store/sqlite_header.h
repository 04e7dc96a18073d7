// The 100-byte header of an SQLite database (https://www.sqlite.org/fileformat.html, "The Database
// Header"), checked before a database that arrives through a pipe is buffered in memory: a stream
// that starts with SQLite's magic and then holds zeros is refused at once instead of being read to
// its end (which may be never).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace feedscope::io {

inline constexpr std::size_t kSqliteHeaderBytes = 100;

// Why `header` (the first kSqliteHeaderBytes of a stream that starts with the magic) is not a
// database's header: "" when it is one.
std::string sqliteHeaderProblem(std::string_view header);

// The database's size in bytes as its header states it, when the header says that figure is valid
// (the "version-valid-for" number matches the change counter); nullopt for older writers.
std::optional<std::uint64_t> sqliteSizeFromHeader(std::string_view header);

}  // namespace feedscope::io
