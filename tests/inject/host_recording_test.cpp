// What the Python hooks record through the library (inject/host_recording.h): host intervals in the
// process's own stream without any CUDA, a stream of its own for a forked child (a DataLoader worker),
// and nothing written that is not host work. The process-wide recorder is started once per process, so
// each case runs in a child process of its own.
#include "inject/host_recording.h"

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <functional>
#include <map>

#include "rawstream/reader.h"
#include "support/temp_dir.h"

namespace feedscope::inject {
namespace {

using trace::IntervalKind;
using trace::TrackKind;

// Runs `body` in a child process and returns its exit status (a failed check exits non-zero).
int inChild(const std::function<int()>& body) {
  pid_t pid = ::fork();
  if (pid == 0) ::_exit(body());
  int status = 0;
  ::waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

std::map<std::uint32_t, rawstream::ProcessStream> streamsIn(const std::string& folder) {
  std::map<std::uint32_t, rawstream::ProcessStream> out;
  for (const auto& e : std::filesystem::directory_iterator(folder)) {
    auto r = rawstream::readRawStream(e.path().string());
    out[r.stream.pid] = std::move(r.stream);
  }
  return out;
}

TEST(HostRecording, WithoutAFolderNothingIsRecorded) {
  EXPECT_EQ(inChild([] {
              auto none = [](const char*) -> const char* { return nullptr; };
              if (host::start(none) != nullptr) return 1;
              return host::interval(1, 7, static_cast<int>(IntervalKind::Step), 10, 20, "step 0", nullptr) ? 2 : 0;
            }),
            0);
}

TEST(HostRecording, HostIntervalsReachTheStreamWithTheirArgumentsAndBadOnesDoNot) {
  testing::TempDir dir;
  const std::string folder = dir.path.string();
  int status = inChild([&] {
    auto env = [&](const char* name) -> const char* { return std::string(name) == kRawDirVar ? folder.c_str() : nullptr; };
    if (host::start(env) == nullptr) return 1;
    if (host::start(env) != processRecorder()) return 2;  // the same recorder again
    bool ok = host::interval(1, 4242, static_cast<int>(IntervalKind::DataLoading), 1000, 5000,
                             "DataLoader.__next__ batch 0", R"({"batch": 0})");
    ok = ok && host::interval(3, 1, static_cast<int>(IntervalKind::LoaderWork), 500, 4000, "load batch 0", nullptr);
    // Not host work, not a host lane, or ending before it starts: left out.
    ok = ok && !host::interval(0, 1, static_cast<int>(IntervalKind::Kernel), 10, 20, "k", nullptr);
    ok = ok && !host::interval(1, 1, static_cast<int>(IntervalKind::Kernel), 10, 20, "k", nullptr);
    ok = ok && !host::interval(1, 1, static_cast<int>(IntervalKind::Step), 30, 20, "backwards", nullptr);
    host::message(1, "Python hook 'pin_memory' not attached");
    host::finish();
    return ok ? 0 : 3;
  });
  ASSERT_EQ(status, 0);
  auto streams = streamsIn(folder);
  ASSERT_EQ(streams.size(), 1u);
  const rawstream::ProcessStream& s = streams.begin()->second;
  ASSERT_EQ(s.intervals.size(), 2u);
  EXPECT_EQ(s.intervals[0].placement, (rawstream::Placement{TrackKind::HostThread, -1, 4242}));
  EXPECT_EQ(s.intervals[0].interval.kind, IntervalKind::DataLoading);
  EXPECT_EQ(s.name(s.intervals[0].interval.name), "DataLoader.__next__ batch 0");
  EXPECT_EQ(s.name(s.intervals[0].arguments), R"({"batch": 0})");
  EXPECT_EQ(s.intervals[1].placement, (rawstream::Placement{TrackKind::Loader, -1, 1}));
  bool warned = false, said = false;
  for (const auto& m : s.messages) {
    warned = warned || m.text.find("not host work on a host lane") != std::string::npos;
    said = said || m.text == "Python hook 'pin_memory' not attached";
  }
  EXPECT_TRUE(warned);
  EXPECT_TRUE(said);
}

// A DataLoader worker forked from a recording process inherits its parent's recorder, which it must
// never write: its intervals go into a stream of its own, under its own pid.
TEST(HostRecording, AForkedChildGetsAStreamOfItsOwn) {
  testing::TempDir dir;
  const std::string folder = dir.path.string();
  std::uint32_t workerPid = 0;
  int pipeFds[2];
  ASSERT_EQ(::pipe(pipeFds), 0);
  int status = inChild([&] {
    auto env = [&](const char* name) -> const char* { return std::string(name) == kRawDirVar ? folder.c_str() : nullptr; };
    if (host::start(env) == nullptr) return 1;
    host::interval(1, 1, static_cast<int>(IntervalKind::Step), 100, 200, "step 0", nullptr);
    pid_t worker = ::fork();
    if (worker == 0) {
      // The worker: like torch's, it leaves through _exit, after the hooks' finish.
      if (host::start(env) == nullptr) ::_exit(4);
      host::interval(3, 0, static_cast<int>(IntervalKind::LoaderWork), 150, 190, "load batch 0", nullptr);
      host::finish();
      ::_exit(0);
    }
    int workerStatus = 0;
    ::waitpid(worker, &workerStatus, 0);
    std::uint32_t w = static_cast<std::uint32_t>(worker);
    if (::write(pipeFds[1], &w, sizeof w) != sizeof w) return 5;
    host::finish();
    return WIFEXITED(workerStatus) ? WEXITSTATUS(workerStatus) : 6;
  });
  ASSERT_EQ(status, 0);
  ASSERT_EQ(::read(pipeFds[0], &workerPid, sizeof workerPid), static_cast<ssize_t>(sizeof workerPid));
  ::close(pipeFds[0]);
  ::close(pipeFds[1]);
  auto streams = streamsIn(folder);
  ASSERT_EQ(streams.size(), 2u);
  ASSERT_TRUE(streams.count(workerPid));
  const rawstream::ProcessStream& worker = streams[workerPid];
  ASSERT_EQ(worker.intervals.size(), 1u);
  EXPECT_EQ(worker.name(worker.intervals[0].interval.name), "load batch 0");
  for (const auto& [pid, s] : streams) {
    if (pid == workerPid) continue;
    ASSERT_EQ(s.intervals.size(), 1u);  // the parent's stream has only its own step
    EXPECT_EQ(s.name(s.intervals[0].interval.name), "step 0");
  }
}

}  // namespace
}  // namespace feedscope::inject
