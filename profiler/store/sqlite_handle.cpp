// SQLite wrappers.
#include "store/sqlite_handle.h"

#include <sys/stat.h>

#include <cstdio>
#include <cstring>

#include "io/input_error.h"
#include "trace/utf8.h"

namespace feedscope::io {

void SqliteDb::exec(const char* sql, std::string_view what) const {
  char* message = nullptr;
  if (sqlite3_exec(db_, sql, nullptr, nullptr, &message) != SQLITE_OK) {
    std::string text = message ? message : sqlite3_errmsg(db_);
    sqlite3_free(message);
    throw InputError(std::string(what) + ": " + text);
  }
}

std::int64_t SqliteDb::queryInt(const char* sql, std::int64_t fallback, std::string_view what) const {
  SqliteStatement st(*this, sql, what);
  return st.step() ? st.integer(0) : fallback;
}

std::string SqliteDb::objectType(const char* name) const {
  sqlite3_stmt* st = nullptr;
  if (sqlite3_prepare_v2(db_, "SELECT type FROM sqlite_master WHERE name = ?", -1, &st, nullptr) != SQLITE_OK) {
    return {};
  }
  sqlite3_bind_text(st, 1, name, -1, SQLITE_STATIC);
  std::string type;
  if (sqlite3_step(st) == SQLITE_ROW) {
    const auto* text = sqlite3_column_text(st, 0);
    if (text) type = reinterpret_cast<const char*>(text);
  }
  sqlite3_finalize(st);
  return type;
}

bool SqliteDb::hasTable(const char* name, std::string_view what) const {
  std::string type = objectType(name);
  if (type == "view") {
    // A view can join a table with itself endlessly: reading it hangs and eats memory.
    throw InputError(std::string(what) + ": '" + name + "' is a view, not a table; refusing to read it");
  }
  return type == "table";
}

SqliteDb openSqliteReadOnly(const std::string& path) {
  // A URI, so that immutable=1 can be given; characters with a meaning in URIs are escaped.
  std::string uri = "file:";
  for (char c : path) {
    if (c == '?' || c == '#' || c == '%') {
      char buf[4];
      std::snprintf(buf, sizeof buf, "%%%02X", static_cast<unsigned char>(c));
      uri += buf;
    } else {
      uri += c;
    }
  }
  // A write-ahead log beside the file holds committed changes not yet in it (a writer in WAL mode that
  // crashed or still runs): immutable would read the file stale, so then SQLite reads through the log.
  struct stat wal {};
  bool pendingLog = ::stat((path + "-wal").c_str(), &wal) == 0 && wal.st_size > 0;
  uri += pendingLog ? "?mode=ro" : "?mode=ro&immutable=1";
  sqlite3* raw = nullptr;
  int rc = sqlite3_open_v2(uri.c_str(), &raw, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, nullptr);
  SqliteDb db(raw);
  if (rc != SQLITE_OK) throw InputError(path + ": cannot open (" + sqlite3_errmsg(raw) + ")");
  return db;
}

SqliteDb openSqliteFromMemory(std::string_view bytes, const std::string& what) {
  sqlite3* raw = nullptr;
  if (sqlite3_open_v2(":memory:", &raw, SQLITE_OPEN_READWRITE, nullptr) != SQLITE_OK) {
    SqliteDb guard(raw);
    throw InputError(what + ": cannot open an in-memory database");
  }
  SqliteDb db(raw);
  auto* copy = static_cast<unsigned char*>(sqlite3_malloc64(bytes.size() ? bytes.size() : 1));
  if (!copy) throw InputError(what + ": out of memory");
  if (!bytes.empty()) std::memcpy(copy, bytes.data(), bytes.size());
  if (sqlite3_deserialize(raw, "main", copy, static_cast<sqlite3_int64>(bytes.size()),
                          static_cast<sqlite3_int64>(bytes.size()),
                          SQLITE_DESERIALIZE_FREEONCLOSE | SQLITE_DESERIALIZE_READONLY) != SQLITE_OK) {
    throw InputError(what + ": not an SQLite database");
  }
  return db;
}

SqliteStatement::SqliteStatement(const SqliteDb& db, const char* sql, std::string_view what)
    : db_(db.get()), what_(what) {
  if (sqlite3_prepare_v2(db_, sql, -1, &stmt_, nullptr) != SQLITE_OK) {
    throw InputError(what_ + ": " + sqlite3_errmsg(db_));
  }
}

bool SqliteStatement::step() {
  int rc = sqlite3_step(stmt_);
  if (rc == SQLITE_ROW) return true;
  if (rc == SQLITE_DONE) return false;
  throw InputError(what_ + ": " + sqlite3_errmsg(db_));
}

std::string SqliteStatement::text(int col) const {
  const auto* p = sqlite3_column_text(stmt_, col);
  // SQLite stores whatever bytes it was given (a hand-edited session, an nsys export): text leaves
  // here as valid UTF-8.
  return p ? trace::validUtf8(std::string_view(reinterpret_cast<const char*>(p),
                                               static_cast<std::size_t>(sqlite3_column_bytes(stmt_, col))))
           : std::string();
}

std::string_view SqliteStatement::blob(int col) const {
  const void* p = sqlite3_column_blob(stmt_, col);
  int n = sqlite3_column_bytes(stmt_, col);
  return p ? std::string_view(static_cast<const char*>(p), static_cast<std::size_t>(n)) : std::string_view();
}

}  // namespace feedscope::io
