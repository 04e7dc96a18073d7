// The recorder inside every recorded process: its environment, capture window, flush thread, exit
// flush and the forked-child rule, driven by a synthetic source since there is no GPU here.
#include "inject/process_recorder.h"
#include "trace/clock.h"

#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include "inject/environment.h"
#include "inject/process_facts.h"
#include "rawstream/reader.h"
#include "support/temp_dir.h"

namespace {

using namespace feedscope::inject;
using feedscope::rawstream::ClockWhen;
using feedscope::rawstream::ReadStatus;
using feedscope::testing::TempDir;
using feedscope::trace::Interval;
using feedscope::trace::IntervalKind;
using feedscope::trace::TrackKind;

RecorderConfig configOf(const std::map<std::string, std::string>& env) {
  return readRecorderConfig([&](const char* name) -> const char* {
    auto it = env.find(name);
    return it == env.end() ? nullptr : it->second.c_str();
  });
}

// Holds records until flushed, counting how often the recorder asked.
class CountingSource : public ActivitySource {
 public:
  explicit CountingSource(ProcessRecorder& r) : recorder_(r) {}
  void add(std::int64_t start) {
    std::lock_guard lock(mutex_);
    pending_.push_back(start);
  }
  void flush(bool forced) override {
    std::vector<std::int64_t> batch;
    {
      std::lock_guard lock(mutex_);
      batch.swap(pending_);
      ++flushes_;
      if (forced) ++forced_flushes_;
    }
    for (auto s : batch)
      recorder_.record({TrackKind::GpuStream, 0, 7}, {s, s + 10, IntervalKind::Kernel}, "k");
  }
  SourceCounts counts() const override { return {5, 1}; }
  void stop() override {
    std::lock_guard lock(mutex_);
    ++stops_;
  }
  int stops() {
    std::lock_guard lock(mutex_);
    return stops_;
  }
  feedscope::rawstream::ClockId clock() const override { return feedscope::rawstream::ClockId::Monotonic; }
  std::int64_t now() const override { return feedscope::trace::monotonicNowNs(); }
  int flushes() {
    std::lock_guard lock(mutex_);
    return flushes_;
  }
  int forcedFlushes() {
    std::lock_guard lock(mutex_);
    return forced_flushes_;
  }

