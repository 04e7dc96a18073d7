// CUPTI activity records -> trace intervals.
#include "cupti/record_decoder.h"

#include <cxxabi.h>

#include <array>

#include <cstdlib>
#include <memory>

#include "trace/api_calls.h"
#include "trace/copy_names.h"
#include "trace/kernel_launch.h"
#include "trace/range_names.h"

namespace feedscope::cupti {

using trace::IntervalKind;
using trace::MemoryKind;

namespace {

trace::TimeNs ns(std::uint64_t t) {
  return static_cast<trace::TimeNs>(t);
}

}  // namespace

IntervalKind intervalKindOfCopy(std::uint32_t k) {
  switch (k) {
    case CUPTI_ACTIVITY_MEMCPY_KIND_HTOD:
    case CUPTI_ACTIVITY_MEMCPY_KIND_HTOA:
      return IntervalKind::MemcpyHtoD;
    case CUPTI_ACTIVITY_MEMCPY_KIND_DTOH:
    case CUPTI_ACTIVITY_MEMCPY_KIND_ATOH:
      return IntervalKind::MemcpyDtoH;
    case CUPTI_ACTIVITY_MEMCPY_KIND_HTOH:
      return IntervalKind::MemcpyHtoH;
    case CUPTI_ACTIVITY_MEMCPY_KIND_PTOP:
      return IntervalKind::MemcpyPtoP;
    default:
      return IntervalKind::MemcpyDtoD;  // DtoD, DtoA, AtoD, AtoA and unknown: device side
  }
}

MemoryKind memoryKindOf(std::uint32_t k) {
  return k <= CUPTI_ACTIVITY_MEMORY_KIND_MANAGED_STATIC ? static_cast<MemoryKind>(k) : MemoryKind::Unknown;
}

std::string kernelDisplayName(const char* name) {
  if (name == nullptr || *name == '\0') return "(unnamed kernel)";
  int status = 0;
  std::unique_ptr<char, void (*)(void*)> demangled(abi::__cxa_demangle(name, nullptr, nullptr, &status),
                                                   std::free);
  return status == 0 && demangled ? std::string(demangled.get()) : std::string(name);
}

std::string_view overheadKindName(std::uint32_t k) {
  switch (k) {
    case CUPTI_ACTIVITY_OVERHEAD_DRIVER_COMPILER:
      return "driver compiler";
    case CUPTI_ACTIVITY_OVERHEAD_CUPTI_BUFFER_FLUSH:
      return "CUPTI buffer flush";
    case CUPTI_ACTIVITY_OVERHEAD_CUPTI_INSTRUMENTATION:
      return "CUPTI instrumentation";
    case CUPTI_ACTIVITY_OVERHEAD_CUPTI_RESOURCE:
      return "CUPTI resource";
    case CUPTI_ACTIVITY_OVERHEAD_RUNTIME_TRIGGERED_MODULE_LOADING:
      return "module loading";
    case CUPTI_ACTIVITY_OVERHEAD_LAZY_FUNCTION_LOADING:
      return "lazy function loading";
    case CUPTI_ACTIVITY_OVERHEAD_COMMAND_BUFFER_FULL:
      return "command buffer full";
    case CUPTI_ACTIVITY_OVERHEAD_ACTIVITY_BUFFER_REQUEST:
      return "activity buffer request";
    case CUPTI_ACTIVITY_OVERHEAD_UVM_ACTIVITY_INIT:
      return "unified memory tracing setup";
    default:
      return "overhead";
  }
}

std::string_view synchronizationName(std::uint32_t t) {
  switch (t) {
    case CUPTI_ACTIVITY_SYNCHRONIZATION_TYPE_EVENT_SYNCHRONIZE:
      return "event synchronize";
    case CUPTI_ACTIVITY_SYNCHRONIZATION_TYPE_STREAM_WAIT_EVENT:
      return "stream wait event";
    case CUPTI_ACTIVITY_SYNCHRONIZATION_TYPE_STREAM_SYNCHRONIZE:
      return "stream synchronize";
    case CUPTI_ACTIVITY_SYNCHRONIZATION_TYPE_CONTEXT_SYNCHRONIZE:
      return "context synchronize";
    default:
      return "synchronization";
  }
}

namespace {

trace::KernelLaunch launchOf(const CUpti_ActivityKernel10& r) {
  trace::KernelLaunch launch;
  launch.grid = std::array<std::int64_t, 3>{r.gridX, r.gridY, r.gridZ};
  launch.block = std::array<std::int64_t, 3>{r.blockX, r.blockY, r.blockZ};
  launch.registers_per_thread = r.registersPerThread;
  launch.static_shared_bytes = r.staticSharedMemory;
  launch.dynamic_shared_bytes = r.dynamicSharedMemory;
  return launch;
}

}  // namespace

std::size_t LaunchTexts::KeyHash::operator()(const Key& k) const {
  std::size_t h = 0;
  for (std::int64_t v : k) h = h * 1'000'003u ^ std::hash<std::int64_t>{}(v);
  return h;
}

const std::string& LaunchTexts::of(const CUpti_ActivityKernel10& r) {
  const Key key{r.gridX, r.gridY, r.gridZ, r.blockX, r.blockY, r.blockZ, r.registersPerThread,
                r.staticSharedMemory, r.dynamicSharedMemory};
  if (auto it = texts_.find(key); it != texts_.end()) return it->second;
  if (texts_.size() >= kMaxKept) texts_.clear();
  return texts_.emplace(key, trace::kernelLaunchArguments(launchOf(r))).first->second;
}

DecodedInterval decodeKernel(const CUpti_ActivityKernel10& r, trace::StringTable& strings, LaunchTexts* launches) {
  DecodedInterval d;
  d.track = TrackKey::gpuStream(static_cast<std::int32_t>(r.deviceId), r.streamId);
  d.interval.start_ns = ns(r.start);
  d.interval.end_ns = ns(r.end);
  d.interval.kind = IntervalKind::Kernel;
  d.interval.name = strings.intern(kernelDisplayName(r.name));
  d.interval.correlation = r.correlationId;
  d.arguments = launches != nullptr ? launches->of(r) : trace::kernelLaunchArguments(launchOf(r));
  return d;
}

DecodedInterval decodeMemcpy(const CUpti_ActivityMemcpy6& r, trace::StringTable& strings) {
  DecodedInterval d;
  d.track = TrackKey::gpuStream(static_cast<std::int32_t>(r.deviceId), r.streamId);
  auto& iv = d.interval;
  iv.start_ns = ns(r.start);
  iv.end_ns = ns(r.end);
  iv.kind = intervalKindOfCopy(r.copyKind);
  iv.bytes = r.bytes;
  iv.src = memoryKindOf(r.srcKind);
  iv.dst = memoryKindOf(r.dstKind);
  iv.name = strings.intern(trace::copyDisplayName(iv.kind, iv.src, iv.dst));
  // correlationId is documented as the driver call's and runtimeCorrelationId as the runtime call's
  // (measured equal on the H200); the runtime one matches the cuda* record when it is there.
  iv.correlation = r.runtimeCorrelationId != 0 ? r.runtimeCorrelationId : r.correlationId;
  // Only says that an *Async call issued it: pageable copies carry it too (a cudaMemcpyAsync from
  // pageable memory sets it), so it never means the copy overlapped anything.
  if (r.flags & CUPTI_ACTIVITY_FLAG_MEMCPY_ASYNC) iv.flags |= trace::flags::kAsyncApi;
  return d;
}

DecodedInterval decodePeerMemcpy(const CUpti_ActivityMemcpyPtoP4& r, trace::StringTable& strings) {
  DecodedInterval d;
  d.track = TrackKey::gpuStream(static_cast<std::int32_t>(r.deviceId), r.streamId);
  auto& iv = d.interval;
  iv.start_ns = ns(r.start);
  iv.end_ns = ns(r.end);
  iv.kind = IntervalKind::MemcpyPtoP;
  iv.bytes = r.bytes;
  iv.src = memoryKindOf(r.srcKind);
  iv.dst = memoryKindOf(r.dstKind);
  iv.name = strings.intern("Memcpy PtoP (GPU " + std::to_string(r.srcDeviceId) + " -> GPU " +
                           std::to_string(r.dstDeviceId) + ")");
  iv.correlation = r.correlationId;
  if (r.flags & CUPTI_ACTIVITY_FLAG_MEMCPY_ASYNC) iv.flags |= trace::flags::kAsyncApi;
  return d;
}

DecodedInterval decodeMemset(const CUpti_ActivityMemset4& r, trace::StringTable& strings) {
  DecodedInterval d;
  d.track = TrackKey::gpuStream(static_cast<std::int32_t>(r.deviceId), r.streamId);
  auto& iv = d.interval;
  iv.start_ns = ns(r.start);
  iv.end_ns = ns(r.end);
  iv.kind = IntervalKind::Memset;
  iv.bytes = r.bytes;
  iv.dst = memoryKindOf(r.memoryKind);
  iv.name = strings.intern(std::string("Memset (") + std::string(trace::memoryDisplayWord(iv.dst)) + ")");
  iv.correlation = r.correlationId;
  if (r.flags & CUPTI_ACTIVITY_FLAG_MEMSET_ASYNC) iv.flags |= trace::flags::kAsyncApi;
  return d;
}

DecodedInterval decodeApi(const CUpti_ActivityAPI& r, std::string_view name, trace::StringTable& strings) {
  DecodedInterval d;
  d.track = TrackKey::hostThread(r.processId, r.threadId);
  auto& iv = d.interval;
  iv.start_ns = ns(r.start);
  iv.end_ns = ns(r.end);
  iv.kind = r.kind == CUPTI_ACTIVITY_KIND_DRIVER ? IntervalKind::DriverApi : IntervalKind::RuntimeApi;
  iv.name = strings.intern(name);
  iv.correlation = r.correlationId;
  iv.flags |= trace::apiCallFlags(name);
  return d;
}

DecodedInterval decodeSynchronization(const CUpti_ActivitySynchronization2& r, std::int32_t device,
                                      trace::StringTable& strings) {
  DecodedInterval d;
  std::int64_t stream = r.streamId == CUPTI_SYNCHRONIZATION_INVALID_VALUE
                            ? kContextWideStream
                            : static_cast<std::int64_t>(r.streamId);
  d.track = TrackKey::gpuStream(device, stream);
  auto& iv = d.interval;
  iv.start_ns = ns(r.start);
  iv.end_ns = ns(r.end);
  iv.kind = IntervalKind::Synchronization;
  iv.name = strings.intern(synchronizationName(r.type));
  iv.correlation = r.correlationId;
  return d;
}

DecodedInterval decodeCudaEvent(const CUpti_ActivityCudaEvent2& r, trace::StringTable& strings) {
  DecodedInterval d;
  d.track = TrackKey::gpuStream(static_cast<std::int32_t>(r.deviceId), r.streamId);
  auto& iv = d.interval;
  iv.start_ns = ns(r.deviceTimestamp);
  iv.end_ns = r.deviceTimestamp == 0 ? 0 : ns(r.deviceTimestamp) + 1;
  iv.kind = IntervalKind::CudaEvent;
  iv.name = strings.intern("event " + std::to_string(r.eventId));
  iv.correlation = r.correlationId;
  return d;
}

std::optional<DecodedInterval> decodeOverhead(const CUpti_ActivityOverhead3& r, trace::StringTable& strings) {
  DecodedInterval d;
  switch (r.objectKind) {
    case CUPTI_ACTIVITY_OBJECT_THREAD:
      d.track = TrackKey::hostThread(r.objectId.pt.processId, r.objectId.pt.threadId);
      break;
    case CUPTI_ACTIVITY_OBJECT_PROCESS:
      // A whole-process overhead lands on the main thread, whose tid is the pid on Linux.
      d.track = TrackKey::hostThread(r.objectId.pt.processId, r.objectId.pt.processId);
      break;
    case CUPTI_ACTIVITY_OBJECT_DEVICE:
    case CUPTI_ACTIVITY_OBJECT_CONTEXT:
    case CUPTI_ACTIVITY_OBJECT_STREAM:
      d.track = TrackKey::gpuMarkers(static_cast<std::int32_t>(r.objectId.dcs.deviceId));
      break;
    default:
      return std::nullopt;
  }
  auto& iv = d.interval;
  iv.start_ns = ns(r.start);
  iv.end_ns = ns(r.end);
  iv.kind = IntervalKind::Overhead;
  iv.name = strings.intern(overheadKindName(r.overheadKind));
  iv.correlation = r.correlationId;
  return d;
}

trace::DeviceInfo decodeDevice(const CUpti_ActivityDevice5& r) {
  trace::DeviceInfo info;
  info.id = static_cast<std::int32_t>(r.id);
  info.name = r.name != nullptr ? r.name : "";
  info.uuid = formatUuid(r.uuid);
  return info;
}

std::optional<DecodedInterval> MarkerPairer::add(const CUpti_ActivityMarker2& r,
                                                 trace::StringTable& strings) {
  if (r.flags & CUPTI_ACTIVITY_FLAG_MARKER_START) {
    Open o;
    o.start = r.timestamp;
    o.name = r.name != nullptr ? r.name : "";
    o.track = r.objectKind == CUPTI_ACTIVITY_OBJECT_THREAD || r.objectKind == CUPTI_ACTIVITY_OBJECT_PROCESS
                  ? TrackKey::hostThread(r.objectId.pt.processId, r.objectKind == CUPTI_ACTIVITY_OBJECT_THREAD
                                                                      ? r.objectId.pt.threadId
                                                                      : r.objectId.pt.processId)
                  : TrackKey::gpuMarkers(static_cast<std::int32_t>(r.objectId.dcs.deviceId));
    open_[r.id] = std::move(o);
    return std::nullopt;
  }
  if (!(r.flags & CUPTI_ACTIVITY_FLAG_MARKER_END)) return std::nullopt;
  auto it = open_.find(r.id);
  if (it == open_.end()) return std::nullopt;
  DecodedInterval d;
  d.track = it->second.track;
  d.interval.start_ns = ns(it->second.start);
  d.interval.end_ns = ns(r.timestamp);
  d.interval.kind = d.track.kind == trace::TrackKind::GpuMarkers ? IntervalKind::GpuAnnotation
                                                                 : trace::classifyRangeName(it->second.name);
  d.interval.name = strings.intern(it->second.name);
  open_.erase(it);
  return d;
}

RecordDecoder::RecordDecoder(trace::StringTable& strings, ApiNameFn apiName)
    : strings_(strings), api_name_(std::move(apiName)) {}

void RecordDecoder::noteContext(std::uint32_t contextId, std::uint32_t deviceId) {
  context_device_[contextId] = static_cast<std::int32_t>(deviceId);
}

void RecordDecoder::learnContext(const CUpti_Activity& record) {
  switch (record.kind) {
    case CUPTI_ACTIVITY_KIND_KERNEL:
    case CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL: {
      const auto& r = reinterpret_cast<const CUpti_ActivityKernel10&>(record);
      noteContext(r.contextId, r.deviceId);
      break;
    }
    case CUPTI_ACTIVITY_KIND_MEMCPY: {
      const auto& r = reinterpret_cast<const CUpti_ActivityMemcpy6&>(record);
      noteContext(r.contextId, r.deviceId);
      break;
    }
    case CUPTI_ACTIVITY_KIND_MEMSET: {
      const auto& r = reinterpret_cast<const CUpti_ActivityMemset4&>(record);
      noteContext(r.contextId, r.deviceId);
      break;
    }
    case CUPTI_ACTIVITY_KIND_CUDA_EVENT: {
      const auto& r = reinterpret_cast<const CUpti_ActivityCudaEvent2&>(record);
      noteContext(r.contextId, r.deviceId);
      break;
    }
    default:
      break;
  }
}

void RecordDecoder::keep(const DecodedInterval& iv, std::uint64_t start, std::uint64_t end,
                         DecodedBatch& out) {
  if (isInvalidSpan(start, end)) {
    ++out.invalid;
    return;
  }
  out.intervals.push_back(iv);
}

void RecordDecoder::decode(const CUpti_Activity& record, DecodedBatch& out) {
  learnContext(record);
  // CUPTI fills each record with the struct of its kind; the casts read that struct.
  switch (record.kind) {
    case CUPTI_ACTIVITY_KIND_KERNEL:
    case CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL: {
      const auto& r = reinterpret_cast<const CUpti_ActivityKernel10&>(record);
      if (isInvalidSpan(r.start, r.end)) {
        ++out.invalid;  // before interning: the name of a record left out is not worth a string
        return;
      }
      out.intervals.push_back(decodeKernel(r, strings_, &launch_texts_));
      return;
    }
    case CUPTI_ACTIVITY_KIND_MEMCPY: {
      const auto& r = reinterpret_cast<const CUpti_ActivityMemcpy6&>(record);
      keep(decodeMemcpy(r, strings_), r.start, r.end, out);
      return;
    }
    case CUPTI_ACTIVITY_KIND_MEMCPY2: {
      const auto& r = reinterpret_cast<const CUpti_ActivityMemcpyPtoP4&>(record);
      keep(decodePeerMemcpy(r, strings_), r.start, r.end, out);
      return;
    }
    case CUPTI_ACTIVITY_KIND_MEMSET: {
      const auto& r = reinterpret_cast<const CUpti_ActivityMemset4&>(record);
      keep(decodeMemset(r, strings_), r.start, r.end, out);
      return;
    }
    case CUPTI_ACTIVITY_KIND_RUNTIME:
    case CUPTI_ACTIVITY_KIND_DRIVER: {
      const auto& r = reinterpret_cast<const CUpti_ActivityAPI&>(record);
      if (isInvalidSpan(r.start, r.end)) {
        ++out.invalid;
        return;
      }
      auto api = r.kind == CUPTI_ACTIVITY_KIND_DRIVER ? IntervalKind::DriverApi : IntervalKind::RuntimeApi;
      out.intervals.push_back(decodeApi(r, api_name_(api, r.cbid), strings_));
      return;
    }
    case CUPTI_ACTIVITY_KIND_SYNCHRONIZATION: {
      const auto& r = reinterpret_cast<const CUpti_ActivitySynchronization2&>(record);
      auto it = context_device_.find(r.contextId);
      if (it == context_device_.end()) {
        ++skipped_;
        return;
      }
      keep(decodeSynchronization(r, it->second, strings_), r.start, r.end, out);
      return;
    }
    case CUPTI_ACTIVITY_KIND_CUDA_EVENT: {
      const auto& r = reinterpret_cast<const CUpti_ActivityCudaEvent2&>(record);
      if (r.deviceTimestamp == 0) {
        ++out.untimed_events;  // an event made with cudaEventDisableTiming has no time to place
        return;
      }
      keep(decodeCudaEvent(r, strings_), r.deviceTimestamp, r.deviceTimestamp, out);
      return;
    }
    case CUPTI_ACTIVITY_KIND_OVERHEAD: {
      const auto& r = reinterpret_cast<const CUpti_ActivityOverhead3&>(record);
      if (isInvalidSpan(r.start, r.end)) {
        ++out.invalid;
        return;
      }
      if (auto d = decodeOverhead(r, strings_)) {
        out.intervals.push_back(*d);
      } else {
        ++skipped_;
      }
      return;
    }
    case CUPTI_ACTIVITY_KIND_MARKER: {
      const auto& r = reinterpret_cast<const CUpti_ActivityMarker2&>(record);
      bool isStart = (r.flags & CUPTI_ACTIVITY_FLAG_MARKER_START) != 0;
      std::optional<DecodedInterval> range = markers_.add(r, strings_);
      if (range) {
        keep(*range, static_cast<std::uint64_t>(range->interval.start_ns), r.timestamp, out);
      } else if (!isStart) {
        ++skipped_;
      }
      return;
    }
    case CUPTI_ACTIVITY_KIND_DEVICE:
      out.devices.push_back(decodeDevice(reinterpret_cast<const CUpti_ActivityDevice5&>(record)));
      return;
    default:
      ++skipped_;
      return;
  }
}

}  // namespace feedscope::cupti
