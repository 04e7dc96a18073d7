// Shared report sentences.
#include "report/report_phrases.h"

#include <fmt/format.h>

#include "report/report.h"
#include "trace/units.h"

namespace feedscope::report {

using trace::formatDuration;

std::string pinnedReferenceText(const analysis::WhatIf& w) {
  if (!w.pinned_reference_gbps) return "no pinned bandwidth known";
  std::string text = trace::formatGbps(*w.pinned_reference_gbps) + ", " + w.pinned_reference_source;
  if (!w.pinned_reference_basis.empty()) text += ": " + w.pinned_reference_basis;
  return text;
}

std::string prefetchPathsText(const analysis::WhatIf& w) {
  const analysis::PrefetchPaths& p = w.prefetch_paths;
  std::string text = "GPU work " + formatDuration(p.gpu_ns);
  text += " · host work " + (p.host_ns ? formatDuration(*p.host_ns) : std::string("unknown (no API calls recorded)"));
  text += " · input copies " + formatDuration(p.copy_ns) + " (" + pinnedReferenceText(w) + ")";
  if (p.loader_ns) text += " · loader workers " + formatDuration(*p.loader_ns);
  return text;
}

std::string prefetchResultText(const analysis::DeviceAnalysis& d) {
  const analysis::WhatIf& w = d.what_if;
  return fmt::format("{} {} ({:.2f}x), bound by {}", formatDuration(w.prefetch_step_ns),
                     d.step_summary ? "per step" : "for the window", w.prefetchSpeedup(),
                     analysis::prefetchBoundLabel(w.prefetch_bound));
}

std::string inputBoundText(const analysis::DeviceAnalysis& d) {
  return fmt::format("prefetching would remove {} of {}", trace::formatPct(d.input_bound_pct),
                     d.step_summary ? "the median step" : "the GPU window");
}

std::string comparisonCellText(const analysis::ComparisonTable& table, std::size_t row, std::size_t column,
                               std::optional<bool>* better) {
  const analysis::MetricDelta& cell = table.cells[row][column];
  std::string text = formatMetricValue(cell, cell.b);
  if (better) *better = std::nullopt;
  if (table.isBaseline(column) || !cell.delta()) return text;
  if (better) *better = cell.improved();
  return text + " (" + formatMetricChange(cell) + ")";
}

std::string throughputCellText(const analysis::ComparisonTable& table, std::size_t column) {
  if (table.isBaseline(column)) return "baseline";
  const auto& ratio = table.throughput_ratio[column];
  return ratio ? fmt::format("{:.2f}x", *ratio) : "n/a";
}

std::string comparisonTitle(const analysis::ComparisonTable& table) {
  return fmt::format("{} runs against {} (baseline)", table.run_count, table.baseline_name);
}

}  // namespace feedscope::report
