// One way to write a figure: the reports and the GUI take these, so a figure reads the same in both.
#include "present/numbers.h"

#include <gtest/gtest.h>

namespace feedscope::present {
namespace {

using analysis::MetricUnit;

TEST(Numbers, MetricValuesInTheirUnits) {
  EXPECT_EQ(formatMetricValue(MetricUnit::Nanoseconds, 21'000'000), "21.0 ms");
  EXPECT_EQ(formatMetricValue(MetricUnit::Percent, 45.0612), "45.06 %");
  EXPECT_EQ(formatMetricValue(MetricUnit::PerSecond, 47.514), "47.51/s");
  EXPECT_EQ(formatMetricValue(MetricUnit::GBps, 54.73), "54.7 GB/s");
  EXPECT_EQ(formatMetricValue(MetricUnit::Bytes, 300.0 * 1024 * 1024), "300 MiB");
  EXPECT_EQ(formatMetricValue(MetricUnit::Count, 32), "32");
  EXPECT_EQ(formatMetricValue(MetricUnit::GBps, std::nullopt), "n/a");
}

// One rounding rule: to the nearest. A median of two steps can be half a nanosecond, a mean of
// bytes a fraction; truncating them made the report and the GUI disagree by one unit.
TEST(Numbers, FractionsRoundToTheNearestNotDown) {
  EXPECT_EQ(formatMetricValue(MetricUnit::Nanoseconds, 999.6), "1.00 µs");
  EXPECT_EQ(formatMetricValue(MetricUnit::Nanoseconds, 812.5), "813 ns");
  EXPECT_EQ(formatMetricValue(MetricUnit::Bytes, 1023.7), "1.00 KiB");
  EXPECT_EQ(formatMetricValue(MetricUnit::Count, 31.6), "32");
}

TEST(Numbers, ChangesCarryTheirSign) {
  EXPECT_EQ(formatMetricChange(MetricUnit::Nanoseconds, 21'000'000, 11'880'000), "-9.12 ms");
  EXPECT_EQ(formatMetricChange(MetricUnit::Percent, 45.06, 15.95), "-29.11 pt");
  EXPECT_EQ(formatMetricChange(MetricUnit::Count, 0, 32), "+32");
  EXPECT_EQ(formatMetricChange(MetricUnit::Nanoseconds, 100, 100.2), "+0 ns");  // no "-0"
  EXPECT_EQ(formatMetricChange(MetricUnit::Nanoseconds, 100.2, 100), "+0 ns");
  EXPECT_EQ(formatMetricChange(MetricUnit::Count, std::nullopt, 32), "n/a");
}

TEST(Numbers, TimesOfTheRunAndCounts) {
  EXPECT_EQ(relativeTime(1'150'000'000, 1'000'000'000), "+150 ms");
  EXPECT_EQ(relativeTime(999'999'000, 1'000'000'000), "-1.00 µs");
  EXPECT_EQ(formatOffset(12'345'678), "+12.345678 ms");
  EXPECT_EQ(formatOffset(-3250), "-3.250 µs");
  EXPECT_EQ(withThousands(0), "0");
  EXPECT_EQ(withThousands(1284), "1,284");
  EXPECT_EQ(withThousands(10'000'000), "10,000,000");
  EXPECT_EQ(shareText(1, 4), "25.00 %");
  EXPECT_EQ(shareText(1, 0), "0.00 %");
}

}  // namespace
}  // namespace feedscope::present
