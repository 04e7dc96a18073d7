// The prefetched-step model on a synthetic plain loop whose answer is worked out by hand below.
#include "analysis/prefetch_model.h"

#include <gtest/gtest.h>

#include "analysis/findings.h"
#include "analysis/run_analysis.h"
#include "support/run_fixture.h"
#include "trace/range_names.h"

namespace feedscope::analysis {
namespace {

using testing::RunFixture;
using trace::IntervalKind;
using trace::MemoryKind;

constexpr TimeNs kUs = 1'000;
constexpr TimeNs kMs = 1'000'000;

// One 10 ms step of the plain loop, repeated: (times in ms from the step's start)
//   [0, 1)     host: DataLoader __next__ (a data-loading range)
//   [1, 3)     host: nothing named (freeing the last batch, say)
//   [3, 5)     host: cudaMemcpyAsync of a 20 MB pageable batch, blocking; the copy runs [3.2, 5)
//   [5, 5.6)   host: aten::conv2d launching the kernel (cudaLaunchKernel at [5.3, 5.4))
//   [5.5, 9.5) GPU: the kernel; host: cudaStreamSynchronize [5.6, 9.6) (loss.item())
//   [9.6, 10)  host: optimizer bookkeeping (a host operator)
// The GPU idles from 9.5 to the next step's 5.5: one input gap across the step boundary.
RunFixture plainLoop(int steps, MemoryKind memory = MemoryKind::Pageable, const std::string& rangeAt1To3 = "") {
  RunFixture f("plain");
  for (int i = 0; i < steps; ++i) {
    const TimeNs t = i * 10 * kMs;
    const auto corr = static_cast<std::uint32_t>(10 * i + 1);
    f.step(t, t + 10 * kMs, i);
    if (!rangeAt1To3.empty()) f.host(IntervalKind::Range, rangeAt1To3, t + kMs, t + 3 * kMs);
    f.host(IntervalKind::DataLoading, "enumerate(DataLoader)#_MultiProcessingDataLoaderIter.__next__", t, t + kMs);
    f.api("cudaMemcpyAsync", t + 3 * kMs, t + 5 * kMs, corr);
    f.h2d(t + 3200 * kUs, t + 5 * kMs, 20'000'000, memory, 7, corr);
    f.host(IntervalKind::HostOp, "aten::conv2d", t + 5 * kMs, t + 5600 * kUs);
    f.api("cudaLaunchKernel", t + 5300 * kUs, t + 5400 * kUs, corr + 1);
    f.kernel(t + 5500 * kUs, t + 9500 * kUs, 7, corr + 1);
    f.api("cudaStreamSynchronize", t + 5600 * kUs, t + 9600 * kUs, 0);
    f.host(IntervalKind::HostOp, "Optimizer.step#SGD.step", t + 9600 * kUs, t + 10 * kMs);
  }
  f.finish();
  return f;
}

AnalysisOptions at50Gbps() {
  AnalysisOptions o;
  o.assumed_pinned_gbps = 50.0;
  return o;
}

TEST(PrefetchModel, PlainLoopPathsWorkedOutByHand) {
  RunFixture f = plainLoop(6);
  RunAnalysis ra = analyzeRun(f.run(), f.strings(), at50Gbps());
  ASSERT_EQ(ra.devices.size(), 1u);
  const DeviceAnalysis& d = ra.devices[0];
  ASSERT_EQ(d.steps.size(), 6u);
  // A middle step (the first has no previous kernel, the last no next launch).
  const PrefetchPaths& p = d.steps[2].prefetch;
  // GPU: the 4 ms kernel, and of the input gap [−0.5, 5.5) and [9.5, 10.5+) the named host work that
  // is not input: the launch after the copy [5, 5.5), the sync's tail and the optimizer [9.5, 10).
  // The copy, the loader range, the copy call and the unnamed [1, 3) go.
  EXPECT_EQ(p.gpu_ns, 4 * kMs + 500 * kUs + 500 * kUs);
  // Host: 10 ms less the sync (4), the copy call (2), data loading (1) and the unnamed input time (2).
  ASSERT_TRUE(p.host_ns);
  EXPECT_EQ(*p.host_ns, 1 * kMs);
  // Copy: 20 MB at 50 GB/s.
  EXPECT_EQ(p.copy_ns, 400 * kUs);
  EXPECT_FALSE(p.loader_ns);
  EXPECT_EQ(p.predicted_ns, 5 * kMs);
  EXPECT_EQ(p.bound, PrefetchBound::GpuWork);
  EXPECT_DOUBLE_EQ(d.steps[2].inputBoundPct(), 50.0);

  EXPECT_EQ(d.what_if.prefetch_step_ns, 5 * kMs);
  EXPECT_DOUBLE_EQ(d.what_if.prefetchSpeedup(), 2.0);
  EXPECT_DOUBLE_EQ(d.input_bound_pct, 50.0);
  EXPECT_EQ(d.verdict, InputBoundVerdict::HighlyInputBound);
  EXPECT_EQ(d.what_if.pinned_reference_source, "assumed");
}

// The host's [1, 3) of the plain loop under a range: a range of the model's own code stays on the GPU's
// path; one whose name says it is input work (trace::isInputPathRangeName) goes, as loading does.
TEST(PrefetchModel, NamedInputPathWorkGoesNamedModelWorkStays) {
  const AnalysisOptions o = at50Gbps();
  RunFixture model = plainLoop(6, MemoryKind::Pageable, "## model_prep ##");
  RunFixture input = plainLoop(6, MemoryKind::Pageable, "## sparse_data_dist ##");
  RunFixture collate = plainLoop(6, MemoryKind::Pageable, "collate_batch");
  const PrefetchPaths pm = analyzeRun(model.run(), model.strings(), o).devices[0].steps[2].prefetch;
  const PrefetchPaths pi = analyzeRun(input.run(), input.strings(), o).devices[0].steps[2].prefetch;
  const PrefetchPaths pc = analyzeRun(collate.run(), collate.strings(), o).devices[0].steps[2].prefetch;
  EXPECT_EQ(pm.gpu_ns, 5 * kMs + 2 * kMs);  // the named model work stays inside the input gap
  EXPECT_EQ(*pm.host_ns, 3 * kMs);          // and is host work of the step
  EXPECT_EQ(pi.gpu_ns, 5 * kMs);            // input distribution runs ahead, off both paths
  EXPECT_EQ(*pi.host_ns, 1 * kMs);
  EXPECT_EQ(pc.gpu_ns, 5 * kMs);
  EXPECT_EQ(*pc.host_ns, 1 * kMs);
  EXPECT_TRUE(trace::isInputPathRangeName("## sparse_data_dist ##"));
  EXPECT_TRUE(trace::isInputPathRangeName("Collate"));
  EXPECT_FALSE(trace::isInputPathRangeName("## forward ##"));
}

TEST(PrefetchModel, UnnamedTimeIsNotInputInATraceThatNamesLittle) {
  // The same loop without its operators and data-loading ranges: host time is mostly unnamed, so the
  // unnamed 2 ms (and now 3 ms, with the loader range gone) cannot be told from model code and stay.
  RunFixture f("sparse");
  for (int i = 0; i < 6; ++i) {
    const TimeNs t = i * 10 * kMs;
    const auto corr = static_cast<std::uint32_t>(10 * i + 1);
    f.step(t, t + 10 * kMs, i);
    f.api("cudaMemcpyAsync", t + 3 * kMs, t + 5 * kMs, corr);
    f.h2d(t + 3200 * kUs, t + 5 * kMs, 20'000'000, MemoryKind::Pageable, 7, corr);
    f.api("cudaLaunchKernel", t + 5300 * kUs, t + 5400 * kUs, corr + 1);
    f.kernel(t + 5500 * kUs, t + 9500 * kUs, 7, corr + 1);
  }
  f.finish();
  RunAnalysis ra = analyzeRun(f.run(), f.strings(), at50Gbps());
  const PrefetchPaths& p = ra.devices[0].steps[2].prefetch;
  // Input gap [−0.5, 5.5) less the copy [3.2, 5) and the copy call [3, 5): 3.5 + 0.5 = 4 ms stay; the
  // gap [9.5, 10) began with the host not waiting, so it goes (the host path bounds it).
  EXPECT_EQ(p.gpu_ns, 4 * kMs + 4 * kMs);
  ASSERT_TRUE(p.host_ns);
  EXPECT_EQ(*p.host_ns, 8 * kMs);  // 10 ms less the 2 ms copy call: everything else is host work
  EXPECT_EQ(p.predicted_ns, 8 * kMs);
}

TEST(PrefetchModel, AlreadyPrefetchedLoopGainsNothing) {
  // Copies of the next batch on a side stream under the current kernel; the host syncs once a step.
  RunFixture f("prefetched");
  for (int i = 0; i < 6; ++i) {
    const TimeNs t = i * 5 * kMs;
    const auto corr = static_cast<std::uint32_t>(10 * i + 1);
    f.step(t, t + 5 * kMs, i);
    f.host(IntervalKind::HostOp, "aten::conv2d", t, t + 200 * kUs);
    f.api("cudaLaunchKernel", t + 100 * kUs, t + 150 * kUs, corr);
    f.kernel(t + 200 * kUs, t + 4800 * kUs, 7, corr);
    f.api("cudaMemcpyAsync", t + 300 * kUs, t + 320 * kUs, corr + 1);
    f.h2d(t + 400 * kUs, t + 800 * kUs, 20'000'000, MemoryKind::Pinned, 9, corr + 1);
    f.api("cudaStreamSynchronize", t + 400 * kUs, t + 4850 * kUs, 0);
    f.host(IntervalKind::HostOp, "Optimizer.step#SGD.step", t + 4850 * kUs, t + 5 * kMs);
  }
  f.finish();
  RunAnalysis ra = analyzeRun(f.run(), f.strings());
  const DeviceAnalysis& d = ra.devices[0];
  EXPECT_EQ(d.steps[2].prefetch.predicted_ns, 5 * kMs);  // 4.6 ms kernel + 0.4 ms drain gap around the step edge
  EXPECT_DOUBLE_EQ(d.input_bound_pct, 0.0);
  EXPECT_EQ(d.verdict, InputBoundVerdict::NotInputBound);
  EXPECT_EQ(d.what_if.pinned_reference_source, "pinned copies in this run");
}

TEST(PrefetchModel, CopyPathBoundsWhenTheLinkIsTheBottleneck) {
  RunFixture f = plainLoop(6);
  AnalysisOptions o;
  o.assumed_pinned_gbps = 2.0;  // 20 MB at 2 GB/s: 10 ms, longer than the measured step
  RunAnalysis ra = analyzeRun(f.run(), f.strings(), o);
  const PrefetchPaths& p = ra.devices[0].steps[2].prefetch;
  EXPECT_EQ(p.copy_ns, 10 * kMs);
  EXPECT_EQ(p.bound, PrefetchBound::InputCopy);
  EXPECT_EQ(p.predicted_ns, 10 * kMs);  // never slower than measured
}

TEST(PrefetchModel, AssumedLinkFromTheDeviceNameWhenNothingMeasuredIt) {
  RunFixture f = plainLoop(4);
  RunAnalysis ra = analyzeRun(f.run(), f.strings());  // no calibration, no pinned copies, no --pinned-gbps
  const WhatIf& w = ra.devices[0].what_if;
  ASSERT_TRUE(w.pinned_reference_gbps);
  EXPECT_DOUBLE_EQ(*w.pinned_reference_gbps, 25.0);  // a GPU the table does not know: PCIe Gen4 x16
  EXPECT_EQ(w.pinned_reference_source, "assumed");
  EXPECT_NE(w.pinned_reference_basis.find("Gen4"), std::string::npos);
}

}  // namespace
}  // namespace feedscope::analysis
