// Chart drawing on SvgCanvas.
#include "report/svg_chart.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>

#include "present/palette.h"
#include "report/svg_canvas.h"

namespace feedscope::report {

namespace {

const std::string kGridColor = present::hex(present::palette::kGrid);
const std::string kAxisColor = present::hex(present::palette::kAxis);

constexpr double kWidth = 640;
constexpr double kLeft = 70;
constexpr double kRight = kWidth - 30;
constexpr double kLegendY = 14;

// At most `maxBytes` bytes of `text`, cut on a UTF-8 character boundary, with an ellipsis when cut.
std::string shortened(std::string_view text, std::size_t maxBytes) {
  if (text.size() <= maxBytes) return std::string(text);
  std::size_t cut = maxBytes;
  while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
  return std::string(text.substr(0, cut)) + "…";
}

std::string tickLabel(const ChartAxis& axis, double v) {
  if (axis.format) return axis.format(v);
  if (std::fabs(v) >= 1e6 || (std::fabs(v) < 1e-2 && v != 0)) return fmt::format("{:.1e}", v);
  return v == std::round(v) ? fmt::format("{:.0f}", v) : fmt::format("{:.2g}", v);
}

// Maps data values to pixels along one axis.
struct Scale {
  double lo = 0, hi = 1;
  bool log = false;
  double from = 0, to = 1;  // pixels for lo and hi

