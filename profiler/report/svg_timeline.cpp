// Timeline strip drawing.
#include "report/svg_timeline.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "present/causes.h"
#include "present/palette.h"
#include "report/svg_canvas.h"
#include "trace/units.h"

namespace feedscope::report {

namespace {

constexpr double kLabelWidth = 200;
constexpr double kRightMargin = 12;
constexpr double kStepLaneHeight = 14;
constexpr double kLaneHeight = 18;
constexpr double kLaneGap = 5;
constexpr double kStarvationHeight = 30;

// Pixel height of a busy fraction: anything non-zero is at least one pixel (Nsight's row height).
double heightOf(double fraction, double laneHeight) {
  if (fraction <= 0) return 0;
  return std::max(1.0, std::round(fraction * laneHeight * 2) / 2);
}

// A filled step outline over the columns whose height is non-zero, as one SVG path: long runs of
// equal height cost one command, so dense lanes stay small.
std::string areaPath(const std::vector<double>& fractions, double left, double baseline, double laneHeight) {
  std::string d;
  double previous = 0;
  for (std::size_t i = 0; i <= fractions.size(); ++i) {
    double h = i < fractions.size() ? heightOf(fractions[i], laneHeight) : 0;
    double x = left + static_cast<double>(i);
    if (h != previous) {
      if (previous == 0) {
        d += "M" + svgNumber(x) + " " + svgNumber(baseline);
      } else {
        d += "H" + svgNumber(x);
      }
      d += "V" + svgNumber(baseline - h);
      if (h == 0) d += "Z";
      previous = h;
    }
  }
  return d;
}

}  // namespace

std::string svgTimelineStrip(const TimelineStrip& strip, std::string_view label, std::string_view idPrefix) {
  const double columns = static_cast<double>(strip.columns);
  const double width = kLabelWidth + columns + kRightMargin;
  const bool hasSteps = !strip.steps.empty();
  double y = 4;
  const double stepTop = y;
  if (hasSteps) y += kStepLaneHeight + kLaneGap;
  const double lanesTop = y;
  y += static_cast<double>(strip.lanes.size()) * (kLaneHeight + kLaneGap);
  const double starvationTop = y;
  y += kStarvationHeight;
  const double axisY = y + 2;
  const double legendY = axisY + 34;
  const double height = legendY + 8;
  SvgCanvas svg(width, height, label);
  const std::string hatchId = std::string(idPrefix) + "-pageable";
  svg.defs(fmt::format(
      "<pattern id=\"{}\" width=\"4\" height=\"4\" patternUnits=\"userSpaceOnUse\" "
      "patternTransform=\"rotate(45)\">"
      "<rect width=\"4\" height=\"4\" fill=\"{}\"/><rect width=\"2\" height=\"4\" fill=\"{}\"/></pattern>",
      hatchId, present::hex(present::peakShade(present::palette::kH2dPageable)),
      present::hex(present::palette::kH2dPageable)));

  const double left = kLabelWidth;
  const double windowNs = static_cast<double>(strip.window.length());
  auto xOf = [&](analysis::TimeNs t) {
    double clamped = std::clamp(static_cast<double>(t - strip.window.start), 0.0, windowNs);
    return left + (windowNs > 0 ? clamped / windowNs * columns : 0);
  };

  if (hasSteps) {
    svg.text(left - 8, stepTop + kStepLaneHeight - 3, "steps", TextAnchor::End, 11);
    for (std::size_t i = 0; i < strip.steps.size(); ++i) {
      const StripStep& s = strip.steps[i];
      double x0 = xOf(s.span.start), x1 = xOf(s.span.end);
      svg.rect(x0, stepTop, std::max(1.0, x1 - x0), kStepLaneHeight,
               s.number % 2 == 0 ? "#d9d9d9" : "#ececec",
               fmt::format("step {}: {}", s.number, trace::formatDuration(s.span.length())));
      if (x1 - x0 >= 22) {
        svg.text((x0 + x1) / 2, stepTop + kStepLaneHeight - 3, std::to_string(s.number), TextAnchor::Middle,
                 9);
      }
    }
  }

  double laneTop = lanesTop;
  for (const StripLane& lane : strip.lanes) {
    double baseline = laneTop + kLaneHeight;
    svg.rect(left, laneTop, columns, kLaneHeight, present::hex(present::palette::kLaneBackground));
    svg.path(areaPath(lane.peak, left, baseline, kLaneHeight), present::hex(present::peakShade(lane.color)));
    svg.path(areaPath(lane.average, left, baseline, kLaneHeight), present::hex(lane.color));
    if (!lane.pageable.empty())
      svg.path(areaPath(lane.pageable, left, baseline, kLaneHeight), "url(#" + hatchId + ")");
    svg.text(left - 8, baseline - 4,
             fmt::format("{} ({})", lane.label, trace::formatPct(lane.busy_fraction * 100)), TextAnchor::End,
             11);
    laneTop += kLaneHeight + kLaneGap;
  }

  // Starvation: stacked by cause in report order, drawn from the largest cumulative share down so
  // each cause shows as its own band.
  const double baseline = starvationTop + kStarvationHeight;
  svg.rect(left, starvationTop, columns, kStarvationHeight, present::hex(present::palette::kLaneBackground));
  std::vector<double> cumulative(strip.columns, 0.0);
  std::array<std::vector<double>, analysis::kGapCauseCount> stacked;
  std::array<bool, analysis::kGapCauseCount> present{};
  double starvedTotal = 0;
  for (std::size_t c = 0; c < stacked.size(); ++c) {
    for (std::size_t i = 0; i < strip.columns && i < strip.starvation[c].size(); ++i) {
      cumulative[i] += strip.starvation[c][i];
      present[c] = present[c] || strip.starvation[c][i] > 0;
      starvedTotal += strip.starvation[c][i];
    }
    stacked[c] = cumulative;
  }
  for (std::size_t c = stacked.size(); c-- > 0;) {
    if (present[c]) {
      svg.path(areaPath(stacked[c], left, baseline, kStarvationHeight),
               present::hex(present::causeColor(static_cast<analysis::GapCause>(c))));
    }
  }
  svg.text(left - 8, baseline - 8,
           fmt::format("starvation ({})", trace::formatPct(columns > 0 ? starvedTotal / columns * 100 : 0)),
           TextAnchor::End, 11, true);

  svg.line(left, axisY, left + columns, axisY, present::hex(present::palette::kAxis));
  for (double t : niceTicks(0, windowNs, 8)) {
    double x = left + (windowNs > 0 ? t / windowNs * columns : 0);
    svg.line(x, axisY, x, axisY + 4, present::hex(present::palette::kAxis));
    svg.text(x, axisY + 16, "+" + trace::formatDuration(static_cast<analysis::TimeNs>(std::llround(t))),
             TextAnchor::Middle, 10);
  }

  double legendX = left;
  for (std::size_t c = 0; c < present.size(); ++c) {
    if (!present[c]) continue;
    auto cause = static_cast<analysis::GapCause>(c);
    svg.rect(legendX, legendY - 9, 10, 10, present::hex(present::causeColor(cause)));
    std::string name(present::causeLabel(cause));
    svg.text(legendX + 14, legendY, name, TextAnchor::Start, 10);
    legendX += 24 + 5.6 * static_cast<double>(name.size());
  }
  bool anyPageable = std::any_of(strip.lanes.begin(), strip.lanes.end(), [](const StripLane& l) {
    return std::any_of(l.pageable.begin(), l.pageable.end(), [](double v) { return v > 0; });
  });
  if (anyPageable) {
    svg.rect(legendX, legendY - 9, 10, 10, "url(#" + hatchId + ")");
    svg.text(legendX + 14, legendY, "pageable H2D copy", TextAnchor::Start, 10);
  }
  return svg.finish();
}

}  // namespace feedscope::report
