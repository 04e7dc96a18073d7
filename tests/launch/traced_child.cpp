// A program that records itself the way a CUDA program does under libfeedscope-inject.so: it starts
// the process recorder from the environment `feedscope record` sets, and a synthetic activity source
// stands in for CUPTI (there is no GPU in CI), handing records over when the flush thread asks.
//   traced_child [--ticks N] [--per-tick K] [--tick-ms MS] [--exit CODE] [--underscore-exit]
//                [--fork-worker] [--spawn-child] [--sigkill-after TICK] [--range NAME FIRST LAST]
//   traced_child --job BARRIER_DIR STEPS LATE_RANK LATE_MS
// Each tick emits K kernels on GPU 0 stream 7 and the K cudaLaunchKernel calls that launched them.
// --job: one rank (RANK, WORLD_SIZE, LOCAL_RANK from the environment, as torchrun sets them) of a
// synchronous data-parallel job: each step loads a batch (LATE_MS longer on LATE_RANK), computes, then
// enters an all-reduce that ends only once every rank has entered it, a real barrier through files in
// BARRIER_DIR, on real clocks: the straggler and its peers' waits are what happened, not written in.
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
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
#include "trace/kernel_launch.h"
#include "trace/range_names.h"

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
  std::string arguments;
};

// Holds "completed" records until the recorder flushes, as CUPTI's buffers do.
class SyntheticSource : public feedscope::inject::ActivitySource {
 public:
  explicit SyntheticSource(ProcessRecorder& recorder) : recorder_(recorder) {}

