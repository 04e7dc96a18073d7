// One step of an A/B lane (docs/gui.md, "A/B is built in"): the compute idle time of a run's step and
// of the baseline run's step of the same index. A typed column of its own beside the lane's interval
// columns, so that the signed difference is never squeezed into another field.
#pragma once

#include "analysis/comparison.h"
#include "trace/types.h"

namespace feedscope::view {

struct IdleStep {
  trace::TimeNs idle = 0;
  trace::TimeNs baseline_idle = 0;

  trace::TimeNs difference() const { return idle - baseline_idle; }
  // The figure as the comparisons see it (baseline as A, this run as B), so that the lane calls a
  // change noise by the same rule as the compare table (analysis::MetricDelta::withinNoise).
  analysis::MetricDelta asDelta() const {
    analysis::MetricDelta m;
    m.key = "step_idle_ns";
    m.label = "step idle";
    m.unit = analysis::MetricUnit::Nanoseconds;
    m.a = static_cast<double>(baseline_idle);
    m.b = static_cast<double>(idle);
    return m;
  }
  bool withinNoise() const { return asDelta().withinNoise(); }
};

}  // namespace feedscope::view
