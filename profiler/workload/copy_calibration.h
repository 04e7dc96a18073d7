// `feedscope calibrate`: host-to-device and device-to-host bandwidth and per-copy latency from
// pageable and pinned memory, for copy sizes from 4 KiB to 256 MiB. CUDA-free header.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "trace/run.h"

namespace feedscope::workload {

struct CalibrationPlan {
  std::vector<std::uint64_t> sizes;                 // bytes per copy
  int min_copies = 5;                               // timed copies per size, at least
  int max_copies = 200;                             // and at most
  trace::TimeNs min_time_per_size_ns = 50'000'000;  // keep copying a size until this much copy time
};
// 4 KiB, 16 KiB, ... 256 MiB (powers of four).
CalibrationPlan defaultCalibrationPlan();

using CalibrationProgressFn = std::function<void(double fraction, const std::string& what)>;

// Times copies with CUDA events on one stream, after one untimed copy of each size. Throws NoGpuError
// without a GPU, GpuError when a CUDA call fails.
trace::Calibration measureCopyBandwidth(int device, const CalibrationPlan& plan,
                                        const CalibrationProgressFn& progress = {});

// The sample of one size from its copy durations: latency is the median, bandwidth bytes / median.
trace::BandwidthSample summarizeCopies(trace::IntervalKind direction, trace::MemoryKind host,
                                       std::uint64_t bytes, std::vector<trace::TimeNs> durations);
// Sets the four peak figures of `calibration` (the best bandwidth over sizes) from its samples.
void setPeaks(trace::Calibration& calibration);
// Estimated duration of one copy of `bytes`: the latency of that exact size when it was measured, else
// bytes at the bandwidth measured for the nearest size. nullopt without a sample of that kind.
std::optional<trace::TimeNs> estimatedCopyNs(const trace::Calibration& calibration, std::uint64_t bytes,
                                             trace::MemoryKind host,
                                             trace::IntervalKind direction = trace::IntervalKind::MemcpyHtoD);

}  // namespace feedscope::workload
