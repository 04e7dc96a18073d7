// Verdicts that rest on evidence (docs/metrics.md, "Input evidence"), on runs built here whose answers
// are worked out by hand: a long synchronisation is host blocking, not input; a GPU-only trace cannot
// tell; an inference trace has no prefetching what-if; pageable batch copies are input-bound. Every
// verdict other than "not input-bound" comes with a finding that explains it.
#include <gtest/gtest.h>

#include <algorithm>

#include "analysis/run_analysis.h"
#include "support/run_fixture.h"

namespace feedscope::analysis {
namespace {

using testing::RunFixture;
using trace::IntervalKind;
using trace::MemoryKind;

constexpr TimeNs kMs = 1'000'000;

const Finding* find(const std::vector<Finding>& findings, std::string_view id) {
  auto it = std::find_if(findings.begin(), findings.end(), [&](const Finding& f) { return f.id == id; });
  return it == findings.end() ? nullptr : &*it;
}

// The SGLang shape: 10 ms of kernels, then the host blocked 490 ms in a copy call (hipMemcpyWithStream)
// whose 60-byte host-to-device copy runs only in its last 10 µs (it waited for another device's work),
// then 10 ms of kernels. No data loading, no backward, no optimizer, no steps.
RunFixture longSyncInACopyCall() {
  RunFixture f("serve");
  f.api("cudaLaunchKernel", 0, 10'000, 1);
  f.kernel(100'000, 10 * kMs, 7, 1);
  f.api("cudaMemcpy", 9 * kMs, 500 * kMs, 2);  // blocking: the host waits in it
  f.h2d(500 * kMs - 10'000, 500 * kMs, 60, MemoryKind::Pageable, 7, 2);
  f.api("cudaLaunchKernel", 500 * kMs + 10'000, 500 * kMs + 20'000, 3);
  f.kernel(500 * kMs + 100'000, 510 * kMs, 7, 3);
  f.finish();
  return f;
}

TEST(Verdict, ALongWaitInACopyCallIsHostBlockingNotInput) {
  RunFixture f = longSyncInACopyCall();
  RunAnalysis ra = analyzeRun(f.run(), f.strings());
  ASSERT_EQ(ra.devices.size(), 1u);
  const DeviceAnalysis& d = ra.devices[0];
  // A 60-byte copy carries no batch, and nothing loads data: no input path, nothing for prefetching.
  EXPECT_EQ(d.verdict, InputBoundVerdict::NoInputPath);
  EXPECT_EQ(d.input_bound_pct, 0.0);
  EXPECT_FALSE(d.evidence.trains());
  EXPECT_EQ(d.evidence.batch_copies, 0u);
  // The GPU window is [0.1 ms, 510 ms). The call's last 20 µs were its copy's (from the copy's start less
  // its 10 µs to its end); before that, [9 ms, 499.98 ms), it waited: a synchronisation. The compute gap
  // [10 ms, 500.1 ms) holds the copy, and the host was in that wait for 489.98 ms of it: drained. Without
  // it the GPU's path is 509.9 - 489.98 = 19.92 ms; the host's time outside its wait is
  // 509.9 - 490.98 = 18.92 ms: bound by the GPU's.
  EXPECT_EQ(d.what_if.drained_ns, 489'980'000);
  ASSERT_TRUE(d.what_if.without_sync_ns);
  EXPECT_EQ(*d.what_if.without_sync_ns, 19'920'000);
  EXPECT_FALSE(d.what_if.without_sync_host_bound);
  // The verdict is explained, with the idle time as evidence.
  const Finding* why = find(d.findings, "no_input_path");
  ASSERT_NE(why, nullptr);
  EXPECT_NE(why->sentence.find("an inference or serving trace"), std::string::npos) << why->sentence;
  ASSERT_FALSE(why->ranges.empty());
  EXPECT_EQ(why->ranges[0].span.length(), 490'100'000);  // the compute gap [10 ms, 500.1 ms)
}

// The same loop reading a 4 MiB batch in that call: now an input path exists, but the call's 490 ms
// wait before its copy ran is still not input: prefetching removes only the copy's own 10 µs.
TEST(Verdict, ABatchCopyAfterALongWaitIsInputOnlyForTheCopyItself) {
  RunFixture f("train");
  f.api("cudaLaunchKernel", 0, 10'000, 1);
  f.kernel(100'000, 10 * kMs, 7, 1);
  f.api("cudaMemcpy", 9 * kMs, 500 * kMs, 2);
  f.h2d(500 * kMs - 10'000, 500 * kMs, 4 << 20, MemoryKind::Pageable, 7, 2);
  f.api("cudaLaunchKernel", 500 * kMs + 10'000, 500 * kMs + 20'000, 3);
  f.kernel(500 * kMs + 100'000, 510 * kMs, 7, 3);
  f.finish();
  RunAnalysis ra = analyzeRun(f.run(), f.strings());
  const DeviceAnalysis& d = ra.devices[0];
  EXPECT_EQ(d.evidence.batch_copies, 1u);
  EXPECT_EQ(d.verdict, InputBoundVerdict::NotInputBound);
  EXPECT_LT(d.input_bound_pct, 1.0);  // once 96 %: the whole wait was taken for input
}

TEST(Verdict, AGpuOnlyTraceCannotTell) {
  RunFixture f("gpu only");
  for (int i = 0; i < 10; ++i) {
    const TimeNs t = i * 10 * kMs;
    f.h2d(t, t + 3 * kMs, 8 << 20, MemoryKind::Unknown);  // batch-sized copies, and idle around them
    f.kernel(t + 4 * kMs, t + 10 * kMs);
  }
  f.finish();
  RunAnalysis ra = analyzeRun(f.run(), f.strings());
  const DeviceAnalysis& d = ra.devices[0];
  EXPECT_FALSE(d.evidence.host_side);
  EXPECT_EQ(d.verdict, InputBoundVerdict::CannotTell);
  EXPECT_FALSE(offersPrefetching(d.verdict));
  const Finding* why = find(d.findings, "no_host_side");
  ASSERT_NE(why, nullptr);
  EXPECT_FALSE(why->ranges.empty());
}

// An inference loop: per 10 ms step, a 4 KiB copy of token ids, a host gap of 2 ms in aten ops, 8 ms of
// kernels. No data loading, no backward, no optimizer: no prefetching what-if, and it says so.
TEST(Verdict, AnInferenceTraceHasNoPrefetchingWhatIf) {
  RunFixture f("infer");
  for (int i = 0; i < 10; ++i) {
    const TimeNs t = i * 10 * kMs;
    const auto c = static_cast<std::uint32_t>(10 * i + 1);
    f.step(t, t + 10 * kMs, i);
    f.host(IntervalKind::HostOp, "aten::embedding", t, t + 2 * kMs);
    f.api("cudaMemcpyAsync", t + 100'000, t + 110'000, c);
    f.h2d(t + 200'000, t + 210'000, 4096, MemoryKind::Pinned, 7, c);
    f.api("cudaLaunchKernel", t + 1'900'000, t + 1'910'000, c + 1);
    f.kernel(t + 2 * kMs, t + 10 * kMs, 7, c + 1);
  }
  f.finish();
  RunAnalysis ra = analyzeRun(f.run(), f.strings());
  const DeviceAnalysis& d = ra.devices[0];
  EXPECT_TRUE(d.evidence.host_side);
  EXPECT_FALSE(d.evidence.hasInputPath());
  EXPECT_EQ(d.verdict, InputBoundVerdict::NoInputPath);
  EXPECT_FALSE(offersPrefetching(d.verdict));
  EXPECT_NE(find(d.findings, "no_input_path"), nullptr);
}

// The naive loop: per 10 ms step a 4 ms copy of a 20 MB batch from pageable memory, then 6 ms of
// compute. 40 % of each step is the copy: highly input-bound, explained by the pageable copies.
TEST(Verdict, PageableBatchCopiesAreInputBound) {
  RunFixture f("naive");
  for (int i = 0; i < 10; ++i) {
    const TimeNs t = i * 10 * kMs;
    f.step(t, t + 10 * kMs, i);
    f.h2d(t, t + 4 * kMs, 20'000'000, MemoryKind::Pageable, 7, static_cast<std::uint32_t>(100 + i));
    f.kernel(t + 4 * kMs, t + 10 * kMs, 7, static_cast<std::uint32_t>(200 + i));
  }
  f.finish();
  AnalysisOptions options;
  options.assumed_pinned_gbps = 50.0;
  RunAnalysis ra = analyzeRun(f.run(), f.strings(), options);
  const DeviceAnalysis& d = ra.devices[0];
  EXPECT_EQ(d.evidence.batch_copies, 10u);
  EXPECT_EQ(d.verdict, InputBoundVerdict::HighlyInputBound);
  EXPECT_DOUBLE_EQ(d.input_bound_pct, 40.0);
  EXPECT_NE(find(d.findings, "pageable_h2d"), nullptr);
  EXPECT_FALSE(d.what_if.without_sync_ns);  // no synchronisation drained the GPU: not promised
}

}  // namespace
}  // namespace feedscope::analysis
