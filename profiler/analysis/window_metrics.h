// The figures of the metric definitions over one window of one device's timeline.
#pragma once

#include <cstdint>
#include <optional>

#include "analysis/device_timeline.h"
#include "analysis/gap_cause.h"
#include "analysis/span_set.h"

namespace feedscope::analysis {

// Copies that start inside the window, by host memory kind.
struct CopyStats {
  std::uint64_t count = 0;
  std::uint64_t pageable_count = 0;
  std::uint64_t pinned_count = 0;
  std::uint64_t other_count = 0;  // host memory of unknown kind (ROCm "Host", old traces)
  std::uint64_t small_count = 0;  // below AnalysisOptions::small_copy_bytes
  std::uint64_t sync_count = 0;   // the launching call blocked until the copy ended
  std::uint64_t bytes = 0;
  std::uint64_t pageable_bytes = 0;
  std::uint64_t pinned_bytes = 0;
  TimeNs duration_ns = 0;  // sum of copy durations (not a union)
  TimeNs pageable_duration_ns = 0;
  TimeNs pinned_duration_ns = 0;
  TimeNs small_duration_ns = 0;
  // Bytes of the copies that have a duration. An instant (a copy shorter than the trace's resolution,
  // recorded with end == start) is counted and its bytes are, but it has no time to divide by: a
  // bandwidth is taken over timed copies only (docs/metrics.md "Window figures").
  std::uint64_t timed_bytes = 0;
  std::uint64_t timed_pageable_bytes = 0;
  std::uint64_t timed_pinned_bytes = 0;

  // Aggregate bandwidth Σbytes/Σduration in decimal GB/s (bytes per ns); nullopt without copies.
  std::optional<double> gbps() const;
  std::optional<double> pageableGbps() const;
  std::optional<double> pinnedGbps() const;
};

struct WindowMetrics {
  Span window;
  TimeNs window_ns = 0;
  TimeNs compute_busy_ns = 0;   // |K ∩ W|
  TimeNs starvation_ns = 0;     // |W| - |K ∩ W|
  TimeNs gpu_busy_ns = 0;       // |A ∩ W|
  TimeNs copy_only_ns = 0;      // |(A \ K) ∩ W|
  TimeNs fully_idle_ns = 0;     // |W| - |A ∩ W|
  TimeNs h2d_ns = 0;            // |C ∩ W|
  TimeNs hidden_h2d_ns = 0;     // |C ∩ K ∩ W|
  TimeNs exposed_h2d_ns = 0;    // |(C \ K) ∩ W|
  GapBreakdown gaps;            // starvation by cause; sums to starvation_ns
  std::uint64_t gap_count = 0;  // maximal gaps of K that touch the window
  std::uint64_t kernel_count = 0;
  std::uint64_t memset_count = 0;
  CopyStats h2d;
  CopyStats d2h;
  CopyStats d2d;

  double pct(TimeNs part) const;  // part as % of the window
  double starvationPct() const { return pct(starvation_ns); }
  double copyOnlyPct() const { return pct(copy_only_ns); }
  double fullyIdlePct() const { return pct(fully_idle_ns); }
  double computeBusyPct() const { return pct(compute_busy_ns); }
  // Prefetch effectiveness |C ∩ K| / |C| in %; nullopt without input copies.
  std::optional<double> h2dOverlapPct() const;
  // (copy wait + data-loading host wait) / window, in %: the input waits the gap attribution names.
  // The input-bound figure is another one (run_analysis.h): what prefetching would remove.
  double inputWaitPct() const;
};

WindowMetrics measureWindow(const DeviceTimeline& timeline, Span window, const AnalysisOptions& options = {});

}  // namespace feedscope::analysis
