// Session save and load of 1 M intervals (target: load >= 5 M intervals/s), against copying the same
// columns in memory as the baseline.
#include <benchmark/benchmark.h>
#include <unistd.h>

#include <filesystem>

#include "store/session_store.h"
#include "synthetic_run.h"

namespace {

const feedscope::trace::Session& run1M() {
  static const feedscope::trace::Session session = feedscope::bench::makeSyntheticRun(1'000'000);
  return session;
}

std::string benchPath() {
  return (std::filesystem::temp_directory_path() / ("feedscope-bench-" + std::to_string(::getpid()) + ".feedscope"))
      .string();
}

void BM_BaselineCopyInMemory(benchmark::State& state) {
  const auto& session = run1M();
  for (auto _ : state) {
    feedscope::trace::Session copy = session;
    benchmark::DoNotOptimize(copy.runs.size());
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * session.intervalCount()));
}
BENCHMARK(BM_BaselineCopyInMemory)->Unit(benchmark::kMillisecond)->Repetitions(5)->ReportAggregatesOnly(true);

void BM_SaveSession1M(benchmark::State& state) {
  const auto& session = run1M();
  const std::string path = benchPath();
  for (auto _ : state) feedscope::io::saveSession(session, path);
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * session.intervalCount()));
  state.counters["file_MiB"] = static_cast<double>(std::filesystem::file_size(path)) / (1 << 20);
  std::filesystem::remove(path);
}
BENCHMARK(BM_SaveSession1M)->Unit(benchmark::kMillisecond)->Repetitions(5)->ReportAggregatesOnly(true);

void BM_LoadSession1M(benchmark::State& state) {
  const auto& session = run1M();
  const std::string path = benchPath();
  feedscope::io::saveSession(session, path);
  for (auto _ : state) {
    auto loaded = feedscope::io::loadSession(path);
    benchmark::DoNotOptimize(loaded.runs.size());
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * session.intervalCount()));
  std::filesystem::remove(path);
}
BENCHMARK(BM_LoadSession1M)->Unit(benchmark::kMillisecond)->Repetitions(5)->ReportAggregatesOnly(true);

}  // namespace

BENCHMARK_MAIN();