  void emit(Placement p, Interval iv, std::string name, std::string arguments = {}) {
    // As the CUPTI collector: a forked child makes no call into the source, whose lock the parent's
    // flush thread may have held at the moment of fork().
    if (recorder_.inForkedChild()) return;
    std::lock_guard lock(mutex_);
    pending_.push_back({p, iv, std::move(name), std::move(arguments)});
    ++emitted_;
  }
  void flush(bool) override {
    std::vector<Pending> batch;
    {
      std::lock_guard lock(mutex_);
      batch.swap(pending_);
    }
    for (const auto& r : batch) {
      recorder_.record(r.placement, r.interval, r.name, r.arguments);
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

// The launch configuration of every synthetic kernel: grid 132 x 1 x 1, block 256 x 1 x 1, 64 registers,
// 16 KiB of static shared memory.
std::string syntheticLaunch() {
  feedscope::trace::KernelLaunch launch;
  launch.grid = std::array<std::int64_t, 3>{132, 1, 1};
  launch.block = std::array<std::int64_t, 3>{256, 1, 1};
  launch.registers_per_thread = 64;
  launch.static_shared_bytes = 16384;
  launch.dynamic_shared_bytes = 0;
  return feedscope::trace::kernelLaunchArguments(launch);
}

int environmentInt(const char* name, int fallback) {
  const char* value = std::getenv(name);
  return value != nullptr ? std::atoi(value) : fallback;
}

void sleepMs(double ms) { std::this_thread::sleep_for(std::chrono::microseconds(static_cast<std::int64_t>(ms * 1000))); }

// The barrier of step `step`: writes this rank's arrival, waits for every rank's, returns the last.
std::int64_t lastArrival(const std::string& dir, int step, int rank, int world, std::int64_t arrival) {
  const std::string mine = dir + "/step" + std::to_string(step) + ".rank" + std::to_string(rank);
  {
    std::FILE* f = std::fopen((mine + ".tmp").c_str(), "w");
    if (f == nullptr) std::exit(71);
    std::fprintf(f, "%lld\n", static_cast<long long>(arrival));
    std::fclose(f);
    if (std::rename((mine + ".tmp").c_str(), mine.c_str()) != 0) std::exit(72);
  }
  std::int64_t last = arrival;
  for (int r = 0; r < world; ++r) {
    const std::string theirs = dir + "/step" + std::to_string(step) + ".rank" + std::to_string(r);
    std::FILE* f = nullptr;
    for (int waited = 0; (f = std::fopen(theirs.c_str(), "r")) == nullptr; ++waited) {
      if (waited > 200000) std::exit(73);  // 40 s: a rank that never came
      std::this_thread::sleep_for(std::chrono::microseconds(200));
    }
    long long at = 0;
    if (std::fscanf(f, "%lld", &at) != 1) std::exit(74);
    std::fclose(f);
    last = std::max<std::int64_t>(last, at);
  }
  return last;
}

// --job: the steps of one rank (see the top of this file).
void runJobRank(SyntheticSource& source, const std::vector<std::string>& args, std::size_t at) {
  const std::string dir = args.at(at + 1);
  const int steps = std::atoi(args.at(at + 2).c_str());
  const int lateRank = std::atoi(args.at(at + 3).c_str());
  const double lateMs = std::atof(args.at(at + 4).c_str());
  const int rank = environmentInt("RANK", 0), world = environmentInt("WORLD_SIZE", 1);
  const auto device = static_cast<std::int32_t>(environmentInt("LOCAL_RANK", rank));
  const auto pid = static_cast<std::int64_t>(getpid());
  const Placement host{TrackKind::HostThread, -1, pid}, compute{TrackKind::GpuStream, device, 7},
      nccl{TrackKind::GpuStream, device, 13};
  std::uint32_t correlation = 0;
  auto launch = [&](Placement stream, std::int64_t start, std::int64_t end, const std::string& name) {
    Interval call{start - 20'000, start - 5'000, IntervalKind::RuntimeApi};
    call.correlation = ++correlation;
    source.emit(host, call, "cudaLaunchKernel");
    Interval kernel{start, end, IntervalKind::Kernel};
    kernel.correlation = correlation;
    source.emit(stream, kernel, name);
  };
  auto range = [&](std::int64_t start, std::int64_t end, const std::string& name) {
    source.emit(host, {start, end, feedscope::trace::classifyRangeName(name)}, name);  // as the collector names NVTX ranges
  };
  for (int step = 0; step < steps; ++step) {
    const std::int64_t begin = feedscope::trace::monotonicNowNs();
    sleepMs(3 + (rank == lateRank ? lateMs : 0));
    const std::int64_t loaded = feedscope::trace::monotonicNowNs();
    range(begin, loaded, "enumerate(DataLoader)#_SingleProcessDataLoaderIter.__next__");
    sleepMs(2);
    const std::int64_t arrival = feedscope::trace::monotonicNowNs();
    launch(compute, loaded + 30'000, arrival - 10'000, "gemm_kernel");
    const std::int64_t end = lastArrival(dir, step, rank, world, arrival) + 200'000;
    while (feedscope::trace::monotonicNowNs() < end) std::this_thread::sleep_for(std::chrono::microseconds(50));
    launch(nccl, arrival, end, "ncclDevKernel_AllReduce_Sum_f32_RING_LL(ncclDevComm*, unsigned long, ncclWork*)");
    range(begin, end, "ProfilerStep#" + std::to_string(step));
  }
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
    // A job's rank uses the GPU of its local rank, as torchrun's workers do.
    const int device = flag(args, "--job") ? environmentInt("LOCAL_RANK", 0) : 0;
    recorder->recordDevice({device, "Synthetic GPU", "GPU-0000000" + std::to_string(device) + "-synthetic"});
    recorder->attach(std::move(owned));
  }
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (args[i] != "--job" || source == nullptr) continue;
    runJobRank(*source, args, i);
    std::printf("traced_child rank %d done\n", environmentInt("RANK", 0));
    return 0;
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
      // With the launch configuration CUPTI gives every kernel record (cupti/record_decoder.cpp).
      source->emit({TrackKind::GpuStream, 0, 7}, kernel, "synthetic_kernel", syntheticLaunch());
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
