// The raw stream: exact round trips, and recovery from truncated, corrupt, empty and newer files.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>
#include <zlib.h>

#include <atomic>
#include <cstring>
#include <filesystem>
#include <map>
#include <thread>

#include "rawstream/bytes.h"
#include "rawstream/progress_scan.h"
#include "rawstream/reader.h"
#include "rawstream/writer.h"
#include "support/temp_dir.h"

namespace {

using namespace feedscope::rawstream;
using feedscope::testing::readWholeFile;
using feedscope::testing::TempDir;
using feedscope::trace::Interval;
using feedscope::trace::IntervalKind;
using feedscope::trace::MemoryKind;
using feedscope::trace::TrackKind;

StreamIdentity identity() {
  return {4242, 4200, 1'000'000'000, 1'700'000'000'000'000'000};
}

std::unique_ptr<RawStreamWriter> open(const std::string& path,
                                      std::size_t chunkBytes = RawStreamWriter::kDefaultChunkBytes) {
  std::string error;
  auto w = RawStreamWriter::create(path, identity(), error, chunkBytes);
  EXPECT_TRUE(w) << error;
  return w;
}

Interval kernel(std::int64_t start, std::uint32_t correlation) {
  Interval iv{start, start + 100, IntervalKind::Kernel};
  iv.correlation = correlation;
  return iv;
}

// Writes `chunks` chunks of `perChunk` kernels each (flushing after each) and returns the file bytes.
std::string streamOfChunks(const TempDir& dir, int chunks, int perChunk, bool close = true) {
  std::string path = dir.file("s.fsraw");
  auto w = open(path);
  for (int c = 0; c < chunks; ++c) {
    for (int i = 0; i < perChunk; ++i)
      w->addInterval({TrackKind::GpuStream, 0, 7}, kernel(1000 + c * 1000 + i, 1), "k");
    w->flush();
  }
  if (close) w->close(99);
  w.reset();
  return readWholeFile(path);
}

// Byte offset of chunk `index` (1-based) in a stream.
std::size_t chunkOffset(const std::string& bytes, int index) {
  std::size_t at = kHeaderBytes;
  for (int i = 1; i < index; ++i) at += kChunkHeaderBytes + loadField<std::uint32_t>(bytes.data() + at + 4);
  return at;
}

TEST(RawStream, RoundTripKeepsEveryRecordExactly) {
  TempDir dir;
  std::string path = dir.file("p.fsraw");
  auto w = open(path);
  w->addProcessInfo("node7", "/usr/bin/python3", "python3 train.py --epochs 1");
  w->addDevice({0, "NVIDIA H200", "GPU-1234"});
  w->addClockSample({ClockId::Monotonic, ClockWhen::Start, 11, 12, 13});
  Interval copy{5000, 9000, IntervalKind::MemcpyHtoD, 1 << 20, MemoryKind::Pageable, MemoryKind::Device};
  copy.correlation = 7;
  copy.flags = feedscope::trace::flags::kAsyncApi;
  w->addInterval({TrackKind::GpuStream, 0, 13}, copy, "");
  w->addInterval({TrackKind::HostThread, -1, 4243}, {4000, 9500, IntervalKind::RuntimeApi, 0, {}, {}, 0, 7},
                 "cudaMemcpyAsync");
  w->addInterval({TrackKind::GpuStream, 0, 13}, kernel(9100, 8), "gemm");
  w->addInterval({TrackKind::GpuStream, 0, 13}, kernel(9300, 9), "gemm");
  w->addInterval({TrackKind::GpuMarkers, 0, 0}, {3000, 9900, IntervalKind::GpuAnnotation}, "step 1");
  w->addInterval({TrackKind::Loader, -1, 2}, {2000, 2500, IntervalKind::LoaderWork}, "batch");
  w->addRecordCounts(3, 2);
  w->addMessage(Severity::Warning, "CUPTI: 3 records dropped");
  w->close(123456);

  ReadResult r = readRawStream(path);
  EXPECT_EQ(r.report.status, ReadStatus::Complete) << r.report.problem;
  EXPECT_TRUE(r.report.problem.empty());
  // 1 process, 1 device, 1 clock, 6 intervals, 4 strings (cudaMemcpyAsync, gemm, step 1, batch), counts,
  // message, end.
  EXPECT_EQ(r.report.records, 16u);
  EXPECT_EQ(r.report.chunks, 1u);
  const ProcessStream& s = r.stream;
  EXPECT_EQ(s.pid, 4242u);
  EXPECT_EQ(s.ppid, 4200u);
  EXPECT_EQ(s.created_monotonic_ns, 1'000'000'000);
  EXPECT_EQ(s.created_realtime_ns, 1'700'000'000'000'000'000);
  EXPECT_EQ(s.hostname, "node7");
  EXPECT_EQ(s.executable, "/usr/bin/python3");
  EXPECT_EQ(s.command_line, "python3 train.py --epochs 1");
  ASSERT_EQ(s.devices.size(), 1u);
  EXPECT_EQ(s.devices[0].name, "NVIDIA H200");
  EXPECT_EQ(s.devices[0].uuid, "GPU-1234");
  ASSERT_EQ(s.clocks.size(), 1u);
  EXPECT_EQ(s.clocks[0].clock, ClockId::Monotonic);
  EXPECT_EQ(s.clocks[0].realtime_ns, 13);
  ASSERT_EQ(s.intervals.size(), 6u);
  EXPECT_EQ(s.intervals[0].interval, copy);
  EXPECT_EQ(s.intervals[0].placement, (Placement{TrackKind::GpuStream, 0, 13}));
  EXPECT_EQ(s.name(s.intervals[1].interval.name), "cudaMemcpyAsync");
  EXPECT_EQ(s.intervals[1].interval.correlation, 7u);
  EXPECT_EQ(s.intervals[2].interval.name, s.intervals[3].interval.name);  // "gemm" is stored once
  EXPECT_EQ(s.name(s.intervals[3].interval.name), "gemm");
  EXPECT_EQ(s.intervals[4].placement.track, TrackKind::GpuMarkers);
  EXPECT_EQ(s.intervals[5].placement, (Placement{TrackKind::Loader, -1, 2}));
  EXPECT_EQ(s.strings.size(), 5u);
  EXPECT_EQ(s.dropped, 3u);
  EXPECT_EQ(s.invalid, 2u);
  ASSERT_EQ(s.messages.size(), 1u);
  EXPECT_EQ(s.messages[0].severity, Severity::Warning);
  EXPECT_EQ(s.messages[0].text, "CUPTI: 3 records dropped");
  EXPECT_TRUE(s.ended_cleanly);
}

TEST(RawStream, LauncherVariablesRoundTripAndTheLastRecordWins) {
  TempDir dir;
  std::string path = dir.file("e.fsraw");
  auto w = open(path);
  w->addProcessInfo("node7", "/usr/bin/python3", "python3 train.py");
  w->addEnvironment({{"LOCAL_RANK", "1"}, {"RANK", "5"}, {"WORLD_SIZE", "8"}});
  w->flush();
  // A program that changed its variables later (os.environ before init_process_group): the last says.
  w->addEnvironment({{"RANK", "6"}, {"WORLD_SIZE", "8"}, {"SLURM_PROCID", "\xff"}});
  w->close(1);
  ReadResult r = readRawStream(path);
  ASSERT_EQ(r.report.status, ReadStatus::Complete) << r.report.problem;
  EXPECT_EQ(r.report.format_minor, kFormatMinor);
  EXPECT_EQ(r.report.records, 4u);
  EXPECT_TRUE(r.stream.environment_recorded);
  const std::map<std::string, std::string> expected{{"RANK", "6"}, {"SLURM_PROCID", "\xef\xbf\xbd"}, {"WORLD_SIZE", "8"}};
  EXPECT_EQ(r.stream.launcher_environment, expected);

  // An empty record says "none set", which differs from a stream that never said (minor 0).
  std::string emptyPath = dir.file("none.fsraw");
  auto none = open(emptyPath);
  none->addEnvironment({});
  none->close(1);
  ReadResult n = readRawStream(emptyPath);
  EXPECT_TRUE(n.stream.environment_recorded);
  EXPECT_TRUE(n.stream.launcher_environment.empty());
  ReadResult old = readRawStreamBytes(streamOfChunks(dir, 1, 2), "old.fsraw");
  EXPECT_FALSE(old.stream.environment_recorded);
}

TEST(RawStream, AnEnvironmentRecordThatClaimsMoreThanItHoldsDropsItsChunk) {
  TempDir dir;
  std::string path = dir.file("bad.fsraw");
  auto w = open(path);
  w->addEnvironment({{"RANK", "1"}});
  w->flush();
  w->addEnvironment({{"RANK", "2"}});
  w->close(1);
  w.reset();
  std::string bytes = readWholeFile(path);
  // The second chunk's record: its count field (after type and body length) claims 3 variables.
  std::size_t at = chunkOffset(bytes, 2) + kChunkHeaderBytes + kRecordHeaderBytes;
  std::uint32_t three = 3;
  std::memcpy(bytes.data() + at, &three, 4);
  std::size_t chunk = chunkOffset(bytes, 2);
  auto payloadBytes = loadField<std::uint32_t>(bytes.data() + chunk + 4);
  auto crc = static_cast<std::uint32_t>(crc32(0, reinterpret_cast<const Bytef*>(bytes.data() + chunk + 4), 8));
  crc = static_cast<std::uint32_t>(crc32(crc, reinterpret_cast<const Bytef*>(bytes.data() + chunk + kChunkHeaderBytes),
                                         payloadBytes));
  std::memcpy(bytes.data() + chunk + 12, &crc, 4);  // a good CRC: the record itself is what is wrong
  ReadResult r = readRawStreamBytes(bytes, "bad.fsraw");
  EXPECT_NE(r.report.status, ReadStatus::Complete);
  EXPECT_EQ(r.report.chunks, 1u);
  EXPECT_EQ(r.stream.launcher_environment.at("RANK"), "1");  // the first chunk's, restored whole
}

TEST(RawStream, AnIntervalsArgumentsFollowItAndTheirTextIsStoredOnce) {
  TempDir dir;
  std::string path = dir.file("a.fsraw");
  auto w = open(path);
  const std::string launch = R"({"grid": [80, 1, 1], "block": [512, 1, 1]})";
  w->addInterval({TrackKind::GpuStream, 0, 7}, kernel(1000, 1), "gemm", launch);
  w->addInterval({TrackKind::HostThread, -1, 9}, {900, 950, IntervalKind::RuntimeApi}, "cudaLaunchKernel");
  w->addInterval({TrackKind::GpuStream, 0, 7}, kernel(2000, 2), "gemm", launch);
  w->close(1);
  ReadResult r = readRawStream(path);
  ASSERT_EQ(r.report.status, ReadStatus::Complete) << r.report.problem;
  EXPECT_EQ(r.report.format_minor, kFormatMinor);
  // Strings gemm, the launch text and cudaLaunchKernel; three intervals; two arguments; end.
  EXPECT_EQ(r.report.records, 9u);
  ASSERT_EQ(r.stream.intervals.size(), 3u);
  EXPECT_EQ(r.stream.name(r.stream.intervals[0].arguments), launch);
  EXPECT_EQ(r.stream.intervals[1].arguments, 0u);
  EXPECT_EQ(r.stream.intervals[2].arguments, r.stream.intervals[0].arguments);
}

// Written by hand: an IntervalArguments record after a skipped interval (a kind of a newer minor
// version) is skipped with it; one naming a string not yet defined makes its chunk bad.
TEST(RawStream, ArgumentsOfASkippedIntervalAreSkippedAndAnUndefinedTextIsDamage) {
  TempDir dir;
  std::string head = streamOfChunks(dir, 0, 0, false);
  auto chunkOf = [](const std::string& payload, std::uint32_t records) {
    std::string header;
    appendField(header, kChunkMagic);
    appendField(header, static_cast<std::uint32_t>(payload.size()));
    appendField(header, records);
    auto crc = static_cast<std::uint32_t>(crc32(0, reinterpret_cast<const Bytef*>(header.data() + 4), 8));
    crc = static_cast<std::uint32_t>(
        crc32(crc, reinterpret_cast<const Bytef*>(payload.data()), static_cast<uInt>(payload.size())));
    appendField(header, crc);
    return header + payload;
  };
  auto record = [](RecordType type, const std::string& body) {
    std::string out;
    appendField(out, static_cast<std::uint8_t>(type));
    appendField(out, static_cast<std::uint32_t>(body.size()));
    return out + body;
  };
  std::string text;
  appendField(text, std::uint32_t{1});
  text += R"({"grid": [1, 1, 1]})";
  std::string unknownKind(kIntervalBodyBytes, '\0');
  unknownKind[1] = 99;  // an interval kind this reader does not know
  std::string one;
  appendField(one, std::uint32_t{1});
  std::string payload = record(RecordType::String, text) + record(RecordType::Interval, unknownKind) +
                        record(RecordType::IntervalArguments, one);
  ReadResult skipped = readRawStreamBytes(head + chunkOf(payload, 3), "skipped.fsraw");
  EXPECT_EQ(skipped.report.chunks, 1u) << skipped.report.problem;
  EXPECT_EQ(skipped.report.skipped_records, 2u);
  EXPECT_TRUE(skipped.stream.intervals.empty());

  std::string seven;
  appendField(seven, std::uint32_t{7});
  ReadResult bad = readRawStreamBytes(head + chunkOf(record(RecordType::IntervalArguments, seven), 1), "bad.fsraw");
  EXPECT_EQ(bad.report.chunks, 0u);
  EXPECT_NE(bad.report.status, ReadStatus::Complete);
}

TEST(RawStream, ChunksAreCutAtTheChosenSize) {
  TempDir dir;
  std::string path = dir.file("c.fsraw");
  auto w = open(path, 1000);  // about 17 interval records per chunk
  for (int i = 0; i < 500; ++i) w->addInterval({TrackKind::GpuStream, 0, 7}, kernel(1000 + i, 0), "k");
  w->close(1);
  ReadResult r = readRawStream(path);
  EXPECT_EQ(r.report.status, ReadStatus::Complete);
  EXPECT_EQ(r.stream.intervals.size(), 500u);
  EXPECT_EQ(r.report.records, 502u);  // + the string "k" + End
  EXPECT_GE(r.report.chunks, 25u);
  EXPECT_LE(r.report.chunks, 35u);
  for (std::size_t i = 0; i < 500; ++i)
    ASSERT_EQ(r.stream.intervals[i].interval.start_ns, 1000 + static_cast<std::int64_t>(i));
}

TEST(RawStream, TruncatedFileKeepsTheChunksBeforeTheCut) {
  TempDir dir;
  std::string bytes = streamOfChunks(dir, 3, 10);
  std::size_t third = chunkOffset(bytes, 3);
  // Cut inside the third chunk's header, inside its payload, and one byte short of the end.
  for (std::size_t cut : {third + 5, third + kChunkHeaderBytes + 20, chunkOffset(bytes, 4) - 1}) {
    ReadResult r = readRawStreamBytes(std::string_view(bytes).substr(0, cut), "rank0.fsraw");
    EXPECT_EQ(r.report.status, ReadStatus::Truncated) << cut;
    EXPECT_EQ(r.report.chunks, 2u);
    EXPECT_EQ(r.report.records, 21u);  // string "k" + 10 + 10
    EXPECT_EQ(r.stream.intervals.size(), 20u);
    EXPECT_EQ(r.report.discarded_bytes, cut - third);
    EXPECT_NE(r.report.problem.find("rank0.fsraw: truncated in chunk 3 at byte " + std::to_string(third)),
              std::string::npos)
        << r.report.problem;
    EXPECT_NE(r.report.problem.find("kept 2 chunks, 21 records"), std::string::npos) << r.report.problem;
    EXPECT_TRUE(r.report.usable());
  }
}

TEST(RawStream, CorruptChunkStopsReadingThere) {
  TempDir dir;
  std::string bytes = streamOfChunks(dir, 4, 10);
  std::size_t second = chunkOffset(bytes, 2);
  std::string flipped = bytes;
  flipped[second + kChunkHeaderBytes + 30] ^= 0x40;
  ReadResult r = readRawStreamBytes(flipped, "s.fsraw");
  EXPECT_EQ(r.report.status, ReadStatus::Corrupt);
  EXPECT_EQ(r.report.chunks, 1u);
  EXPECT_EQ(r.report.records, 11u);
  EXPECT_EQ(r.stream.intervals.size(), 10u);
  EXPECT_FALSE(r.stream.ended_cleanly);
  EXPECT_EQ(r.report.discarded_bytes, bytes.size() - second);
  EXPECT_NE(r.report.problem.find("chunk 2 at byte " + std::to_string(second) + " is corrupt (CRC mismatch)"),
            std::string::npos)
      << r.report.problem;

  // The record count is under the CRC too: a flipped count is caught, not believed.
  std::string recount = bytes;
  recount[second + 8] ^= 0x01;
  ReadResult c = readRawStreamBytes(recount, "s.fsraw");
  EXPECT_EQ(c.report.status, ReadStatus::Corrupt);
  EXPECT_EQ(c.report.records, 11u);

  // A broken chunk marker.
  std::string marker = bytes;
  marker[second] = 'X';
  ReadResult m = readRawStreamBytes(marker, "s.fsraw");
  EXPECT_EQ(m.report.status, ReadStatus::Corrupt);
  EXPECT_NE(m.report.problem.find("bad chunk marker"), std::string::npos);
  EXPECT_EQ(m.stream.intervals.size(), 10u);
}

TEST(RawStream, ChunkWithAGoodCrcButBadRecordsIsDroppedWhole) {
  // A writer bug, not a disk error: the chunk decodes to fewer records than it claims.
  TempDir dir;
  std::string bytes = streamOfChunks(dir, 2, 5);
  std::size_t second = chunkOffset(bytes, 2);
  std::string bad = bytes;
  auto count = loadField<std::uint32_t>(bad.data() + second + 8) + 1;
  std::memcpy(bad.data() + second + 8, &count, 4);
  auto crc = static_cast<std::uint32_t>(crc32(0, reinterpret_cast<const Bytef*>(bad.data() + second + 4), 8));
  auto payloadBytes = loadField<std::uint32_t>(bad.data() + second + 4);
  crc = static_cast<std::uint32_t>(
      crc32(crc, reinterpret_cast<const Bytef*>(bad.data() + second + kChunkHeaderBytes), payloadBytes));
  std::memcpy(bad.data() + second + 12, &crc, 4);
  ReadResult r = readRawStreamBytes(bad, "s.fsraw");
  EXPECT_EQ(r.report.status, ReadStatus::Corrupt);
  EXPECT_NE(r.report.problem.find("records do not decode"), std::string::npos) << r.report.problem;
  EXPECT_EQ(r.stream.intervals.size(), 5u);  // the first chunk only: nothing of the second leaks in
}

TEST(RawStream, EmptyForeignAndHeaderOnlyFiles) {
  ReadResult empty = readRawStreamBytes("", "e.fsraw");
  EXPECT_EQ(empty.report.status, ReadStatus::Empty);
  EXPECT_EQ(empty.report.problem, "e.fsraw: empty file (the process wrote nothing)");
  EXPECT_FALSE(empty.report.usable());

  ReadResult foreign = readRawStreamBytes("{\"traceEvents\": []}", "t.json");
  EXPECT_EQ(foreign.report.status, ReadStatus::NotRawStream);
  EXPECT_EQ(foreign.report.problem, "t.json: not a Feedscope raw stream (.fsraw)");

  TempDir dir;
  std::string bytes = streamOfChunks(dir, 0, 0, false);
  ASSERT_EQ(bytes.size(), kHeaderBytes);
  ReadResult headerOnly = readRawStreamBytes(bytes, "h.fsraw");
  EXPECT_EQ(headerOnly.report.status, ReadStatus::Unfinished);
  EXPECT_EQ(headerOnly.report.records, 0u);
  EXPECT_EQ(headerOnly.stream.pid, 4242u);
  EXPECT_TRUE(headerOnly.report.usable());
  EXPECT_NE(headerOnly.report.problem.find("no end record"), std::string::npos);

  ReadResult cut = readRawStreamBytes(bytes.substr(0, 30), "h.fsraw");
  EXPECT_EQ(cut.report.status, ReadStatus::BadHeader);
  EXPECT_EQ(cut.report.problem, "h.fsraw: header cut short (30 bytes)");

  std::string badCrc = bytes;
  badCrc[20] ^= 1;  // the ppid
  EXPECT_EQ(readRawStreamBytes(badCrc, "h.fsraw").report.status, ReadStatus::BadHeader);

  ReadResult missing = readRawStream(dir.file("nope.fsraw"));
  EXPECT_EQ(missing.report.status, ReadStatus::Unreadable);
  EXPECT_NE(missing.report.problem.find("cannot open (No such file or directory)"), std::string::npos);
}

TEST(RawStream, StreamOfANewerMajorVersionIsRefusedClearly) {
  TempDir dir;
  std::string bytes = streamOfChunks(dir, 1, 3);
  std::uint16_t major = 2, minor = 5;
  std::memcpy(bytes.data() + 8, &major, 2);
  std::memcpy(bytes.data() + 10, &minor, 2);
  ReadResult r = readRawStreamBytes(bytes, "new.fsraw");
  EXPECT_EQ(r.report.status, ReadStatus::NewerVersion);
  EXPECT_EQ(r.report.problem,
            "new.fsraw: raw stream format 2.5 is newer than this Feedscope reads (1.x): update Feedscope");
  EXPECT_EQ(r.report.records, 0u);
  EXPECT_FALSE(r.report.usable());
}

TEST(RawStream, NewerMinorVersionRecordsAreSkippedAndCounted) {
  // A minor version may add record types (and interval kinds): older readers skip and count them.
  TempDir dir;
  std::string bytes = streamOfChunks(dir, 0, 0, false);
  std::string payload;
  appendField(payload, std::uint8_t{200});  // an unknown record type
  appendField(payload, std::uint32_t{3});
  payload += "abc";
  appendField(payload, static_cast<std::uint8_t>(RecordType::Interval));  // an unknown interval kind
  appendField(payload, kIntervalBodyBytes);
  std::string body(kIntervalBodyBytes, '\0');
  body[1] = 99;
  payload += body;
  appendField(payload, static_cast<std::uint8_t>(RecordType::End));
  appendField(payload, std::uint32_t{16});
  payload += std::string(16, '\0');
  std::string header;
  appendField(header, kChunkMagic);
  appendField(header, static_cast<std::uint32_t>(payload.size()));
  appendField(header, std::uint32_t{3});
  auto crc = static_cast<std::uint32_t>(crc32(0, reinterpret_cast<const Bytef*>(header.data() + 4), 8));
  crc = static_cast<std::uint32_t>(
      crc32(crc, reinterpret_cast<const Bytef*>(payload.data()), static_cast<uInt>(payload.size())));
  appendField(header, crc);
  std::uint16_t minor = 9;
  std::memcpy(bytes.data() + 10, &minor, 2);
  // The header CRC covers the version: recompute it.
  auto headerCrc =
      static_cast<std::uint32_t>(crc32(0, reinterpret_cast<const Bytef*>(bytes.data()), kHeaderBytes - 4));
  std::memcpy(bytes.data() + kHeaderBytes - 4, &headerCrc, 4);
  ReadResult r = readRawStreamBytes(bytes + header + payload, "minor.fsraw");
  EXPECT_EQ(r.report.status, ReadStatus::Complete) << r.report.problem;
  EXPECT_EQ(r.report.format_minor, 9);
  EXPECT_EQ(r.report.records, 3u);
  EXPECT_EQ(r.report.skipped_records, 2u);
  EXPECT_TRUE(r.stream.intervals.empty());
}

TEST(RawStream, ConcurrentWritersLoseNothing) {
  TempDir dir;
  std::string path = dir.file("t.fsraw");
  auto w = open(path, 4096);
  constexpr int kThreads = 4, kPerThread = 5000;
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < kPerThread; ++i) {
        w->addInterval({TrackKind::GpuStream, 0, t}, kernel(1000 + i, static_cast<std::uint32_t>(i)),
                       "kernel_of_thread_" + std::to_string(t));
        if (i % 997 == 0) w->flush();
      }
    });
  }
  for (auto& t : threads) t.join();
  w->close(5);
  ReadResult r = readRawStream(path);
  ASSERT_EQ(r.report.status, ReadStatus::Complete) << r.report.problem;
  ASSERT_EQ(r.stream.intervals.size(), static_cast<std::size_t>(kThreads * kPerThread));
  std::vector<int> perLane(kThreads, 0);
  for (const auto& p : r.stream.intervals) {
    ++perLane[p.placement.lane];
    EXPECT_EQ(r.stream.name(p.interval.name), "kernel_of_thread_" + std::to_string(p.placement.lane));
  }
  for (int n : perLane) EXPECT_EQ(n, kPerThread);
}

