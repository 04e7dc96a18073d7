// A table of a session file described once, as a list of (column, member): the schema (CREATE TABLE),
// the writer (INSERT and its bind indexes) and the reader (SELECT and the member each column fills)
// are all derived from that list, so the three cannot drift apart.
//
// A row is stored from two objects: `Row`, what the store itself numbers (ids, positions, counts, the
// run a device belongs to), and `Item`, the model object (a trace::Run, a trace::Track, ...). Keeping
// them apart lets the writer store a run without copying it, and lets the reader check a row's ids and
// counts before it reads the rest.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "store/session_values.h"
#include "store/sqlite_handle.h"

namespace feedscope::io {

template <typename Row, typename Item>
struct SessionColumn {
  std::string_view name;
  std::string_view declaration;  // the column's type and constraints, as CREATE TABLE writes them
  bool from_row = false;         // stored from Row (else from Item)
  void (*bind)(SqliteStatement& st, int index, const Row& row, const Item& item) = nullptr;
  // `item` is null while only the row's columns are read (SessionTableReader::readRow).
  void (*read)(const SqliteStatement& st, int index, Row& row, Item* item, const std::string& what) = nullptr;
};

// Column makers for one table: `fromRow<&Row::id>`, `fromItem<&Run::clock, &ClockInfo::source>` (a
// path of members), and `chunkOf<&IntervalColumns::start_ns>` for a slice of an interval column.
template <typename Row, typename Item>
struct SessionColumns {
  using Column = SessionColumn<Row, Item>;

  template <auto... Path>
  static constexpr Column fromRow(std::string_view name, std::string_view declaration) {
    return {name, declaration, true,
            [](SqliteStatement& st, int index, const Row& row, const Item&) {
              bindValue(st, index, (row.*....*Path));
            },
            [](const SqliteStatement& st, int index, Row& row, Item*, const std::string& what) {
              readValue(st, index, (row.*....*Path), what);
            }};
  }

  template <auto... Path>
  static constexpr Column fromItem(std::string_view name, std::string_view declaration) {
    return {name, declaration, false,
            [](SqliteStatement& st, int index, const Row&, const Item& item) {
              bindValue(st, index, (item.*....*Path));
            },
            [](const SqliteStatement& st, int index, Row&, Item* item, const std::string& what) {
              readValue(st, index, (*item.*....*Path), what);
            }};
  }

  // The intervals [row.first, row.first + row.count) of one column of Item, as one little-endian blob.
  template <auto Member>
  static constexpr Column chunkOf(std::string_view name) {
    return {name, "BLOB", false,
            [](SqliteStatement& st, int index, const Row& row, const Item& item) {
              bindColumnSlice(st, index, item.*Member, row.first, static_cast<std::size_t>(row.count));
            },
            [](const SqliteStatement& st, int index, Row& row, Item* item, const std::string& what) {
              appendColumnBlob(item->*Member, st.blob(index), static_cast<std::size_t>(row.count), what);
            }};
  }
};

template <typename Row, typename Item>
struct SessionTable {
  // `constraints` come after the columns ("PRIMARY KEY(run_id, device)"), `options` after the closing
  // parenthesis ("WITHOUT ROWID").
  SessionTable(std::string_view tableName, std::vector<SessionColumn<Row, Item>> tableColumns,
               std::string_view tableConstraints = {}, std::string_view tableOptions = {})
      : name(tableName),
        columns(std::move(tableColumns)),
        constraints(tableConstraints),
        options(tableOptions) {}

  std::string_view name;
  std::vector<SessionColumn<Row, Item>> columns;
  std::string_view constraints;
  std::string_view options;

  std::string createSql() const {
    std::string sql = "CREATE TABLE " + std::string(name) + "(";
    for (std::size_t i = 0; i < columns.size(); ++i) {
      if (i > 0) sql += ", ";
      sql += std::string(columns[i].name) + " " + std::string(columns[i].declaration);
    }
    if (!constraints.empty()) sql += ", " + std::string(constraints);
    sql += ")";
    if (!options.empty()) sql += " " + std::string(options);
    return sql + ";\n";
  }

  std::string insertSql() const {
    std::string values;
    for (std::size_t i = 0; i < columns.size(); ++i) values += i == 0 ? "?" : ",?";
    return "INSERT INTO " + std::string(name) + "(" + columnList() + ") VALUES(" + values + ")";
  }

  // `tail` follows the table's name: "ORDER BY id", "WHERE track_id = ? ORDER BY chunk".
  std::string selectSql(std::string_view tail) const {
    return "SELECT " + columnList() + " FROM " + std::string(name) + " " + std::string(tail);
  }

 private:
  std::string columnList() const {
    std::string list;
    for (std::size_t i = 0; i < columns.size(); ++i)
      list += (i == 0 ? "" : ", ") + std::string(columns[i].name);
    return list;
  }
};

// Inserts rows of one table; bind indexes follow the table's column order.
template <typename Row, typename Item>
class SessionTableWriter {
 public:
  SessionTableWriter(const SqliteDb& db, const SessionTable<Row, Item>& table, std::string_view what)
      : table_(table), insert_(db, table.insertSql().c_str(), what) {}

  void write(const Row& row, const Item& item) {
    for (std::size_t i = 0; i < table_.columns.size(); ++i)
      table_.columns[i].bind(insert_, static_cast<int>(i + 1), row, item);
    insert_.step();
    insert_.reset();
  }

 private:
  const SessionTable<Row, Item>& table_;
  SqliteStatement insert_;
};

// Steps through the rows of one table: next(), then readRow() (ids, counts) before readItem().
template <typename Row, typename Item>
class SessionTableReader {
 public:
  SessionTableReader(const SqliteDb& db, const SessionTable<Row, Item>& table, std::string_view tail,
                     std::string what)
      : table_(table), select_(db, table.selectSql(tail).c_str(), what), what_(std::move(what)) {}

  bool next() { return select_.step(); }
  // Reads every remaining row whole, row then item, and hands both to `take(const Row&, Item&)`.
  template <typename Take>
  void forEachRow(Take take) {
    while (next()) {
      Row row;
      Item item;
      readRow(row);
      readItem(row, item);
      take(row, item);
    }
  }
  void readRow(Row& row) const { readColumns(true, row, nullptr); }
  void readItem(Row& row, Item& item) const { readColumns(false, row, &item); }
  // The statement, for binding the parameters of `tail` and resetting between them.
  SqliteStatement& statement() { return select_; }

 private:
  void readColumns(bool fromRow, Row& row, Item* item) const {
    for (std::size_t i = 0; i < table_.columns.size(); ++i) {
      if (table_.columns[i].from_row == fromRow)
        table_.columns[i].read(select_, static_cast<int>(i), row, item, what_);
    }
  }
  const SessionTable<Row, Item>& table_;
  SqliteStatement select_;
  std::string what_;
};

}  // namespace feedscope::io
