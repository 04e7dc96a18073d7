// The session values that need more than a cast: kinds by name, labels as JSON.
#include "store/session_values.h"

#include <nlohmann/json.hpp>

#include <limits>
#include <string>

namespace feedscope::io {
namespace {

template <typename Kind, typename FromName>
Kind kindFromText(const SqliteStatement& st, int i, FromName fromName, std::string_view noun,
                  const std::string& what) {
  const std::string text = st.text(i);
  auto kind = fromName(text);
  if (!kind) throw InputError(what + ": corrupt session (unknown " + std::string(noun) + " '" + text + "')");
  return *kind;
}

}  // namespace

void bindValue(SqliteStatement& st, int i, const SessionLabels& labels) {
  st.bind(i, nlohmann::json(labels).dump());
}

void readValue(const SqliteStatement& st, int i, std::int32_t& v, const std::string& what) {
  const std::int64_t stored = st.integer(i);
  if (stored < std::numeric_limits<std::int32_t>::min() || stored > std::numeric_limits<std::int32_t>::max()) {
    throw InputError(what + ": corrupt session (" + std::to_string(stored) + " does not fit a 32-bit field)");
  }
  v = static_cast<std::int32_t>(stored);
}

void readValue(const SqliteStatement& st, int i, trace::TrackKind& v, const std::string& what) {
  v = kindFromText<trace::TrackKind>(st, i, trace::trackKindFromName, "track kind", what);
}

void readValue(const SqliteStatement& st, int i, trace::IntervalKind& v, const std::string& what) {
  v = kindFromText<trace::IntervalKind>(st, i, trace::intervalKindFromName, "interval kind", what);
}

void readValue(const SqliteStatement& st, int i, trace::MemoryKind& v, const std::string& what) {
  v = kindFromText<trace::MemoryKind>(st, i, trace::memoryKindFromName, "memory kind", what);
}

void readValue(const SqliteStatement& st, int i, SessionLabels& labels, const std::string&) {
  auto json = nlohmann::json::parse(st.text(i), nullptr, false);
  if (!json.is_object()) return;
  for (auto& [k, v] : json.items()) {
    if (v.is_string()) labels[k] = v.get<std::string>();
  }
}

}  // namespace feedscope::io
