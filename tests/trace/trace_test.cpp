// The data model: strings, columns, the run builder's validation and ordering, range names, units.
#include <gtest/gtest.h>

#include "trace/range_names.h"
#include "trace/run_builder.h"
#include "trace/session.h"
#include "trace/session_merge.h"
#include "trace/units.h"

namespace feedscope::trace {
namespace {

TEST(StringTable, InternsOnceAndSurvivesCopies) {
  StringTable t;
  EXPECT_EQ(t.intern(""), 0u);
  StringId a = t.intern("cudaLaunchKernel");
  EXPECT_EQ(t.intern("cudaLaunchKernel"), a);
  StringId b = t.intern("gemm");
  EXPECT_NE(a, b);
  StringTable copy = t;
  EXPECT_EQ(copy.intern("gemm"), b);  // the index is rebuilt for the copy
  EXPECT_EQ(copy.get(a), "cudaLaunchKernel");
  EXPECT_EQ(t.get(999), "");
  for (int i = 0; i < 10000; ++i) t.intern("name " + std::to_string(i));
  EXPECT_EQ(t.get(a), "cudaLaunchKernel");  // stable storage after growth
}

TEST(IntervalColumns, SortsEveryColumnTogether) {
  IntervalColumns c;
  c.push_back({30, 40, IntervalKind::Kernel, 3, MemoryKind::Unknown, MemoryKind::Unknown, 3, 33, 0});
  c.push_back({10, 20, IntervalKind::MemcpyHtoD, 1, MemoryKind::Pinned, MemoryKind::Device, 1, 11, 1});
  c.push_back({10, 15, IntervalKind::Memset, 2, MemoryKind::Unknown, MemoryKind::Device, 2, 22, 0});
  EXPECT_FALSE(c.isSortedByStart());
  c.sortByStart();
  ASSERT_TRUE(c.isSortedByStart());
  EXPECT_EQ(c.at(0), (Interval{10, 20, IntervalKind::MemcpyHtoD, 1, MemoryKind::Pinned, MemoryKind::Device, 1, 11, 1}));
  EXPECT_EQ(c.at(1).kind, IntervalKind::Memset);  // stable: equal starts keep their order
  EXPECT_EQ(c.at(2).correlation, 33u);
  EXPECT_EQ(c.lowerBoundStart(11), 2u);
  EXPECT_EQ(c.lowerBoundStart(10), 0u);
}

TEST(RunBuilder, ValidatesSortsAndOrdersTracks) {
  RunBuilder b("r");
  std::size_t host = b.hostTrack(5, 6);
  std::size_t gpu = b.gpuTrack(0, 7);
  EXPECT_EQ(b.gpuTrack(0, 7), gpu);
  EXPECT_TRUE(b.add(gpu, {200, 300, IntervalKind::Kernel}));
  EXPECT_TRUE(b.add(gpu, {100, 150, IntervalKind::Kernel}));
  EXPECT_TRUE(b.add(host, {50, 60, IntervalKind::RuntimeApi}));
  EXPECT_FALSE(b.add(gpu, {0, 10, IntervalKind::Kernel}));
  EXPECT_FALSE(b.add(gpu, {20, 10, IntervalKind::Kernel}));
  EXPECT_TRUE(b.add(gpu, {20, 20, IntervalKind::Kernel}));  // an instant: kept and counted
  trace::Run run = b.finish();
  EXPECT_EQ(run.records.invalid, 2u);
  EXPECT_EQ(run.records.zero_length, 1u);
  ASSERT_EQ(run.tracks.size(), 2u);
  EXPECT_EQ(run.tracks[0].kind, TrackKind::GpuStream);  // GPU lanes first
  EXPECT_EQ(run.tracks[0].intervals.start_ns[0], 20);
  EXPECT_EQ(run.tracks[0].intervals.start_ns[1], 100);
  EXPECT_EQ(run.tracks[1].pid, 5);
  EXPECT_EQ(run.tracks[0].name, "GPU 0 stream 7");
  EXPECT_EQ(run.tracks[1].name, "process 5: thread 6");
  EXPECT_EQ(run.intervalCount(), 4u);
  EXPECT_EQ(run.gpuDeviceIds(), std::vector<std::int32_t>{0});
  EXPECT_EQ(run.tracks[0].intervals.memoryBytes(), 3 * IntervalColumns::kBytesPerInterval);  // shrunk to fit
}

TEST(Spans, AShiftKeepsTheOneRuleOrLeavesTheSpanAsItWas) {
  using trace::kMaxTimeNs;
  TimeNs start = 100, end = 250;
  EXPECT_TRUE(trace::shiftSpan(start, end, 1'000));
  EXPECT_EQ(start, 1'100);
  EXPECT_EQ(end, 1'250);
  // Onto the time rule's edge and no further; the span is untouched when refused.
  start = 10, end = 20;
  EXPECT_TRUE(trace::shiftSpan(start, end, kMaxTimeNs - 20));
  EXPECT_EQ(end, kMaxTimeNs);
  start = 10, end = 21;
  EXPECT_FALSE(trace::shiftSpan(start, end, kMaxTimeNs - 20));
  EXPECT_EQ(start, 10);
  EXPECT_EQ(end, 21);
  // A sum that overflows, a start moved onto 0 ("no timestamp"), a span below the rule.
  start = 5, end = INT64_MAX - 1;
  EXPECT_FALSE(trace::shiftSpan(start, end, 10));
  start = -50, end = 50;
  EXPECT_FALSE(trace::shiftSpan(start, end, 50));
  start = -kMaxTimeNs, end = -kMaxTimeNs + 5;
  EXPECT_FALSE(trace::shiftSpan(start, end, -1));
  // An instant stays an instant.
  start = end = 7;
  EXPECT_TRUE(trace::shiftSpan(start, end, 3));
  EXPECT_EQ(trace::spanValidity(start, end), trace::SpanValidity::ZeroLength);
}

TEST(RangeNames, StepsDataLoadingAndPlainRanges) {
  EXPECT_EQ(classifyRangeName("ProfilerStep#12"), IntervalKind::Step);
  EXPECT_EQ(classifyRangeName("step 3"), IntervalKind::Step);
  EXPECT_EQ(classifyRangeName("Step_7"), IntervalKind::Step);
  EXPECT_EQ(classifyRangeName("train_step:4"), IntervalKind::Step);
  EXPECT_EQ(classifyRangeName("step"), IntervalKind::Step);
  EXPECT_EQ(classifyRangeName("stepper"), IntervalKind::Range);
  EXPECT_EQ(classifyRangeName("step 3 forward"), IntervalKind::Range);
  EXPECT_EQ(classifyRangeName("enumerate(DataLoader)#_MultiProcessingDataLoaderIter.__next__"),
            IntervalKind::DataLoading);
  EXPECT_EQ(classifyRangeName("## data_load ##"), IntervalKind::DataLoading);
  EXPECT_EQ(classifyRangeName("Optimizer.step#SGD.step"), IntervalKind::Range);
  EXPECT_EQ(stepNumber("ProfilerStep#12"), 12);
  EXPECT_FALSE(stepNumber("step"));
}

TEST(Units, ThreeSignificantDigits) {
  EXPECT_EQ(formatDuration(812), "812 ns");
  EXPECT_EQ(formatDuration(3'864), "3.86 µs");
  EXPECT_EQ(formatDuration(60'640'000), "60.6 ms");
  EXPECT_EQ(formatDuration(327'671'750), "328 ms");
  EXPECT_EQ(formatDuration(16'025'575'000), "16.0 s");
  EXPECT_EQ(formatBytes(512), "512 B");
  EXPECT_EQ(formatBytes(64 * 1024), "64.0 KiB");
  EXPECT_EQ(formatBytes(19'660'800), "18.8 MiB");
  EXPECT_EQ(formatGbps(54.75), "54.8 GB/s");
  EXPECT_EQ(formatGbps(5.19), "5.19 GB/s");
  EXPECT_EQ(formatPct(45.0623), "45.06 %");
}

TEST(SessionMerge, ReinternsNamesAndKeepsRunNamesUnique) {
  Session a, b;
  RunBuilder rb("same");
  std::size_t t = rb.gpuTrack(0, 1);
  rb.add(t, {10, 20, IntervalKind::Kernel, 0, {}, {}, b.strings.intern("only in b")});
  b.runs.push_back(rb.finish());
  a.strings.intern("something else");
  RunBuilder ra("same");
  a.runs.push_back(ra.finish());
  appendSession(a, b);
  ASSERT_EQ(a.runs.size(), 2u);
  EXPECT_EQ(a.runs[1].name, "same (2)");
  EXPECT_EQ(a.strings.get(a.runs[1].tracks[0].intervals.name[0]), "only in b");
}

// One rule for every source (RunBuilder, the CUPTI decoder, the raw-stream merge).
TEST(SpanValidity, NoTimestampDamageAndZeroLength) {
  EXPECT_EQ(spanValidity(TimeNs{5}, TimeNs{9}), SpanValidity::Valid);
  EXPECT_EQ(spanValidity(TimeNs{-9}, TimeNs{-5}), SpanValidity::Valid);  // imported clocks may be negative
  EXPECT_EQ(spanValidity(TimeNs{0}, TimeNs{9}), SpanValidity::Invalid);   // CUPTI's "no timestamp"
  EXPECT_EQ(spanValidity(TimeNs{9}, TimeNs{5}), SpanValidity::Invalid);
  EXPECT_EQ(spanValidity(TimeNs{5}, kMaxTimeNs + 1), SpanValidity::Invalid);
  EXPECT_EQ(spanValidity(-kMaxTimeNs - 1, TimeNs{5}), SpanValidity::Invalid);
  EXPECT_EQ(spanValidity(TimeNs{5}, TimeNs{5}), SpanValidity::ZeroLength);
  EXPECT_EQ(spanValidity(std::uint64_t{5}, std::uint64_t{9}), SpanValidity::Valid);
  EXPECT_EQ(spanValidity(std::uint64_t{0}, std::uint64_t{0}), SpanValidity::Invalid);
  EXPECT_EQ(spanValidity(std::uint64_t{5}, ~std::uint64_t{0}), SpanValidity::Invalid);  // not negative
}

}  // namespace
}  // namespace feedscope::trace
