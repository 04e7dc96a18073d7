// Sentences every report writer (text, Markdown, HTML) and the GUI say the same way: the prefetch
// prediction and where its pinned bandwidth comes from. One wording, so the formats never disagree.
#pragma once

#include <string>

#include "analysis/run_analysis.h"

namespace feedscope::io {

// "55.0 GB/s, assumed: PCIe Gen5 x16 (h200 class)" or "52.4 GB/s, pinned copies in this run".
std::string pinnedReferenceText(const analysis::WhatIf& w);
// "GPU work 11.8 ms · host work 4.45 ms · input copies 357 µs (55.0 GB/s, assumed: ...)".
std::string prefetchPathsText(const analysis::WhatIf& w);
// "11.8 ms per step (1.78x), bound by GPU work".
std::string prefetchResultText(const analysis::DeviceAnalysis& d);
// "prefetching would remove 43.90 % of the median step".
std::string inputBoundText(const analysis::DeviceAnalysis& d);

}  // namespace feedscope::io
