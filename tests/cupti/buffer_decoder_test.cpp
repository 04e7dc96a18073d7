// The collector's buffer path without a GPU: synthetic buffers laid out exactly as CUPTI 13 lays out
// its records (the real structs, each at an 8-byte boundary), read by CUPTI's own record iterator
// (it needs no driver), with a drop counter the test controls. Partial buffers, kinds never
// enabled, unreadable records, dropped records, out-of-order timestamps and a failing sink.
#include "cupti/buffer_decoder.h"

#include <cupti.h>
#include <gtest/gtest.h>

#include <cstring>
#include <map>
#include <stdexcept>
#include <utility>
#include <vector>

#include "cupti/run_sink.h"

namespace feedscope::cupti {
namespace {

using trace::IntervalKind;
using trace::MemoryKind;

// A completed buffer as CUPTI hands it over: records back to back, each padded to 8 bytes.
class SyntheticBuffer {
 public:
  template <typename Record>
  SyntheticBuffer& add(const Record& record) {
    std::size_t at = bytes_.size();
    bytes_.resize(at + (sizeof(Record) + 7) / 8 * 8, 0);
    std::memcpy(bytes_.data() + at, &record, sizeof(Record));
    ends_.push_back(bytes_.size());
    return *this;
  }
  std::uint8_t* data() { return bytes_.data(); }
  std::size_t size() const { return bytes_.size(); }
  std::size_t endOfRecord(std::size_t i) const { return ends_.at(i); }

