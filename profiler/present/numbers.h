// How a figure is written wherever a user reads it (reports, the GUI's tables, headers and
// tooltips): one rounding rule — to the nearest unit shown — on top of trace/units.h's three
// significant digits.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "analysis/comparison.h"
#include "trace/types.h"

namespace feedscope::present {

// "21.0 ms", "45.06 %", "52.3 GB/s", "47.51/s", "300 MiB", "32"; "n/a" without a value.
std::string formatMetricValue(analysis::MetricUnit unit, std::optional<double> value);
// B − A: "+1.20 pt" for shares, "−9.12 ms", "+32" otherwise; "n/a" when either side is missing.
std::string formatMetricChange(analysis::MetricUnit unit, std::optional<double> a, std::optional<double> b);
// A metric row's value and change.
std::string formatMetricValue(const analysis::MetricDelta& metric, std::optional<double> value);
std::string formatMetricChange(const analysis::MetricDelta& metric);

// The same change with a leading "-" written as U+2212 "−", as the GUI shows changes: in a
// proportional font a hyphen is narrower than "+" and a column of changes no longer lines up.
std::string withMinusSign(std::string change);

// "+12.35 ms" (or "-…") of `t` from `origin`: how every report writes a time of the run.
std::string relativeTime(trace::TimeNs t, trace::TimeNs origin);
// An offset from the run's display origin with nanosecond precision: "+12.345678 ms", "-3.250 µs".
std::string formatOffset(double displayNs);
// 1284 -> "1,284".
std::string withThousands(std::uint64_t n);
// `part` as a share of `whole`: "45.06 %" ("0.00 %" for an empty whole).
std::string shareText(trace::TimeNs part, trace::TimeNs whole);

}  // namespace feedscope::present
