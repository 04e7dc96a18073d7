// Decoding CUPTI activity records into trace intervals: pure functions per record kind, and a
// RecordDecoder that dispatches on the kind and keeps the little state decoding needs (which device
// a context is on, NVTX ranges started and not yet ended). No CUPTI call is made here, so every path
// is unit-tested on records built in the test.
#pragma once

#include <cupti_activity.h>

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

#include "cupti/decoded_batch.h"
#include "cupti/gpu_uuid.h"
#include "trace/string_table.h"

namespace feedscope::cupti {

// A record CUPTI could not time, or timed impossibly: counted and left out (trace::spanValidity;
// zero-length records are kept here, RunBuilder and the raw-stream merge count them).
constexpr bool isInvalidSpan(std::uint64_t start, std::uint64_t end) {
  return trace::spanValidity(start, end) == trace::SpanValidity::Invalid;
}

// CUpti_ActivityMemcpyKind -> interval kind: HtoD and HtoA are host-to-device; DtoH and AtoH
// device-to-host; DtoD, DtoA, AtoD, AtoA device-to-device; HtoH; PtoP peer.
trace::IntervalKind intervalKindOfCopy(std::uint32_t cuptiCopyKind);
// CUpti_ActivityMemoryKind -> MemoryKind (same numbering; anything unknown is Unknown).
trace::MemoryKind memoryKindOf(std::uint32_t cuptiMemoryKind);
// Demangled kernel name ("void scale<float>(float*, int)"), the raw name if it does not demangle.
std::string kernelDisplayName(const char* name);
std::string_view overheadKindName(std::uint32_t cuptiOverheadKind);
std::string_view synchronizationName(std::uint32_t cuptiSynchronizationType);

// Kernels' launch configurations as arguments text (trace/kernel_launch.h), each distinct one built
// once: a program's kernels share a handful, and building one costs about a microsecond, on the
// thread that drains CUPTI's buffers (docs/performance.md, "Raw stream").
class LaunchTexts {
 public:
  const std::string& of(const CUpti_ActivityKernel10& r);

 private:
  // Past this many distinct configurations (shapes that change every step) the cache starts afresh.
  static constexpr std::size_t kMaxKept = 4096;
  using Key = std::array<std::int64_t, 9>;
  struct KeyHash {
    std::size_t operator()(const Key& k) const;
  };
  std::unordered_map<Key, std::string, KeyHash> texts_;
};

// `launches`: where the launch configuration's text is cached (null: built for this record alone).
DecodedInterval decodeKernel(const CUpti_ActivityKernel10& r, trace::StringTable& strings,
                             LaunchTexts* launches = nullptr);
DecodedInterval decodeMemcpy(const CUpti_ActivityMemcpy6& r, trace::StringTable& strings);
DecodedInterval decodePeerMemcpy(const CUpti_ActivityMemcpyPtoP4& r, trace::StringTable& strings);
DecodedInterval decodeMemset(const CUpti_ActivityMemset4& r, trace::StringTable& strings);
// `name` is the call's plain name (ApiNameCache); kind RUNTIME gives RuntimeApi, DRIVER DriverApi.
DecodedInterval decodeApi(const CUpti_ActivityAPI& r, std::string_view name, trace::StringTable& strings);
// Synchronization records carry a context, not a device: the caller says which device it is on.
DecodedInterval decodeSynchronization(const CUpti_ActivitySynchronization2& r, std::int32_t device,
                                      trace::StringTable& strings);
// A cudaEventRecord is a point in time (its device timestamp); it is stored as a 1 ns interval, so that
// it is not counted among the instants of records shorter than the clock's resolution.
DecodedInterval decodeCudaEvent(const CUpti_ActivityCudaEvent2& r, trace::StringTable& strings);
// Overhead of a thread or process goes to that host thread; of a device, context or stream to the
// device's marker lane. nullopt for an overhead not tied to anything CUPTI names.
std::optional<DecodedInterval> decodeOverhead(const CUpti_ActivityOverhead3& r, trace::StringTable& strings);
trace::DeviceInfo decodeDevice(const CUpti_ActivityDevice5& r);

// NVTX push/pop and start/end ranges arrive as two MARKER records with one id: START (with the name)
// and END (name NULL). Pairs them into ranges, classified as steps, data loading or plain ranges.
class MarkerPairer {
 public:
  // START: remembered, nullopt. END of a known START: the range. Anything else: nullopt.
  std::optional<DecodedInterval> add(const CUpti_ActivityMarker2& r, trace::StringTable& strings);
  std::size_t openCount() const { return open_.size(); }

 private:
  struct Open {
    std::uint64_t start = 0;
    std::string name;
    TrackKey track;
  };
  std::unordered_map<std::uint32_t, Open> open_;
};

using ApiNameFn = std::function<std::string(trace::IntervalKind api, std::uint32_t cbid)>;

class RecordDecoder {
 public:
  RecordDecoder(trace::StringTable& strings, ApiNameFn apiName);

  // Context -> device, from the collector's context-created callback or from records that carry both.
  void noteContext(std::uint32_t contextId, std::uint32_t deviceId);
  // Learns the context of a record that names its device (kernel, copy, memset, CUDA event).
  void learnContext(const CUpti_Activity& record);
  // Decodes one record into `out`: an interval, a device, or a count of an invalid record.
  void decode(const CUpti_Activity& record, DecodedBatch& out);

  std::size_t openMarkers() const { return markers_.openCount(); }
  // Records that yielded nothing and were not invalid: kinds not decoded, instantaneous NVTX marks,
  // NVTX ends without a start, synchronizations on a context of unknown device, untied overheads.
  std::uint64_t skipped() const { return skipped_; }

 private:
  void keep(const DecodedInterval& iv, std::uint64_t start, std::uint64_t end, DecodedBatch& out);

  trace::StringTable& strings_;
  ApiNameFn api_name_;
  std::unordered_map<std::uint32_t, std::int32_t> context_device_;
  MarkerPairer markers_;
  LaunchTexts launch_texts_;
  std::uint64_t skipped_ = 0;
};

}  // namespace feedscope::cupti
