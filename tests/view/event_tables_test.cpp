// The events table and the summaries on a run with known answers: which rows, in which order, exact
// totals, means and medians (the analysis' median), clipping to the range, copies by kind, TSV.
#include "view/event_tables.h"

#include <gtest/gtest.h>

#include "trace/statistics.h"
#include "view/model_fixture.h"

namespace feedscope::view {
namespace {

using testing::AnalysedModel;
using testing::RunFixture;

// gemm: 10, 20, 30, 40 ns long; relu 100 ns; a pinned and a pageable H2D copy and a D2H copy.
trace::Session known() {
  RunFixture f;
  f.kernel(0, 10, 7, 0, 0, "gemm");
  f.kernel(100, 120, 7, 0, 0, "gemm");
  f.kernel(200, 230, 7, 0, 0, "gemm");
  f.kernel(300, 340, 7, 0, 0, "gemm");
  f.kernel(400, 500, 7, 0, 0, "relu");
  f.h2d(600, 700, 1000, trace::MemoryKind::Pinned, 9);
  f.h2d(700, 900, 3000, trace::MemoryKind::Pageable, 9);
  f.copy(trace::IntervalKind::MemcpyDtoH, 900, 950, 500, trace::MemoryKind::Pinned, 10);
  return f.finish();
}

// Display time of the run's first interval is 0 (aligned at the run's start).
constexpr TimeRange kAll{0, 1000};

TEST(EventTables, ListsEveryIntervalOfTheRangeInStartOrder) {
  AnalysedModel m(known());
  EventList all = collectEvents(*m.model, kAll, 100);
  EXPECT_EQ(all.total, 8u);
  ASSERT_EQ(all.rows.size(), 8u);
  for (std::size_t i = 1; i < all.rows.size(); ++i) EXPECT_LE(all.rows[i - 1].start, all.rows[i].start);
  EXPECT_EQ(eventText(*m.model, all.rows[0], EventColumn::Name), "gemm");
  EXPECT_EQ(eventText(*m.model, all.rows[0], EventColumn::Kind), "kernel");
  EXPECT_EQ(eventText(*m.model, all.rows[5], EventColumn::Name), "Memcpy HtoD (Pinned -> Device)");
  EXPECT_EQ(eventText(*m.model, all.rows[5], EventColumn::Bytes), "1000 B");
  // A range that cuts intervals keeps those that overlap it.
  EventList part = collectEvents(*m.model, {105, 310}, 100);
  EXPECT_EQ(part.total, 3u);  // the gemms at 100, 200 and 300
  // Beyond the limit rows are counted, not listed.
  EventList limited = collectEvents(*m.model, kAll, 3);
  EXPECT_EQ(limited.total, 8u);
  EXPECT_EQ(limited.rows.size(), 3u);
}

// A capped list holds the first events in time over every lane, not the first lanes' events: the
// copies come before the kernels here although the kernel lane is drawn first.
TEST(EventTables, ACappedListIsTheFirstInTimeOverAllLanes) {
  RunFixture f;
  for (int k = 0; k < 5; ++k) f.kernel(1'000 + 100 * k, 1'050 + 100 * k);
  f.h2d(0, 100, 1000, trace::MemoryKind::Pinned, 9);
  f.h2d(200, 300, 1000, trace::MemoryKind::Pinned, 9);
  f.step(150, 250, 1);
  AnalysedModel m(f.finish());
  EventList first = collectEvents(*m.model, {0, 2'000}, 3);
  EXPECT_EQ(first.total, 8u);
  ASSERT_EQ(first.rows.size(), 3u);
  EXPECT_EQ(first.rows[0].start, 0);
  EXPECT_EQ(first.rows[1].start, 150);
  EXPECT_EQ(first.rows[2].start, 200);
  EXPECT_EQ(eventText(*m.model, first.rows[1], EventColumn::Name), "ProfilerStep#1");
}

// At the H200 traces' clock (1.8e18 ns) a range cut at a nanosecond keeps exactly what overlaps it.
TEST(EventTables, EpochScaleRangesCutToTheNanosecond) {
  constexpr TimeNs kEpoch = 1'800'000'000'000'000'123;
  RunFixture f;
  f.kernel(kEpoch, kEpoch + 1'000, 7, 0, 0, "a");
  f.kernel(kEpoch + 1'001, kEpoch + 1'002, 7, 0, 0, "b");
  f.kernel(kEpoch + 1'100, kEpoch + 1'200, 7, 0, 0, "c");
  AnalysedModel m(f.finish());
  EXPECT_EQ(collectEvents(*m.model, {1'000, 1'001}, 10).total, 0u);
  EXPECT_EQ(collectEvents(*m.model, {1'000, 1'002}, 10).total, 1u);
  EXPECT_EQ(collectEvents(*m.model, {999, 1'001.5}, 10).total, 2u);
  const auto kernels = summarize(*m.model, {500, 1'150}, SummaryOf::Kernels);
  TimeNs total = 0;
  for (const auto& r : kernels) total += r.total;
  EXPECT_EQ(total, 500 + 1 + 50);
}

TEST(EventTables, SortsByAnyColumn) {
  AnalysedModel m(known());
  auto rows = collectEvents(*m.model, kAll, 100).rows;
  sortEvents(*m.model, rows, EventColumn::Duration, false);
  EXPECT_EQ(rows.front().duration, 200);  // the pageable copy
  EXPECT_EQ(rows.back().duration, 10);
  sortEvents(*m.model, rows, EventColumn::Bytes, false);
  EXPECT_EQ(rows.front().bytes, 3000u);
  sortEvents(*m.model, rows, EventColumn::Name, true);
  EXPECT_EQ(eventText(*m.model, rows.front(), EventColumn::Name), "Memcpy DtoH (Device -> Pinned)");
  EXPECT_EQ(eventText(*m.model, rows.back(), EventColumn::Name), "relu");
  sortEvents(*m.model, rows, EventColumn::Start, true);
  EXPECT_EQ(rows.front().start, 0);
}

TEST(EventTables, KernelSummaryHasExactTotalsMeansAndTheAnalysisMedian) {
  AnalysedModel m(known());
  auto rows = summarize(*m.model, kAll, SummaryOf::Kernels);
  ASSERT_EQ(rows.size(), 2u);
  sortSummary(rows, SummaryColumn::Name, true);
  EXPECT_EQ(rows[1].name, "relu");
  EXPECT_EQ(rows[1].total, 100);
  EXPECT_EQ(rows[1].median, 100);
  const SummaryRow& gemm = rows[0];
  EXPECT_EQ(gemm.name, "gemm");
  EXPECT_EQ(gemm.count, 4u);
  EXPECT_EQ(gemm.total, 100);
  EXPECT_EQ(gemm.mean, 25);
  EXPECT_EQ(gemm.median, 25);  // midpoint of 20 and 30
  EXPECT_EQ(gemm.median, trace::medianNs({10, 20, 30, 40}));
  EXPECT_DOUBLE_EQ(gemm.share, 0.1);
  EXPECT_EQ(summaryText(*m.model, gemm, SummaryColumn::Share), "10.00 %");
  EXPECT_EQ(summaryText(*m.model, gemm, SummaryColumn::Count), "4");
}

TEST(EventTables, SummariesClipDurationsToTheRange) {
  AnalysedModel m(known());
  // [105, 215): 15 ns of the gemm at 100, 15 ns of the one at 200.
  auto rows = summarize(*m.model, {105, 215}, SummaryOf::Kernels);
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0].count, 2u);
  EXPECT_EQ(rows[0].total, 30);
  EXPECT_EQ(rows[0].median, 15);
}

TEST(EventTables, CopiesAreSummarisedByKind) {
  AnalysedModel m(known());
  auto rows = summarize(*m.model, kAll, SummaryOf::Copies);
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[0].name, "Memcpy HtoD (Pageable -> Device)");  // 200 ns: the largest total
  EXPECT_EQ(rows[0].bytes, 3000u);
  EXPECT_EQ(rows[1].name, "Memcpy HtoD (Pinned -> Device)");
  EXPECT_EQ(rows[2].name, "Memcpy DtoH (Device -> Pinned)");
  sortSummary(rows, SummaryColumn::Total, true);
  EXPECT_EQ(rows[0].total, 50);
}

TEST(EventTables, TsvHasAHeaderAndOneLinePerRow) {
  EXPECT_EQ(toTsv({"name", "count"}, {{"gemm", "4"}, {"a\tb", "1"}}), "name\tcount\ngemm\t4\na b\t1\n");
  // Pasted into a spreadsheet: a name that is a formula stays text, a negative number stays a number.
  EXPECT_EQ(toTsv({"name", "start"}, {{"=cmd|' /C calc'!A0", "-1.5"}, {"@SUM(A1)", "-3"}, {"-x", "2e3"}}),
            "name\tstart\n'=cmd|' /C calc'!A0\t-1.5\n'@SUM(A1)\t-3\n'-x\t2e3\n");
}

}  // namespace
}  // namespace feedscope::view
