// Selection metrics.
#include "view/range_metrics.h"

#include <cstdio>

#include "present/numbers.h"
#include "trace/units.h"

namespace feedscope::view {

std::vector<RangeFigures> measureRange(const TimelineModel& model, TimeRange range,
                                       const analysis::AnalysisOptions& options) {
  std::vector<RangeFigures> out;
  if (range.empty()) return out;
  for (std::size_t r = 0; r < model.runs().size(); ++r) {
    const auto* analysis = model.runs()[r].input.analysis;
    if (analysis == nullptr) continue;
    analysis::Span window{model.toRunClock(r, range.start), model.toRunClock(r, range.end)};
    if (window.length() <= 0) continue;
    for (const auto& d : analysis->devices) {
      out.push_back({r, d.device, analysis::measureWindow(d.timeline, window, options)});
    }
  }
  return out;
}

Description describeRange(const TimelineModel& model, TimeRange range,
                          const analysis::AnalysisOptions& options) {
  Description d;
  d.title = "Selection " + present::formatOffset(range.start) + " … " + present::formatOffset(range.end) +
            " (" + trace::formatDuration(static_cast<trace::TimeNs>(range.length())) + ")";
  for (const RangeFigures& f : measureRange(model, range, options)) {
    const auto& m = f.metrics;
    char buf[512];
    std::snprintf(
        buf, sizeof buf,
        "compute %.1f %% · starved %.1f %% (copy wait %.1f %%, host wait %.1f %%, other %.1f %%) · copy only "
        "%.1f %% · %llu kernels, %llu H2D copies (%llu pageable)",
        m.computeBusyPct(), m.starvationPct(), m.pct(m.gaps.copyWait()), m.pct(m.gaps.hostWait()),
        m.pct(m.gaps[analysis::GapCause::DependencyOther]), m.copyOnlyPct(),
        static_cast<unsigned long long>(m.kernel_count), static_cast<unsigned long long>(m.h2d.count),
        static_cast<unsigned long long>(m.h2d.pageable_count));
    d.fields.push_back({model.runs()[f.run].name + " · GPU " + std::to_string(f.device), buf});
  }
  if (d.fields.empty()) d.fields.push_back({"GPU", "no run has GPU work in this range"});
  return d;
}

}  // namespace feedscope::view
