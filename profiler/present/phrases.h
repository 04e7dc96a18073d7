// The sentences every report writer (text, Markdown, HTML) and the GUI say the same way: the verdict,
// the prefetch prediction and where its pinned bandwidth comes from, the run's headline, the cells of
// the comparison table. One wording, so the formats never disagree.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/comparison_table.h"
#include "analysis/run_analysis.h"

namespace feedscope::present {

// "highly input-bound", "moderately input-bound", "not input-bound", "cannot tell whether input is the
// cause", "no input path".
std::string_view verdictSentence(analysis::InputBoundVerdict verdict);
// "prefetching would remove 43.90 % of the median step".
std::string inputBoundText(const analysis::DeviceAnalysis& d);
// The verdict with what it rests on: "highly input-bound (prefetching would remove 43.90 % of the
// median step)", "cannot tell whether input is the cause: the trace has no host activity ...", "no
// input path: ... (an inference or serving trace: ...)".
std::string verdictLine(const analysis::DeviceAnalysis& d);
// "without the synchronisations in the step: 20.0 ms per step (25.50x), bound by GPU work"; "" when
// the what-if is not offered (no synchronisation drained the GPU enough to matter).
std::string withoutSyncText(const analysis::DeviceAnalysis& d);
// "55.0 GB/s, assumed: PCIe Gen5 x16 (h200 class)" or "52.4 GB/s, pinned copies in this run".
std::string pinnedReferenceText(const analysis::WhatIf& w);
// "GPU work 11.8 ms · host work 4.45 ms · input copies 357 µs (55.0 GB/s, assumed: ...)".
std::string prefetchPathsText(const analysis::WhatIf& w);
// "11.8 ms per step (1.78x), bound by GPU work".
std::string prefetchResultText(const analysis::DeviceAnalysis& d);

// What the host side of a run without GPU work shows: "7 steps, median 12.3 ms (81.3 steps/s); 7 data-
// loading ranges, 45.2 ms in all (median 6.10 ms, 52.30 % of the steps)".
std::string hostSummaryText(const analysis::HostSummary& host);

// One line that says how starved a run was and why, with the prediction: "starved 45.06 % of the GPU
// window (copy wait 18.51 %, host wait 26.08 %, other 0.48 %) · highly input-bound · 16 steps, median
// 21.0 ms · prefetched 11.8 ms (1.83x), bound by GPU work". The GUI's run header and the HTML
// report's headline.
std::string runHeadline(const analysis::RunAnalysis& run);

// The rows every report shows under "host: other": the five largest host ranges by name (backquoted),
// the rest summed ("3 other ranges"), then "unnamed"; their times add up to "host: other". Empty when
// no range names any of it.
struct HostOtherRow {
  std::string label;
  trace::TimeNs ns = 0;
};
inline constexpr std::size_t kHostRangesNamed = 5;
std::vector<HostOtherRow> hostOtherRows(const analysis::HostWaitByName& names);

// What a finding costs, in the one unit findings share (docs/metrics.md, "Findings partition the
// starvation"): a root "costs 64.1 ms of GPU idle time (18.13 % of the GPU window)", a part "64.1 ms of
// it"; with "; host blocked 88.2 ms" when it also holds the host. "no GPU idle time" for none.
std::string findingCostText(const analysis::Finding& f);
// "of which" before a part's title; nothing before a root's.
std::string_view findingPrefix(const analysis::Finding& f);
// The starvation no root finding explains: "unexplained: 1.46 ms (0.41 % of the GPU window)".
std::string unexplainedText(const analysis::DeviceAnalysis& d);

// One cell of the comparison table: the value, and for a column that is not the baseline its change
// in brackets ("12.0 ms (-9.01 ms)"). `better` receives whether the change is an improvement beyond
// noise (nullopt: equal, within noise or not comparable).
std::string comparisonCellText(const analysis::ComparisonTable& table, std::size_t row, std::size_t column,
                               std::optional<bool>* better = nullptr);
// "1.75x" against the baseline, "baseline" for it, "n/a" when not comparable.
std::string throughputCellText(const analysis::ComparisonTable& table, std::size_t column);
// "5 runs against h200_naive (baseline)".
std::string comparisonTitle(const analysis::ComparisonTable& table);

}  // namespace feedscope::present
