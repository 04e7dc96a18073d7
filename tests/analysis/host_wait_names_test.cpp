// Host wait by name on a hand-made step with known answers: the program's own ranges name the host
// work the GPU waited for, the finding names it, and the "no name" finding stays silent.
#include "analysis/host_wait_names.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "analysis/run_analysis.h"
#include "support/run_fixture.h"
#include "trace/range_names.h"

namespace feedscope::analysis {
namespace {

using testing::RunFixture;
using trace::IntervalKind;

constexpr TimeNs kUs = 1'000;

const Finding* find(const DeviceAnalysis& d, std::string_view id) {
  auto it = std::find_if(d.findings.begin(), d.findings.end(), [&](const Finding& f) { return f.id == id; });
  return it == d.findings.end() ? nullptr : &*it;
}

// Four steps of 1 ms like a DLRM step: the host runs "## forward ##" (300 µs, of which the GPU idles
// 200 µs waiting for it), then a kernel launched at its end, "## backward ##" (400 µs, GPU idle 300 µs
// inside it, the last 100 µs under an operator "aten::mul" nested in it), a kernel, and 100 µs the GPU
// waits with no range open at all. Every kernel is launched when the host gets there (host-late).
RunFixture dlrmLikeSteps(int steps) {
  RunFixture f;
  std::uint32_t corr = 1;
  for (int i = 0; i < steps; ++i) {
    const TimeNs t = i * 1000 * kUs;
    f.step(t, t + 1000 * kUs, i);
    // The previous step's last kernel ends at t + 100 µs... the GPU idles from t + 100 to t + 300.
    f.host(IntervalKind::Range, "## forward ##", t, t + 300 * kUs);
    f.api("cudaLaunchKernel", t + 300 * kUs, t + 305 * kUs, corr);
    f.kernel(t + 300 * kUs, t + 400 * kUs, 7, corr++);
    f.host(IntervalKind::Range, "## backward ##", t + 300 * kUs, t + 700 * kUs);
    f.host(IntervalKind::HostOp, "aten::mul", t + 600 * kUs, t + 700 * kUs);
    f.api("cudaLaunchKernel", t + 700 * kUs, t + 705 * kUs, corr);
    f.kernel(t + 700 * kUs, t + 800 * kUs, 7, corr++);
    // Nothing names the host between t + 800 and t + 900.
    f.api("cudaLaunchKernel", t + 900 * kUs, t + 905 * kUs, corr);
    f.kernel(t + 900 * kUs, t + 1100 * kUs, 7, corr++);
  }
  f.finish();
  return f;
}

TEST(HostWaitByName, TheProgramsOwnRangesNameTheWait) {
  RunFixture f = dlrmLikeSteps(4);
  const RunAnalysis ra = analyzeRun(f.run(), f.strings());
  const DeviceAnalysis& d = ra.devices.at(0);
  // GPU window [300 µs, 4.1 ms): per step 200 µs in forward (except the first, which begins at the
  // window), 300 µs in backward, 100 µs unnamed.
  const HostWaitByName& names = d.host_other;
  ASSERT_EQ(names.ranges.size(), 2u);
  EXPECT_EQ(names.ranges[0], (NamedHostTime{"## backward ##", 4 * 300 * kUs}));
  EXPECT_EQ(names.ranges[1], (NamedHostTime{"## forward ##", 3 * 200 * kUs}));
  EXPECT_EQ(names.unnamed_ns, 4 * 100 * kUs);
  EXPECT_EQ(names.namedNs() + names.unnamed_ns, d.whole.gaps[GapCause::HostOther]);

  const Finding* named = find(d, "named_host_work");
  ASSERT_NE(named, nullptr);
  EXPECT_EQ(named->part_of, "host_bound");
  EXPECT_EQ(named->cost_ns, 1800 * kUs);
  EXPECT_NE(named->title.find("`## backward ##`"), std::string::npos) << named->title;
  EXPECT_NE(named->sentence.find("`## backward ##` 1.20 ms, `## forward ##` 600 µs"), std::string::npos)
      << named->sentence;
  // 400 µs unnamed of a 3.8 ms window is 10.5 %: the "no name" finding covers only that.
  const Finding* unnamed = find(d, "unnamed_host_time");
  ASSERT_NE(unnamed, nullptr);
  EXPECT_EQ(unnamed->cost_ns, 400 * kUs);
  EXPECT_EQ(unnamed->part_of, "host_bound");
}

TEST(HostWaitByName, NoNameFindingIsSilentWhereRangesCoverTheGaps) {
  RunFixture f;
  std::uint32_t corr = 1;
  for (int i = 0; i < 4; ++i) {
    const TimeNs t = i * 1000 * kUs;
    f.step(t, t + 1000 * kUs, i);
    f.host(IntervalKind::Range, "## optimizer ##", t, t + 500 * kUs);
    f.api("cudaLaunchKernel", t + 500 * kUs, t + 505 * kUs, corr);
    f.kernel(t + 500 * kUs, t + 1000 * kUs, 7, corr++);
  }
  f.finish();
  const RunAnalysis ra = analyzeRun(f.run(), f.strings());
  const DeviceAnalysis& d = ra.devices.at(0);
  EXPECT_EQ(d.host_other.unnamed_ns, 0);
  EXPECT_EQ(find(d, "unnamed_host_time"), nullptr);
  ASSERT_NE(find(d, "named_host_work"), nullptr);
  const Finding* host = find(d, "host_bound");
  ASSERT_NE(host, nullptr);
  EXPECT_NE(host->fix.find("`## optimizer ##`"), std::string::npos) << host->fix;
}

TEST(HostWaitByName, StepNumbersFoldAndContainersOfTheLoopAreNotNames) {
  EXPECT_EQ(trace::foldedRangeName("ProfilerStep#12"), "ProfilerStep#N");
  EXPECT_EQ(trace::foldedRangeName("step 7"), "step N");
  EXPECT_EQ(trace::foldedRangeName("aten::conv2d"), "aten::conv2d");
  EXPECT_EQ(trace::foldedRangeName("layer_3"), "layer_3");
  EXPECT_EQ(trace::foldedRangeName("iteration#40"), "iteration#N");
  // A range around the whole loop contains every step: it names nothing; the operator inside does.
  RunFixture f;
  f.host(IntervalKind::Range, "train_loop", 0, 2000 * kUs);
  f.step(0, 1000 * kUs, 0);
  f.step(1000 * kUs, 2000 * kUs, 1);
  f.host(IntervalKind::Range, "batch#0", 0, 300 * kUs);
  f.host(IntervalKind::Range, "batch#1", 1000 * kUs, 1300 * kUs);
  f.api("cudaLaunchKernel", 0, 5 * kUs, 1);
  f.kernel(0, 100 * kUs, 7, 1);
  f.api("cudaLaunchKernel", 300 * kUs, 305 * kUs, 2);
  f.kernel(300 * kUs, 1000 * kUs, 7, 2);
  f.api("cudaLaunchKernel", 1300 * kUs, 1305 * kUs, 3);
  f.kernel(1300 * kUs, 2000 * kUs, 7, 3);
  f.finish();
  const RunAnalysis ra = analyzeRun(f.run(), f.strings());
  const HostWaitByName& names = ra.devices.at(0).host_other;
  ASSERT_EQ(names.ranges.size(), 1u);
  EXPECT_EQ(names.ranges[0], (NamedHostTime{"batch#N", 200 * kUs + 300 * kUs}));
  EXPECT_EQ(names.unnamed_ns, 0);
}

}  // namespace
}  // namespace feedscope::analysis
