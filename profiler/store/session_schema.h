// The tables of a session file (docs/file-formats.md), each one list of (column, member) from which
// the schema, the writer and the reader are derived (store/session_table.h).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "store/session_table.h"
#include "trace/interval_columns.h"
#include "trace/run.h"

namespace feedscope::io::session_schema {

// Stored for tables whose rows are the store's own (no model object behind them).
struct NoItem {};

struct MetaRow {
  std::string key, value;
};
// A string of the session's table, an interval kind or a memory kind: an id and its text.
struct NamedId {
  std::int64_t id = 0;
  std::string text;
};
struct RunRow {
  std::int64_t id = 0;
};
// Devices, calibrations and calibration samples belong to a run.
struct OfRun {
  std::int64_t run_id = 0;
};
struct TrackRow {
  std::int64_t id = 0;
  std::int64_t run_id = 0;
  std::int64_t position = 0;  // the track's index in its run
  std::int64_t interval_count = 0;
};
struct ChunkRow {
  std::int64_t track_id = 0;
  std::int64_t chunk = 0;
  std::int64_t count = 0;  // intervals in the chunk
  std::size_t first = 0;   // the chunk's first interval in the track (not stored: chunk * kIntervalsPerChunk)
};

// A slice of a run's argument texts (trace::RunArguments): `count` texts from the `first`.
struct ArgumentTextsRow {
  std::int64_t run_id = 0;
  std::int64_t chunk = 0;
  std::int64_t count = 0;
  std::size_t first = 0;  // not stored: chunk * kIntervalsPerChunk
};
struct StoredArgumentTexts {
  std::vector<std::uint64_t> ends;  // where each text ends in the run's whole text (RunArguments::texts)
  std::string text;                 // the slice's texts, one after another
};

const SessionTable<MetaRow, NoItem>& metaTable();
const SessionTable<NamedId, NoItem>& stringsTable();
const SessionTable<RunRow, trace::Run>& runsTable();
const SessionTable<OfRun, trace::DeviceInfo>& devicesTable();
const SessionTable<OfRun, trace::Calibration>& calibrationTable();
const SessionTable<OfRun, trace::BandwidthSample>& calibrationSamplesTable();
const SessionTable<TrackRow, trace::Track>& tracksTable();
const SessionTable<ChunkRow, trace::IntervalColumns>& intervalChunksTable();
// Argument ids of a track's intervals, chunked as interval_chunks; only tracks that have any.
// Absent from sessions written before arguments were kept: then no interval has any.
const SessionTable<ChunkRow, trace::IntervalColumns>& intervalArgumentsTable();
const SessionTable<ArgumentTextsRow, StoredArgumentTexts>& argumentTextsTable();
const SessionTable<NamedId, NoItem>& intervalKindsTable();
const SessionTable<NamedId, NoItem>& memoryKindsTable();

// Calls `visit` with every table, in the order above (the order of CREATE TABLE in a file).
template <typename Visit>
void forEachTable(Visit&& visit) {
  visit(metaTable());
  visit(stringsTable());
  visit(runsTable());
  visit(devicesTable());
  visit(calibrationTable());
  visit(calibrationSamplesTable());
  visit(tracksTable());
  visit(intervalChunksTable());
  visit(intervalArgumentsTable());
  visit(argumentTextsTable());
  visit(intervalKindsTable());
  visit(memoryKindsTable());
}

// Every table's CREATE TABLE.
std::string createAllTablesSql();
// Every table's name.
std::vector<std::string_view> tableNames();

}  // namespace feedscope::io::session_schema
