// Compare table assembly from analysis::compareAll (one column per GPU of each run).
#include "view/compare_table.h"

#include "analysis/comparison_table.h"

namespace feedscope::view {

std::optional<bool> CompareTable::improved(std::size_t row, std::size_t run) const {
  if (run >= cells.size() || row >= cells[run].size() || baseline_of[run] == run) return std::nullopt;
  return cells[run][row].improved();
}

CompareTable buildCompareTable(const std::vector<const analysis::RunAnalysis*>& analyses, std::size_t baseline) {
  CompareTable t;
  if (analyses.empty()) return t;
  if (baseline >= analyses.size()) baseline = 0;
  t.baseline_run = baseline;
  analysis::ComparisonTable all = analysis::compareAll(analyses, baseline);
  // The baseline's columns come first (the table's first run column has no change beside it), the
  // others keep their run order.
  std::vector<std::size_t> order, placeOf(all.columns.size());
  for (int pass = 0; pass < 2; ++pass) {
    for (std::size_t c = 0; c < all.columns.size(); ++c) {
      if ((all.columns[c].run == baseline) == (pass == 0)) order.push_back(c);
    }
  }
  for (std::size_t k = 0; k < order.size(); ++k) placeOf[order[k]] = k;
  for (std::size_t c : order) {
    t.runs.push_back(all.columns[c].label);
    t.baseline_of.push_back(placeOf[all.columns[c].baseline_column]);
  }
  t.rows = all.rows;
  t.values.assign(t.rows.size(), std::vector<std::optional<double>>(all.columns.size()));
  t.cells.assign(all.columns.size(), {});
  for (std::size_t r = 0; r < t.rows.size(); ++r) {
    for (std::size_t k = 0; k < order.size(); ++k) {
      t.values[r][k] = all.cells[r][order[k]].b;
      t.cells[k].push_back(all.cells[r][order[k]]);
    }
  }
  for (std::size_t k = 0; k < analyses.size(); ++k) {
    if (k == baseline) continue;
    t.comparisons.push_back(analysis::compareRuns(*analyses[baseline], *analyses[k]));
    t.verdicts.push_back(t.comparisons.back().verdict);
  }
  return t;
}

}  // namespace feedscope::view
