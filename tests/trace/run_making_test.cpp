// The one way a run is made: track names, device identity across processes and machines, and a
// finished run continued by a join (trace/run_builder.h, track_names.h, device_identity.h).
#include <gtest/gtest.h>

#include "trace/device_identity.h"
#include "trace/run_builder.h"
#include "trace/track_names.h"

namespace feedscope::trace {
namespace {

TEST(TrackNames, EveryKindWithAndWithoutItsProcess) {
  EXPECT_EQ(trackName(TrackKind::GpuStream, 0, 7), "GPU 0 stream 7");
  EXPECT_EQ(trackName(TrackKind::GpuStream, 1, -1), "GPU 1 context synchronizations");
  EXPECT_EQ(trackName(TrackKind::GpuMarkers, 2, 0), "GPU 2 annotations");
  EXPECT_EQ(trackName(TrackKind::HostThread, -1, 12, "python3 4242"), "python3 4242: thread 12");
  EXPECT_EQ(trackName(TrackKind::Loader, -1, 3), "loader worker 3");
  EXPECT_EQ(namedThreadTrackName("python", 5, "MainThread", 1), "python (pid 5) · MainThread");
  EXPECT_EQ(namedThreadTrackName("", 5, "", 9), "process (pid 5) · thread 9");
}

TEST(TrackNames, RenumberingADeviceTouchesOnlyItsOwnNumber) {
  EXPECT_EQ(renumberedTrackName("python3 1: GPU 1 stream 7", 1, 9), "python3 1: GPU 9 stream 7");
  EXPECT_EQ(renumberedTrackName("GPU 12 stream 1", 1, 9), "GPU 12 stream 1");
  EXPECT_EQ(renumberedTrackName("GPU 12 stream 1 GPU 1", 1, 9), "GPU 12 stream 1 GPU 9");
  EXPECT_EQ(renumberedTrackName("main thread", 1, 9), "main thread");
}

TEST(DeviceIdentities, SameUuidSameOrdinalConflictsAndOtherMachines) {
  std::vector<DeviceInfo> devices;
  DeviceIdentities ids(devices);
  const DeviceInfo a{0, "H200", "GPU-a"}, b{0, "H200", "GPU-b"}, bAsOne{1, "", "GPU-b"}, plain{0, "", ""};
  EXPECT_EQ(ids.resolve(0, &a), 0);
  EXPECT_EQ(ids.resolve(1, &bAsOne), 1);
  // Another process sees GPU-b as its device 0 (CUDA_VISIBLE_DEVICES=1): the UUID decides.
  EXPECT_EQ(ids.resolve(0, &b), 1);
  // Its ordinal without a description, or described without a UUID, is the device holding it.
  EXPECT_EQ(ids.resolve(0, nullptr), 0);
  EXPECT_EQ(ids.resolve(0, &plain), 0);
  // A third UUID at ordinal 0 is another GPU: the lowest free id at or above its ordinal.
  const DeviceInfo c{0, "H200", "GPU-c"};
  EXPECT_EQ(ids.resolve(0, &c), 2);
  // A device of another machine is never one of these, whatever its ordinal, and says where it is.
  const DeviceInfo remote{0, "H200", ""};
  EXPECT_EQ(ids.resolve(0, &remote, false, "node7"), 3);
  ASSERT_EQ(devices.size(), 4u);
  EXPECT_EQ(devices[3].name, "H200 on node7");
  EXPECT_EQ(ids.resolve(-1, nullptr), -1);  // no device
}

TEST(DeviceIdentities, IdsTheRunUsesWithoutADescriptionAreTaken) {
  std::vector<DeviceInfo> devices;
  DeviceIdentities ids(devices, {0, 1});
  EXPECT_EQ(ids.resolve(1, nullptr), 1);                 // the same machine's device 1
  EXPECT_EQ(ids.resolve(1, nullptr, false, "n2"), 2);    // another machine's: the next free id
  EXPECT_EQ(devices.size(), 1u);
  EXPECT_EQ(devices[0].name, "GPU on n2");
}

TEST(RunBuilder, ContinuesAFinishedRunAndOrdersWhatIsAdded) {
  RunBuilder first("r");
  first.add(first.hostTrack(5, 6), {10, 20, IntervalKind::RuntimeApi});
  Interval own{30, 40, IntervalKind::Kernel};
  own.arguments = first.addArguments(R"({"grid": [1, 1, 1]})");
  first.add(first.gpuTrack(1, 7), own);
  first.run().devices = {{1, "B", ""}};
  trace::Run run = first.finish();

  RunBuilder more(std::move(run));
  more.run().devices.push_back({0, "A", ""});
  Track joined;
  joined.kind = TrackKind::GpuStream;
  joined.device = 0;
  joined.stream = 3;
  joined.name = "node2: GPU 0 stream 3";
  // The part's argument ids are its own store's: the join gives the text an id of the run's.
  trace::RunArguments partArguments;
  partArguments.add(R"({"unused": true})");
  Interval theirs{50, 60, IntervalKind::Kernel};
  theirs.arguments = partArguments.add(R"({"grid": [8, 1, 1]})");
  joined.intervals.push_back(theirs);
  more.appendTrack(std::move(joined), partArguments);
  // The continued run still finds its own tracks by place.
  const std::size_t host = more.hostTrack(5, 6);
  more.add(host, {5, 8, IntervalKind::RuntimeApi});
  trace::Run done = more.finish();
  ASSERT_EQ(done.tracks.size(), 3u);
  EXPECT_EQ(done.tracks[0].device, 0);  // GPU 0 first, then GPU 1, then the host
  EXPECT_EQ(done.tracks[1].device, 1);
  EXPECT_EQ(done.tracks[2].kind, TrackKind::HostThread);
  ASSERT_EQ(done.tracks[2].intervals.size(), 2u);
  EXPECT_EQ(done.tracks[2].intervals.start_ns[0], 5);  // sorted again
  EXPECT_EQ(done.arguments.count(), 2u);
  EXPECT_EQ(done.arguments.get(done.tracks[0].intervals.argumentsAt(0)), R"({"grid": [8, 1, 1]})");
  EXPECT_EQ(done.arguments.get(done.tracks[1].intervals.argumentsAt(0)), R"({"grid": [1, 1, 1]})");
  ASSERT_EQ(done.devices.size(), 2u);
  EXPECT_EQ(done.devices[0].name, "A");
}

}  // namespace
}  // namespace feedscope::trace
