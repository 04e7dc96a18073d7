// Compare table assembly from analysis::compareRuns.
#include "view/compare_table.h"

namespace feedscope::view {

std::optional<bool> CompareTable::improved(std::size_t row, std::size_t run) const {
  if (run == 0 || run > comparisons.size()) return std::nullopt;
  return comparisons[run - 1].deltas[row].improved();
}

CompareTable buildCompareTable(const std::vector<const analysis::RunAnalysis*>& analyses) {
  CompareTable t;
  if (analyses.empty()) return t;
  for (const auto* a : analyses) t.runs.push_back(a->run_name);
  t.rows = analysis::metricRows(analyses.front()->primary());
  t.values.assign(t.rows.size(), std::vector<std::optional<double>>(analyses.size()));
  for (std::size_t r = 0; r < t.rows.size(); ++r) t.values[r][0] = t.rows[r].a;
  for (std::size_t k = 1; k < analyses.size(); ++k) {
    t.comparisons.push_back(analysis::compareRuns(*analyses.front(), *analyses[k]));
    const auto& deltas = t.comparisons.back().deltas;
    for (std::size_t r = 0; r < t.rows.size() && r < deltas.size(); ++r) t.values[r][k] = deltas[r].b;
    t.verdicts.push_back(t.comparisons.back().verdict);
  }
  return t;
}

}  // namespace feedscope::view
