// Compare table assembly from analysis::compareAll (one column per GPU of each run).
#include "view/compare_table.h"

#include "analysis/comparison_table.h"

namespace feedscope::view {

std::optional<bool> CompareTable::improved(std::size_t row, std::size_t run) const {
  if (run >= cells.size() || row >= cells[run].size() || baseline_of[run] == run) return std::nullopt;
  return cells[run][row].improved();
}

CompareTable buildCompareTable(const std::vector<const analysis::RunAnalysis*>& analyses) {
  CompareTable t;
  if (analyses.empty()) return t;
  analysis::ComparisonTable all = analysis::compareAll(analyses, 0);
  for (const auto& c : all.columns) {
    t.runs.push_back(c.label);
    t.baseline_of.push_back(c.baseline_column);
  }
  t.rows = all.rows;
  t.values.assign(t.rows.size(), std::vector<std::optional<double>>(all.columns.size()));
  t.cells.assign(all.columns.size(), {});
  for (std::size_t r = 0; r < t.rows.size(); ++r) {
    for (std::size_t c = 0; c < all.columns.size(); ++c) {
      t.values[r][c] = all.cells[r][c].b;
      t.cells[c].push_back(all.cells[r][c]);
    }
  }
  for (std::size_t k = 1; k < analyses.size(); ++k) {
    t.comparisons.push_back(analysis::compareRuns(*analyses.front(), *analyses[k]));
    t.verdicts.push_back(t.comparisons.back().verdict);
  }
  return t;
}

}  // namespace feedscope::view
