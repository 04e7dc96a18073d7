// Metric formatting.
#include "view/metric_text.h"

#include <cmath>
#include <cstdio>

#include "trace/units.h"

namespace feedscope::view {

using analysis::MetricUnit;

std::string formatMetricValue(MetricUnit unit, std::optional<double> value) {
  if (!value) return "n/a";
  char buf[64];
  switch (unit) {
    case MetricUnit::Nanoseconds:
      return trace::formatDuration(static_cast<trace::TimeNs>(std::llround(*value)));
    case MetricUnit::Percent:
      return trace::formatPct(*value);
    case MetricUnit::GBps:
      return trace::formatGbps(*value);
    case MetricUnit::PerSecond:
      std::snprintf(buf, sizeof buf, "%.2f/s", *value);
      return buf;
    case MetricUnit::Bytes:
      return trace::formatBytes(static_cast<std::uint64_t>(std::llround(*value)));
    case MetricUnit::Count:
      break;
  }
  std::snprintf(buf, sizeof buf, "%.0f", *value);
  return buf;
}

std::string formatMetricDelta(MetricUnit unit, std::optional<double> a, std::optional<double> b) {
  if (!a || !b) return {};
  double d = *b - *a;
  if (unit == MetricUnit::Percent) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%+.2f pt", d);
    return buf;
  }
  return (d >= 0 ? "+" : "-") + formatMetricValue(unit, std::fabs(d));
}

}  // namespace feedscope::view
