// Whole-run analysis: device timelines, run and step figures, verdict, what-if, findings.
#include "analysis/run_analysis.h"

#include <algorithm>
#include <array>

#include "analysis/finding_partition.h"
#include "analysis/findings.h"
#include "analysis/link_bandwidth.h"
#include "analysis/thresholds.h"
#include "analysis/window_meter.h"
#include "trace/statistics.h"

namespace feedscope::analysis {
namespace {

TimeNs percentile(std::vector<TimeNs> values, double p) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  auto rank = static_cast<std::size_t>(p * static_cast<double>(values.size() - 1) + 0.5);
  return values[std::min(rank, values.size() - 1)];
}

}  // namespace

std::string_view verdictKey(InputBoundVerdict v) {
  switch (v) {
    case InputBoundVerdict::HighlyInputBound: return "highly_input_bound";
    case InputBoundVerdict::ModeratelyInputBound: return "moderately_input_bound";
    case InputBoundVerdict::CannotTell: return "cannot_tell";
    case InputBoundVerdict::NoInputPath: return "no_input_path";
    case InputBoundVerdict::NotInputBound: break;
  }
  return "not_input_bound";
}

bool offersPrefetching(InputBoundVerdict v) {
  return v != InputBoundVerdict::CannotTell && v != InputBoundVerdict::NoInputPath;
}

std::optional<double> WhatIf::withoutSyncSpeedup() const {
  if (!without_sync_ns || *without_sync_ns <= 0) return std::nullopt;
  return static_cast<double>(baseline_ns) / static_cast<double>(*without_sync_ns);
}

double inputBoundPct(TimeNs measuredNs, TimeNs prefetchedNs) {
  if (measuredNs <= 0) return 0.0;
  return std::max(0.0, 100.0 * (1.0 - static_cast<double>(prefetchedNs) / static_cast<double>(measuredNs)));
}

InputBoundVerdict verdictFor(double inputBoundPct) {
  if (inputBoundPct >= thresholds::kHighlyInputBoundPct) return InputBoundVerdict::HighlyInputBound;
  if (inputBoundPct >= thresholds::kModeratelyInputBoundPct) return InputBoundVerdict::ModeratelyInputBound;
  return InputBoundVerdict::NotInputBound;
}

double WhatIf::copiesHiddenSpeedup() const {
  return copies_hidden_ns > 0 ? static_cast<double>(baseline_ns) / static_cast<double>(copies_hidden_ns) : 1.0;
}

std::optional<double> WhatIf::pinnedSpeedup() const {
  if (!pinned_ns || *pinned_ns <= 0) return std::nullopt;
  return static_cast<double>(baseline_ns) / static_cast<double>(*pinned_ns);
}

double WhatIf::prefetchSpeedup() const {
  return prefetch_step_ns > 0 ? static_cast<double>(baseline_ns) / static_cast<double>(prefetch_step_ns) : 1.0;
}

std::vector<const Finding*> RunAnalysis::allFindings() const {
  // Each device's findings keep their order (roots most severe first, each followed by its parts).
  std::vector<const Finding*> out;
  for (const auto& f : run_findings) out.push_back(&f);
  for (const auto& d : devices) {
    for (const auto& f : d.findings) out.push_back(&f);
  }
  return out;
}

StepSummary summarizeSteps(const trace::LargeVector<StepMetrics>& steps) {
  StepSummary s;
  s.count = steps.size();
  if (steps.empty()) return s;
  std::vector<TimeNs> times, compute, copyWait, hostWait, other;
  for (const auto& st : steps) {
    const WindowMetrics& m = st.metrics;
    times.push_back(m.window_ns);
    compute.push_back(m.compute_busy_ns);
    copyWait.push_back(m.gaps.copyWait());
    hostWait.push_back(m.gaps.hostWait());
    other.push_back(m.gaps[GapCause::DependencyOther]);
    s.total_ns = trace::saturatingAdd(s.total_ns, m.window_ns);  // steps may overlap in a hostile file
  }
  s.median_ns = trace::medianNs(times);
  s.mean_ns = s.total_ns / static_cast<TimeNs>(steps.size());
  s.min_ns = *std::min_element(times.begin(), times.end());
  s.max_ns = *std::max_element(times.begin(), times.end());
  s.p90_ns = percentile(times, 0.9);
  s.median_compute_ns = trace::medianNs(compute);
  s.median_copy_wait_ns = trace::medianNs(copyWait);
  s.median_host_wait_ns = trace::medianNs(hostWait);
  s.median_other_ns = trace::medianNs(other);
  return s;
}

