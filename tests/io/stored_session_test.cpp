// A session written by an earlier build (tests/data/sessions) opens with everything it holds, and this
// build writes the same file for it: the same schema and the same rows in every table.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <cctype>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include "importers/kineto_import.h"
#include "store/session_store.h"
#include "support/independent_kineto.h"
#include "support/temp_dir.h"

namespace feedscope::io {
namespace {

using testing::TempDir;

std::string dataPath(const std::string& rel) {
  return std::string(FEEDSCOPE_TEST_DATA_DIR) + "/" + rel;
}

// The session file of tests/data/sessions/README.md, unpacked into `dir`.
std::string storedSession(const TempDir& dir) {
  return dir.file("old.feedscope",
                  testing::gunzipFile(dataPath("sessions/v1-before-table-schema.feedscope.gz")));
}

TEST(StoredSession, ASessionWrittenBeforeTheSchemaTableOpensWithEverythingItHolds) {
  TempDir dir;
  const trace::Session s = loadSession(storedSession(dir));
  ASSERT_EQ(s.runs.size(), 2u);
  EXPECT_EQ(s.strings.size(), 94u);

  const trace::Run& base = s.runs[0];
  EXPECT_EQ(base.name, "compare base");
  EXPECT_EQ(base.source, "kineto:compare_base.json.gz");
  EXPECT_EQ(base.command, "python3 train.py --epochs 1");
  EXPECT_EQ(base.labels, (std::map<std::string, std::string>{
                             {"host", "gpu-node-1"}, {"mode", "off"}, {"phase", "train"}}));
  EXPECT_EQ(base.devices,
            (std::vector<trace::DeviceInfo>{{0, "NVIDIA H200", "GPU-1234"}, {1, "NVIDIA H200", "GPU-5678"}}));
  EXPECT_EQ(base.clock, (trace::ClockInfo{"CLOCK_MONOTONIC", 1'700'000'000'000'000'000}));
  EXPECT_EQ(base.records, (trace::RecordCounts{5, 2, 1}));
  trace::Calibration calibration;
  calibration.pinned_h2d_gbps = 54.9;
  calibration.pageable_h2d_gbps = 6.7;
  calibration.pinned_d2h_gbps = 51.25;
  calibration.pageable_d2h_gbps = 7.5;
  calibration.samples = {
      {trace::IntervalKind::MemcpyHtoD, trace::MemoryKind::Pinned, 4096, 0.8, 5200},
      {trace::IntervalKind::MemcpyDtoH, trace::MemoryKind::Pageable, 1 << 20, 5.1, 205000}};
  EXPECT_EQ(base.calibration, calibration);

  const trace::Run& a100 = s.runs[1];
  EXPECT_EQ(a100.name, "a100 simple add");
  EXPECT_EQ(a100.devices, (std::vector<trace::DeviceInfo>{{0, "NVIDIA A100-PG509-200", ""}}));
  EXPECT_FALSE(a100.calibration);
  EXPECT_EQ(a100.records.zero_length, 90u);

  // Its tracks and intervals are those an import of the same traces gives today.
  trace::Session fresh;
  importKinetoFile(dataPath("kineto/compare_base.json.gz"), fresh, "compare base");
  importKinetoFile(dataPath("kineto/a100_simple_add.json.gz"), fresh, "a100 simple add");
  for (std::size_t r = 0; r < 2; ++r) {
    const auto& stored = s.runs[r].tracks;
    const auto& imported = fresh.runs[r].tracks;
    ASSERT_EQ(stored.size(), 4u);
    ASSERT_EQ(stored.size(), imported.size());
    // The earlier build left instants (zero-length records) out and counted them; today they are kept:
    // the stored intervals are today's timed ones.
    std::uint64_t instants = 0;
    for (std::size_t t = 0; t < stored.size(); ++t) {
      EXPECT_EQ(stored[t].name, imported[t].name);
      EXPECT_EQ(stored[t].kind, imported[t].kind);
      std::vector<trace::Interval> timed;
      for (std::size_t i = 0; i < imported[t].intervals.size(); ++i) {
        const trace::Interval iv = imported[t].intervals.at(i);
        if (iv.end_ns == iv.start_ns) {
          ++instants;
        } else {
          timed.push_back(iv);
        }
      }
      ASSERT_EQ(stored[t].intervals.size(), timed.size());
      for (std::size_t i = 0; i < stored[t].intervals.size(); ++i) {
        trace::Interval a = stored[t].intervals.at(i), b = timed[i];
        EXPECT_EQ(s.strings.get(a.name), fresh.strings.get(b.name));
        a.name = b.name = 0;
        b.arguments = 0;  // written before arguments were kept: the fresh import has them, the file not
        ASSERT_EQ(a, b) << "run " << r << " track " << t << " interval " << i;
      }
    }
    EXPECT_GE(instants, 1u) << "run " << r;  // both traces have records of 0 µs
  }
}

// Every value of a row as text, typed, so that 1, 1.0, '1' and x'01' differ.
std::string rowText(sqlite3_stmt* st) {
  std::string row;
  for (int c = 0; c < sqlite3_column_count(st); ++c) {
    switch (sqlite3_column_type(st, c)) {
      case SQLITE_INTEGER:
        row += "i" + std::to_string(sqlite3_column_int64(st, c));
        break;
      case SQLITE_FLOAT: {
        char text[64];
        std::snprintf(text, sizeof text, "f%.17g", sqlite3_column_double(st, c));
        row += text;
        break;
      }
      case SQLITE_TEXT:
        row += "t" + std::string(reinterpret_cast<const char*>(sqlite3_column_text(st, c)));
        break;
      case SQLITE_BLOB:
        row += "b" + std::string(static_cast<const char*>(sqlite3_column_blob(st, c)),
                                 static_cast<std::size_t>(sqlite3_column_bytes(st, c)));
        break;
      default:
        row += "n";
        break;
    }
    row += '|';
  }
  return row;
}

// The rows a query returns; `ok` is false when SQLite refuses the query.
std::vector<std::string> rows(sqlite3* db, const std::string& sql, bool* ok = nullptr) {
  std::vector<std::string> out;
  sqlite3_stmt* st = nullptr;
  const bool prepared = sqlite3_prepare_v2(db, sql.c_str(), -1, &st, nullptr) == SQLITE_OK;
  if (ok != nullptr) *ok = prepared;
  while (prepared && sqlite3_step(st) == SQLITE_ROW) out.push_back(rowText(st));
  sqlite3_finalize(st);
  return out;
}

// A file's schema (whitespace inside a CREATE statement is not part of it), its identity, and the rows
// of every table with their rowids where a table has them, in rowid order.
std::vector<std::string> contents(const std::string& path) {
  sqlite3* db = nullptr;
  EXPECT_EQ(sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr), SQLITE_OK);
  std::vector<std::string> out;
  for (const char* pragma : {"PRAGMA application_id", "PRAGMA user_version", "PRAGMA page_size"}) {
    out.push_back(std::string(pragma) + " " + rows(db, pragma).at(0));
  }
  for (std::string entry : rows(db, "SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY name")) {
    std::string collapsed;
    for (char c : entry) {
      if (std::isspace(static_cast<unsigned char>(c)) && (collapsed.empty() || collapsed.back() == ' '))
        continue;
      collapsed += std::isspace(static_cast<unsigned char>(c)) ? ' ' : c;
    }
    out.push_back(collapsed);
  }
  for (const std::string& table :
       rows(db, "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")) {
    const std::string name = table.substr(1, table.size() - 2);  // "t<name>|"
    bool hasRowid = false;
    std::vector<std::string> r = rows(db, "SELECT rowid, * FROM " + name + " ORDER BY rowid", &hasRowid);
    if (!hasRowid) r = rows(db, "SELECT * FROM " + name);  // WITHOUT ROWID: in primary-key order
    out.push_back(name + ": " + std::to_string(r.size()) + " rows");
    out.insert(out.end(), r.begin(), r.end());
  }
  sqlite3_close(db);
  return out;
}

// The rows of `contents` without the tables of arguments, which sessions written before them lack.
std::vector<std::string> withoutArgumentTables(std::vector<std::string> rows) {
  std::erase_if(rows, [](const std::string& r) {
    return r.find("argument_texts") != std::string::npos || r.find("interval_arguments") != std::string::npos;
  });
  return rows;
}

// The rows of `contents` with the interval chunks' last column (the flags) left out.
std::vector<std::string> withoutIntervalFlags(std::vector<std::string> rows) {
  bool inChunks = false;
  for (std::string& r : rows) {
    if (r.find(" rows") != std::string::npos && r.find(':') != std::string::npos && r.find('|') == std::string::npos) {
      inChunks = r.rfind("interval_chunks:", 0) == 0;
      continue;
    }
    if (!inChunks) continue;
    const std::size_t last = r.rfind("|b", r.size() - 2);
    if (last != std::string::npos) r.resize(last + 1);
  }
  return rows;
}

TEST(StoredSession, ThisBuildWritesTheSameFileForIt) {
  TempDir dir;
  const std::string old = storedSession(dir);
  const std::string again = dir.file("again.feedscope"), twice = dir.file("twice.feedscope");
  saveSession(loadSession(old), again);
  saveSession(loadSession(again), twice);
  const std::vector<std::string> before = contents(old), after = contents(again);
  ASSERT_GT(before.size(), 20u);
  // A session of this build reads and writes back byte for byte.
  EXPECT_EQ(after, contents(twice));
  // An older one keeps everything but the API calls' flags, which gain kBlockingApi on read (the flag
  // the importers set today, trace/api_calls.h).
  // It gains the tables of arguments, empty: it was written before arguments were kept.
  EXPECT_EQ(withoutIntervalFlags(before), withoutIntervalFlags(withoutArgumentTables(after)));
  EXPECT_NE(std::find(after.begin(), after.end(), "argument_texts: 0 rows"), after.end());
  EXPECT_NE(std::find(after.begin(), after.end(), "interval_arguments: 0 rows"), after.end());
  EXPECT_NE(before, after);
}

}  // namespace
}  // namespace feedscope::io
