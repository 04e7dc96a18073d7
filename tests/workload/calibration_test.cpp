// The arithmetic of the copy calibration: samples from copy durations, peaks, copy-time estimates.
#include <gtest/gtest.h>

#include "workload/copy_calibration.h"

namespace feedscope::workload {
namespace {

using trace::IntervalKind;
using trace::MemoryKind;

TEST(CopyCalibration, ASampleIsTheMedianCopyAndItsBandwidth) {
  trace::BandwidthSample s =
      summarizeCopies(IntervalKind::MemcpyHtoD, MemoryKind::Pinned, 4096, {7'000, 5'000, 6'000});
  EXPECT_EQ(s.bytes, 4096u);
  EXPECT_DOUBLE_EQ(s.latency_ns, 6'000);
  EXPECT_DOUBLE_EQ(s.gbps, 4096.0 / 6'000);
  EXPECT_EQ(s.host_memory, MemoryKind::Pinned);
}

TEST(CopyCalibration, DefaultPlanGoesFrom4KiBTo256MiBByFours) {
  CalibrationPlan plan = defaultCalibrationPlan();
  ASSERT_EQ(plan.sizes.size(), 9u);
  EXPECT_EQ(plan.sizes.front(), 4096u);
  EXPECT_EQ(plan.sizes.back(), 256u << 20);
  EXPECT_GE(plan.min_copies, 3);
}

trace::Calibration h200Like() {
  trace::Calibration c;
  c.samples.push_back({IntervalKind::MemcpyHtoD, MemoryKind::Pinned, 1u << 20, 45.6, 23'000});
  c.samples.push_back({IntervalKind::MemcpyHtoD, MemoryKind::Pinned, 16u << 20, 54.7, 306'700});
  c.samples.push_back({IntervalKind::MemcpyHtoD, MemoryKind::Pageable, 16u << 20, 6.5, 2'581'000});
  c.samples.push_back({IntervalKind::MemcpyDtoH, MemoryKind::Pinned, 16u << 20, 54.9, 305'600});
  setPeaks(c);
  return c;
}

TEST(CopyCalibration, PeaksAreTheBestSizeOfEachKind) {
  trace::Calibration c = h200Like();
  EXPECT_DOUBLE_EQ(c.pinned_h2d_gbps, 54.7);
  EXPECT_DOUBLE_EQ(c.pageable_h2d_gbps, 6.5);
  EXPECT_DOUBLE_EQ(c.pinned_d2h_gbps, 54.9);
  EXPECT_DOUBLE_EQ(c.pageable_d2h_gbps, 0);
}

TEST(CopyCalibration, CopyEstimatesUseTheExactSizeElseTheNearestBandwidth) {
  trace::Calibration c = h200Like();
  EXPECT_EQ(estimatedCopyNs(c, 1u << 20, MemoryKind::Pinned), 23'000);
  // 64 MiB is nearest to 16 MiB (by ratio): 67,108,864 B at 54.7 B/ns.
  EXPECT_EQ(estimatedCopyNs(c, 64u << 20, MemoryKind::Pinned), static_cast<trace::TimeNs>(67'108'864 / 54.7));
  EXPECT_EQ(estimatedCopyNs(c, 2u << 20, MemoryKind::Pinned), static_cast<trace::TimeNs>(2'097'152 / 45.6));
  EXPECT_FALSE(estimatedCopyNs(c, 1u << 20, MemoryKind::Pageable, IntervalKind::MemcpyDtoH));
}

}  // namespace
}  // namespace feedscope::workload
