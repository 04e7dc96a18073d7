// Merging the streams of a process tree into one run, capture windows, and joining runs recorded on
// different machines: exact placements, ids, counts and shifted timestamps.
#include "launch/stream_merge.h"

#include <gtest/gtest.h>

#include "io/input_error.h"
#include "launch/capture.h"
#include "launch/run_join.h"
#include "trace/session.h"

namespace {

using namespace feedscope::launch;
using feedscope::rawstream::ClockId;
using feedscope::rawstream::ClockSample;
using feedscope::rawstream::ClockWhen;
using feedscope::rawstream::Placement;
using feedscope::rawstream::ProcessStream;
using feedscope::trace::Interval;
using feedscope::trace::IntervalKind;
using TraceRun = feedscope::trace::Run;
using feedscope::trace::Session;
using feedscope::trace::StringTable;
using feedscope::trace::Track;
using feedscope::trace::TrackKind;

ProcessStream process(std::uint32_t pid, std::int64_t created, std::string uuid = "GPU-aaaa") {
  ProcessStream s;
  s.pid = pid;
  s.ppid = 1;
  s.created_monotonic_ns = created;
  s.created_realtime_ns = created + 1'000'000;
  s.hostname = "node1";
  s.executable = "/usr/bin/python3";
  s.command_line = "python3 rank.py";
  s.devices.push_back({0, "NVIDIA H200", std::move(uuid)});
  s.clocks.push_back({ClockId::Monotonic, ClockWhen::Start, created, created, created + 1'000'000});
  s.strings = {"", "cudaLaunchKernel", "gemm"};
  return s;
}

void addLaunch(ProcessStream& s, std::int64_t at, std::uint32_t correlation, std::int32_t device = 0) {
  Interval api{at, at + 100, IntervalKind::RuntimeApi, 0, {}, {}, 1, correlation};
  s.intervals.push_back({{TrackKind::HostThread, -1, s.pid}, api});
  Interval k{at + 200, at + 700, IntervalKind::Kernel, 0, {}, {}, 2, correlation};
  s.intervals.push_back({{TrackKind::GpuStream, device, 7}, k});
}

const Track* findTrack(const TraceRun& run, TrackKind kind, std::int64_t pid) {
  for (const auto& t : run.tracks) {
    if (t.kind == kind && t.pid == pid) return &t;
  }
  return nullptr;
}

TEST(StreamMerge, OneLanePerProcessOnOneSharedDevice) {
  ProcessStream parent = process(100, 5000), child = process(101, 6000);
  addLaunch(parent, 10'000, 1);
  addLaunch(parent, 20'000, 2);
  addLaunch(child, 15'000, 1);  // correlation 1 again: ids are per process
  StringTable strings;
  TraceRun run = mergeProcessStreams({child, parent}, strings, "on");
  EXPECT_EQ(run.name, "on");
  EXPECT_EQ(run.source, "record");
  EXPECT_EQ(run.clock.source, "CLOCK_MONOTONIC");
  EXPECT_EQ(run.clock.realtime_offset_ns, 1'000'000);
  ASSERT_EQ(run.devices.size(), 1u);  // same uuid: one device
  EXPECT_EQ(run.devices[0].name, "NVIDIA H200");
  ASSERT_EQ(run.tracks.size(), 4u);
  // GPU lanes first, the program (started first) before its child; then host threads.
  EXPECT_EQ(run.tracks[0].name, "python3 100: GPU 0 stream 7");
  EXPECT_EQ(run.tracks[1].name, "python3 101: GPU 0 stream 7");
  EXPECT_EQ(run.tracks[2].name, "python3 100: thread 100");
  EXPECT_EQ(run.tracks[3].name, "python3 101: thread 101");
  EXPECT_EQ(run.tracks[0].device, 0);
  EXPECT_EQ(run.tracks[0].stream, 7);
  EXPECT_EQ(run.tracks[3].tid, 101);
  EXPECT_EQ(run.intervalCount(), 6u);
  EXPECT_EQ(run.labels.at("processes"), "2");
  EXPECT_EQ(run.labels.at("host"), "node1");
  EXPECT_EQ(run.labels.at("process 101"), "python3 rank.py");

  // Correlations stay paired within a process and never collide across processes.
  const Track* parentGpu = findTrack(run, TrackKind::GpuStream, 100);
  const Track* parentHost = findTrack(run, TrackKind::HostThread, 100);
  const Track* childGpu = findTrack(run, TrackKind::GpuStream, 101);
  const Track* childHost = findTrack(run, TrackKind::HostThread, 101);
  EXPECT_EQ(parentGpu->intervals.correlation, parentHost->intervals.correlation);
  EXPECT_EQ(childGpu->intervals.correlation, childHost->intervals.correlation);
  EXPECT_NE(childGpu->intervals.correlation[0], parentGpu->intervals.correlation[0]);
  EXPECT_NE(childGpu->intervals.correlation[0], parentGpu->intervals.correlation[1]);
  EXPECT_EQ(strings.get(parentGpu->intervals.name[0]), "gemm");
  EXPECT_EQ(strings.get(childHost->intervals.name[0]), "cudaLaunchKernel");
}

TEST(StreamMerge, AKernelKeepsTheArgumentsItsStreamGaveIt) {
  ProcessStream p = process(100, 5000);
  addLaunch(p, 10'000, 1);
  addLaunch(p, 20'000, 2);
  p.strings.push_back(R"({"grid": [2, 1, 1], "block": [64, 1, 1]})");
  p.intervals[1].arguments = 3;  // the first kernel
  StringTable strings;
  TraceRun run = mergeProcessStreams({p}, strings, "r");
  const Track* gpu = findTrack(run, TrackKind::GpuStream, 100);
  ASSERT_NE(gpu, nullptr);
  ASSERT_EQ(gpu->intervals.size(), 2u);
  EXPECT_EQ(run.arguments.get(gpu->intervals.argumentsAt(0)), R"({"grid": [2, 1, 1], "block": [64, 1, 1]})");
  EXPECT_EQ(gpu->intervals.argumentsAt(1), 0u);
}

TEST(StreamMerge, DifferentGpusOfOneOrdinalStayApart) {
  // Two ranks that each see their GPU as device 0 (CUDA_VISIBLE_DEVICES): the uuids tell them apart.
  ProcessStream rank0 = process(200, 1000, "GPU-0000"), rank1 = process(201, 1001, "GPU-1111");
  addLaunch(rank0, 10'000, 1);
  addLaunch(rank1, 10'000, 1);
  StringTable strings;
  TraceRun run = mergeProcessStreams({rank0, rank1}, strings, "ddp");
  ASSERT_EQ(run.devices.size(), 2u);
  EXPECT_EQ(run.devices[0].uuid, "GPU-0000");
  EXPECT_EQ(run.devices[1].id, 1);
  EXPECT_EQ(run.devices[1].uuid, "GPU-1111");
  EXPECT_EQ(findTrack(run, TrackKind::GpuStream, 201)->device, 1);
  EXPECT_EQ(findTrack(run, TrackKind::GpuStream, 201)->name, "python3 201: GPU 1 stream 7");
  EXPECT_EQ(run.gpuDeviceIds(), (std::vector<std::int32_t>{0, 1}));
}

TEST(StreamMerge, InvalidRecordsAreCountedAndOtherClocksConverted) {
  ProcessStream s = process(300, 1000);
  s.dropped = 4;
  s.invalid = 2;
  s.intervals.push_back({{TrackKind::GpuStream, 0, 7}, {0, 0, IntervalKind::Kernel}});  // no timestamps
  s.intervals.push_back(
      {{TrackKind::GpuStream, 0, 7}, {9000, 8000, IntervalKind::Kernel}});  // end before start
  s.intervals.push_back({{TrackKind::GpuStream, 0, 7}, {60'000, 60'000, IntervalKind::Kernel}});  // an instant
  s.intervals.push_back({{TrackKind::GpuStream, 0, 7}, {-5, 100, IntervalKind::Kernel}});     // before boot
  constexpr std::int64_t kEightDays = 8LL * 24 * 3600 * 1'000'000'000;
  s.intervals.push_back(
      {{TrackKind::GpuStream, 0, 7}, {9000, 9000 + kEightDays, IntervalKind::Kernel}});  // too long
  s.intervals.push_back({{TrackKind::GpuStream, 0, 7}, {50'000, 51'000, IntervalKind::Kernel}});
  // The collector could not stamp with CLOCK_MONOTONIC: its clock runs 40 µs ahead.
  s.clocks = {{ClockId::Realtime, ClockWhen::Start, 140'000, 100'000, 7'000'000}};
  StringTable strings;
  TraceRun run = mergeProcessStreams({s}, strings, "r");
  EXPECT_EQ(run.records.dropped, 4u);
  EXPECT_EQ(run.records.invalid, 6u);  // 2 from the collector, 4 here
  EXPECT_EQ(run.records.zero_length, 1u);
  ASSERT_EQ(run.intervalCount(), 2u);  // the instant is kept, on the same clock
  EXPECT_EQ(run.tracks[0].intervals.start_ns[0], 10'000);
  EXPECT_EQ(run.tracks[0].intervals.end_ns[0], 11'000);
  EXPECT_EQ(run.tracks[0].intervals.start_ns[1], 20'000);
  EXPECT_EQ(run.tracks[0].intervals.end_ns[1], 20'000);
  EXPECT_EQ(run.clock.realtime_offset_ns, 6'900'000);
}

// torch.profiler started inside a recorded program registers its own CUPTI timestamps (TSC ticks):
// from then on CUPTI's records are on another clock. The samples the recorder takes (start, each
// flush, end) show when: what came before the first disagreeing sample is placed, the rest is left
// out and said, instead of kernels placed years away.
TEST(StreamMerge, AClockChangedByAnotherProfilerKeepsOnlyWhatCameBefore) {
  ProcessStream s = process(7, 1'000'000'000);
  s.clocks.push_back({ClockId::Monotonic, ClockWhen::Periodic, 2'000'000'200, 2'000'000'000, 0});
  s.clocks.push_back({ClockId::Monotonic, ClockWhen::Periodic, 3'000'000'100, 3'000'000'000, 0});
  // At the end CUPTI reads TSC ticks at 2.6 GHz: 10.4e9 against 4e9 ns.
  s.clocks.push_back({ClockId::Monotonic, ClockWhen::End, 10'400'000'000, 4'000'000'000, 0});
  for (std::int64_t t : {std::int64_t{1'500'000'000}, std::int64_t{2'500'000'000}, std::int64_t{2'999'000'000}}) {
    addLaunch(s, t, static_cast<std::uint32_t>(t / 1'000'000));
  }
  addLaunch(s, 3'000'000'200, 3001);   // after the last sample that agreed: its clock is unknown
  addLaunch(s, 9'100'000'000, 3002);   // stamped in ticks
  StringTable strings;
  std::vector<std::string> notes;
  TraceRun run = mergeProcessStreams({s}, strings, "p", &notes);
  EXPECT_EQ(run.intervalCount(), 6u);  // three launches and their kernels
  ASSERT_EQ(notes.size(), 1u);
  EXPECT_EQ(notes[0],
            "python3 7: CUPTI's clock was changed at its end (-6.400 s from CLOCK_MONOTONIC, where it read "
            "10400000000 ns against 4000000000 ns): another profiler in the process, such as torch.profiler, "
            "registered its own timestamps; its 4 records from then on are left out rather than placed on a "
            "wrong clock (record without torch.profiler, or read the torch.profiler trace itself)");
  EXPECT_EQ(run.labels.at("clock 7"), "changed during the recording: 4 records left out");
}

TEST(StreamMerge, ClockSamplesThatAgreeLeaveEverythingInPlace) {
  ProcessStream s = process(8, 1'000);
  s.clocks.push_back({ClockId::Monotonic, ClockWhen::Periodic, 5'000'300, 5'000'000, 0});  // 300 ns apart
  s.clocks.push_back({ClockId::Monotonic, ClockWhen::End, 9'000'000, 9'000'000, 0});
  addLaunch(s, 2'000, 1);
  addLaunch(s, 8'000'000, 2);
  StringTable strings;
  std::vector<std::string> notes;
  TraceRun run = mergeProcessStreams({s}, strings, "p", &notes);
  EXPECT_EQ(run.intervalCount(), 4u);
  EXPECT_TRUE(notes.empty());
  EXPECT_EQ(run.labels.count("clock 8"), 0u);
  // Already wrong at the start: nothing of its GPU work is placed.
  ProcessStream wrong = process(9, 1'000);
  wrong.clocks[0].source_ns = 7'000'000'000;
  addLaunch(wrong, 2'000, 1);
  TraceRun none = mergeProcessStreams({wrong}, strings, "q", &notes);
  EXPECT_EQ(none.intervalCount(), 0u);
  ASSERT_EQ(notes.size(), 1u);
  EXPECT_NE(notes[0].find("changed at its start"), std::string::npos) << notes[0];
}

// A run with NVTX ranges and profiler API calls on two processes.
struct CaptureFixture {
  StringTable strings;
  TraceRun run;
  CaptureFixture() {
    ProcessStream a = process(1, 100), b = process(2, 200);
    a.strings = {"", "cudaLaunchKernel", "gemm", "train", "cudaProfilerStart", "cudaProfilerStop"};
    b.strings = a.strings;
    for (std::int64_t t : {10'000, 20'000, 30'000, 40'000})
      addLaunch(a, t, static_cast<std::uint32_t>(t / 10'000));
    for (std::int64_t t : {10'000, 20'000, 30'000, 40'000})
      addLaunch(b, t, static_cast<std::uint32_t>(t / 10'000));
    // Process 1: range "train" over its second launch; the kernel of that launch runs after the range ends.
    a.intervals.push_back(
        {{TrackKind::HostThread, -1, 1}, {19'900, 20'150, IntervalKind::Range, 0, {}, {}, 3, 0}});
    // Process 2: profiler started before its third launch and stopped after it.
    b.intervals.push_back(
        {{TrackKind::HostThread, -1, 2}, {29'000, 29'010, IntervalKind::RuntimeApi, 0, {}, {}, 4, 90}});
    b.intervals.push_back(
        {{TrackKind::HostThread, -1, 2}, {35'000, 35'010, IntervalKind::RuntimeApi, 0, {}, {}, 5, 91}});
    run = mergeProcessStreams({a, b}, strings, "c");
  }
};

TEST(Capture, NvtxRangeKeepsWhatItsProcessDidInsideAndTheWorkItLaunched) {
  CaptureFixture f;
  auto spec = parseCapture("nvtx:train");
  ASSERT_TRUE(spec);
  CaptureStats stats = applyCapture(f.run, f.strings, *spec);
  EXPECT_EQ(stats.windows, 1u);
  // The range, the launch at 20'000 and its kernel (20'200-20'700, after the range ended at 20'150).
  EXPECT_EQ(stats.kept, 3u);
  EXPECT_EQ(stats.removed, 16u);
  ASSERT_EQ(f.run.tracks.size(), 2u);  // process 2's lanes are empty and gone
  const Track* gpu = findTrack(f.run, TrackKind::GpuStream, 1);
  ASSERT_NE(gpu, nullptr);
  ASSERT_EQ(gpu->intervals.size(), 1u);
  EXPECT_EQ(gpu->intervals.start_ns[0], 20'200);
}

TEST(Capture, ProfilerApiKeepsWhatIsBetweenStartAndStop) {
  CaptureFixture f;
  auto spec = parseCapture("cudaProfilerApi");
  ASSERT_TRUE(spec);
  CaptureStats stats = applyCapture(f.run, f.strings, *spec);
  EXPECT_EQ(stats.windows, 1u);
  // Process 2: start call (29'000), launch 30'000 and its kernel, stop call (35'000).
  EXPECT_EQ(stats.kept, 4u);
  const Track* gpu = findTrack(f.run, TrackKind::GpuStream, 2);
  ASSERT_NE(gpu, nullptr);
  EXPECT_EQ(gpu->intervals.start_ns, (feedscope::trace::LargeVector<feedscope::trace::TimeNs>{30'200}));
  EXPECT_EQ(findTrack(f.run, TrackKind::GpuStream, 1), nullptr);
}

// cuBLAS and Triton launch through the driver (cuLaunchKernel): its record, which the collector now
// keeps (cupti/driver_calls.h), carries the kernel's correlation like a runtime call, so the kernel
// that runs after the range closed is kept with it.
TEST(Capture, AKernelLaunchedThroughTheDriverIsKeptWithItsLaunchAfterTheRangeCloses) {
  ProcessStream s = process(1, 100);
  s.strings = {"", "cuLaunchKernel", "gemm", "train"};
  s.intervals.push_back({{TrackKind::HostThread, -1, 1}, {10'000, 20'000, IntervalKind::Range, 0, {}, {}, 3, 0}});
  s.intervals.push_back({{TrackKind::HostThread, -1, 1}, {19'000, 19'050, IntervalKind::DriverApi, 0, {}, {}, 1, 8}});
  s.intervals.push_back({{TrackKind::GpuStream, 0, 7}, {25'000, 26'000, IntervalKind::Kernel, 0, {}, {}, 2, 8}});
  // Launched after the range: left out.
  s.intervals.push_back({{TrackKind::HostThread, -1, 1}, {21'000, 21'050, IntervalKind::DriverApi, 0, {}, {}, 1, 9}});
  s.intervals.push_back({{TrackKind::GpuStream, 0, 7}, {27'000, 28'000, IntervalKind::Kernel, 0, {}, {}, 2, 9}});
  StringTable strings;
  TraceRun run = mergeProcessStreams({s}, strings, "driver");
  CaptureStats stats = applyCapture(run, strings, *parseCapture("nvtx:train"));
  EXPECT_EQ(stats.kept, 3u);
  EXPECT_EQ(stats.removed, 2u);
  const Track* gpu = findTrack(run, TrackKind::GpuStream, 1);
  ASSERT_NE(gpu, nullptr);
  EXPECT_EQ(gpu->intervals.start_ns, (feedscope::trace::LargeVector<feedscope::trace::TimeNs>{25'000}));
}

TEST(Capture, UnknownRangeKeepsNothingAndSpecsAreChecked) {
  CaptureFixture f;
  std::size_t total = f.run.intervalCount();
  CaptureStats stats = applyCapture(f.run, f.strings, *parseCapture("nvtx:validate"));
  EXPECT_EQ(stats.windows, 0u);
  EXPECT_EQ(stats.removed, total);
  EXPECT_TRUE(f.run.tracks.empty());
  EXPECT_FALSE(parseCapture("nvtx:"));
  EXPECT_FALSE(parseCapture("cudaprofilerapi"));
  EXPECT_FALSE(parseCapture("range:x"));
  EXPECT_EQ(parseCapture("nvtx:a:b")->range, "a:b");
}

TEST(Capture, TimeWindowKeepsRecordsStartingInside) {
  CaptureFixture f;
  CaptureStats stats = applyTimeWindow(f.run, 20'000, 30'000);
  // Per process the launch at 20'000 and its kernel at 20'200, and process 2's cudaProfilerStart at
  // 29'000; process 1's range starts at 19'900, outside.
  EXPECT_EQ(stats.kept, 5u);
  EXPECT_EQ(stats.removed, 14u);
  EXPECT_EQ(f.run.intervalCount(), 5u);
}

// A recorded run on `host` with one kernel at `start` on GPU 0 and its launch.
void recordedRun(Session& session, const std::string& name, const std::string& host, std::int64_t offset,
                 std::int64_t start, const std::string& uuid) {
  TraceRun run;
  run.name = name;
  run.source = "record";
  run.clock = {"CLOCK_MONOTONIC", offset};
  run.labels = {{"host", host}, {"processes", "1"}, {"process 10", "python3 train.py"}};
  run.devices = {{0, "NVIDIA H200", uuid}};
  run.records.dropped = 1;
  Track gpu;
  gpu.kind = TrackKind::GpuStream;
  gpu.name = "python3 10: GPU 0 stream 7";
  gpu.device = 0;
  gpu.stream = 7;
  gpu.pid = 10;
  gpu.intervals.push_back(
      {start, start + 500, IntervalKind::Kernel, 0, {}, {}, session.strings.intern("gemm"), 5});
  Track host_;
  host_.kind = TrackKind::HostThread;
  host_.name = "python3 10: thread 10";
  host_.pid = 10;
  host_.tid = 10;
  host_.intervals.push_back({start - 300,
                             start - 200,
                             IntervalKind::RuntimeApi,
                             0,
                             {},
                             {},
                             session.strings.intern("cudaLaunchKernel"),
                             5});
  run.tracks = {std::move(gpu), std::move(host_)};
  session.runs.push_back(std::move(run));
}

TEST(RunJoin, RanksOfTwoMachinesBecomeOneRunOnOneClock) {
  Session a, b;
  // Node A's monotonic clock reads 1'000'000 when the wall clock reads 1e18; node B's is 3 s ahead.
  recordedRun(a, "ddp", "nodeA", 1'000'000'000'000'000'000 - 1'000'000, 2'000'000, "GPU-A");
  recordedRun(b, "ddp", "nodeB", 1'000'000'000'000'000'000 - 3'001'000'000, 3'002'000'000, "GPU-B");
  auto notes = joinSession(a, std::move(b), "b.feedscope");
  EXPECT_TRUE(notes.empty()) << notes[0];
  ASSERT_EQ(a.runs.size(), 1u);
  const TraceRun& run = a.runs[0];
  ASSERT_EQ(run.tracks.size(), 4u);
  // Both kernels ran at the same wall time (1e18 + 1 ms): same time on the joined clock.
  EXPECT_EQ(run.tracks[0].intervals.start_ns[0], 2'000'000);
  EXPECT_EQ(run.tracks[1].name, "nodeB: python3 10: GPU 1 stream 7");
  EXPECT_EQ(run.tracks[1].device, 1);
  EXPECT_EQ(run.tracks[1].intervals.start_ns[0], 2'000'000);
  EXPECT_EQ(run.tracks[3].intervals.start_ns[0], 1'999'700);
  EXPECT_EQ(run.tracks[3].name, "nodeB: python3 10: thread 10");
  // nodeB's call still launches nodeB's kernel, and not nodeA's.
  EXPECT_EQ(run.tracks[1].intervals.correlation[0], run.tracks[3].intervals.correlation[0]);
  EXPECT_NE(run.tracks[1].intervals.correlation[0], run.tracks[0].intervals.correlation[0]);
  EXPECT_EQ(a.strings.get(run.tracks[1].intervals.name[0]), "gemm");
  ASSERT_EQ(run.devices.size(), 2u);
  EXPECT_EQ(run.devices[1].name, "NVIDIA H200 on nodeB");
  EXPECT_EQ(run.devices[1].uuid, "GPU-B");
  EXPECT_EQ(run.records.dropped, 2u);
  EXPECT_EQ(run.labels.at("hosts"), "nodeA, nodeB");
  EXPECT_EQ(run.labels.at("processes"), "2");
  EXPECT_EQ(run.labels.at("process nodeB:10"), "python3 train.py");
}

TEST(RunJoin, SameMachineSameGpuStaysOneDeviceAndOtherNamesAreAppended) {
  Session a, b;
  recordedRun(a, "off", "node1", 5'000, 10'000, "GPU-X");
  recordedRun(b, "off", "node1", 5'000, 10'200, "GPU-X");
  recordedRun(b, "on", "node1", 5'000, 90'000, "GPU-X");
  auto notes = joinSession(a, std::move(b), "b.feedscope");
  ASSERT_EQ(a.runs.size(), 2u);
  EXPECT_EQ(a.runs[0].devices.size(), 1u);
  EXPECT_EQ(a.runs[0].gpuDeviceIds(), (std::vector<std::int32_t>{0}));
  EXPECT_EQ(a.runs[0].tracks[1].name, "python3 10: GPU 0 stream 7");
  EXPECT_EQ(a.runs[1].name, "on");
  EXPECT_TRUE(notes.empty());

  Session c, d;
  recordedRun(c, "x", "n", 0, 10'000, "GPU-X");
  recordedRun(d, "x", "n", 0, 10'000, "GPU-X");
  joinSession(c, std::move(d), "d", JoinOptions{false});
  ASSERT_EQ(c.runs.size(), 2u);
  EXPECT_EQ(c.runs[1].name, "x (2)");
}

TEST(RunJoin, PartsFarApartInTimeAreFlaggedAndImportedRunsRefused) {
  Session a, b;
  recordedRun(a, "r", "n1", 0, 10'000, "GPU-1");
  recordedRun(b, "r", "n2", 3'600'000'000'000, 10'000, "GPU-2");
  auto notes = joinSession(a, std::move(b), "late.feedscope");
  ASSERT_EQ(notes.size(), 1u);
  EXPECT_NE(notes[0].find("the part from late.feedscope does not overlap the rest in time"),
            std::string::npos)
      << notes[0];

  Session c, d;
  recordedRun(c, "r", "n1", 0, 10'000, "GPU-1");
  recordedRun(d, "r", "n2", 0, 10'000, "GPU-2");
  d.runs[0].clock.source = "kineto";
  try {
    joinSession(c, std::move(d), "trace.json");
    FAIL() << "joined a run without a realtime offset";
  } catch (const feedscope::io::InputError& e) {
    EXPECT_EQ(
        std::string(e.what()),
        "cannot join run 'r' of trace.json: its clock (kineto) has no stored realtime offset to align by; "
        "use --no-join to keep the runs apart");
  }
}

}  // namespace
