// Metric definitions on small synthetic runs whose answers are worked out by hand in the comments.
#include "analysis/window_metrics.h"

#include <gtest/gtest.h>

#include <random>

#include "analysis/run_analysis.h"
#include "analysis/window_meter.h"
#include "support/run_fixture.h"

namespace feedscope::analysis {
namespace {

using testing::kBase;
using testing::RunFixture;
using trace::IntervalKind;
using trace::MemoryKind;

Span at(TimeNs s, TimeNs e) { return {kBase + s, kBase + e}; }

// Kernels [0,10) and [20,30), a pageable H2D copy [5,25).
RunFixture exampleRun() {
  RunFixture f;
  f.kernel(0, 10);
  f.kernel(20, 30);
  f.h2d(5, 25, 4096);
  f.finish();
  return f;
}

TEST(WindowMetrics, TheArchitectureExample) {
  RunFixture f = exampleRun();
  DeviceTimeline tl = buildDeviceTimeline(f.run(), 0);
  EXPECT_EQ(tl.gpu_window, at(0, 30));
  WindowMetrics m = measureWindow(tl, tl.gpu_window);
  EXPECT_EQ(m.window_ns, 30);
  EXPECT_EQ(m.compute_busy_ns, 20);
  EXPECT_EQ(m.starvation_ns, 10);           // the gap [10,20)
  EXPECT_EQ(m.gaps.copyWait(), 10);         // all covered by the copy
  EXPECT_EQ(m.gaps[GapCause::CopyWaitPageable], 10);
  EXPECT_EQ(m.gaps.total(), m.starvation_ns);
  EXPECT_EQ(m.h2d_ns, 20);
  EXPECT_EQ(m.hidden_h2d_ns, 10);           // [5,10) and [20,25)
  EXPECT_EQ(m.exposed_h2d_ns, 10);
  ASSERT_TRUE(m.h2dOverlapPct());
  EXPECT_DOUBLE_EQ(*m.h2dOverlapPct(), 50.0);
  EXPECT_EQ(m.copy_only_ns, 10);            // A \ K = [10,20)
  EXPECT_EQ(m.fully_idle_ns, 0);
  EXPECT_NEAR(m.starvationPct(), 100.0 / 3.0, 1e-9);
  EXPECT_EQ(m.kernel_count, 2u);
  EXPECT_EQ(m.h2d.count, 1u);
  EXPECT_EQ(m.h2d.pageable_count, 1u);
  EXPECT_EQ(m.h2d.pinned_count, 0u);
  ASSERT_TRUE(m.h2d.gbps());
  EXPECT_DOUBLE_EQ(*m.h2d.gbps(), 4096.0 / 20.0);  // bytes per ns = GB/s
  EXPECT_EQ(m.gap_count, 1u);
}

TEST(WindowMetrics, AWindowThatCutsIntervals) {
  RunFixture f = exampleRun();
  DeviceTimeline tl = buildDeviceTimeline(f.run(), 0);
  // W = [5,25): kernels cover [5,10) and [20,25); the copy covers all of W.
  WindowMetrics m = measureWindow(tl, at(5, 25));
  EXPECT_EQ(m.window_ns, 20);
  EXPECT_EQ(m.compute_busy_ns, 10);
  EXPECT_EQ(m.starvation_ns, 10);
  EXPECT_EQ(m.h2d_ns, 20);
  EXPECT_EQ(m.hidden_h2d_ns, 10);
  EXPECT_DOUBLE_EQ(*m.h2dOverlapPct(), 50.0);
  EXPECT_EQ(m.gaps[GapCause::CopyWaitPageable], 10);
  // W = [12,18): inside the gap, fully starved, all copy wait.
  WindowMetrics inside = measureWindow(tl, at(12, 18));
  EXPECT_EQ(inside.starvation_ns, 6);
  EXPECT_EQ(inside.gaps[GapCause::CopyWaitPageable], 6);
  EXPECT_EQ(inside.copy_only_ns, 6);
  EXPECT_EQ(inside.h2d.count, 0u);  // the copy started before the window
  // A window reaching past the data: the part outside counts as other and the parts still sum up.
  WindowMetrics beyond = measureWindow(tl, at(25, 60));
  EXPECT_EQ(beyond.compute_busy_ns, 5);
  EXPECT_EQ(beyond.starvation_ns, 30);
  EXPECT_EQ(beyond.gaps.total(), 30);
  EXPECT_EQ(beyond.fully_idle_ns, 30);
}

TEST(WindowMetrics, EmptyRunHasNoDevice) {
  RunFixture f;
  f.finish();
  RunAnalysis ra = analyzeRun(f.run(), f.strings());
  EXPECT_TRUE(ra.devices.empty());
  ASSERT_EQ(ra.run_findings.size(), 1u);
  EXPECT_EQ(ra.run_findings[0].id, "no_gpu_activity");
  DeviceTimeline tl = buildDeviceTimeline(f.run(), 0);
  WindowMetrics m = measureWindow(tl, tl.gpu_window);
  EXPECT_EQ(m.window_ns, 0);
  EXPECT_EQ(m.starvationPct(), 0.0);
  EXPECT_FALSE(m.h2dOverlapPct());
}

TEST(WindowMetrics, CopiesButNoKernels) {
  RunFixture f;
  f.h2d(100, 200, 1000, MemoryKind::Pinned);
  f.finish();
  DeviceTimeline tl = buildDeviceTimeline(f.run(), 0);
  WindowMetrics m = measureWindow(tl, tl.gpu_window);
  EXPECT_EQ(m.window_ns, 100);
  EXPECT_EQ(m.compute_busy_ns, 0);
  EXPECT_EQ(m.starvation_ns, 100);
  EXPECT_DOUBLE_EQ(m.starvationPct(), 100.0);
  EXPECT_EQ(m.copy_only_ns, 100);
  EXPECT_EQ(m.fully_idle_ns, 0);
  EXPECT_DOUBLE_EQ(*m.h2dOverlapPct(), 0.0);
  EXPECT_EQ(m.gaps[GapCause::CopyWaitPinned], 100);
  EXPECT_EQ(m.h2d.pinned_count, 1u);
}

TEST(WindowMetrics, ManyOverlappingStreamsAreUnitedNotSummed) {
  RunFixture f;
  f.kernel(0, 50, 1);
  f.kernel(100, 150, 1);
  f.kernel(40, 120, 2);
  f.kernel(200, 210, 3);
  f.kernel(205, 206, 4);
  f.h2d(150, 180, 100, MemoryKind::Pinned, 5);   // half of the gap [150,200) is copy wait
  f.memset(185, 190);
  f.gpuInterval(IntervalKind::Synchronization, 150, 200);  // syncs never count as busy
  f.finish();
  DeviceTimeline tl = buildDeviceTimeline(f.run(), 0);
  WindowMetrics m = measureWindow(tl, tl.gpu_window);
  EXPECT_EQ(m.window_ns, 210);
  EXPECT_EQ(m.compute_busy_ns, 160);  // [0,150) + [200,210)
  EXPECT_EQ(m.starvation_ns, 50);
  EXPECT_EQ(m.gpu_busy_ns, 195);      // + [150,180) + [185,190)
  EXPECT_EQ(m.copy_only_ns, 35);
  EXPECT_EQ(m.fully_idle_ns, 15);
  EXPECT_EQ(m.gaps[GapCause::CopyWaitPinned], 30);
  EXPECT_EQ(m.gaps.total(), 50);
  EXPECT_EQ(m.kernel_count, 5u);
  EXPECT_EQ(m.memset_count, 1u);
}

TEST(WindowMetrics, InvertedRecordsAreDroppedAndInstantsKeptWithoutTime) {
  RunFixture f;
  f.kernel(0, 10);
  EXPECT_FALSE(f.raw({0, 50, IntervalKind::Kernel}));                   // start 0
  EXPECT_FALSE(f.raw({kBase + 40, kBase + 30, IntervalKind::Kernel}));  // end before start
  EXPECT_TRUE(f.raw({kBase + 5, kBase + 5, IntervalKind::Kernel}));     // an instant
  f.finish();
  EXPECT_EQ(f.run().records.invalid, 2u);
  EXPECT_EQ(f.run().records.zero_length, 1u);
  RunAnalysis ra = analyzeRun(f.run(), f.strings());
  ASSERT_EQ(ra.devices.size(), 1u);
  EXPECT_EQ(ra.devices[0].whole.window_ns, 10);
  EXPECT_EQ(ra.devices[0].whole.compute_busy_ns, 10);
  EXPECT_EQ(ra.devices[0].whole.kernel_count, 2u);
  ASSERT_FALSE(ra.run_findings.empty());
  EXPECT_EQ(ra.run_findings[0].id, "incomplete_data");
  EXPECT_EQ(ra.run_findings[0].count, 2u);
}

TEST(WindowMetrics, DevicesAreSeparate) {
  RunFixture f;
  f.kernel(0, 10, 7, 0, 0);
  f.kernel(0, 100, 7, 0, 1);
  f.finish();
  RunAnalysis ra = analyzeRun(f.run(), f.strings());
  ASSERT_EQ(ra.devices.size(), 2u);
  EXPECT_EQ(ra.devices[0].whole.window_ns, 10);
  EXPECT_EQ(ra.devices[1].whole.window_ns, 100);
}

}  // namespace
}  // namespace feedscope::analysis

