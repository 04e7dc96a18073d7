// Gap attribution: every cause on one hand-built run, and the parts of each gap summing to the gap.
#include <gtest/gtest.h>

#include "analysis/run_analysis.h"
#include "support/run_fixture.h"

namespace feedscope::analysis {
namespace {

using testing::kBase;
using testing::RunFixture;
using trace::IntervalKind;
using trace::MemoryKind;

// k1 [0,100µs); gap1 [100,200µs) ended by k2, launched at 150µs (host late): data loading
// [100,130), a blocking sync [130,140), a pinned copy [180,190), the rest host other (50µs).
// gap2 [300,305µs): ended by k3 launched at 302µs (late, under 10µs): launch overhead.
// gap3 [400,1000µs): k4 was launched at 350µs, before the gap: dependency / other.
// gap4 [1100,2000µs): k5 has no API record: dependency / other.
RunFixture causesRun(bool withApi) {
  RunFixture f;
  f.kernel(0, 100'000, 7, 1);
  f.kernel(200'000, 300'000, 7, 2);
  f.kernel(305'000, 400'000, 7, 3);
  f.kernel(1'000'000, 1'100'000, 7, 4);
  f.kernel(2'000'000, 2'100'000, 7, 5);
  f.h2d(180'000, 190'000, 1 << 20, MemoryKind::Pinned, 9);
  f.host(IntervalKind::DataLoading, "enumerate(DataLoader)#_MultiProcessingDataLoaderIter.__next__", 100'000,
         130'000);
  if (withApi) {
    f.api("cudaLaunchKernel", 0, 0 + 5'000, 1);  // note: starts at kBase, valid
    f.api("cudaLaunchKernel", 150'000, 155'000, 2);
    f.api("cudaLaunchKernel", 302'000, 303'000, 3);
    f.api("cudaLaunchKernel", 350'000, 351'000, 4);
    f.api("cudaStreamSynchronize", 130'000, 140'000, 99);
  }
  f.step(0, 1'000'000, 1);
  f.step(1'000'000, 2'100'000, 2);
  f.finish();
  return f;
}

TEST(GapAttribution, EveryCauseWithApiRecords) {
  RunFixture f = causesRun(true);
  DeviceTimeline tl = buildDeviceTimeline(f.run(), 0);
  ASSERT_TRUE(tl.has_api_records);
  WindowMetrics m = measureWindow(tl, tl.gpu_window);
  EXPECT_EQ(m.window_ns, 2'100'000);
  EXPECT_EQ(m.compute_busy_ns, 495'000);
  EXPECT_EQ(m.starvation_ns, 1'605'000);
  EXPECT_EQ(m.gaps[GapCause::CopyWaitPinned], 10'000);
  EXPECT_EQ(m.gaps[GapCause::CopyWaitPageable], 0);
  EXPECT_EQ(m.gaps[GapCause::HostDataLoading], 30'000);
  EXPECT_EQ(m.gaps[GapCause::HostBlockedInCuda], 10'000);
  EXPECT_EQ(m.gaps[GapCause::HostOther], 50'000);
  EXPECT_EQ(m.gaps[GapCause::HostLaunchOverhead], 5'000);
  EXPECT_EQ(m.gaps[GapCause::DependencyOther], 1'500'000);
  EXPECT_EQ(m.gaps.total(), m.starvation_ns);
  EXPECT_EQ(m.gap_count, 4u);

  ASSERT_EQ(tl.gaps.size(), 4u);
  EXPECT_TRUE(tl.gaps[0].host_late);
  EXPECT_EQ(tl.gaps[0].launch_delay_ns, 50'000);
  EXPECT_TRUE(tl.gaps[1].host_late);
  EXPECT_FALSE(tl.gaps[2].host_late);
  EXPECT_EQ(tl.gaps[2].launch_delay_ns, -50'000);
  EXPECT_FALSE(tl.gaps[3].host_late);
  // The segments tile the gaps exactly: in order, without overlap, nothing outside a gap.
  TimeNs covered = 0;
  for (std::size_t i = 0; i < tl.causes.size(); ++i) {
    const CauseSegment& s = tl.causes[i];
    EXPECT_LT(s.start, s.end);
    if (i > 0) {
      EXPECT_LE(tl.causes[i - 1].end, s.start);
    }
    covered += s.end - s.start;
  }
  TimeNs gapTotal = 0;
  for (const Gap& g : tl.gaps) gapTotal += g.span.length();
  EXPECT_EQ(covered, gapTotal);
  for (const Gap& g : tl.gaps) EXPECT_EQ(lengthWithin(tl.kernels, g.span), 0);
}

TEST(GapAttribution, WithoutApiRecordsAllNonCopyTimeIsHostWait) {
  RunFixture f = causesRun(false);
  DeviceTimeline tl = buildDeviceTimeline(f.run(), 0);
  ASSERT_FALSE(tl.has_api_records);
  WindowMetrics m = measureWindow(tl, tl.gpu_window);
  EXPECT_EQ(m.gaps[GapCause::CopyWaitPinned], 10'000);
  EXPECT_EQ(m.gaps[GapCause::HostDataLoading], 30'000);
  EXPECT_EQ(m.gaps[GapCause::HostBlockedInCuda], 0);
  EXPECT_EQ(m.gaps[GapCause::HostLaunchOverhead], 5'000);
  EXPECT_EQ(m.gaps[GapCause::HostOther], 60'000 + 600'000 + 900'000);
  EXPECT_EQ(m.gaps[GapCause::DependencyOther], 0);
  EXPECT_EQ(m.gaps.total(), m.starvation_ns);
}

TEST(GapAttribution, PageableCopyWinsOverPinnedWhereBothRun) {
  RunFixture f;
  f.kernel(0, 10);
  f.kernel(100, 110);
  f.h2d(20, 60, 100, MemoryKind::Pinned, 8);
  f.h2d(40, 80, 100, MemoryKind::Pageable, 9);
  f.finish();
  DeviceTimeline tl = buildDeviceTimeline(f.run(), 0);
  WindowMetrics m = measureWindow(tl, tl.gpu_window);
  EXPECT_EQ(m.gaps[GapCause::CopyWaitPageable], 40);  // [40,80)
  EXPECT_EQ(m.gaps[GapCause::CopyWaitPinned], 20);    // [20,40)
  EXPECT_EQ(m.gaps[GapCause::HostLaunchOverhead], 30);  // gap of 90 ns < 10 µs, rest of it
  EXPECT_EQ(m.gaps.total(), 90);
}

TEST(Steps, PerStepBreakdownMedianAndVerdict) {
  RunFixture f = causesRun(true);
  RunAnalysis ra = analyzeRun(f.run(), f.strings());
  ASSERT_EQ(ra.devices.size(), 1u);
  const DeviceAnalysis& d = ra.devices[0];
  ASSERT_EQ(d.steps.size(), 2u);
  EXPECT_EQ(d.steps[0].step.number, 1);
  EXPECT_EQ(d.steps[1].step.name, "ProfilerStep#2");
  const WindowMetrics& s1 = d.steps[0].metrics;
  EXPECT_EQ(s1.window_ns, 1'000'000);
  EXPECT_EQ(s1.compute_busy_ns, 295'000);
  EXPECT_EQ(s1.gaps.copyWait(), 10'000);
  EXPECT_EQ(s1.gaps[GapCause::HostDataLoading], 30'000);
  EXPECT_EQ(s1.gaps[GapCause::DependencyOther], 600'000);
  EXPECT_DOUBLE_EQ(s1.inputWaitPct(), 4.0);
  const WindowMetrics& s2 = d.steps[1].metrics;
  EXPECT_EQ(s2.compute_busy_ns, 200'000);
  EXPECT_EQ(s2.gaps[GapCause::DependencyOther], 900'000);

  ASSERT_TRUE(d.step_summary);
  EXPECT_EQ(d.step_summary->count, 2u);
  EXPECT_EQ(d.step_summary->median_ns, 1'050'000);
  EXPECT_EQ(d.step_summary->min_ns, 1'000'000);
  EXPECT_EQ(d.step_summary->max_ns, 1'100'000);
  EXPECT_EQ(d.step_summary->total_ns, 2'100'000);
  // (10 µs copy wait + 30 µs data loading) / 2.1 ms
  EXPECT_NEAR(d.input_bound_pct, 100.0 * 40'000 / 2'100'000, 1e-9);
  EXPECT_EQ(d.verdict, InputBoundVerdict::NotInputBound);
  // What-if hidden copies: step 1 loses its 10 µs of copy wait; median of 990 µs and 1100 µs.
  EXPECT_EQ(d.what_if.baseline_ns, 1'050'000);
  EXPECT_EQ(d.what_if.copies_hidden_ns, 1'045'000);
}

TEST(Steps, VerdictThresholds) {
  EXPECT_EQ(verdictFor(20.0), InputBoundVerdict::HighlyInputBound);
  EXPECT_EQ(verdictFor(19.99), InputBoundVerdict::ModeratelyInputBound);
  EXPECT_EQ(verdictFor(5.0), InputBoundVerdict::ModeratelyInputBound);
  EXPECT_EQ(verdictFor(4.99), InputBoundVerdict::NotInputBound);
}

}  // namespace
}  // namespace feedscope::analysis