 private:
  ProcessRecorder& recorder_;
  std::mutex mutex_;
  std::vector<std::int64_t> pending_;
  int flushes_ = 0, forced_flushes_ = 0, stops_ = 0;
};

TEST(RecorderConfig, ReadsEveryVariable) {
  auto c = configOf({{kRawDirVar, "/tmp/raw"},
                     {kNvtxVar, "0"},
                     {kWindowStartVar, "100"},
                     {kWindowEndVar, "200"},
                     {kFlushMsVar, "250"}});
  EXPECT_TRUE(c.enabled());
  EXPECT_EQ(c.raw_dir, "/tmp/raw");
  EXPECT_FALSE(c.nvtx);
  EXPECT_EQ(c.window_start_ns, 100);
  EXPECT_EQ(c.window_end_ns, 200);
  EXPECT_EQ(c.flush_ms, 250);
  EXPECT_TRUE(c.problems.empty());
  EXPECT_TRUE(c.inWindow(100));
  EXPECT_TRUE(c.inWindow(199));
  EXPECT_FALSE(c.inWindow(99));
  EXPECT_FALSE(c.inWindow(200));
}

TEST(RecorderConfig, DefaultsAndBadValuesNeverStopTheProgram) {
  auto none = configOf({});
  EXPECT_FALSE(none.enabled());
  EXPECT_TRUE(none.nvtx);
  EXPECT_EQ(none.flush_ms, kDefaultFlushMs);
  EXPECT_TRUE(none.inWindow(1));

  auto bad = configOf({{kRawDirVar, "/d"}, {kWindowStartVar, "soon"}, {kFlushMsVar, "0"}});
  EXPECT_EQ(bad.window_start_ns, 0);
  EXPECT_EQ(bad.flush_ms, kDefaultFlushMs);
  ASSERT_EQ(bad.problems.size(), 2u);
  EXPECT_EQ(bad.problems[0], "FEEDSCOPE_WINDOW_START_NS='soon' is not a number of nanoseconds; ignored");
  EXPECT_EQ(bad.problems[1], "FEEDSCOPE_FLUSH_MS='0' is not 1..60000 ms; using 1000");
}

// --leave-out reaches every process as a list of groups; an unknown group is said and the rest kept.
TEST(RecorderConfig, GroupsToLeaveOutAreReadAndUnknownOnesSaid) {
  auto c = configOf({{kRawDirVar, "/d"}, {kLeaveOutVar, "events,,syncs,kernels,driver"}});
  EXPECT_EQ(c.leave_out, (std::vector<std::string>{"events", "syncs", "driver"}));
  EXPECT_TRUE(c.leavesOut("syncs"));
  EXPECT_FALSE(c.leavesOut("runtime"));
  ASSERT_EQ(c.problems.size(), 1u);
  EXPECT_EQ(c.problems[0],
            "FEEDSCOPE_LEAVE_OUT: 'kernels' is not a group of records (events, syncs, driver, runtime, overhead); "
            "ignored");
  EXPECT_TRUE(configOf({{kRawDirVar, "/d"}}).leave_out.empty());
}

TEST(ProcessRecorder, WithoutAFolderNothingIsCreated) {
  std::string error;
  EXPECT_FALSE(ProcessRecorder::create(configOf({}), error));
  EXPECT_EQ(error, "FEEDSCOPE_RAW_DIR is not set");
  TempDir dir;
  EXPECT_FALSE(ProcessRecorder::create(configOf({{kRawDirVar, dir.file("missing/sub")}}), error));
  EXPECT_NE(error.find("cannot create (No such file or directory)"), std::string::npos) << error;
}

TEST(ProcessRecorder, FinishFlushesForcedAndWritesCountsClocksAndEnd) {
  TempDir dir;
  std::string error;
  auto recorder = ProcessRecorder::create(configOf({{kRawDirVar, dir.path.string()},
                                                    {kFlushMsVar, "60000"},
                                                    {kWindowStartVar, "1000"},
                                                    {kWindowEndVar, "2000"}}),
                                          error);
  ASSERT_TRUE(recorder) << error;
  auto source = std::make_unique<CountingSource>(*recorder);
  CountingSource* s = source.get();
  recorder->attach(std::move(source));
  for (std::int64_t start : {999, 1000, 1500, 1999, 2000}) s->add(start);
  std::string path = recorder->writer().path();
  recorder->finish();
  EXPECT_EQ(s->forcedFlushes(), 1);
  EXPECT_EQ(recorder->recordsOutsideWindow(), 2u);

  auto r = feedscope::rawstream::readRawStream(path);
  ASSERT_EQ(r.report.status, ReadStatus::Complete) << r.report.problem;
  ASSERT_EQ(r.stream.intervals.size(), 3u);  // 1000, 1500 and 1999: the window is [start, end)
  EXPECT_EQ(r.stream.intervals[0].interval.start_ns, 1000);
  EXPECT_EQ(r.stream.intervals[2].interval.start_ns, 1999);
  EXPECT_EQ(r.stream.dropped, 5u);
  EXPECT_EQ(r.stream.invalid, 1u);
  ASSERT_EQ(r.stream.clocks.size(), 2u);
  EXPECT_EQ(r.stream.clocks[0].when, ClockWhen::Start);
  EXPECT_EQ(r.stream.clocks[1].when, ClockWhen::End);
  EXPECT_EQ(r.stream.pid, static_cast<std::uint32_t>(::getpid()));
  EXPECT_EQ(r.stream.executable, executablePath());
  ASSERT_EQ(r.stream.messages.size(), 1u);
  EXPECT_EQ(r.stream.messages[0].text, "2 records outside the capture window were not written");
  recorder->finish();  // a second exit handler run changes nothing
  EXPECT_EQ(s->forcedFlushes(), 1);
}

// Sets (or, with nullptr, unsets) one variable for the life of the object, restoring it after.
class ScopedVariable {
 public:
  ScopedVariable(const char* name, const char* value) : name_(name) {
    if (const char* old = std::getenv(name)) old_ = old;
    if (value != nullptr) {
      ::setenv(name, value, 1);
    } else {
      ::unsetenv(name);
    }
  }
  ~ScopedVariable() {
    if (old_) {
      ::setenv(name_, old_->c_str(), 1);
    } else {
      ::unsetenv(name_);
    }
  }
  ScopedVariable(const ScopedVariable&) = delete;
  ScopedVariable& operator=(const ScopedVariable&) = delete;

