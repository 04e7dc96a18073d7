// The HTML report's charts as inline SVG: an x/y chart (lines or dots, linear or log axes),
// horizontal stacked bars and grouped vertical bars, each with axes, ticks and a legend.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace feedscope::report {

struct ChartAxis {
  std::string label;
  bool log = false;                           // log10 scale (values must be > 0; others are left out)
  std::function<std::string(double)> format;  // tick labels; plain numbers when empty
};

struct ChartPoint {
  double x = 0;
  double y = 0;
  std::string tooltip;
};

struct ChartSeries {
  std::string name;  // legend entry (escaped when drawn)
  std::string color;
  std::vector<ChartPoint> points;
  bool line = true;     // join the points; otherwise dots only
  bool square = false;  // dots drawn as squares (the GUI's habit for pageable copies), else circles
};

// Points sharing one pixel of a series are drawn once: a chart of 100,000 copies stays small.
std::string svgXYChart(std::string_view label, const std::vector<ChartSeries>& series, const ChartAxis& x,
                       const ChartAxis& y);

struct BarSegment {
  std::string name;
  std::string color;
  double value = 0;
};

struct StackedBar {
  std::string label;  // left of the bar
  std::vector<BarSegment> segments;
};

// One horizontal bar per entry, segments left to right, on a shared x axis from 0.
std::string svgStackedBars(std::string_view label, const std::vector<StackedBar>& bars, const ChartAxis& x);

// Vertical bars: for each category, one bar per series side by side (series[i].points[k].y is the
// value of category k; x is ignored).
std::string svgGroupedBars(std::string_view label, const std::vector<std::string>& categories,
                           std::string_view categoryAxisLabel, const std::vector<ChartSeries>& series,
                           const ChartAxis& y);

}  // namespace feedscope::report