TEST(RawStream, DisabledWriterWritesNothingMore) {
  TempDir dir;
  std::string path = dir.file("f.fsraw");
  auto w = open(path);
  w->addInterval({TrackKind::GpuStream, 0, 7}, kernel(1000, 1), "before");
  w->flush();
  auto size = readWholeFile(path).size();
  w->disableWithoutLocking();  // what a forked child does
  w->addInterval({TrackKind::GpuStream, 0, 7}, kernel(2000, 2), "after");
  w->addMessage(Severity::Error, "from the child");
  w->flush();
  w->close(1);
  EXPECT_EQ(readWholeFile(path).size(), size);
  ReadResult r = readRawStream(path);
  EXPECT_EQ(r.report.status, ReadStatus::Unfinished);
  EXPECT_EQ(r.stream.intervals.size(), 1u);
}

// A forked child inherits the writer's lock in whatever state another thread of the parent left it;
// once disabled, no call may wait for it. Forking many times while a thread writes and flushes
// without pause catches the lock held at the moment of fork(); a child that waited would be ended by
// its alarm (SIGALRM) instead of exiting 0.
TEST(RawStream, ADisabledWriterNeverWaitsForALockHeldAtFork) {
  TempDir dir;
  auto w = open(dir.file("f.fsraw"));
  std::atomic<bool> stop{false};
  std::thread writer([&] {
    for (std::int64_t t = 0; !stop.load(); ++t) {
      w->addInterval({TrackKind::GpuStream, 0, 7}, kernel(1000 + t, 1), "busy");
      if (t % 16 == 0) w->flush();
    }
  });
  int hung = 0;
  for (int i = 0; i < 200 && hung == 0; ++i) {
    pid_t child = fork();
    if (child == 0) {
      alarm(2);
      w->disableWithoutLocking();
      w->addInterval({TrackKind::GpuStream, 0, 7}, kernel(1, 1), "child");
      w->addMessage(Severity::Error, "from the child");
      w->flush();
      w->close(1);
      _exit(0);
    }
    int status = 0;
    waitpid(child, &status, 0);
    hung += !(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  }
  stop = true;
  writer.join();
  EXPECT_EQ(hung, 0);
}

TEST(RawStream, CreateRefusesAnExistingFile) {
  TempDir dir;
  std::string path = dir.file("exists.fsraw", "x");
  std::string error;
  EXPECT_FALSE(RawStreamWriter::create(path, identity(), error));
  EXPECT_EQ(error, path + ": cannot create (File exists)");
}

TEST(RawStream, WriterKeepsItsFileOnAHighDescriptor) {
  // A program that closes low descriptors and opens its own files must never get ours.
  TempDir dir;
  std::string path = dir.file("fd.fsraw");
  auto w = open(path);
  int found = -1;
  for (const auto& entry : std::filesystem::directory_iterator("/proc/self/fd")) {
    std::error_code ec;
    if (std::filesystem::read_symlink(entry.path(), ec) == path)
      found = std::stoi(entry.path().filename().string());
  }
  EXPECT_GE(found, 400);
}

TEST(RawStream, ProgressScanCountsOnlyWholeChunks) {
  TempDir dir;
  ProgressScanner scanner(dir.path.string());
  EXPECT_EQ(scanner.scan().streams, 0u);
  std::string path = dir.file("1-1.fsraw");
  auto w = open(path);
  for (int i = 0; i < 10; ++i) w->addInterval({TrackKind::GpuStream, 0, 7}, kernel(1000 + i, 0), "k");
  EXPECT_EQ(scanner.scan().records, 0u);  // still in memory
  w->flush();
  auto totals = scanner.scan();
  EXPECT_EQ(totals.streams, 1u);
  EXPECT_EQ(totals.records, 11u);
  for (int i = 0; i < 5; ++i) w->addInterval({TrackKind::GpuStream, 0, 7}, kernel(1000 + i, 0), "k");
  w->flush();
  EXPECT_EQ(scanner.scan().records, 16u);  // resumed, not recounted

  // A second stream whose last chunk is only half on disk.
  std::string bytes = streamOfChunks(dir, 2, 4);
  std::string partial = bytes.substr(0, chunkOffset(bytes, 2) + kChunkHeaderBytes + 3);
  dir.file("2-2.fsraw", partial);
  totals = scanner.scan();
  EXPECT_EQ(totals.streams, 3u);              // 1-1, s (whole) and 2-2
  EXPECT_EQ(totals.records, 16u + 10u + 5u);  // s: 1 string + 8 + End; 2-2: string + 4
}

}  // namespace
