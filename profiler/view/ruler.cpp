// Ruler ticks and labels.
#include "view/ruler.h"

#include <cmath>
#include <cstdio>

namespace feedscope::view {
namespace {

// Labels this many steps or more away from zero would be long: count from a base instead.
constexpr double kRelativeLabelsAfterSteps = 10000;

struct Unit {
  double ns;
  const char* name;
};

// The largest unit the step is at least a tenth of: "1.5 ms" reads better than "1500 µs".
Unit unitFor(double step) {
  if (step >= 1e8) return {1e9, "s"};
  if (step >= 1e5) return {1e6, "ms"};
  if (step >= 1e2) return {1e3, "µs"};
  return {1, "ns"};
}

}  // namespace

double niceStep(double minStepNs) {
  if (!(minStepNs > 0)) return 1;
  double decade = std::pow(10.0, std::floor(std::log10(minStepNs)));
  for (double m : {1.0, 2.0, 5.0, 10.0}) {
    // A little tolerance so that 2.0000000001 x 10^k still picks 2, not 5.
    if (m * decade >= minStepNs * (1 - 1e-9)) return m * decade;
  }
  return 10 * decade;
}

std::string tickLabel(double t, double step) {
  Unit unit = unitFor(step);
  double value = t / unit.ns;
  double stepInUnit = step / unit.ns;
  int decimals = stepInUnit >= 1 ? 0 : static_cast<int>(std::ceil(-std::log10(stepInUnit) - 1e-9));
  // Round to the shown precision first so that "-0" never appears.
  double scale = std::pow(10.0, decimals);
  value = std::round(value * scale) / scale;
  if (value == 0) value = 0;
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f %s", decimals, value, unit.name);
  return buf;
}

std::string preciseTimeLabel(double t) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.9f s", std::round(t) / 1e9);
  return buf;
}

Ruler buildRuler(const Viewport& viewport, double minLabelSpacingPx) {
  Ruler ruler;
  ruler.step_ns = niceStep(minLabelSpacingPx * viewport.nsPerPx());
  TimeRange visible = viewport.visible();
  double first = std::ceil(visible.start / ruler.step_ns) * ruler.step_ns;
  double farthest = std::max(std::fabs(visible.start), std::fabs(visible.end));
  bool relative = farthest / ruler.step_ns >= kRelativeLabelsAfterSteps;
  if (relative) {
    ruler.base_ns = first;
    ruler.base_label = preciseTimeLabel(first);
  }
  // A 1 or 5 step divides into 5 minor ticks, a 2 step into 4.
  double mantissa = ruler.step_ns / std::pow(10.0, std::floor(std::log10(ruler.step_ns)));
  int minorPerStep = std::lround(mantissa) == 2 ? 4 : 5;
  double minorStep = ruler.step_ns / minorPerStep;
  for (int k = 0;; ++k) {
    double t = first + k * ruler.step_ns;
    if (t > visible.end) break;
    std::string label = relative ? (k == 0 ? "+0" : "+" + tickLabel(t - ruler.base_ns, ruler.step_ns))
                                 : tickLabel(t, ruler.step_ns);
    ruler.ticks.push_back({viewport.toPx(t), t, std::move(label)});
  }
  for (int k = 0;; ++k) {
    double t = first - ruler.step_ns + k * minorStep;
    if (t > visible.end) break;
    if (t < visible.start || k % minorPerStep == 0) continue;
    ruler.minor_x.push_back(viewport.toPx(t));
  }
  return ruler;
}

}  // namespace feedscope::view
