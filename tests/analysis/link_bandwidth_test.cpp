// The assumed-link table: families match inside real device names, specific names before short ones.
#include "analysis/link_bandwidth.h"

#include <gtest/gtest.h>

namespace feedscope::analysis {
namespace {

TEST(AssumedLink, ByGpuFamily) {
  EXPECT_DOUBLE_EQ(assumedLinkFor("NVIDIA H200").pinned_h2d_gbps, 55.0);
  EXPECT_DOUBLE_EQ(assumedLinkFor("NVIDIA H100 80GB HBM3").pinned_h2d_gbps, 55.0);
  EXPECT_DOUBLE_EQ(assumedLinkFor("NVIDIA A100-SXM4-40GB").pinned_h2d_gbps, 25.0);
  EXPECT_DOUBLE_EQ(assumedLinkFor("NVIDIA A10").pinned_h2d_gbps, 25.0);
  EXPECT_DOUBLE_EQ(assumedLinkFor("Tesla V100-SXM2-16GB").pinned_h2d_gbps, 12.0);
  EXPECT_DOUBLE_EQ(assumedLinkFor("NVIDIA GeForce RTX 4090").pinned_h2d_gbps, 25.0);
  EXPECT_NE(assumedLinkFor("NVIDIA H200").basis.find("Gen5"), std::string::npos);
}

TEST(AssumedLink, UnknownGpuGetsTheGen4Row) {
  AssumedLink l = assumedLinkFor("");
  EXPECT_DOUBLE_EQ(l.pinned_h2d_gbps, 25.0);
  EXPECT_NE(l.basis.find("not in the table"), std::string::npos);
}

}  // namespace
}  // namespace feedscope::analysis
