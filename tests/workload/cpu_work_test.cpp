// The loader's CPU work: deterministic pixels per batch, exact statistics, the CPU budget honoured.
#include "workload/cpu_work.h"

#include <gtest/gtest.h>

#include <vector>

namespace feedscope::workload {
namespace {

TEST(CpuWork, EachBatchHasItsOwnReproduciblePixels) {
  std::vector<std::uint8_t> a(4099), b(4099), c(4099);
  decodeBatch(a, 7);
  decodeBatch(b, 7);
  decodeBatch(c, 8);
  EXPECT_EQ(a, b);
  EXPECT_NE(a, c);
  // Pseudo-random bytes: about half of them are above 127.
  long high = std::count_if(a.begin(), a.end(), [](std::uint8_t p) { return p > 127; });
  EXPECT_GT(high, 1700);
  EXPECT_LT(high, 2400);
}

TEST(CpuWork, StatisticsAreExactOnKnownPixels) {
  std::vector<std::uint8_t> half{0, 255, 0, 255};
  NormalizationStats s = measureStats(half);
  EXPECT_FLOAT_EQ(s.mean, 127.5f);
  EXPECT_FLOAT_EQ(s.inv_std, 1.0f / 127.5f);
  std::vector<std::uint8_t> flat(100, 9);
  NormalizationStats f = measureStats(flat);
  EXPECT_FLOAT_EQ(f.mean, 9.0f);
  EXPECT_FLOAT_EQ(f.inv_std, 1.0f);  // no spread: nothing to scale
}

TEST(CpuWork, ProducingABatchSpendsTheBudgetAndGivesTheSameBatch) {
  std::vector<std::uint8_t> quick(1 << 16), slow(1 << 16);
  ProducedBatch once = produceBatch(quick, 3, 0);
  EXPECT_EQ(once.passes, 1);
  trace::TimeNs before = threadCpuNowNs();
  ProducedBatch worked = produceBatch(slow, 3, 5'000'000);
  EXPECT_GE(threadCpuNowNs() - before, 5'000'000);
  EXPECT_GT(worked.passes, 1);
  EXPECT_EQ(quick, slow);
  EXPECT_FLOAT_EQ(worked.stats.mean, once.stats.mean);
  EXPECT_FLOAT_EQ(worked.stats.inv_std, once.stats.inv_std);
}

}  // namespace
}  // namespace feedscope::workload
