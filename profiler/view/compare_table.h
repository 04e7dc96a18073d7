// The compare view's table without Qt: every metric row of every run, taken from the core's
// comparison (run k against the first run), with the verdict in words.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "analysis/comparison.h"
#include "analysis/run_analysis.h"

namespace feedscope::view {

struct CompareTable {
  std::vector<std::string> runs;
  std::vector<analysis::MetricDelta> rows;                 // labels, units, directions (values of run 0)
  std::vector<std::vector<std::optional<double>>> values;  // values[row][run]
  std::vector<analysis::RunComparison> comparisons;        // comparisons[k - 1]: run k against run 0
  std::vector<std::string> verdicts;                       // one sentence per comparison
  // "B is better than A on this row" for run k >= 1; nullopt when equal or not comparable.
  std::optional<bool> improved(std::size_t row, std::size_t run) const;
};

CompareTable buildCompareTable(const std::vector<const analysis::RunAnalysis*>& analyses);

}  // namespace feedscope::view