namespace {

// Pinned bandwidth of this run's own copies of 1 MiB or more: small copies are latency-bound and
// would understate the link.
std::optional<double> measuredLargePinnedGbps(const DeviceTimeline& tl) {
  std::uint64_t bytes = 0;
  TimeNs ns = 0;
  for (const CopyRecord& c : tl.h2d_copies) {
    if (c.host_memory != trace::MemoryKind::Pinned || c.bytes < thresholds::kLargeCopyBytes) continue;
    bytes += c.bytes;
    ns = trace::saturatingAdd(ns, c.durationNs());
  }
  if (ns <= 0) return std::nullopt;
  return static_cast<double>(bytes) / static_cast<double>(ns);
}

// The fixed cost of one pinned host-to-device copy, from the smallest calibrated size; 0 unknown.
double pinnedCopyLatencyNs(const trace::Run& run) {
  if (!run.calibration) return 0.0;
  const trace::BandwidthSample* smallest = nullptr;
  for (const auto& s : run.calibration->samples) {
    if (s.direction != trace::IntervalKind::MemcpyHtoD || s.host_memory != trace::MemoryKind::Pinned) continue;
    if (smallest == nullptr || s.bytes < smallest->bytes) smallest = &s;
  }
  return smallest != nullptr ? smallest->latency_ns : 0.0;
}

// The most common bound among the steps (ties: the first in enum order).
PrefetchBound commonestBound(const trace::LargeVector<StepMetrics>& steps) {
  std::array<std::size_t, 4> votes{};
  for (const auto& s : steps) ++votes[static_cast<std::size_t>(s.prefetch.bound)];
  return static_cast<PrefetchBound>(std::max_element(votes.begin(), votes.end()) - votes.begin());
}

}  // namespace

void choosePinnedReference(WhatIf& w, const DeviceAnalysis& device, const trace::Run& run, const AnalysisOptions& options) {
  if (run.calibration && run.calibration->pinned_h2d_gbps > 0) {
    w.pinned_reference_gbps = run.calibration->pinned_h2d_gbps;
    w.pinned_reference_source = "calibration";
  } else if (auto measured = measuredLargePinnedGbps(device.timeline)) {
    w.pinned_reference_gbps = measured;
    w.pinned_reference_source = "pinned copies in this run";
  } else if (options.assumed_pinned_gbps) {
    w.pinned_reference_gbps = options.assumed_pinned_gbps;
    w.pinned_reference_source = "assumed";
    w.pinned_reference_basis = "--pinned-gbps";
  } else {
    AssumedLink link = assumedLinkFor(device.device_name);
    w.pinned_reference_gbps = link.pinned_h2d_gbps;
    w.pinned_reference_source = "assumed";
    w.pinned_reference_basis = std::move(link.basis);
  }
}

WhatIf computeWhatIf(const DeviceAnalysis& device, WhatIf reference, const PrefetchPaths& wholePrediction) {
  WhatIf w = std::move(reference);
  w.pageable_gbps = device.whole.h2d.pageableGbps();

  std::vector<const WindowMetrics*> windows;
  for (const auto& s : device.steps) windows.push_back(&s.metrics);
  if (windows.empty()) windows.push_back(&device.whole);

  std::vector<TimeNs> baseline, hidden, pinned;
  for (const WindowMetrics* m : windows) {
    baseline.push_back(m->window_ns);
    // Hidden copies still take their own time and compute still takes its time.
    hidden.push_back(std::max({m->window_ns - m->gaps.copyWait(), m->h2d_ns, m->compute_busy_ns}));
    if (w.pinned_reference_gbps && w.pageable_gbps && *w.pinned_reference_gbps > 0) {
      double shrink = std::min(1.0, *w.pageable_gbps / *w.pinned_reference_gbps);
      auto saved = static_cast<TimeNs>(static_cast<double>(m->gaps[GapCause::CopyWaitPageable]) * (1.0 - shrink));
      pinned.push_back(m->window_ns - saved);
    }
  }
  w.baseline_ns = trace::medianNs(baseline);
  w.copies_hidden_ns = trace::medianNs(hidden);
  if (!pinned.empty()) {
    w.pinned_ns = trace::medianNs(pinned);
  } else if (w.pinned_reference_gbps) {
    w.pinned_ns = w.baseline_ns;  // no pageable copies: nothing to gain
  }

  std::vector<TimeNs> withoutSync, drained;
  std::size_t hostBound = 0;
  if (device.steps.empty()) {
    w.prefetch_paths = wholePrediction;
    withoutSync.push_back(wholePrediction.without_sync_ns);
    drained.push_back(wholePrediction.drained_ns);
    hostBound += wholePrediction.without_sync_host_bound;
  } else {
    std::vector<TimeNs> predicted, gpu, host, copy, loader;
    for (const auto& s : device.steps) {
      withoutSync.push_back(s.prefetch.without_sync_ns);
      drained.push_back(s.prefetch.drained_ns);
      hostBound += s.prefetch.without_sync_host_bound;
      predicted.push_back(s.prefetch.predicted_ns);
      gpu.push_back(s.prefetch.gpu_ns);
      if (s.prefetch.host_ns) host.push_back(*s.prefetch.host_ns);
      copy.push_back(s.prefetch.copy_ns);
      if (s.prefetch.loader_ns) loader.push_back(*s.prefetch.loader_ns);
    }
    PrefetchPaths& p = w.prefetch_paths;
    p.predicted_ns = trace::medianNs(predicted);
    p.gpu_ns = trace::medianNs(gpu);
    if (!host.empty()) p.host_ns = trace::medianNs(host);
    p.copy_ns = trace::medianNs(copy);
    if (!loader.empty()) p.loader_ns = trace::medianNs(loader);
    p.bound = commonestBound(device.steps);
  }
  w.prefetch_step_ns = w.prefetch_paths.predicted_ns;
  w.prefetch_bound = w.prefetch_paths.bound;
  // Offered only where a synchronisation drained the GPU enough to matter: never promised otherwise.
  const TimeNs free = trace::medianNs(withoutSync);
  w.drained_ns = trace::medianNs(drained);
  w.without_sync_host_bound = 2 * hostBound > withoutSync.size();
  if (w.drained_ns > 0 && inputBoundPct(w.baseline_ns, free) >= thresholds::kSyncWhatIfMinPct) w.without_sync_ns = free;
  return w;
}

