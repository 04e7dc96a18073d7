// The compare table, chart series and selection metrics on the real H200 traces: the figures must be
// the core's own.
#include <gtest/gtest.h>

#include <cstdio>

#include "importers/kineto_import.h"
#include "present/numbers.h"
#include "support/run_fixture.h"
#include "view/chart_data.h"
#include "present/palette.h"
#include "view/compare_table.h"
#include "view/range_metrics.h"
#include "view/timeline_model.h"

namespace feedscope::view {
namespace {

struct TwoRuns {
  trace::Session session;
  std::vector<analysis::RunAnalysis> analyses;
  TwoRuns() {
    io::importKinetoFile(FEEDSCOPE_TEST_DATA_DIR "/h200/h200_naive.json.gz", session);
    io::importKinetoFile(FEEDSCOPE_TEST_DATA_DIR "/h200/h200_stream.json.gz", session);
    for (const auto& run : session.runs) analyses.push_back(analysis::analyzeRun(run, session.strings));
  }
};

const TwoRuns& runs() {
  static TwoRuns r;
  return r;
}

TEST(CompareTable, FiguresAreTheCoresComparison) {
  const auto& r = runs();
  CompareTable t = buildCompareTable({&r.analyses[0], &r.analyses[1]});
  auto core = analysis::compareRuns(r.analyses[0], r.analyses[1]);
  ASSERT_EQ(t.runs, (std::vector<std::string>{"h200_naive", "h200_stream"}));
  ASSERT_EQ(t.rows.size(), core.deltas.size());
  for (std::size_t i = 0; i < core.deltas.size(); ++i) {
    EXPECT_EQ(t.rows[i].key, core.deltas[i].key);
    EXPECT_EQ(t.values[i][0], core.deltas[i].a) << core.deltas[i].key;
    EXPECT_EQ(t.values[i][1], core.deltas[i].b) << core.deltas[i].key;
  }
  ASSERT_EQ(t.verdicts.size(), 1u);
  EXPECT_EQ(t.verdicts[0], core.verdict);
  EXPECT_NE(t.verdicts[0].find("starvation 45.1 % → 16.0 %"), std::string::npos) << t.verdicts[0];
  // Starvation went down: improved.
  std::size_t starvation = 0;
  while (t.rows[starvation].key != "starvation_pct") ++starvation;
  EXPECT_EQ(t.improved(starvation, 1), std::optional<bool>(true));
  EXPECT_EQ(present::formatMetricValue(t.rows[starvation].unit, t.values[starvation][0]), "45.06 %");
  EXPECT_EQ(
      present::formatMetricChange(t.rows[starvation].unit, t.values[starvation][0], t.values[starvation][1]),
      "-29.11 pt");
}

// One statistic, one name: the breakdown is the median step's, as the CLI says.
TEST(ChartData, BreakdownPartsAreTheMedianStepsParts) {
  const auto& r = runs();
  for (const auto& a : r.analyses) {
    TimeBreakdown b = timeBreakdown(a);
    EXPECT_EQ(b.basis, "median step");
    const auto& s = *a.primary()->step_summary;
    EXPECT_DOUBLE_EQ(b.compute_ms, static_cast<double>(s.median_compute_ns) / 1e6) << a.run_name;
    EXPECT_DOUBLE_EQ(b.exposed_copy_ms, static_cast<double>(s.median_copy_wait_ns) / 1e6) << a.run_name;
    EXPECT_DOUBLE_EQ(b.host_wait_ms, static_cast<double>(s.median_host_wait_ns) / 1e6) << a.run_name;
    EXPECT_DOUBLE_EQ(b.other_ms, static_cast<double>(s.median_other_ns) / 1e6) << a.run_name;
  }
  // The naive loop waits on copies; the stream loop hardly does.
  EXPECT_GT(timeBreakdown(r.analyses[0]).exposed_copy_ms, 3.0);
  EXPECT_LT(timeBreakdown(r.analyses[1]).exposed_copy_ms, 0.2);
}

TEST(ChartData, StepTimesAndBandwidthSeries) {
  const auto& r = runs();
  const auto& naive = *r.analyses[0].primary();
  auto steps = stepTimesMs(naive);
  ASSERT_EQ(steps.size(), 16u);
  // Numbered as the timeline names them: the first step is ProfilerStep#6, not "1".
  EXPECT_EQ(naive.steps[0].step.name, "ProfilerStep#" + std::to_string(naive.steps[0].step.number));
  EXPECT_DOUBLE_EQ(steps[0].x, static_cast<double>(naive.steps[0].step.number));
  EXPECT_DOUBLE_EQ(steps[15].x, static_cast<double>(naive.steps[15].step.number));
  ASSERT_NE(stepByNumber(naive, naive.steps[3].step.number), nullptr);
  EXPECT_EQ(stepByNumber(naive, naive.steps[3].step.number), &naive.steps[3]);
  EXPECT_EQ(stepByNumber(naive, -5), nullptr);
  EXPECT_DOUBLE_EQ(steps[3].y, static_cast<double>(naive.steps[3].metrics.window_ns) / 1e6);
  BandwidthSeries bw = h2dBandwidth(naive);
  EXPECT_EQ(bw.pageable.size(), 32u);
  EXPECT_TRUE(bw.pinned.empty());
  BandwidthSeries bwStream = h2dBandwidth(*r.analyses[1].primary());
  EXPECT_EQ(bwStream.pinned.size(), 32u);
  // 18.8 MiB batches at a few GB/s pageable, tens of GB/s pinned.
  EXPECT_GT(bw.pageable[0].x, 18e6);
  EXPECT_LT(bw.pageable[0].y, 10);
  EXPECT_GT(bwStream.pinned[0].y, 20);
  // Downsampled to a bounded size, one point per log-log cell.
  EXPECT_LE(h2dBandwidth(naive, 10).pageable.size(), 10u);
}

TEST(ChartData, DownsampleKeepsTheMaximumOfEachBucket) {
  std::vector<XY> points;
  for (int i = 0; i < 100; ++i) points.push_back({static_cast<double>(i), i == 37 ? 1000.0 : 1.0});
  auto d = downsampleKeepMax(points, 10);
  ASSERT_EQ(d.size(), 10u);
  EXPECT_EQ(d[3], (XY{37, 1000}));
  EXPECT_EQ(downsampleKeepMax(points, 200).size(), 100u);
}

TEST(ChartData, GapHistogramCountsEveryGapOnce) {
  const auto& r = runs();
  GapHistogram h = gapHistogram({r.analyses[0].primary(), r.analyses[1].primary()});
  ASSERT_EQ(h.counts.size(), 2u);
  ASSERT_EQ(h.labels.size() + 1, h.edges_ns.size());
  ASSERT_EQ(h.counts[0].size(), h.labels.size());
  // Both runs have gaps under 1 µs, so the ladder starts at 0; ranges as the HTML report writes them.
  EXPECT_EQ(h.labels[0], "< 1 µs");
  EXPECT_EQ(h.labels[1], "1–3 µs");
  EXPECT_EQ(h.labels[2], "3–10 µs");
  EXPECT_EQ(h.labels[3], "10–30 µs");
  EXPECT_EQ(h.labels[5], "100–300 µs");
  EXPECT_EQ(h.labels[6], "0.3–1 ms");
  EXPECT_DOUBLE_EQ(h.edges_ns[4], 30'000);
  // Decade edges label the axis between the bars: 1 µs ends bin 0, 10 µs ends bin 2, ...
  ASSERT_GE(h.edge_ticks.size(), 4u);
  EXPECT_EQ(h.edge_ticks[0], (AxisTick{0.5, "1µs"}));
  EXPECT_EQ(h.edge_ticks[1], (AxisTick{2.5, "10µs"}));
  EXPECT_EQ(h.edge_ticks[2], (AxisTick{4.5, "100µs"}));
  EXPECT_EQ(h.edge_ticks[3], (AxisTick{6.5, "1ms"}));
  for (std::size_t run = 0; run < 2; ++run) {
    const auto& tl = r.analyses[run].primary()->timeline;
    std::uint64_t expected = 0;
    for (const auto& g : tl.gaps) {
      if (std::min(g.span.end, tl.gpu_window.end) > std::max(g.span.start, tl.gpu_window.start)) ++expected;
    }
    std::uint64_t total = 0;
    for (auto c : h.counts[run]) total += c;
    EXPECT_EQ(total, expected);
  }
}

// Each bin also carries the idle time of its gaps, which add up to the run's idle time
// in the GPU window; a few long gaps outweigh many short ones.
TEST(ChartData, GapHistogramWeighsEachBinByItsIdleTime) {
  testing::RunFixture f;
  // 100 gaps of 1 µs, then 2 gaps of 5 ms.
  trace::TimeNs t = 0;
  for (int k = 0; k < 100; ++k, t += 11'000) f.kernel(t, t + 10'000);
  for (int k = 0; k < 2; ++k, t += 5'010'000) f.kernel(t, t + 10'000);
  f.kernel(t, t + 10'000);
  trace::Session& session = f.finish();
  analysis::RunAnalysis a = analysis::analyzeRun(session.runs[0], session.strings);
  GapHistogram h = gapHistogram({a.primary()});
  ASSERT_EQ(h.idle_ms.size(), 1u);
  ASSERT_EQ(h.idle_ms[0].size(), h.labels.size());
  std::size_t shortBin = 0, longBin = 0;
  for (std::size_t k = 0; k < h.labels.size(); ++k) {
    if (h.labels[k] == "1–3 µs") shortBin = k;
    if (h.labels[k] == "3–10 ms") longBin = k;
  }
  EXPECT_EQ(h.counts[0][shortBin], 100u);
  EXPECT_EQ(h.counts[0][longBin], 2u);
  EXPECT_NEAR(h.idle_ms[0][shortBin], 0.1, 1e-9);
  EXPECT_NEAR(h.idle_ms[0][longBin], 10.0, 1e-9);
  EXPECT_GT(h.idle_ms[0][longBin], h.idle_ms[0][shortBin]);
}

TEST(ChartData, GapHistogramStartsAtTheShortestGap) {
  // Kernels with gaps of 5 µs and 40 µs: bins from 3–10 µs to 30–100 µs.
  testing::RunFixture f;
  f.kernel(0, 10'000);
  f.kernel(15'000, 20'000);
  f.kernel(60'000, 70'000);
  trace::Session& session = f.finish();
  analysis::RunAnalysis a = analysis::analyzeRun(session.runs[0], session.strings);
  GapHistogram h = gapHistogram({a.primary()});
  ASSERT_EQ(h.labels, (std::vector<std::string>{"3–10 µs", "10–30 µs", "30–100 µs"}));
  EXPECT_EQ(h.counts[0], (std::vector<std::uint64_t>{1, 0, 1}));
  EXPECT_EQ(h.edge_ticks, (std::vector<AxisTick>{{0.5, "10µs"}, {2.5, "100µs"}}));
  // No gap at all: no bins, and no axis to label.
  testing::RunFixture busy;
  busy.kernel(0, 10'000);
  trace::Session& busySession = busy.finish();
  analysis::RunAnalysis b = analysis::analyzeRun(busySession.runs[0], busySession.strings);
  GapHistogram none = gapHistogram({b.primary()});
  EXPECT_TRUE(none.labels.empty());
  EXPECT_TRUE(none.edge_ticks.empty());
  ASSERT_EQ(none.counts.size(), 1u);
  EXPECT_TRUE(none.counts[0].empty());
}

TEST(ChartData, ByteAxisReadsInBinaryUnits) {
  EXPECT_EQ(powerOfTwoBytesLabel(0), "1 B");
  EXPECT_EQ(powerOfTwoBytesLabel(9), "512 B");
  EXPECT_EQ(powerOfTwoBytesLabel(10), "1 KiB");
  EXPECT_EQ(powerOfTwoBytesLabel(16), "64 KiB");
  EXPECT_EQ(powerOfTwoBytesLabel(24), "16 MiB");
  EXPECT_EQ(powerOfTwoBytesLabel(33), "8 GiB");
  // 512 B to 37.6 MiB (the samples' copies, an octave either side): 16 octaves, every 4th labelled.
  EXPECT_EQ(byteAxisTicks(9.0, 25.2),
            (std::vector<AxisTick>{{12, "4 KiB"}, {16, "64 KiB"}, {20, "1 MiB"}, {24, "16 MiB"}}));
  // Wider spans step by 10 octaves: every unit.
  EXPECT_EQ(byteAxisTicks(8, 31), (std::vector<AxisTick>{{10, "1 KiB"}, {20, "1 MiB"}, {30, "1 GiB"}}));
  // A narrow span gets every octave, or every second one.
  EXPECT_EQ(byteAxisTicks(19.5, 23.5),
            (std::vector<AxisTick>{{20, "1 MiB"}, {21, "2 MiB"}, {22, "4 MiB"}, {23, "8 MiB"}}));
  EXPECT_EQ(byteAxisTicks(19.5, 27.5).size(), 4u);
  EXPECT_EQ(byteAxisTicks(19.5, 27.5).front(), (AxisTick{20, "1 MiB"}));
  // An end on a power of two up to rounding keeps its tick; an empty span has none.
  EXPECT_EQ(byteAxisTicks(10 - 1e-12, 10).size(), 1u);
  EXPECT_TRUE(byteAxisTicks(3, 2).empty());
  for (std::size_t max : {3u, 5u, 8u}) EXPECT_LE(byteAxisTicks(0, 40, max).size(), max);
}

TEST(RangeMetrics, SelectionIsMeasuredByTheCoreOnEachRun) {
  const auto& r = runs();
  std::vector<RunInput> inputs;
  for (std::size_t i = 0; i < 2; ++i)
    inputs.push_back({&r.session.runs[i], &r.session.strings, &r.analyses[i]});
  TimelineModel model = TimelineModel::build(inputs);
  // Aligned at the first step, [0, first step's length) of run 0 is its first step.
  const auto& step0 = r.analyses[0].primary()->steps[0];
  TimeRange range{0, static_cast<double>(step0.step.span.length())};
  auto figures = measureRange(model, range);
  ASSERT_EQ(figures.size(), 2u);
  EXPECT_EQ(figures[0].metrics.starvation_ns, step0.metrics.starvation_ns);
  EXPECT_EQ(figures[0].metrics.compute_busy_ns, step0.metrics.compute_busy_ns);
  Description d = describeRange(model, range);
  ASSERT_EQ(d.fields.size(), 2u);
  EXPECT_EQ(d.fields[0].key, "h200_naive · GPU 0");
  EXPECT_NE(d.fields[0].value.find("starved"), std::string::npos);
}

// Step axes tick at whole numbers: one step gets a tick per step, 200 steps one per 50 (issue 34, low:
// "10, 10, 10, 10, 11").
TEST(ChartData, StepAxesTickAtWholeNumbers) {
  EXPECT_EQ(wholeTickInterval(0, 8), 1);
  EXPECT_EQ(wholeTickInterval(1, 8), 1);
  EXPECT_EQ(wholeTickInterval(8, 8), 1);
  EXPECT_EQ(wholeTickInterval(9, 8), 2);
  EXPECT_EQ(wholeTickInterval(17, 8), 5);
  EXPECT_EQ(wholeTickInterval(79, 8), 10);
  EXPECT_EQ(wholeTickInterval(199, 8), 50);
  EXPECT_EQ(wholeTickInterval(1e6, 8), 200'000);
}

}  // namespace
}  // namespace feedscope::view
