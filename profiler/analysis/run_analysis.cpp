// Whole-run analysis: device timelines, run and step figures, verdict, what-if, findings.
#include "analysis/run_analysis.h"

#include <algorithm>

#include "analysis/findings.h"
#include "analysis/window_meter.h"

namespace feedscope::analysis {
namespace {

TimeNs median(std::vector<TimeNs> values) {
  if (values.empty()) return 0;
  auto mid = values.begin() + static_cast<std::ptrdiff_t>(values.size() / 2);
  std::nth_element(values.begin(), mid, values.end());
  if (values.size() % 2 == 1) return *mid;
  TimeNs upper = *mid;
  TimeNs lower = *std::max_element(values.begin(), mid);
  return lower + (upper - lower) / 2;
}

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
    case InputBoundVerdict::NotInputBound: break;
  }
  return "not_input_bound";
}

std::string_view verdictSentence(InputBoundVerdict v) {
  switch (v) {
    case InputBoundVerdict::HighlyInputBound: return "highly input-bound";
    case InputBoundVerdict::ModeratelyInputBound: return "moderately input-bound";
    case InputBoundVerdict::NotInputBound: break;
  }
  return "not input-bound";
}

InputBoundVerdict verdictFor(double inputBoundPct) {
  if (inputBoundPct >= 20.0) return InputBoundVerdict::HighlyInputBound;
  if (inputBoundPct >= 5.0) return InputBoundVerdict::ModeratelyInputBound;
  return InputBoundVerdict::NotInputBound;
}

double WhatIf::copiesHiddenSpeedup() const {
  return copies_hidden_ns > 0 ? static_cast<double>(baseline_ns) / static_cast<double>(copies_hidden_ns) : 1.0;
}

std::optional<double> WhatIf::pinnedSpeedup() const {
  if (!pinned_ns || *pinned_ns <= 0) return std::nullopt;
  return static_cast<double>(baseline_ns) / static_cast<double>(*pinned_ns);
}

std::vector<const Finding*> RunAnalysis::allFindings() const {
  std::vector<const Finding*> out;
  for (const auto& f : run_findings) out.push_back(&f);
  for (const auto& d : devices) {
    for (const auto& f : d.findings) out.push_back(&f);
  }
  std::stable_sort(out.begin(), out.end(), [](const Finding* a, const Finding* b) { return a->severity > b->severity; });
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
  s.median_ns = median(times);
  s.mean_ns = s.total_ns / static_cast<TimeNs>(steps.size());
  s.min_ns = *std::min_element(times.begin(), times.end());
  s.max_ns = *std::max_element(times.begin(), times.end());
  s.p90_ns = percentile(times, 0.9);
  s.median_compute_ns = median(compute);
  s.median_copy_wait_ns = median(copyWait);
  s.median_host_wait_ns = median(hostWait);
  s.median_other_ns = median(other);
  return s;
}

WhatIf computeWhatIf(const DeviceAnalysis& device, const trace::Run& run, const AnalysisOptions& options) {
  WhatIf w;
  w.pageable_gbps = device.whole.h2d.pageableGbps();
  if (run.calibration && run.calibration->pinned_h2d_gbps > 0) {
    w.pinned_reference_gbps = run.calibration->pinned_h2d_gbps;
    w.pinned_reference_source = "calibration";
  } else if (auto measured = device.whole.h2d.pinnedGbps()) {
    w.pinned_reference_gbps = measured;
    w.pinned_reference_source = "pinned copies in this run";
  } else if (options.assumed_pinned_gbps) {
    w.pinned_reference_gbps = options.assumed_pinned_gbps;
    w.pinned_reference_source = "assumed";
  }

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
  w.baseline_ns = median(baseline);
  w.copies_hidden_ns = median(hidden);
  if (!pinned.empty()) {
    w.pinned_ns = median(pinned);
  } else if (w.pinned_reference_gbps) {
    w.pinned_ns = w.baseline_ns;  // no pageable copies: nothing to gain
  }
  return w;
}

RunAnalysis analyzeRun(const trace::Run& run, const trace::StringTable& strings, const AnalysisOptions& options) {
  RunAnalysis ra;
  ra.run_name = run.name;
  ra.records = run.records;
  std::vector<StepWindow> steps = findSteps(run, strings);
  for (std::int32_t id : run.gpuDeviceIds()) {
    DeviceAnalysis d;
    d.device = id;
    if (const auto* info = run.device(id)) d.device_name = info->name;
    d.timeline = buildDeviceTimeline(run, strings, id, options);
    if (!d.timeline.hasGpuWork()) continue;  // only syncs or annotations on this device
    d.whole = measureWindow(d.timeline, d.timeline.gpu_window, options);
    d.steps.reserve(steps.size());
    WindowMeter meter(d.timeline, options);
    for (const auto& s : steps) d.steps.push_back({s, meter.measure(s.span)});
    if (!d.steps.empty()) {
      d.step_summary = summarizeSteps(d.steps);
      TimeNs inputBound = 0;
      for (const auto& s : d.steps) {
        inputBound = trace::saturatingAdd(inputBound, s.metrics.gaps.copyWait() + s.metrics.gaps[GapCause::HostDataLoading]);
      }
      d.input_bound_pct = d.step_summary->total_ns > 0
                              ? 100.0 * static_cast<double>(inputBound) / static_cast<double>(d.step_summary->total_ns)
                              : 0.0;
    } else {
      d.input_bound_pct = d.whole.inputBoundPct();
    }
    d.verdict = verdictFor(d.input_bound_pct);
    d.what_if = computeWhatIf(d, run, options);
    d.findings = deviceFindings(d, run, options);
    ra.devices.push_back(std::move(d));
  }
  ra.run_findings = runFindings(ra, run);
  return ra;
}

}  // namespace feedscope::analysis
