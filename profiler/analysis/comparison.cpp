// Comparison of two runs.
#include "analysis/comparison.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "analysis/metric_keys.h"
#include "analysis/thresholds.h"
#include "trace/units.h"

namespace feedscope::analysis {

std::optional<double> MetricDelta::delta() const {
  if (!a || !b) return std::nullopt;
  return *b - *a;
}

bool MetricDelta::withinNoise() const {
  auto d = delta();
  if (!d) return false;
  if (unit == MetricUnit::Percent) return std::fabs(*d) < thresholds::kNoisePercentPoints;
  return std::fabs(*d) < thresholds::kNoiseRelative * std::max(std::fabs(*a), std::fabs(*b)) || *d == 0;
}

std::optional<bool> MetricDelta::improved() const {
  auto d = delta();
  if (!d || withinNoise()) return std::nullopt;
  const bool better = lower_is_better ? *d < 0 : *d > 0;
  if (judged_with_step_time && step_time_improved && *step_time_improved != better) return std::nullopt;
  return better;
}

void judgeWithStepTime(std::vector<MetricDelta>& rows) {
  std::optional<bool> stepBetter;
  for (const auto& r : rows) {
    if (r.key == metric_keys::kMedianStepNs) stepBetter = r.improved();
  }
  for (auto& r : rows) {
    if (r.judged_with_step_time) r.step_time_improved = stepBetter;
  }
}

namespace {

std::optional<double> ns(TimeNs v) { return static_cast<double>(v); }

void row(std::vector<MetricDelta>& rows, const char* key, const char* label, MetricUnit unit,
         std::optional<double> value, bool lowerIsBetter) {
  MetricDelta m;
  m.key = key;
  m.label = label;
  m.unit = unit;
  m.a = value;
  m.lower_is_better = lowerIsBetter;
  rows.push_back(std::move(m));
}

}  // namespace

std::vector<MetricDelta> metricRows(const DeviceAnalysis* d, const HostSummary* host) {
  std::vector<MetricDelta> rows;
  auto v = [&](auto f) -> std::optional<double> {
    if (d == nullptr) return std::nullopt;
    return f(*d);
  };
  // Without GPU work, the host's own steps.
  const bool hostSteps = d == nullptr && host != nullptr && host->steps > 0;
  using U = MetricUnit;
  row(rows, metric_keys::kMedianStepNs, "median step time", U::Nanoseconds,
      hostSteps ? ns(host->step_median_ns)
                : v([](const DeviceAnalysis& x) -> std::optional<double> {
                    return x.step_summary ? ns(x.step_summary->median_ns) : std::nullopt;
                  }),
      true);
  row(rows, metric_keys::kStepsPerSecond, "steps per second", U::PerSecond,
      hostSteps ? std::optional<double>(host->stepsPerSecond())
                : v([](const DeviceAnalysis& x) -> std::optional<double> {
                    return x.step_summary ? std::optional<double>(x.step_summary->stepsPerSecond()) : std::nullopt;
                  }),
      false);
  row(rows, metric_keys::kWindowNs, "GPU window", U::Nanoseconds, v([](const DeviceAnalysis& x) { return ns(x.whole.window_ns); }), true);
  row(rows, metric_keys::kComputeBusyNs, "compute busy", U::Nanoseconds,
      v([](const DeviceAnalysis& x) { return ns(x.whole.compute_busy_ns); }), false);
  row(rows, metric_keys::kStarvationPct, "starvation", U::Percent,
      v([](const DeviceAnalysis& x) { return std::optional<double>(x.whole.starvationPct()); }), true);
  row(rows, metric_keys::kCopyOnlyPct, "copy only", U::Percent,
      v([](const DeviceAnalysis& x) { return std::optional<double>(x.whole.copyOnlyPct()); }), true);
  row(rows, metric_keys::kFullyIdlePct, "fully idle", U::Percent,
      v([](const DeviceAnalysis& x) { return std::optional<double>(x.whole.fullyIdlePct()); }), true);
  row(rows, metric_keys::kInputBoundPct, "input-bound", U::Percent,
      v([](const DeviceAnalysis& x) { return std::optional<double>(x.input_bound_pct); }), true);
  row(rows, metric_keys::kPrefetchStepNs, "prefetched step (predicted)", U::Nanoseconds,
      v([](const DeviceAnalysis& x) { return ns(x.what_if.prefetch_step_ns); }), true);
  row(rows, metric_keys::kH2dOverlapPct, "H2D overlap", U::Percent, v([](const DeviceAnalysis& x) { return x.whole.h2dOverlapPct(); }),
      false);
  row(rows, metric_keys::kExposedH2dNs, "exposed H2D copy", U::Nanoseconds,
      v([](const DeviceAnalysis& x) { return ns(x.whole.exposed_h2d_ns); }), true);
  row(rows, metric_keys::kHiddenH2dNs, "hidden H2D copy", U::Nanoseconds,
      v([](const DeviceAnalysis& x) { return ns(x.whole.hidden_h2d_ns); }), false);
  row(rows, metric_keys::kCopyWaitNs, "copy wait", U::Nanoseconds,
      v([](const DeviceAnalysis& x) { return ns(x.whole.gaps.copyWait()); }), true);
  row(rows, metric_keys::kHostWaitNs, "host wait", U::Nanoseconds,
      v([](const DeviceAnalysis& x) { return ns(x.whole.gaps.hostWait()); }), true);
  row(rows, metric_keys::kH2dCount, "H2D copies", U::Count, v([](const DeviceAnalysis& x) {
        return std::optional<double>(static_cast<double>(x.whole.h2d.count));
      }),
      false);
  row(rows, metric_keys::kH2dPageableCount, "H2D pageable copies", U::Count, v([](const DeviceAnalysis& x) {
        return std::optional<double>(static_cast<double>(x.whole.h2d.pageable_count));
      }),
      true);
  row(rows, metric_keys::kH2dPinnedCount, "H2D pinned copies", U::Count, v([](const DeviceAnalysis& x) {
        return std::optional<double>(static_cast<double>(x.whole.h2d.pinned_count));
      }),
      false);
  row(rows, metric_keys::kH2dGbps, "H2D bandwidth", U::GBps, v([](const DeviceAnalysis& x) { return x.whole.h2d.gbps(); }), false);
  row(rows, metric_keys::kKernelCount, "kernels", U::Count,
      v([](const DeviceAnalysis& x) { return std::optional<double>(static_cast<double>(x.whole.kernel_count)); }), false);
  for (auto& r : rows) {
    // Figures about input (the share prefetching removes, the predicted step) read as better only
    // when the step time agrees: a faster run with a slightly higher prediction is not "worse".
    r.judged_with_step_time = r.key == metric_keys::kInputBoundPct || r.key == metric_keys::kPrefetchStepNs;
    // Counts have no better direction in a comparison; keep the flag only for time and shares.
    if (r.unit == U::Count && r.key != metric_keys::kH2dPageableCount) r.lower_is_better = false;
  }
  return rows;
}

RunComparison compareRuns(const RunAnalysis& a, const RunAnalysis& b) {
  RunComparison c;
  c.run_a = a.run_name;
  c.run_b = b.run_name;
  const DeviceAnalysis* da = a.primary();
  const DeviceAnalysis* db = b.primary();
  c.deltas = metricRows(da, &a.host);
  std::vector<MetricDelta> rowsB = metricRows(db, &b.host);
  for (std::size_t i = 0; i < c.deltas.size(); ++i) c.deltas[i].b = rowsB[i].a;
  judgeWithStepTime(c.deltas);

  if (da && db && da->step_summary && db->step_summary && db->step_summary->median_ns > 0) {
    c.throughput_ratio = static_cast<double>(da->step_summary->median_ns) / static_cast<double>(db->step_summary->median_ns);
    c.throughput_basis = "median step time";
  } else if (da && db && db->whole.window_ns > 0) {
    c.throughput_ratio = static_cast<double>(da->whole.window_ns) / static_cast<double>(db->whole.window_ns);
    c.throughput_basis = "GPU window";
  }
  if (!da && !db && a.host.steps > 0 && b.host.steps > 0 && b.host.step_median_ns > 0) {
    // Two runs on the CPU (or with the GPU's side left out): their host steps compare.
    c.throughput_ratio = static_cast<double>(a.host.step_median_ns) / static_cast<double>(b.host.step_median_ns);
    c.throughput_basis = "median host step time";
    c.verdict = fmt::format("{}: {:.2f}x the host steps per second of {} (neither has GPU activity)", c.run_b,
                            *c.throughput_ratio, c.run_a);
    return c;
  }
  if (!da || !db) {
    c.verdict = fmt::format("{} and {} cannot be compared: {} has no GPU activity", c.run_b, c.run_a,
                            da ? c.run_b : c.run_a);
    return c;
  }
  std::string speed = c.throughput_basis == "median step time" ? "the steps per second" : "the speed (by GPU window)";
  c.verdict = fmt::format("{}: {:.2f}x {} of {}; starvation {:.1f} % → {:.1f} %; exposed input copy {} → {}", c.run_b,
                          c.throughput_ratio.value_or(1.0), speed, c.run_a, da->whole.starvationPct(),
                          db->whole.starvationPct(), trace::formatDuration(da->whole.exposed_h2d_ns),
                          trace::formatDuration(db->whole.exposed_h2d_ns));
  return c;
}

}  // namespace feedscope::analysis
