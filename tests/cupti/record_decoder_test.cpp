// Decoding of CUPTI activity records built here, field by field, as CUPTI 13.0 lays them out: every
// kind the collector enables, the memory kinds of copies, API correlation, NVTX pairing, invalid records.
#include "cupti/record_decoder.h"

#include <cupti.h>
#include <gtest/gtest.h>

#include "cupti/api_names.h"

namespace feedscope::cupti {
namespace {

using trace::IntervalKind;
using trace::MemoryKind;

CUpti_ActivityKernel10 kernel(std::uint64_t start, std::uint64_t end, const char* name = "_Z5scalePfif") {
  CUpti_ActivityKernel10 r{};
  r.kind = CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL;
  r.start = start;
  r.end = end;
  r.deviceId = 1;
  r.contextId = 3;
  r.streamId = 7;
  r.correlationId = 42;
  r.name = name;
  return r;
}

CUpti_ActivityMemcpy6 memcpy6(std::uint8_t copyKind, std::uint8_t src, std::uint8_t dst,
                              std::uint64_t bytes) {
  CUpti_ActivityMemcpy6 r{};
  r.kind = CUPTI_ACTIVITY_KIND_MEMCPY;
  r.copyKind = copyKind;
  r.srcKind = src;
  r.dstKind = dst;
  r.bytes = bytes;
  r.start = 10'000;
  r.end = 20'000;
  r.deviceId = 0;
  r.contextId = 1;
  r.streamId = 13;
  r.correlationId = 77;
  return r;
}

CUpti_ActivityMarker2 marker(std::uint32_t flags, std::uint32_t id, std::uint64_t ts, const char* name) {
  CUpti_ActivityMarker2 r{};
  r.kind = CUPTI_ACTIVITY_KIND_MARKER;
  r.flags = static_cast<CUpti_ActivityFlag>(flags);
  r.id = id;
  r.timestamp = ts;
  r.objectKind = CUPTI_ACTIVITY_OBJECT_THREAD;
  r.objectId.pt.processId = 100;
  r.objectId.pt.threadId = 101;
  r.name = name;
  return r;
}

const CUpti_Activity& asRecord(const auto& r) {
  return reinterpret_cast<const CUpti_Activity&>(r);
}

class DecoderTest : public ::testing::Test {
 protected:
  trace::StringTable strings_;
  ApiNameCache names_;
  RecordDecoder decoder_{strings_,
                        [this](IntervalKind api, std::uint32_t cbid) { return names_.name(api, cbid); }};
  DecodedBatch batch_;

