// Session files: exact round trips, atomic writes, and refusal of foreign, newer, older and corrupt files.
#include "store/session_store.h"

#include <gtest/gtest.h>
#include <sqlite3.h>

#include <filesystem>
#include <functional>

#include "io/input_error.h"
#include "importers/kineto_import.h"
#include "support/run_fixture.h"
#include "support/temp_dir.h"

namespace feedscope::io {
namespace {

using testing::TempDir;

std::string dataPath(const std::string& rel) { return std::string(FEEDSCOPE_TEST_DATA_DIR) + "/" + rel; }

trace::Session richSession() {
  trace::Session session;
  importKinetoFile(dataPath("h200/h200_stream.json.gz"), session);
  testing::RunFixture f("synthetic ünïcode run");
  f.kernel(0, 10, 3, 42);
  f.h2d(5, 25, 123456, trace::MemoryKind::Pageable, 4, 43);
  f.api("cudaMemcpyAsync", 1, 2, 43);
  trace::Session& synthetic = f.finish();
  trace::Run run = synthetic.runs.back();
  run.labels = {{"mode", "off"}, {"phase", "train"}};
  run.command = "python3 train.py --epochs 1";
  run.devices = {{0, "NVIDIA H200", "GPU-1234"}};
  run.clock = {"CLOCK_MONOTONIC", 1'700'000'000'000'000'000};
  run.records = {5, 2, 1};
  trace::Calibration cal;
  cal.pinned_h2d_gbps = 54.9;
  cal.pageable_h2d_gbps = 6.7;
  cal.samples.push_back({trace::IntervalKind::MemcpyHtoD, trace::MemoryKind::Pinned, 4096, 0.8, 5200});
  cal.samples.push_back({trace::IntervalKind::MemcpyDtoH, trace::MemoryKind::Pageable, 1 << 20, 5.1, 205000});
  run.calibration = cal;
  for (auto& track : run.tracks) {
    for (auto& id : track.intervals.name) id = session.strings.intern(synthetic.strings.get(id));
  }
  session.runs.push_back(run);
  return session;
}

void expectEqualSessions(const trace::Session& a, const trace::Session& b) {
  ASSERT_EQ(a.runs.size(), b.runs.size());
  for (std::size_t r = 0; r < a.runs.size(); ++r) {
    const trace::Run& x = a.runs[r];
    const trace::Run& y = b.runs[r];
    EXPECT_EQ(x.name, y.name);
    EXPECT_EQ(x.source, y.source);
    EXPECT_EQ(x.command, y.command);
    EXPECT_EQ(x.labels, y.labels);
    EXPECT_EQ(x.devices, y.devices);
    EXPECT_EQ(x.clock, y.clock);
    EXPECT_EQ(x.records, y.records);
    EXPECT_EQ(x.calibration, y.calibration);
    EXPECT_EQ(x.arguments, y.arguments);
    ASSERT_EQ(x.tracks.size(), y.tracks.size());
    for (std::size_t t = 0; t < x.tracks.size(); ++t) {
      const trace::Track& p = x.tracks[t];
      const trace::Track& q = y.tracks[t];
      EXPECT_EQ(p.kind, q.kind);
      EXPECT_EQ(p.name, q.name);
      EXPECT_EQ(p.device, q.device);
      EXPECT_EQ(p.stream, q.stream);
      EXPECT_EQ(p.pid, q.pid);
      EXPECT_EQ(p.tid, q.tid);
      ASSERT_EQ(p.intervals.size(), q.intervals.size());
      for (std::size_t i = 0; i < p.intervals.size(); ++i) {
        trace::Interval u = p.intervals.at(i), v = q.intervals.at(i);
        ASSERT_EQ(u, v) << "track " << t << " interval " << i;
        ASSERT_EQ(a.strings.get(u.name), b.strings.get(v.name));
      }
    }
  }
}

TEST(SessionStore, RoundTripIsExact) {
  TempDir dir;
  trace::Session original = richSession();
  std::string path = dir.file("s.feedscope");
  saveSession(original, path);
  trace::Session loaded = loadSession(path);
  expectEqualSessions(original, loaded);
  // Saved again, the second file loads the same too.
  saveSession(loaded, dir.file("t.feedscope"));
  expectEqualSessions(original, loadSession(dir.file("t.feedscope")));
}

TEST(SessionStore, LargeTracksSpanSeveralChunks) {
  TempDir dir;
  testing::RunFixture f("big");
  for (int i = 0; i < 150'000; ++i) f.kernel(i * 10, i * 10 + 5);
  trace::Session& s = f.finish();
  saveSession(s, dir.file("big.feedscope"));
  trace::Session loaded = loadSession(dir.file("big.feedscope"));
  ASSERT_EQ(loaded.intervalCount(), 150'000u);
  EXPECT_EQ(loaded.runs[0].tracks[0].intervals.start_ns.back(), s.runs[0].tracks[0].intervals.start_ns.back());
}

TEST(SessionStore, WritesAtomicallyAndLeavesNoTemporaryFile) {
  TempDir dir;
  std::string path = dir.file("s.feedscope");
  saveSession(richSession(), path);
  saveSession(richSession(), path);  // replace an existing file
  int files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir.path)) {
    ++files;
    EXPECT_EQ(entry.path().filename(), "s.feedscope");
  }
  EXPECT_EQ(files, 1);
  // A folder that does not exist: a clear error, nothing written.
  EXPECT_THROW(saveSession(richSession(), dir.file("missing/s.feedscope")), InputError);
}

// Validated on write exactly as on read. Every rule the reader enforces on intervals is
// broken in turn in memory: the writer refuses with exit-2 input error naming the interval, and the
// session already at the path is left as it was.
TEST(SessionStore, WritesNothingItWouldRefuseToRead) {
  TempDir dir;
  std::string path = dir.file("s.feedscope");
  saveSession(richSession(), path);
  const auto before = std::filesystem::last_write_time(path);
  const std::vector<std::pair<std::string, std::function<void(trace::IntervalColumns&)>>> breakages = {
      {"end before start", [](auto& iv) { iv.end_ns[1] = iv.start_ns[1] - 1; }},
      {"past the time range", [](auto& iv) { iv.end_ns[1] = trace::kMaxTimeNs + 1; }},
      {"unsorted", [](auto& iv) { iv.start_ns[1] = iv.start_ns[0] - 1; }},
      {"unknown kind", [](auto& iv) { iv.kind[1] = static_cast<trace::IntervalKind>(250); }},
      {"unknown memory kind", [](auto& iv) { iv.src[1] = static_cast<trace::MemoryKind>(250); }},
      {"name outside the strings", [](auto& iv) { iv.name[1] = 1u << 30; }},
  };
  for (const auto& [what, breakIt] : breakages) {
    trace::Session session = richSession();
    trace::Track* target = nullptr;
    for (auto& track : session.runs.front().tracks)
      if (track.intervals.size() >= 2) target = &track;
    ASSERT_NE(target, nullptr);
    breakIt(target->intervals);
    try {
      saveSession(session, path);
      ADD_FAILURE() << what << ": written";
    } catch (const InputError& e) {
      EXPECT_EQ(std::string(e.what()),
                path + ": refusing to write a session Feedscope could not read back (invalid interval 1 in track '" +
                    target->name + "' of run '" + session.runs.front().name + "')")
          << what;
    }
    EXPECT_EQ(std::filesystem::last_write_time(path), before) << what;
    EXPECT_EQ(loadSession(path).runs.size(), 2u) << what;
  }
  int files = 0;
  for ([[maybe_unused]] const auto& entry : std::filesystem::directory_iterator(dir.path)) ++files;
  EXPECT_EQ(files, 1);  // no temporary left behind
}

TEST(SessionStore, OpenedReadOnlyNeverChanged) {
  TempDir dir;
  std::string path = dir.file("s.feedscope");
  saveSession(richSession(), path);
  auto before = std::filesystem::last_write_time(path);
  std::string bytes = testing::readWholeFile(path);
  loadSession(path);
  EXPECT_EQ(testing::readWholeFile(path), bytes);
  EXPECT_EQ(std::filesystem::last_write_time(path), before);
}

std::string errorFor(const std::string& path) {
  try {
    loadSession(path);
  } catch (const InputError& e) {
    return e.what();
  }
  return "(no error)";
}

void rewrite(const std::string& path, const char* sql) {
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(db, sql, nullptr, nullptr, nullptr), SQLITE_OK) << sqlite3_errmsg(db);
  sqlite3_close(db);
}

TEST(SessionStore, RefusesNewerOlderForeignAndCorruptFiles) {
  TempDir dir;
  auto fresh = [&](const std::string& name) {
    std::string p = dir.file(name);
    saveSession(richSession(), p);
    return p;
  };
  std::string newer = fresh("newer.feedscope");
  rewrite(newer, "PRAGMA user_version=99");
  EXPECT_NE(errorFor(newer).find("written by a newer Feedscope (session schema 99"), std::string::npos);

  std::string older = fresh("older.feedscope");
  rewrite(older, "PRAGMA user_version=0");
  EXPECT_NE(errorFor(older).find("older than this build reads"), std::string::npos);

  std::string foreign = dir.file("foreign.db");
  rewrite(foreign, "CREATE TABLE t(x)");
  EXPECT_NE(errorFor(foreign).find("an SQLite database of another program"), std::string::npos);

  EXPECT_NE(errorFor(dir.file("text.feedscope", "just some text")).find("not an SQLite database"), std::string::npos);
  EXPECT_NE(errorFor(dir.file("empty.feedscope", "")).find("empty file"), std::string::npos);
  EXPECT_NE(errorFor(dir.file("none.feedscope")).find("no such file"), std::string::npos);

  std::string badChunk = fresh("chunk.feedscope");
  rewrite(badChunk, "UPDATE interval_chunks SET start_ns = x'0102' WHERE track_id = 0 AND chunk = 0");
  EXPECT_NE(errorFor(badChunk).find("corrupt session"), std::string::npos);

  std::string badKind = fresh("kind.feedscope");
  rewrite(badKind, "UPDATE interval_chunks SET kind = x'ff' || substr(kind, 2) WHERE track_id = 0");
  EXPECT_NE(errorFor(badKind).find("corrupt session (invalid interval"), std::string::npos);

  std::string missingRun = fresh("run.feedscope");
  rewrite(missingRun, "DELETE FROM runs");
  EXPECT_NE(errorFor(missingRun).find("missing run"), std::string::npos);

  // Half a file: what a crash during a non-atomic write would leave.
  std::string whole = testing::readWholeFile(fresh("whole.feedscope"));
  std::string half = dir.file("half.feedscope", whole.substr(0, whole.size() / 2));
  std::string message = errorFor(half);
  EXPECT_NE(message, "(no error)");
  EXPECT_EQ(message.find('\n'), std::string::npos);
}

TEST(SessionStore, KeepsArgumentsAndReadsSessionsWrittenBeforeThem) {
  TempDir dir;
  const std::string path = dir.file("args.feedscope");
  trace::Session original = richSession();
  ASSERT_GT(original.runs.front().arguments.count(), 1000u);  // the H200 trace's kernels and copies have args
  saveSession(original, path);
  trace::Session loaded = loadSession(path);
  expectEqualSessions(original, loaded);
  // A kernel's launch configuration, exactly as the trace wrote it.
  const trace::Run& run = loaded.runs.front();
  bool sawGrid = false;
  for (const auto& t : run.tracks) {
    if (t.kind != trace::TrackKind::GpuStream || t.intervals.empty() || t.intervals.kind[0] != trace::IntervalKind::Kernel)
      continue;
    sawGrid = sawGrid || run.arguments.get(t.intervals.argumentsAt(0)).find("\"grid\"") != std::string_view::npos;
  }
  EXPECT_TRUE(sawGrid);

  // A session written before arguments were kept has neither table: read, with no arguments.
  const std::string older = dir.file("older.feedscope");
  saveSession(original, older);
  rewrite(older, "DROP TABLE interval_arguments; DROP TABLE argument_texts");
  trace::Session old = loadSession(older);
  ASSERT_EQ(old.runs.size(), original.runs.size());
  EXPECT_TRUE(old.runs.front().arguments.empty());
  EXPECT_EQ(old.intervalCount(), original.intervalCount());
  for (const auto& t : old.runs.front().tracks) EXPECT_TRUE(t.intervals.arguments.empty());
}

TEST(SessionStore, RefusesArgumentsThatDoNotAddUp) {
  TempDir dir;
  auto damaged = [&](const std::string& name, const std::string& sql) {
    const std::string p = dir.file(name);
    saveSession(richSession(), p);
    rewrite(p, sql.c_str());
    return errorFor(p);
  };
  // An id past the run's texts (0xffffffff as the first interval's id).
  EXPECT_NE(damaged("id.feedscope", "UPDATE interval_arguments SET arguments_id = x'ffffffff' || substr(arguments_id, 5) "
                                    "WHERE chunk = 0")
                .find("corrupt session (invalid interval"),
            std::string::npos);
  EXPECT_NE(damaged("ids.feedscope", "UPDATE interval_arguments SET arguments_id = x'01000000' WHERE chunk = 0")
                .find("corrupt session"),
            std::string::npos);
  EXPECT_NE(damaged("ends.feedscope", "UPDATE argument_texts SET text = substr(text, 2) WHERE chunk = 0")
                .find("corrupt session (argument texts do not add up)"),
            std::string::npos);
  EXPECT_NE(damaged("count.feedscope", "UPDATE argument_texts SET count = 4611686018427387904 WHERE chunk = 0")
                .find("corrupt session (argument texts out of order)"),
            std::string::npos);
}

TEST(SessionStore, LoadsFromMemoryImage) {
  TempDir dir;
  std::string path = dir.file("s.feedscope");
  trace::Session original = richSession();
  saveSession(original, path);
  expectEqualSessions(original, loadSessionFromMemory(testing::readWholeFile(path)));
  EXPECT_THROW(loadSessionFromMemory("garbage"), InputError);
  EXPECT_THROW(loadSessionFromMemory(""), InputError);
}

TEST(SessionStore, MemoryPerIntervalIsWithinTarget) {
  testing::RunFixture f;
  for (int i = 0; i < 100'000; ++i) f.kernel(i * 10, i * 10 + 5);
  trace::Session& s = f.finish();
  EXPECT_LE(s.bytesPerInterval(), 40.0);
  EXPECT_EQ(trace::IntervalColumns::kBytesPerInterval, 36u);
}

}  // namespace
}  // namespace feedscope::io
