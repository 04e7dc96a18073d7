// The whole analysis of a run: per device, the run's figures, its steps, the what-if figures and
// the findings. This is what reports, the CLI and the GUI present.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "analysis/device_timeline.h"
#include "analysis/finding.h"
#include "analysis/input_evidence.h"
#include "analysis/input_pipeline.h"
#include "analysis/host_wait_names.h"
#include "analysis/options.h"
#include "analysis/prefetch_model.h"
#include "analysis/steps.h"
#include "analysis/window_metrics.h"
#include "trace/large_page_allocator.h"
#include "trace/run.h"
#include "trace/string_table.h"

namespace feedscope::analysis {

// The last two are answers of their own, not percentages (docs/metrics.md, "Input evidence"): a trace
// with no host side cannot tell whether input is the cause; one with no input path (no data loading,
// no batch copied to the GPU: an inference or serving trace) has nothing for prefetching to remove.
enum class InputBoundVerdict : std::uint8_t {
  NotInputBound,
  ModeratelyInputBound,
  HighlyInputBound,
  CannotTell,
  NoInputPath,
};
std::string_view verdictKey(InputBoundVerdict v);  // "not_input_bound", ..., "cannot_tell", "no_input_path"
// Whether the verdict is a share prefetching would remove (the first three), so that the prefetching
// what-if is offered.
bool offersPrefetching(InputBoundVerdict v);
// TensorFlow profiler's wording: >= 20 % highly, >= 5 % moderately, else not.
InputBoundVerdict verdictFor(double inputBoundPct);
// The share of a measured time that prefetching would remove: 100 × (1 − predicted / measured).
double inputBoundPct(TimeNs measuredNs, TimeNs prefetchedNs);

struct StepMetrics {
  StepWindow step;
  WindowMetrics metrics;
  PrefetchPaths prefetch;  // this step with a perfect input pipeline

  double inputBoundPct() const { return analysis::inputBoundPct(metrics.window_ns, prefetch.predicted_ns); }
};

// Step times and the median step's breakdown: compute, exposed copy, host wait, other.
struct StepSummary {
  std::size_t count = 0;
  TimeNs total_ns = 0;
  TimeNs median_ns = 0;
  TimeNs mean_ns = 0;
  TimeNs min_ns = 0;
  TimeNs max_ns = 0;
  TimeNs p90_ns = 0;
  TimeNs median_compute_ns = 0;
  TimeNs median_copy_wait_ns = 0;
  TimeNs median_host_wait_ns = 0;
  TimeNs median_other_ns = 0;
  double stepsPerSecond() const { return median_ns > 0 ? 1e9 / static_cast<double>(median_ns) : 0.0; }
};

struct WhatIf {
  TimeNs baseline_ns = 0;           // median step time, or the GPU window when there are no steps
  TimeNs copies_hidden_ns = 0;      // if every input copy were hidden behind compute
  std::optional<TimeNs> pinned_ns;  // if pageable input copies ran at the pinned bandwidth
  std::optional<double> pinned_reference_gbps;
  std::string pinned_reference_source;  // "calibration", "pinned copies in this run", "assumed"
  std::string pinned_reference_basis;   // for an assumed figure: which link it assumes
  std::optional<double> pageable_gbps;  // measured pageable H2D aggregate

  // With a perfect input pipeline (prefetch_model.h): the median of the steps' predictions, the
  // path that bounds most steps, and each path's median.
  TimeNs prefetch_step_ns = 0;
  PrefetchBound prefetch_bound = PrefetchBound::GpuWork;
  PrefetchPaths prefetch_paths;  // medians per path; predicted_ns == prefetch_step_ns

  // Without the synchronisations in the step (prefetch_model.h, PrefetchPaths::without_sync_ns): the
  // median step, offered only when it removes at least kSyncWhatIfMinPct of it (its cause is there).
  std::optional<TimeNs> without_sync_ns;
  TimeNs drained_ns = 0;  // median idle a step spent drained at a host synchronisation
  bool without_sync_host_bound = false;  // most steps bound by the host's own work, else by the GPU's
  std::optional<double> withoutSyncSpeedup() const;

