// Per-bucket coverage: exact fractions on hand-made spans.
#include "analysis/coverage.h"

#include <gtest/gtest.h>

namespace feedscope::analysis {
namespace {

TEST(Coverage, FractionsPerBucket) {
  // Window [0,100) in 4 buckets of 25; spans [0,25) full, [30,40) 40 % of bucket 1, [60,85) splits.
  auto c = coveragePerBucket({{0, 25}, {30, 40}, {60, 85}}, {0, 100}, 4);
  ASSERT_EQ(c.size(), 4u);
  EXPECT_DOUBLE_EQ(c[0], 1.0);
  EXPECT_DOUBLE_EQ(c[1], 0.4);
  EXPECT_DOUBLE_EQ(c[2], 15.0 / 25.0);
  EXPECT_DOUBLE_EQ(c[3], 10.0 / 25.0);
}

TEST(Coverage, WindowClipsAndEdgeCases) {
  auto c = coveragePerBucket({{-50, 10}, {90, 500}}, {0, 100}, 10);
  EXPECT_DOUBLE_EQ(c[0], 1.0);
  EXPECT_DOUBLE_EQ(c[9], 1.0);
  EXPECT_DOUBLE_EQ(c[5], 0.0);
  EXPECT_TRUE(coveragePerBucket({{0, 5}}, {0, 100}, 0).empty());
  EXPECT_EQ(coveragePerBucket({{0, 5}}, {10, 10}, 3), (std::vector<double>{0, 0, 0}));
  // More buckets than nanoseconds: every touched bucket is fully covered.
  auto fine = coveragePerBucket({{2, 4}}, {0, 5}, 10);
  EXPECT_DOUBLE_EQ(fine[4], 1.0);
  EXPECT_DOUBLE_EQ(fine[7], 1.0);
  EXPECT_DOUBLE_EQ(fine[8], 0.0);
}

TEST(Coverage, UnionOfTrackFiltersByIndex) {
  trace::IntervalColumns iv;
  iv.push_back({10, 20, trace::IntervalKind::Kernel});
  iv.push_back({15, 30, trace::IntervalKind::Memset});
  iv.push_back({25, 40, trace::IntervalKind::Kernel});
  auto kernels = unionOfTrack(iv, [&](std::size_t i) { return iv.kind[i] == trace::IntervalKind::Kernel; });
  EXPECT_EQ(kernels, (SpanList{{10, 20}, {25, 40}}));
  EXPECT_EQ(unionOfTrack(iv, [](std::size_t) { return true; }), (SpanList{{10, 40}}));
}

}  // namespace
}  // namespace feedscope::analysis
