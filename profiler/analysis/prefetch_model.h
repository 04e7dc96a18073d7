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
  // Without the host's synchronisations in the window (a loss.item(), a blocking call that waited for
  // the stream), the input as it is: the idle time of gaps that began while the host waited in a
  // blocking call (`drained_ns`) goes, and the step is bound by what is left of the GPU's path or by
  // the host's time outside those calls, whichever is longer (docs/metrics.md, "Other what-ifs").
  TimeNs drained_ns = 0;
  TimeNs without_sync_ns = 0;
  bool without_sync_host_bound = false;
};

// The host side of the input path, gathered once per device.
struct HostInputPath {
  // The host calls that launched this device's host-to-device copies, as long as they were busy with
  // the copy (from its start less its length to its end: collectHostInputPath).
  SpanList input_calls;
  // Data loading ∪ host ranges on the input path by name (trace::isInputPathRangeName: collate,
  // input distribution): with a perfect pipeline they run ahead, off the GPU's path.
  SpanList input_path;
  SpanList host_wait_or_input;  // blocking calls ∪ input path ∪ input calls: not host work of the step
  std::vector<SpanList> loader_threads;  // loader workers' busy time, one list per worker thread
  bool has_host_calls = false;           // API calls were recorded: the host path can be measured
};

HostInputPath collectHostInputPath(const trace::Run& run, const trace::StringTable& strings,
                                   const DeviceTimeline& timeline);

class PrefetchModel {
 public:
  // `windows`: the step windows (or the GPU window) the model will be asked about, in time order.
  // `pinnedBytesPerNs`: the pinned host-to-device bandwidth in bytes per ns (decimal GB/s);
  // `perCopyLatencyNs`: the fixed cost of one pinned copy, 0 when unknown.
  // `steps`: the run's step windows (ranges containing a whole step are containers, not host work).
  PrefetchModel(const DeviceTimeline& timeline, const HostInputPath& host, const trace::Run& run,
                const std::vector<StepWindow>& steps, const std::vector<Span>& windows, double pinnedBytesPerNs,
                double perCopyLatencyNs);

  // Windows are cheapest asked in time order (cursors move forward; going back costs a search).
  PrefetchPaths predict(Span window) const;

  // The share of host time, outside input gaps and waits, that some range, operator or call names.
  double namedHostCoverage() const { return coverage_; }
  // Whether unnamed host time inside input gaps is taken as input path (coverage high enough).
  bool trustsUnnamedInputTime() const { return trust_unnamed_; }

 private:
  // What becomes of an idle gap of compute with a perfect input pipeline.
  enum class GapFate : std::uint8_t {
    Input,  // it held an input copy or input-path host work: only its named non-input host work stays
    Stays,    // the GPU waited on a dependency: it recurs every step
    Drained,  // the GPU drained while the host waited in a blocking call: stays with prefetching, goes
              // without the synchronisation
    Goes,   // the host was late while busy: it runs ahead once the input is off its path
  };

  TimeNs keptIdle(Span window, TimeNs& unnamedInputHostNs, TimeNs& drainedNs) const;
  TimeNs keptOfInputGap(Span part, TimeNs& unnamedInputHostNs) const;
  TimeNs copyPathNs(Span window) const;

  const DeviceTimeline& tl_;
  const HostInputPath& host_;
  trace::LargeVector<GapFate> fate_;  // one per tl_.gaps
  SpanList named_in_input_gaps_;         // named host time inside input gaps (all the windows need of it)
  SpanList sync_calls_;                  // blocking calls other than input copy calls: the synchronisations
  // Span edges inside one input gap (time, list bit, +1 or -1), reused so a gap costs no allocation.
  struct Edge {
    TimeNs at;
    std::uint8_t list;
    std::int8_t step;
  };
  mutable std::vector<Edge> edges_;
  double coverage_ = 0;
  bool trust_unnamed_ = false;
  double pinned_bytes_per_ns_;
  double per_copy_latency_ns_;
  // Cursors over the sorted lists the windows read (see SpanCursor).
  mutable std::size_t gap_cursor_ = 0;  // first gap that may touch the next window
  mutable SpanCursor kernels_, other_work_, other_work_of_window_, other_work_of_gaps_, copies_, loading_, input_calls_, named_, wait_or_input_, syncs_;
  mutable std::vector<SpanCursor> loader_threads_;
};

}  // namespace feedscope::analysis