  double copiesHiddenSpeedup() const;
  std::optional<double> pinnedSpeedup() const;
  double prefetchSpeedup() const;  // measured median / predicted
};

struct DeviceAnalysis {
  std::int32_t device = 0;
  std::string device_name;
  DeviceTimeline timeline;
  WindowMetrics whole;  // over the GPU window
  trace::LargeVector<StepMetrics> steps;  // large-page blocks: thousands of steps, ~0.5 KiB each
  std::optional<StepSummary> step_summary;
  double input_bound_pct = 0;  // share of the median step (or the GPU window) prefetching would remove
  InputBoundVerdict verdict = InputBoundVerdict::NotInputBound;
  InputEvidence evidence;      // what the trace shows of the host side and the input path
  WhatIf what_if;
  HostWaitByName
      host_other;  // "host: other" over the GPU window, by the host range that kept the GPU waiting
  // Roots most severe first, each followed by its parts (finding_partition.h).
  std::vector<Finding> findings;
  TimeNs unexplained_ns = 0;  // starvation that no root finding explains
};

// What the host side shows on its own, for a trace with or without GPU work (a CPU run, the README's
// quick start on a CPU machine): its steps and its data-loading ranges.
struct HostSummary {
  std::uint64_t steps = 0;
  TimeNs step_median_ns = 0;
  std::uint64_t loads = 0;            // data-loading ranges (trace/range_names.h)
  TimeNs loading_ns = 0;              // their time, overlaps counted once
  TimeNs loading_median_ns = 0;
  TimeNs steps_span_ns = 0;           // first step's start to last step's end
  double stepsPerSecond() const { return step_median_ns > 0 ? 1e9 / static_cast<double>(step_median_ns) : 0.0; }
};
HostSummary summarizeHost(const trace::Run& run, const trace::StringTable& strings);

struct RunAnalysis {
  std::string run_name;
  TimeNs time_origin = 0;  // trace::Run::timeOrigin(): time 0 of every "+150 ms" shown for this run
  trace::RecordCounts records;
  std::vector<DeviceAnalysis> devices;  // devices with GPU tracks; empty for a host-only trace
  HostSummary host;                     // the host side's steps and data loading
  std::vector<Finding> run_findings;    // findings about the data itself (incomplete, no GPU work), and the
                                        // input pipeline's (host time: the loader, pinning, batch copies)
  // What the Python hooks saw of the input pipeline (steps, DataLoader waits, workers), with or without
  // a GPU; nullopt without them.
  std::optional<InputPipeline> input_pipeline;

  const DeviceAnalysis* primary() const { return devices.empty() ? nullptr : &devices.front(); }
  // All findings: run-level first, then each device's in its order (roots most severe first, each
  // followed by its parts).
  std::vector<const Finding*> allFindings() const;
};

RunAnalysis analyzeRun(const trace::Run& run, const trace::StringTable& strings, const AnalysisOptions& options = {});

StepSummary summarizeSteps(const trace::LargeVector<StepMetrics>& steps);
// The pinned reference: calibration, else this run's large pinned copies, else --pinned-gbps, else the
// assumed-link table for the device (link_bandwidth.h).
void choosePinnedReference(WhatIf& w, const DeviceAnalysis& device, const trace::Run& run, const AnalysisOptions& options);
// Fills the what-if figures of `reference` (whose pinned reference choosePinnedReference chose, once
// for the prefetch model and these); the prefetch predictions of the steps (or `wholePrediction`
// without steps) must be in place.
WhatIf computeWhatIf(const DeviceAnalysis& device, WhatIf reference, const PrefetchPaths& wholePrediction);

}  // namespace feedscope::analysis
