// Whole-run analysis throughput on a synthetic run of 10 M intervals (target: >= 20 M intervals/s on
// one core), against a baseline that only reads every interval's start and end once.
#include <benchmark/benchmark.h>

#include "analysis/run_analysis.h"
#include "synthetic_run.h"

namespace {

const feedscope::trace::Session& run10M() {
  static const feedscope::trace::Session session = feedscope::bench::makeSyntheticRun(10'000'000);
  return session;
}

// Baseline: one pass over the start and end columns of every track (memory bandwidth bound).
void BM_BaselineReadColumns(benchmark::State& state) {
  const auto& session = run10M();
  for (auto _ : state) {
    std::int64_t sum = 0;
    for (const auto& track : session.runs[0].tracks) {
      for (std::size_t i = 0; i < track.intervals.size(); ++i) sum += track.intervals.end_ns[i] - track.intervals.start_ns[i];
    }
    benchmark::DoNotOptimize(sum);
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * session.intervalCount()));
}
BENCHMARK(BM_BaselineReadColumns)->Unit(benchmark::kMillisecond)->Repetitions(5)->ReportAggregatesOnly(true);

// The whole analysis: unions, gap attribution, every step's metrics, what-if, findings.
void BM_AnalyzeRun10M(benchmark::State& state) {
  const auto& session = run10M();
  for (auto _ : state) {
    auto analysis = feedscope::analysis::analyzeRun(session.runs[0], session.strings);
    benchmark::DoNotOptimize(analysis.devices.size());
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * session.intervalCount()));
  state.counters["intervals"] = static_cast<double>(session.intervalCount());
}
BENCHMARK(BM_AnalyzeRun10M)->Unit(benchmark::kMillisecond)->Repetitions(5)->ReportAggregatesOnly(true);

// Metrics of one window (a selection) once the device timeline is built: what the GUI asks per drag.
void BM_MeasureWindow(benchmark::State& state) {
  const auto& session = run10M();
  static const auto timeline = feedscope::analysis::buildDeviceTimeline(session.runs[0], 0);
  const auto w = timeline.gpu_window;
  const feedscope::analysis::Span tenth{w.start + w.length() / 2, w.start + w.length() / 2 + w.length() / 10};
  for (auto _ : state) benchmark::DoNotOptimize(feedscope::analysis::measureWindow(timeline, tenth).starvation_ns);
}
BENCHMARK(BM_MeasureWindow)->Unit(benchmark::kMicrosecond)->Repetitions(5)->ReportAggregatesOnly(true);

}  // namespace

BENCHMARK_MAIN();