 private:
  const char* name_;
  std::optional<std::string> old_;
};

TEST(ProcessRecorder, WritesTheLauncherVariablesAtStartAndAgainWhenTheyChanged) {
  ScopedVariable rank("RANK", "3"), world("WORLD_SIZE", "8"), local("LOCAL_RANK", "3"),
      slurm("SLURM_PROCID", nullptr), slurmTasks("SLURM_NTASKS", nullptr), ompi("OMPI_COMM_WORLD_RANK", nullptr),
      ompiSize("OMPI_COMM_WORLD_SIZE", nullptr), secret("FEEDSCOPE_TEST_SECRET", "hunter2");
  TempDir dir;
  std::string error;
  auto recorder = ProcessRecorder::create(configOf({{kRawDirVar, dir.path.string()}}), error);
  ASSERT_TRUE(recorder) << error;
  std::string path = recorder->writer().path();
  recorder->writer().flush();
  // A process killed now keeps what it said at start.
  auto atStart = feedscope::rawstream::readRawStream(path);
  const std::map<std::string, std::string> started{{"LOCAL_RANK", "3"}, {"RANK", "3"}, {"WORLD_SIZE", "8"}};
  EXPECT_TRUE(atStart.stream.environment_recorded);
  EXPECT_EQ(atStart.stream.launcher_environment, started);  // only launcher variables, never the rest

  ::setenv("RANK", "11", 1);  // as a script setting os.environ["RANK"] after CUDA started
  recorder->finish();
  auto atEnd = feedscope::rawstream::readRawStream(path);
  ASSERT_EQ(atEnd.report.status, ReadStatus::Complete) << atEnd.report.problem;
  EXPECT_EQ(atEnd.stream.launcher_environment.at("RANK"), "11");
  EXPECT_EQ(atEnd.report.records, 4u);  // process info, two environments, end
}

TEST(ProcessRecorder, WritesTheEnvironmentOnceWhenNothingChanged) {
  ScopedVariable rank("RANK", "0");
  TempDir dir;
  std::string error;
  auto recorder = ProcessRecorder::create(configOf({{kRawDirVar, dir.path.string()}}), error);
  ASSERT_TRUE(recorder) << error;
  std::string path = recorder->writer().path();
  recorder->finish();
  auto r = feedscope::rawstream::readRawStream(path);
  EXPECT_EQ(r.report.records, 3u);  // process info, environment, end
  EXPECT_EQ(r.stream.launcher_environment.at("RANK"), "0");
}

TEST(ProcessRecorder, FlushThreadWritesWithoutWaitingForExit) {
  TempDir dir;
  std::string error;
  auto recorder =
      ProcessRecorder::create(configOf({{kRawDirVar, dir.path.string()}, {kFlushMsVar, "10"}}), error);
  ASSERT_TRUE(recorder) << error;
  auto source = std::make_unique<CountingSource>(*recorder);
  CountingSource* s = source.get();
  recorder->attach(std::move(source));
  for (int i = 0; i < 100; ++i) s->add(1000 + i);
  // No explicit flush: the thread must write them on its own, within a few of its periods.
  std::size_t seen = 0;
  for (int i = 0; i < 500 && seen < 100; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
    seen = feedscope::rawstream::readRawStream(recorder->writer().path()).stream.intervals.size();
  }
  EXPECT_EQ(seen, 100u);
  EXPECT_GE(s->flushes(), 1);
  EXPECT_EQ(s->forcedFlushes(), 0);
  recorder->finish();
  // A clock sample at the start, one after each of the thread's flushes, one at the end, in time
  // order: the merge finds from them when another profiler changed CUPTI's clock (launch/stream_clock.h).
  auto clocks = feedscope::rawstream::readRawStream(recorder->writer().path()).stream.clocks;
  ASSERT_GE(clocks.size(), 3u);
  EXPECT_EQ(clocks.front().when, ClockWhen::Start);
  EXPECT_EQ(clocks.back().when, ClockWhen::End);
  for (std::size_t i = 1; i + 1 < clocks.size(); ++i) {
    EXPECT_EQ(clocks[i].when, ClockWhen::Periodic);
    EXPECT_LE(clocks[i - 1].monotonic_ns, clocks[i].monotonic_ns);
    EXPECT_EQ(clocks[i].clock, feedscope::rawstream::ClockId::Monotonic);
  }
}

TEST(ProcessRecorder, CollectionStopsOnceTheWindowHasClosed) {
  TempDir dir;
  std::string error;
  std::int64_t end = feedscope::trace::monotonicNowNs() + 50'000'000;  // --duration 0.05 s from now
  auto recorder = ProcessRecorder::create(
      configOf({{kRawDirVar, dir.path.string()}, {kFlushMsVar, "10"}, {kWindowEndVar, std::to_string(end)}}),
      error);
  ASSERT_TRUE(recorder) << error;
  auto source = std::make_unique<CountingSource>(*recorder);
  CountingSource* s = source.get();
  recorder->attach(std::move(source));
  s->add(end - 1000);  // inside the window
  for (int i = 0; i < 1000 && !recorder->sourceStopped(); ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  ASSERT_TRUE(recorder->sourceStopped());
  EXPECT_GE(feedscope::trace::monotonicNowNs(), end);
  EXPECT_EQ(s->stops(), 1);
  EXPECT_GE(s->forcedFlushes(), 1);  // what was collected up to the end was taken first
  std::string path = recorder->writer().path();
  recorder->finish();
  EXPECT_EQ(s->stops(), 1);
  auto r = feedscope::rawstream::readRawStream(path);
  ASSERT_EQ(r.stream.intervals.size(), 1u);
  ASSERT_FALSE(r.stream.messages.empty());
  EXPECT_EQ(r.stream.messages[0].text,
            "the capture window closed: collection stopped while the program runs on");
}

TEST(ProcessRecorder, AForkedChildNeverCallsTheSourceAndWritesNothing) {
  TempDir dir;
  std::string error;
  auto recorder =
      ProcessRecorder::create(configOf({{kRawDirVar, dir.path.string()}, {kFlushMsVar, "60000"}}), error);
  ASSERT_TRUE(recorder) << error;
  auto source = std::make_unique<CountingSource>(*recorder);
  CountingSource* s = source.get();
  recorder->attach(std::move(source));
  s->add(1000);
  std::string path = recorder->writer().path();
  int before = s->flushes();
  // What the pthread_atfork child handler does, then everything a child might do afterwards.
  recorder->enterForkedChild();
  recorder->record({TrackKind::GpuStream, 0, 7}, {5000, 5010, IntervalKind::Kernel}, "child");
  recorder->report(feedscope::rawstream::Severity::Error, "child");
  recorder->finish();
  EXPECT_EQ(s->flushes(), before);
  auto r = feedscope::rawstream::readRawStream(path);
  EXPECT_EQ(r.report.status, ReadStatus::Unfinished);
  EXPECT_TRUE(r.stream.intervals.empty());
  EXPECT_TRUE(r.stream.messages.empty());
}

}  // namespace