  double operator()(double v) const {
    double a = log ? std::log10(lo) : lo;
    double b = log ? std::log10(hi) : hi;
    double t = log ? std::log10(v) : v;
    return b == a ? from : from + (t - a) / (b - a) * (to - from);
  }
  std::vector<double> ticks() const { return log ? logTicks(lo, hi) : niceTicks(lo, hi, 5); }
};

Scale scaleFor(double minValue, double maxValue, bool log, bool fromZero) {
  Scale s;
  s.log = log;
  if (log) {
    s.lo = std::pow(10.0, std::floor(std::log10(minValue)));
    s.hi = std::pow(10.0, std::ceil(std::log10(maxValue)));
    if (s.hi <= s.lo) s.hi = s.lo * 10;
    return s;
  }
  s.lo = fromZero ? std::min(0.0, minValue) : minValue;
  s.hi = maxValue;
  if (s.hi <= s.lo) s.hi = s.lo + (s.lo == 0 ? 1 : std::fabs(s.lo) * 0.1);
  if (fromZero) {
    // Round the top up to a tick so the highest value is not on the frame.
    auto ticks = niceTicks(s.lo, s.hi, 5);
    if (ticks.size() >= 2) {
      double step = ticks[1] - ticks[0];
      s.hi = std::ceil(s.hi / step - 1e-9) * step;
    }
  }
  return s;
}

void legend(SvgCanvas& svg, const std::vector<std::pair<std::string, std::string>>& entries) {
  double x = kLeft;
  for (const auto& [name, color] : entries) {
    std::string shown = shortened(name, 40);
    svg.rect(x, kLegendY - 9, 10, 10, color);
    svg.text(x + 14, kLegendY, shown, TextAnchor::Start, 11);
    x += 26 + 6.2 * static_cast<double>(shown.size());
    if (x > kRight - 40) break;
  }
}

void noData(SvgCanvas& svg, double top, double bottom) {
  svg.text((kLeft + kRight) / 2, (top + bottom) / 2, "no data", TextAnchor::Middle, 13);
}

void yAxis(SvgCanvas& svg, const Scale& y, const ChartAxis& axis, double top, double bottom) {
  for (double t : y.ticks()) {
    double py = y(t);
    svg.line(kLeft, py, kRight, py, kGridColor);
    svg.text(kLeft - 6, py + 4, tickLabel(axis, t), TextAnchor::End, 10);
  }
  svg.line(kLeft, top, kLeft, bottom, kAxisColor);
  svg.verticalText(14, (top + bottom) / 2, axis.label, 10);
}

}  // namespace

std::string svgXYChart(std::string_view label, const std::vector<ChartSeries>& series, const ChartAxis& xAxis,
                       const ChartAxis& yAxisSpec) {
  constexpr double kHeight = 300, kTop = 34, kBottom = kHeight - 46;
  SvgCanvas svg(kWidth, kHeight, label);
  double minX = std::numeric_limits<double>::infinity(), maxX = -minX, minY = minX, maxY = -minX;
  auto usable = [&](const ChartPoint& p) {
    return std::isfinite(p.x) && std::isfinite(p.y) && (!xAxis.log || p.x > 0) && (!yAxisSpec.log || p.y > 0);
  };
  for (const auto& s : series) {
    for (const auto& p : s.points) {
      if (!usable(p)) continue;
      minX = std::min(minX, p.x), maxX = std::max(maxX, p.x);
      minY = std::min(minY, p.y), maxY = std::max(maxY, p.y);
    }
  }
  std::vector<std::pair<std::string, std::string>> entries;
  for (const auto& s : series) entries.emplace_back(s.name, s.color);
  legend(svg, entries);
  if (!std::isfinite(minX)) {
    noData(svg, kTop, kBottom);
    return svg.finish();
  }
  Scale x = scaleFor(minX, maxX, xAxis.log, false);
  Scale y = scaleFor(minY, maxY, yAxisSpec.log, true);
  x.from = kLeft + 8, x.to = kRight - 8;
  y.from = kBottom, y.to = kTop;
  yAxis(svg, y, yAxisSpec, kTop, kBottom);
  for (double t : x.ticks()) {
    if (t < x.lo - 1e-9 || t > x.hi + 1e-9) continue;
    svg.line(x(t), kBottom, x(t), kBottom + 4, kAxisColor);
    svg.text(x(t), kBottom + 16, tickLabel(xAxis, t), TextAnchor::Middle, 10);
  }
  svg.line(kLeft, kBottom, kRight, kBottom, kAxisColor);
  svg.text((kLeft + kRight) / 2, kHeight - 8, xAxis.label, TextAnchor::Middle, 10);

  for (const auto& s : series) {
    std::vector<std::pair<double, double>> line;
    std::set<std::pair<long, long>> drawn;
    for (const auto& p : s.points) {
      if (!usable(p)) continue;
      double px = x(p.x), py = y(p.y);
      line.emplace_back(px, py);
      if (!drawn.insert({std::lround(px), std::lround(py)}).second) continue;
      if (s.square) {
        svg.rect(px - 2.5, py - 2.5, 5, 5, s.color, p.tooltip);
      } else {
        svg.circle(px, py, s.line ? 2.5 : 2, s.color, p.tooltip);
      }
    }
    if (s.line) svg.polyline(line, s.color, 1.5);
  }
  return svg.finish();
}

std::string svgStackedBars(std::string_view label, const std::vector<StackedBar>& bars,
                           const ChartAxis& xAxis) {
  constexpr double kBarHeight = 22, kBarGap = 14, kTop = 34, kLabelRight = 150;
  const double height =
      kTop + static_cast<double>(std::max<std::size_t>(bars.size(), 1)) * (kBarHeight + kBarGap) + 40;
  const double bottom = height - 40;
  SvgCanvas svg(kWidth, height, label);
  std::vector<std::pair<std::string, std::string>> entries;
  double maxTotal = 0;
  for (const auto& bar : bars) {
    double total = 0;
    for (const auto& seg : bar.segments) {
      total += std::max(0.0, seg.value);
      bool known =
          std::any_of(entries.begin(), entries.end(), [&](const auto& e) { return e.first == seg.name; });
      if (!known) entries.emplace_back(seg.name, seg.color);
    }
    maxTotal = std::max(maxTotal, total);
  }
  legend(svg, entries);
  if (bars.empty() || maxTotal <= 0) {
    noData(svg, kTop, bottom);
    return svg.finish();
  }
  Scale x = scaleFor(0, maxTotal, false, true);
  x.from = kLabelRight, x.to = kRight;
  for (double t : x.ticks()) {
    svg.line(x(t), kTop, x(t), bottom, kGridColor);
    svg.text(x(t), bottom + 16, tickLabel(xAxis, t), TextAnchor::Middle, 10);
  }
  svg.line(kLabelRight, bottom, kRight, bottom, kAxisColor);
  svg.text((kLabelRight + kRight) / 2, height - 8, xAxis.label, TextAnchor::Middle, 10);
  double top = kTop + kBarGap / 2;
  for (const auto& bar : bars) {
    svg.text(kLabelRight - 8, top + kBarHeight / 2 + 4, shortened(bar.label, 24), TextAnchor::End, 11);
    double at = 0;
    for (const auto& seg : bar.segments) {
      if (seg.value <= 0) continue;
      std::string valueText = xAxis.format ? xAxis.format(seg.value) : fmt::format("{:.3g}", seg.value);
      svg.rect(x(at), top, x(at + seg.value) - x(at), kBarHeight, seg.color,
               bar.label + " · " + seg.name + ": " + valueText);
      at += seg.value;
    }
    top += kBarHeight + kBarGap;
  }
  return svg.finish();
}

std::string svgGroupedBars(std::string_view label, const std::vector<std::string>& categories,
                           std::string_view categoryAxisLabel, const std::vector<ChartSeries>& series,
                           const ChartAxis& yAxisSpec) {
  constexpr double kHeight = 300, kTop = 34, kBottom = kHeight - 46;
  SvgCanvas svg(kWidth, kHeight, label);
  std::vector<std::pair<std::string, std::string>> entries;
  double maxY = 0;
  for (const auto& s : series) {
    entries.emplace_back(s.name, s.color);
    for (const auto& p : s.points) maxY = std::max(maxY, p.y);
  }
  legend(svg, entries);
  if (categories.empty() || series.empty() || maxY <= 0) {
    noData(svg, kTop, kBottom);
    return svg.finish();
  }
  Scale y = scaleFor(0, maxY, false, true);
  y.from = kBottom, y.to = kTop;
  yAxis(svg, y, yAxisSpec, kTop, kBottom);
  const double categoryWidth = (kRight - kLeft) / static_cast<double>(categories.size());
  const double barWidth = categoryWidth * 0.8 / static_cast<double>(series.size());
  std::size_t longestLabel = 1;
  for (const auto& c : categories) longestLabel = std::max(longestLabel, c.size());
  // Shrink the category labels until the longest fits its column (about 0.6 em per character).
  const double labelSize = std::clamp(categoryWidth / (0.6 * static_cast<double>(longestLabel)), 7.0, 10.0);
  for (std::size_t k = 0; k < categories.size(); ++k) {
    double left = kLeft + static_cast<double>(k) * categoryWidth + categoryWidth * 0.1;
    svg.text(left + categoryWidth * 0.4, kBottom + 14, categories[k], TextAnchor::Middle, labelSize);
    for (std::size_t s = 0; s < series.size(); ++s) {
      if (k >= series[s].points.size() || series[s].points[k].y <= 0) continue;
      const ChartPoint& p = series[s].points[k];
      double top = y(p.y);
      svg.rect(left + static_cast<double>(s) * barWidth, top, barWidth, kBottom - top, series[s].color,
               p.tooltip.empty() ? series[s].name + " · " + categories[k] : p.tooltip);
    }
  }
  svg.line(kLeft, kBottom, kRight, kBottom, kAxisColor);
  svg.text((kLeft + kRight) / 2, kHeight - 8, categoryAxisLabel, TextAnchor::Middle, 10);
  return svg.finish();
}

}  // namespace feedscope::report
