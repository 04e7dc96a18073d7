// A program that records itself the way a CUDA program does under libfeedscope-inject.so: it starts
// the process recorder from the environment `feedscope record` sets, and a synthetic activity source
// stands in for CUPTI (there is no GPU in CI), handing records over when the flush thread asks.
//   traced_child [--ticks N] [--per-tick K] [--tick-ms MS] [--exit CODE] [--underscore-exit]
//                [--fork-worker] [--spawn-child] [--sigkill-after TICK] [--range NAME FIRST LAST]
// Each tick emits K kernels on GPU 0 stream 7 and the K cudaLaunchKernel calls that launched them.
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "inject/process_facts.h"
#include "trace/clock.h"
#include "inject/process_recorder.h"

extern char** environ;

namespace {

using feedscope::inject::ProcessRecorder;
using feedscope::rawstream::Placement;
using feedscope::trace::Interval;
using feedscope::trace::IntervalKind;
using feedscope::trace::TrackKind;

struct Pending {
  Placement placement;
  Interval interval;
  std::string name;
};

// Holds "completed" records until the recorder flushes, as CUPTI's buffers do.
class SyntheticSource : public feedscope::inject::ActivitySource {
 public:
  explicit SyntheticSource(ProcessRecorder& recorder) : recorder_(recorder) {}

  void emit(Placement p, Interval iv, std::string name) {
    // As the CUPTI collector: a forked child makes no call into the source, whose lock the parent's
    // flush thread may have held at the moment of fork().
    if (recorder_.inForkedChild()) return;
    std::lock_guard lock(mutex_);
    pending_.push_back({p, iv, std::move(name)});
    ++emitted_;
  }
  void flush(bool) override {
    std::vector<Pending> batch;
    {
      std::lock_guard lock(mutex_);
      batch.swap(pending_);
    }
    for (const auto& r : batch) {
      recorder_.record(r.placement, r.interval, r.name);
      std::lock_guard lock(mutex_);
      ++delivered_;
    }
  }
  feedscope::inject::SourceCounts counts() const override { return {}; }
  feedscope::rawstream::ClockId clock() const override { return feedscope::rawstream::ClockId::Monotonic; }
  std::int64_t now() const override { return feedscope::trace::monotonicNowNs(); }

  // True once every record emitted so far has been handed to the writer and written to the file.
  bool allWritten() {
    std::lock_guard lock(mutex_);
    return pending_.empty() && delivered_ == emitted_ && recorder_.writer().recordsPending() == 0;
  }

 private:
  ProcessRecorder& recorder_;
  std::mutex mutex_;
  std::vector<Pending> pending_;
  std::uint64_t emitted_ = 0, delivered_ = 0;
};

int intArg(const std::vector<std::string>& args, const std::string& name, int fallback) {
  for (std::size_t i = 0; i + 1 < args.size(); ++i) {
    if (args[i] == name) return std::atoi(args[i + 1].c_str());
  }
  return fallback;
}

bool flag(const std::vector<std::string>& args, const std::string& name) {
  for (const auto& a : args) {
    if (a == name) return true;
  }
  return false;
}

}  // namespace

