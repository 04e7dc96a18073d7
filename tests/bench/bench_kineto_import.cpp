// Kineto import + whole analysis of one trace file (default: the largest fixture), MB/s of the
// decompressed JSON. tools/run-benchmarks.sh compares it with Python's json.load in the same run.
#include <benchmark/benchmark.h>

#include <cstdlib>

#include "analysis/run_analysis.h"
#include "io/file_bytes.h"
#include "io/kineto_import.h"

namespace {

std::string tracePath() {
  const char* p = std::getenv("FEEDSCOPE_BENCH_TRACE");
  return p ? p : FEEDSCOPE_SOURCE_DIR "/tests/data/kineto/ns_resolution_rank0.json.gz";
}

void BM_ImportAndAnalyze(benchmark::State& state) {
  const std::string path = tracePath();
  std::size_t jsonBytes = feedscope::io::readInputFile(path).data.size();
  for (auto _ : state) {
    feedscope::trace::Session session;
    auto& run = feedscope::io::importKinetoFile(path, session);
    auto analysis = feedscope::analysis::analyzeRun(run, session.strings);
    benchmark::DoNotOptimize(analysis.devices.size());
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * jsonBytes));
  state.counters["json_MB"] = static_cast<double>(jsonBytes) / 1e6;
}
BENCHMARK(BM_ImportAndAnalyze)->Unit(benchmark::kMillisecond)->Repetitions(7)->ReportAggregatesOnly(true);

}  // namespace

BENCHMARK_MAIN();