  const DecodedInterval& only() {
    EXPECT_EQ(batch_.intervals.size(), 1u);
    return batch_.intervals.at(0);
  }
  std::string_view nameOf(const DecodedInterval& d) { return strings_.get(d.interval.name); }
};

TEST_F(DecoderTest, KernelKeepsTimesStreamCorrelationAndDemangledName) {
  decoder_.decode(asRecord(kernel(5'000, 9'500)), batch_);
  const DecodedInterval& d = only();
  EXPECT_EQ(d.track, TrackKey::gpuStream(1, 7));
  EXPECT_EQ(d.interval.kind, IntervalKind::Kernel);
  EXPECT_EQ(d.interval.start_ns, 5'000);
  EXPECT_EQ(d.interval.end_ns, 9'500);
  EXPECT_EQ(d.interval.correlation, 42u);
  EXPECT_EQ(nameOf(d), "scale(float*, int, float)");
  EXPECT_EQ(batch_.invalid, 0u);
}

// The launch configuration CUPTI gives every kernel record becomes its arguments, under the names a
// Kineto trace and an Nsight Systems export give them (trace/kernel_launch.h).
TEST_F(DecoderTest, KernelKeepsItsLaunchConfigurationAsArguments) {
  CUpti_ActivityKernel10 r = kernel(5'000, 9'500);
  r.gridX = 1024;
  r.gridY = 2;
  r.gridZ = 1;
  r.blockX = 256;
  r.blockY = 1;
  r.blockZ = 1;
  r.registersPerThread = 40;
  r.staticSharedMemory = 4096;
  r.dynamicSharedMemory = 8192;
  decoder_.decode(asRecord(r), batch_);
  EXPECT_EQ(only().arguments,
            R"({"grid": [1024, 2, 1], "block": [256, 1, 1], "registers per thread": 40, "shared memory": 12288, )"
            R"("static shared memory": 4096, "dynamic shared memory": 8192})");
}

// The decoder builds each configuration's text once: a second kernel like the first gets the same
// text, one that differs in any figure its own.
TEST_F(DecoderTest, EachLaunchConfigurationIsItsOwnText) {
  CUpti_ActivityKernel10 r = kernel(5'000, 9'500);
  r.gridX = r.gridY = r.gridZ = r.blockX = r.blockY = r.blockZ = 1;
  decoder_.decode(asRecord(r), batch_);
  decoder_.decode(asRecord(r), batch_);
  r.dynamicSharedMemory = 64;
  decoder_.decode(asRecord(r), batch_);
  ASSERT_EQ(batch_.intervals.size(), 3u);
  EXPECT_EQ(batch_.intervals[0].arguments, batch_.intervals[1].arguments);
  EXPECT_EQ(batch_.intervals[2].arguments,
            R"({"grid": [1, 1, 1], "block": [1, 1, 1], "registers per thread": 0, "shared memory": 64, )"
            R"("static shared memory": 0, "dynamic shared memory": 64})");
  EXPECT_EQ(decodeKernel(r, strings_).arguments, batch_.intervals[2].arguments);  // uncached, alike
}

TEST_F(DecoderTest, KernelNamesThatDoNotDemangleStayAsTheyAre) {
  EXPECT_EQ(kernelDisplayName("triton_poi_fused_add_0"), "triton_poi_fused_add_0");
  EXPECT_EQ(kernelDisplayName(nullptr), "(unnamed kernel)");
}

TEST_F(DecoderTest, PageableHostToDeviceCopy) {
  auto r = memcpy6(CUPTI_ACTIVITY_MEMCPY_KIND_HTOD, CUPTI_ACTIVITY_MEMORY_KIND_PAGEABLE,
                   CUPTI_ACTIVITY_MEMORY_KIND_DEVICE, 64u << 20);
  r.flags = CUPTI_ACTIVITY_FLAG_MEMCPY_ASYNC;  // set on pageable copies too: it only names_ the API used
  decoder_.decode(asRecord(r), batch_);
  const DecodedInterval& d = only();
  EXPECT_EQ(d.track, TrackKey::gpuStream(0, 13));
  EXPECT_EQ(d.interval.kind, IntervalKind::MemcpyHtoD);
  EXPECT_EQ(d.interval.src, MemoryKind::Pageable);
  EXPECT_EQ(d.interval.dst, MemoryKind::Device);
  EXPECT_EQ(d.interval.bytes, 64u << 20);
  EXPECT_EQ(d.interval.correlation, 77u);
  EXPECT_EQ(d.interval.flags, trace::flags::kAsyncApi);
  EXPECT_EQ(nameOf(d), "Memcpy HtoD (Pageable -> Device)");
}

TEST_F(DecoderTest, PinnedHostToDeviceCopyFromASynchronousCall) {
  decoder_.decode(asRecord(memcpy6(CUPTI_ACTIVITY_MEMCPY_KIND_HTOD, CUPTI_ACTIVITY_MEMORY_KIND_PINNED,
                                  CUPTI_ACTIVITY_MEMORY_KIND_DEVICE, 4096)),
                 batch_);
  const DecodedInterval& d = only();
  EXPECT_EQ(d.interval.kind, IntervalKind::MemcpyHtoD);
  EXPECT_EQ(d.interval.src, MemoryKind::Pinned);
  EXPECT_EQ(d.interval.flags, 0);
  EXPECT_EQ(nameOf(d), "Memcpy HtoD (Pinned -> Device)");
}

TEST_F(DecoderTest, CopiesCorrelateWithTheRuntimeCallWhenCuptiNamesIt) {
  auto r = memcpy6(CUPTI_ACTIVITY_MEMCPY_KIND_HTOD, CUPTI_ACTIVITY_MEMORY_KIND_PINNED,
                   CUPTI_ACTIVITY_MEMORY_KIND_DEVICE, 4096);
  r.correlationId = 500;  // the driver call's
  r.runtimeCorrelationId = 499;
  decoder_.decode(asRecord(r), batch_);
  EXPECT_EQ(only().interval.correlation, 499u);
}

TEST_F(DecoderTest, DeviceToHostCopiesToPinnedAndPageableMemory) {
  decoder_.decode(asRecord(memcpy6(CUPTI_ACTIVITY_MEMCPY_KIND_DTOH, CUPTI_ACTIVITY_MEMORY_KIND_DEVICE,
                                  CUPTI_ACTIVITY_MEMORY_KIND_PINNED, 4)),
                 batch_);
  decoder_.decode(asRecord(memcpy6(CUPTI_ACTIVITY_MEMCPY_KIND_DTOH, CUPTI_ACTIVITY_MEMORY_KIND_DEVICE,
                                  CUPTI_ACTIVITY_MEMORY_KIND_PAGEABLE, 8)),
                 batch_);
  ASSERT_EQ(batch_.intervals.size(), 2u);
  EXPECT_EQ(batch_.intervals[0].interval.kind, IntervalKind::MemcpyDtoH);
  EXPECT_EQ(batch_.intervals[0].interval.dst, MemoryKind::Pinned);
  EXPECT_EQ(batch_.intervals[1].interval.kind, IntervalKind::MemcpyDtoH);
  EXPECT_EQ(batch_.intervals[1].interval.dst, MemoryKind::Pageable);
  EXPECT_EQ(strings_.get(batch_.intervals[1].interval.name), "Memcpy DtoH (Device -> Pageable)");
}

TEST_F(DecoderTest, CopyKindsMapOntoTheFourDirections) {
  EXPECT_EQ(intervalKindOfCopy(CUPTI_ACTIVITY_MEMCPY_KIND_HTOD), IntervalKind::MemcpyHtoD);
  EXPECT_EQ(intervalKindOfCopy(CUPTI_ACTIVITY_MEMCPY_KIND_HTOA), IntervalKind::MemcpyHtoD);
  EXPECT_EQ(intervalKindOfCopy(CUPTI_ACTIVITY_MEMCPY_KIND_DTOH), IntervalKind::MemcpyDtoH);
  EXPECT_EQ(intervalKindOfCopy(CUPTI_ACTIVITY_MEMCPY_KIND_ATOH), IntervalKind::MemcpyDtoH);
  EXPECT_EQ(intervalKindOfCopy(CUPTI_ACTIVITY_MEMCPY_KIND_DTOD), IntervalKind::MemcpyDtoD);
  EXPECT_EQ(intervalKindOfCopy(CUPTI_ACTIVITY_MEMCPY_KIND_ATOD), IntervalKind::MemcpyDtoD);
  EXPECT_EQ(intervalKindOfCopy(CUPTI_ACTIVITY_MEMCPY_KIND_HTOH), IntervalKind::MemcpyHtoH);
  EXPECT_EQ(intervalKindOfCopy(CUPTI_ACTIVITY_MEMCPY_KIND_PTOP), IntervalKind::MemcpyPtoP);
  EXPECT_EQ(memoryKindOf(CUPTI_ACTIVITY_MEMORY_KIND_MANAGED), MemoryKind::Managed);
  EXPECT_EQ(memoryKindOf(99), MemoryKind::Unknown);
}

TEST_F(DecoderTest, DeviceToDeviceCopy) {
  decoder_.decode(asRecord(memcpy6(CUPTI_ACTIVITY_MEMCPY_KIND_DTOD, CUPTI_ACTIVITY_MEMORY_KIND_DEVICE,
                                  CUPTI_ACTIVITY_MEMORY_KIND_DEVICE, 1u << 20)),
                 batch_);
  EXPECT_EQ(only().interval.kind, IntervalKind::MemcpyDtoD);
  EXPECT_EQ(nameOf(only()), "Memcpy DtoD (Device -> Device)");
}

TEST_F(DecoderTest, PeerCopyNamesBothDevices) {
  CUpti_ActivityMemcpyPtoP4 r{};
  r.kind = CUPTI_ACTIVITY_KIND_MEMCPY2;
  r.copyKind = CUPTI_ACTIVITY_MEMCPY_KIND_PTOP;
  r.srcKind = r.dstKind = CUPTI_ACTIVITY_MEMORY_KIND_DEVICE;
  r.bytes = 1000;
  r.start = 100;
  r.end = 300;
  r.deviceId = 1;
  r.streamId = 9;
  r.srcDeviceId = 1;
  r.dstDeviceId = 0;
  r.correlationId = 5;
  decoder_.decode(asRecord(r), batch_);
  const DecodedInterval& d = only();
  EXPECT_EQ(d.track, TrackKey::gpuStream(1, 9));
  EXPECT_EQ(d.interval.kind, IntervalKind::MemcpyPtoP);
  EXPECT_EQ(d.interval.bytes, 1000u);
  EXPECT_EQ(nameOf(d), "Memcpy PtoP (GPU 1 -> GPU 0)");
}

TEST_F(DecoderTest, Memset) {
  CUpti_ActivityMemset4 r{};
  r.kind = CUPTI_ACTIVITY_KIND_MEMSET;
  r.bytes = 4096;
  r.start = 700;
  r.end = 900;
  r.deviceId = 0;
  r.streamId = 7;
  r.correlationId = 8;
  r.memoryKind = CUPTI_ACTIVITY_MEMORY_KIND_DEVICE;
  r.flags = CUPTI_ACTIVITY_FLAG_MEMSET_ASYNC;
  decoder_.decode(asRecord(r), batch_);
  const DecodedInterval& d = only();
  EXPECT_EQ(d.interval.kind, IntervalKind::Memset);
  EXPECT_EQ(d.interval.bytes, 4096u);
  EXPECT_EQ(d.interval.dst, MemoryKind::Device);
  EXPECT_EQ(d.interval.flags, trace::flags::kAsyncApi);
  EXPECT_EQ(d.interval.correlation, 8u);
  EXPECT_EQ(nameOf(d), "Memset (Device)");
}

TEST_F(DecoderTest, RuntimeCallKeepsThreadCorrelationAndPlainName) {
  CUpti_ActivityAPI r{};
  r.kind = CUPTI_ACTIVITY_KIND_RUNTIME;
  r.cbid = CUPTI_RUNTIME_TRACE_CBID_cudaMemcpyAsync_v3020;
  r.start = 1'000;
  r.end = 43'000;
  r.processId = 4242;
  r.threadId = 4250;
  r.correlationId = 77;
  decoder_.decode(asRecord(r), batch_);
  const DecodedInterval& d = only();
  EXPECT_EQ(d.track, TrackKey::hostThread(4242, 4250));
  EXPECT_EQ(d.interval.kind, IntervalKind::RuntimeApi);
  EXPECT_EQ(d.interval.correlation, 77u);  // the copy above carries the same id
  EXPECT_EQ(nameOf(d), "cudaMemcpyAsync");
  EXPECT_EQ(d.interval.flags, trace::flags::kAsyncApi);
}

TEST_F(DecoderTest, SynchronousRuntimeAndDriverCallsKeepTheirNames) {
  CUpti_ActivityAPI sync{};
  sync.kind = CUPTI_ACTIVITY_KIND_RUNTIME;
  sync.cbid = CUPTI_RUNTIME_TRACE_CBID_cudaStreamSynchronize_v3020;
  sync.start = 10;
  sync.end = 20;
  CUpti_ActivityAPI driver{};
  driver.kind = CUPTI_ACTIVITY_KIND_DRIVER;
  driver.cbid = CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel;
  driver.start = 30;
  driver.end = 40;
  decoder_.decode(asRecord(sync), batch_);
  decoder_.decode(asRecord(driver), batch_);
  ASSERT_EQ(batch_.intervals.size(), 2u);
  EXPECT_EQ(strings_.get(batch_.intervals[0].interval.name), "cudaStreamSynchronize");
  // A synchronisation blocks the calling thread: flagged once, here (trace/api_calls.h).
  EXPECT_EQ(batch_.intervals[0].interval.flags, trace::flags::kBlockingApi);
  EXPECT_EQ(batch_.intervals[1].interval.kind, IntervalKind::DriverApi);
  EXPECT_EQ(batch_.intervals[1].interval.flags, 0);
  EXPECT_EQ(strings_.get(batch_.intervals[1].interval.name), "cuLaunchKernel");
}

TEST(ApiNames, VersionAndPerThreadSuffixesAreDropped) {
  EXPECT_EQ(plainApiName("cudaMemcpyAsync_v3020"), "cudaMemcpyAsync");
  EXPECT_EQ(plainApiName("cudaMemcpy_ptds_v7000"), "cudaMemcpy");
  EXPECT_EQ(plainApiName("cudaLaunchKernel_ptsz_v7000"), "cudaLaunchKernel");
  EXPECT_EQ(plainApiName("cuLaunchKernel"), "cuLaunchKernel");
  EXPECT_EQ(plainApiName("cudaGraphInstantiate_v2"), "cudaGraphInstantiate");
  EXPECT_EQ(plainApiName("cuMemcpyHtoD_v2"), "cuMemcpyHtoD");
  EXPECT_EQ(plainApiName("cudaStreamGetCaptureInfo_v2_v11030"), "cudaStreamGetCaptureInfo_v2");
  ApiNameCache names;
  EXPECT_EQ(names.name(IntervalKind::RuntimeApi, 0xFFFFFF), "cuda call #16777215");
}

TEST_F(DecoderTest, SynchronizationLandsOnTheDeviceOfItsContext) {
  decoder_.decode(asRecord(kernel(100, 200)), batch_);  // context 3 is on device 1
  CUpti_ActivitySynchronization2 r{};
  r.kind = CUPTI_ACTIVITY_KIND_SYNCHRONIZATION;
  r.type = CUPTI_ACTIVITY_SYNCHRONIZATION_TYPE_STREAM_SYNCHRONIZE;
  r.start = 300;
  r.end = 900;
  r.contextId = 3;
  r.streamId = 7;
  r.correlationId = 50;
  r.cudaEventId = CUPTI_SYNCHRONIZATION_INVALID_VALUE;
  decoder_.decode(asRecord(r), batch_);
  ASSERT_EQ(batch_.intervals.size(), 2u);
  const DecodedInterval& d = batch_.intervals[1];
  EXPECT_EQ(d.track, TrackKey::gpuStream(1, 7));
  EXPECT_EQ(d.interval.kind, IntervalKind::Synchronization);
  EXPECT_EQ(d.interval.correlation, 50u);
  EXPECT_EQ(nameOf(d), "stream synchronize");
}

TEST_F(DecoderTest, ContextWideSynchronizationAndUnknownContexts) {
  decoder_.noteContext(9, 2);
  CUpti_ActivitySynchronization2 r{};
  r.kind = CUPTI_ACTIVITY_KIND_SYNCHRONIZATION;
  r.type = CUPTI_ACTIVITY_SYNCHRONIZATION_TYPE_CONTEXT_SYNCHRONIZE;
  r.start = 300;
  r.end = 900;
  r.contextId = 9;
  r.streamId = CUPTI_SYNCHRONIZATION_INVALID_VALUE;
  decoder_.decode(asRecord(r), batch_);
  EXPECT_EQ(only().track, TrackKey::gpuStream(2, kContextWideStream));
  EXPECT_EQ(nameOf(only()), "context synchronize");
  r.contextId = 10;  // never seen
  decoder_.decode(asRecord(r), batch_);
  EXPECT_EQ(batch_.intervals.size(), 1u);
  EXPECT_EQ(decoder_.skipped(), 1u);
  EXPECT_EQ(batch_.invalid, 0u);
}

TEST_F(DecoderTest, CudaEventIsAOneNanosecondMarkAtItsDeviceTimestamp) {
  CUpti_ActivityCudaEvent2 r{};
  r.kind = CUPTI_ACTIVITY_KIND_CUDA_EVENT;
  r.deviceId = 0;
  r.contextId = 1;
  r.streamId = 14;
  r.eventId = 3;
  r.correlationId = 60;
  r.deviceTimestamp = 123'456;
  decoder_.decode(asRecord(r), batch_);
  const DecodedInterval& d = only();
  EXPECT_EQ(d.track, TrackKey::gpuStream(0, 14));
  EXPECT_EQ(d.interval.kind, IntervalKind::CudaEvent);
  EXPECT_EQ(d.interval.start_ns, 123'456);
  EXPECT_EQ(d.interval.end_ns, 123'457);
  EXPECT_EQ(nameOf(d), "event 3");
}

// An event created with cudaEventDisableTiming (the demo's prefetch ring, PyTorch's stream events)
// comes back with device timestamp 0: counted as such, left out, and never taken for damage.
TEST_F(DecoderTest, AnEventWithoutTimingIsCountedApartNotAsInvalid) {
  CUpti_ActivityCudaEvent2 r{};
  r.kind = CUPTI_ACTIVITY_KIND_CUDA_EVENT;
  r.streamId = 14;
  r.eventId = 4;
  r.deviceTimestamp = 0;
  decoder_.decode(asRecord(r), batch_);
  decoder_.decode(asRecord(r), batch_);
  EXPECT_TRUE(batch_.intervals.empty());
  EXPECT_EQ(batch_.untimed_events, 2u);
  EXPECT_EQ(batch_.invalid, 0u);
  EXPECT_EQ(decoder_.skipped(), 0u);
}

TEST_F(DecoderTest, NvtxStartAndEndPairIntoStepsAndDataLoading) {
  decoder_.decode(asRecord(marker(CUPTI_ACTIVITY_FLAG_MARKER_START, 5, 1'000, "step 3")), batch_);
  decoder_.decode(asRecord(marker(CUPTI_ACTIVITY_FLAG_MARKER_START, 6, 1'100, "load_batch")), batch_);
  EXPECT_TRUE(batch_.intervals.empty());
  EXPECT_EQ(decoder_.openMarkers(), 2u);
  decoder_.decode(asRecord(marker(CUPTI_ACTIVITY_FLAG_MARKER_END, 6, 2'000, nullptr)), batch_);
  decoder_.decode(asRecord(marker(CUPTI_ACTIVITY_FLAG_MARKER_END, 5, 9'000, nullptr)), batch_);
  ASSERT_EQ(batch_.intervals.size(), 2u);
  const DecodedInterval& load = batch_.intervals[0];
  EXPECT_EQ(load.track, TrackKey::hostThread(100, 101));
  EXPECT_EQ(load.interval.kind, IntervalKind::DataLoading);
  EXPECT_EQ(load.interval.start_ns, 1'100);
  EXPECT_EQ(load.interval.end_ns, 2'000);
  const DecodedInterval& step = batch_.intervals[1];
  EXPECT_EQ(step.interval.kind, IntervalKind::Step);
  EXPECT_EQ(step.interval.start_ns, 1'000);
  EXPECT_EQ(step.interval.end_ns, 9'000);
  EXPECT_EQ(nameOf(step), "step 3");
  EXPECT_EQ(decoder_.openMarkers(), 0u);
  EXPECT_EQ(decoder_.skipped(), 0u);
}

TEST_F(DecoderTest, NvtxEndWithoutStartAndInstantaneousMarksYieldNothing) {
  decoder_.decode(asRecord(marker(CUPTI_ACTIVITY_FLAG_MARKER_END, 8, 2'000, nullptr)), batch_);
  decoder_.decode(asRecord(marker(CUPTI_ACTIVITY_FLAG_MARKER_INSTANTANEOUS, 9, 2'000, "mark")), batch_);
  decoder_.decode(asRecord(marker(CUPTI_ACTIVITY_FLAG_MARKER_START, 10, 3'000, "forward")), batch_);
  decoder_.decode(asRecord(marker(CUPTI_ACTIVITY_FLAG_MARKER_END, 10, 2'500, nullptr)),
                 batch_);  // ends before it began
  EXPECT_TRUE(batch_.intervals.empty());
  EXPECT_EQ(decoder_.skipped(), 2u);
  EXPECT_EQ(batch_.invalid, 1u);
}

TEST_F(DecoderTest, OverheadOfAThreadAndOfADevice) {
  CUpti_ActivityOverhead3 r{};
  r.kind = CUPTI_ACTIVITY_KIND_OVERHEAD;
  r.overheadKind = CUPTI_ACTIVITY_OVERHEAD_LAZY_FUNCTION_LOADING;
  r.objectKind = CUPTI_ACTIVITY_OBJECT_THREAD;
  r.objectId.pt.processId = 7;
  r.objectId.pt.threadId = 8;
  r.start = 100;
  r.end = 75'100;
  decoder_.decode(asRecord(r), batch_);
  r.overheadKind = CUPTI_ACTIVITY_OVERHEAD_CUPTI_BUFFER_FLUSH;
  r.objectKind = CUPTI_ACTIVITY_OBJECT_DEVICE;
  r.objectId.dcs.deviceId = 2;
  decoder_.decode(asRecord(r), batch_);
  r.objectKind = CUPTI_ACTIVITY_OBJECT_UNKNOWN;
  decoder_.decode(asRecord(r), batch_);
  ASSERT_EQ(batch_.intervals.size(), 2u);
  EXPECT_EQ(batch_.intervals[0].track, TrackKey::hostThread(7, 8));
  EXPECT_EQ(batch_.intervals[0].interval.kind, IntervalKind::Overhead);
  EXPECT_EQ(batch_.intervals[0].interval.durationNs(), 75'000);
  EXPECT_EQ(strings_.get(batch_.intervals[0].interval.name), "lazy function loading");
  EXPECT_EQ(batch_.intervals[1].track, TrackKey::gpuMarkers(2));
  EXPECT_EQ(strings_.get(batch_.intervals[1].interval.name), "CUPTI buffer flush");
  EXPECT_EQ(decoder_.skipped(), 1u);
}

TEST_F(DecoderTest, InvalidRecordsAreCountedAndLeftOut) {
  decoder_.decode(asRecord(kernel(0, 0)), batch_);          // timestamp storage exhausted
  decoder_.decode(asRecord(kernel(5'000, 4'000)), batch_);  // ends before it starts
  auto copy = memcpy6(CUPTI_ACTIVITY_MEMCPY_KIND_HTOD, 1, 3, 10);
  copy.start = 0;
  decoder_.decode(asRecord(copy), batch_);
  CUpti_ActivityAPI api{};
  api.kind = CUPTI_ACTIVITY_KIND_RUNTIME;
  api.start = 50;
  api.end = 40;
  decoder_.decode(asRecord(api), batch_);
  decoder_.decode(asRecord(kernel(5'000, 5'000)), batch_);  // zero-length is valid here: RunBuilder counts it
  EXPECT_EQ(batch_.invalid, 4u);
  ASSERT_EQ(batch_.intervals.size(), 1u);
  EXPECT_TRUE(isInvalidSpan(0, 10));
  EXPECT_TRUE(isInvalidSpan(10, 9));
  EXPECT_FALSE(isInvalidSpan(10, 10));
}

TEST_F(DecoderTest, DeviceRecordGivesNameAndUuid) {
  CUpti_ActivityDevice5 r{};
  r.kind = CUPTI_ACTIVITY_KIND_DEVICE;
  r.id = 0;
  r.name = "NVIDIA H200";
  const unsigned char bytes[16] = {0x5b, 0xd7, 0xdd, 0x7e, 0x0b, 0x4c, 0xa1, 0xcb,
                                   0x3a, 0xc1, 0x1b, 0x3b, 0xdf, 0x86, 0xb0, 0xf8};
  for (int i = 0; i < 16; ++i) r.uuid.bytes[i] = static_cast<char>(bytes[i]);
  decoder_.decode(asRecord(r), batch_);
  ASSERT_EQ(batch_.devices.size(), 1u);
  EXPECT_EQ(batch_.devices[0].id, 0);
  EXPECT_EQ(batch_.devices[0].name, "NVIDIA H200");
  EXPECT_EQ(batch_.devices[0].uuid, "GPU-5bd7dd7e-0b4c-a1cb-3ac1-1b3bdf86b0f8");
  EXPECT_TRUE(batch_.intervals.empty());
}

TEST_F(DecoderTest, KindsNotDecodedAreSkipped) {
  CUpti_ActivityAPI r{};
  r.kind = CUPTI_ACTIVITY_KIND_NAME;
  decoder_.decode(asRecord(r), batch_);
  EXPECT_TRUE(batch_.intervals.empty());
  EXPECT_EQ(decoder_.skipped(), 1u);
}

}  // namespace
}  // namespace feedscope::cupti