// Under AddressSanitizer (asan preset), LeakSanitizer's check at exit locks the sanitizer's allocator;
// in the forked worker that lock may have been held by the parent's flush thread at the moment of
// fork(), and the worker hangs after its own exit handlers ran (seen 3 times in 40 runs; GCC 12's
// libasan does not take the allocator lock around fork()). This helper is only a stand-in program, so
// it goes without the leak check; the recorder's leaks are checked by its own tests.
extern "C" const char* __lsan_default_options() {
  return "detect_leaks=0";
}

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  const int ticks = intArg(args, "--ticks", 3);
  const int perTick = intArg(args, "--per-tick", 10);
  const int tickMs = intArg(args, "--tick-ms", 10);
  const int exitCode = intArg(args, "--exit", 0);
  const int sigkillAfter = intArg(args, "--sigkill-after", -1);
  std::string rangeName;
  int rangeFirst = -1, rangeLast = -1;
  for (std::size_t i = 0; i + 3 < args.size(); ++i) {
    if (args[i] == "--range") {
      rangeName = args[i + 1];
      rangeFirst = std::atoi(args[i + 2].c_str());
      rangeLast = std::atoi(args[i + 3].c_str());
    }
  }

  // What InitializeInjection does, minus CUPTI.
  auto config = feedscope::inject::readRecorderConfig([](const char* n) { return std::getenv(n); });
  ProcessRecorder* recorder = feedscope::inject::startProcessRecorder(config);
  SyntheticSource* source = nullptr;
  if (recorder != nullptr) {
    auto owned = std::make_unique<SyntheticSource>(*recorder);
    source = owned.get();
    recorder->recordDevice({0, "Synthetic GPU", "GPU-00000000-synthetic"});
    recorder->attach(std::move(owned));
  }

  pid_t spawned = -1;
  if (flag(args, "--spawn-child")) {
    // A subprocess that initialises "CUDA" too, as torchrun ranks do.
    std::string t = std::to_string(ticks), k = std::to_string(perTick);
    std::vector<char*> childArgs = {
        argv[0], const_cast<char*>("--ticks"), t.data(), const_cast<char*>("--per-tick"), k.data(), nullptr};
    if (posix_spawn(&spawned, "/proc/self/exe", nullptr, nullptr, childArgs.data(), environ) != 0) return 70;
  }
  if (flag(args, "--fork-worker")) {
    // A DataLoader worker: forked after "CUDA" is up, works, leaves through exit() (atexit runs).
    pid_t worker = fork();
    if (worker == 0) {
      alarm(20);  // a hang in the exit handler shows as death by SIGALRM
      if (source != nullptr)
        source->emit({TrackKind::GpuStream, 0, 7}, {1, 2, IntervalKind::Kernel}, "in_worker");
      if (recorder != nullptr)
        recorder->report(feedscope::rawstream::Severity::Error, "written by a forked child");
      std::exit(0);
    }
    int status = 0;
    waitpid(worker, &status, 0);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) return 77;
  }

  const auto pid = static_cast<std::int64_t>(getpid());
  std::uint32_t correlation = 0;
  std::int64_t rangeStart = 0;
  for (int t = 0; t < ticks; ++t) {
    std::int64_t now = feedscope::trace::monotonicNowNs();
    if (t == rangeFirst) rangeStart = now;
    for (int k = 0; k < perTick && source != nullptr; ++k) {
      ++correlation;
      std::int64_t at = now + k * 2000;
      Interval api{at, at + 500, IntervalKind::RuntimeApi};
      api.correlation = correlation;
      source->emit({TrackKind::HostThread, -1, pid}, api, "cudaLaunchKernel");
      Interval kernel{at + 600, at + 1600, IntervalKind::Kernel};
      kernel.correlation = correlation;
      source->emit({TrackKind::GpuStream, 0, 7}, kernel, "synthetic_kernel");
    }
    if (t == rangeLast && source != nullptr && !rangeName.empty()) {
      source->emit({TrackKind::HostThread, -1, pid}, {rangeStart, now + perTick * 2000, IntervalKind::Range},
                   rangeName);
    }
    if (t + 1 == sigkillAfter && source != nullptr) {
      // Let the flush thread write everything so far, then die with records still unwritten.
      for (int i = 0; i < 20000 && !source->allWritten(); ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
      Interval lost{now + 1, now + 2, IntervalKind::Kernel};
      source->emit({TrackKind::GpuStream, 0, 7}, lost, "never_written");
      raise(SIGKILL);
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(tickMs));
  }
  if (spawned > 0) {
    int status = 0;
    waitpid(spawned, &status, 0);
  }
  std::printf("traced_child %d done\n", static_cast<int>(pid));
  std::fflush(stdout);
  if (flag(args, "--underscore-exit")) _exit(exitCode);
  return exitCode;
}
