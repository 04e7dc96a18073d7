// The keys of the figures a comparison judges and the JSON report writes: one spelling for both, so
// that a row of `report --compare`, a key of `--fail-if` and a key of the JSON report
// (docs/report-json.md) are the same name by construction.
#pragma once

namespace feedscope::analysis::metric_keys {

inline constexpr const char* kMedianStepNs = "median_step_ns";
inline constexpr const char* kStepsPerSecond = "steps_per_second";
inline constexpr const char* kWindowNs = "window_ns";
inline constexpr const char* kComputeBusyNs = "compute_busy_ns";
inline constexpr const char* kStarvationPct = "starvation_pct";
inline constexpr const char* kCopyOnlyPct = "copy_only_pct";
inline constexpr const char* kFullyIdlePct = "fully_idle_pct";
inline constexpr const char* kInputBoundPct = "input_bound_pct";
inline constexpr const char* kPrefetchStepNs = "prefetch_step_ns";
inline constexpr const char* kH2dOverlapPct = "h2d_overlap_pct";
inline constexpr const char* kExposedH2dNs = "exposed_h2d_ns";
inline constexpr const char* kHiddenH2dNs = "hidden_h2d_ns";
inline constexpr const char* kCopyWaitNs = "copy_wait_ns";
inline constexpr const char* kHostWaitNs = "host_wait_ns";
inline constexpr const char* kH2dCount = "h2d_count";
inline constexpr const char* kH2dPageableCount = "h2d_pageable_count";
inline constexpr const char* kH2dPinnedCount = "h2d_pinned_count";
inline constexpr const char* kH2dGbps = "h2d_gbps";
inline constexpr const char* kKernelCount = "kernel_count";

}  // namespace feedscope::analysis::metric_keys
