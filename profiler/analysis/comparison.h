// Run B against run A: the throughput ratio and the delta of every figure.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "analysis/run_analysis.h"

namespace feedscope::analysis {

enum class MetricUnit : std::uint8_t { Nanoseconds, Percent, Count, Bytes, GBps, PerSecond };

struct MetricDelta {
  std::string key;    // JSON key of the figure: "starvation_pct"
  std::string label;  // "starvation"
  MetricUnit unit = MetricUnit::Count;
  std::optional<double> a;
  std::optional<double> b;
  bool lower_is_better = true;
  // A figure that must not read "better" unless the step time is better too (input-bound %: a slower
  // run is never the less input-bound one in a comparison). Set by the comparisons.
  bool judged_with_step_time = false;
  std::optional<bool> step_time_improved;

  std::optional<double> delta() const;
  // True when B moved from A by less than the noise of a comparison (thresholds.h): neither better
  // nor worse. False when not comparable.
  bool withinNoise() const;
  // True when B is better than A on this figure (nullopt: within noise or not comparable).
  std::optional<bool> improved() const;
};

struct RunComparison {
  std::string run_a;
  std::string run_b;
  std::optional<double> throughput_ratio;  // B's steps per second / A's (> 1: B is faster)
  std::string throughput_basis;            // "median step time" or "GPU window"
  std::vector<MetricDelta> deltas;
  std::string verdict;  // "prefetch on: 2.40x the steps per second of prefetch off; starvation 61.0 % → 7.0 %"
};

RunComparison compareRuns(const RunAnalysis& a, const RunAnalysis& b);

// Sets each row's step_time_improved from the median-step row of the same comparison.
void judgeWithStepTime(std::vector<MetricDelta>& rows);

// The figures of one device as (key, label, unit, value, lower-is-better) rows, in report order:
// the single list that comparisons, reports and the GUI's compare table share. A run without GPU
// work (`device` null) still has its host's steps: the step rows then come from `host` (a CPU run's
// steps per second compare like a GPU run's).
std::vector<MetricDelta> metricRows(const DeviceAnalysis* device, const HostSummary* host = nullptr);

}  // namespace feedscope::analysis
