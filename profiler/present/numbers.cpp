// Figure formatting.
#include "present/numbers.h"

#include <fmt/format.h>

#include <cmath>
#include <cstdio>

#include "trace/units.h"

namespace feedscope::present {

using analysis::MetricUnit;

std::string formatMetricValue(MetricUnit unit, std::optional<double> value) {
  if (!value) return "n/a";
  switch (unit) {
    case MetricUnit::Nanoseconds:
      return trace::formatDuration(static_cast<trace::TimeNs>(std::llround(*value)));
    case MetricUnit::Percent:
      return trace::formatPct(*value);
    case MetricUnit::GBps:
      return trace::formatGbps(*value);
    case MetricUnit::PerSecond:
      return fmt::format("{:.2f}/s", *value);
    case MetricUnit::Bytes:
      return trace::formatBytes(static_cast<std::uint64_t>(std::llround(std::fabs(*value))));
    case MetricUnit::Count:
      break;
  }
  return fmt::format("{:.0f}", *value);
}

std::string formatMetricChange(MetricUnit unit, std::optional<double> a, std::optional<double> b) {
  if (!a || !b) return "n/a";
  const double d = *b - *a;
  if (unit == MetricUnit::Percent) return fmt::format("{:+.2f} pt", d);
  const std::string magnitude = formatMetricValue(unit, std::fabs(d));
  return (d < 0 && magnitude != formatMetricValue(unit, 0.0) ? "-" : "+") + magnitude;
}

std::string formatMetricValue(const analysis::MetricDelta& metric, std::optional<double> value) {
  return formatMetricValue(metric.unit, value);
}

std::string formatMetricChange(const analysis::MetricDelta& metric) {
  return formatMetricChange(metric.unit, metric.a, metric.b);
}

std::string relativeTime(trace::TimeNs t, trace::TimeNs origin) {
  return (t >= origin ? "+" : "-") + trace::formatDuration(t >= origin ? t - origin : origin - t);
}

std::string formatOffset(double displayNs) {
  const char* sign = displayNs < 0 ? "-" : "+";
  const double a = std::fabs(displayNs);
  if (a < 1e6) return fmt::format("{}{:.3f} µs", sign, a / 1e3);
  return fmt::format("{}{:.6f} ms", sign, a / 1e6);
}

std::string withThousands(std::uint64_t n) {
  const std::string digits = std::to_string(n);
  std::string out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

std::string shareText(trace::TimeNs part, trace::TimeNs whole) {
  return trace::formatPct(whole > 0 ? 100.0 * static_cast<double>(part) / static_cast<double>(whole) : 0.0);
}

std::string withMinusSign(std::string change) {
  if (!change.empty() && change.front() == '-') change.replace(0, 1, "\u2212");
  return change;
}

}  // namespace feedscope::present
