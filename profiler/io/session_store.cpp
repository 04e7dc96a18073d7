// Session files: save (atomic) and load (read-only, validated).
#include "io/session_store.h"

#include <nlohmann/json.hpp>

#include <unistd.h>

#include <bit>
#include <cstring>

#include "io/atomic_file.h"
#include "io/output_target.h"
#include "io/file_bytes.h"
#include "io/input_error.h"
#include "io/sqlite_handle.h"
#include "trace/stored_interval_checks.h"

static_assert(std::endian::native == std::endian::little, "session chunks are stored little-endian");

namespace feedscope::io {

namespace {

using trace::IntervalColumns;

constexpr const char* kSchema = R"sql(
CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE strings(id INTEGER PRIMARY KEY, text TEXT NOT NULL);
CREATE TABLE runs(id INTEGER PRIMARY KEY, name TEXT NOT NULL, source TEXT, command TEXT, clock_source TEXT,
                  realtime_offset_ns INTEGER, dropped_records INTEGER, invalid_records INTEGER,
                  zero_length_records INTEGER, labels_json TEXT);
CREATE TABLE devices(run_id INTEGER NOT NULL, device INTEGER NOT NULL, name TEXT, uuid TEXT,
                     PRIMARY KEY(run_id, device));
CREATE TABLE calibration(run_id INTEGER PRIMARY KEY, pinned_h2d_gbps REAL, pageable_h2d_gbps REAL,
                         pinned_d2h_gbps REAL, pageable_d2h_gbps REAL);
CREATE TABLE calibration_samples(run_id INTEGER NOT NULL, direction TEXT NOT NULL, host_memory TEXT NOT NULL,
                                 bytes INTEGER NOT NULL, gbps REAL NOT NULL, latency_ns REAL NOT NULL);
CREATE TABLE tracks(id INTEGER PRIMARY KEY, run_id INTEGER NOT NULL, position INTEGER NOT NULL, kind TEXT NOT NULL,
                    name TEXT, device INTEGER, stream INTEGER, pid INTEGER, tid INTEGER,
                    interval_count INTEGER NOT NULL);
CREATE TABLE interval_chunks(track_id INTEGER NOT NULL, chunk INTEGER NOT NULL, count INTEGER NOT NULL,
                             start_ns BLOB, end_ns BLOB, bytes BLOB, name_id BLOB, correlation BLOB,
                             kind BLOB, src_memory BLOB, dst_memory BLOB, flags BLOB,
                             PRIMARY KEY(track_id, chunk)) WITHOUT ROWID;
CREATE TABLE interval_kinds(id INTEGER PRIMARY KEY, name TEXT NOT NULL);
CREATE TABLE memory_kinds(id INTEGER PRIMARY KEY, name TEXT NOT NULL);
)sql";

template <typename Column>
void bindColumn(SqliteStatement& st, int index, const Column& column, std::size_t first, std::size_t count) {
  st.bindBlob(index, column.data() + first, count * sizeof(typename Column::value_type));
}

template <typename Column>
void appendColumn(Column& column, std::string_view blob, std::size_t count, const std::string& what) {
  using T = typename Column::value_type;
  if (blob.size() != count * sizeof(T)) throw InputError(what + ": corrupt session (interval chunk has the wrong size)");
  std::size_t old = column.size();
  column.resize(old + count);
  if (count > 0) std::memcpy(column.data() + old, blob.data(), blob.size());
}

// `what` names the session for messages (the file written is its temporary).
void writeSession(const trace::Session& session, const std::string& file, const std::string& what) {
  sqlite3* raw = nullptr;
  if (sqlite3_open_v2(file.c_str(), &raw, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr) != SQLITE_OK) {
    SqliteDb guard(raw);
    throw InputError(what + ": cannot create session file");
  }
  SqliteDb db(raw);
  // The file is temporary until renamed: no journal needed, and one transaction for speed.
  db.exec("PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF; PRAGMA page_size=65536;", what);
  db.exec(("PRAGMA application_id=" + std::to_string(kSessionApplicationId) + ";").c_str(), what);
  db.exec(("PRAGMA user_version=" + std::to_string(kSessionSchemaVersion) + ";").c_str(), what);
  db.exec("BEGIN;", what);
  db.exec(kSchema, what);
  {
    SqliteStatement meta(db, "INSERT INTO meta(key, value) VALUES(?, ?)", what);
    for (auto [k, v] : {std::pair<const char*, const char*>{"format", "feedscope-session"},
                        {"writer", "feedscope " FEEDSCOPE_VERSION_STRING},
                        {"interval_layout", "little-endian column chunks, see docs/file-formats.md"}}) {
      meta.bind(1, std::string_view(k));
      meta.bind(2, std::string_view(v));
      meta.step();
      meta.reset();
    }
    SqliteStatement kinds(db, "INSERT INTO interval_kinds(id, name) VALUES(?, ?)", what);
    for (int k = 0; k < trace::kIntervalKindCount; ++k) {
      kinds.bind(1, std::int64_t{k});
      kinds.bind(2, trace::intervalKindName(static_cast<trace::IntervalKind>(k)));
      kinds.step();
      kinds.reset();
    }
    SqliteStatement mem(db, "INSERT INTO memory_kinds(id, name) VALUES(?, ?)", what);
    for (int k = 0; k < trace::kMemoryKindCount; ++k) {
      mem.bind(1, std::int64_t{k});
      mem.bind(2, trace::memoryKindName(static_cast<trace::MemoryKind>(k)));
      mem.step();
      mem.reset();
    }
  }
  {
    SqliteStatement st(db, "INSERT INTO strings(id, text) VALUES(?, ?)", what);
    for (std::size_t i = 0; i < session.strings.size(); ++i) {
      st.bind(1, static_cast<std::int64_t>(i));
      st.bind(2, session.strings.get(static_cast<trace::StringId>(i)));
      st.step();
      st.reset();
    }
  }
  SqliteStatement runSt(db,
                        "INSERT INTO runs(id, name, source, command, clock_source, realtime_offset_ns, dropped_records, "
                        "invalid_records, zero_length_records, labels_json) VALUES(?,?,?,?,?,?,?,?,?,?)",
                        what);
  SqliteStatement devSt(db, "INSERT INTO devices(run_id, device, name, uuid) VALUES(?,?,?,?)", what);
  SqliteStatement calSt(db,
                        "INSERT INTO calibration(run_id, pinned_h2d_gbps, pageable_h2d_gbps, pinned_d2h_gbps, "
                        "pageable_d2h_gbps) VALUES(?,?,?,?,?)",
                        what);
  SqliteStatement sampleSt(db,
                           "INSERT INTO calibration_samples(run_id, direction, host_memory, bytes, gbps, latency_ns) "
                           "VALUES(?,?,?,?,?,?)",
                           what);
  SqliteStatement trackSt(db,
                          "INSERT INTO tracks(id, run_id, position, kind, name, device, stream, pid, tid, "
                          "interval_count) VALUES(?,?,?,?,?,?,?,?,?,?)",
                          what);
  SqliteStatement chunkSt(db,
                          "INSERT INTO interval_chunks(track_id, chunk, count, start_ns, end_ns, bytes, name_id, "
                          "correlation, kind, src_memory, dst_memory, flags) VALUES(?,?,?,?,?,?,?,?,?,?,?,?)",
                          what);
  std::int64_t trackId = 0;
  for (std::size_t r = 0; r < session.runs.size(); ++r) {
    const trace::Run& run = session.runs[r];
    auto runId = static_cast<std::int64_t>(r);
    runSt.bind(1, runId);
    runSt.bind(2, run.name);
    runSt.bind(3, run.source);
    runSt.bind(4, run.command);
    runSt.bind(5, run.clock.source);
    runSt.bind(6, run.clock.realtime_offset_ns);
    runSt.bind(7, static_cast<std::int64_t>(run.records.dropped));
    runSt.bind(8, static_cast<std::int64_t>(run.records.invalid));
    runSt.bind(9, static_cast<std::int64_t>(run.records.zero_length));
    runSt.bind(10, nlohmann::json(run.labels).dump());
    runSt.step();
    runSt.reset();
    for (const auto& d : run.devices) {
      devSt.bind(1, runId);
      devSt.bind(2, std::int64_t{d.id});
      devSt.bind(3, d.name);
      devSt.bind(4, d.uuid);
      devSt.step();
      devSt.reset();
    }
    if (run.calibration) {
      const trace::Calibration& c = *run.calibration;
      calSt.bind(1, runId);
      calSt.bind(2, c.pinned_h2d_gbps);
      calSt.bind(3, c.pageable_h2d_gbps);
      calSt.bind(4, c.pinned_d2h_gbps);
      calSt.bind(5, c.pageable_d2h_gbps);
      calSt.step();
      calSt.reset();
      for (const auto& s : c.samples) {
        sampleSt.bind(1, runId);
        sampleSt.bind(2, trace::intervalKindName(s.direction));
        sampleSt.bind(3, trace::memoryKindName(s.host_memory));
        sampleSt.bind(4, static_cast<std::int64_t>(s.bytes));
        sampleSt.bind(5, s.gbps);
        sampleSt.bind(6, s.latency_ns);
        sampleSt.step();
        sampleSt.reset();
      }
    }
    for (std::size_t t = 0; t < run.tracks.size(); ++t) {
      const trace::Track& track = run.tracks[t];
      const IntervalColumns& iv = track.intervals;
      trackSt.bind(1, trackId);
      trackSt.bind(2, runId);
      trackSt.bind(3, static_cast<std::int64_t>(t));
      trackSt.bind(4, trace::trackKindName(track.kind));
      trackSt.bind(5, track.name);
      trackSt.bind(6, std::int64_t{track.device});
      trackSt.bind(7, track.stream);
      trackSt.bind(8, track.pid);
      trackSt.bind(9, track.tid);
      trackSt.bind(10, static_cast<std::int64_t>(iv.size()));
      trackSt.step();
      trackSt.reset();
      for (std::size_t first = 0, chunk = 0; first < iv.size(); first += kIntervalsPerChunk, ++chunk) {
        std::size_t n = std::min(kIntervalsPerChunk, iv.size() - first);
        chunkSt.bind(1, trackId);
        chunkSt.bind(2, static_cast<std::int64_t>(chunk));
        chunkSt.bind(3, static_cast<std::int64_t>(n));
        bindColumn(chunkSt, 4, iv.start_ns, first, n);
        bindColumn(chunkSt, 5, iv.end_ns, first, n);
        bindColumn(chunkSt, 6, iv.bytes, first, n);
        bindColumn(chunkSt, 7, iv.name, first, n);
        bindColumn(chunkSt, 8, iv.correlation, first, n);
        bindColumn(chunkSt, 9, iv.kind, first, n);
        bindColumn(chunkSt, 10, iv.src, first, n);
        bindColumn(chunkSt, 11, iv.dst, first, n);
        bindColumn(chunkSt, 12, iv.flags, first, n);
        chunkSt.step();
        chunkSt.reset();
      }
      ++trackId;
    }
  }
  db.exec("COMMIT;", what);
}

trace::Session readSession(const SqliteDb& db, const std::string& what) {
  // Identify the file before trusting anything in it.
  std::int64_t appId = 0;
  {
    sqlite3_stmt* st = nullptr;
    if (sqlite3_prepare_v2(db.get(), "PRAGMA application_id", -1, &st, nullptr) != SQLITE_OK) {
      std::string msg = sqlite3_errmsg(db.get());
      sqlite3_finalize(st);
      if (msg.find("not a database") != std::string::npos || msg.find("malformed") != std::string::npos) {
        throw InputError(what + ": not a Feedscope session (not an SQLite database, or a corrupt one)");
      }
      throw InputError(what + ": cannot read session (" + msg + ")");
    }
    int rc = sqlite3_step(st);
    if (rc == SQLITE_ROW) appId = sqlite3_column_int64(st, 0);
    sqlite3_finalize(st);
    if (rc != SQLITE_ROW && rc != SQLITE_DONE) {
      throw InputError(what + ": not a Feedscope session (not an SQLite database, or a corrupt one)");
    }
  }
  if (appId != kSessionApplicationId) {
    throw InputError(what + ": not a Feedscope session (an SQLite database of another program)");
  }
  std::int64_t version = db.queryInt("PRAGMA user_version", 0, what);
  if (version > kSessionSchemaVersion) {
    throw InputError(what + ": written by a newer Feedscope (session schema " + std::to_string(version) +
                     ", this build reads up to " + std::to_string(kSessionSchemaVersion) + "); please upgrade");
  }
  if (version < kSessionSchemaVersion) {
    throw InputError(what + ": session schema " + std::to_string(version) + " is older than this build reads (" +
                     std::to_string(kSessionSchemaVersion) + ")");
  }

  // Only real tables are read: a view in a table's place can be made to never end.
  for (const char* table : {"meta", "strings", "runs", "devices", "calibration", "calibration_samples", "tracks",
                            "interval_chunks", "interval_kinds", "memory_kinds"}) {
    if (db.objectType(table) == "view") {
      throw InputError(what + ": corrupt session ('" + table + "' is a view, not a table; refusing to read it)");
    }
  }

  trace::Session session;
  {
    SqliteStatement st(db, "SELECT id, text FROM strings ORDER BY id", what);
    std::int64_t expected = 0;
    while (st.step()) {
      if (st.integer(0) != expected) throw InputError(what + ": corrupt session (string ids are not contiguous)");
      std::string text = st.text(1);
      if (expected == 0) {
        if (!text.empty()) throw InputError(what + ": corrupt session (string 0 must be empty)");
      } else if (session.strings.intern(text) != static_cast<trace::StringId>(expected)) {
        throw InputError(what + ": corrupt session (duplicate strings)");
      }
      ++expected;
    }
  }
  const std::size_t stringCount = session.strings.size();

  std::map<std::int64_t, std::size_t> runIndex;
  {
    SqliteStatement st(db,
                       "SELECT id, name, source, command, clock_source, realtime_offset_ns, dropped_records, "
                       "invalid_records, zero_length_records, labels_json FROM runs ORDER BY id",
                       what);
    while (st.step()) {
      trace::Run run;
      run.name = st.text(1);
      run.source = st.text(2);
      run.command = st.text(3);
      run.clock.source = st.text(4);
      run.clock.realtime_offset_ns = st.integer(5);
      run.records.dropped = static_cast<std::uint64_t>(st.integer(6));
      run.records.invalid = static_cast<std::uint64_t>(st.integer(7));
      run.records.zero_length = static_cast<std::uint64_t>(st.integer(8));
      auto labels = nlohmann::json::parse(st.text(9), nullptr, false);
      if (labels.is_object()) {
        for (auto& [k, v] : labels.items()) {
          if (v.is_string()) run.labels[k] = v.get<std::string>();
        }
      }
      runIndex[st.integer(0)] = session.runs.size();
      session.runs.push_back(std::move(run));
    }
  }
  auto runFor = [&](std::int64_t id) -> trace::Run& {
    auto it = runIndex.find(id);
    if (it == runIndex.end()) throw InputError(what + ": corrupt session (a row refers to a missing run)");
    return session.runs[it->second];
  };
  {
    SqliteStatement st(db, "SELECT run_id, device, name, uuid FROM devices ORDER BY run_id, device", what);
    while (st.step()) {
      runFor(st.integer(0)).devices.push_back({static_cast<std::int32_t>(st.integer(1)), st.text(2), st.text(3)});
    }
  }
  {
    SqliteStatement st(db,
                       "SELECT run_id, pinned_h2d_gbps, pageable_h2d_gbps, pinned_d2h_gbps, pageable_d2h_gbps FROM "
                       "calibration",
                       what);
    while (st.step()) {
      trace::Calibration c;
      c.pinned_h2d_gbps = st.real(1);
      c.pageable_h2d_gbps = st.real(2);
      c.pinned_d2h_gbps = st.real(3);
      c.pageable_d2h_gbps = st.real(4);
      runFor(st.integer(0)).calibration = c;
    }
    SqliteStatement samples(db,
                            "SELECT run_id, direction, host_memory, bytes, gbps, latency_ns FROM calibration_samples "
                            "ORDER BY rowid",
                            what);
    while (samples.step()) {
      trace::Run& run = runFor(samples.integer(0));
      if (!run.calibration) throw InputError(what + ": corrupt session (calibration samples without calibration)");
      trace::BandwidthSample s;
      auto direction = trace::intervalKindFromName(samples.text(1));
      auto memory = trace::memoryKindFromName(samples.text(2));
      if (!direction || !memory) throw InputError(what + ": corrupt session (unknown calibration sample kind)");
      s.direction = *direction;
      s.host_memory = *memory;
      s.bytes = static_cast<std::uint64_t>(samples.integer(3));
      s.gbps = samples.real(4);
      s.latency_ns = samples.real(5);
      run.calibration->samples.push_back(s);
    }
  }

  SqliteStatement chunks(db,
                         "SELECT chunk, count, start_ns, end_ns, bytes, name_id, correlation, kind, src_memory, "
                         "dst_memory, flags FROM interval_chunks WHERE track_id = ? ORDER BY chunk",
                         what);
  SqliteStatement tracks(db,
                         "SELECT id, run_id, kind, name, device, stream, pid, tid, interval_count FROM tracks "
                         "ORDER BY run_id, position",
                         what);
  // A declared size is believed only as far as the file could hold it: every interval takes at least
  // 36 bytes of blobs, so a corrupt count is refused (exit 2) instead of reserving terabytes.
  const std::int64_t fileBytes =
      db.queryInt("PRAGMA page_count", 0, what) * db.queryInt("PRAGMA page_size", 0, what);
  const std::int64_t mostIntervals = fileBytes / 36 + 1;
  while (tracks.step()) {
    trace::Track track;
    auto kind = trace::trackKindFromName(tracks.text(2));
    if (!kind) throw InputError(what + ": corrupt session (unknown track kind '" + tracks.text(2) + "')");
    track.kind = *kind;
    track.name = tracks.text(3);
    track.device = static_cast<std::int32_t>(tracks.integer(4));
    track.stream = tracks.integer(5);
    track.pid = tracks.integer(6);
    track.tid = tracks.integer(7);
    std::int64_t declared = tracks.integer(8);
    if (declared < 0 || declared > mostIntervals) {
      throw InputError(what + ": corrupt session (a track declares more intervals than the file holds)");
    }
    IntervalColumns& iv = track.intervals;
    iv.reserve(static_cast<std::size_t>(declared));
    chunks.bind(1, tracks.integer(0));
    std::int64_t expectedChunk = 0;
    while (chunks.step()) {
      if (chunks.integer(0) != expectedChunk++) throw InputError(what + ": corrupt session (missing interval chunk)");
      std::int64_t n = chunks.integer(1);
      if (n < 0 || static_cast<std::int64_t>(iv.size()) + n > declared) {
        throw InputError(what + ": corrupt session (interval count mismatch)");
      }
      auto count = static_cast<std::size_t>(n);
      appendColumn(iv.start_ns, chunks.blob(2), count, what);
      appendColumn(iv.end_ns, chunks.blob(3), count, what);
      appendColumn(iv.bytes, chunks.blob(4), count, what);
      appendColumn(iv.name, chunks.blob(5), count, what);
      appendColumn(iv.correlation, chunks.blob(6), count, what);
      appendColumn(iv.kind, chunks.blob(7), count, what);
      appendColumn(iv.src, chunks.blob(8), count, what);
      appendColumn(iv.dst, chunks.blob(9), count, what);
      appendColumn(iv.flags, chunks.blob(10), count, what);
    }
    chunks.reset();
    if (static_cast<std::int64_t>(iv.size()) != declared) {
      throw InputError(what + ": corrupt session (track holds fewer intervals than declared)");
    }
    // Everything the analysis relies on: valid enums and string ids, end >= start, sorted starts.
    if (auto bad = trace::firstInvalidStoredInterval(iv, stringCount)) {
      throw InputError(what + ": corrupt session (invalid interval " + std::to_string(*bad) + " in track '" +
                       track.name + "')");
    }
    runFor(tracks.integer(1)).tracks.push_back(std::move(track));
  }
  return session;
}

}  // namespace

