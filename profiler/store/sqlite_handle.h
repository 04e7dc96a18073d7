// Thin RAII wrappers over the SQLite C API used by the session store and the nsys importer.
#pragma once

#include <sqlite3.h>

#include <cstdint>
#include <string>
#include <string_view>

namespace feedscope::io {

class SqliteDb {
 public:
  SqliteDb() = default;
  explicit SqliteDb(sqlite3* db) : db_(db) {}
  ~SqliteDb() { sqlite3_close(db_); }
  SqliteDb(SqliteDb&& o) noexcept : db_(o.db_) { o.db_ = nullptr; }
  SqliteDb& operator=(SqliteDb&& o) noexcept {
    std::swap(db_, o.db_);
    return *this;
  }
  SqliteDb(const SqliteDb&) = delete;
  SqliteDb& operator=(const SqliteDb&) = delete;

  sqlite3* get() const { return db_; }
  // Runs SQL that returns no rows; throws InputError("<what>: <sqlite message>") on failure.
  void exec(const char* sql, std::string_view what) const;
  // The single integer a query returns (PRAGMA user_version), or `fallback` without a row.
  std::int64_t queryInt(const char* sql, std::int64_t fallback, std::string_view what) const;
  // True for a real table; throws InputError("<what>: ...") when `name` is a view (the file was
  // made to look like one of ours; only real tables are read).
  bool hasTable(const char* name, std::string_view what) const;
  // "table", "view", "index", ... or "" when nothing has that name.
  std::string objectType(const char* name) const;

 private:
  sqlite3* db_ = nullptr;
};

// Opens `path` read-only and immutable (no journal, no lock, nothing written: viewing never changes
// a file), or read-only through its write-ahead log when a non-empty `<path>-wal` holds changes not
// yet in the file; throws InputError("<path>: cannot open ...") when SQLite cannot open it.
SqliteDb openSqliteReadOnly(const std::string& path);
// Opens a read-only database over a copy of `bytes` (an input read from a pipe); throws InputError.
SqliteDb openSqliteFromMemory(std::string_view bytes, const std::string& what);

class SqliteStatement {
 public:
  SqliteStatement(const SqliteDb& db, const char* sql, std::string_view what);
  ~SqliteStatement() { sqlite3_finalize(stmt_); }
  SqliteStatement(const SqliteStatement&) = delete;
  SqliteStatement& operator=(const SqliteStatement&) = delete;

  sqlite3_stmt* get() const { return stmt_; }
  // Steps once: true with a row, false when done; throws InputError on error.
  bool step();
  void reset() { sqlite3_reset(stmt_); }

  std::int64_t integer(int col) const { return sqlite3_column_int64(stmt_, col); }
  double real(int col) const { return sqlite3_column_double(stmt_, col); }
  std::string text(int col) const;
  std::string_view blob(int col) const;
  bool isNull(int col) const { return sqlite3_column_type(stmt_, col) == SQLITE_NULL; }

  void bind(int i, std::int64_t v) { sqlite3_bind_int64(stmt_, i, v); }
  void bind(int i, double v) { sqlite3_bind_double(stmt_, i, v); }
  void bind(int i, std::string_view v) {
    sqlite3_bind_text(stmt_, i, v.data(), static_cast<int>(v.size()), SQLITE_TRANSIENT);
  }
  void bindBlob(int i, const void* data, std::size_t n) {
    sqlite3_bind_blob64(stmt_, i, data, n, SQLITE_STATIC);
  }

 private:
  sqlite3* db_;
  sqlite3_stmt* stmt_ = nullptr;
  std::string what_;
};

}  // namespace feedscope::io
