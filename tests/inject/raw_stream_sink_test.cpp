// The collector's batches as the injection writes them: every interval placed on its lane, names as
// text (defined in an earlier batch or the same one), devices kept.
#include "inject/raw_stream_sink.h"

#include <gtest/gtest.h>

#include "inject/cupti_source.h"
#include "inject/process_recorder.h"
#include "rawstream/reader.h"
#include "support/temp_dir.h"

namespace {

using namespace feedscope;
using feedscope::testing::TempDir;

TEST(RawStreamSink, BatchesBecomePlacedIntervalsWithTheirNames) {
  TempDir dir;
  inject::RecorderConfig config;
  config.raw_dir = dir.path.string();
  std::string error;
  auto recorder = inject::ProcessRecorder::create(config, error);
  ASSERT_TRUE(recorder) << error;
  inject::RawStreamSink sink(*recorder);

  cupti::DecodedBatch first;
  first.new_strings = {{1, "volta_sgemm"}, {2, "cudaLaunchKernel"}};
  first.devices = {{0, "NVIDIA H200", "GPU-5678"}};
  trace::Interval kernel{1000, 2000, trace::IntervalKind::Kernel, 0, {}, {}, 1, 9};
  trace::Interval call{900, 950, trace::IntervalKind::RuntimeApi, 0, {}, {}, 2, 9};
  const std::string launch = R"({"grid": [128, 1, 1], "block": [256, 1, 1], "registers per thread": 32})";
  first.intervals = {{cupti::TrackKey::gpuStream(0, 13), kernel, launch},
                     {cupti::TrackKey::hostThread(77, 78), call, ""}};
  sink.consume(first);
  cupti::DecodedBatch second;  // uses a name defined in the first batch, and a new one
  second.new_strings = {{3, "step 1"}};
  trace::Interval again{3000, 3500, trace::IntervalKind::Kernel, 0, {}, {}, 1, 10};
  trace::Interval range{800, 4000, trace::IntervalKind::Range, 0, {}, {}, 3, 0};
  trace::Interval sync{3600, 3700, trace::IntervalKind::Synchronization, 0, {}, {}, 0, 0};
  second.intervals = {{cupti::TrackKey::gpuStream(0, 13), again, launch},
                      {cupti::TrackKey::gpuMarkers(0), range, ""},
                      {cupti::TrackKey::gpuStream(0, cupti::kContextWideStream), sync, ""}};
  sink.consume(second);
  std::string path = recorder->writer().path();
  recorder->finish();

  auto r = rawstream::readRawStream(path);
  ASSERT_EQ(r.report.status, rawstream::ReadStatus::Complete) << r.report.problem;
  const auto& s = r.stream;
  ASSERT_EQ(s.intervals.size(), 5u);
  EXPECT_EQ(s.intervals[0].placement, (rawstream::Placement{trace::TrackKind::GpuStream, 0, 13}));
  EXPECT_EQ(s.name(s.intervals[0].interval.name), "volta_sgemm");
  EXPECT_EQ(s.intervals[0].interval.correlation, 9u);
  EXPECT_EQ(s.name(s.intervals[0].arguments), launch);  // the launch configuration travels with it
  EXPECT_EQ(s.intervals[1].arguments, 0u);
  EXPECT_EQ(s.intervals[2].arguments, s.intervals[0].arguments);  // its text stored once
  EXPECT_EQ(s.intervals[1].placement, (rawstream::Placement{trace::TrackKind::HostThread, -1, 78}));
  EXPECT_EQ(s.name(s.intervals[1].interval.name), "cudaLaunchKernel");
  EXPECT_EQ(s.name(s.intervals[2].interval.name), "volta_sgemm");
  EXPECT_EQ(s.intervals[3].placement, (rawstream::Placement{trace::TrackKind::GpuMarkers, 0, 0}));
  EXPECT_EQ(s.name(s.intervals[3].interval.name), "step 1");
  EXPECT_EQ(s.intervals[4].placement.lane, -1);
  EXPECT_EQ(s.intervals[4].interval.name, 0u);
  ASSERT_EQ(s.devices.size(), 1u);
  EXPECT_EQ(s.devices[0].uuid, "GPU-5678");
}

// --leave-out switches off exactly the groups it names; NVTX follows --no-nvtx, the rest stays on.
TEST(CollectorOptions, FollowTheGroupsLeftOut) {
  feedscope::inject::RecorderConfig config;
  config.leave_out = {"events", "driver"};
  config.nvtx = false;
  feedscope::cupti::CollectorOptions o = feedscope::inject::collectorOptionsFor(config);
  EXPECT_FALSE(o.cuda_events);
  EXPECT_FALSE(o.driver_launches);
  EXPECT_FALSE(o.markers);
  EXPECT_TRUE(o.synchronization);
  EXPECT_TRUE(o.runtime_api);
  EXPECT_TRUE(o.overhead);
  EXPECT_TRUE(o.kernels);
  feedscope::cupti::CollectorOptions all = feedscope::inject::collectorOptionsFor({});
  EXPECT_TRUE(all.cuda_events && all.driver_launches && all.synchronization && all.runtime_api && all.overhead);
}

}  // namespace
