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

  std::optional<double> delta() const;
  // True when B is better than A on this figure (nullopt: equal or not comparable).
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

// The figures of one device as (key, label, unit, value, lower-is-better) rows, in report order:
// the single list that comparisons, reports and the GUI's compare table share.
std::vector<MetricDelta> metricRows(const DeviceAnalysis* device);

}  // namespace feedscope::analysis
