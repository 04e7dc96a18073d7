// The time ruler above the lanes: tick positions on a 1-2-5 ladder and labels in readable units.
#pragma once

#include <string>
#include <vector>

#include "view/viewport.h"

namespace feedscope::view {

struct RulerTick {
  double x = 0;        // pixels from the left edge of the lanes
  double time_ns = 0;  // display time
  std::string label;   // "12 ms", "+1.5 µs" (relative to the base when there is one)
};

struct Ruler {
  double step_ns = 0;  // between labelled ticks
  std::vector<RulerTick> ticks;
  std::vector<double> minor_x;  // unlabelled ticks between them
  // Far from the origin at a fine zoom, labels count from the first tick and this says where it is
  // ("1.234567890 s"); empty when labels are plain display times.
  std::string base_label;
  double base_ns = 0;
};

// The smallest step of the 1-2-5 ladder (…, 0.5, 1, 2, 5, 10, …) that is at least `minStepNs`.
double niceStep(double minStepNs);
// `t` in the unit that suits `step`, with just the decimals the step needs: "1.5 ms", "120 µs", "-5 ns".
std::string tickLabel(double t, double step);
// A display time with nanosecond precision in seconds, for the ruler's base: "1.234567890 s".
std::string preciseTimeLabel(double t);

// Labelled ticks at least `minLabelSpacingPx` apart across the visible window.
Ruler buildRuler(const Viewport& viewport, double minLabelSpacingPx = 90);

}  // namespace feedscope::view
