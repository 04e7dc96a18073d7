// Everything the metrics need about one device of one run, prepared once: the unions K, C, A of
// the metric definitions, the copies, and the idle gaps of K labelled by cause. Metrics over any
// window (the whole run, a step, a selection) are then read from it by binary search.
#pragma once

#include <cstdint>
#include <vector>

#include "analysis/gap_cause.h"
#include "analysis/gap_labeler.h"
#include "analysis/options.h"
#include "analysis/span_set.h"
#include "trace/run.h"
#include "trace/string_table.h"

namespace feedscope::analysis {

struct CopyRecord {
  TimeNs start_ns = 0;
  TimeNs end_ns = 0;
  std::uint64_t bytes = 0;
  trace::MemoryKind host_memory = trace::MemoryKind::Unknown;  // source of H2D, destination of D2H
  std::uint32_t correlation = 0;
  std::int64_t stream = -1;
  bool host_blocked = false;  // the launching call returned only after the copy ended: synchronous
  bool has_api_call = false;  // the launching call was found by correlation
  bool async_call = false;    // launched through an *Async call (non_blocking=True in PyTorch)
  bool followed_by_wait = false;  // a synchronising call followed the launching call at once (non_blocking=False)
  TimeNs call_start_ns = 0;   // the launching call, when found
  TimeNs call_end_ns = 0;

  TimeNs durationNs() const { return end_ns - start_ns; }
};

struct KernelStart {
  TimeNs start_ns = 0;
  std::uint32_t correlation = 0;
};

// A maximal gap of K inside the run's extent (its labelled segments are the `causes` inside `span`).
inline constexpr std::uint32_t kNoLaunchTrack = 0xffffffffu;

struct Gap {
  Span span;
  TimeNs launch_delay_ns = -1;  // how long after the gap began its ender was launched (-1: unknown)
  bool host_late = false;       // the operation ending the gap was launched after the gap began
  std::uint32_t launch_track = kNoLaunchTrack;  // the run's track of the launching call, when found
};

struct DeviceTimeline {
  std::int32_t device = 0;
  Span extent;      // first to last interval of the run, host included
  Span gpu_window;  // first GPU operation start to last GPU operation end; empty without GPU work
  bool hasGpuWork() const { return !kernels.empty() || !non_kernel_work.empty(); }
  bool has_api_records = false;

  SpanList kernels;            // K
  SpanList h2d;                // C
  SpanList h2d_pageable;       // the part of C from pageable memory
  SpanList non_kernel_work;    // A \ K: copies in any direction and memsets, where no kernel ran
  SpanList other_work;         // (A \ C) \ K: memsets and non-input copies where no kernel ran
  SpanList h2d_under_kernels;  // C ∩ K
  SpanList data_loading;       // host data-loading ranges (any process)
  SpanList blocking_calls;     // host calls that block on the GPU (syncs, sync or pageable copies)

  trace::LargeVector<KernelStart> kernel_starts;  // sorted: to count kernels in a window, find a gap's ender
  trace::LargeVector<TimeNs> memset_starts;
  trace::LargeVector<CopyRecord> h2d_copies;  // sorted by start
  trace::LargeVector<CopyRecord> d2h_copies;
  trace::LargeVector<CopyRecord> d2d_copies;  // device-to-device and peer

  trace::LargeVector<CauseSegment> causes;  // tiles every gap of K inside the extent, in time order
  trace::LargeVector<Gap> gaps;
};

DeviceTimeline buildDeviceTimeline(const trace::Run& run, std::int32_t device, const AnalysisOptions& options = {});

}  // namespace feedscope::analysis
