// The loader's CPU work: deterministic pixels per batch, exact statistics, the CPU budget honoured
// whatever the batch's size.
#include "workload/cpu_work.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "trace/statistics.h"

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

TEST(CpuWork, EveryByteOfALargeBatchIsWrittenFromItsIndex) {
  std::vector<std::uint8_t> big(3 * kBatchTileBytes + 1000, 0xAB), other(big.size(), 0xAB);
  decodeBatch(big, 11);
  decodeBatch(other, 12);
  // Every tile (the last one cut) repeats the first: nothing of the old contents is left.
  for (std::size_t at = kBatchTileBytes; at < big.size(); at += kBatchTileBytes) {
    std::size_t n = std::min(kBatchTileBytes, big.size() - at);
    ASSERT_TRUE(std::equal(big.begin(), big.begin() + static_cast<long>(n), big.begin() + static_cast<long>(at)))
        << "tile at " << at;
  }
  EXPECT_NE(big, other);
  EXPECT_NEAR(measureStats(big).mean, 127.5, 2.0);
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
  EXPECT_EQ(once.tiles_measured, 1u);
  trace::TimeNs before = threadCpuNowNs();
  ProducedBatch worked = produceBatch(slow, 3, 5'000'000);
  EXPECT_GE(threadCpuNowNs() - before, 5'000'000);
  EXPECT_GT(worked.tiles_measured, 1u);
  EXPECT_EQ(quick, slow);
  EXPECT_FLOAT_EQ(worked.stats.mean, once.stats.mean);
  EXPECT_FLOAT_EQ(worked.stats.inv_std, once.stats.inv_std);
  EXPECT_FLOAT_EQ(once.stats.mean, measureStats(quick).mean);
}

// The demo's default batch (64 MiB) costs what --load-ms says: its CPU time, median of five batches,
// lies within 25 % above each budget from 15 to 60 ms (a batch once cost 67-75 ms at any budget).
TEST(CpuWork, ALargeBatchCostsTheBudgetNotItsSize) {
  std::vector<std::uint8_t> batch(64u << 20);
  for (trace::TimeNs budget : {15'000'000, 30'000'000, 60'000'000}) {
    std::vector<trace::TimeNs> spent;
    for (std::uint64_t index = 0; index < 5; ++index) {
      trace::TimeNs before = threadCpuNowNs();
      produceBatch(batch, index, budget);
      spent.push_back(threadCpuNowNs() - before);
    }
    trace::TimeNs median = trace::medianNs(spent);
    EXPECT_GE(median, budget);
    EXPECT_LE(median, budget + budget / 4) << "budget " << budget / 1'000'000 << " ms";
  }
}

}  // namespace
}  // namespace feedscope::workload