 private:
  std::vector<std::uint8_t> bytes_;
  std::vector<std::size_t> ends_;
};

CUpti_ActivityKernel10 kernel(std::uint64_t start, std::uint64_t end, std::uint32_t stream = 7) {
  CUpti_ActivityKernel10 r{};
  r.kind = CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL;
  r.start = start;
  r.end = end;
  r.deviceId = 0;
  r.contextId = 1;
  r.streamId = stream;
  r.correlationId = 42;
  r.name = "_Z4gemmPfS_";
  return r;
}

CUpti_ActivityMemcpy6 pageableCopy(std::uint64_t start, std::uint64_t end, std::uint64_t bytes) {
  CUpti_ActivityMemcpy6 r{};
  r.kind = CUPTI_ACTIVITY_KIND_MEMCPY;
  r.copyKind = CUPTI_ACTIVITY_MEMCPY_KIND_HTOD;
  r.srcKind = CUPTI_ACTIVITY_MEMORY_KIND_PAGEABLE;
  r.dstKind = CUPTI_ACTIVITY_MEMORY_KIND_DEVICE;
  r.bytes = bytes;
  r.start = start;
  r.end = end;
  r.deviceId = 0;
  r.contextId = 1;
  r.streamId = 13;
  r.correlationId = 43;
  return r;
}

CUpti_ActivityAPI runtimeCall(std::uint64_t start, std::uint64_t end) {
  CUpti_ActivityAPI r{};
  r.kind = CUPTI_ACTIVITY_KIND_RUNTIME;
  r.cbid = CUPTI_RUNTIME_TRACE_CBID_cudaMemcpyAsync_v3020;
  r.start = start;
  r.end = end;
  r.processId = 100;
  r.threadId = 101;
  r.correlationId = 43;
  return r;
}

// The drop counter CUPTI keeps per context and stream (and globally under null, 0); reading resets.
std::map<std::pair<CUcontext, std::uint32_t>, std::size_t> g_pendingDrops;

CUptiResult fakeDroppedRecords(CUcontext context, std::uint32_t stream, std::size_t* dropped) {
  auto it = g_pendingDrops.find({context, stream});
  *dropped = it == g_pendingDrops.end() ? 0 : it->second;
  if (it != g_pendingDrops.end()) g_pendingDrops.erase(it);
  return CUPTI_SUCCESS;
}

BufferApi testApi() { return {&cuptiActivityGetNextRecord, &fakeDroppedRecords}; }

class KeepingSink : public ActivitySink {
 public:
  void consume(const DecodedBatch& batch) override { batches.push_back(batch); }
  std::vector<DecodedBatch> batches;
};

class BufferDecoderTest : public ::testing::Test {
 protected:
  void SetUp() override { g_pendingDrops.clear(); }
  KeepingSink sink;
  BufferDecoder decoder{sink, testApi()};
};

TEST_F(BufferDecoderTest, EveryRecordOfABufferBecomesOneBatch) {
  SyntheticBuffer buffer;
  buffer.add(kernel(5'000, 9'500)).add(pageableCopy(1'000, 3'000, 1 << 20)).add(runtimeCall(900, 3'100));
  decoder.decode(buffer.data(), buffer.size());
  ASSERT_EQ(sink.batches.size(), 1u);
  const DecodedBatch& b = sink.batches[0];
  EXPECT_EQ(b.records, 3u);
  EXPECT_EQ(b.unreadable_tail, 0);
  ASSERT_EQ(b.intervals.size(), 3u);
  EXPECT_EQ(b.intervals[0].interval.kind, IntervalKind::Kernel);
  EXPECT_EQ(b.intervals[0].interval.start_ns, 5'000);
  EXPECT_EQ(b.intervals[0].track, TrackKey::gpuStream(0, 7));
  EXPECT_EQ(b.intervals[1].interval.kind, IntervalKind::MemcpyHtoD);
  EXPECT_EQ(b.intervals[1].interval.src, MemoryKind::Pageable);
  EXPECT_EQ(b.intervals[1].interval.bytes, 1u << 20);
  EXPECT_EQ(b.intervals[2].interval.kind, IntervalKind::RuntimeApi);
  EXPECT_EQ(b.intervals[2].track, TrackKey::hostThread(100, 101));
  // Names travel once, in the batch that first uses them.
  std::vector<std::string> names;
  for (const auto& s : b.new_strings) names.push_back(s.text);
  EXPECT_EQ(names, (std::vector<std::string>{"gemm(float*, float*)", "Memcpy HtoD (Pageable -> Device)",
                                            "cudaMemcpyAsync"}));
  decoder.decode(buffer.data(), buffer.size());
  EXPECT_TRUE(sink.batches[1].new_strings.empty());
  EXPECT_EQ(decoder.counts().records.load(), 6u);
  EXPECT_EQ(decoder.counts().buffers.load(), 2u);
}

TEST_F(BufferDecoderTest, APartialBufferYieldsItsWholeRecordsOnly) {
  SyntheticBuffer buffer;
  buffer.add(kernel(5'000, 9'500)).add(pageableCopy(1'000, 3'000, 4096)).add(runtimeCall(900, 3'100));
  // CUPTI's valid size ends inside the second record: only the first is read, without error.
  decoder.decode(buffer.data(), buffer.endOfRecord(0) + 40);
  ASSERT_EQ(sink.batches.size(), 1u);
  EXPECT_EQ(sink.batches[0].records, 1u);
  EXPECT_EQ(sink.batches[0].intervals.size(), 1u);
  EXPECT_EQ(sink.batches[0].unreadable_tail, 0);
  // An empty or missing buffer is a batch of nothing, still handed over (its drops count).
  g_pendingDrops[{nullptr, 0}] = 4;
  decoder.decode(nullptr, 0);
  EXPECT_EQ(sink.batches[1].records, 0u);
  EXPECT_EQ(sink.batches[1].dropped, 4u);
}

TEST_F(BufferDecoderTest, KindsNeverEnabledAreReadAndSkipped) {
  CUpti_ActivityName thread{};
  thread.kind = CUPTI_ACTIVITY_KIND_NAME;
  thread.objectKind = CUPTI_ACTIVITY_OBJECT_THREAD;
  thread.name = "worker";
  CUpti_ActivityMarkerData2 data{};  // CUPTI 13's layout (the unversioned one is deprecated)
  data.kind = CUPTI_ACTIVITY_KIND_MARKER_DATA;
  SyntheticBuffer buffer;
  buffer.add(thread).add(data).add(kernel(5'000, 9'500));
  decoder.decode(buffer.data(), buffer.size());
  EXPECT_EQ(sink.batches[0].records, 3u);
  ASSERT_EQ(sink.batches[0].intervals.size(), 1u);  // the kernel after them still counts
  EXPECT_EQ(sink.batches[0].intervals[0].interval.kind, IntervalKind::Kernel);
  EXPECT_EQ(sink.batches[0].unreadable_tail, 0);
}

TEST_F(BufferDecoderTest, AnUnreadableRecordEndsTheBufferAndIsCounted) {
  CUpti_Activity unknown{};
  unknown.kind = static_cast<CUpti_ActivityKind>(0x7000);  // no kind CUPTI 13 knows
  SyntheticBuffer buffer;
  buffer.add(kernel(5'000, 9'500)).add(unknown).add(runtimeCall(900, 3'100));
  decoder.decode(buffer.data(), buffer.size());
  const DecodedBatch& b = sink.batches.at(0);
  EXPECT_EQ(b.records, 1u);  // what came before it is kept
  EXPECT_EQ(b.intervals.size(), 1u);
  EXPECT_EQ(b.unreadable_tail, CUPTI_ERROR_INVALID_KIND);
  EXPECT_EQ(decoder.counts().buffers_cut_short.load(), 1u);
}

TEST_F(BufferDecoderTest, DropsOfTheBuffersContextAndOfTheGlobalQueueAccumulate) {
  auto* context = reinterpret_cast<CUcontext>(std::uintptr_t{0x1000});
  g_pendingDrops[{context, 3}] = 5;
  g_pendingDrops[{nullptr, 0}] = 2;
  g_pendingDrops[{context, 4}] = 100;  // another stream's buffer: not this one's
  SyntheticBuffer buffer;
  buffer.add(kernel(5'000, 9'500));
  decoder.decode(buffer.data(), buffer.size(), context, 3);
  EXPECT_EQ(sink.batches[0].dropped, 7u);
  decoder.decode(buffer.data(), buffer.size(), context, 3);  // read counts reset
  EXPECT_EQ(sink.batches[1].dropped, 0u);
  decoder.decode(buffer.data(), buffer.size(), context, 4);
  EXPECT_EQ(sink.batches[2].dropped, 100u);
  EXPECT_EQ(decoder.counts().dropped.load(), 107u);
}

TEST_F(BufferDecoderTest, InvalidRecordsAreCountedAndLeftOut) {
  SyntheticBuffer buffer;
  buffer.add(kernel(0, 9'500)).add(kernel(9'000, 8'000)).add(kernel(10'000, 11'000));
  decoder.decode(buffer.data(), buffer.size());
  EXPECT_EQ(sink.batches[0].records, 3u);
  EXPECT_EQ(sink.batches[0].invalid, 2u);
  EXPECT_EQ(sink.batches[0].intervals.size(), 1u);
  EXPECT_EQ(decoder.counts().invalid.load(), 2u);
}

// Buffers complete in any order and records within one are not sorted: the run is.
TEST_F(BufferDecoderTest, OutOfOrderTimestampsEndSortedInTheRun) {
  trace::StringTable session;
  RunSink runSink(session);
  BufferDecoder toRun(runSink, testApi());
  runSink.beginRun("out of order");
  SyntheticBuffer later, earlier;
  later.add(kernel(50'000, 51'000)).add(kernel(30'000, 31'000));
  earlier.add(kernel(20'000, 21'000)).add(kernel(10'000, 11'000));
  toRun.decode(later.data(), later.size());
  toRun.decode(earlier.data(), earlier.size());
  trace::Run run = runSink.takeRun().finish();
  ASSERT_EQ(run.tracks.size(), 1u);
  const auto& starts = run.tracks[0].intervals.start_ns;
  EXPECT_EQ(std::vector<trace::TimeNs>(starts.begin(), starts.end()),
            (std::vector<trace::TimeNs>{10'000, 20'000, 30'000, 50'000}));
}

class ThrowingSink : public ActivitySink {
 public:
  void consume(const DecodedBatch& batch) override {
    if (calls++ == 0) throw std::runtime_error("disk full");
    kept += batch.intervals.size();
  }
  int calls = 0;
  std::size_t kept = 0;
};

TEST(BufferDecoder, ASinkThatThrowsLosesThatBatchOnlyCountedAsDropped) {
  g_pendingDrops.clear();
  ThrowingSink sink;
  BufferDecoder decoder(sink, testApi());
  SyntheticBuffer buffer;
  buffer.add(kernel(5'000, 9'500)).add(kernel(10'000, 11'000));
  EXPECT_NO_THROW(decoder.decode(buffer.data(), buffer.size()));
  EXPECT_EQ(decoder.counts().dropped.load(), 2u);
  decoder.decode(buffer.data(), buffer.size());
  EXPECT_EQ(sink.kept, 2u);
  EXPECT_EQ(decoder.counts().dropped.load(), 2u);
}

}  // namespace
}  // namespace feedscope::cupti