HostSummary summarizeHost(const trace::Run& run, const trace::StringTable& strings) {
  HostSummary h;
  std::vector<StepWindow> steps = findSteps(run, strings);
  std::vector<TimeNs> lengths;
  for (const StepWindow& s : steps) lengths.push_back(s.span.length());
  h.steps = steps.size();
  if (!steps.empty()) {
    h.step_median_ns = trace::medianNs(lengths);
    h.steps_span_ns = steps.back().span.end - steps.front().span.start;
  }
  SpanList loads;
  for (const trace::Track& t : run.tracks) {
    if (t.isGpu()) continue;
    for (std::size_t i = 0; i < t.intervals.size(); ++i) {
      if (t.intervals.kind[i] == trace::IntervalKind::DataLoading) loads.push_back({t.intervals.start_ns[i], t.intervals.end_ns[i]});
    }
  }
  std::vector<TimeNs> loadLengths;
  for (const Span& l : loads) loadLengths.push_back(l.length());
  h.loads = loads.size();
  if (!loads.empty()) h.loading_median_ns = trace::medianNs(loadLengths);
  std::sort(loads.begin(), loads.end(), [](const Span& a, const Span& b) { return a.start < b.start; });
  h.loading_ns = totalLength(unionOf(std::move(loads)));
  return h;
}

RunAnalysis analyzeRun(const trace::Run& run, const trace::StringTable& strings, const AnalysisOptions& options) {
  RunAnalysis ra;
  ra.run_name = run.name;
  ra.time_origin = run.timeOrigin();
  ra.records = run.records;
  std::vector<StepWindow> steps = findSteps(run, strings);
  for (std::int32_t id : run.gpuDeviceIds()) {
    DeviceAnalysis d;
    d.device = id;
    if (const auto* info = run.device(id)) d.device_name = info->name;
    d.timeline = buildDeviceTimeline(run, id, options);
    if (!d.timeline.hasGpuWork()) continue;  // only syncs or annotations on this device
    nameHostWait(d.timeline, run, steps);
    d.whole = measureWindow(d.timeline, d.timeline.gpu_window, options);
    d.host_other = hostOtherByName(d.timeline, strings, d.whole.window);
    // The pinned reference first: the prefetch model's copy path needs it.
    WhatIf reference;
    choosePinnedReference(reference, d, run, options);
    const HostInputPath hostPath = collectHostInputPath(run, strings, d.timeline);
    d.evidence = gatherInputEvidence(run, strings, d.timeline, hostPath);
    std::vector<Span> windows;
    for (const auto& s : steps) windows.push_back(s.span);
    if (windows.empty()) windows.push_back(d.whole.window);
    const PrefetchModel model(d.timeline, hostPath, run, steps, windows, reference.pinned_reference_gbps.value_or(0.0),
                              pinnedCopyLatencyNs(run));
    d.steps.reserve(steps.size());
    WindowMeter meter(d.timeline, options);
    for (const auto& s : steps) d.steps.push_back({s, meter.measure(s.span), model.predict(s.span)});
    const PrefetchPaths whole = d.steps.empty() ? model.predict(d.whole.window) : PrefetchPaths{};
    if (!d.steps.empty()) d.step_summary = summarizeSteps(d.steps);
    d.what_if = computeWhatIf(d, std::move(reference), whole);
    d.input_bound_pct = inputBoundPct(d.what_if.baseline_ns, d.what_if.prefetch_step_ns);
    // A share of the step only where the trace shows the input path (docs/metrics.md, "Input evidence").
    if (!d.evidence.host_side) {
      d.verdict = InputBoundVerdict::CannotTell;
    } else if (!d.evidence.hasInputPath()) {
      d.verdict = InputBoundVerdict::NoInputPath;
      d.input_bound_pct = 0;  // nothing for prefetching to remove
    } else {
      d.verdict = verdictFor(d.input_bound_pct);
    }
    d.findings = deviceFindings(d, run, strings, options);
    d.unexplained_ns = unexplainedNs(d.findings, d.whole.starvation_ns);
    ra.devices.push_back(std::move(d));
  }
  ra.host = summarizeHost(run, strings);
  ra.input_pipeline = analyzeInputPipeline(run, strings);
  ra.run_findings = runFindings(ra, run);
  return ra;
}

}  // namespace feedscope::analysis
