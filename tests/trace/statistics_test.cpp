// The one median: exact values for odd and even counts, nothing, and extremes that must not overflow.
#include "trace/statistics.h"

#include <gtest/gtest.h>

namespace feedscope::trace {
namespace {

TEST(Median, MiddleValueOrTheMeanOfTheTwoMiddleOnes) {
  EXPECT_EQ(medianNs({}), 0);
  EXPECT_EQ(medianNs({7}), 7);
  EXPECT_EQ(medianNs({5, 1, 3}), 3);
  EXPECT_EQ(medianNs({4, 1, 3, 2}), 2);  // (2 + 3) / 2, rounded toward the lower
  EXPECT_EQ(medianNs({10, 40, 20, 30}), 25);
  EXPECT_EQ(medianNs({-kMaxTimeNs, kMaxTimeNs}), 0);
  EXPECT_EQ(medianNs({kMaxTimeNs - 2, kMaxTimeNs}), kMaxTimeNs - 1);
}

}  // namespace
}  // namespace feedscope::trace
