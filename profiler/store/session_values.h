// How each type a session stores becomes one SQLite value and back: integers, reals, texts, the kind
// enums by name, labels as a JSON object, interval columns as little-endian blobs.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <map>
#include <string>
#include <string_view>

#include "io/input_error.h"
#include "store/sqlite_handle.h"
#include "trace/types.h"

namespace feedscope::io {

using SessionLabels = std::map<std::string, std::string>;

inline void bindValue(SqliteStatement& st, int i, std::int64_t v) {
  st.bind(i, v);
}
inline void bindValue(SqliteStatement& st, int i, std::int32_t v) {
  st.bind(i, std::int64_t{v});
}
inline void bindValue(SqliteStatement& st, int i, std::uint64_t v) {
  st.bind(i, static_cast<std::int64_t>(v));
}
inline void bindValue(SqliteStatement& st, int i, double v) {
  st.bind(i, v);
}
inline void bindValue(SqliteStatement& st, int i, const std::string& v) {
  st.bind(i, std::string_view(v));
}
inline void bindValue(SqliteStatement& st, int i, trace::TrackKind v) {
  st.bind(i, trace::trackKindName(v));
}
inline void bindValue(SqliteStatement& st, int i, trace::IntervalKind v) {
  st.bind(i, trace::intervalKindName(v));
}
inline void bindValue(SqliteStatement& st, int i, trace::MemoryKind v) {
  st.bind(i, trace::memoryKindName(v));
}
void bindValue(SqliteStatement& st, int i, const SessionLabels& labels);

// `what` names the session in the message of a value that cannot be read.
inline void readValue(const SqliteStatement& st, int i, std::int64_t& v, const std::string&) {
  v = st.integer(i);
}
// A 32-bit field (a device id, a stream) holding more than 32 bits is refused rather than truncated:
// truncated, it would read as another id than the one a later append finds in the file.
void readValue(const SqliteStatement& st, int i, std::int32_t& v, const std::string& what);
inline void readValue(const SqliteStatement& st, int i, std::uint64_t& v, const std::string&) {
  v = static_cast<std::uint64_t>(st.integer(i));
}
inline void readValue(const SqliteStatement& st, int i, double& v, const std::string&) {
  v = st.real(i);
}
inline void readValue(const SqliteStatement& st, int i, std::string& v, const std::string&) {
  v = st.text(i);
}
void readValue(const SqliteStatement& st, int i, trace::TrackKind& v, const std::string& what);
void readValue(const SqliteStatement& st, int i, trace::IntervalKind& v, const std::string& what);
void readValue(const SqliteStatement& st, int i, trace::MemoryKind& v, const std::string& what);
// Anything but a JSON object of strings is left out: labels are informative, never worth refusing a file.
void readValue(const SqliteStatement& st, int i, SessionLabels& labels, const std::string& what);

// Binds `count` values of `column` from `first` as one blob (not copied: bound until the next step).
template <typename Column>
void bindColumnSlice(SqliteStatement& st, int i, const Column& column, std::size_t first, std::size_t count) {
  st.bindBlob(i, column.data() + first, count * sizeof(typename Column::value_type));
}

// Appends the `count` values a blob holds to `column`; a blob of another size is a corrupt file.
template <typename Column>
void appendColumnBlob(Column& column, std::string_view blob, std::size_t count, const std::string& what) {
  using T = typename Column::value_type;
  if (blob.size() != count * sizeof(T))
    throw InputError(what + ": corrupt session (interval chunk has the wrong size)");
  std::size_t old = column.size();
  column.resize(old + count);
  if (count > 0) std::memcpy(column.data() + old, blob.data(), blob.size());
}

}  // namespace feedscope::io