bool looksLikeSqlite(std::string_view firstBytes) {
  static constexpr std::string_view kMagic("SQLite format 3\0", 16);
  return firstBytes.substr(0, kMagic.size()) == kMagic;
}

void saveSession(const trace::Session& session, const std::string& path) {
  // Validated on write exactly as on read: what merge or an importer builds from odd inputs is refused
  // here, before anything is replaced, instead of being written for `report` to refuse later.
  if (auto problem = trace::firstInvalidStoredTrack(session)) {
    throw InputError(path + ": refusing to write a session Feedscope could not read back (" + *problem + ")");
  }
  AtomicFile file(path);
  try {
    writeSession(session, file.tempPath(), path);
  } catch (const InputError& e) {
    // SQLite reports a full disk like any other error: here it is a failed write, not bad input.
    throw OutputError(e.what());
  }
  file.commit();
  // The write-ahead log of the file just replaced would be applied to the new one by the next reader.
  OutputTarget target = resolveOutputTarget(path);
  if (target.kind == OutputTarget::Kind::RegularFile) {
    for (const char* suffix : {"-wal", "-shm"}) ::unlink((target.path + suffix).c_str());
  }
}

trace::Session loadSession(const std::string& path) {
  std::string head = readFileHead(path, 16);
  if (!looksLikeSqlite(head)) throw InputError(path + ": not a Feedscope session (not an SQLite database)");
  // Read-only and immutable: viewing a session never changes it, and no journal is created.
  SqliteDb db = openSqliteReadOnly(path);
  return readSession(db, path);
}

trace::Session loadSessionFromMemory(std::string_view bytes, std::string_view what) {
  return readSession(openSqliteFromMemory(bytes, std::string(what)), std::string(what));
}

}  // namespace feedscope::io
