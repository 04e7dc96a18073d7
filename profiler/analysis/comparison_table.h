// Many runs in one comparison: every GPU of every run is a column, every figure of metricRows a row,
// and each column is compared against one baseline (a chosen run). The text, Markdown, HTML and JSON
// reports and the GUI's compare table all show this one table.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "analysis/comparison.h"
#include "analysis/run_analysis.h"

namespace feedscope::analysis {

struct ComparisonColumn {
  std::size_t run = 0;       // index into the analyses the table was built from
  std::int32_t device = -1;  // -1: the run has no GPU activity
  std::string label;         // "h200_stream", or "h200_stream · GPU 1" when the run has several GPUs
  std::size_t baseline_column = 0;  // the column this one is compared with (same GPU of the baseline run)
};

struct ComparisonTable {
  std::size_t baseline_run = 0;
  std::string baseline_name;
  std::size_t run_count = 0;
  std::vector<ComparisonColumn> columns;
  // rows[r].a is unused; cells[r][c] holds column c's value in .b and the baseline's in .a, so a
  // cell's delta() and improved() read as they do in a pairwise comparison.
  std::vector<MetricDelta> rows;
  std::vector<std::vector<MetricDelta>> cells;
  std::vector<std::optional<double>> throughput_ratio;  // per column: its steps per second over the baseline's
  std::string throughput_basis;                          // "median step time" or "GPU window"

  bool isBaseline(std::size_t column) const { return columns[column].baseline_column == column; }
};

ComparisonTable compareAll(const std::vector<const RunAnalysis*>& analyses, std::size_t baselineRun = 0);

}  // namespace feedscope::analysis
