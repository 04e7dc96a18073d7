// Sentences every report writer (text, Markdown, HTML) and the GUI say the same way: the prefetch
// prediction and where its pinned bandwidth comes from. One wording, so the formats never disagree.
#pragma once

#include <string>

#include "analysis/comparison_table.h"
#include "analysis/run_analysis.h"

namespace feedscope::report {

// "55.0 GB/s, assumed: PCIe Gen5 x16 (h200 class)" or "52.4 GB/s, pinned copies in this run".
std::string pinnedReferenceText(const analysis::WhatIf& w);
// "GPU work 11.8 ms · host work 4.45 ms · input copies 357 µs (55.0 GB/s, assumed: ...)".
std::string prefetchPathsText(const analysis::WhatIf& w);
// "11.8 ms per step (1.78x), bound by GPU work".
std::string prefetchResultText(const analysis::DeviceAnalysis& d);
// "prefetching would remove 43.90 % of the median step".
std::string inputBoundText(const analysis::DeviceAnalysis& d);

// One cell of the comparison table: the value, and for a column that is not the baseline its change
// in brackets ("12.0 ms (-9.01 ms)"). `better` receives whether the change is an improvement.
std::string comparisonCellText(const analysis::ComparisonTable& table, std::size_t row, std::size_t column,
                               std::optional<bool>* better = nullptr);
// "1.75x" against the baseline, "baseline" for it, "n/a" when not comparable.
std::string throughputCellText(const analysis::ComparisonTable& table, std::size_t column);
// "5 runs against h200_naive (baseline)".
std::string comparisonTitle(const analysis::ComparisonTable& table);

}  // namespace feedscope::report
