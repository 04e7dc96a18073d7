// From decoded batches to a trace run: tracks, names re-interned into the session's table, counts,
// devices; and end to end from CUPTI records to the starvation figures of the analysis.
#include "cupti/run_sink.h"

#include <cupti.h>
#include <gtest/gtest.h>

#include <stdexcept>

#include "analysis/run_analysis.h"
#include "cupti/api_names.h"
#include "cupti/record_decoder.h"
#include "trace/session.h"

namespace feedscope::cupti {
namespace {

using trace::IntervalKind;

DecodedInterval interval(TrackKey track, trace::TimeNs s, trace::TimeNs e, IntervalKind kind,
                         trace::StringId name) {
  DecodedInterval d;
  d.track = track;
  d.interval.start_ns = s;
  d.interval.end_ns = e;
  d.interval.kind = kind;
  d.interval.name = name;
  return d;
}

TEST(RunSink, BuildsTracksReinternsNamesAndSumsCounts) {
  trace::StringTable session;
  session.intern("already here");  // the session's ids differ from the collector's
  RunSink sink(session);
  sink.beginRun("prefetch on");

  DecodedBatch first;
  first.new_strings = {{1, "gemm"}, {2, "cudaLaunchKernel"}};
  first.intervals.push_back(interval(TrackKey::gpuStream(0, 7), 1'000, 2'000, IntervalKind::Kernel, 1));
  first.intervals.back().arguments = R"({"grid": [4, 1, 1]})";  // the demo's kernels keep theirs
  first.intervals.push_back(interval(TrackKey::hostThread(10, 11), 500, 600, IntervalKind::RuntimeApi, 2));
  first.devices.push_back({0, "NVIDIA H200", "GPU-1"});
  first.dropped = 3;
  first.invalid = 1;
  sink.consume(first);

  DecodedBatch second;
  second.intervals.push_back(interval(TrackKey::gpuStream(0, 7), 3'000, 4'000, IntervalKind::Kernel, 1));
  second.intervals.push_back(
      interval(TrackKey::gpuStream(0, kContextWideStream), 4'000, 4'500, IntervalKind::Synchronization, 0));
  second.devices.push_back({0, "NVIDIA H200", "GPU-1"});
  second.dropped = 2;
  sink.consume(second);

  trace::Run run = sink.takeRun().finish();
  EXPECT_EQ(run.name, "prefetch on");
  EXPECT_EQ(run.records.dropped, 5u);
  EXPECT_EQ(run.records.invalid, 1u);
  ASSERT_EQ(run.devices.size(), 1u);
  EXPECT_EQ(run.devices[0].name, "NVIDIA H200");
  ASSERT_EQ(run.tracks.size(), 3u);
  const trace::Track& kernels = run.tracks[1];  // display order: stream -1 before stream 7
  EXPECT_EQ(kernels.stream, 7);
  ASSERT_EQ(kernels.intervals.size(), 2u);
  EXPECT_EQ(session.get(kernels.intervals.name[0]), "gemm");
  EXPECT_EQ(run.arguments.get(kernels.intervals.argumentsAt(0)), R"({"grid": [4, 1, 1]})");
  EXPECT_EQ(kernels.intervals.argumentsAt(1), 0u);
  EXPECT_EQ(kernels.intervals.start_ns[1], 3'000);
  EXPECT_EQ(run.tracks[0].name, "GPU 0 context synchronizations");
  const trace::Track& host = run.tracks[2];
  EXPECT_EQ(host.kind, trace::TrackKind::HostThread);
  EXPECT_EQ(host.pid, 10);
  EXPECT_EQ(host.tid, 11);
  EXPECT_EQ(session.get(host.intervals.name[0]), "cudaLaunchKernel");
}

TEST(RunSink, BatchesBetweenRunsAreLeftOutButTheirStringsAndDevicesStayKnown) {
  trace::StringTable session;
  RunSink sink(session);
  DecodedBatch setup;
  setup.new_strings = {{1, "warm-up kernel"}};
  setup.intervals.push_back(interval(TrackKey::gpuStream(0, 7), 10, 20, IntervalKind::Kernel, 1));
  setup.devices.push_back({0, "NVIDIA H200", "GPU-5bd7dd7e"});  // described once, at collector start
  setup.dropped = 9;
  sink.consume(setup);

  sink.beginRun("off");
  DecodedBatch later;
  later.intervals.push_back(interval(TrackKey::gpuStream(0, 7), 30, 40, IntervalKind::Kernel, 1));
  sink.consume(later);
  trace::Run run = sink.takeRun().finish();
  EXPECT_EQ(run.records.dropped, 0u);
  ASSERT_EQ(run.tracks.size(), 1u);
  ASSERT_EQ(run.tracks[0].intervals.size(), 1u);
  EXPECT_EQ(run.tracks[0].intervals.start_ns[0], 30);
  EXPECT_EQ(session.get(run.tracks[0].intervals.name[0]), "warm-up kernel");
  ASSERT_EQ(run.devices.size(), 1u);
  EXPECT_EQ(run.devices[0].uuid, "GPU-5bd7dd7e");
  EXPECT_THROW(sink.takeRun(), std::logic_error);
}

// A pageable copy of 40 µs that the kernel waits for, decoded from CUPTI records and analysed:
// GPU window 10..100 µs, the kernel runs 50..100 µs, so compute is starved 40 of 90 µs (44.44 %),
// all of it copy wait on pageable memory, and nothing of the copy is hidden.
TEST(RunSink, DecodedRecordsGiveTheExactStarvationFigures) {
  trace::Session session;
  RunSink sink(session.strings);
  trace::StringTable collectorStrings;
  ApiNameCache names;
  RecordDecoder decoder(collectorStrings,
                        [&](IntervalKind api, std::uint32_t cbid) { return names.name(api, cbid); });

  constexpr std::uint64_t kBase = 1'000'000'000;
  CUpti_ActivityAPI call{};
  call.kind = CUPTI_ACTIVITY_KIND_RUNTIME;
  call.cbid = CUPTI_RUNTIME_TRACE_CBID_cudaMemcpyAsync_v3020;
  call.start = kBase + 5'000;
  call.end = kBase + 50'000;
  call.processId = 1;
  call.threadId = 1;
  call.correlationId = 1;
  CUpti_ActivityMemcpy6 copy{};
  copy.kind = CUPTI_ACTIVITY_KIND_MEMCPY;
  copy.copyKind = CUPTI_ACTIVITY_MEMCPY_KIND_HTOD;
  copy.srcKind = CUPTI_ACTIVITY_MEMORY_KIND_PAGEABLE;
  copy.dstKind = CUPTI_ACTIVITY_MEMORY_KIND_DEVICE;
  copy.bytes = 1'000'000;
  copy.start = kBase + 10'000;
  copy.end = kBase + 50'000;
  copy.streamId = 13;
  copy.correlationId = 1;
  CUpti_ActivityKernel10 kernel{};
  kernel.kind = CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL;
  kernel.start = kBase + 50'000;
  kernel.end = kBase + 100'000;
  kernel.streamId = 7;
  kernel.correlationId = 2;
  kernel.name = "_Z7forwardPKhPf";
  CUpti_ActivityAPI launch = call;
  launch.cbid = CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernel_v7000;
  launch.start = kBase + 50'100;
  launch.end = kBase + 50'200;
  launch.correlationId = 2;

  sink.beginRun("off");
  DecodedBatch batch;
  for (const CUpti_Activity* r :
       {reinterpret_cast<const CUpti_Activity*>(&call), reinterpret_cast<const CUpti_Activity*>(&copy),
        reinterpret_cast<const CUpti_Activity*>(&kernel), reinterpret_cast<const CUpti_Activity*>(&launch)}) {
    decoder.decode(*r, batch);
  }
  for (std::size_t id = 1; id < collectorStrings.size(); ++id) {
    batch.new_strings.push_back({static_cast<trace::StringId>(id),
                                 std::string(collectorStrings.get(static_cast<trace::StringId>(id)))});
  }
  sink.consume(batch);
  session.runs.push_back(sink.takeRun().finish());

  analysis::RunAnalysis a = analysis::analyzeRun(session.runs[0], session.strings);
  ASSERT_NE(a.primary(), nullptr);
  const analysis::WindowMetrics& m = a.primary()->whole;
  EXPECT_EQ(m.window_ns, 90'000);
  EXPECT_EQ(m.compute_busy_ns, 50'000);
  EXPECT_EQ(m.starvation_ns, 40'000);
  EXPECT_NEAR(m.starvationPct(), 44.444, 0.001);
  EXPECT_EQ(m.gaps[analysis::GapCause::CopyWaitPageable], 40'000);
  EXPECT_EQ(m.hidden_h2d_ns, 0);
  EXPECT_EQ(m.h2d.pageable_count, 1u);
  EXPECT_EQ(m.h2d.sync_count, 1u);  // pageable: the host waited for it
}

}  // namespace
}  // namespace feedscope::cupti
