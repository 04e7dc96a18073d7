// The one comparison table of many runs.
#include "analysis/comparison_table.h"

namespace feedscope::analysis {

ComparisonTable compareAll(const std::vector<const RunAnalysis*>& analyses, std::size_t baselineRun) {
  ComparisonTable t;
  if (analyses.empty()) return t;
  t.baseline_run = baselineRun < analyses.size() ? baselineRun : 0;
  t.baseline_name = analyses[t.baseline_run]->run_name;
  t.run_count = analyses.size();
  std::vector<const DeviceAnalysis*> deviceOf;
  std::vector<const HostSummary*> hostOf;
  for (std::size_t r = 0; r < analyses.size(); ++r) {
    const RunAnalysis& ra = *analyses[r];
    if (ra.devices.empty()) {
      t.columns.push_back({r, -1, ra.run_name, 0});
      deviceOf.push_back(nullptr);
      hostOf.push_back(&ra.host);
      continue;
    }
    for (const auto& d : ra.devices) {
      std::string label = ra.run_name;
      if (ra.devices.size() > 1) label += " · GPU " + std::to_string(d.device);
      t.columns.push_back({r, d.device, std::move(label), 0});
      deviceOf.push_back(&d);
      hostOf.push_back(&ra.host);
    }
  }
  // Each column is compared with the baseline run's column of the same GPU, else its first one.
  std::size_t firstOfBaseline = 0;
  while (t.columns[firstOfBaseline].run != t.baseline_run) ++firstOfBaseline;
  for (auto& col : t.columns) {
    col.baseline_column = firstOfBaseline;
    for (std::size_t c = firstOfBaseline; c < t.columns.size() && t.columns[c].run == t.baseline_run; ++c) {
      if (t.columns[c].device == col.device) col.baseline_column = c;
    }
  }

  t.rows = metricRows(nullptr);
  t.cells.assign(t.rows.size(), {});
  std::vector<std::vector<MetricDelta>> valuesOf;  // valuesOf[c] = metricRows of column c
  for (std::size_t c = 0; c < deviceOf.size(); ++c) valuesOf.push_back(metricRows(deviceOf[c], hostOf[c]));
  for (std::size_t c = 0; c < t.columns.size(); ++c) {
    std::vector<MetricDelta> cellsOfColumn = valuesOf[c];
    const std::vector<MetricDelta>& base = valuesOf[t.columns[c].baseline_column];
    for (std::size_t r = 0; r < cellsOfColumn.size(); ++r) {
      cellsOfColumn[r].b = cellsOfColumn[r].a;
      cellsOfColumn[r].a = base[r].a;
    }
    judgeWithStepTime(cellsOfColumn);
    for (std::size_t r = 0; r < t.rows.size(); ++r) t.cells[r].push_back(cellsOfColumn[r]);

    const DeviceAnalysis* d = deviceOf[c];
    const DeviceAnalysis* b = deviceOf[t.columns[c].baseline_column];
    std::optional<double> ratio;
    if (d && b && d->step_summary && b->step_summary && d->step_summary->median_ns > 0) {
      ratio = static_cast<double>(b->step_summary->median_ns) / static_cast<double>(d->step_summary->median_ns);
      t.throughput_basis = "median step time";
    } else if (d && b && d->whole.window_ns > 0) {
      ratio = static_cast<double>(b->whole.window_ns) / static_cast<double>(d->whole.window_ns);
      if (t.throughput_basis.empty()) t.throughput_basis = "GPU window";
    } else if (!d && !b && hostOf[c]->step_median_ns > 0 && hostOf[t.columns[c].baseline_column]->step_median_ns > 0) {
      // Runs without GPU activity: their host steps (a CPU run).
      ratio = static_cast<double>(hostOf[t.columns[c].baseline_column]->step_median_ns) /
              static_cast<double>(hostOf[c]->step_median_ns);
      if (t.throughput_basis.empty()) t.throughput_basis = "median host step time";
    }
    t.throughput_ratio.push_back(ratio);
  }
  return t;
}

}  // namespace feedscope::analysis