namespace feedscope::analysis {
namespace {

// A meter reused across windows in any order (forward, backward, overlapping) gives exactly what a
// fresh measurement of each window gives.
TEST(WindowMeter, ReusedCursorsAgreeWithFreshMeasurements) {
  testing::RunFixture f;
  std::mt19937 rng(7);
  std::uniform_int_distribution<int> len(1, 50), gap(0, 40);
  TimeNs t = 0;
  for (int i = 0; i < 400; ++i) {
    t += gap(rng);
    TimeNs e = t + len(rng);
    if (i % 3 == 0) {
      f.h2d(t, e + 7, 1000 + static_cast<std::uint64_t>(i), i % 2 ? trace::MemoryKind::Pinned : trace::MemoryKind::Pageable, 8);
    } else if (i % 7 == 0) {
      f.memset(t, e);
    } else {
      f.kernel(t, e, 7 + i % 2);
    }
    t = e;
  }
  f.finish();
  DeviceTimeline tl = buildDeviceTimeline(f.run(), 0);
  WindowMeter meter(tl);
  std::uniform_int_distribution<TimeNs> at(-50, t + 50), width(0, 400);
  for (int i = 0; i < 500; ++i) {
    TimeNs s = i < 250 ? i * (t / 250) : at(rng);  // first in order, then anywhere
    Span w{testing::kBase + s, testing::kBase + s + width(rng)};
    WindowMetrics a = meter.measure(w), b = measureWindow(tl, w);
    ASSERT_EQ(a.compute_busy_ns, b.compute_busy_ns) << i;
    ASSERT_EQ(a.gpu_busy_ns, b.gpu_busy_ns) << i;
    ASSERT_EQ(a.h2d_ns, b.h2d_ns) << i;
    ASSERT_EQ(a.hidden_h2d_ns, b.hidden_h2d_ns) << i;
    ASSERT_EQ(a.gaps, b.gaps) << i;
    ASSERT_EQ(a.gap_count, b.gap_count) << i;
    ASSERT_EQ(a.kernel_count, b.kernel_count) << i;
    ASSERT_EQ(a.memset_count, b.memset_count) << i;
    ASSERT_EQ(a.h2d.count, b.h2d.count) << i;
    ASSERT_EQ(a.h2d.bytes, b.h2d.bytes) << i;
    ASSERT_EQ(a.gaps.total(), a.starvation_ns) << i;
    // And against first principles: busy time by brute force over the kernels.
    TimeNs brute = 0;
    for (TimeNs x = w.start; x < w.end; ++x) {
      brute += std::any_of(tl.kernels.begin(), tl.kernels.end(), [&](const Span& k) { return k.contains(x); });
    }
    ASSERT_EQ(a.compute_busy_ns, brute) << i;
  }
}

}  // namespace
}  // namespace feedscope::analysis
