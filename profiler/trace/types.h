// Vocabulary of the trace model: time, interval kinds, memory kinds, track kinds.
#pragma once

#include <cstdint>
#include <climits>
#include <optional>
#include <string_view>

namespace feedscope::trace {

// Nanoseconds on the run's clock (CLOCK_MONOTONIC for recorded runs, the trace's own clock for imports).
using TimeNs = std::int64_t;

// Every valid timestamp lies within ±kMaxTimeNs (about 146 years of nanoseconds), so the difference
// of two never overflows; records outside are invalid.
inline constexpr TimeNs kMaxTimeNs = TimeNs{1} << 62;

// How a record's span counts, decided here for every source (importers through RunBuilder, the
// CUPTI decoder, the raw-stream merge): start 0 is "no timestamp" (CUPTI's timestamp storage
// exhausted gives start = end = 0: pytorch/kineto#109), an end before its start or a time outside
// ±kMaxTimeNs is damage; all three are Invalid, counted and left out. end == start is ZeroLength: an
// instant (shorter than the trace's resolution), kept and counted apart; it adds no time to any union
// or sum (docs/metrics.md "Inputs").
enum class SpanValidity : std::uint8_t { Valid, Invalid, ZeroLength };

constexpr SpanValidity spanValidity(TimeNs start, TimeNs end) {
  if (start == 0 || end < start || start < -kMaxTimeNs || end > kMaxTimeNs) return SpanValidity::Invalid;
  return end == start ? SpanValidity::ZeroLength : SpanValidity::Valid;
}

// The same rule for CUPTI's unsigned timestamps: above kMaxTimeNs is invalid too.
constexpr SpanValidity spanValidity(std::uint64_t start, std::uint64_t end) {
  if (start > static_cast<std::uint64_t>(kMaxTimeNs) || end > static_cast<std::uint64_t>(kMaxTimeNs))
    return SpanValidity::Invalid;
  return spanValidity(static_cast<TimeNs>(start), static_cast<TimeNs>(end));
}

// Moves the span [start, end] by `shift` (a clock's offset, a trace's base time): false, and the span
// as it was, when a sum overflows or the moved span is Invalid by spanValidity. The caller counts the
// record invalid and leaves it out, as RunBuilder::add does: one rule for every source that moves
// records onto another clock (the Kineto rebase, the raw-stream merge).
constexpr bool shiftSpan(TimeNs& start, TimeNs& end, TimeNs shift) {
  TimeNs movedStart = 0, movedEnd = 0;
  if (__builtin_add_overflow(start, shift, &movedStart) || __builtin_add_overflow(end, shift, &movedEnd)) return false;
  if (spanValidity(movedStart, movedEnd) == SpanValidity::Invalid) return false;
  start = movedStart;
  end = movedEnd;
  return true;
}

// a + b, clamped instead of overflowing: sums of durations taken from untrusted files.
constexpr TimeNs saturatingAdd(TimeNs a, TimeNs b) {
  TimeNs sum = 0;
  if (__builtin_add_overflow(a, b, &sum)) return b > 0 ? INT64_MAX : INT64_MIN;
  return sum;
}
using StringId = std::uint32_t;

// What an interval is. Stored as one byte per interval; values are part of the session file format.
enum class IntervalKind : std::uint8_t {
  Kernel = 0,
  MemcpyHtoD = 1,
  MemcpyDtoH = 2,
  MemcpyDtoD = 3,
  MemcpyHtoH = 4,
  MemcpyPtoP = 5,
  Memset = 6,
  Synchronization = 7,  // stream/device/event sync on the GPU side: never counts as busy
  RuntimeApi = 8,       // cuda* call on a host thread
  DriverApi = 9,        // cu* call on a host thread
  Range = 10,           // NVTX or user annotation range on a host thread
  Step = 11,            // one training step (ProfilerStep#N, NVTX "step", the demo's markers)
  DataLoading = 12,     // the host waited for or produced input (DataLoader iteration, demo loader)
  HostOp = 13,          // framework operator on the host (aten::*, python functions)
  GpuAnnotation = 14,   // a host range projected onto the GPU timeline: not GPU work
  Overhead = 15,        // profiler or driver overhead reported by CUPTI
  LoaderWork = 16,      // a loader worker producing a batch (demo workload)
  CudaEvent = 17,       // cudaEventRecord on a stream
};
inline constexpr int kIntervalKindCount = 18;

std::string_view intervalKindName(IntervalKind kind);
std::optional<IntervalKind> intervalKindFromName(std::string_view name);

constexpr bool isCopy(IntervalKind k) {
  return k >= IntervalKind::MemcpyHtoD && k <= IntervalKind::MemcpyPtoP;
}
// GPU work that makes the device busy (the union A of the metric definitions).
constexpr bool isGpuWork(IntervalKind k) {
  return k == IntervalKind::Kernel || isCopy(k) || k == IntervalKind::Memset;
}
constexpr bool isApiCall(IntervalKind k) {
  return k == IntervalKind::RuntimeApi || k == IntervalKind::DriverApi;
}

// Memory kinds use CUPTI's numbering (CUpti_ActivityMemoryKind), plus Host for "host memory of
// unknown kind" (ROCm traces say only "Host"). nsys numbers differ: importers translate.
enum class MemoryKind : std::uint8_t {
  Unknown = 0,
  Pageable = 1,
  Pinned = 2,
  Device = 3,
  Array = 4,
  Managed = 5,
  DeviceStatic = 6,
  ManagedStatic = 7,
  Host = 8,
};
inline constexpr int kMemoryKindCount = 9;

std::string_view memoryKindName(MemoryKind kind);
std::optional<MemoryKind> memoryKindFromName(std::string_view name);

// Per-interval flag bits.
namespace flags {
inline constexpr std::uint8_t kAsyncApi = 1u << 0;     // issued through an *Async call
inline constexpr std::uint8_t kBlockingApi = 1u << 1;  // the host call blocked until the work ended
}  // namespace flags

enum class TrackKind : std::uint8_t {
  GpuStream = 0,   // one CUDA stream of one device: kernels, copies, memsets, syncs
  HostThread = 1,  // one host thread: API calls, ranges, operators
  GpuMarkers = 2,  // annotations projected onto a device
  Loader = 3,      // demo loader worker
};
std::string_view trackKindName(TrackKind kind);
std::optional<TrackKind> trackKindFromName(std::string_view name);

}  // namespace feedscope::trace
