// Copy bandwidth and latency measurement.
#include "workload/copy_calibration.h"

#include <cuda_runtime.h>

#include <algorithm>
#include <cmath>
#include <cstring>

#include "trace/statistics.h"
#include "trace/units.h"
#include "workload/cuda_check.h"
#include "workload/cuda_resources.h"
#include "workload/gpu_devices.h"
#include "workload/host_lanes.h"

namespace feedscope::workload {

using trace::IntervalKind;
using trace::MemoryKind;

CalibrationPlan defaultCalibrationPlan() {
  CalibrationPlan plan;
  for (std::uint64_t bytes = 4096; bytes <= (256ull << 20); bytes *= 4) plan.sizes.push_back(bytes);
  return plan;
}

trace::BandwidthSample summarizeCopies(IntervalKind direction, MemoryKind host, std::uint64_t bytes,
                                       std::vector<trace::TimeNs> durations) {
  trace::BandwidthSample s;
  s.direction = direction;
  s.host_memory = host;
  s.bytes = bytes;
  trace::TimeNs median = trace::medianNs(std::move(durations));
  s.latency_ns = static_cast<double>(median);
  s.gbps = median > 0 ? static_cast<double>(bytes) / static_cast<double>(median) : 0.0;
  return s;
}

void setPeaks(trace::Calibration& c) {
  c.pinned_h2d_gbps = c.pageable_h2d_gbps = c.pinned_d2h_gbps = c.pageable_d2h_gbps = 0;
  for (const trace::BandwidthSample& s : c.samples) {
    bool pinned = s.host_memory == MemoryKind::Pinned;
    double& peak = s.direction == IntervalKind::MemcpyHtoD
                       ? (pinned ? c.pinned_h2d_gbps : c.pageable_h2d_gbps)
                       : (pinned ? c.pinned_d2h_gbps : c.pageable_d2h_gbps);
    peak = std::max(peak, s.gbps);
  }
}

std::optional<trace::TimeNs> estimatedCopyNs(const trace::Calibration& c, std::uint64_t bytes,
                                             MemoryKind host, IntervalKind direction) {
  const trace::BandwidthSample* nearest = nullptr;
  double nearestDistance = 0;
  for (const trace::BandwidthSample& s : c.samples) {
    if (s.direction != direction || s.host_memory != host || s.bytes == 0 || s.gbps <= 0) continue;
    if (s.bytes == bytes) return static_cast<trace::TimeNs>(s.latency_ns);
    double distance = std::abs(std::log(static_cast<double>(s.bytes) / static_cast<double>(bytes)));
    if (nearest == nullptr || distance < nearestDistance) {
      nearest = &s;
      nearestDistance = distance;
    }
  }
  if (nearest == nullptr) return std::nullopt;
  return static_cast<trace::TimeNs>(static_cast<double>(bytes) / nearest->gbps);
}

namespace {

// Everything one calibration copies between and times with; the largest size fits in each buffer.
struct Buffers {
  explicit Buffers(std::uint64_t largest)
      : pinned(largest, "allocating pinned memory for calibration"),
        pageable(largest, "allocating pageable memory for calibration"),
        device(largest, "allocating device memory for calibration"),
        stream("creating the calibration stream"),
        begin(cudaEventDefault, "creating a calibration event"),
        end(cudaEventDefault, "creating a calibration event") {}

  PinnedBuffer<std::uint8_t> pinned;
  PageableBuffer pageable;
  DeviceBuffer<std::uint8_t> device;
  Stream stream;
  Event begin;
  Event end;
};

trace::TimeNs timeOneCopy(Buffers& b, void* dst, const void* src, std::uint64_t bytes, cudaMemcpyKind kind) {
  checkCuda(cudaEventRecord(b.begin.get(), b.stream.get()), "recording a calibration event");
  checkCuda(cudaMemcpyAsync(dst, src, bytes, kind, b.stream.get()), "copying during calibration");
  checkCuda(cudaEventRecord(b.end.get(), b.stream.get()), "recording a calibration event");
  checkCuda(cudaEventSynchronize(b.end.get()), "waiting for a calibration copy");
  float ms = 0;
  checkCuda(cudaEventElapsedTime(&ms, b.begin.get(), b.end.get()), "timing a calibration copy");
  return static_cast<trace::TimeNs>(static_cast<double>(ms) * 1e6);
}

}  // namespace

trace::Calibration measureCopyBandwidth(int device, const CalibrationPlan& plan,
                                        const CalibrationProgressFn& progress) {
  requireGpu(device);
  checkCuda(cudaSetDevice(device), "selecting GPU " + std::to_string(device));
  std::uint64_t largest = plan.sizes.empty() ? 0 : *std::max_element(plan.sizes.begin(), plan.sizes.end());
  trace::Calibration calibration;
  if (largest == 0) return calibration;
  Buffers b(largest);
  // Touch every page, so no copy pays for first-touch page faults.
  std::memset(b.pageable.get(), 1, largest);
  std::memset(b.pinned.get(), 1, largest);

  struct Case {
    IntervalKind direction;
    MemoryKind host;
  };
  const Case cases[] = {{IntervalKind::MemcpyHtoD, MemoryKind::Pinned},
                        {IntervalKind::MemcpyHtoD, MemoryKind::Pageable},
                        {IntervalKind::MemcpyDtoH, MemoryKind::Pinned},
                        {IntervalKind::MemcpyDtoH, MemoryKind::Pageable}};
  const std::size_t total = std::size(cases) * plan.sizes.size();
  std::size_t done = 0;
  for (const Case& c : cases) {
    std::uint8_t* hostMemory = c.host == MemoryKind::Pinned ? b.pinned.get() : b.pageable.get();
    bool toDevice = c.direction == IntervalKind::MemcpyHtoD;
    for (std::uint64_t bytes : plan.sizes) {
      if (progress) {
        progress(static_cast<double>(done) / static_cast<double>(total),
                 std::string(toDevice ? "H2D " : "D2H ") + std::string(trace::memoryKindName(c.host)) + " " +
                     trace::formatBytes(bytes));
      }
      void* dst = toDevice ? static_cast<void*>(b.device.get()) : static_cast<void*>(hostMemory);
      const void* src = toDevice ? static_cast<const void*>(hostMemory) : static_cast<const void*>(b.device.get());
      cudaMemcpyKind kind = toDevice ? cudaMemcpyHostToDevice : cudaMemcpyDeviceToHost;
      timeOneCopy(b, dst, src, bytes, kind);  // untimed: first use of this size
      std::vector<trace::TimeNs> durations;
      trace::TimeNs spent = 0;
      while (static_cast<int>(durations.size()) < plan.max_copies &&
             (static_cast<int>(durations.size()) < plan.min_copies || spent < plan.min_time_per_size_ns)) {
        trace::TimeNs t = timeOneCopy(b, dst, src, bytes, kind);
        durations.push_back(t);
        spent += std::max<trace::TimeNs>(t, 1);
      }
      calibration.samples.push_back(summarizeCopies(c.direction, c.host, bytes, std::move(durations)));
      ++done;
    }
  }
  setPeaks(calibration);
  if (progress) progress(1.0, "done");
  return calibration;
}

}  // namespace feedscope::workload
