// The row's block index against brute force: visible range (with intervals that began long before),
// starts, durations and covered time.
#include "view/row.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "view/timeline_model.h"

namespace feedscope::view {
namespace {

trace::IntervalColumns columnsOf(const std::vector<std::pair<TimeNs, TimeNs>>& spans) {
  trace::IntervalColumns c;
  for (auto [s, e] : spans) c.push_back({s, e, trace::IntervalKind::Kernel});
  return c;
}

// Non-overlapping intervals with random lengths and gaps.
trace::IntervalColumns randomRow(std::size_t n, std::uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<TimeNs> len(1, 500), gap(0, 800);
  std::vector<std::pair<TimeNs, TimeNs>> spans;
  TimeNs t = 1000;
  for (std::size_t i = 0; i < n; ++i) {
    t += gap(rng);
    TimeNs e = t + len(rng);
    spans.push_back({t, e});
    t = e;
  }
  return columnsOf(spans);
}

TEST(Row, FirstEndingAfterFindsIntervalsThatBeganLongBefore) {
  // A long interval first, then many short ones: at t = 5000 the long one is still running.
  std::vector<std::pair<TimeNs, TimeNs>> spans = {{100, 10'000}};
  for (TimeNs t = 200; t < 9000; t += 100) spans.push_back({t, t + 10});
  auto c = columnsOf(spans);
  Row row(&c, {}, true);
  struct Case {
    double t;
    std::size_t first;
  } cases[] = {{0, 0}, {5000, 0}, {9999, 0}, {10'000, spans.size()}, {50, 0}};
  for (const auto& k : cases) EXPECT_EQ(row.firstEndingAfter({0, k.t}), k.first) << k.t;
}

TEST(Row, SearchesAgreeWithBruteForce) {
  auto c = randomRow(1000, 7);
  Row row(&c, {}, false);
  std::mt19937 rng(11);
  std::uniform_real_distribution<double> when(0, static_cast<double>(c.end_ns.back()) + 2000);
  for (int k = 0; k < 2000; ++k) {
    double t = when(rng);
    std::size_t endingAfter = 0;
    while (endingAfter < c.size() && static_cast<double>(c.end_ns[endingAfter]) <= t) ++endingAfter;
    std::size_t startingAtOrAfter = 0;
    while (startingAtOrAfter < c.size() && static_cast<double>(c.start_ns[startingAtOrAfter]) < t)
      ++startingAtOrAfter;
    double covered = 0;
    for (std::size_t i = 0; i < c.size(); ++i) {
      covered +=
          std::max(0.0, std::min(static_cast<double>(c.end_ns[i]), t) - static_cast<double>(c.start_ns[i]));
    }
    ASSERT_EQ(row.firstEndingAfter({0, t}), endingAfter) << t;
    ASSERT_EQ(row.firstStartingAtOrAfter({0, t}), startingAtOrAfter) << t;
    std::size_t from = startingAtOrAfter / 2;
    ASSERT_EQ(row.firstStartingAtOrAfter({0, t}, from), std::max(from, startingAtOrAfter)) << t;
    ASSERT_NEAR(row.coveredBefore({0, t}), covered, 1e-6) << t;
  }
  TimeNs sum = 0;
  for (std::size_t i = 0; i <= c.size(); ++i) {
    ASSERT_EQ(row.durationBefore(i), sum) << i;
    if (i < c.size()) sum += c.end_ns[i] - c.start_ns[i];
  }
}

// At the H200 traces' clock (1.8e18 ns since the epoch) a double steps by 256 ns; searches relative
// to the run's origin stay exact to the nanosecond.
TEST(Row, SearchesAtEpochScaleAreExactToTheNanosecond) {
  constexpr TimeNs kEpoch = 1'800'000'000'000'000'123;
  auto c = columnsOf({{kEpoch + 1'000, kEpoch + 2'000}, {kEpoch + 2'001, kEpoch + 2'002}, {kEpoch + 2'100, kEpoch + 2'357}});
  Row row(&c, {}, false);
  EXPECT_EQ(row.firstEndingAfter({kEpoch, 1'999.5}), 0u);
  EXPECT_EQ(row.firstEndingAfter({kEpoch, 2'000}), 1u);
  EXPECT_EQ(row.firstStartingAtOrAfter({kEpoch, 2'001}), 1u);
  EXPECT_EQ(row.firstStartingAtOrAfter({kEpoch, 2'001.5}), 2u);
  EXPECT_EQ(row.firstEndingAfter({kEpoch, 2'002}), 2u);
  EXPECT_DOUBLE_EQ(row.coveredBefore({kEpoch, 2'200}), 1'000 + 1 + 100);
}

TEST(Row, PositionsPickASubsetOfTheTrack) {
  auto c = columnsOf({{10, 20}, {15, 40}, {30, 35}, {50, 60}});
  Row row(&c, {0, 2, 3}, false);
  ASSERT_EQ(row.size(), 3u);
  EXPECT_EQ(row.start(1), 30);
  EXPECT_EQ(row.end(2), 60);
  EXPECT_EQ(row.position(1), 2u);
  EXPECT_DOUBLE_EQ(row.coveredBefore({0, 55}), 10 + 5 + 5);
  EXPECT_EQ(row.firstEndingAfter({0, 25}), 1u);
}

TEST(PackRows, NestedRangesBecomeDepth) {
  // [0,100) holds [10,20) and [30,60), which holds [40,50); [70,80) follows inside the parent.
  auto c = columnsOf({{1, 100}, {10, 20}, {30, 60}, {40, 50}, {70, 80}, {120, 130}});
  auto rows = packRows(c, {0, 1, 2, 3, 4, 5}, 8);
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[0].size(), 2u);  // [1,100) and [120,130)
  EXPECT_EQ(rows[0].start(1), 120);
  EXPECT_EQ(rows[1].size(), 3u);  // [10,20), [30,60), [70,80)
  EXPECT_EQ(rows[2].size(), 1u);  // [40,50)
  for (const auto& r : rows) EXPECT_FALSE(r.overlapping());
}

TEST(PackRows, OverflowRowIsMarkedAndAWholeTrackNeedsNoPositions) {
  auto c = columnsOf({{1, 100}, {2, 100}, {3, 100}, {4, 100}});
  auto rows = packRows(c, {0, 1, 2, 3}, 2);
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[1].size(), 3u);
  EXPECT_TRUE(rows[1].overlapping());

  auto flat = columnsOf({{1, 2}, {3, 4}, {5, 6}});
  auto one = packRows(flat, {0, 1, 2}, 8);
  ASSERT_EQ(one.size(), 1u);
  EXPECT_EQ(one[0].size(), 3u);
  EXPECT_EQ(one[0].memoryBytes() % sizeof(TimeNs), 0u);  // no positions: only the block index
  EXPECT_LT(one[0].memoryBytes(), 3 * sizeof(TimeNs) + 1);
}

}  // namespace
}  // namespace feedscope::view
