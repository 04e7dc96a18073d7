// What the injection pays per record to keep it in the raw stream (on CUPTI's completion thread, not
// the program's), against the least any recorder pays: appending the record to memory. And how fast
// the launcher reads streams back.
//   bench_raw_stream --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
#include <benchmark/benchmark.h>
#include <unistd.h>

#include <array>
#include <string>
#include <vector>

#include "rawstream/reader.h"
#include "rawstream/writer.h"
#include "trace/kernel_launch.h"

namespace {

using namespace feedscope;

// 200 distinct kernel names as long as templated CUDA kernel names are.
const std::vector<std::string>& kernelNames() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> v;
    for (int i = 0; i < 200; ++i) {
      v.push_back(
          "void at::native::vectorized_elementwise_kernel<4, at::native::CUDAFunctor_add<float>, "
          "at::detail::Array<char*, 3> >(int, variant_" +
          std::to_string(i) + ")");
    }
    return v;
  }();
  return names;
}

std::string tempPath(const char* what) {
  return "/tmp/feedscope-bench-" + std::to_string(::getpid()) + "-" + what + ".fsraw";
}

trace::Interval kernelAt(std::int64_t i) {
  trace::Interval iv{1000 + i * 10, 1005 + i * 10, trace::IntervalKind::Kernel};
  iv.correlation = static_cast<std::uint32_t>(i);
  return iv;
}

void BM_MemoryAppendBaseline(benchmark::State& state) {
  const auto& names = kernelNames();
  std::vector<rawstream::PlacedInterval> kept;
  kept.reserve(1 << 20);
  std::int64_t i = 0;
  for (auto _ : state) {
    if (kept.size() == kept.capacity()) kept.clear();
    rawstream::PlacedInterval p{{trace::TrackKind::GpuStream, 0, 7}, kernelAt(i)};
    p.interval.name = static_cast<std::uint32_t>(static_cast<std::size_t>(i) % names.size());
    kept.push_back(p);
    benchmark::DoNotOptimize(kept.data());
    ++i;
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_MemoryAppendBaseline);

// Writes a kernel an iteration; with `launches`, each carries one of them as its arguments' text,
// copied first as the decoder copies it into the decoded interval.
void writeKernels(benchmark::State& state, const char* what, const std::vector<std::string>& launches) {
  const auto& names = kernelNames();
  std::string path = tempPath(what);
  std::string error;
  auto writer = rawstream::RawStreamWriter::create(path, {1, 1, 1, 1}, error);
  if (!writer) {
    state.SkipWithError(error.c_str());
    return;
  }
  std::int64_t i = 0;
  for (auto _ : state) {
    std::string decoded = launches.empty() ? std::string() : launches[static_cast<std::size_t>(i) % launches.size()];
    writer->addInterval({trace::TrackKind::GpuStream, 0, 7}, kernelAt(i), names[i % names.size()], decoded);
    ++i;
  }
  writer->close(2);  // chunks are written (writev) as they fill: their cost is in the loop
  state.SetItemsProcessed(state.iterations());
  ::unlink(path.c_str());
}

void BM_WriterAddInterval(benchmark::State& state) { writeKernels(state, "write", {}); }
BENCHMARK(BM_WriterAddInterval);

// The same with what the collector now adds per kernel: its launch configuration's text (built once
// per configuration, cupti::LaunchTexts, then copied into the decoded interval) and the writer's
// interning of it (IntervalArguments). 20 distinct configurations, as a program's kernels have a few.
void BM_WriterAddKernelWithLaunch(benchmark::State& state) {
  std::vector<std::string> launches;
  for (int c = 0; c < 20; ++c) {
    trace::KernelLaunch launch;
    launch.grid = std::array<std::int64_t, 3>{128 * (c + 1), 1, 1};
    launch.block = std::array<std::int64_t, 3>{256, 1, 1};
    launch.registers_per_thread = 32;
    launch.static_shared_bytes = 0;
    launch.dynamic_shared_bytes = 4096;
    launches.push_back(trace::kernelLaunchArguments(launch));
  }
  writeKernels(state, "launch", launches);
}
BENCHMARK(BM_WriterAddKernelWithLaunch);

void BM_ReadStream(benchmark::State& state) {
  const auto& names = kernelNames();
  std::string path = tempPath("read");
  std::string error;
  auto writer = rawstream::RawStreamWriter::create(path, {1, 1, 1, 1}, error);
  const std::int64_t n = state.range(0);
  for (std::int64_t i = 0; i < n; ++i) {
    writer->addInterval({trace::TrackKind::GpuStream, 0, 7}, kernelAt(i), names[i % names.size()]);
  }
  writer->close(2);
  for (auto _ : state) {
    auto r = rawstream::readRawStream(path);
    benchmark::DoNotOptimize(r.stream.intervals.data());
  }
  state.SetItemsProcessed(state.iterations() * n);
  ::unlink(path.c_str());
}
BENCHMARK(BM_ReadStream)->Arg(1 << 20)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
