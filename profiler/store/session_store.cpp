// Session files: save (atomic) and load (read-only, validated).
#include "store/session_store.h"

#include <unistd.h>

#include <bit>
#include <cstring>
#include <map>
#include <optional>

#include "trace/api_calls.h"
#include "store/atomic_file.h"
#include "store/output_target.h"
#include "read/file_bytes.h"
#include "io/input_error.h"
#include "store/session_schema.h"
#include "store/sqlite_handle.h"
#include "trace/stored_interval_checks.h"

static_assert(std::endian::native == std::endian::little, "session chunks are stored little-endian");

namespace feedscope::io {

namespace {

using trace::IntervalColumns;
namespace schema = session_schema;

// A run's argument texts, kIntervalsPerChunk texts a row.
void writeArgumentTexts(SessionTableWriter<schema::ArgumentTextsRow, schema::StoredArgumentTexts>& out,
                        std::int64_t runId, const trace::RunArguments& arguments) {
  // The texts are held packed (trace/arguments.h): each chunk is joined back as it is written.
  std::uint64_t begin = 0;
  for (std::size_t first = 0, chunk = 0; first < arguments.count(); first += kIntervalsPerChunk, ++chunk) {
    const std::size_t n = std::min(kIntervalsPerChunk, arguments.count() - first);
    schema::StoredArgumentTexts slice;
    slice.text = arguments.texts(first, n, begin, slice.ends);
    begin = slice.ends.back();
    out.write({runId, static_cast<std::int64_t>(chunk), static_cast<std::int64_t>(n), first}, slice);
  }
}

// Argument texts of every run, when the file has them (sessions written before arguments were kept
// have not): each run's chunks in order, each text inside the run's whole text.
void readArgumentTexts(const SqliteDb& db, trace::Session& session, const std::map<std::int64_t, std::size_t>& runIndex,
                       const std::string& what) {
  if (!db.hasTable("argument_texts", what)) return;
  SessionTableReader texts(db, schema::argumentTextsTable(), "ORDER BY run_id, chunk", what);
  std::map<std::int64_t, std::int64_t> nextChunk;
  while (texts.next()) {
    schema::ArgumentTextsRow row;
    texts.readRow(row);
    auto run = runIndex.find(row.run_id);
    if (run == runIndex.end()) throw InputError(what + ": corrupt session (a row refers to a missing run)");
    if (row.chunk != nextChunk[row.run_id]++ || row.count <= 0 ||
        row.count > static_cast<std::int64_t>(kIntervalsPerChunk)) {
      throw InputError(what + ": corrupt session (argument texts out of order)");
    }
    schema::StoredArgumentTexts slice;
    texts.readItem(row, slice);
    if (!session.runs[run->second].arguments.appendStored(slice.text, slice.ends)) {
      throw InputError(what + ": corrupt session (argument texts do not add up)");
    }
  }
}

// The argument ids of track `trackId`, when it has any: one per interval, each naming a text of its run.
void readArgumentIds(SessionTableReader<schema::ChunkRow, IntervalColumns>& ids, std::int64_t trackId,
                     IntervalColumns& iv, const std::string& what) {
  ids.statement().bind(1, trackId);
  std::int64_t expectedChunk = 0;
  while (ids.next()) {
    schema::ChunkRow chunk;
    ids.readRow(chunk);
    if (chunk.chunk != expectedChunk++ || chunk.count < 0 ||
        iv.arguments.size() + static_cast<std::size_t>(chunk.count) > iv.size()) {
      throw InputError(what + ": corrupt session (argument ids do not match the intervals)");
    }
    ids.readItem(chunk, iv);
  }
  ids.statement().reset();
  if (!iv.arguments.empty() && iv.arguments.size() != iv.size()) {
    throw InputError(what + ": corrupt session (argument ids do not match the intervals)");
  }
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
  db.exec(schema::createAllTablesSql().c_str(), what);
  const schema::NoItem none;
  {
    SessionTableWriter meta(db, schema::metaTable(), what);
    for (auto [k, v] : {std::pair<const char*, const char*>{"format", "feedscope-session"},
                        {"writer", "feedscope " FEEDSCOPE_VERSION_STRING},
                        {"interval_layout", "little-endian column chunks, see docs/file-formats.md"}}) {
      meta.write({k, v}, none);
    }
    SessionTableWriter kinds(db, schema::intervalKindsTable(), what);
    for (int k = 0; k < trace::kIntervalKindCount; ++k) {
      kinds.write({k, std::string(trace::intervalKindName(static_cast<trace::IntervalKind>(k)))}, none);
    }
    SessionTableWriter memory(db, schema::memoryKindsTable(), what);
    for (int k = 0; k < trace::kMemoryKindCount; ++k) {
      memory.write({k, std::string(trace::memoryKindName(static_cast<trace::MemoryKind>(k)))}, none);
    }
    SessionTableWriter strings(db, schema::stringsTable(), what);
    for (std::size_t i = 0; i < session.strings.size(); ++i) {
      strings.write({static_cast<std::int64_t>(i), std::string(session.strings.get(static_cast<trace::StringId>(i)))},
                    none);
    }
  }
  SessionTableWriter runs(db, schema::runsTable(), what);
  SessionTableWriter devices(db, schema::devicesTable(), what);
  SessionTableWriter calibrations(db, schema::calibrationTable(), what);
  SessionTableWriter samples(db, schema::calibrationSamplesTable(), what);
  SessionTableWriter tracks(db, schema::tracksTable(), what);
  SessionTableWriter chunks(db, schema::intervalChunksTable(), what);
  SessionTableWriter argumentIds(db, schema::intervalArgumentsTable(), what);
  SessionTableWriter argumentTexts(db, schema::argumentTextsTable(), what);
  std::int64_t trackId = 0;
  for (std::size_t r = 0; r < session.runs.size(); ++r) {
    const trace::Run& run = session.runs[r];
    const auto runId = static_cast<std::int64_t>(r);
    runs.write({runId}, run);
    for (const auto& d : run.devices) devices.write({runId}, d);
    if (run.calibration) {
      calibrations.write({runId}, *run.calibration);
      for (const auto& s : run.calibration->samples) samples.write({runId}, s);
    }
    writeArgumentTexts(argumentTexts, runId, run.arguments);
    for (std::size_t t = 0; t < run.tracks.size(); ++t) {
      const trace::Track& track = run.tracks[t];
      const IntervalColumns& iv = track.intervals;
      tracks.write({trackId, runId, static_cast<std::int64_t>(t), static_cast<std::int64_t>(iv.size())}, track);
      for (std::size_t first = 0, chunk = 0; first < iv.size(); first += kIntervalsPerChunk, ++chunk) {
        const std::size_t n = std::min(kIntervalsPerChunk, iv.size() - first);
        chunks.write({trackId, static_cast<std::int64_t>(chunk), static_cast<std::int64_t>(n), first}, iv);
        if (!iv.arguments.empty()) {
          argumentIds.write({trackId, static_cast<std::int64_t>(chunk), static_cast<std::int64_t>(n), first}, iv);
        }
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
  for (std::string_view table : schema::tableNames()) {
    if (db.objectType(std::string(table).c_str()) == "view") {
      throw InputError(what + ": corrupt session ('" + std::string(table) +
                       "' is a view, not a table; refusing to read it)");
    }
  }

  trace::Session session;
  {
    SessionTableReader strings(db, schema::stringsTable(), "ORDER BY id", what);
    std::int64_t expected = 0;
    schema::NamedId row;
    while (strings.next()) {
      strings.readRow(row);
      if (row.id != expected) throw InputError(what + ": corrupt session (string ids are not contiguous)");
      if (expected == 0) {
        if (!row.text.empty()) throw InputError(what + ": corrupt session (string 0 must be empty)");
      } else if (session.strings.intern(row.text) != static_cast<trace::StringId>(expected)) {
        throw InputError(what + ": corrupt session (duplicate strings)");
      }
      ++expected;
    }
  }
  const std::size_t stringCount = session.strings.size();

  std::map<std::int64_t, std::size_t> runIndex;
  SessionTableReader(db, schema::runsTable(), "ORDER BY id", what)
      .forEachRow([&](const schema::RunRow& row, trace::Run& run) {
        runIndex[row.id] = session.runs.size();
        session.runs.push_back(std::move(run));
      });
  auto runFor = [&](std::int64_t id) -> trace::Run& {
    auto it = runIndex.find(id);
    if (it == runIndex.end()) throw InputError(what + ": corrupt session (a row refers to a missing run)");
    return session.runs[it->second];
  };
  readArgumentTexts(db, session, runIndex, what);
  for (auto& run : session.runs) run.arguments.shrinkToFit();
  SessionTableReader(db, schema::devicesTable(), "ORDER BY run_id, device", what)
      .forEachRow([&](const schema::OfRun& row, trace::DeviceInfo& device) {
        runFor(row.run_id).devices.push_back(std::move(device));
      });
  SessionTableReader(db, schema::calibrationTable(), "", what)
      .forEachRow([&](const schema::OfRun& row, trace::Calibration& c) { runFor(row.run_id).calibration = c; });
  {
    SessionTableReader samples(db, schema::calibrationSamplesTable(), "ORDER BY rowid", what);
    while (samples.next()) {
      schema::OfRun row;
      samples.readRow(row);
      trace::Run& run = runFor(row.run_id);
      if (!run.calibration) throw InputError(what + ": corrupt session (calibration samples without calibration)");
      trace::BandwidthSample s;
      samples.readItem(row, s);
      run.calibration->samples.push_back(s);
    }
  }

  SessionTableReader chunks(db, schema::intervalChunksTable(), "WHERE track_id = ? ORDER BY chunk", what);
  std::optional<SessionTableReader<schema::ChunkRow, IntervalColumns>> argumentIds;
  if (db.hasTable("interval_arguments", what)) {
    argumentIds.emplace(db, schema::intervalArgumentsTable(), "WHERE track_id = ? ORDER BY chunk", what);
  }
  SessionTableReader tracks(db, schema::tracksTable(), "ORDER BY run_id, position", what);
  // A declared size is believed only as far as the file could hold it: every interval takes at least
  // 36 bytes of blobs, so a corrupt count is refused (exit 2) instead of reserving terabytes.
  const std::int64_t fileBytes =
      db.queryInt("PRAGMA page_count", 0, what) * db.queryInt("PRAGMA page_size", 0, what);
  const std::int64_t mostIntervals = fileBytes / 36 + 1;
  while (tracks.next()) {
    schema::TrackRow row;
    trace::Track track;
    tracks.readRow(row);
    tracks.readItem(row, track);
    const std::int64_t declared = row.interval_count;
    if (declared < 0 || declared > mostIntervals) {
      throw InputError(what + ": corrupt session (a track declares more intervals than the file holds)");
    }
    IntervalColumns& iv = track.intervals;
    iv.reserve(static_cast<std::size_t>(declared));
    chunks.statement().bind(1, row.id);
    std::int64_t expectedChunk = 0;
    while (chunks.next()) {
      schema::ChunkRow chunk;
      chunks.readRow(chunk);
      if (chunk.chunk != expectedChunk++) throw InputError(what + ": corrupt session (missing interval chunk)");
      if (chunk.count < 0 || static_cast<std::int64_t>(iv.size()) + chunk.count > declared) {
        throw InputError(what + ": corrupt session (interval count mismatch)");
      }
      chunks.readItem(chunk, iv);
    }
    chunks.statement().reset();
    if (static_cast<std::int64_t>(iv.size()) != declared) {
      throw InputError(what + ": corrupt session (track holds fewer intervals than declared)");
    }
    if (argumentIds) readArgumentIds(*argumentIds, row.id, iv, what);
    // Everything the analysis relies on: valid enums and string ids, end >= start, sorted starts.
    if (auto bad = trace::firstInvalidStoredInterval(iv, stringCount, runFor(row.run_id).arguments.count())) {
      throw InputError(what + ": corrupt session (invalid interval " + std::to_string(*bad) + " in track '" +
                       track.name + "')");
    }
    runFor(row.run_id).tracks.push_back(std::move(track));
  }
  // Sessions written before calls carried kBlockingApi: the flags the importers set today.
  for (trace::Run& run : session.runs) trace::markApiCalls(run, session.strings);
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
