// Figures of the metric rows as text, the same way the CLI's reports print them.
#pragma once

#include <optional>
#include <string>

#include "analysis/comparison.h"

namespace feedscope::view {

// "21.0 ms", "45.06 %", "52.3 GB/s", "47.51/s", "32"; "n/a" without a value.
std::string formatMetricValue(analysis::MetricUnit unit, std::optional<double> value);
// B - A: "-29.11 pt" for shares, "-9.12 ms", "+32"; empty when either side is missing.
std::string formatMetricDelta(analysis::MetricUnit unit, std::optional<double> a, std::optional<double> b);

}  // namespace feedscope::view
