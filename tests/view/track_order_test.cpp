// The three places that order tracks (the run builder of imports, the merge and join of `record`, the
// timeline) give one order: trace/track_order.h.
#include "trace/track_order.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <tuple>
#include <vector>

#include "trace/run_builder.h"
#include "view/timeline_model.h"

namespace feedscope {
namespace {

using trace::IntervalKind;
using trace::TrackKind;

// What identifies a track's place in the order.
using Place = std::tuple<TrackKind, std::int32_t, std::int64_t, std::int64_t, std::int64_t>;

Place placeOf(const trace::Track& t) {
  return {t.kind, t.device, t.stream, t.pid, t.tid};
}

std::vector<Place> placesOf(const std::vector<trace::Track>& tracks) {
  std::vector<Place> out;
  for (const auto& t : tracks) out.push_back(placeOf(t));
  return out;
}

// The tracks in the order the timeline shows their lanes (a track's lanes are adjacent).
std::vector<Place> timelineOrder(const trace::Run& run, const trace::StringTable& strings) {
  view::TimelineModel model = view::TimelineModel::build({{&run, &strings, nullptr}});
  std::vector<Place> out;
  const trace::Track* previous = nullptr;
  for (const auto& lane : model.lanes()) {
    if (lane.track == nullptr || lane.track == previous) continue;
    previous = lane.track;
    out.push_back(placeOf(*lane.track));
  }
  return out;
}

trace::Interval someWork(TrackKind kind) {
  switch (kind) {
    case TrackKind::GpuStream:
      return {100, 200, IntervalKind::Kernel};
    case TrackKind::GpuMarkers:
      return {100, 200, IntervalKind::GpuAnnotation};
    case TrackKind::HostThread:
      return {100, 200, IntervalKind::RuntimeApi};
    case TrackKind::Loader:
      return {100, 200, IntervalKind::DataLoading};
  }
  return {};
}

// The run in the orders the three places may be given it: reversed, and rotated by half.
std::vector<trace::Run> shuffledCopies(const trace::Run& run) {
  std::vector<trace::Run> out(2, run);
  std::reverse(out[0].tracks.begin(), out[0].tracks.end());
  std::rotate(out[1].tracks.begin(),
              out[1].tracks.begin() + static_cast<std::ptrdiff_t>(run.tracks.size() / 2),
              out[1].tracks.end());
  return out;
}

// The run builder's and the timeline's order of `run`'s tracks, given them out of order, equal `expected`.
void expectLaunchAndTimelineGive(const trace::Run& run, const std::vector<Place>& expected) {
  trace::StringTable strings;
  for (trace::Run copy : shuffledCopies(run)) {
    EXPECT_EQ(timelineOrder(copy, strings), expected);
    // Every run is made by one builder, a join continuing a finished run included (RunBuilder(Run)).
    EXPECT_EQ(placesOf(trace::RunBuilder(copy).finish().tracks), expected);
  }
}

// An import: two devices (the higher ordinal created first), several streams, both devices'
// annotations, host threads of two processes and two loader workers, all created out of order.
TEST(TrackOrder, ImportRecordAndTimelineAgreeOnSeveralDevicesStreamsAndThreads) {
  trace::RunBuilder b("r");
  auto withWork = [&](std::size_t track, TrackKind kind) { EXPECT_TRUE(b.add(track, someWork(kind))); };
  withWork(b.loaderTrack(2), TrackKind::Loader);
  withWork(b.hostTrack(20, 21), TrackKind::HostThread);
  withWork(b.gpuMarkerTrack(1), TrackKind::GpuMarkers);
  withWork(b.gpuTrack(1, 13), TrackKind::GpuStream);
  withWork(b.hostTrack(10, 12), TrackKind::HostThread);
  withWork(b.gpuTrack(0, 13), TrackKind::GpuStream);
  withWork(b.loaderTrack(1), TrackKind::Loader);
  withWork(b.gpuMarkerTrack(0), TrackKind::GpuMarkers);
  withWork(b.hostTrack(10, 11), TrackKind::HostThread);
  withWork(b.gpuTrack(1, 7), TrackKind::GpuStream);
  withWork(b.gpuTrack(0, 7), TrackKind::GpuStream);
  const trace::Run run = b.finish();

  const std::vector<Place> expected = {
      {TrackKind::GpuStream, 0, 7, -1, -1},    {TrackKind::GpuStream, 0, 13, -1, -1},
      {TrackKind::GpuMarkers, 0, -1, -1, -1},  {TrackKind::GpuStream, 1, 7, -1, -1},
      {TrackKind::GpuStream, 1, 13, -1, -1},   {TrackKind::GpuMarkers, 1, -1, -1, -1},
      {TrackKind::HostThread, -1, -1, 10, 11}, {TrackKind::HostThread, -1, -1, 10, 12},
      {TrackKind::HostThread, -1, -1, 20, 21}, {TrackKind::Loader, -1, -1, -1, 1},
      {TrackKind::Loader, -1, -1, -1, 2},
  };
  EXPECT_EQ(placesOf(run.tracks), expected);
  expectLaunchAndTimelineGive(run, expected);
}

// A recording of two processes sharing device 0: its streams are grouped by process, then stream.
TEST(TrackOrder, RecordAndTimelineGroupTheStreamsOfOneDeviceByProcess) {
  trace::Run run;
  auto add = [&](TrackKind kind, std::int32_t device, std::int64_t stream, std::int64_t pid,
                 std::int64_t tid) {
    trace::Track t;
    t.kind = kind;
    t.device = device;
    t.stream = stream;
    t.pid = pid;
    t.tid = tid;
    t.intervals.push_back(someWork(kind));
    run.tracks.push_back(std::move(t));
  };
  add(TrackKind::HostThread, -1, -1, 101, 101);
  add(TrackKind::GpuStream, 0, 7, 101, -1);
  add(TrackKind::GpuMarkers, 0, -1, 100, -1);
  add(TrackKind::GpuStream, 0, 13, 100, -1);
  add(TrackKind::HostThread, -1, -1, 100, 100);
  add(TrackKind::GpuStream, 0, 7, 100, -1);

  const std::vector<Place> expected = {
      {TrackKind::GpuStream, 0, 7, 100, -1},     {TrackKind::GpuStream, 0, 13, 100, -1},
      {TrackKind::GpuStream, 0, 7, 101, -1},     {TrackKind::GpuMarkers, 0, -1, 100, -1},
      {TrackKind::HostThread, -1, -1, 100, 100}, {TrackKind::HostThread, -1, -1, 101, 101},
  };
  std::vector<trace::Track> sorted = run.tracks;
  trace::sortTracksForDisplay(sorted);
  EXPECT_EQ(placesOf(sorted), expected);
  expectLaunchAndTimelineGive(run, expected);
}

}  // namespace
}  // namespace feedscope

namespace feedscope::view {
namespace {

// Two runs of one program: the main thread starts work first, a loader thread after it, but the
// thread ids are in the opposite order in the second run. Both show the main thread first.
TEST(TrackOrder, ThreadsOfTwoRunsOfOneProgramComeInTheSameOrder) {
  auto runOf = [](std::int64_t mainTid, std::int64_t loaderTid) {
    trace::RunBuilder b("r");
    const std::size_t loader = b.hostTrack(7, loaderTid, "python3 7");
    b.nameTrack(loader, "loader");
    EXPECT_TRUE(b.add(loader, {2'000, 3'000, IntervalKind::DataLoading}));
    const std::size_t main = b.hostTrack(7, mainTid, "python3 7");
    b.nameTrack(main, "main");
    EXPECT_TRUE(b.add(main, {1'000, 5'000, IntervalKind::Step}));
    const trace::Run run = b.finish();
    std::vector<std::string> names;
    for (const auto& t : run.tracks) names.push_back(t.name);
    return names;
  };
  const std::vector<std::string> expected = {"main", "loader"};
  EXPECT_EQ(runOf(10, 20), expected);
  EXPECT_EQ(runOf(30, 5), expected);
}

}  // namespace
}  // namespace feedscope::view
