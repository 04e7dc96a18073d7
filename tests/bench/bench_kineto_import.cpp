// Kineto import + whole analysis of one trace file (default: the largest fixture, or
// FEEDSCOPE_BENCH_TRACE), MB/s of the decompressed JSON; and inflating it alone with zlib and ISA-L. tools/run-benchmarks.sh compares it with Python's json.load in the same run.
#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "analysis/run_analysis.h"
#include "read/decompressed_stream.h"
#include "read/file_bytes.h"
#include "importers/kineto_import.h"

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

// The import alone, keeping no arguments (0, the baseline), the collectives' (1, what `report` keeps)
// or every interval's (2, what the GUI, `import` and `export` keep): the time and the memory arguments
// cost (importers/kept_arguments.h; docs/performance.md "Arguments").
void BM_ImportKeptArguments(benchmark::State& state) {
  using feedscope::io::KeptArguments;
  const KeptArguments kept = static_cast<KeptArguments>(state.range(0));
  const std::string path = tracePath();
  std::size_t argumentBytes = 0, textBytes = 0, columnBytes = 0, intervals = 0;
  for (auto _ : state) {
    feedscope::trace::Session session;
    auto& run = feedscope::io::importKinetoFile(path, session, {}, {}, kept);
    argumentBytes = run.arguments.memoryBytes();
    textBytes = run.arguments.textBytes();
    columnBytes = 0;
    for (const auto& t : run.tracks) columnBytes += t.intervals.memoryBytes();
    intervals = run.intervalCount();
    benchmark::DoNotOptimize(intervals);
  }
  // What the texts take held (packed, trace/arguments.h) and what they are as text.
  state.counters["argument_MB"] = static_cast<double>(argumentBytes) / 1e6;
  state.counters["argument_text_MB"] = static_cast<double>(textBytes) / 1e6;
  state.counters["intervals"] = static_cast<double>(intervals);
  state.counters["column_bytes_per_interval"] = static_cast<double>(columnBytes) / static_cast<double>(intervals);
  state.SetLabel(kept == KeptArguments::None ? "none" : kept == KeptArguments::Collectives ? "collectives" : "all");
}
BENCHMARK(BM_ImportKeptArguments)->Arg(0)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->Repetitions(7)->ReportAggregatesOnly(true);

// Inflating alone, from memory, with each inflater (argument 0: zlib, 1: ISA-L): MB/s of output.
void BM_Inflate(benchmark::State& state) {
  using feedscope::io::InflaterKind;
  const InflaterKind kind = state.range(0) == 0 ? InflaterKind::Zlib : InflaterKind::Isal;
  if (kind == InflaterKind::Isal && !feedscope::io::isalAvailable()) {
    state.SkipWithError("this build has no ISA-L");
    return;
  }
  const std::string path = tracePath();
  const feedscope::io::OpenedFile file = feedscope::io::openRegularInput(path);
  std::string gz(file.size, '\0');
  gz.resize(std::fread(gz.data(), 1, gz.size(), file.file.get()));
  std::vector<char> out(std::size_t{1} << 20);
  std::size_t total = 0;
  for (auto _ : state) {
    feedscope::io::DecompressedStream::Options options;
    options.inflater = kind;
    feedscope::io::DecompressedStream in(gz, path, options);
    while (std::size_t n = in.read(out.data(), out.size())) total += n;
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(total));
  state.SetLabel(kind == InflaterKind::Zlib ? "zlib" : "isa-l");
}
BENCHMARK(BM_Inflate)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->Repetitions(5)->ReportAggregatesOnly(true);

}  // namespace

BENCHMARK_MAIN();
