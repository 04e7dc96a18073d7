// What a perfect input pipeline would make of each step: pinned copies on a side stream, the next
// batch loaded and copied while the current one trains. Modelled from the run's own timeline, not
// from constants: the step then takes as long as the slowest of four paths that run side by side,
//   - GPU work: the kernels, memsets and non-input copies, plus the idle time no input pipeline can
//     remove (the GPU draining at a host synchronisation, dependencies between streams, and the host
//     work left in an input gap once its input part is gone);
//   - host work: the step thread's time that is neither waiting for the GPU nor spent on the input
//     path (data loading, the copy calls, unnamed host time inside input gaps);
//     Unnamed host time is taken as input path only in a trace that names most host time elsewhere
//     (operators, ranges, calls): a sampled or sparse trace names little anywhere, and there unnamed
//     time says nothing about what the host did;
//   - input copies: the step's host-to-device bytes at pinned bandwidth (on a copy engine);
//   - loader workers: their busy time per step divided by their number (when they are recorded).
// docs/metrics.md states the model and why each part is there.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "analysis/device_timeline.h"
#include "analysis/steps.h"
#include "trace/run.h"

namespace feedscope::analysis {

enum class PrefetchBound : std::uint8_t { GpuWork = 0, HostWork = 1, InputCopy = 2, Loader = 3 };
std::string_view prefetchBoundKey(PrefetchBound bound);    // "gpu_work", "host_work", "input_copy", "loader"
std::string_view prefetchBoundLabel(PrefetchBound bound);  // "GPU work", "host work", ...

// The four paths of one window and the prediction they give.
struct PrefetchPaths {
  TimeNs gpu_ns = 0;
  std::optional<TimeNs> host_ns;    // nullopt: the trace holds no host API calls to measure it by
  TimeNs copy_ns = 0;
  std::optional<TimeNs> loader_ns;  // nullopt: no loader workers recorded
  TimeNs predicted_ns = 0;          // the slowest path, never more than the measured window
  PrefetchBound bound = PrefetchBound::GpuWork;
};

// The host side of the input path, gathered once per device.
struct HostInputPath {
  SpanList host_activity;   // host time some range, operator or call names (every thread but loader workers)
  SpanList input_calls;     // the host calls that launched this device's host-to-device copies
  SpanList host_wait_or_input;  // blocking calls ∪ data loading ∪ input calls: not host work of the step
  std::vector<SpanList> loader_threads;  // loader workers' busy time, one list per worker thread
  bool has_host_calls = false;           // API calls were recorded: the host path can be measured
};

// `steps` are the run's step windows in time order: ranges that contain a whole step are containers
// (a user's range around the loop), not host work.
HostInputPath collectHostInputPath(const trace::Run& run, const DeviceTimeline& timeline,
                                   const std::vector<StepWindow>& steps);

class PrefetchModel {
 public:
  // `pinnedBytesPerNs`: the pinned host-to-device bandwidth in bytes per ns (decimal GB/s);
  // `perCopyLatencyNs`: the fixed cost of one pinned copy, 0 when unknown.
  // `windows`: the step windows (or the GPU window) the model will be asked about, in time order.
  PrefetchModel(const DeviceTimeline& timeline, const HostInputPath& host, const std::vector<Span>& windows,
                double pinnedBytesPerNs, double perCopyLatencyNs);

  PrefetchPaths predict(Span window) const;

  // The share of host time, outside input gaps and waits, that some range, operator or call names.
  double namedHostCoverage() const { return coverage_; }
  // Whether unnamed host time inside input gaps is taken as input path (coverage high enough).
  bool trustsUnnamedInputTime() const { return trustUnnamed_; }

 private:
  TimeNs keptIdle(Span window, TimeNs& unnamedInputHostNs) const;
  TimeNs copyPathNs(Span window) const;

  bool isInputGap(const Gap& gap) const;

  const DeviceTimeline& tl_;
  const HostInputPath& host_;
  double coverage_ = 0;
  bool trustUnnamed_ = false;
  double pinnedBytesPerNs_;
  double perCopyLatencyNs_;
};

}  // namespace feedscope::analysis
