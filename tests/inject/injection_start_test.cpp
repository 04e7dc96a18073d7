// The injection's start-up path against a fake activity source: what InitializeInjection does in a
// recorded process, without CUPTI. The recorder exists once per process and finishes at exit, so each
// case runs in a forked child that exits as a program does; the parent reads the raw stream it left.
#include "inject/injection_start.h"

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <functional>
#include <stdexcept>

#include "rawstream/reader.h"
#include "support/temp_dir.h"
#include "trace/clock.h"

namespace {

using namespace feedscope::inject;
using feedscope::rawstream::ReadStatus;
using feedscope::rawstream::Severity;
using feedscope::testing::TempDir;
using feedscope::trace::IntervalKind;
using feedscope::trace::TrackKind;

// Writes one kernel whenever the recorder flushes it.
class OneKernelSource : public ActivitySource {
 public:
  explicit OneKernelSource(ProcessRecorder& r) : recorder_(r) {}
  void flush(bool /*forced*/) override {
    if (!written_) recorder_.record({TrackKind::GpuStream, 0, 7}, {1'000, 2'000, IntervalKind::Kernel}, "gemm");
    written_ = true;
  }
  SourceCounts counts() const override { return {3, 0}; }
  feedscope::rawstream::ClockId clock() const override { return feedscope::rawstream::ClockId::Monotonic; }
  std::int64_t now() const override { return feedscope::trace::monotonicNowNs(); }

 private:
  ProcessRecorder& recorder_;
  bool written_ = false;
};

RecorderConfig configIn(const std::string& rawDir) {
  return readRecorderConfig([&](const char* name) -> const char* {
    return std::string(name) == kRawDirVar && !rawDir.empty() ? rawDir.c_str() : nullptr;
  });
}

// Runs `body` in a child that then exits as a program does (atexit handlers run); its exit status.
int inChildProcess(const std::function<int()>& body) {
  pid_t pid = ::fork();
  if (pid == 0) std::exit(body());
  int status = 0;
  ::waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

std::vector<std::filesystem::path> streamsIn(const TempDir& dir) {
  std::vector<std::filesystem::path> files;
  for (const auto& e : std::filesystem::directory_iterator(dir.path)) files.push_back(e.path());
  return files;
}

TEST(InjectionStart, NotStartedByRecordItRecordsNothingAndWritesNothing) {
  int status = inChildProcess([] {
    bool asked = false;
    SourceStarter starter{[&](ProcessRecorder& r) {
                            asked = true;
                            return std::make_unique<OneKernelSource>(r);
                          },
                          {}};
    ProcessRecorder* recorder = startInjection(configIn(""), starter);
    return recorder == nullptr && !asked ? 0 : 1;
  });
  EXPECT_EQ(status, 0);
}

TEST(InjectionStart, ASourceThatCannotStartIsReportedAndTheProgramGoesOn) {
  TempDir dir;
  int status = inChildProcess([&] {
    bool described = false;
    SourceStarter starter{[](ProcessRecorder&) -> std::unique_ptr<ActivitySource> {
                            throw std::runtime_error("another profiler (CUPTI for torch.profiler) holds CUPTI");
                          },
                          [&](ProcessRecorder&) { described = true; }};
    ProcessRecorder* recorder = startInjection(configIn(dir.path.string()), starter);
    return recorder != nullptr && !described ? 7 : 1;  // the program's own status
  });
  EXPECT_EQ(status, 7);
  auto files = streamsIn(dir);
  ASSERT_EQ(files.size(), 1u);
  auto r = feedscope::rawstream::readRawStream(files[0].string());
  EXPECT_EQ(r.report.status, ReadStatus::Complete) << r.report.problem;
  EXPECT_TRUE(r.stream.intervals.empty());
  ASSERT_EQ(r.stream.messages.size(), 1u);
  EXPECT_EQ(r.stream.messages[0].severity, Severity::Error);
  EXPECT_EQ(r.stream.messages[0].text,
            "CUPTI could not start, nothing of this process is recorded: another profiler (CUPTI for "
            "torch.profiler) holds CUPTI");
}

TEST(InjectionStart, AStartedSourceIsDescribedAttachedAndFlushedAtExit) {
  TempDir dir;
  int status = inChildProcess([&] {
    SourceStarter starter{[](ProcessRecorder& r) { return std::make_unique<OneKernelSource>(r); },
                          [](ProcessRecorder& r) { r.report(Severity::Info, "fake activity API 1.0"); }};
    return startInjection(configIn(dir.path.string()), starter) != nullptr ? 0 : 1;
  });
  EXPECT_EQ(status, 0);
  auto files = streamsIn(dir);
  ASSERT_EQ(files.size(), 1u);
  auto r = feedscope::rawstream::readRawStream(files[0].string());
  ASSERT_EQ(r.report.status, ReadStatus::Complete) << r.report.problem;
  ASSERT_EQ(r.stream.intervals.size(), 1u);  // written by the exit flush, never by the program
  EXPECT_EQ(r.stream.intervals[0].interval.start_ns, 1'000);
  EXPECT_EQ(r.stream.dropped, 3u);
  ASSERT_EQ(r.stream.messages.size(), 1u);
  EXPECT_EQ(r.stream.messages[0].text, "fake activity API 1.0");
}

}  // namespace
