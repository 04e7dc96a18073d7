// The session file's tables: each column once, with the member it stores. The column names, types
// and order are the file format (docs/file-formats.md); a session written before this table existed
// has exactly this schema (tests/io/stored_session_test.cpp).
#include "store/session_schema.h"

namespace feedscope::io::session_schema {

using trace::BandwidthSample;
using trace::Calibration;
using trace::DeviceInfo;
using trace::IntervalColumns;
using trace::Run;
using trace::Track;

const SessionTable<MetaRow, NoItem>& metaTable() {
  using C = SessionColumns<MetaRow, NoItem>;
  static const SessionTable<MetaRow, NoItem> table{"meta",
                                                   {C::fromRow<&MetaRow::key>("key", "TEXT PRIMARY KEY"),
                                                    C::fromRow<&MetaRow::value>("value", "TEXT NOT NULL")}};
  return table;
}

const SessionTable<NamedId, NoItem>& stringsTable() {
  using C = SessionColumns<NamedId, NoItem>;
  static const SessionTable<NamedId, NoItem> table{"strings",
                                                   {C::fromRow<&NamedId::id>("id", "INTEGER PRIMARY KEY"),
                                                    C::fromRow<&NamedId::text>("text", "TEXT NOT NULL")}};
  return table;
}

const SessionTable<RunRow, Run>& runsTable() {
  using C = SessionColumns<RunRow, Run>;
  static const SessionTable<RunRow, Run> table{
      "runs",
      {C::fromRow<&RunRow::id>("id", "INTEGER PRIMARY KEY"), C::fromItem<&Run::name>("name", "TEXT NOT NULL"),
       C::fromItem<&Run::source>("source", "TEXT"), C::fromItem<&Run::command>("command", "TEXT"),
       C::fromItem<&Run::clock, &trace::ClockInfo::source>("clock_source", "TEXT"),
       C::fromItem<&Run::clock, &trace::ClockInfo::realtime_offset_ns>("realtime_offset_ns", "INTEGER"),
       C::fromItem<&Run::records, &trace::RecordCounts::dropped>("dropped_records", "INTEGER"),
       C::fromItem<&Run::records, &trace::RecordCounts::invalid>("invalid_records", "INTEGER"),
       C::fromItem<&Run::records, &trace::RecordCounts::zero_length>("zero_length_records", "INTEGER"),
       C::fromItem<&Run::labels>("labels_json", "TEXT")}};
  return table;
}

const SessionTable<OfRun, DeviceInfo>& devicesTable() {
  using C = SessionColumns<OfRun, DeviceInfo>;
  static const SessionTable<OfRun, DeviceInfo> table{
      "devices",
      {C::fromRow<&OfRun::run_id>("run_id", "INTEGER NOT NULL"),
       C::fromItem<&DeviceInfo::id>("device", "INTEGER NOT NULL"),
       C::fromItem<&DeviceInfo::name>("name", "TEXT"), C::fromItem<&DeviceInfo::uuid>("uuid", "TEXT")},
      "PRIMARY KEY(run_id, device)"};
  return table;
}

const SessionTable<OfRun, Calibration>& calibrationTable() {
  using C = SessionColumns<OfRun, Calibration>;
  static const SessionTable<OfRun, Calibration> table{
      "calibration",
      {C::fromRow<&OfRun::run_id>("run_id", "INTEGER PRIMARY KEY"),
       C::fromItem<&Calibration::pinned_h2d_gbps>("pinned_h2d_gbps", "REAL"),
       C::fromItem<&Calibration::pageable_h2d_gbps>("pageable_h2d_gbps", "REAL"),
       C::fromItem<&Calibration::pinned_d2h_gbps>("pinned_d2h_gbps", "REAL"),
       C::fromItem<&Calibration::pageable_d2h_gbps>("pageable_d2h_gbps", "REAL")}};
  return table;
}

const SessionTable<OfRun, BandwidthSample>& calibrationSamplesTable() {
  using C = SessionColumns<OfRun, BandwidthSample>;
  static const SessionTable<OfRun, BandwidthSample> table{
      "calibration_samples",
      {C::fromRow<&OfRun::run_id>("run_id", "INTEGER NOT NULL"),
       C::fromItem<&BandwidthSample::direction>("direction", "TEXT NOT NULL"),
       C::fromItem<&BandwidthSample::host_memory>("host_memory", "TEXT NOT NULL"),
       C::fromItem<&BandwidthSample::bytes>("bytes", "INTEGER NOT NULL"),
       C::fromItem<&BandwidthSample::gbps>("gbps", "REAL NOT NULL"),
       C::fromItem<&BandwidthSample::latency_ns>("latency_ns", "REAL NOT NULL")}};
  return table;
}

const SessionTable<TrackRow, Track>& tracksTable() {
  using C = SessionColumns<TrackRow, Track>;
  static const SessionTable<TrackRow, Track> table{
      "tracks",
      {C::fromRow<&TrackRow::id>("id", "INTEGER PRIMARY KEY"),
       C::fromRow<&TrackRow::run_id>("run_id", "INTEGER NOT NULL"),
       C::fromRow<&TrackRow::position>("position", "INTEGER NOT NULL"),
       C::fromItem<&Track::kind>("kind", "TEXT NOT NULL"), C::fromItem<&Track::name>("name", "TEXT"),
       C::fromItem<&Track::device>("device", "INTEGER"), C::fromItem<&Track::stream>("stream", "INTEGER"),
       C::fromItem<&Track::pid>("pid", "INTEGER"), C::fromItem<&Track::tid>("tid", "INTEGER"),
       C::fromRow<&TrackRow::interval_count>("interval_count", "INTEGER NOT NULL")}};
  return table;
}

const SessionTable<ChunkRow, IntervalColumns>& intervalChunksTable() {
  using C = SessionColumns<ChunkRow, IntervalColumns>;
  static const SessionTable<ChunkRow, IntervalColumns> table{
      "interval_chunks",
      {C::fromRow<&ChunkRow::track_id>("track_id", "INTEGER NOT NULL"),
       C::fromRow<&ChunkRow::chunk>("chunk", "INTEGER NOT NULL"),
       C::fromRow<&ChunkRow::count>("count", "INTEGER NOT NULL"),
       C::chunkOf<&IntervalColumns::start_ns>("start_ns"), C::chunkOf<&IntervalColumns::end_ns>("end_ns"),
       C::chunkOf<&IntervalColumns::bytes>("bytes"), C::chunkOf<&IntervalColumns::name>("name_id"),
       C::chunkOf<&IntervalColumns::correlation>("correlation"), C::chunkOf<&IntervalColumns::kind>("kind"),
       C::chunkOf<&IntervalColumns::src>("src_memory"), C::chunkOf<&IntervalColumns::dst>("dst_memory"),
       C::chunkOf<&IntervalColumns::flags>("flags")},
      "PRIMARY KEY(track_id, chunk)",
      "WITHOUT ROWID"};
  return table;
}

const SessionTable<ChunkRow, IntervalColumns>& intervalArgumentsTable() {
  using C = SessionColumns<ChunkRow, IntervalColumns>;
  static const SessionTable<ChunkRow, IntervalColumns> table{
      "interval_arguments",
      {C::fromRow<&ChunkRow::track_id>("track_id", "INTEGER NOT NULL"),
       C::fromRow<&ChunkRow::chunk>("chunk", "INTEGER NOT NULL"),
       C::fromRow<&ChunkRow::count>("count", "INTEGER NOT NULL"),
       C::chunkOf<&IntervalColumns::arguments>("arguments_id")},
      "PRIMARY KEY(track_id, chunk)",
      "WITHOUT ROWID"};
  return table;
}

// The texts as blobs: an argument text is any JSON the trace wrote, stored byte for byte.
const SessionTable<ArgumentTextsRow, StoredArgumentTexts>& argumentTextsTable() {
  using Row = ArgumentTextsRow;
  using Item = StoredArgumentTexts;
  using C = SessionColumns<Row, Item>;
  static const SessionTable<Row, Item> table{
      "argument_texts",
      {C::fromRow<&Row::run_id>("run_id", "INTEGER NOT NULL"), C::fromRow<&Row::chunk>("chunk", "INTEGER NOT NULL"),
       C::fromRow<&Row::count>("count", "INTEGER NOT NULL"),
       {"ends", "BLOB", false,
        [](SqliteStatement& st, int index, const Row&, const Item& item) {
          bindColumnSlice(st, index, item.ends, 0, item.ends.size());
        },
        [](const SqliteStatement& st, int index, Row& row, Item* item, const std::string& what) {
          appendColumnBlob(item->ends, st.blob(index), static_cast<std::size_t>(row.count), what);
        }},
       {"text", "BLOB", false,
        [](SqliteStatement& st, int index, const Row&, const Item& item) {
          st.bindBlob(index, item.text.data(), item.text.size());
        },
        [](const SqliteStatement& st, int index, Row&, Item* item, const std::string&) {
          item->text = std::string(st.blob(index));
        }}},
      "PRIMARY KEY(run_id, chunk)",
      "WITHOUT ROWID"};
  return table;
}

// The names of interval and memory kinds, for readers of the file other than Feedscope.
const SessionTable<NamedId, NoItem>& intervalKindsTable() {
  using C = SessionColumns<NamedId, NoItem>;
  static const SessionTable<NamedId, NoItem> table{"interval_kinds",
                                                   {C::fromRow<&NamedId::id>("id", "INTEGER PRIMARY KEY"),
                                                    C::fromRow<&NamedId::text>("name", "TEXT NOT NULL")}};
  return table;
}

const SessionTable<NamedId, NoItem>& memoryKindsTable() {
  using C = SessionColumns<NamedId, NoItem>;
  static const SessionTable<NamedId, NoItem> table{"memory_kinds",
                                                   {C::fromRow<&NamedId::id>("id", "INTEGER PRIMARY KEY"),
                                                    C::fromRow<&NamedId::text>("name", "TEXT NOT NULL")}};
  return table;
}

std::string createAllTablesSql() {
  std::string sql;
  forEachTable([&](const auto& table) { sql += table.createSql(); });
  return sql;
}

std::vector<std::string_view> tableNames() {
  std::vector<std::string_view> names;
  forEachTable([&](const auto& table) { names.push_back(table.name); });
  return names;
}

}  // namespace feedscope::io::session_schema
