// The compare view's table without Qt: every metric row of every GPU of every run, taken from the
// core's one comparison table (analysis::compareAll, against the first run), with verdicts in words.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "analysis/comparison.h"
#include "analysis/run_analysis.h"

namespace feedscope::view {

struct CompareTable {
  std::vector<std::string> runs;  // one column per GPU of each run: "h200_stream" or "run · GPU 1"
  std::vector<std::size_t> baseline_of;  // the column each column is compared with
  std::vector<analysis::MetricDelta> rows;                 // labels, units, directions (values of run 0)
  std::vector<std::vector<std::optional<double>>> values;  // values[row][run]
  std::vector<std::vector<analysis::MetricDelta>> cells;   // cells[column][row], as compareAll gives them
  std::size_t baseline_run = 0;                            // the run the others are compared with
  std::vector<analysis::RunComparison> comparisons;        // every other run against the baseline, in run order
  std::vector<std::string> verdicts;                       // one sentence per comparison
  // "This column is better than its baseline on this row"; nullopt for a baseline column, when
  // equal or not comparable.
  std::optional<bool> improved(std::size_t row, std::size_t run) const;
};

// Every run against run `baseline` (the first, until "Use as A/B baseline" picks another): its columns
// are the baseline columns and each other run's verdict is said against it.
CompareTable buildCompareTable(const std::vector<const analysis::RunAnalysis*>& analyses, std::size_t baseline = 0);

}  // namespace feedscope::view
